package deadvalues

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the remove-dead-values pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "remove-dead-values", New: New}

func init() { pass.Register(Pass) }

// New returns the remove-dead-values pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "remove-dead-values", Name: "RemoveDeadValues", Summary: "Remove dead values"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			changed, err := Run(op)
			if err != nil {
				return st.EmitError(op, err.Error())
			}
			if !changed {
				st.MarkAllPreserved()
			}
			return nil
		},
	}
}
