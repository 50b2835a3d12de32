package memreftollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the finalize-memref-to-llvm pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "finalize-memref-to-llvm", New: New, Lowers: llvmcommon.Lowers(Patterns)}

func init() { pass.Register(Pass) }

// New returns the finalize-memref-to-llvm pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "finalize-memref-to-llvm", Name: "FinalizeMemRefToLLVMConversionPass", Summary: "Finalize MemRef dialect to LLVM dialect conversion", OpName: "builtin.module"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}
