package bufferize

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// This file holds what the bottom-up analysis needs for operations in
// regions (MLIR's OneShotAnalysis on RegionBranchOpInterface operations
// and their BufferizableOpInterface models): the reads, writes and
// aliasing of the operations with a bufferization.RegionAliasAnalysis
// model, the order of operations across regions (happensBefore), the
// regions that run repeatedly or in parallel, and the equivalence of a
// loop's or a branch's results with what flows into them.

// reads reports whether op reads its tensor operand i: a call as its
// callee does (module.go).
func (ms *models) reads(op *ir.Operation, i int) bool {
	if c, ok := ms.callModelOf(op); ok {
		return c.BufferizesToMemoryRead(op, i)
	}
	if r := ms.regionModel(op); r != nil {
		return r.ReadsOperand(op, i, ms)
	}
	return readsOperand(op, i)
}

// regionAlias is an operand whose buffer a result of an operation with a
// RegionAliasAnalysis model may be, and how.
type regionAlias struct {
	u  use
	av bufferization.AliasingValue
}

// regionAliases returns the operands whose buffer r may be: operands of
// r's operation, then operands of the terminators of its regions, whose
// AliasingValues name r (MLIR's getAliasingOpOperands).
func (ms *models) regionAliases(r *ir.OpResult) []regionAlias {
	var out []regionAlias
	add := func(op *ir.Operation) {
		m := ms.regionModel(op)
		for i, v := range op.Operands() {
			if !isTensor(ms.tt(v)) {
				continue
			}
			if m == nil {
				continue
			}
			for _, av := range m.AliasingValues(op, i, ms) {
				if av.Value == ir.Value(r) {
					out = append(out, regionAlias{use{op, i}, av})
				}
			}
		}
	}
	op := r.Owner()
	add(op)
	for k := 0; k < op.NumRegions(); k++ {
		for _, b := range op.Region(k).Blocks() {
			if t := b.Terminator(); t != nil && t.HasTrait(ir.IsTerminator) {
				add(t)
			}
		}
	}
	return out
}

// regionAliasingOperands is aliasingOperands for the result of an
// operation with a RegionAliasAnalysis model.
func (ms *models) regionAliasingOperands(r *ir.OpResult) []use {
	var us []use
	for _, a := range ms.regionAliases(r) {
		us = append(us, a.u)
	}
	return us
}

// definedInside reports whether, going back from the operands from
// through the buffers the values on the way share, a value that op
// itself or an operation nested in it defines is found (the third case
// of MLIR's defaultResultBufferizesToMemoryWrite: an scf.if's result is
// written when one of its branches writes what it yields).
func (ms *models) definedInside(op *ir.Operation, from []use) bool {
	// A definition outside op uses only values defined before it, outside
	// op too, so the walk may stop at every definition (definitions).
	for _, u := range from {
		for _, d := range ms.definitions(u.op.Operand(u.i)) {
			if op.IsAncestor(valueOwner(d)) {
				return true
			}
		}
	}
	return false
}

// valueOwner returns the operation that defines v, or the one whose
// region holds the block of the argument v (MLIR's getOwnerOfValue).
func valueOwner(v ir.Value) *ir.Operation {
	switch v := v.(type) {
	case *ir.OpResult:
		return v.Owner()
	case *ir.BlockArgument:
		return v.Owner().ParentOp()
	}
	return nil
}

// --- regions ---

// valueRegion returns the region that holds v.
func valueRegion(v ir.Value) *ir.Region {
	switch v := v.(type) {
	case *ir.BlockArgument:
		return v.Owner().Parent()
	case *ir.OpResult:
		return opRegion(v.Owner())
	}
	return nil
}

// opRegion returns the region that holds op.
func opRegion(op *ir.Operation) *ir.Region {
	if b := op.Block(); b != nil {
		return b.Parent()
	}
	return nil
}

// outerRegion returns the region that holds r's operation.
func outerRegion(r *ir.Region) *ir.Region {
	if p := r.ParentOp(); p != nil {
		return opRegion(p)
	}
	return nil
}

// regionKind reports whether r runs more than once and whether its
// iterations run in parallel (MLIR's isRepetitiveRegion and
// isParallelRegion), as r's operation's model tells.
func (ms *models) regionKind(r *ir.Region) (repetitive, parallel bool) {
	p := r.ParentOp()
	if p == nil {
		return false, false
	}
	m, ok := ms.known(p)
	if !ok {
		return false, false
	}
	if k, ok := m.(bufferization.RegionKinds); ok {
		return k.RepetitiveRegion(p, r.Index()), k.ParallelRegion(p, r.Index())
	}
	rb, ok := ir.RegionBranchOp.Of(p)
	return ok && regionReachable(p, rb, r, r), false
}

