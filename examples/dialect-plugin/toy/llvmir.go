package toy

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/targets/llvmir"
)

// translation is the toy dialect's llvmir.DialectTranslation: toy.fma
// becomes a call of llvm.fma.f32.
type translation struct{}

// ConvertOperation implements llvmir.DialectTranslation.
func (translation) ConvertOperation(op *ir.Operation, b *llvm.Block, mt *llvmir.ModuleTranslation) error {
	if _, ok := AsFmaOp(op); !ok {
		return ir.NewError(op.Loc(), "'"+op.Name()+"' has no translation to LLVM IR")
	}
	args, err := mt.LookupOperands(op)
	if err != nil {
		return err
	}
	f := mt.DeclareIntrinsic("llvm.fma.f32", types.Float, types.Float, types.Float, types.Float)
	mt.MapValue(op.Result(0), b.NewCall(f, args...))
	return nil
}

func init() { llvmir.RegisterDialectTranslation("toy", translation{}) }
