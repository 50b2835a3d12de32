// Package expandstrided is expand-strided-metadata for memref.subview
// (rank-reducing ones included), memref.expand_shape and
// memref.collapse_shape: each becomes memref.extract_strided_metadata of
// its source and a memref.reinterpret_cast of the base buffer with the
// offset, sizes and strides of the view, computed from the source's, as
// MLIR's ExpandStridedMetadata does. Static values are folded into the
// cast; dynamic ones are computed with arith operations on index values
// (MLIR uses affine.apply).
package expandstrided

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/memref"
)

// Run expands every memref.subview, memref.expand_shape and
// memref.collapse_shape nested in op whose source is a ranked memref of
// strided layout.
func Run(ctx *ir.Context, op *ir.Operation) error {
	var work []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		_, sub := memref.AsSubviewOp(o)
		_, expand := memref.AsExpandShapeOp(o)
		_, collapse := memref.AsCollapseShapeOp(o)
		if (sub || expand || collapse) && o != op {
			work = append(work, o)
		}
		return true
	})
	for _, o := range work {
		if _, ok := memref.AsSubviewOp(o); ok {
			expand(ctx, o)
		} else {
			reshape(ctx, o)
		}
	}
	// Upstream rewrites with the greedy driver, which also folds, hoists
	// constants, erases dead operations and simplifies regions, whether or
	// not any view operation was rewritten.
	rewrite.ApplyPatternsGreedily(ctx, op, rewrite.NewPatternSet(), rewrite.GreedyConfig{MaxIterations: 10})
	return nil
}

// value is a static integer or an SSA index value.
type value struct {
	c int64
	v ir.Value
}

// builder holds the arithmetic on static-or-dynamic index values.
type builder struct {
	ctx *ir.Context
	b   *ir.Builder
	loc ir.Location
}

func (e *builder) cst(c int64) ir.Value {
	idx := e.ctx.IndexType()
	return arith.BuildConstant(e.b, e.loc, e.ctx.IntegerAttr(idx, c), idx).Result()
}

func (e *builder) val(x value) ir.Value {
	if x.v != nil {
		return x.v
	}
	return e.cst(x.c)
}

func (e *builder) mul(x, y value) value {
	if x.v == nil && y.v == nil {
		if x.c == ir.Dynamic || y.c == ir.Dynamic {
			return value{c: ir.Dynamic}
		}
		return value{c: x.c * y.c}
	}
	if x.v == nil && x.c == 1 {
		return y
	}
	if y.v == nil && y.c == 1 {
		return x
	}
	return value{v: arith.BuildMuli(e.b, e.loc, e.val(x), e.val(y)).Result()}
}

func (e *builder) add(x, y value) value {
	if x.v == nil && y.v == nil {
		return value{c: x.c + y.c}
	}
	if x.v == nil && x.c == 0 {
		return y
	}
	if y.v == nil && y.c == 0 {
		return x
	}
	return value{v: arith.BuildAddi(e.b, e.loc, e.val(x), e.val(y)).Result()}
}

// metadata builds memref.extract_strided_metadata of src before op and
// returns it with the source's offset and strides (static from the type,
// else the metadata's results) and sizes.
func metadata(e *builder, src ir.Value, st *ir.MemRefType) (md memref.ExtractStridedMetadataOp, offset value, sizes, strides []value) {
	n := len(st.Shape)
	idx := e.ctx.IndexType()
	types := make([]ir.Type, 2*n)
	for i := range types {
		types[i] = idx
	}
	md = memref.BuildExtractStridedMetadata(e.b, e.loc, src, e.ctx.MemRefType(nil, st.Elem, nil, st.MemorySpace), types)
	srcOff, srcStrides := st.OffsetAndStrides()
	offset = value{c: srcOff}
	if srcOff == ir.Dynamic {
		offset = value{v: md.Result(1)}
	}
	sizes = make([]value, n)
	strides = make([]value, n)
	for i := range n {
		sizes[i] = value{c: st.Shape[i]}
		if st.Shape[i] == ir.Dynamic {
			sizes[i] = value{v: md.Result(2 + i)}
		}
		strides[i] = value{c: srcStrides[i]}
		if srcStrides[i] == ir.Dynamic {
			strides[i] = value{v: md.Result(2 + n + i)}
		}
	}
	return md, offset, sizes, strides
}

