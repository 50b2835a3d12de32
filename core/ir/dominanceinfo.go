package ir

// DominanceInfo answers dominance queries between blocks, operations and
// values across the regions nested in an operation, with the rules of
// MLIR's DominanceInfo:
//
//   - a block properly dominates the blocks nested in the operations it
//     holds, and an operation those nested in its regions;
//   - blocks unreachable from their region's entry are properly dominated
//     by every other block of their region, and dominate none of the
//     reachable ones;
//   - in regions without SSA dominance (see HasSSADominance), every
//     operation of the block dominates every other one, itself included.
//
// The dominator tree of a region is computed when a query first needs it
// (single-block regions need none) and kept: a DominanceInfo must be
// dropped once blocks are added, removed or rebranched. Operations may be
// added and moved freely in between queries.
type DominanceInfo struct {
	trees map[*Region]*domTree
	// before orders two operations of one block; nil stands for
	// Operation.IsBeforeInBlock. The verifier, which numbers the
	// operations it walks, orders them by their numbers.
	before func(a, b *Operation) bool
}

// NewDominanceInfo returns a DominanceInfo that computes the dominator
// tree of a region when first asked about it.
func NewDominanceInfo() *DominanceInfo {
	return &DominanceInfo{trees: map[*Region]*domTree{}}
}

// domTree is the dominator tree of the blocks of one region, computed with
// the iterative algorithm of Cooper, Harvey and Kennedy and numbered in
// depth-first order, so that a dominance query between two blocks costs
// two comparisons whatever the depth of the tree.
type domTree struct {
	rpo  []*Block         // the reachable blocks in reverse post-order
	idx  map[*Block]int32 // position in rpo; absent if unreachable
	idom []int32          // position in rpo of the immediate dominator
	// The blocks each block immediately dominates, in region order: those
	// of rpo[i] are kids[start[i]:start[i+1]].
	start []int32
	kids  []*Block
	// in and out number each node on entering and leaving it in a
	// depth-first walk of the tree: a dominates b when b's interval lies
	// within a's.
	in, out []int32
}

// tree returns the dominator tree of r.
func (d *DominanceInfo) tree(r *Region) *domTree {
	if d.trees == nil {
		d.trees = map[*Region]*domTree{}
	}
	t := d.trees[r]
	if t == nil {
		t = buildDomTree(r)
		d.trees[r] = t
	}
	return t
}

// forSuccessors calls f on each successor of b in order.
func forSuccessors(b *Block, f func(s *Block)) {
	if t := b.last; t != nil {
		for i := range t.successors {
			if s := t.successors[i].block; s != nil {
				f(s)
			}
		}
	}
}

