package bufferopt

import (
	"math"
	"math/bits"
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
)

// PromoteOptions are the limits of promote-buffers-to-stack.
type PromoteOptions struct {
	// MaxAllocSizeInBytes is the largest statically shaped allocation
	// promoted.
	MaxAllocSizeInBytes uint32
	// MaxRankOfAllocatedMemRef is the largest rank of a dynamically shaped
	// allocation promoted; its sizes must all be memref.rank results.
	MaxRankOfAllocatedMemRef uint32
}

// Promote runs promote-buffers-to-stack on fn: every small heap
// allocation that is never freed and does not leave its automatic
// allocation scope is replaced by the stack allocation its
// AllocationOpInterface builds.
func Promote(fn *ir.Operation, opts PromoteOptions) {
	a := newAnalyses(fn)
	b := ir.NewBuilder(fn.Context())
	for _, e := range a.allocs {
		if !isSmallAlloc(e.value, opts) || e.dealloc != nil || !hasAllocationScope(e.value, a.aliases) {
			continue
		}
		op := ir.DefiningOp(e.value)
		m, ok := bufferization.AllocationOp.Of(op)
		if !ok {
			continue
		}
		mark := a.startOperation(e.value, op.Block())
		if mark == nil {
			continue
		}
		b.SetInsertionPoint(mark)
		alloca := m.BuildPromotedAlloc(b, op)
		if alloca == nil || alloca.NumResults() != 1 {
			continue
		}
		ir.ReplaceAllUsesWith(e.value, alloca.Result(0))
		op.Erase()
	}
}

// isSmallAlloc reports whether v, the result of a memref.alloc, is small
// enough for the stack: statically shaped with at most
// MaxAllocSizeInBytes bytes (its element type sized by the default data
// layout), or of a rank up to MaxRankOfAllocatedMemRef with every dynamic
// size a memref.rank result.
func isSmallAlloc(v ir.Value, opts PromoteOptions) bool {
	alloc, ok := memref.AsAllocOp(ir.DefiningOp(v))
	t, ranked := v.Type().(*ir.MemRefType)
	if !ok || !ranked {
		return false
	}
	numElements, static := staticElementCount(t.Shape)
	if !static {
		if uint64(len(t.Shape)) > uint64(opts.MaxRankOfAllocatedMemRef) {
			return false
		}
		for _, s := range alloc.Operands() {
			if _, isRank := memref.AsRankOp(ir.DefiningOp(s)); !isRank {
				return false
			}
		}
		return true
	}
	width, ok := elementSizeInBits(t.Elem)
	if !ok || numElements < 0 {
		return false
	}
	limit := uint64(opts.MaxAllocSizeInBytes * 8) // unsigned arithmetic, as upstream
	hi, lo := bits.Mul64(uint64(numElements), width)
	return hi == 0 && lo <= limit
}

// staticElementCount returns the number of elements of a shape and
// whether the shape is static; the count is -1 when it overflows int64.
func staticElementCount(shape []int64) (int64, bool) {
	if slices.Contains(shape, ir.Dynamic) {
		return 0, false
	}
	n := int64(1)
	for _, d := range shape {
		if d != 0 && n > math.MaxInt64/d {
			return -1, true
		}
		n *= d
	}
	return n, true
}

// elementSizeInBits returns the size of a memref element type under the
// default data layout (MLIR's getDefaultTypeSizeInBits), and false for
// types that layout does not size (a memref of memrefs, a scalable
// vector).
func elementSizeInBits(t ir.Type) (uint64, bool) {
	switch x := t.(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
		return uint64(ir.IntOrFloatBitWidth(t)), true
	case *ir.ComplexType:
		inner, ok := elementSizeInBits(x.Elem)
		align := abiAlignmentInBits(x.Elem)
		if !ok || align == 0 {
			return 0, false
		}
		// The imaginary part is aligned after the real part.
		return (inner+align-1)/align*align + inner, true
	case *ir.VectorType:
		if len(x.Shape) == 0 || slices.Contains(x.Scalable, true) {
			return 0, false
		}
		elem, ok := elementSizeInBits(x.Elem)
		if !ok {
			return 0, false
		}
		// The innermost dimension is rounded up to a power of two, and
		// elements take whole bytes.
		n := uint64(1)
		for _, d := range x.Shape[:len(x.Shape)-1] {
			n *= uint64(d)
		}
		last := uint64(x.Shape[len(x.Shape)-1])
		if last > 1 {
			last = 1 << bits.Len64(last-1)
		}
		return n * last * ((elem + 7) / 8) * 8, true
	}
	return 0, false
}

// abiAlignmentInBits returns the default alignment of an integer, index
// or float type: its size in bytes rounded up to a power of two.
func abiAlignmentInBits(t ir.Type) uint64 {
	w := ir.IntOrFloatBitWidth(t)
	if w < 0 {
		return 0
	}
	b := uint64((w + 7) / 8)
	if b > 1 {
		b = 1 << bits.Len64(b-1)
	}
	return b * 8
}

// hasAllocationScope reports whether an automatic allocation scope holds
// v's allocation without any alias of v leaving it, walking up through
// the region control flow that is not a loop (MLIR's
// hasAllocationScope).
func hasAllocationScope(v ir.Value, aliases *bufferization.ViewFlow) bool {
	for r := ir.DefiningOp(v).ParentRegion(); r != nil; {
		parent := r.ParentOp()
		if parent == nil {
			break
		}
		if parent.HasTrait(ir.AutomaticAllocationScope) && !leavesRegion(r, aliases.Resolve(v)) {
			return true
		}
		if isLoop(parent) || !isKnownControlFlow(parent) {
			break
		}
		r = parent.ParentRegion()
	}
	return false
}

// leavesRegion reports whether one of aliases is returned from region r.
func leavesRegion(r *ir.Region, aliases []ir.Value) bool {
	for _, alias := range aliases {
		for u := alias.FirstUse(); u != nil; u = u.Next() {
			if user := u.Owner(); isReturnLike(user) && user.ParentRegion() == r {
				return true
			}
		}
	}
	return false
}