// cast replaces op with memref.reinterpret_cast of base to res: a value
// the result type leaves dynamic is passed as an operand.
func cast(e *builder, op *ir.Operation, base ir.Value, res *ir.MemRefType, offset value, sizes, strides []value) {
	rl := resultLayout(res)
	var offV, sizeV, strideV []ir.Value
	var offS, sizeS, strideS []int64
	split := func(x value, dynamicInType bool, vs *[]ir.Value, cs *[]int64) {
		if dynamicInType {
			*vs = append(*vs, e.val(x))
			*cs = append(*cs, ir.Dynamic)
			return
		}
		*cs = append(*cs, x.c)
	}
	split(offset, rl.Offset == ir.Dynamic, &offV, &offS)
	for i := range sizes {
		split(sizes[i], res.Shape[i] == ir.Dynamic, &sizeV, &sizeS)
	}
	for i := range strides {
		split(strides[i], rl.Strides[i] == ir.Dynamic, &strideV, &strideS)
	}
	rc := memref.BuildReinterpretCast(e.b, e.loc, base, offV, sizeV, strideV,
		e.ctx.DenseI64Array(offS...), e.ctx.DenseI64Array(sizeS...), e.ctx.DenseI64Array(strideS...), res)
	ir.ReplaceAllUsesWith(op.Result(0), rc.Result())
	op.Erase()
}

// resultLayout returns the strided layout of res (the identity's strides
// when it has none).
func resultLayout(res *ir.MemRefType) *ir.StridedLayoutAttr {
	if rl, ok := res.Layout.(*ir.StridedLayoutAttr); ok {
		return rl
	}
	off, strides := res.OffsetAndStrides()
	return &ir.StridedLayoutAttr{Offset: off, Strides: strides}
}

func stridedSource(t ir.Type) (*ir.MemRefType, bool) {
	m, ok := t.(*ir.MemRefType)
	if !ok {
		return nil, false
	}
	switch l := m.Layout.(type) {
	case nil, *ir.StridedLayoutAttr:
		return m, true
	case *ir.AffineMapAttr:
		return m, l.Map.IsIdentity()
	}
	return nil, false
}

func expand(ctx *ir.Context, sv *ir.Operation) {
	src, ok := stridedSource(sv.Operand(0).Type())
	res, ok2 := sv.Result(0).Type().(*ir.MemRefType)
	if !ok || !ok2 || len(src.Shape) < len(res.Shape) {
		return
	}
	if _, ok := res.Layout.(*ir.StridedLayoutAttr); !ok && res.Layout != nil {
		return
	}
	so := interp.DenseArray(sv.InherentAttr("static_offsets"))
	ss := interp.DenseArray(sv.InherentAttr("static_sizes"))
	st := interp.DenseArray(sv.InherentAttr("static_strides"))
	seg := interp.DenseArray(sv.InherentAttr("operandSegmentSizes"))
	n := len(src.Shape)
	if len(so) != n || len(ss) != n || len(st) != n || len(seg) != 4 {
		return
	}
	kept, ok := keptDims(ss, res.Shape)
	if !ok {
		return
	}
	ops := sv.Operands()
	dynOff := ops[1 : 1+seg[1]]
	dynSize := ops[1+seg[1] : 1+seg[1]+seg[2]]
	dynStride := ops[1+seg[1]+seg[2]:]
	loc := sv.Loc()
	b := ir.NewBuilder(ctx)
	b.Loc = loc
	b.SetInsertionPoint(sv)
	e := &builder{ctx: ctx, b: b, loc: loc}
	md, offset, _, srcStrides := metadata(e, sv.Operand(0), src)
	pick := func(static int64, dyn []ir.Value, k *int) value {
		if static == ir.Dynamic {
			v := dyn[*k]
			*k++
			return value{v: v}
		}
		return value{c: static}
	}
	var ko, kz, ks int
	var sizes, strides []value
	for i := range n {
		o := pick(so[i], dynOff, &ko)
		size := pick(ss[i], dynSize, &kz)
		s := pick(st[i], dynStride, &ks)
		offset = e.add(offset, e.mul(o, srcStrides[i]))
		if kept[i] {
			sizes = append(sizes, size)
			strides = append(strides, e.mul(srcStrides[i], s))
		}
	}
	cast(e, sv, md.Result(0), res, offset, sizes, strides)
}

