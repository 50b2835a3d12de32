package dropequivalentresults

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Pass registers the drop-equivalent-buffer-results pass (imported
// packages register their passes in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "drop-equivalent-buffer-results", New: New}

func init() { pass.Register(Pass) }

type dropEquivalentResults struct{ pass.Info }

// New returns the drop-equivalent-buffer-results pass.
func New() pass.Pass {
	return &dropEquivalentResults{Info: pass.Info{Argument: "drop-equivalent-buffer-results", Name: "DropEquivalentBufferResults",
		Summary: "Remove MemRef return values that are equivalent to a bbArg", OpName: "builtin.module"}}
}

func (p *dropEquivalentResults) Run(op *ir.Operation, _ *pass.State) error {
	Run(op)
	return nil
}
