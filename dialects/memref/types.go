package memref

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

// satMul and satAdd are MLIR's SaturatedInteger arithmetic: ir.Dynamic
// absorbs everything.
func satMul(a, b int64) int64 {
	if a == 0 || b == 0 {
		// Zero times a dynamic value is zero (SaturatedInteger::operator*).
		return 0
	}
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a * b
}

func satAdd(a, b int64) int64 {
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a + b
}

// isIdentityLayout is MemRefLayoutAttrInterface::isIdentity: no layout, an
// identity map, or a strided layout whose map is the identity (rank 1,
// stride 1, offset 0).
func isIdentityLayout(t *ir.MemRefType) bool {
	if viewlike.IsIdentityLayout(t) {
		return true
	}
	s, ok := t.Layout.(*ir.StridedLayoutAttr)
	return ok && s.Offset == 0 && len(s.Strides) == 1 && s.Strides[0] == 1
}

// layoutSymbols is the number of symbols of t's layout map.
func layoutSymbols(t *ir.MemRefType) int {
	switch l := t.Layout.(type) {
	case *ir.AffineMapAttr:
		return l.Map.NumSyms
	case *ir.StridedLayoutAttr:
		if isIdentityLayout(t) {
			return 0
		}
		n := 0
		if l.Offset == ir.Dynamic {
			n++
		}
		for _, s := range l.Strides {
			if s == ir.Dynamic {
				n++
			}
		}
		return n
	}
	return 0
}

func numDynamicDims(shape []int64) int {
	n := 0
	for _, d := range shape {
		if d == ir.Dynamic {
			n++
		}
	}
	return n
}

// dynamicDimIndex is the position of dimension i among the dynamic ones.
func dynamicDimIndex(shape []int64, i int) int {
	return numDynamicDims(shape[:i])
}

// MemorySpaceOf returns the memory space of a memref type, ranked or
// unranked: nil for the default space and for a type that is no memref.
func MemorySpaceOf(t ir.Type) ir.Attribute {
	switch t := t.(type) {
	case *ir.MemRefType:
		return t.MemorySpace
	case *ir.UnrankedMemRefType:
		return t.MemorySpace
	}
	return nil
}

func elementType(t ir.Type) ir.Type {
	if s, ok := t.(ir.ShapedType); ok {
		return s.ElementType()
	}
	return nil
}

func stridedType(ctx *ir.Context, shape []int64, elem ir.Type, offset int64, strides []int64, space ir.Attribute) *ir.MemRefType {
	return ctx.MemRefType(shape, elem, ctx.StridedLayoutAttr(offset, strides), space)
}

// castCompatible is memref::CastOp::areCastCompatible.
func castCompatible(a, b ir.Type) bool {
	aT, aRanked := a.(*ir.MemRefType)
	bT, bRanked := b.(*ir.MemRefType)
	if aRanked && bRanked {
		if aT.Elem != bT.Elem {
			return false
		}
		if aT.Layout != bT.Layout {
			as, ao, ok1 := viewlike.StridesAndOffset(aT)
			bs, bo, ok2 := viewlike.StridesAndOffset(bT)
			if !ok1 || !ok2 || len(as) != len(bs) {
				return false
			}
			compat := func(x, y int64) bool { return x == ir.Dynamic || y == ir.Dynamic || x == y }
			if !compat(ao, bo) {
				return false
			}
			for i := range as {
				if !compat(as[i], bs[i]) {
					return false
				}
			}
		}
		if aT.MemorySpace != bT.MemorySpace || len(aT.Shape) != len(bT.Shape) {
			return false
		}
		for i := range aT.Shape {
			if aT.Shape[i] != ir.Dynamic && bT.Shape[i] != ir.Dynamic && aT.Shape[i] != bT.Shape[i] {
				return false
			}
		}
		return true
	}
	_, aU := a.(*ir.UnrankedMemRefType)
	_, bU := b.(*ir.UnrankedMemRefType)
	if (!aRanked && !aU) || (!bRanked && !bU) || (aU && bU) {
		return false
	}
	return elementType(a) == elementType(b) && MemorySpaceOf(a) == MemorySpaceOf(b)
}

// canFoldCastIntoConsumer is memref::CastOp::canFoldIntoConsumerOp: the
// cast only erases static information.
// CanFoldCastIntoConsumer reports whether a memref.cast from src to dst
// only erases static information, so that an operation using its result
// may use its source instead (MLIR's CastOp::canFoldIntoConsumerOp).
func CanFoldCastIntoConsumer(src, dst ir.Type) bool { return canFoldCastIntoConsumer(src, dst) }

