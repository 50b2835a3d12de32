package sccp

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the sccp pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "sccp", New: New}

func init() { pass.Register(Pass) }

// New returns the sccp pass (sparse conditional constant propagation).
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "sccp", Name: "SCCP", Summary: "Sparse Conditional Constant Propagation"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			if Run(st.Context(), op) == 0 {
				st.MarkAllPreserved()
			}
			return nil
		},
	}
}
