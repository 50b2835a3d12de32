package memref

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

// This file holds the folders and canonicalizations of
// memref.reinterpret_cast and memref.extract_strided_metadata.

// constify replaces the entries of values whose constant is known, from
// known (static entries other than ir.Dynamic) or from a constant
// operand, by index attributes (MLIR's constifyIndexValues).
func constify(ctx *ir.Context, values []ir.FoldResult, known []int64) []ir.FoldResult {
	out := append([]ir.FoldResult(nil), values...)
	for i := range out {
		if i < len(known) && known[i] != ir.Dynamic {
			out[i] = ir.FoldResult{Attr: ctx.IntegerAttr(ctx.IndexType(), known[i])}
			continue
		}
		if v, ok := viewlike.ConstantIndex(out[i]); ok {
			out[i] = ir.FoldResult{Attr: ctx.IntegerAttr(ctx.IndexType(), v)}
		}
	}
	return out
}

// sameFoldResult reports whether two mixed entries are the same value or
// equal constants.
func sameFoldResult(a, b ir.FoldResult) bool {
	if a.Value != nil || b.Value != nil {
		return a.Value == b.Value
	}
	x, ok1 := a.Attr.(*ir.IntegerAttr)
	y, ok2 := b.Attr.(*ir.IntegerAttr)
	return ok1 && ok2 && x.Int64() == y.Int64()
}

func sameFoldResults(a, b []ir.FoldResult) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameFoldResult(a[i], b[i]) {
			return false
		}
	}
	return true
}

func countStatic(lists ...[]ir.FoldResult) int {
	n := 0
	for _, l := range lists {
		for _, m := range l {
			if m.Value == nil {
				n++
			}
		}
	}
	return n
}

func valuesAsMixed(vs []ir.Value) []ir.FoldResult {
	out := make([]ir.FoldResult, len(vs))
	for i, v := range vs {
		out[i] = ir.FoldResult{Value: v}
	}
	return out
}

// reinterpretConstified returns reinterpret_cast's offset, sizes and
// strides with the constants its result type or constant operands give
// (getConstifiedMixedOffset, ...Sizes, ...Strides).
func reinterpretConstified(ctx *ir.Context, op *ir.Operation) (offset, sizes, strides []ir.FoldResult, ok bool) {
	t, isMemRef := op.Result(0).Type().(*ir.MemRefType)
	if !isMemRef {
		return nil, nil, nil, false
	}
	st, off, strided := viewlike.StridesAndOffset(t)
	if !strided {
		return nil, nil, nil, false
	}
	o := offsetSizeStride(op)
	offset = constify(ctx, o.MixedOffsets(ctx), []int64{off})
	sizes = constify(ctx, o.MixedSizes(ctx), t.Shape)
	strides = constify(ctx, o.MixedStrides(ctx), st)
	return offset, sizes, strides, len(offset) == 1
}

// metadataConstified returns the offset, sizes and strides results of
// extract_strided_metadata, with the constants its source type gives.
func metadataConstified(ctx *ir.Context, op *ir.Operation) (offset, sizes, strides []ir.FoldResult, ok bool) {
	t, isMemRef := op.Operand(0).Type().(*ir.MemRefType)
	if !isMemRef || op.NumResults() != 2+2*len(t.Shape) {
		return nil, nil, nil, false
	}
	st, off, strided := viewlike.StridesAndOffset(t)
	if !strided {
		return nil, nil, nil, false
	}
	res := make([]ir.Value, op.NumResults())
	for i := range res {
		res[i] = op.Result(i)
	}
	rank := len(t.Shape)
	offset = constify(ctx, valuesAsMixed(res[1:2]), []int64{off})
	sizes = constify(ctx, valuesAsMixed(res[2:2+rank]), t.Shape)
	strides = constify(ctx, valuesAsMixed(res[2+rank:]), st)
	return offset, sizes, strides, true
}

// foldReinterpretCast is ReinterpretCastOp::fold: a reinterpret_cast of a
// reinterpret_cast, of a cast or of a subview at offset zero takes their
// source; one that changes nothing is its source.
func foldReinterpretCast(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	src := op.Operand(0)
	var prev ir.Value
	if def := definingOp(src); def != nil {
		switch def.Name() {
		case "memref.reinterpret_cast", "memref.cast":
			prev = def.Operand(0)
		case "memref.subview":
			zero := true
			for _, m := range offsetSizeStride(def).MixedOffsets(op.Context()) {
				if v, ok := viewlike.ConstantIndex(m); !ok || v != 0 {
					zero = false
					break
				}
			}
			if zero {
				prev = def.Operand(0)
			}
		}
	}
	if prev != nil {
		op.SetOperand(0, prev)
		return nil, true
	}
	t, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return nil, false
	}
	for _, d := range t.Shape {
		if d == ir.Dynamic {
			return nil, false
		}
	}
	offs := viewlike.I64s(op.InherentAttr("static_offsets"))
	if src.Type() == ir.Type(t) && len(offs) > 0 && offs[0] == 0 {
		return []ir.FoldResult{{Value: src}}, true
	}
	return nil, false
}

