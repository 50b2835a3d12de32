package symbolprivatize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the symbol-privatize pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "symbol-privatize", New: New}

func init() { pass.Register(Pass) }

type symbolPrivatize struct {
	pass.Info
	exclude *[]string
}

// New returns the symbol-privatize pass.
func New() pass.Pass {
	p := &symbolPrivatize{Info: pass.Info{Argument: "symbol-privatize", Name: "SymbolPrivatize", Summary: "Mark symbols private"}}
	p.exclude = p.Options.StringList("exclude", nil, "Comma separated list of symbols that should not be marked private")
	return p
}

func (p *symbolPrivatize) Run(op *ir.Operation, st *pass.State) error {
	Run(op, *p.exclude)
	return nil
}
