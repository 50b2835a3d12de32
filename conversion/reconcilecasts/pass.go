package reconcilecasts

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the reconcile-unrealized-casts pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "reconcile-unrealized-casts", New: New}

func init() { pass.Register(Pass) }

// New returns the reconcile-unrealized-casts pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "reconcile-unrealized-casts", Name: "ReconcileUnrealizedCastsPass", Summary: "Simplify and eliminate unrealized conversion casts"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(op)
		},
	}
}