// foldExtractStridedMetadata is ExtractStridedMetadataOp::fold: uses of
// the results that the source type makes constant take materialized
// constants, and the source of a cast is read directly.
func foldExtractStridedMetadata(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	ctx := op.Context()
	offset, sizes, strides, ok := metadataConstified(ctx, op)
	if !ok {
		return nil, false
	}
	replaced := false
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(op)
	arith := ctx.Dialect("arith")
	replace := func(first int, consts []ir.FoldResult) {
		for i, c := range consts {
			res := op.Result(first + i)
			if !ir.HasUses(res) || c.Value != nil || arith == nil || arith.MaterializeConstant == nil {
				continue
			}
			cop := arith.MaterializeConstant(b, c.Attr, ctx.IndexType(), op.Loc())
			if cop == nil {
				continue
			}
			ir.ReplaceAllUsesWith(res, cop.Result(0))
			replaced = true
		}
	}
	replace(1, offset)
	replace(2, sizes)
	replace(2+len(sizes), strides)
	if def := definingOp(op.Operand(0)); def != nil && def.Name() == "memref.cast" {
		if _, ok := def.Operand(0).Type().(*ir.MemRefType); ok {
			op.SetOperand(0, def.Operand(0))
			replaced = true
		}
	}
	return nil, replaced
}

// reinterpretOfMetadata is ReinterpretCastOpExtractStridedMetadataFolder:
// a reinterpret_cast that rebuilds what extract_strided_metadata took
// apart is (a cast of) the metadata's source; otherwise it reads the
// source's base directly.
func reinterpretOfMetadata(op *ir.Operation, r *rewrite.Rewriter) bool {
	esm := definingOp(op.Operand(0))
	if esm == nil || esm.Name() != "memref.extract_strided_metadata" {
		return false
	}
	ctx := r.Ctx
	eo, es, est, ok1 := metadataConstified(ctx, esm)
	ro, rs, rst, ok2 := reinterpretConstified(ctx, op)
	if !ok1 || !ok2 {
		return false
	}
	if !sameFoldResults(est, rst) || !sameFoldResults(es, rs) || !sameFoldResults(eo, ro) {
		r.ModifyInPlace(op, func() { op.SetOperand(0, esm.Operand(0)) })
		return true
	}
	castTo(r, op, esm.Operand(0))
	return true
}

// reinterpretConstants is ReinterpretCastOpConstantFolder: constant
// offsets, sizes and strides become static, with a cast back to the
// original type.
func reinterpretConstants(op *ir.Operation, r *rewrite.Rewriter) bool {
	ctx := r.Ctx
	o := offsetSizeStride(op)
	before := countStatic(o.MixedOffsets(ctx), o.MixedSizes(ctx), o.MixedStrides(ctx))
	offset, sizes, strides, ok := reinterpretConstified(ctx, op)
	if !ok || countStatic(offset, sizes, strides) == before {
		return false
	}
	src := op.Operand(0)
	so, do := viewlike.DecomposeMixedValues(offset)
	ss, ds := viewlike.DecomposeMixedValues(sizes)
	st, dt := viewlike.DecomposeMixedValues(strides)
	var elem ir.Type
	var space ir.Attribute
	switch t := src.Type().(type) {
	case *ir.MemRefType:
		elem, space = t.Elem, t.MemorySpace
	case *ir.UnrankedMemRefType:
		elem, space = t.Elem, t.MemorySpace
	default:
		return false
	}
	nt := stridedType(ctx, ss, elem, so[0], st, space)
	props := withProps(ctx, op, map[string]ir.Attribute{
		"static_offsets":      ctx.DenseI64Array(so...),
		"static_sizes":        ctx.DenseI64Array(ss...),
		"static_strides":      ctx.DenseI64Array(st...),
		"operandSegmentSizes": ctx.DenseI32Array(1, int32(len(do)), int32(len(ds)), int32(len(dt))),
	})
	operands := []ir.Value{src}
	operands = append(append(append(operands, do...), ds...), dt...)
	nv := cloneWith(r, op, operands, nt, props)
	r.SetInsertionPoint(op)
	c := r.Create(&ir.OperationState{Name: ctx.OpName("memref.cast"), Loc: op.Loc(),
		Operands: []ir.Value{nv.Result(0)}, ResultTypes: []ir.Type{op.Result(0).Type()}})
	r.ReplaceOp(op, c.Results())
	return true
}

// dimOfReshape is DimOfMemRefReshape: the dim of a memref.reshape's result
// is a load from its shape operand, placed right after the reshape (so
// that the shape was not written in between), when the index is known to
// be defined before the reshape.
func dimOfReshape(op *ir.Operation, r *rewrite.Rewriter) bool {
	reshape := definingOp(op.Operand(0))
	if reshape == nil || reshape.Name() != "memref.reshape" {
		return false
	}
	idx := op.Operand(1)
	if ir.ParentBlock(idx) == reshape.Block() {
		if def := ir.DefiningOp(idx); def != nil && reshape.IsBeforeInBlock(def) {
			return false
		}
	} else if op.Block() != reshape.Block() {
		// The index must be defined in a region enclosing the reshape.
		var ir0 *ir.Region
		if b := ir.ParentBlock(idx); b != nil {
			ir0 = b.Parent()
		}
		rr := reshape.ParentRegion()
		if ir0 == nil || ir0 == rr || !ir0.IsAncestor(rr) {
			return false
		}
	}
	ctx := r.Ctx
	shape := reshape.Operand(1)
	st, ok := shape.Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	r.SetInsertionPointAfter(reshape)
	load := r.Create(&ir.OperationState{Name: ctx.OpName("memref.load"), Loc: op.Loc(),
		Operands: []ir.Value{shape, idx}, ResultTypes: []ir.Type{st.Elem}}).Result(0)
	var v ir.Value = load
	if st.Elem != op.Result(0).Type() {
		v = r.Create(&ir.OperationState{Name: ctx.OpName("arith.index_cast"), Loc: op.Loc(),
			Operands: []ir.Value{load}, ResultTypes: []ir.Type{op.Result(0).Type()}}).Result(0)
	}
	r.ReplaceOp(op, []ir.Value{v})
	return true
}