func canFoldCastIntoConsumer(src, dst ir.Type) bool {
	s, ok1 := src.(*ir.MemRefType)
	d, ok2 := dst.(*ir.MemRefType)
	if !ok1 || !ok2 || s.Elem != d.Elem || len(s.Shape) != len(d.Shape) {
		return false
	}
	ss, so, ok1 := viewlike.StridesAndOffset(s)
	ds, do, ok2 := viewlike.StridesAndOffset(d)
	if !ok1 || !ok2 {
		return false
	}
	moreStatic := func(a, b int64) bool { return a != b && a == ir.Dynamic && b != ir.Dynamic }
	for i := range s.Shape {
		if moreStatic(s.Shape[i], d.Shape[i]) {
			return false
		}
	}
	if moreStatic(so, do) {
		return false
	}
	for i := range ss {
		if moreStatic(ss[i], ds[i]) {
			return false
		}
	}
	return true
}

// subviewResultType is SubViewOp::inferResultType.
func subviewResultType(ctx *ir.Context, src *ir.MemRefType, offsets, sizes, strides []int64) *ir.MemRefType {
	srcStrides, srcOffset, _ := viewlike.StridesAndOffset(src)
	off := srcOffset
	for i := range offsets {
		if i < len(srcStrides) {
			off = satAdd(off, satMul(offsets[i], srcStrides[i]))
		}
	}
	st := make([]int64, len(strides))
	for i := range strides {
		if i < len(srcStrides) {
			st[i] = satMul(srcStrides[i], strides[i])
		}
	}
	return stridedType(ctx, sizes, src.Elem, off, st, src.MemorySpace)
}

// rankReductionMask is computeRankReductionMask: the dimensions of
// original dropped to get reduced, or ok=false.
func rankReductionMask(original, reduced []int64) (map[int]bool, bool) {
	unused := map[int]bool{}
	j := 0
	for i, d := range original {
		if j < len(reduced) && d == reduced[j] {
			j++
			continue
		}
		unused[i] = true
		if d != 1 {
			return nil, false
		}
	}
	if j != len(reduced) {
		return nil, false
	}
	return unused, true
}

// memrefRankReductionMask is computeMemRefRankReductionMask.
func memrefRankReductionMask(original, reduced *ir.MemRefType, sizes []ir.FoldResult) ([]bool, bool) {
	unused := make([]bool, len(original.Shape))
	if len(original.Shape) == len(reduced.Shape) {
		return unused, true
	}
	count := 0
	for i, s := range sizes {
		if ia, ok := s.Attr.(*ir.IntegerAttr); ok && s.Value == nil && ia.Int64() == 1 && i < len(unused) {
			unused[i] = true
			count++
		}
	}
	if count+len(reduced.Shape) == len(original.Shape) {
		return unused, true
	}
	os, _, ok1 := viewlike.StridesAndOffset(original)
	cs, _, ok2 := viewlike.StridesAndOffset(reduced)
	if !ok1 || !ok2 {
		return nil, false
	}
	unaccounted := map[int64]int{}
	for _, s := range os {
		unaccounted[s]++
	}
	cand := map[int64]int{}
	for _, s := range cs {
		cand[s]++
	}
	for i := range unused {
		if !unused[i] {
			continue
		}
		s := os[i]
		switch {
		case unaccounted[s] > cand[s]:
			unaccounted[s]--
		case unaccounted[s] == cand[s]:
			unused[i] = false
			count--
		default:
			return nil, false
		}
	}
	if count+len(reduced.Shape) != len(original.Shape) {
		return nil, false
	}
	return unused, true
}

