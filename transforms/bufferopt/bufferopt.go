// Package bufferopt holds MLIR's buffer optimization passes, which run on
// bufferized functions before the deallocations are placed:
// buffer-hoisting moves allocations into the dominators of their uses and
// out of nested regions, buffer-loop-hoisting moves them out of loops, and
// promote-buffers-to-stack turns small heap allocations into stack
// allocations. Which allocations may move or be promoted, and how, comes
// from their bufferization.AllocationOpInterface; loops and region
// control flow come from the loop-like and region-branch interfaces.
package bufferopt

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/transforms/internal/liveness"
)

// analyses are what every transformation of the package computes on the
// function first (MLIR's BufferPlacementTransformationBase): the buffer
// aliases, the allocations with their deallocations, and the liveness.
type analyses struct {
	aliases *bufferization.ViewFlow
	allocs  []allocEntry
	live    *liveness.Liveness
}

// allocEntry is an allocated buffer and the operation that frees it (nil
// when none does).
type allocEntry struct {
	value   ir.Value
	dealloc *ir.Operation
}

func newAnalyses(fn *ir.Operation) *analyses {
	return &analyses{aliases: bufferization.NewViewFlow(fn), allocs: collectAllocs(fn), live: liveness.New(fn)}
}

// collectAllocs returns the buffers allocated in fn that can be moved
// (MLIR's BufferPlacementAllocs): the single result allocated by an
// operation with memory effects, on the heap (not in the automatic
// allocation scope), freed by at most one operation.
func collectAllocs(fn *ir.Operation) []allocEntry {
	var out []allocEntry
	fn.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		m, ok := ir.MemoryEffectsOp.Of(op)
		if !ok || ir.AutomaticAllocation.Has(op) {
			return true
		}
		var allocated []ir.Value
		for _, e := range m.Effects(op) {
			if _, isResult := e.Value.(*ir.OpResult); e.Kind == ir.EffectAllocate && isResult {
				allocated = append(allocated, e.Value)
			}
		}
		if len(allocated) != 1 {
			return true
		}
		if dealloc, ok := bufferization.FindDealloc(allocated[0]); ok {
			out = append(out, allocEntry{allocated[0], dealloc})
		}
		return true
	})
	return out
}

// startOperation returns the operation of block b before which alloc may
// be placed (MLIR's BufferPlacementAllocs::getStartOperation): the start
// of alloc's liveness in b, or the operation of b that holds it, or b's
// terminator.
func (a *analyses) startOperation(alloc ir.Value, b *ir.Block) *ir.Operation {
	start := a.live.StartOperation(b, alloc)
	if start != nil && start.Block() != b {
		if anc := ancestorOpIn(b, start); anc != nil {
			return anc
		}
		return b.Terminator()
	}
	return start
}

// ancestorOpIn returns op or the operation enclosing it that lies in
// block b, or nil.
func ancestorOpIn(b *ir.Block, op *ir.Operation) *ir.Operation {
	for op != nil {
		if op.Block() == b {
			return op
		}
		op = op.ParentOp()
	}
	return nil
}

// isKnownControlFlow reports whether op's regions are control flow the
// passes understand: a loop or a region-branch operation.
func isKnownControlFlow(op *ir.Operation) bool {
	return ir.LoopLikeOp.Implements(op) || ir.RegionBranchOp.Implements(op)
}

// isLoop reports whether op is a loop: loop-like, or a region-branch
// operation whose regions form a cycle.
func isLoop(op *ir.Operation) bool {
	return ir.LoopLikeOp.Implements(op) || ir.RegionBranchHasLoop(op)
}

// isSequentialLoop reports whether op is a loop whose iterations run one
// after the other.
func isSequentialLoop(op *ir.Operation) bool {
	return !ir.HasParallelRegion.Has(op) && isLoop(op)
}

func isReturnLike(op *ir.Operation) bool {
	return ir.RegionBranchTerminator.Implements(op) || op.HasTrait(ir.ReturnLike)
}
