package mathtollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the convert-math-to-llvm pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "convert-math-to-llvm", New: New, Lowers: llvmcommon.Lowers(Patterns)}

func init() { pass.Register(Pass) }

// New returns the convert-math-to-llvm pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "convert-math-to-llvm", Name: "ConvertMathToLLVMPass", Summary: "Convert Math dialect to LLVM dialect"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}