// repetitiveRegion returns r or the innermost region holding it that runs
// more than once, or nil (MLIR's getEnclosingRepetitiveRegion).
func (ms *models) repetitiveRegion(r *ir.Region) *ir.Region {
	for ; r != nil; r = outerRegion(r) {
		if rep, _ := ms.regionKind(r); rep {
			return r
		}
	}
	return nil
}

// parallelRegion returns r or the innermost region holding it whose
// iterations run in parallel, or nil (MLIR's getParallelRegion).
func (ms *models) parallelRegion(r *ir.Region) *ir.Region {
	for ; r != nil; r = outerRegion(r) {
		if _, par := ms.regionKind(r); par {
			return r
		}
	}
	return nil
}

// canUseOrder reports whether the order of the operations of the read r
// and the write w may rule out a conflict between them: not when, for a
// definition d of what r reads, a region that runs repeatedly holds r
// and w but not d (MLIR's canUseOpDominanceDueToRegions).
func (ms *models) canUseOrder(r, w use, defs []ir.Value) bool {
	for _, d := range defs {
		rRead := ms.repetitiveRegion(opRegion(r.op))
		rDef := ms.repetitiveRegion(valueRegion(d))
		if rRead == rDef {
			continue
		}
		for rRead != nil {
			next := ms.repetitiveRegion(outerRegion(rRead))
			if next == rDef {
				break
			}
			rRead = next
		}
		if rRead != nil && rRead.ParentOp().IsAncestor(w.op) {
			return false
		}
	}
	return true
}

// happensBefore reports whether a runs before b: a or one of the
// operations holding it comes before b in a block holding b, without
// holding b (MLIR's happensBefore on one-block regions).
func (s *state) happensBefore(a, b *ir.Operation) bool {
	for ; a != nil; a = a.ParentOp() {
		if a != b && a.IsAncestor(b) {
			return false
		}
		if a.Block() == nil {
			return false
		}
		if x := liftInto(b, a.Block()); x != nil && x != a && s.isBefore(a, x) {
			return true
		} else if x == nil && s.blockDominatesOp(a.Block(), b) {
			return true
		}
	}
	return false
}

// inOneBlockRegions reports whether every region from op up to f, f's
// body aside, has one block, so that the order of operations is that of
// their blocks, or several blocks of an operation that allows them
// linked by branches with models (branches.go).
func (s *state) inOneBlockRegions(op, f *ir.Operation) bool {
	for p := op; p != nil && p != f; p = p.ParentOp() {
		// The function's body may have several blocks (analyzableBlocks).
		r := opRegion(p)
		if r == nil {
			return false
		}
		if !r.HasOneBlock() && r != f.Region(0) && !(s.unstructured(r.ParentOp()) && s.blocksModeled(r)) {
			return false
		}
	}
	return true
}

// --- equivalence ---

// regionEquivalentOperand returns the operand whose whole buffer r, the
// result of an operation with a RegionAliasAnalysis model, is under the
// decisions so far, or nil (MLIR's equivalenceAnalysis): an in-place
// operand that is certainly that buffer, or the first of several each
// of which may be it, in place and equivalent (same) to each other.
func (a *analysis) regionEquivalentOperand(r *ir.OpResult, same func(x, y ir.Value) bool) ir.Value {
	var first ir.Value
	all := true
	for _, al := range a.s.regionAliases(r) {
		v := al.u.op.Operand(al.u.i)
		in := a.inPlace[al.u]
		if al.av.Equivalent && in && al.av.Definite {
			return v
		}
		if !al.av.Equivalent || !in {
			all = false
		}
		if first == nil {
			first = v
		} else if !same(v, first) {
			all = false
		}
	}
	if all {
		return first
	}
	return nil
}

// markRequiredInPlace decides in place, before anything else is decided,
// the operands of operations with a RegionAliasAnalysis model that must
// be (what terminators pass on), as MLIR's OneShotAnalysisState does on
// construction.
func (a *analysis) markRequiredInPlace(ops []*ir.Operation) {
	for _, op := range ops {
		if a.s.regionModel(op) == nil {
			continue
		}
		for i, v := range op.Operands() {
			u := use{op, i}
			if !isTensor(v.Type()) || !a.s.mustInPlace(u) {
				continue
			}
			a.inPlace[u] = true
			a.s.decided[u] = true
			for _, r := range a.s.aliasingResults(u) {
				a.union(v, r)
			}
		}
	}
}

// laterFirst returns the uses of set, the later in the function first
// (pre-order, then the later operand first).
func (s *state) laterFirst(set map[use]bool) []use {
	out := make([]use, 0, len(set))
	for u := range set {
		out = append(out, u)
	}
	slices.SortFunc(out, func(x, y use) int {
		if d := s.seq[y.op] - s.seq[x.op]; d != 0 {
			return d
		}
		return y.i - x.i
	})
	return out
}
