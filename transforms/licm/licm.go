// Package licm hoists loop-invariant operations out of loop-like
// operations (MLIR's loop-invariant-code-motion pass).
package licm

import "github.com/strata-ir/strata/core/ir"

// Run hoists the invariant code of every loop nested in op, innermost loops
// first, and returns how many operations moved.
func Run(op *ir.Operation) int {
	n := 0
	op.Walk(ir.PostOrder, func(o *ir.Operation) bool {
		if ir.LoopRegionsOf(o) != nil {
			n += MoveLoopInvariantCode(o)
		}
		return true
	})
	return n
}

// MoveLoopInvariantCode moves the operations of loop's body regions that
// are free of memory effects, speculatable and use only values defined
// outside the loop to just before loop, as MLIR's moveLoopInvariantCode
// does: the top-level operations of each region are visited in order, and
// the users of a hoisted operation are visited again. It returns how many
// operations moved.
func MoveLoopInvariantCode(loop *ir.Operation) int {
	moved := 0
	for _, region := range ir.LoopRegionsOf(loop) {
		var worklist []*ir.Operation
		for b := region.First(); b != nil; b = b.Next() {
			for o := b.First(); o != nil; o = o.Next() {
				worklist = append(worklist, o)
			}
		}
		for len(worklist) > 0 {
			op := worklist[0]
			worklist = worklist[1:]
			if op.ParentRegion() != region {
				continue // already hoisted
			}
			if !op.IsMemoryEffectFree() || !ir.IsSpeculatable(op) || !canBeHoisted(op, loop) {
				continue
			}
			op.MoveBefore(loop)
			moved++
			for i := 0; i < op.NumResults(); i++ {
				for u := op.Result(i).FirstUse(); u != nil; u = u.Next() {
					if u.Owner().ParentRegion() == region {
						worklist = append(worklist, u.Owner())
					}
				}
			}
		}
	}
	return moved
}

// canBeHoisted reports whether op is not a terminator and every value that
// op or an operation nested in it uses is defined either inside op or
// outside the loop.
func canBeHoisted(op, loop *ir.Operation) bool {
	if op.HasTrait(ir.IsTerminator) {
		return false
	}
	ok := true
	op.Walk(ir.PreOrder, func(child *ir.Operation) bool {
		for i := 0; i < child.NumOperands() && ok; i++ {
			v := child.Operand(i)
			if op.IsAncestor(definingRegionOp(v)) {
				continue
			}
			ok = ir.IsDefinedOutsideOfLoop(loop, v)
		}
		return ok
	})
	return ok
}

// definingRegionOp returns the operation whose region defines v.
func definingRegionOp(v ir.Value) *ir.Operation {
	switch x := v.(type) {
	case *ir.BlockArgument:
		return x.Owner().ParentOp()
	case *ir.OpResult:
		return x.Owner().ParentOp()
	}
	return nil
}
