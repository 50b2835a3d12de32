package toposort

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the topological-sort pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "topological-sort", New: New}

func init() { pass.Register(Pass) }

// New returns the topological-sort pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "topological-sort", Name: "TopologicalSort", Summary: "Sort regions without SSA dominance in topological order"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			Run(op)
			return nil
		},
	}
}
