package vectortollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
)

// Pass registers the convert-vector-to-llvm pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "convert-vector-to-llvm", New: New,
	Lowers: llvmcommon.Lowers(func(tc *rewrite.TypeConverter) []rewrite.ConversionPattern { return (&lowering{tc: tc}).patterns() })}

func init() { pass.Register(Pass) }

// New returns the convert-vector-to-llvm pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "convert-vector-to-llvm", Name: "ConvertVectorToLLVMPass", Summary: "Lower the operations from the vector dialect into the LLVM dialect"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}
