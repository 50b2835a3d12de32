package bufferdealloc

import (
	"sort"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/transforms/internal/liveness"
)

// ownershipState is the lattice of an ownership: uninitialized, unique
// (an i1 indicator value), or unknown.
type ownershipState uint8

const (
	uninitialized ownershipState = iota
	unique
	unknown
)

// ownership says whether a block owns a buffer: when unique, the i1
// indicator is true at run time exactly when it does.
type ownership struct {
	state     ownershipState
	indicator ir.Value
}

func uniqueOwnership(v ir.Value) ownership { return ownership{state: unique, indicator: v} }

// combined joins two ownerships: equal unique indicators (the same value
// or equal constants) stay unique, anything else becomes unknown.
func (o ownership) combined(other ownership) ownership {
	if other.state == uninitialized {
		return o
	}
	if o.state == uninitialized {
		return other
	}
	if o.state != unique || other.state != unique {
		return ownership{state: unknown}
	}
	if sameIndicator(o.indicator, other.indicator) {
		return o
	}
	return ownership{state: unknown}
}

func sameIndicator(a, b ir.Value) bool {
	if a == b {
		return true
	}
	ta, fa := bufferization.IsConstantTrue(a), bufferization.IsConstantFalse(a)
	tb, fb := bufferization.IsConstantTrue(b), bufferization.IsConstantFalse(b)
	return (ta && tb) || (fa && fb)
}

type valueBlock struct {
	v ir.Value
	b *ir.Block
}

// state is MLIR's DeallocationState: the ownership of every buffer in
// every block, the buffers each block must release, and the liveness
// computed when the function was entered.
type state struct {
	ownerships map[valueBlock]ownership
	toDealloc  map[*ir.Block][]ir.Value
	live       *liveness.Liveness
	// replaced maps the results of operations rebuilt with more results
	// to their new values, which the liveness (computed before) does not
	// know.
	replaced map[ir.Value]ir.Value
}

func newState(fn *ir.Operation) *state {
	return &state{ownerships: map[valueBlock]ownership{}, toDealloc: map[*ir.Block][]ir.Value{}, live: liveness.New(fn),
		replaced: map[ir.Value]ir.Value{}}
}

func (s *state) updateOwnership(v ir.Value, o ownership, b *ir.Block) {
	if b == nil {
		b = ir.ParentBlock(v)
	}
	k := valueBlock{v, b}
	s.ownerships[k] = s.ownerships[k].combined(o)
}

func (s *state) resetOwnerships(vs []ir.Value, b *ir.Block) {
	for _, v := range vs {
		s.ownerships[valueBlock{v, b}] = ownership{}
	}
}

func (s *state) getOwnership(v ir.Value, b *ir.Block) ownership {
	return s.ownerships[valueBlock{v, b}]
}

func (s *state) addMemrefToDeallocate(v ir.Value, b *ir.Block) {
	s.toDealloc[b] = append(s.toDealloc[b], v)
}

func isMemref(v ir.Value) bool {
	switch v.Type().(type) {
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return true
	}
	return false
}

// current returns the value that now stands for v.
func (s *state) current(v ir.Value) ir.Value {
	for {
		n, ok := s.replaced[v]
		if !ok {
			return v
		}
		v = n
	}
}

func (s *state) sortedMemrefs(set map[ir.Value]bool) []ir.Value {
	var out []ir.Value
	seen := map[ir.Value]bool{}
	for v := range set {
		v = s.current(v)
		if isMemref(v) && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	sort.Slice(out, func(i, j int) bool { return valueLess(out[i], out[j]) })
	return out
}

func (s *state) liveMemrefsIn(b *ir.Block) []ir.Value { return s.sortedMemrefs(s.live.LiveIn(b)) }

// memrefsToRetain returns the buffers a block must keep when leaving to
// to (nil: out of the region) passing dest: the forwarded buffers, then
// those live out of from (and into to), in a stable order.
func (s *state) memrefsToRetain(from, to *ir.Block, dest []ir.Value) []ir.Value {
	var out []ir.Value
	for _, v := range dest {
		if isMemref(v) {
			out = append(out, v)
		}
	}
	live := map[ir.Value]bool{}
	for v := range s.live.LiveOut(from) {
		if to == nil || s.live.LiveIn(to)[v] {
			live[v] = true
		}
	}
	return append(out, s.sortedMemrefs(live)...)
}

// regionOf returns the region that defines v.
func regionOf(v ir.Value) *ir.Region {
	switch x := v.(type) {
	case *ir.BlockArgument:
		return x.Owner().Parent()
	case *ir.OpResult:
		return x.Owner().ParentRegion()
	}
	return nil
}

func parentRegion(r *ir.Region) *ir.Region {
	if p := r.ParentOp(); p != nil {
		return p.ParentRegion()
	}
	return nil
}

// valueLess is MLIR's ValueComparator: block arguments before results,
// then by argument number or program order, then by the position of the
// enclosing regions.
func valueLess(lhs, rhs ir.Value) bool {
	if lhs == rhs {
		return false
	}
	la, lIsArg := lhs.(*ir.BlockArgument)
	ra, rIsArg := rhs.(*ir.BlockArgument)
	if lIsArg != rIsArg {
		return lIsArg
	}
	var lr, rr *ir.Region
	if lIsArg {
		if la.Index() != ra.Index() {
			return la.Index() < ra.Index()
		}
		lr, rr = la.Owner().Parent(), ra.Owner().Parent()
		if lr == rr {
			// Same position in different blocks of one region: a total
			// order keeps the output deterministic.
			return blockIndex(la.Owner()) < blockIndex(ra.Owner())
		}
	} else {
		lo, ro := lhs.(*ir.OpResult).Owner(), rhs.(*ir.OpResult).Owner()
		if lo == ro {
			return lhs.(*ir.OpResult).Index() < rhs.(*ir.OpResult).Index()
		}
		lr, rr = lo.ParentRegion(), ro.ParentRegion()
		if lr == rr {
			if lo.Block() != ro.Block() {
				// MLIR compares the positions of the two operations in
				// their own blocks; ties go by block for determinism.
				pl, pr := opIndex(lo), opIndex(ro)
				if pl != pr {
					return pl < pr
				}
				return blockIndex(lo.Block()) < blockIndex(ro.Block())
			}
			return lo.IsBeforeInBlock(ro)
		}
	}
	for lr != nil && rr != nil {
		if lr.Index() != rr.Index() {
			return lr.Index() < rr.Index()
		}
		if parentRegion(lr) == parentRegion(rr) {
			return lr.ParentOp().IsBeforeInBlock(rr.ParentOp())
		}
		lr, rr = parentRegion(lr), parentRegion(rr)
	}
	return rr != nil
}

// blockIndex returns the position of b in its region.
func blockIndex(b *ir.Block) int {
	i := 0
	for p := b.Prev(); p != nil; p = p.Prev() {
		i++
	}
	return i
}

// opIndex returns the position of op in its block.
func opIndex(op *ir.Operation) int {
	i := 0
	for p := op.Prev(); p != nil; p = p.Prev() {
		i++
	}
	return i
}
