package memref

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

// opErr is emitOpError: "'memref.x' op msg".
func opErr(op *ir.Operation, format string, args ...any) error {
	return ir.OpError(op, fmt.Sprintf(format, args...))
}

// plainErr is the op's emitError: the message without the operation
// prefix, with the note that shows the operation.
func plainErr(op *ir.Operation, format string, args ...any) error {
	return ir.EmitError(op, fmt.Sprintf(format, args...))
}

func ts(t ir.Type) string { return "'" + ir.TypeString(t) + "'" }

func dynStr(v int64) string {
	if v == ir.Dynamic {
		return "dynamic"
	}
	return fmt.Sprint(v)
}

func verifyDynamicDimensionCount(op *ir.Operation, t *ir.MemRefType, sizes int) error {
	if n := numDynamicDims(t.Shape); n != sizes {
		return opErr(op, "incorrect number of dynamic sizes, has %d, expected %d", sizes, n)
	}
	return nil
}

func verifyAllocLike(op *ir.Operation) error {
	a := AllocOp{op}
	t, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return opErr(op, "result must be a memref")
	}
	if err := verifyDynamicDimensionCount(op, t, len(a.DynamicSizes())); err != nil {
		return err
	}
	if n, got := layoutSymbols(t), len(a.SymbolOperands()); n != got {
		return opErr(op, "symbol operand count does not equal memref symbol count: expected %d, got %d", n, got)
	}
	return nil
}

func verifyAlloca(op *ir.Operation) error {
	hasScope := false
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.AutomaticAllocationScope) {
			hasScope = true
			break
		}
	}
	if !hasScope {
		return opErr(op, "requires an ancestor op with AutomaticAllocationScope trait")
	}
	return verifyAllocLike(op)
}

func verifyRealloc(op *ir.Operation) error {
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	if !isIdentityLayout(src) {
		return plainErr(op, "unsupported layout for source memref type %s", ts(src))
	}
	if !isIdentityLayout(res) {
		return plainErr(op, "unsupported layout for result memref type %s", ts(res))
	}
	if src.MemorySpace != res.MemorySpace {
		return plainErr(op, "different memory spaces specified for source memref type %s and result memref type %s", ts(src), ts(res))
	}
	if src.Elem != res.Elem {
		return plainErr(op, "different element types specified for source memref type %s and result memref type %s", ts(src), ts(res))
	}
	dyn := ReallocOp{op}.DynamicResultSize() != nil
	if numDynamicDims(res.Shape) > 0 && !dyn {
		return plainErr(op, "missing dimension operand for result type %s", ts(res))
	}
	if numDynamicDims(res.Shape) == 0 && dyn {
		return plainErr(op, "unnecessary dimension operand for result type %s", ts(res))
	}
	return nil
}

func verifyAssumeAlignment(op *ir.Operation) error {
	if a, ok := op.InherentAttr("alignment").(*ir.IntegerAttr); ok {
		v := uint32(a.Int64())
		if v == 0 || v&(v-1) != 0 {
			return opErr(op, "alignment must be power of 2")
		}
	}
	return nil
}

func verifyCast(op *ir.Operation) error {
	a, b := op.Operand(0).Type(), op.Result(0).Type()
	if !castCompatible(a, b) {
		return opErr(op, "operand type %s and result type %s are cast incompatible", ts(a), ts(b))
	}
	return nil
}

func verifyMemorySpaceCast(op *ir.Operation) error {
	a, b := op.Operand(0).Type(), op.Result(0).Type()
	ok := false
	aT, aR := a.(*ir.MemRefType)
	bT, bR := b.(*ir.MemRefType)
	_, aU := a.(*ir.UnrankedMemRefType)
	_, bU := b.(*ir.UnrankedMemRefType)
	switch {
	case aR && bR:
		ok = aT.Elem == bT.Elem && aT.Layout == bT.Layout && equalShape(aT.Shape, bT.Shape)
	case aU && bU:
		ok = elementType(a) == elementType(b)
	}
	if !ok {
		return opErr(op, "operand type %s and result type %s are cast incompatible", ts(a), ts(b))
	}
	return nil
}

func equalShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// compatibleShapes is verifyCompatibleShapes for two types.
func compatibleShapes(a, b ir.Type) bool {
	as, ok1 := a.(ir.ShapedType)
	bs, ok2 := b.(ir.ShapedType)
	if !ok1 || !ok2 {
		return true
	}
	ad, ar := as.ShapeDims()
	bd, br := bs.ShapeDims()
	if !ar || !br {
		return true
	}
	if len(ad) != len(bd) {
		return false
	}
	for i := range ad {
		if ad[i] != ir.Dynamic && bd[i] != ir.Dynamic && ad[i] != bd[i] {
			return false
		}
	}
	return true
}

func verifyCopy(op *ir.Operation) error {
	a, b := op.Operand(0).Type(), op.Operand(1).Type()
	if elementType(a) != elementType(b) {
		return opErr(op, "requires the same element type for all operands")
	}
	if !compatibleShapes(a, b) {
		return opErr(op, "requires the same shape for all operands")
	}
	return nil
}

func isIndex(v ir.Value) bool {
	_, ok := v.Type().(*ir.IndexType)
	return ok
}

func allIndex(vs []ir.Value) bool {
	for _, v := range vs {
		if !isIndex(v) {
			return false
		}
	}
	return true
}

func verifyDmaStart(op *ir.Operation) error {
	n := op.NumOperands()
	ops := op.Operands()
	if n < 4 {
		return opErr(op, "expected at least 4 operands")
	}
	sr, ok := memrefRank(ops[0].Type())
	if !ok {
		return opErr(op, "expected source to be of memref type")
	}
	if n < sr+4 {
		return opErr(op, "expected at least %d operands", sr+4)
	}
	if !allIndex(ops[1 : 1+sr]) {
		return opErr(op, "expected source indices to be of index type")
	}
	dst := 1 + sr
	dr, ok := memrefRank(ops[dst].Type())
	if !ok {
		return opErr(op, "expected destination to be of memref type")
	}
	expected := sr + dr + 4
	if n < expected {
		return opErr(op, "expected at least %d operands", expected)
	}
	if !allIndex(ops[dst+1 : dst+1+dr]) {
		return opErr(op, "expected destination indices to be of index type")
	}
	num := dst + 1 + dr
	if !isIndex(ops[num]) {
		return opErr(op, "expected num elements to be of index type")
	}
	tr, ok := memrefRank(ops[num+1].Type())
	if !ok {
		return opErr(op, "expected tag to be of memref type")
	}
	expected += tr
	if n < expected {
		return opErr(op, "expected at least %d operands", expected)
	}
	if !allIndex(ops[num+2 : num+2+tr]) {
		return opErr(op, "expected tag indices to be of index type")
	}
	if n != expected && n != expected+2 {
		return opErr(op, "incorrect number of operands")
	}
	if n == expected+2 && (!isIndex(ops[n-2]) || !isIndex(ops[n-1])) {
		return opErr(op, "expected stride and num elements per stride to be of type index")
	}
	return nil
}

func verifyDmaWait(op *ir.Operation) error {
	w := DmaWaitOp{op}
	rank, _ := memrefRank(w.TagMemRef().Type())
	if got := len(w.TagIndices()); got != rank {
		return opErr(op, "expected tagIndices to have the same number of elements as the tagMemRef rank, expected %d, but got %d", rank, got)
	}
	return nil
}

func verifyPrefetch(op *ir.Operation) error {
	rank, _ := memrefRank(op.Operand(0).Type())
	if op.NumOperands() != 1+rank {
		return opErr(op, "too few indices")
	}
	return nil
}

func verifyGenericAtomicRMW(op *ir.Operation) error {
	body := op.Region(0)
	if body.Empty() || body.First().NumArguments() != 1 {
		return opErr(op, "expected single number of entry block arguments")
	}
	if op.Result(0).Type() != body.First().Argument(0).Type() {
		return opErr(op, "expected block argument of the same type result type")
	}
	var err error
	for _, b := range body.Blocks() {
		b.Ops(func(nested *ir.Operation) bool {
			nested.Walk(ir.PreOrder, func(o *ir.Operation) bool {
				if err != nil {
					return false
				}
				if effs, known := o.Effects(); !known || len(effs) > 0 {
					err = ir.EmitError(o, "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects")
					return false
				}
				return true
			})
			return err == nil
		})
	}
	return err
}

