// Package liveness computes which values are live on entry to and on exit
// from the blocks nested in an operation (MLIR's Liveness analysis), for
// the passes that place or release buffers.
package liveness

import "github.com/strata-ir/strata/core/ir"

// Liveness holds the live-in and live-out values of every block nested in
// an operation, computed as MLIR's Liveness analysis does: a use inside a
// nested operation counts as a use in the block that holds it, and values
// flow backwards along successor edges until a fixpoint.
type Liveness struct {
	in, out map[*ir.Block]map[ir.Value]bool
}

// LiveIn returns the values live on entry to b (nil for a block outside
// the analysed operation). The map must not be modified.
func (l *Liveness) LiveIn(b *ir.Block) map[ir.Value]bool { return l.in[b] }

// LiveOut returns the values live on exit from b (nil for a block outside
// the analysed operation). The map must not be modified.
func (l *Liveness) LiveOut(b *ir.Block) map[ir.Value]bool { return l.out[b] }

// StartOperation returns the operation of b from which v is live in b
// (MLIR's LivenessBlockInfo::getStartOperation): the first operation of b
// when v is live on entry to b or is a block argument, otherwise the
// operation defining v.
func (l *Liveness) StartOperation(b *ir.Block, v ir.Value) *ir.Operation {
	def := ir.DefiningOp(v)
	if l.in[b][v] || def == nil {
		return b.First()
	}
	return def
}

type blockInfo struct {
	block               *ir.Block
	in, out, def, usees map[ir.Value]bool
}

// New computes the liveness of the blocks nested in op.
func New(op *ir.Operation) *Liveness {
	infos := map[*ir.Block]*blockInfo{}
	var order []*ir.Block
	var toProcess []*ir.Block
	queued := map[*ir.Block]bool{}
	push := func(bs []*ir.Block) {
		for _, b := range bs {
			if !queued[b] {
				queued[b] = true
				toProcess = append(toProcess, b)
			}
		}
	}
	walkBlocks(op, func(b *ir.Block) {
		bi := buildBlockInfo(b)
		infos[b] = bi
		order = append(order, b)
		if bi.updateIn() {
			push(predecessors(b))
		}
	})
	for len(toProcess) > 0 {
		b := toProcess[len(toProcess)-1]
		toProcess = toProcess[:len(toProcess)-1]
		queued[b] = false
		bi := infos[b]
		for _, s := range b.Successors() {
			if si := infos[s]; si != nil {
				for v := range si.in {
					bi.out[v] = true
				}
			}
		}
		if bi.updateIn() {
			push(predecessors(b))
		}
	}
	l := &Liveness{in: map[*ir.Block]map[ir.Value]bool{}, out: map[*ir.Block]map[ir.Value]bool{}}
	for _, b := range order {
		l.in[b] = infos[b].in
		l.out[b] = infos[b].out
	}
	return l
}

// walkBlocks calls f on every block nested in op, in pre-order.
func walkBlocks(op *ir.Operation, f func(*ir.Block)) {
	for i := 0; i < op.NumRegions(); i++ {
		for _, b := range op.Region(i).Blocks() {
			f(b)
			for o := b.First(); o != nil; o = o.Next() {
				walkBlocks(o, f)
			}
		}
	}
}

func predecessors(b *ir.Block) []*ir.Block {
	var out []*ir.Block
	for u := b.FirstUse(); u != nil; u = u.Next() {
		out = append(out, u.Owner().Block())
	}
	return out
}

// ancestorBlockIn returns the block of region r that holds b (or b).
func ancestorBlockIn(r *ir.Region, b *ir.Block) *ir.Block {
	for b != nil {
		if b.Parent() == r {
			return b
		}
		p := b.ParentOp()
		if p == nil {
			return nil
		}
		b = p.Block()
	}
	return nil
}

func buildBlockInfo(b *ir.Block) *blockInfo {
	bi := &blockInfo{block: b, in: map[ir.Value]bool{}, out: map[ir.Value]bool{}, def: map[ir.Value]bool{}, usees: map[ir.Value]bool{}}
	gatherOut := func(v ir.Value) {
		for u := v.FirstUse(); u != nil; u = u.Next() {
			if ancestorBlockIn(b.Parent(), u.Owner().Block()) != b {
				bi.out[v] = true
				return
			}
		}
	}
	for _, a := range b.Arguments() {
		bi.def[a] = true
		gatherOut(a)
	}
	for o := b.First(); o != nil; o = o.Next() {
		for _, r := range o.Results() {
			gatherOut(r)
		}
	}
	var visit func(o *ir.Operation)
	visit = func(o *ir.Operation) {
		for i := 0; i < o.NumRegions(); i++ {
			for _, nb := range o.Region(i).Blocks() {
				for _, a := range nb.Arguments() {
					bi.def[a] = true
				}
				for n := nb.First(); n != nil; n = n.Next() {
					visit(n)
				}
			}
		}
		for _, r := range o.Results() {
			bi.def[r] = true
		}
		for _, v := range o.Operands() {
			bi.usees[v] = true
		}
	}
	for o := b.First(); o != nil; o = o.Next() {
		visit(o)
	}
	for v := range bi.def {
		delete(bi.usees, v)
	}
	return bi
}

// updateIn sets in = (use ∪ out) \ def and reports whether it grew.
func (bi *blockInfo) updateIn() bool {
	changed := false
	add := func(v ir.Value) {
		if !bi.def[v] && !bi.in[v] {
			bi.in[v] = true
			changed = true
		}
	}
	for v := range bi.usees {
		add(v)
	}
	for v := range bi.out {
		add(v)
	}
	return changed
}
