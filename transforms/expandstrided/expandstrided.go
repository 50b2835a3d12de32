// Package expandstrided is expand-strided-metadata for memref.subview: a
// subview becomes memref.extract_strided_metadata of its source and a
// memref.reinterpret_cast of the base buffer with the offset, sizes and
// strides of the view, computed from the source's, as MLIR's
// ExpandStridedMetadata does. Static values are folded into the cast;
// dynamic ones are computed with arith operations on index values (MLIR
// uses affine.apply).
package expandstrided

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/memref"
)

// Run expands every memref.subview nested in op whose source is a ranked
// memref and whose result has the source's rank (rank-reducing subviews
// are left alone).
func Run(ctx *ir.Context, op *ir.Operation) error {
	var work []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o.Name() == "memref.subview" && o != op {
			work = append(work, o)
		}
		return true
	})
	for _, sv := range work {
		expand(ctx, sv)
	}
	return nil
}

// value is a static integer or an SSA index value.
type value struct {
	c int64
	v ir.Value
}

func expand(ctx *ir.Context, sv *ir.Operation) {
	src, ok := sv.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := sv.Result(0).Type().(*ir.MemRefType)
	if !ok || !ok2 || len(src.Shape) != len(res.Shape) {
		return
	}
	rl, ok := res.Layout.(*ir.StridedLayoutAttr)
	if !ok {
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
	ops := sv.Operands()
	dynOff := ops[1 : 1+seg[1]]
	dynSize := ops[1+seg[1] : 1+seg[1]+seg[2]]
	dynStride := ops[1+seg[1]+seg[2]:]
	loc := sv.Loc()
	b := ir.NewBuilder(ctx)
	b.Loc = loc
	b.SetInsertionPoint(sv)
	idx := ctx.IndexType()
	types := make([]ir.Type, 2*n)
	for i := range types {
		types[i] = idx
	}
	md := memref.BuildExtractStridedMetadata(b, loc, sv.Operand(0), ctx.MemRefType(nil, src.Elem, nil, src.MemorySpace), idx, types)
	srcOff, srcStrides := layout(src)
	cst := func(c int64) ir.Value { return arith.BuildConstant(b, loc, ctx.IntegerAttr(idx, c), idx).Result() }
	val := func(x value) ir.Value {
		if x.v != nil {
			return x.v
		}
		return cst(x.c)
	}
	mul := func(x, y value) value {
		if x.v == nil && y.v == nil {
			return value{c: x.c * y.c}
		}
		if x.v == nil && x.c == 1 {
			return y
		}
		if y.v == nil && y.c == 1 {
			return x
		}
		return value{v: arith.BuildMuli(b, loc, val(x), val(y), 0).Result()}
	}
	add := func(x, y value) value {
		if x.v == nil && y.v == nil {
			return value{c: x.c + y.c}
		}
		if x.v == nil && x.c == 0 {
			return y
		}
		if y.v == nil && y.c == 0 {
			return x
		}
		return value{v: arith.BuildAddi(b, loc, val(x), val(y), 0).Result()}
	}
	pick := func(static int64, dyn []ir.Value, k *int) value {
		if static == ir.Dynamic {
			v := dyn[*k]
			*k++
			return value{v: v}
		}
		return value{c: static}
	}
	offset := value{c: srcOff}
	if srcOff == ir.Dynamic {
		offset = value{v: md.Result(1)}
	}
	var ko, kz, ks int
	sizes := make([]value, n)
	strides := make([]value, n)
	for i := range n {
		o := pick(so[i], dynOff, &ko)
		sizes[i] = pick(ss[i], dynSize, &kz)
		s := pick(st[i], dynStride, &ks)
		ss := value{c: srcStrides[i]}
		if srcStrides[i] == ir.Dynamic {
			ss = value{v: md.Result(2 + n + i)}
		}
		offset = add(offset, mul(o, ss))
		strides[i] = mul(ss, s)
	}
	// The cast's static values follow the result type: a value the type
	// leaves dynamic is passed as an operand.
	var offV, sizeV, strideV []ir.Value
	var offS, sizeS, strideS []int64
	split := func(x value, dynamicInType bool, vs *[]ir.Value, cs *[]int64) {
		if dynamicInType {
			*vs = append(*vs, val(x))
			*cs = append(*cs, ir.Dynamic)
			return
		}
		*cs = append(*cs, x.c)
	}
	split(offset, rl.Offset == ir.Dynamic, &offV, &offS)
	for i := range n {
		split(sizes[i], res.Shape[i] == ir.Dynamic, &sizeV, &sizeS)
	}
	for i := range n {
		split(strides[i], rl.Strides[i] == ir.Dynamic, &strideV, &strideS)
	}
	rc := memref.BuildReinterpretCast(b, loc, md.Result(0), offV, sizeV, strideV,
		ctx.DenseI64Array(offS...), ctx.DenseI64Array(sizeS...), ctx.DenseI64Array(strideS...), res)
	ir.ReplaceAllUsesWith(sv.Result(0), rc.Result())
	sv.Erase()
}

func layout(mt *ir.MemRefType) (int64, []int64) {
	if l, ok := mt.Layout.(*ir.StridedLayoutAttr); ok {
		return l.Offset, l.Strides
	}
	strides := make([]int64, len(mt.Shape))
	if mt.Layout != nil {
		for i := range strides {
			strides[i] = ir.Dynamic
		}
		return ir.Dynamic, strides
	}
	acc := int64(1)
	for i := len(mt.Shape) - 1; i >= 0; i-- {
		strides[i] = acc
		if acc != ir.Dynamic && mt.Shape[i] != ir.Dynamic {
			acc *= mt.Shape[i]
		} else {
			acc = ir.Dynamic
		}
	}
	return 0, strides
}
