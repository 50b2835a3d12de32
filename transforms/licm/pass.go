package licm

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the loop-invariant-code-motion pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "loop-invariant-code-motion", New: New}

func init() { pass.Register(Pass) }

// New returns the loop-invariant-code-motion pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "loop-invariant-code-motion", Name: "LoopInvariantCodeMotion", Summary: "Hoist loop invariant instructions outside of the loop"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			if Run(op) == 0 {
				st.MarkAllPreserved()
			}
			return nil
		},
	}
}
