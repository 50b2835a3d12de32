package cftollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the convert-cf-to-llvm pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "convert-cf-to-llvm", New: New, Lowers: llvmcommon.Lowers(Patterns)}

func init() { pass.Register(Pass) }

// New returns the convert-cf-to-llvm pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "convert-cf-to-llvm", Name: "ConvertControlFlowToLLVMPass", Summary: "Convert ControlFlow operations to the LLVM dialect", OpName: "builtin.module"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}
