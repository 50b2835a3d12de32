package indextollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the convert-index-to-llvm pass (imported packages
// register their passes in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "convert-index-to-llvm", New: New, Lowers: llvmcommon.Lowers(Patterns)}

func init() { pass.Register(Pass) }

// New returns the convert-index-to-llvm pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "convert-index-to-llvm", Name: "ConvertIndexToLLVMPass", Summary: "Lower the `index` dialect to the `llvm` dialect."},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}
