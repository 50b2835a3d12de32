package vectortollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// fixedVector returns t as a vector of rank at least minRank without
// scalable dimensions.
func fixedVector(t ir.Type, minRank int) (*ir.VectorType, bool) {
	v, ok := t.(*ir.VectorType)
	if !ok || len(v.Shape) < minRank {
		return nil, false
	}
	for _, s := range v.Scalable {
		if s {
			return nil, false
		}
	}
	return v, true
}

// broadcastND reports whether a broadcast to an n-D vector (n > 1)
// duplicates its source: a scalar, or a vector whose shape is the
// trailing shape of the result (no stretched dimension).
func broadcastND(op *ir.Operation) bool {
	dst, ok := fixedVector(op.Result(0).Type(), 2)
	if !ok {
		return false
	}
	src, isVec := op.Operand(0).Type().(*ir.VectorType)
	if !isVec {
		return true
	}
	if _, ok := fixedVector(src, 1); !ok || len(src.Shape) >= len(dst.Shape) {
		return false
	}
	k := len(dst.Shape) - len(src.Shape)
	for i, s := range src.Shape {
		if dst.Shape[k+i] != s {
			return false
		}
	}
	return true
}

// broadcastNDLower lowers such a broadcast as upstream's duplication: the
// source (or, for a scalar, its splat to the innermost 1-D vector) is
// inserted at every position of poison arrays, level by level.
func (l *lowering) broadcastNDLower(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) ir.Value {
	ctx := r.Builder.Ctx
	loc := op.Loc()
	dst := op.Result(0).Type().(*ir.VectorType)
	srcRank := 0
	if s, ok := op.Operand(0).Type().(*ir.VectorType); ok {
		srcRank = len(s.Shape)
	}
	n := len(dst.Shape)
	var build func(d int) ir.Value
	build = func(d int) ir.Value {
		if srcRank > 0 && n-d == srcRank {
			return operands[0]
		}
		t := l.tc.Convert(ctx.VectorType(dst.Shape[d:], nil, dst.Elem))
		if d == n-1 {
			return splat(r, loc, operands[0], t, dst.Shape[d])
		}
		sub := build(d + 1)
		res := llvmcommon.Poison(r, loc, t)
		for i := int64(0); i < dst.Shape[d]; i++ {
			res = llvmcommon.Insert(r, loc, res, sub, i)
		}
		return res
	}
	return build(0)
}

// splat makes a 1-D vector of type t with every lane x.
func splat(r *rewrite.ConversionRewriter, loc ir.Location, x ir.Value, t ir.Type, n int64) ir.Value {
	ctx := r.Builder.Ctx
	poison := llvmcommon.Poison(r, loc, t)
	zero := constant(r, loc, ctx.I(32), ctx.IntegerAttr(ctx.I(32), 0))
	ins := llvmcommon.Create(r, "llvm.insertelement", loc, []ir.Value{poison, x, zero}, []ir.Type{t}, nil).Result(0)
	mask := make([]int32, n)
	return llvmcommon.Create(r, "llvm.shufflevector", loc, []ir.Value{ins, poison}, []ir.Type{t},
		[]ir.NamedAttr{{Name: "mask", Value: ctx.DenseI32Array(mask...)}}).Result(0)
}

// shapeCastLowerable reports whether shapeCast lowers op: a cast between
// fixed-size vectors of rank at least 1.
func shapeCastLowerable(op *ir.Operation) bool {
	_, ok1 := fixedVector(op.Operand(0).Type(), 1)
	_, ok2 := fixedVector(op.Result(0).Type(), 1)
	return ok1 && ok2
}

// shapeCast lowers vector.shape_cast element by element in row-major
// order: each row of the result is built with llvm.insertelement from
// the source's elements (llvm.extractvalue of the source's rows and
// llvm.extractelement), then placed with llvm.insertvalue. A cast that
// keeps the innermost dimension moves whole rows.
func (l *lowering) shapeCast(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	if !shapeCastLowerable(op) {
		return false
	}
	ctx := r.Builder.Ctx
	loc := op.Loc()
	src := op.Operand(0).Type().(*ir.VectorType)
	dst := op.Result(0).Type().(*ir.VectorType)
	if src == dst {
		r.ReplaceOp(op, []ir.Value{operands[0]})
		return true
	}
	sw, dw := src.Shape[len(src.Shape)-1], dst.Shape[len(dst.Shape)-1]
	srcRow := l.tc.Convert(ctx.VectorType([]int64{sw}, nil, src.Elem))
	dstRow := l.tc.Convert(ctx.VectorType([]int64{dw}, nil, dst.Elem))
	elemT := l.tc.Convert(src.Elem)
	// delinearize returns the outer positions of the row holding
	// element (row) i of shape.
	delinearize := func(row int64, shape []int64) []int64 {
		outer := make([]int64, len(shape)-1)
		for d := len(outer) - 1; d >= 0; d-- {
			outer[d] = row % shape[d]
			row /= shape[d]
		}
		return outer
	}
	rows := map[int64]ir.Value{}
	sourceRow := func(i int64) ir.Value {
		if v, ok := rows[i]; ok {
			return v
		}
		v := operands[0]
		if len(src.Shape) > 1 {
			v = llvmcommon.Extract(r, loc, v, srcRow, delinearize(i, src.Shape)...)
		}
		rows[i] = v
		return v
	}
	total := int64(1)
	for _, s := range dst.Shape {
		total *= s
	}
	res := ir.Value(nil)
	if len(dst.Shape) > 1 {
		res = llvmcommon.Poison(r, loc, l.tc.Convert(dst))
	}
	for row := int64(0); row < total/dw; row++ {
		var v ir.Value
		if sw == dw {
			v = sourceRow(row)
		} else {
			v = llvmcommon.Poison(r, loc, dstRow)
			for j := int64(0); j < dw; j++ {
				k := row*dw + j
				e := llvmcommon.Create(r, "llvm.extractelement", loc, []ir.Value{sourceRow(k / sw), i64Const(r, loc, k%sw)}, []ir.Type{elemT}, nil).Result(0)
				v = llvmcommon.Create(r, "llvm.insertelement", loc, []ir.Value{v, e, i64Const(r, loc, j)}, []ir.Type{dstRow}, nil).Result(0)
			}
		}
		if len(dst.Shape) == 1 {
			res = v
			break
		}
		res = llvmcommon.Insert(r, loc, res, v, delinearize(row, dst.Shape)...)
	}
	r.ReplaceOp(op, []ir.Value{res})
	return true
}
