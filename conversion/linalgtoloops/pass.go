package linalgtoloops

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the convert-linalg-to-loops pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "convert-linalg-to-loops", New: New, Lowers: LoopLoweringInterface.Implementers}

func init() { pass.Register(Pass) }

// New returns the convert-linalg-to-loops pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "convert-linalg-to-loops", Name: "ConvertLinalgToLoopsPass", Summary: "Convert the operations from the linalg dialect into loops"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}
