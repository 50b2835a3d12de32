package cse

import "github.com/strata-ir/strata/core/ir"

// dominatorChildren returns, for each block of r reachable from its entry,
// the blocks it immediately dominates, in region order.
func dominatorChildren(r *ir.Region) map[*ir.Block][]*ir.Block {
	idom := ir.ImmediateDominators(r)
	children := map[*ir.Block][]*ir.Block{}
	for b := r.First(); b != nil; b = b.Next() {
		if d, ok := idom[b]; ok && d != nil {
			children[d] = append(children[d], b)
		}
	}
	return children
}
