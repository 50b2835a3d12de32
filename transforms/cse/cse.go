// Package cse eliminates common subexpressions, as MLIR's CSE pass does:
// side-effect-free operations equal to an earlier one that dominates them
// are replaced by it; read-only ones too when nothing may write in between
// in the same block; trivially dead operations found on the way are erased.
package cse

import (
	"github.com/strata-ir/strata/core/ir"
)

// Stats counts what a run did (MLIR's num-cse'd and num-dce'd).
type Stats struct {
	CSE int
	DCE int
}

// Run simplifies the regions of op (normally an isolated-from-above
// operation) and returns the statistics.
func Run(op *ir.Operation) Stats {
	c := &cse{dom: ir.NewDominanceInfo()}
	for i := 0; i < op.NumRegions(); i++ {
		r := op.Region(i)
		c.simplifyRegion(newScopedMap(topLevelOps(r)), r)
	}
	for _, o := range c.toErase {
		o.Erase()
	}
	return c.stats
}

// topLevelOps counts the operations in the blocks of r (not those nested
// in them): what the table is sized for, as most of a function's
// operations sit in its body's blocks.
func topLevelOps(r *ir.Region) int {
	n := 0
	for b := r.First(); b != nil; b = b.Next() {
		n += b.NumOps()
	}
	return n
}

type cse struct {
	stats   Stats
	toErase []*ir.Operation
	// dom gives the dominator trees the walk follows. Operations are
	// erased only once the walk is over, so the trees stay valid.
	dom *ir.DominanceInfo
}

func (c *cse) simplifyRegion(known *scopedMap, r *ir.Region) {
	if r.Empty() {
		return
	}
	ssa := c.dom.HasSSADominance(r)
	if r.HasOneBlock() {
		known.push()
		c.simplifyBlock(known, r.First(), ssa)
		known.pop()
		return
	}
	if !ssa {
		return
	}
	// Walk the dominator tree depth-first with one scope per node.
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		known.push()
		c.simplifyBlock(known, b, true)
		for _, ch := range c.dom.Children(b) {
			visit(ch)
		}
		known.pop()
	}
	visit(r.First())
}

func (c *cse) simplifyBlock(known *scopedMap, b *ir.Block, ssa bool) {
	for op := b.First(); op != nil; op = op.Next() {
		if op.NumRegions() != 0 {
			if op.MightHaveTrait(ir.IsolatedFromAbove) {
				n := 0
				for i := 0; i < op.NumRegions(); i++ {
					n += topLevelOps(op.Region(i))
				}
				nested := newScopedMap(n)
				for i := 0; i < op.NumRegions(); i++ {
					c.simplifyRegion(nested, op.Region(i))
				}
			} else {
				for i := 0; i < op.NumRegions(); i++ {
					c.simplifyRegion(known, op.Region(i))
				}
			}
		}
		c.simplifyOperation(known, op, ssa)
	}
}

func (c *cse) simplifyOperation(known *scopedMap, op *ir.Operation, ssa bool) bool {
	if op.HasTrait(ir.IsTerminator) {
		return false
	}
	if op.IsTriviallyDead() {
		c.toErase = append(c.toErase, op)
		c.stats.DCE++
		return true
	}
	for i := 0; i < op.NumRegions(); i++ {
		r := op.Region(i)
		if !r.Empty() && !r.HasOneBlock() {
			return false
		}
	}
	effects, knownEffects := op.Effects()
	if !knownEffects || len(effects) != 0 {
		if !knownEffects || !onlyReads(effects) {
			return false
		}
		if existing := known.lookup(op); existing != nil && existing.Block() == op.Block() && !writesBetween(existing, op) {
			c.replace(known, op, existing, ssa)
			return true
		}
		known.insert(op)
		return false
	}
	h := opHash(op)
	if existing := known.lookupHashed(op, h); existing != nil {
		c.replace(known, op, existing, ssa)
		return true
	}
	known.insertHashed(op, h)
	return false
}

func onlyReads(effects []ir.MemoryEffect) bool {
	for _, e := range effects {
		if e.Kind != ir.EffectRead {
			return false
		}
	}
	return true
}

// writesBetween reports whether an operation strictly between from and to
// may write memory; operations with unknown effects count as writers.
func writesBetween(from, to *ir.Operation) bool {
	for o := from.Next(); o != nil && o != to; o = o.Next() {
		effects, ok := o.Effects()
		if !ok {
			return true
		}
		for _, e := range effects {
			if e.Kind == ir.EffectWrite {
				return true
			}
		}
	}
	return false
}

func (c *cse) replace(known *scopedMap, op, existing *ir.Operation, ssa bool) {
	if ssa {
		for i := 0; i < op.NumResults(); i++ {
			ir.ReplaceAllUsesWith(op.Result(i), existing.Result(i))
		}
		c.toErase = append(c.toErase, op)
	} else {
		// Without dominance only uses already visited may be replaced.
		for i := 0; i < op.NumResults(); i++ {
			for u := op.Result(i).FirstUse(); u != nil; {
				next := u.Next()
				if !known.contains(u.Owner()) {
					u.Set(existing.Result(i))
				}
				u = next
			}
		}
		if !op.HasUses() {
			c.toErase = append(c.toErase, op)
		}
	}
	if _, unk := existing.Loc().(*ir.UnknownLoc); unk {
		if _, opUnk := op.Loc().(*ir.UnknownLoc); !opUnk {
			existing.SetLoc(op.Loc())
		}
	}
	c.stats.CSE++
}