func verifyAtomicYield(op *ir.Operation) error {
	parent := op.ParentOp()
	if parent == nil || parent.NumResults() == 0 {
		return nil
	}
	pt, rt := parent.Result(0).Type(), op.Operand(0).Type()
	if pt != rt {
		return opErr(op, "types mismatch between yield op: %s and its parent: %s", ts(rt), ts(pt))
	}
	return nil
}

var floatKinds = map[AtomicRMWKind]bool{AtomicRMWKindAddf: true, AtomicRMWKindMaximumf: true, AtomicRMWKindMinimumf: true, AtomicRMWKindMulf: true}
var intKinds = map[AtomicRMWKind]bool{AtomicRMWKindAddi: true, AtomicRMWKindMaxs: true, AtomicRMWKindMaxu: true,
	AtomicRMWKindMins: true, AtomicRMWKindMinu: true, AtomicRMWKindMuli: true, AtomicRMWKindOri: true,
	AtomicRMWKindXori: true, AtomicRMWKindAndi: true}

func verifyAtomicRMW(op *ir.Operation) error {
	a := AtomicRmwOp{op}
	rank, _ := memrefRank(a.Memref().Type())
	if rank != op.NumOperands()-2 {
		return opErr(op, "expects the number of subscripts to be equal to memref rank")
	}
	k := a.Kind()
	switch {
	case floatKinds[k]:
		if _, ok := a.Value().Type().(*ir.FloatType); !ok {
			return opErr(op, "with kind '%s' expects a floating-point type", k)
		}
	case intKinds[k]:
		if _, ok := a.Value().Type().(*ir.IntegerType); !ok {
			return opErr(op, "with kind '%s' expects an integer type", k)
		}
	}
	return nil
}

