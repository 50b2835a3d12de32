// Package reconcilecasts is reconcile-unrealized-casts: chains of
// builtin.unrealized_conversion_cast that lead back to the type they
// started from are folded away, and casts without uses are erased.
package reconcilecasts

import (
	"github.com/strata-ir/strata/core/ir"
)

const castName = "builtin.unrealized_conversion_cast"

// Run folds the casts nested in op. It reports an error located at a cast
// that remains live, as upstream does.
func Run(op *ir.Operation) error {
	var casts []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o.Name() == castName && o.NumOperands() == 1 && o.NumResults() == 1 {
			casts = append(casts, o)
		}
		return true
	})
	erased := map[*ir.Operation]bool{}
	changed := true
	for changed {
		changed = false
		for _, c := range casts {
			if erased[c] {
				continue
			}
			in := c.Operand(0)
			if src := ir.DefiningOp(in); src != nil && src.Name() == castName && src.NumOperands() == 1 &&
				src.Operand(0).Type() == c.Result(0).Type() {
				ir.ReplaceAllUsesWith(c.Result(0), src.Operand(0))
			}
			if in.Type() == c.Result(0).Type() {
				ir.ReplaceAllUsesWith(c.Result(0), in)
			}
			if !ir.HasUses(c.Result(0)) {
				c.Erase()
				erased[c] = true
				changed = true
			}
		}
	}
	for _, c := range casts {
		if !erased[c] {
			return ir.OpError(c, "failed to legalize operation '"+castName+"' that was explicitly marked illegal")
		}
	}
	return nil
}
