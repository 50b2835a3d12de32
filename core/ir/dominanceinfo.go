package ir

// DominanceInfo answers block dominance queries across the regions nested in
// an operation, as MLIR's DominanceInfo does for blocks: a block
// properly dominates the blocks nested in the operations it holds, and
// blocks unreachable from their region's entry are dominated by every
// block of their region.
type DominanceInfo struct {
	idoms map[*Region]map[*Block]*Block
}

// NewDominanceInfo returns a DominanceInfo that computes the dominator
// tree of a region when first asked about it.
func NewDominanceInfo() *DominanceInfo {
	return &DominanceInfo{idoms: map[*Region]map[*Block]*Block{}}
}

// tree returns the immediate dominators of the reachable blocks of r (the
// entry maps to nil).
func (d *DominanceInfo) tree(r *Region) map[*Block]*Block {
	t, ok := d.idoms[r]
	if !ok {
		t = ImmediateDominators(r)
		d.idoms[r] = t
	}
	return t
}

// Reachable reports whether b is reachable from the entry of its region.
func (d *DominanceInfo) Reachable(b *Block) bool {
	_, ok := d.tree(b.Parent())[b]
	return ok
}

// ImmediateDominator returns the immediate dominator of b in its region, or nil for the
// entry block and for unreachable blocks.
func (d *DominanceInfo) ImmediateDominator(b *Block) *Block { return d.tree(b.Parent())[b] }

// enclosingBlock returns the block holding the operation that owns b's
// region, or nil.
func enclosingBlock(b *Block) *Block {
	if p := b.ParentOp(); p != nil {
		return p.Block()
	}
	return nil
}

// ancestorIn returns b or the block enclosing it that lies in region r,
// or nil, and how many levels up it is.
func ancestorIn(b *Block, r *Region) (*Block, int) {
	depth := 0
	for b != nil {
		if b.Parent() == r {
			return b, depth
		}
		b = enclosingBlock(b)
		depth++
	}
	return nil, depth
}

// ProperlyDominates reports whether a properly dominates b.
func (d *DominanceInfo) ProperlyDominates(a, b *Block) bool {
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

// Dominates reports whether a dominates b.
func (d *DominanceInfo) Dominates(a, b *Block) bool { return a == b || d.ProperlyDominates(a, b) }

// sameRegion returns the blocks enclosing a and b (or themselves) that lie
// in one region, the innermost such region, and whether there is one.
func sameRegion(a, b *Block) (*Block, *Block, bool) {
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
		a, da = enclosingBlock(a), da-1
	}
	for db > da {
		b, db = enclosingBlock(b), db-1
	}
	for a != nil && b != nil {
		if a.Parent() == b.Parent() {
			return a, b, true
		}
		a, b = enclosingBlock(a), enclosingBlock(b)
	}
	return nil, nil, false
}

// NearestCommonDominator returns the innermost block that dominates both a
// and b, or nil when they share no region. An unreachable block does not
// constrain the result.
func (d *DominanceInfo) NearestCommonDominator(a, b *Block) *Block {
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
	above := map[*Block]bool{}
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
