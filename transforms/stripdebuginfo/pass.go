package stripdebuginfo

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the strip-debuginfo pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "strip-debuginfo", New: New}

func init() { pass.Register(Pass) }

// New returns the strip-debuginfo pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "strip-debuginfo", Name: "StripDebugInfo", Summary: "Strip debug info from all operations"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			Run(st.Context(), op)
			return nil
		},
	}
}