// reassociation reads a reassociation attribute [[0, 1], [2]].
func reassociation(op *ir.Operation) [][]int64 {
	arr, ok := op.InherentAttr("reassociation").(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	out := make([][]int64, 0, len(arr.Elems))
	for _, g := range arr.Elems {
		ga, ok := g.(*ir.ArrayAttr)
		if !ok {
			return nil
		}
		var grp []int64
		for _, e := range ga.Elems {
			if ia, ok := e.(*ir.IntegerAttr); ok {
				grp = append(grp, ia.Int64())
			}
		}
		out = append(out, grp)
	}
	return out
}

// ExpandedType returns the type of the memref.expand_shape of a buffer of
// type src into shape with the reassociation groups reassoc (MLIR's
// ExpandShapeOp::computeExpandedType): an identity buffer expands into an
// identity one, a strided one into the strides its groups imply; false
// when src's layout is not strided.
func ExpandedType(ctx *ir.Context, src *ir.MemRefType, shape []int64, reassoc [][]int64) (*ir.MemRefType, bool) {
	if isIdentityLayout(src) {
		return ctx.MemRefType(shape, src.Elem, nil, src.MemorySpace), true
	}
	srcStrides, srcOffset, ok := viewlike.StridesAndOffset(src)
	if !ok || len(srcStrides) != len(reassoc) {
		return nil, false
	}
	var rev []int64
	si := len(shape) - 1
	for g := len(reassoc) - 1; g >= 0; g-- {
		cur := srcStrides[g]
		for range reassoc[g] {
			rev = append(rev, cur)
			if si >= 0 {
				cur = satMul(cur, shape[si])
			}
			si--
		}
	}
	strides := make([]int64, len(shape))
	for i := range strides {
		strides[i] = 1
	}
	for i := 0; i < len(rev) && i < len(strides); i++ {
		strides[i] = rev[len(rev)-1-i]
	}
	return stridedType(ctx, shape, src.Elem, srcOffset, strides, src.MemorySpace), true
}

// CollapsedType returns the type of the memref.collapse_shape of a buffer
// of type src into shape with the reassociation groups reassoc (MLIR's
// CollapseShapeOp::computeCollapsedType, the result shape given): an
// identity buffer collapses into an identity one; false when src's layout
// is not strided or a group is certainly not contiguous.
func CollapsedType(ctx *ir.Context, src *ir.MemRefType, shape []int64, reassoc [][]int64) (*ir.MemRefType, bool) {
	if isIdentityLayout(src) {
		return ctx.MemRefType(shape, src.Elem, nil, src.MemorySpace), true
	}
	l, ok := collapsedLayout(ctx, src, reassoc, false)
	if !ok {
		return nil, false
	}
	return ctx.MemRefType(shape, src.Elem, l, src.MemorySpace), true
}

// GuaranteedCollapsible reports whether the groups reassoc of a buffer of
// type src are known to be contiguous, so that it collapses without a copy
// (MLIR's CollapseShapeOp::isGuaranteedCollapsible): an identity buffer
// always, a strided one when its static strides say so.
func GuaranteedCollapsible(ctx *ir.Context, src *ir.MemRefType, reassoc [][]int64) bool {
	if isIdentityLayout(src) {
		return true
	}
	_, ok := collapsedLayout(ctx, src, reassoc, true)
	return ok
}

// Reassociation returns the reassociation groups of a reshape operation
// (memref or tensor expand_shape and collapse_shape), from its
// `reassociation` attribute.
func Reassociation(op *ir.Operation) [][]int64 { return reassociation(op) }

// collapsedLayout is computeCollapsedLayoutMap. Not strict, a group whose
// strides are not all known is taken as contiguous; strict, it is not.
func collapsedLayout(ctx *ir.Context, src *ir.MemRefType, reassoc [][]int64, strict bool) (*ir.StridedLayoutAttr, bool) {
	srcStrides, srcOffset, ok := viewlike.StridesAndOffset(src)
	if !ok {
		return nil, false
	}
	shape := src.Shape
	var result []int64
	for _, g := range reassoc {
		if len(g) == 0 {
			return nil, false
		}
		ref := g
		for len(ref) > 1 && shape[ref[len(ref)-1]] == 1 {
			ref = ref[:len(ref)-1]
		}
		last := ref[len(ref)-1]
		if shape[last] != ir.Dynamic || len(ref) == 1 {
			result = append(result, srcStrides[last])
		} else {
			result = append(result, ir.Dynamic)
		}
	}
	ri := len(result) - 1
	for gi := len(reassoc) - 1; gi >= 0; gi-- {
		g := reassoc[gi]
		stride := result[ri]
		ri--
		for k := len(g) - 1; k >= 1; k-- {
			idx := g[k]
			stride = satMul(stride, shape[idx])
			srcStride := srcStrides[idx-1]
			if strict && (stride == ir.Dynamic || srcStride == ir.Dynamic) {
				return nil, false
			}
			if shape[idx-1] == 1 {
				continue
			}
			if stride != ir.Dynamic && srcStride != ir.Dynamic && stride != srcStride {
				return nil, false
			}
		}
	}
	if result == nil {
		result = []int64{}
	}
	return ctx.StridedLayoutAttr(srcOffset, result), true
}
