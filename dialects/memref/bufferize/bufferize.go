// Package bufferize holds the models of the memref dialect's operations
// for the buffer analyses of the bufferization passes (MLIR's memref
// BufferViewFlowOpInterface and AllocationOpInterface external models):
// Register attaches them to a context.
package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
)

// Register attaches the view-flow and allocation models of the memref
// dialect's operations to ctx.
func Register(ctx *ir.Context) {
	bufferization.BufferViewFlowOp.AttachTo(ctx, memref.ReallocOpName, reallocViewFlow{})
	bufferization.AllocationOp.AttachTo(ctx, memref.AllocOpName, allocAllocation{})
	bufferization.AllocationOp.AttachTo(ctx, memref.AllocaOpName, allocaAllocation{})
	bufferization.AllocationOp.AttachTo(ctx, memref.ReallocOpName, reallocAllocation{})
}

// allocAllocation is memref.alloc's AllocationOpInterface: it may move
// out of loops and into dominating blocks, and becomes a memref.alloca of
// the same sizes and attributes on the stack.
type allocAllocation struct{}

func (allocAllocation) HoistingKind(*ir.Operation) bufferization.HoistingKind {
	return bufferization.HoistLoop | bufferization.HoistBlock
}

func (allocAllocation) BuildPromotedAlloc(b *ir.Builder, op *ir.Operation) *ir.Operation {
	a, _ := memref.AsAllocOp(op)
	alloca := memref.BuildAlloca(b, op.Loc(), a.DynamicSizes(), a.SymbolOperands(), a.Memref().Type(),
		memref.AllocaOptions{Alignment: a.Alignment()})
	if alloca.Operation == nil {
		return nil
	}
	alloca.SetAttrs(op.Attrs())
	return alloca.Operation
}

// allocaAllocation is memref.alloca's AllocationOpInterface: it may move
// out of loops (allocating once instead of once per iteration) but is not
// moved to dominating blocks.
type allocaAllocation struct{}

func (allocaAllocation) HoistingKind(*ir.Operation) bufferization.HoistingKind {
	return bufferization.HoistLoop
}

func (allocaAllocation) BuildPromotedAlloc(*ir.Builder, *ir.Operation) *ir.Operation { return nil }

// reallocAllocation is memref.realloc's AllocationOpInterface: it stays
// where it is and on the heap.
type reallocAllocation struct{}

func (reallocAllocation) HoistingKind(*ir.Operation) bufferization.HoistingKind { return 0 }

func (reallocAllocation) BuildPromotedAlloc(*ir.Builder, *ir.Operation) *ir.Operation { return nil }

// reallocViewFlow is memref.realloc's BufferViewFlowOpInterface: the
// result may be the source buffer (grown in place) or a new allocation.
type reallocViewFlow struct{}

func (reallocViewFlow) PopulateDependencies(op *ir.Operation, register func(from, to ir.Value)) {
	r, _ := memref.AsReallocOp(op)
	register(r.Source(), r.Result())
}

func (reallocViewFlow) MayBeTerminalBuffer(*ir.Operation, ir.Value) bool { return true }
