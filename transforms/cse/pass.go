package cse

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the cse pass (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "cse", New: New}

func init() { pass.Register(Pass) }

type csePass struct {
	pass.Info
	numCSE, numDCE *pass.Statistic
}

// New returns the cse pass.
func New() pass.Pass {
	p := &csePass{Info: pass.Info{Argument: "cse", Name: "CSE", Summary: "Eliminate common sub-expressions"}}
	p.numCSE = p.Stats.New("num-cse'd", "Number of operations CSE'd")
	p.numDCE = p.Stats.New("num-dce'd", "Number of operations DCE'd")
	return p
}

func (p *csePass) Run(op *ir.Operation, st *pass.State) error {
	s := Run(op)
	p.numCSE.Add(uint64(s.CSE))
	p.numDCE.Add(uint64(s.DCE))
	if s.CSE == 0 && s.DCE == 0 {
		st.MarkAllPreserved()
	}
	return nil
}
