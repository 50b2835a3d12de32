package opstats

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the print-op-stats pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "print-op-stats", New: New}

func init() { pass.Register(Pass) }

type printOpStats struct {
	pass.Info
	json *bool
}

// New returns the print-op-stats pass.
func New() pass.Pass {
	p := &printOpStats{Info: pass.Info{Argument: "print-op-stats", Name: "PrintOpStats", Summary: "Print statistics of operations"}}
	p.json = p.Options.Bool("json", false, "print the stats as JSON")
	return p
}

func (p *printOpStats) Run(op *ir.Operation, st *pass.State) error {
	counts := Count(op)
	if *p.json {
		WriteJSON(st.Output(), counts)
	} else {
		WriteSummary(st.Output(), counts)
	}
	st.MarkAllPreserved()
	return nil
}
