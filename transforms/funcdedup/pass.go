package funcdedup

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the duplicate-function-elimination pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "duplicate-function-elimination", New: New}

func init() { pass.Register(Pass) }

// New returns the duplicate-function-elimination
// pass, which runs on builtin.module.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "duplicate-function-elimination", Name: "DuplicateFunctionEliminationPass", Summary: "Deduplicate functions", OpName: "builtin.module"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			if Run(op) == 0 {
				st.MarkAllPreserved()
			}
			return nil
		},
	}
}
