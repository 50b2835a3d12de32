package bufferopt

import "github.com/strata-ir/strata/core/ir"

// dominance answers block dominance queries across the regions nested in
// an operation, as MLIR's DominanceInfo does for blocks: a block
// properly dominates the blocks nested in the operations it holds, and
// blocks unreachable from their region's entry are dominated by every
// block of their region.
type dominance struct {
	idoms map[*ir.Region]map[*ir.Block]*ir.Block
}

func newDominance() *dominance {
	return &dominance{idoms: map[*ir.Region]map[*ir.Block]*ir.Block{}}
}

// tree returns the immediate dominators of the reachable blocks of r (the
// entry maps to nil).
func (d *dominance) tree(r *ir.Region) map[*ir.Block]*ir.Block {
	t, ok := d.idoms[r]
	if !ok {
		t = ir.ImmediateDominators(r)
		d.idoms[r] = t
	}
	return t
}

// reachable reports whether b is reachable from the entry of its region.
func (d *dominance) reachable(b *ir.Block) bool {
	_, ok := d.tree(b.Parent())[b]
	return ok
}

// idom returns the immediate dominator of b in its region, or nil for the
// entry block and for unreachable blocks.
func (d *dominance) idom(b *ir.Block) *ir.Block { return d.tree(b.Parent())[b] }

// parentBlock returns the block holding the operation that owns b's
// region, or nil.
func parentBlock(b *ir.Block) *ir.Block {
	if p := b.ParentOp(); p != nil {
		return p.Block()
	}
	return nil
}

// ancestorIn returns b or the block enclosing it that lies in region r,
// or nil, and how many levels up it is.
func ancestorIn(b *ir.Block, r *ir.Region) (*ir.Block, int) {
	depth := 0
	for b != nil {
		if b.Parent() == r {
			return b, depth
		}
		b = parentBlock(b)
		depth++
	}
	return nil, depth
}

// properlyDominates reports whether a properly dominates b.
func (d *dominance) properlyDominates(a, b *ir.Block) bool {
	if a == b {
		return false
	}
	if r := a.Parent(); r != b.Parent() {
		if b, _ = ancestorIn(b, r); b == nil {
			return false
		}
		if a == b {
			return true
		}
	}
	t := d.tree(a.Parent())
	if _, ok := t[b]; !ok {
		return true
	}
	if _, ok := t[a]; !ok {
		return false
	}
	for x := t[b]; x != nil; x = t[x] {
		if x == a {
			return true
		}
	}
	return false
}

// dominates reports whether a dominates b.
func (d *dominance) dominates(a, b *ir.Block) bool { return a == b || d.properlyDominates(a, b) }

// sameRegion returns the blocks enclosing a and b (or themselves) that lie
// in one region, the innermost such region, and whether there is one.
func sameRegion(a, b *ir.Block) (*ir.Block, *ir.Block, bool) {
	if a.Parent() == b.Parent() {
		return a, b, true
	}
	x, da := ancestorIn(a, b.Parent())
	if x != nil {
		return x, b, true
	}
	y, db := ancestorIn(b, a.Parent())
	if y != nil {
		return a, y, true
	}
	for da > db {
		a, da = parentBlock(a), da-1
	}
	for db > da {
		b, db = parentBlock(b), db-1
	}
	for a != nil && b != nil {
		if a.Parent() == b.Parent() {
			return a, b, true
		}
		a, b = parentBlock(a), parentBlock(b)
	}
	return nil, nil, false
}

// nearestCommonDominator returns the innermost block that dominates both a
// and b, or nil when they share no region. An unreachable block does not
// constrain the result.
func (d *dominance) nearestCommonDominator(a, b *ir.Block) *ir.Block {
	if a == nil || b == nil {
		return nil
	}
	a, b, ok := sameRegion(a, b)
	if !ok {
		return nil
	}
	if a == b {
		return a
	}
	t := d.tree(a.Parent())
	if _, ok := t[a]; !ok {
		return b
	}
	if _, ok := t[b]; !ok {
		return a
	}
	above := map[*ir.Block]bool{}
	for x := a; x != nil; x = t[x] {
		above[x] = true
	}
	for x := b; x != nil; x = t[x] {
		if above[x] {
			return x
		}
	}
	return nil
}
