package expandstrided

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the expand-strided-metadata pass (imported packages
// register their passes in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "expand-strided-metadata", New: New}

func init() { pass.Register(Pass) }

// New returns the expand-strided-metadata pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "expand-strided-metadata", Name: "ExpandStridedMetadataPass", Summary: "Expand memref operations into easier to analyze constructs"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}