// keptDims returns which dimensions of a subview's sizes its result keeps:
// unit dimensions are dropped, left to right, until the ranks agree (MLIR's
// computeRankReductionMask).
func keptDims(sizes, resShape []int64) ([]bool, bool) {
	kept := make([]bool, len(sizes))
	drop := len(sizes) - len(resShape)
	j := 0
	for i, s := range sizes {
		if j < len(resShape) && (s == resShape[j] || (s == ir.Dynamic && resShape[j] == ir.Dynamic)) && (drop == 0 || s != 1) {
			kept[i] = true
			j++
			continue
		}
		if s == 1 && drop > 0 {
			drop--
			continue
		}
		if j < len(resShape) && s == ir.Dynamic {
			kept[i] = true
			j++
			continue
		}
		return nil, false
	}
	return kept, j == len(resShape)
}

// groups reads a reassociation attribute.
func groups(a ir.Attribute) ([][]int, bool) {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	out := make([][]int, len(arr.Elems))
	for i, g := range arr.Elems {
		ga, ok := g.(*ir.ArrayAttr)
		if !ok {
			return nil, false
		}
		for _, x := range ga.Elems {
			ia, ok := x.(*ir.IntegerAttr)
			if !ok {
				return nil, false
			}
			out[i] = append(out[i], int(ia.Lo))
		}
	}
	return out, true
}

// reshape expands memref.expand_shape and memref.collapse_shape.
func reshape(ctx *ir.Context, op *ir.Operation) {
	src, ok := stridedSource(op.Operand(0).Type())
	res, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok || !ok2 {
		return
	}
	gs, ok := groups(op.InherentAttr("reassociation"))
	if !ok {
		return
	}
	_, collapse := memref.AsCollapseShapeOp(op)
	if (collapse && len(gs) != len(res.Shape)) || (!collapse && len(gs) != len(src.Shape)) {
		return
	}
	loc := op.Loc()
	b := ir.NewBuilder(ctx)
	b.Loc = loc
	b.SetInsertionPoint(op)
	e := &builder{ctx: ctx, b: b, loc: loc}
	md, offset, srcSizes, srcStrides := metadata(e, op.Operand(0), src)
	var sizes, strides []value
	if collapse {
		for _, g := range gs {
			size := value{c: 1}
			for _, d := range g {
				size = e.mul(size, srcSizes[d])
			}
			sizes = append(sizes, size)
			strides = append(strides, srcStrides[g[len(g)-1]])
		}
	} else {
		sizes = make([]value, len(res.Shape))
		strides = make([]value, len(res.Shape))
		outShape := op.Operands()[1:]
		k := 0
		dynOut := map[int]ir.Value{}
		for i, d := range res.Shape {
			if d == ir.Dynamic && k < len(outShape) {
				dynOut[i] = outShape[k]
				k++
			}
		}
		for gi, g := range gs {
			for _, d := range g {
				switch {
				case res.Shape[d] != ir.Dynamic:
					sizes[d] = value{c: res.Shape[d]}
				case len(g) == 1:
					sizes[d] = srcSizes[gi]
				default:
					sizes[d] = value{v: dynOut[d]}
				}
			}
			stride := srcStrides[gi]
			for j := len(g) - 1; j >= 0; j-- {
				strides[g[j]] = stride
				if j > 0 {
					stride = e.mul(stride, sizes[g[j]])
				}
			}
		}
		if len(gs) == 0 {
			// Expanding a 0-d memref: every result dimension is a unit
			// dimension with stride 1, as upstream.
			for d := range res.Shape {
				sizes[d], strides[d] = value{c: 1}, value{c: 1}
			}
		}
	}
	cast(e, op, md.Result(0), res, offset, sizes, strides)
}
