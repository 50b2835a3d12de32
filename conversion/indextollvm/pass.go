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

type indexPass struct {
	pass.FuncPass
	indexBitwidth *int64
}

// New returns the convert-index-to-llvm pass.
func New() pass.Pass {
	p := &indexPass{}
	p.FuncPass = pass.FuncPass{
		Info: pass.Info{Argument: "convert-index-to-llvm", Name: "ConvertIndexToLLVMPass", Summary: "Lower the `index` dialect to the `llvm` dialect."},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			if *p.indexBitwidth != 0 && *p.indexBitwidth != llvmcommon.IndexBitwidth {
				return st.EmitError(op, "index-bitwidth other than 64 is not supported")
			}
			return Run(st.Context(), op)
		},
	}
	p.indexBitwidth = p.Options.Int("index-bitwidth", 0, "Bitwidth of the index type, 0 to use size of machine word")
	return p
}
