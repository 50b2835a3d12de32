package symboldce

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the symbol-dce pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "symbol-dce", New: New}

func init() { pass.Register(Pass) }

type symbolDCE struct {
	pass.Info
	numDCE *pass.Statistic
}

// New returns the symbol-dce pass.
func New() pass.Pass {
	p := &symbolDCE{Info: pass.Info{Argument: "symbol-dce", Name: "SymbolDCE", Summary: "Eliminate dead symbols"}}
	p.numDCE = p.Stats.New("num-dce'd", "Number of symbols DCE'd")
	return p
}

func (p *symbolDCE) Run(op *ir.Operation, st *pass.State) error {
	if !op.HasTrait(ir.SymbolTableTrait) {
		return st.EmitError(op, " was scheduled to run under SymbolDCE, but does not define a symbol table")
	}
	p.numDCE.Add(uint64(Run(op)))
	return nil
}
