package affinetoscf

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the lower-affine pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "lower-affine", New: New, Lowers: LowerAffineInterface.Implementers}

func init() { pass.Register(Pass) }

// New returns the lower-affine pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "lower-affine", Name: "LowerAffinePass", Summary: "Lower Affine operations to a combination of Arith and SCF operations"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}
