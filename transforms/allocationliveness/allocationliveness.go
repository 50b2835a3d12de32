// Package allocationliveness shortens the lifetime of buffers, as MLIR's
// optimize-allocation-liveness pass does: the one deallocation of an
// allocation, when it is in the allocation's block, moves to just after
// the last operation of that block that uses the buffer or a buffer
// derived from it (bufferization.ViewFlow.Resolve).
//
// Allocations and deallocations are recognised by their memory effects
// (MemoryEffectOpInterface): an operation allocates when it has an
// Allocate effect on exactly one of its results, and deallocates a buffer
// when it has a Free effect, on any value, and uses that buffer.
package allocationliveness

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// Run moves the deallocations in fn, a function, to just after the last
// use of what they free.
func Run(fn *ir.Operation) {
	flow := bufferization.NewViewFlow(fn)
	fn.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		allocs, ok := allocations(op)
		if !ok || len(allocs) != 1 {
			// Operations that allocate several buffers are left alone.
			return true
		}
		alloc := allocs[0]
		dealloc := freeingUser(alloc)
		if dealloc == nil || dealloc.Block() != op.Block() {
			// A deallocation in another block (a branch of a
			// conditional, say) stays where it is.
			return true
		}
		if last := lastUser(flow, alloc, op.Block(), dealloc); last != nil && last != dealloc {
			dealloc.MoveAfter(last)
		}
		return true
	})
}

// effects returns op's own memory effects when it declares them through
// MemoryEffectOpInterface.
func effects(op *ir.Operation) ([]ir.MemoryEffect, bool) {
	m, ok := ir.MemoryEffectsOp.Of(op)
	if !ok {
		return nil, false
	}
	return m.Effects(op), true
}

// allocations returns the results of op that it allocates; ok is false
// when op allocates nothing.
func allocations(op *ir.Operation) (allocs []ir.Value, ok bool) {
	es, known := effects(op)
	if !known {
		return nil, false
	}
	for _, e := range es {
		if e.Kind != ir.EffectAllocate {
			continue
		}
		ok = true
		if r, isResult := e.Value.(*ir.OpResult); isResult && r.Owner() == op {
			allocs = append(allocs, r)
		}
	}
	return allocs, ok
}

// freeingUser returns the one user of v with a Free effect, or nil when
// there is none or more than one.
func freeingUser(v ir.Value) *ir.Operation {
	var found *ir.Operation
	for u := v.FirstUse(); u != nil; u = u.Next() {
		es, _ := effects(u.Owner())
		for _, e := range es {
			if e.Kind != ir.EffectFree {
				continue
			}
			if found != nil {
				return nil
			}
			found = u.Owner()
		}
	}
	return found
}

// lastUser returns the last operation of block that is or contains a user
// of alloc or of a buffer derived from it, dealloc aside; nil when there
// is none, or when a user lies outside block, after which the buffer is
// live however the block is ordered.
func lastUser(flow *bufferization.ViewFlow, alloc ir.Value, block *ir.Block, dealloc *ir.Operation) *ir.Operation {
	var last *ir.Operation
	for _, v := range flow.Resolve(alloc) {
		for u := v.FirstUse(); u != nil; u = u.Next() {
			user := u.Owner()
			if user == dealloc {
				continue
			}
			top := ancestorInBlock(block, user)
			if top == nil {
				return nil
			}
			if last == nil || last.IsBeforeInBlock(top) {
				last = top
			}
		}
	}
	return last
}

// ancestorInBlock returns the operation of block that is op or contains
// it, or nil.
func ancestorInBlock(block *ir.Block, op *ir.Operation) *ir.Operation {
	for ; op != nil; op = op.ParentOp() {
		if op.Block() == block {
			return op
		}
	}
	return nil
}
