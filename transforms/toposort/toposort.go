// Package toposort orders the operations of graph regions so that values
// are defined before they are used, as MLIR's topological-sort pass does.
package toposort

import "github.com/strata-ir/strata/core/ir"

// Run sorts every block of every graph region nested in op (op included)
// and reports whether all of them could be fully sorted (no cycles).
func Run(op *ir.Operation) bool {
	ok := true
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if !o.HasTrait(ir.GraphRegions) {
			return true
		}
		for i := 0; i < o.NumRegions(); i++ {
			for b := o.Region(i).First(); b != nil; b = b.Next() {
				if !SortBlock(b) {
					ok = false
				}
			}
		}
		return true
	})
	return ok
}

// SortBlock moves the operations of b so that each comes after the
// operations of b it uses (directly or from nested regions), keeping the
// original order among independent operations; when a cycle blocks
// progress the first unscheduled operation is left in place (MLIR's
// sortTopologically). It reports whether everything was scheduled.
func SortBlock(b *ir.Block) bool {
	unscheduled := map[*ir.Operation]bool{}
	for o := b.First(); o != nil; o = o.Next() {
		unscheduled[o] = true
	}
	next := b.First()
	all := true
	for len(unscheduled) > 0 {
		scheduled := false
		for o := next; o != nil; {
			after := o.Next()
			if ready(o, unscheduled) {
				delete(unscheduled, o)
				if o == next {
					next = next.Next()
				} else {
					o.Remove()
					if next == nil {
						b.Append(o)
					} else {
						b.InsertBefore(next, o)
					}
				}
				scheduled = true
			}
			o = after
		}
		if !scheduled {
			all = false
			delete(unscheduled, next)
			next = next.Next()
		}
	}
	return all
}

// ready reports whether no operand of op or of an operation nested in it is
// produced by an unscheduled operation (or nested in one), other than op.
func ready(op *ir.Operation, unscheduled map[*ir.Operation]bool) bool {
	isReady := func(v ir.Value) bool {
		for p := ir.DefiningOp(v); p != nil; p = p.ParentOp() {
			if p == op {
				return true
			}
			if unscheduled[p] {
				return false
			}
		}
		return true
	}
	ok := true
	op.Walk(ir.PreOrder, func(n *ir.Operation) bool {
		for i := 0; i < n.NumOperands() && ok; i++ {
			ok = isReady(n.Operand(i))
		}
		return ok
	})
	return ok
}
