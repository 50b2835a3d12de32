package memref

import (
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

// transposeResultType is inferTransposeResultType: sizes and strides
// permuted, as a strided layout.
func transposeResultType(ctx *ir.Context, src *ir.MemRefType, perm affine.Map) *ir.MemRefType {
	strides, offset, _ := viewlike.StridesAndOffset(src)
	shape := make([]int64, len(perm.Results))
	st := make([]int64, len(perm.Results))
	for i, e := range perm.Results {
		p := e.Position()
		if p < len(src.Shape) && p < len(strides) {
			shape[i], st[i] = src.Shape[p], strides[p]
		}
	}
	return stridedType(ctx, shape, src.Elem, offset, st, src.MemorySpace)
}

// canonicalizeStridedLayout is MLIR's canonicalizeStridedLayout on strided
// layouts: the identity layout where the strides and offset are those of
// the shape, else an affine map of the strides (constant strides first,
// then the offset, then symbolic strides, as the simplifier orders them).
func canonicalizeStridedLayout(ctx *ir.Context, t *ir.MemRefType) *ir.MemRefType {
	if isIdentityLayout(t) || len(t.Shape) == 0 {
		return t
	}
	strides, offset, ok := viewlike.StridesAndOffset(t)
	if !ok {
		return t
	}
	if offset == 0 && equalShape(strides, viewlike.CanonicalStrides(t.Shape)) {
		return ctx.MemRefType(t.Shape, t.Elem, nil, t.MemorySpace)
	}
	nSyms := 0
	var offSym affine.Expr
	if offset == ir.Dynamic {
		offSym = affine.Sym(nSyms)
		nSyms++
	}
	symOf := map[int]affine.Expr{}
	for i, s := range strides {
		if s == ir.Dynamic {
			symOf[i] = affine.Sym(nSyms)
			nSyms++
		}
	}
	var expr affine.Expr
	add := func(e affine.Expr) {
		if !expr.IsValid() {
			expr = e
		} else {
			expr = affine.Add(expr, e)
		}
	}
	for i, s := range strides {
		if s != ir.Dynamic && s != 0 {
			add(affine.MulConst(affine.Dim(i), s))
		}
	}
	if offset == ir.Dynamic {
		add(offSym)
	}
	for i, s := range strides {
		if s == ir.Dynamic {
			add(affine.Mul(affine.Dim(i), symOf[i]))
		}
	}
	if offset != ir.Dynamic && offset != 0 {
		add(affine.Const(offset))
	}
	if !expr.IsValid() {
		expr = affine.Const(0)
	}
	m := affine.NewMap(len(t.Shape), nSyms, expr)
	return ctx.MemRefType(t.Shape, t.Elem, ctx.AffineMapAttr(m), t.MemorySpace)
}

// foldMemRefCastOperands is foldMemRefCast: operands produced by a
// memref.cast of a ranked memref take the cast's source. skip, when
// not nil, is an operand left alone (the value stored by memref.store).
func foldMemRefCastOperandsExcept(op *ir.Operation, skip ir.Value) bool {
	folded := false
	for i := 0; i < op.NumOperands(); i++ {
		v := op.Operand(i)
		if v == skip && skip != nil {
			continue
		}
		r, ok := v.(*ir.OpResult)
		if !ok || r.Owner().Name() != "memref.cast" {
			continue
		}
		src := r.Owner().Operand(0)
		if _, unranked := src.Type().(*ir.UnrankedMemRefType); unranked {
			continue
		}
		op.SetOperand(i, src)
		folded = true
	}
	return folded
}

// FoldMemRefCastOperands is upstream's memref::foldMemRefCast for the
// operations of other dialects that take memrefs (gpu.memcpy): each
// operand produced by a memref.cast of a ranked memref takes the cast's
// source. It reports whether an operand changed.
func FoldMemRefCastOperands(op *ir.Operation) bool { return foldMemRefCastOperandsExcept(op, nil) }

func foldMemRefCastOperands(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	var skip ir.Value
	if op.Name() == "memref.store" || op.Name() == "memref.atomic_rmw" {
		skip = op.Operand(0)
	}
	if foldMemRefCastOperandsExcept(op, skip) {
		return nil, true
	}
	return nil, false
}

// foldCast folds cast(cast(x)) into cast(x) and an identity cast to its
// source (CastOp::fold and the CastOpInterface folder).
func foldCast(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if foldMemRefCastOperandsExcept(op, nil) {
		return nil, true
	}
	if op.Operand(0).Type() == op.Result(0).Type() {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	return nil, false
}

func foldLoad(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if foldMemRefCastOperandsExcept(op, nil) {
		return nil, true
	}
	return nil, false
}

func foldRank(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	m, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok {
		return nil, false
	}
	ctx := op.Context()
	return []ir.FoldResult{{Attr: ctx.IntegerAttr(ctx.IndexType(), int64(len(m.Shape)))}}, true
}

func definingOp(v ir.Value) *ir.Operation {
	if r, ok := v.(*ir.OpResult); ok {
		return r.Owner()
	}
	return nil
}

// foldDim is DimOp::fold.
func foldDim(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	var idxAttr *ir.IntegerAttr
	if len(operands) > 1 {
		idxAttr, _ = operands[1].(*ir.IntegerAttr)
	}
	if idxAttr == nil {
		return nil, false
	}
	m, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok {
		return nil, false
	}
	idx := idxAttr.Int64()
	if idx < 0 || idx >= int64(len(m.Shape)) {
		return nil, false
	}
	ctx := op.Context()
	if m.Shape[idx] != ir.Dynamic {
		return []ir.FoldResult{{Attr: ctx.IntegerAttr(ctx.IndexType(), m.Shape[idx])}}, true
	}
	def := definingOp(op.Operand(0))
	if def != nil {
		switch def.Name() {
		case "memref.alloc", "memref.alloca":
			sizes := AllocOp{def}.DynamicSizes()
			if k := dynamicDimIndex(m.Shape, int(idx)); k < len(sizes) {
				return []ir.FoldResult{{Value: sizes[k]}}, true
			}
		case "memref.view":
			sizes := ViewOp{def}.Sizes()
			if k := dynamicDimIndex(m.Shape, int(idx)); k < len(sizes) {
				return []ir.FoldResult{{Value: sizes[k]}}, true
			}
		case "memref.subview":
			if v := subviewDynamicSize(def, int(idx)); v != nil {
				return []ir.FoldResult{{Value: v}}, true
			}
		case "memref.reinterpret_cast":
			o := offsetSizeStride(def)
			mixed := o.MixedSizes(ctx)
			if int(idx) < len(mixed) && mixed[idx].Value != nil {
				return []ir.FoldResult{{Value: mixed[idx].Value}}, true
			}
		}
	}
	if foldMemRefCastOperandsExcept(op, nil) {
		return nil, true
	}
	return nil, false
}

// droppedDims returns the source dimensions a subview drops.
func droppedDims(op *ir.Operation) []bool {
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	o := offsetSizeStride(op)
	ctx := op.Context()
	exp := subviewResultType(ctx, src, o.StaticOffsets, o.StaticSizes, o.StaticStrides)
	mask, ok := memrefRankReductionMask(exp, res, o.MixedSizes(ctx))
	if !ok {
		return nil
	}
	return mask
}

// subviewDynamicSize returns the dynamic size of result dimension idx of a
// subview.
func subviewDynamicSize(op *ir.Operation, idx int) ir.Value {
	dropped := droppedDims(op)
	if dropped == nil {
		return nil
	}
	o := offsetSizeStride(op)
	mixed := o.MixedSizes(op.Context())
	r := 0
	for i := range dropped {
		if dropped[i] {
			continue
		}
		if r == idx {
			if i < len(mixed) {
				return mixed[i].Value
			}
			return nil
		}
		r++
	}
	return nil
}

// foldSubView is SubViewOp::fold.
func foldSubView(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil, false
	}
	if src == res && ir.NumElements(res.Shape) >= 0 && hasStaticLayout(res) {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	if def := definingOp(op.Operand(0)); def != nil && def.Name() == "memref.subview" && src == res {
		ctx := op.Context()
		o, so := offsetSizeStride(op), offsetSizeStride(def)
		for _, m := range o.MixedOffsets(ctx) {
			if v, ok := viewlike.ConstantIndex(m); !ok || v != 0 {
				return nil, false
			}
		}
		for _, m := range o.MixedStrides(ctx) {
			if v, ok := viewlike.ConstantIndex(m); !ok || v != 1 {
				return nil, false
			}
		}
		a, b := o.MixedSizes(ctx), so.MixedSizes(ctx)
		if len(a) != len(b) {
			return nil, false
		}
		for i := range a {
			if a[i] != b[i] {
				return nil, false
			}
		}
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	return nil, false
}

func hasStaticLayout(t *ir.MemRefType) bool {
	s, ok := t.Layout.(*ir.StridedLayoutAttr)
	if !ok {
		return true
	}
	if s.Offset == ir.Dynamic {
		return false
	}
	for _, x := range s.Strides {
		if x == ir.Dynamic {
			return false
		}
	}
	return true
}

// foldReshape is foldReshapeOp: an identity reshape folds to its source,
// and a reshape of the inverse reshape to the original value when the
// types agree and at most one dimension is dynamic.
func foldReshape(op *ir.Operation, inverse string) ([]ir.FoldResult, bool) {
	if op.Operand(0).Type() == op.Result(0).Type() {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	def := definingOp(op.Operand(0))
	if def == nil || def.Name() != inverse {
		return nil, false
	}
	src, ok := def.Operand(0).Type().(*ir.MemRefType)
	if !ok || ir.Type(src) != op.Result(0).Type() {
		return nil, false
	}
	if numDynamicDims(src.Shape) < 2 {
		return []ir.FoldResult{{Value: def.Operand(0)}}, true
	}
	return nil, false
}

func foldExpandShape(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return foldReshape(op, "memref.collapse_shape")
}

func foldCollapseShape(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return foldReshape(op, "memref.expand_shape")
}