func buildDomTree(r *Region) *domTree {
	t := &domTree{idx: map[*Block]int32{}}
	if r.first == nil {
		return t
	}
	// Post-order DFS from the entry, iteratively; idx holds -1 for the
	// blocks on the way, then the post-order number.
	var post []*Block
	t.idx[r.first] = -1
	type frame struct {
		b *Block
		i int
	}
	stack := []frame{{b: r.first}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if term := f.b.last; term != nil && f.i < len(term.successors) {
			s := term.successors[f.i].block
			f.i++
			if s == nil || s.parent != r {
				continue
			}
			if _, seen := t.idx[s]; !seen {
				t.idx[s] = -1
				stack = append(stack, frame{b: s})
			}
			continue
		}
		post = append(post, f.b)
		stack = stack[:len(stack)-1]
	}
	n := len(post)
	t.rpo = make([]*Block, n)
	for i, b := range post {
		t.rpo[n-1-i] = b
		t.idx[b] = int32(n - 1 - i)
	}
	// The predecessors of rpo[j] are preds[pstart[j]:pstart[j+1]].
	pstart := make([]int32, n+1)
	for _, b := range t.rpo {
		forSuccessors(b, func(s *Block) {
			if j, ok := t.idx[s]; ok {
				pstart[j+1]++
			}
		})
	}
	for j := 0; j < n; j++ {
		pstart[j+1] += pstart[j]
	}
	preds := make([]int32, pstart[n])
	fill := make([]int32, n)
	copy(fill, pstart)
	for i, b := range t.rpo {
		forSuccessors(b, func(s *Block) {
			if j, ok := t.idx[s]; ok {
				preds[fill[j]] = int32(i)
				fill[j]++
			}
		})
	}
	t.idom = make([]int32, n)
	for i := range t.idom {
		t.idom[i] = -1
	}
	t.idom[0] = 0
	intersect := func(a, b int32) int32 {
		for a != b {
			for a > b {
				a = t.idom[a]
			}
			for b > a {
				b = t.idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := 1; i < n; i++ {
			newIdom := int32(-1)
			for _, p := range preds[pstart[i]:pstart[i+1]] {
				if t.idom[p] == -1 {
					continue
				}
				if newIdom == -1 {
					newIdom = p
				} else {
					newIdom = intersect(p, newIdom)
				}
			}
			if newIdom != -1 && t.idom[i] != newIdom {
				t.idom[i] = newIdom
				changed = true
			}
		}
	}
	t.number(r)
	return t
}

// number lists the children of each node in region order and numbers the
// nodes in a depth-first walk of the tree.
func (t *domTree) number(r *Region) {
	n := len(t.rpo)
	t.start = make([]int32, n+1)
	for _, i := range t.idom[1:] {
		t.start[i+1]++
	}
	for i := 0; i < n; i++ {
		t.start[i+1] += t.start[i]
	}
	t.kids = make([]*Block, n-1)
	fill := make([]int32, n)
	copy(fill, t.start)
	for b := r.first; b != nil; b = b.next {
		if i, ok := t.idx[b]; ok && i != 0 {
			p := t.idom[i]
			t.kids[fill[p]] = b
			fill[p]++
		}
	}
	t.in = make([]int32, n)
	t.out = fill // reused: every entry is written below
	clock := int32(0)
	// pos[i] is the next child of rpo[i] to visit.
	pos := make([]int32, n)
	copy(pos, t.start[:n])
	stack := []int32{0}
	t.in[0] = clock
	clock++
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		if pos[i] < t.start[i+1] {
			c := t.idx[t.kids[pos[i]]]
			pos[i]++
			t.in[c] = clock
			clock++
			stack = append(stack, c)
			continue
		}
		t.out[i] = clock
		clock++
		stack = stack[:len(stack)-1]
	}
}

// properlyDominates reports whether a properly dominates b, two blocks of
// the tree's region: every block properly dominates an unreachable one
// other than itself, and an unreachable block dominates no reachable one.
func (t *domTree) properlyDominates(a, b *Block) bool {
	if a == b {
		return false
	}
	ib, ok := t.idx[b]
	if !ok {
		return true
	}
	ia, ok := t.idx[a]
	if !ok {
		return false
	}
	return t.in[ia] < t.in[ib] && t.out[ib] < t.out[ia]
}

// HasSSADominance reports whether values defined in r must dominate their
// uses: always in regions of several blocks; in a single-block region
// unless it belongs to an unregistered operation or to one whose regions
// are graph regions.
func (d *DominanceInfo) HasSSADominance(r *Region) bool { return hasSSADominance(r) }

func hasSSADominance(r *Region) bool {
	if r.first != r.last {
		return true
	}
	op := r.parent
	return op == nil || op.IsRegistered() && !op.HasTrait(GraphRegions)
}

// Reachable reports whether b is reachable from the entry of its region.
func (d *DominanceInfo) Reachable(b *Block) bool {
	r := b.parent
	if r == nil || r.first == b {
		return true
	}
	_, ok := d.tree(r).idx[b]
	return ok
}

// ImmediateDominator returns the immediate dominator of b in its region, or
// nil for the entry block and for unreachable blocks.
func (d *DominanceInfo) ImmediateDominator(b *Block) *Block {
	r := b.parent
	if r == nil || r.first == b {
		return nil
	}
	t := d.tree(r)
	i, ok := t.idx[b]
	if !ok {
		return nil
	}
	return t.rpo[t.idom[i]]
}

// Children returns the blocks that b immediately dominates, in the order
// of their region. The slice belongs to d.
func (d *DominanceInfo) Children(b *Block) []*Block {
	r := b.parent
	if r == nil || r.first == r.last {
		return nil
	}
	t := d.tree(r)
	i, ok := t.idx[b]
	if !ok {
		return nil
	}
	return t.kids[t.start[i]:t.start[i+1]:t.start[i+1]]
}

// enclosingBlock returns the block holding the operation that owns b's
// region, or nil.
func enclosingBlock(b *Block) *Block {
	if p := b.ParentOp(); p != nil {
		return p.block
	}
	return nil
}

// ancestorIn returns b or the block enclosing it that lies in region r,
// or nil, and how many levels up it is.
func ancestorIn(b *Block, r *Region) (*Block, int) {
	depth := 0
	for b != nil {
		if b.parent == r {
			return b, depth
		}
		b = enclosingBlock(b)
		depth++
	}
	return nil, depth
}

// ProperlyDominates reports whether the block a properly dominates the
// block b: b is another block of a's region that a dominates, or is
// nested in an operation of a block that a dominates.
func (d *DominanceInfo) ProperlyDominates(a, b *Block) bool {
	r := a.parent
	if a == b || r == nil {
		return false
	}
	if r != b.parent {
		if b, _ = ancestorIn(b, r); b == nil {
			return false
		}
		if a == b {
			return true
		}
	}
	return d.tree(r).properlyDominates(a, b)
}

// Dominates reports whether the block a dominates the block b.
func (d *DominanceInfo) Dominates(a, b *Block) bool { return a == b || d.ProperlyDominates(a, b) }

// OpProperlyDominates reports whether the operation a properly dominates
// the operation b: b, or the operation enclosing it in a's region, comes
// after a in a's block (or anywhere in it without SSA dominance), lies
// in a block that a's block properly dominates, or is a itself (a
// encloses b).
func (d *DominanceInfo) OpProperlyDominates(a, b *Operation) bool {
	return d.opProperlyDominates(a, b, true)
}

// OpDominates reports whether a is b or properly dominates it.
func (d *DominanceInfo) OpDominates(a, b *Operation) bool {
	return a == b || d.opProperlyDominates(a, b, true)
}

// ValueProperlyDominates reports whether v is defined at user: an
// argument of a block that dominates user's block, or the result of an
// operation that properly dominates user without enclosing it.
func (d *DominanceInfo) ValueProperlyDominates(v Value, user *Operation) bool {
	switch v := v.(type) {
	case *OpResult:
		return d.opProperlyDominates(v.owner, user, false)
	case *BlockArgument:
		return v.owner != nil && user.block != nil && d.Dominates(v.owner, user.block)
	}
	return false
}

// opProperlyDominates is OpProperlyDominates, where an operation that
// encloses b dominates it only when enclosingOK is set.
func (d *DominanceInfo) opProperlyDominates(a, b *Operation, enclosingOK bool) bool {
	ab := a.block
	if ab == nil || b.block == nil {
		return false
	}
	r := ab.parent
	if a == b {
		return r != nil && !hasSSADominance(r)
	}
	if r != b.block.parent {
		if r == nil {
			return false
		}
		for b.block == nil || b.block.parent != r {
			if b = b.ParentOp(); b == nil {
				return false
			}
		}
		if a == b && enclosingOK {
			return true
		}
	}
	if ab == b.block {
		if r != nil && !hasSSADominance(r) {
			return true
		}
		if a == b {
			return false
		}
		if d.before != nil {
			return d.before(a, b)
		}
		return a.IsBeforeInBlock(b)
	}
	return d.tree(r).properlyDominates(ab, b.block)
}

// sameRegion returns the blocks enclosing a and b (or themselves) that lie
// in one region, the innermost such region, and whether there is one.
func sameRegion(a, b *Block) (*Block, *Block, bool) {
	if a.parent == b.parent {
		return a, b, true
	}
	x, da := ancestorIn(a, b.parent)
	if x != nil {
		return x, b, true
	}
	y, db := ancestorIn(b, a.parent)
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
		if a.parent == b.parent {
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
	t := d.tree(a.parent)
	ia, ok := t.idx[a]
	if !ok {
		return b
	}
	ib, ok := t.idx[b]
	if !ok {
		return a
	}
	for ia != ib {
		for ia > ib {
			ia = t.idom[ia]
		}
		for ib > ia {
			ib = t.idom[ib]
		}
	}
	return t.rpo[ia]
}