func joinInts(v []int64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

func verifyGlobal(op *ir.Operation) error {
	if v, ok := op.InherentAttr("sym_visibility").(*ir.StringAttr); ok {
		if v.Value != "public" && v.Value != "private" && v.Value != "nested" {
			return opErr(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %q", v.Value)
		}
	}
	ta, _ := op.InherentAttr("type").(*ir.TypeAttr)
	if ta == nil {
		return nil
	}
	m, ok := ta.Type.(*ir.MemRefType)
	if !ok || ir.NumElements(m.Shape) < 0 {
		return opErr(op, "type should be static shaped memref, but got %s", ts(ta.Type))
	}
	if init := op.InherentAttr("initial_value"); init != nil {
		var et ir.ShapedType
		switch a := init.(type) {
		case *ir.UnitAttr:
		case *ir.DenseElementsAttr:
			et = a.Type
		case *ir.DenseResourceAttr:
			et = a.Type
		case *ir.SparseElementsAttr:
			et = a.Type
		case *ir.DenseStringElementsAttr:
			et = a.Type
		default:
			return opErr(op, "initial value should be a unit or elements attribute, but got %s", ir.AttrString(init))
		}
		if et != nil {
			if et.ElementType() != m.Elem {
				return opErr(op, "initial value element expected to be of type %s, but was of type %s", ts(m.Elem), ts(et.ElementType()))
			}
			dims, _ := et.ShapeDims()
			if !equalShape(dims, m.Shape) {
				return opErr(op, "initial value shape expected to be %s but was %s", joinInts(m.Shape), joinInts(dims))
			}
		}
	}
	return nil
}

func verifyGetGlobalSymbolUses(op *ir.Operation) error {
	ref, ok := op.InherentAttr("name").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	global := ir.LookupNearestSymbolFrom(op, ref)
	if global == nil || global.Name() != "memref.global" {
		return opErr(op, "'%s' does not reference a valid global memref", ref.Root)
	}
	gt, _ := global.InherentAttr("type").(*ir.TypeAttr)
	if gt != nil && gt.Type != op.Result(0).Type() {
		return opErr(op, "result type %s does not match type %s of the global memref @%s", ts(op.Result(0).Type()), ts(gt.Type), ref.Root)
	}
	return nil
}

func verifyLoad(op *ir.Operation) error {
	l := LoadOp{op}
	rank, _ := memrefRank(l.Memref().Type())
	if got := len(l.Indices()); got != rank {
		return opErr(op, "incorrect number of indices for load, expected %d but got %d", rank, got)
	}
	return nil
}

func verifyStore(op *ir.Operation) error {
	s := StoreOp{op}
	rank, _ := memrefRank(s.Memref().Type())
	if op.NumOperands() != 2+rank {
		return opErr(op, "store index operand count not equal to memref rank")
	}
	return nil
}

func verifyReshape(op *ir.Operation) error {
	r := ReshapeOp{op}
	ot, rt := r.Source().Type(), r.Result().Type()
	if elementType(ot) != elementType(rt) {
		return opErr(op, "element types of source and destination memref types should be the same")
	}
	if m, ok := ot.(*ir.MemRefType); ok && !isIdentityLayout(m) {
		return opErr(op, "source memref type should have identity affine map")
	}
	shape, _ := r.Shape().Type().(*ir.MemRefType)
	if m, ok := rt.(*ir.MemRefType); ok && shape != nil {
		if !isIdentityLayout(m) {
			return opErr(op, "result memref type should have identity affine map")
		}
		if shape.Shape[0] == ir.Dynamic {
			return opErr(op, "cannot use shape operand with dynamic length to reshape to statically-ranked memref type")
		}
		if shape.Shape[0] != int64(len(m.Shape)) {
			return opErr(op, "length of shape operand differs from the result's memref rank")
		}
	}
	return nil
}

func verifyView(op *ir.Operation) error {
	v := ViewOp{op}
	base, ok1 := v.Source().Type().(*ir.MemRefType)
	view, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	if !isIdentityLayout(base) {
		return plainErr(op, "unsupported map for base memref type %s", ts(base))
	}
	if !isIdentityLayout(view) {
		return plainErr(op, "unsupported map for result memref type %s", ts(view))
	}
	if base.MemorySpace != view.MemorySpace {
		return plainErr(op, "different memory spaces specified for base memref type %s and view memref type %s", ts(base), ts(view))
	}
	return verifyDynamicDimensionCount(op, view, len(v.Sizes()))
}

// offsetSizeStride reads the OffsetSizeAndStrideOpInterface view of a
// subview or reinterpret_cast.
func offsetSizeStride(op *ir.Operation) viewlike.OffsetSizeStride {
	switch op.Name() {
	case "memref.subview":
		s := SubviewOp{op}
		o := viewlike.OffsetSizeStride{Offsets: s.Offsets(), Sizes: s.Sizes(), Strides: s.Strides(),
			StaticOffsets: viewlike.I64s(s.StaticOffsets()), StaticSizes: viewlike.I64s(s.StaticSizes()),
			StaticStrides: viewlike.I64s(s.StaticStrides())}
		r, _ := memrefRank(s.Source().Type())
		o.MaxRanks = [3]int{r, r, r}
		return o
	default:
		s := ReinterpretCastOp{op}
		o := viewlike.OffsetSizeStride{Offsets: s.Offsets(), Sizes: s.Sizes(), Strides: s.Strides(),
			StaticOffsets: viewlike.I64s(s.StaticOffsets()), StaticSizes: viewlike.I64s(s.StaticSizes()),
			StaticStrides: viewlike.I64s(s.StaticStrides())}
		r, _ := memrefRank(s.Result().Type())
		o.MaxRanks = [3]int{1, r, r}
		return o
	}
}

func verifyReinterpretCast(op *ir.Operation) error {
	o := offsetSizeStride(op)
	if err := o.Verify(op); err != nil {
		return err
	}
	src := op.Operand(0).Type()
	res, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return nil
	}
	if MemorySpaceOf(src) != res.MemorySpace {
		return plainErr(op, "different memory spaces specified for source type %s and result memref type %s", ts(src), ts(res))
	}
	if elementType(src) != res.Elem {
		return plainErr(op, "different element types specified for source type %s and result memref type %s", ts(src), ts(res))
	}
	for i, d := range res.Shape {
		if i < len(o.StaticSizes) && d != ir.Dynamic && d != o.StaticSizes[i] {
			return plainErr(op, "expected result type with size = %s instead of %d in dim = %d", dynStr(o.StaticSizes[i]), d, i)
		}
	}
	strides, offset, ok := viewlike.StridesAndOffset(res)
	if !ok {
		return plainErr(op, "expected result type to have strided layout but found %s", ts(res))
	}
	if exp := o.StaticOffsets[0]; offset != ir.Dynamic && offset != exp {
		return plainErr(op, "expected result type with offset = %s instead of %d", dynStr(exp), offset)
	}
	for i, s := range strides {
		if i < len(o.StaticStrides) && s != ir.Dynamic && s != o.StaticStrides[i] {
			return plainErr(op, "expected result type with stride = %s instead of %d in dim = %d", dynStr(o.StaticStrides[i]), s, i)
		}
	}
	return nil
}

func verifySubView(op *ir.Operation) error {
	o := offsetSizeStride(op)
	if err := o.Verify(op); err != nil {
		return err
	}
	base, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	sub, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	if base.MemorySpace != sub.MemorySpace {
		return plainErr(op, "different memory spaces specified for base memref type %s and subview memref type %s", ts(base), ts(sub))
	}
	if !viewlike.IsStrided(base) {
		return plainErr(op, "base type %s is not strided", ts(base))
	}
	ctx := op.Context()
	expected := subviewResultType(ctx, base, o.StaticOffsets, o.StaticSizes, o.StaticStrides)
	layoutErr := func() error {
		return plainErr(op, "expected result type to be %s or a rank-reduced version. (mismatch of result layout), but got %s", ts(expected), ts(sub))
	}
	if expected != sub {
		if len(sub.Shape) > len(expected.Shape) {
			return plainErr(op, "expected result rank to be smaller or equal to the source rank, but got %s", ts(sub))
		}
		if _, ok := rankReductionMask(expected.Shape, sub.Shape); !ok {
			return plainErr(op, "expected result type to be %s or a rank-reduced version. (mismatch of result sizes), but got %s", ts(expected), ts(sub))
		}
		if expected.Elem != sub.Elem {
			return plainErr(op, "expected result element type to be %s, but got %s", ts(expected.Elem), ts(sub))
		}
	}
	es, eo, _ := viewlike.StridesAndOffset(expected)
	ss, so, ok := viewlike.StridesAndOffset(sub)
	if !ok || eo != so {
		return layoutErr()
	}
	unused, ok := memrefRankReductionMask(expected, sub, o.MixedSizes(ctx))
	if !ok {
		return layoutErr()
	}
	j := 0
	for i := range es {
		if unused[i] {
			continue
		}
		if j >= len(ss) || es[i] != ss[j] {
			return layoutErr()
		}
		j++
	}
	for i, dim := range base.Shape {
		if i >= len(o.StaticOffsets) || i >= len(o.StaticSizes) || i >= len(o.StaticStrides) {
			break
		}
		off, size, stride := o.StaticOffsets[i], o.StaticSizes[i], o.StaticStrides[i]
		if off == ir.Dynamic || size == ir.Dynamic || stride == ir.Dynamic || dim == ir.Dynamic {
			continue
		}
		if size == 0 && off <= dim {
			continue
		}
		last := off + (size-1)*stride
		if off >= 0 && off < dim && last >= 0 && last < dim {
			continue
		}
		if off < 0 || off >= dim {
			return plainErr(op, "offset %d is out-of-bounds: %d >= %d", i, off, dim)
		}
		return plainErr(op, "slice along dimension %d runs out-of-bounds: %d >= %d", i, last, dim)
	}
	return nil
}

// verifyCollapsedShape is upstream's helper of the same name.
func verifyCollapsedShape(op *ir.Operation, collapsed, expanded []int64, reassoc [][]int64) error {
	if len(collapsed) != len(reassoc) {
		return opErr(op, "invalid number of reassociation groups: found %d, expected %d", len(reassoc), len(collapsed))
	}
	next := int64(0)
	for ci, group := range reassoc {
		foundDynamic := false
		for _, e := range group {
			if e != next {
				return opErr(op, "reassociation indices must be contiguous")
			}
			next++
			if e >= int64(len(expanded)) || e < 0 {
				return opErr(op, "reassociation index %d is out of bounds", e)
			}
			if expanded[e] == ir.Dynamic {
				foundDynamic = true
			}
		}
		if (collapsed[ci] == ir.Dynamic) != foundDynamic {
			return opErr(op, "collapsed dim (%d) must be dynamic if and only if reassociation group is dynamic", ci)
		}
		if !foundDynamic {
			size := int64(1)
			for _, e := range group {
				size *= expanded[e]
			}
			if size != collapsed[ci] {
				return opErr(op, "collapsed dim size (%d) must equal reassociation group size (%d)", collapsed[ci], size)
			}
		}
	}
	if len(collapsed) == 0 {
		for _, d := range expanded {
			if d != 1 {
				return opErr(op, "rank 0 memrefs can only be extended/collapsed with/from ones")
			}
		}
	} else if next != int64(len(expanded)) {
		return opErr(op, "expanded rank (%d) inconsistent with number of reassociation indices (%d)", len(expanded), next)
	}
	return nil
}

func verifyExpandShape(op *ir.Operation) error {
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	if r0, r1 := len(src.Shape), len(res.Shape); r0 > r1 {
		return opErr(op, "has source rank %d and result rank %d. This is not an expansion (%d > %d).", r0, r1, r0, r1)
	}
	reassoc := reassociation(op)
	if err := verifyCollapsedShape(op, src.Shape, res.Shape, reassoc); err != nil {
		return err
	}
	exp, ok := ExpandedType(op.Context(), src, res.Shape, reassoc)
	if !ok {
		return opErr(op, "invalid source layout map")
	}
	if exp != res {
		return opErr(op, "expected expanded type to be %s but found %s", ts(exp), ts(res))
	}
	e := ExpandShapeOp{op}
	static := viewlike.I64s(e.StaticOutputShape())
	if len(static) != len(res.Shape) {
		return opErr(op, "expected number of static shape bounds to be equal to the output rank (%d) but found %d inputs instead", len(res.Shape), len(static))
	}
	if n := numDynamicDims(static); n != len(e.OutputShape()) {
		return opErr(op, "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has %d dynamic dims while output_shape has %d values", n, len(e.OutputShape()))
	}
	for i, d := range res.Shape {
		if d != ir.Dynamic && d != static[i] {
			return opErr(op, "invalid output shape provided at pos %d", i)
		}
	}
	return nil
}

func verifyCollapseShape(op *ir.Operation) error {
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	if r0, r1 := len(src.Shape), len(res.Shape); r0 < r1 {
		return opErr(op, "has source rank %d and result rank %d. This is not a collapse (%d < %d).", r0, r1, r0, r1)
	}
	reassoc := reassociation(op)
	if err := verifyCollapsedShape(op, res.Shape, src.Shape, reassoc); err != nil {
		return err
	}
	exp, ok := CollapsedType(op.Context(), src, res.Shape, reassoc)
	if !ok {
		return opErr(op, "invalid source layout map or collapsing non-contiguous dims")
	}
	if exp != res {
		return opErr(op, "expected collapsed type to be %s but found %s", ts(exp), ts(res))
	}
	return nil
}

func verifyExtractStridedMetadata(op *ir.Operation) error {
	src, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok {
		return nil
	}
	rank := len(src.Shape)
	if op.NumResults() != 2+2*rank {
		return opErr(op, "expected %d results, got %d", 2+2*rank, op.NumResults())
	}
	return nil
}

// verifyTranspose is TransposeOp::verify.
func verifyTranspose(op *ir.Operation) error {
	pa, _ := op.InherentAttr("permutation").(*ir.AffineMapAttr)
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if pa == nil || !ok1 || !ok2 {
		return nil
	}
	perm := pa.Map
	if !perm.IsPermutation() {
		return opErr(op, "expected a permutation map")
	}
	if perm.NumDims != len(src.Shape) {
		return opErr(op, "expected a permutation map of same rank as the input")
	}
	ctx := op.Context()
	inferred := transposeResultType(ctx, src, perm)
	canon := canonicalizeStridedLayout(ctx, inferred)
	if canonicalizeStridedLayout(ctx, res) != canon {
		return opErr(op, "result type %s is not equivalent to the canonical transposed input type %s", ts(res), ts(canon))
	}
	return nil
}

func verifyDistinctObjects(op *ir.Operation) error {
	in, out := op.OperandTypes(), op.ResultTypes()
	same := len(in) == len(out)
	for i := 0; same && i < len(in); i++ {
		same = in[i] == out[i]
	}
	if !same {
		return opErr(op, "operand types and result types must match")
	}
	if len(in) == 0 {
		return opErr(op, "expected at least one operand")
	}
	return nil
}
