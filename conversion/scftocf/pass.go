package scftocf

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the convert-scf-to-cf pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "convert-scf-to-cf", New: New, Lowers: func(*ir.Context) []string { return lowered }}

// lowered lists the operations convert-scf-to-cf replaces.
var lowered = []string{"scf.execute_region", "scf.for", "scf.forall", "scf.if", "scf.index_switch", "scf.parallel", "scf.while"}

func init() { pass.Register(Pass) }

// New returns the convert-scf-to-cf pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "convert-scf-to-cf", Name: "SCFToControlFlowPass", Summary: "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}
