package allocationliveness

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	function "github.com/strata-ir/strata/dialects/func"
)

// Pass registers the optimize-allocation-liveness pass (imported packages
// register their passes in init, see docs/passes.md).
var Pass = pass.Registration{Argument: "optimize-allocation-liveness", New: New}

func init() { pass.Register(Pass) }

type optimizeAllocationLiveness struct{ pass.Info }

// New returns the optimize-allocation-liveness pass, which runs on
// func.func.
func New() pass.Pass {
	return &optimizeAllocationLiveness{Info: pass.Info{Argument: "optimize-allocation-liveness", Name: "OptimizeAllocationLivenessPass",
		Summary: "This pass optimizes the liveness of temp allocations in the input function", OpName: "func.func"}}
}

func (p *optimizeAllocationLiveness) Run(op *ir.Operation, _ *pass.State) error {
	if f, ok := function.AsFuncOp(op); ok && !f.Body().Empty() {
		Run(op)
	}
	return nil
}
