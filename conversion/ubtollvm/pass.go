package ubtollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the convert-ub-to-llvm pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "convert-ub-to-llvm", New: New, Lowers: llvmcommon.Lowers(Patterns)}

func init() { pass.Register(Pass) }

// New returns the convert-ub-to-llvm pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "convert-ub-to-llvm", Name: "UBToLLVMConversionPass", Summary: "Convert UB dialect to LLVM dialect"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}
