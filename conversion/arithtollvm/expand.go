package arithtollvm

import (
	"encoding/binary"

	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
)

// expander builds the llvm operations of an expanded arith operation.
// Types are given as arith types (index, integers, vectors of them of any
// rank) and converted with tc; an operation on an n-D vector is unrolled
// over the outer dimensions, one operation on 1-D rows at a time, as
// upstream expands into arith operations that its patterns then convert
// one by one.
type expander struct {
	r   *rewrite.ConversionRewriter
	tc  *rewrite.TypeConverter
	loc ir.Location
}

// withElem returns t (a scalar or a vector) with element type elem.
func withElem(ctx *ir.Context, t, elem ir.Type) ir.Type {
	if v, ok := t.(*ir.VectorType); ok {
		return ctx.VectorType(v.Shape, v.Scalable, elem)
	}
	return elem
}

// create makes the llvm operation name of arith result type t with
// operands of converted types, unrolled when t is an n-D vector.
func (e *expander) create(name string, t ir.Type, props []ir.NamedAttr, operands ...ir.Value) ir.Value {
	ct := e.tc.Convert(t)
	if _, nd := ct.(*llvm.ArrayType); nd {
		info, _ := llvmcommon.NDVectorTypeInfo(e.tc, t.(*ir.VectorType))
		depth := len(info.ArraySizes)
		res := llvmcommon.Poison(e.r, e.loc, ct)
		llvmcommon.ForEachPosition(info.ArraySizes, func(pos []int64) {
			parts := make([]ir.Value, len(operands))
			for i, v := range operands {
				leaf := v.Type()
				for d := 0; d < depth; d++ {
					leaf = leaf.(*llvm.ArrayType).Elem
				}
				parts[i] = llvmcommon.Extract(e.r, e.loc, v, leaf, pos...)
			}
			row := llvmcommon.Create(e.r, name, e.loc, parts, []ir.Type{info.Vector1D}, props).Result(0)
			res = llvmcommon.Insert(e.r, e.loc, res, row, pos...)
		})
		return res
	}
	return llvmcommon.Create(e.r, name, e.loc, operands, []ir.Type{ct}, props).Result(0)
}

func (e *expander) op(name string, t ir.Type, operands ...ir.Value) ir.Value {
	return e.create(name, t, nil, operands...)
}

// cst makes the constant v of arith type t: its attribute has type t
// (`0 : index`, `dense<0> : vector<2xindex>`), its result t converted.
func (e *expander) cst(t ir.Type, v int64) ir.Value {
	ctx := e.r.Builder.Ctx
	var attr ir.Attribute
	switch x := t.(type) {
	case *ir.VectorType:
		bits := 64
		if it, ok := x.Elem.(*ir.IntegerType); ok {
			bits = int(it.Width)
		}
		data := binary.LittleEndian.AppendUint64(nil, uint64(v))[:(bits+7)/8]
		attr = ctx.DenseElementsAttr(x, true, data)
	default:
		attr = ctx.IntegerAttr(t, v)
	}
	return llvmcommon.Create(e.r, "llvm.mlir.constant", e.loc, nil, []ir.Type{e.tc.Convert(t)},
		[]ir.NamedAttr{{Name: "value", Value: attr}}).Result(0)
}

// icmp compares a and b, operands of arith type t.
func (e *expander) icmp(pred int64, t ir.Type, a, b ir.Value) ir.Value {
	ctx := e.r.Builder.Ctx
	return e.create("llvm.icmp", withElem(ctx, t, ctx.I(1)), []ir.NamedAttr{{Name: "predicate", Value: ctx.IntegerAttr(ctx.I(64), pred)}}, a, b)
}

const (
	predEQ  = 0
	predNE  = 1
	predSLT = 2
)

// expandable returns the arith type of an operation the expansions lower:
// an integer or index scalar, or a vector of them whose type converts.
// Extended multiplications of n-D vectors are left, as upstream leaves
// them.
func expandable(tc *rewrite.TypeConverter, op *ir.Operation) (ir.Type, bool) {
	if op.NumResults() == 0 || op.NumOperands() != 2 {
		return nil, false
	}
	t := op.Result(0).Type()
	elem := t
	if v, ok := t.(*ir.VectorType); ok {
		elem = v.Elem
		if !llvmcommon.IsCompatible(tc.Convert(t)) {
			return nil, false
		}
		if op.NumResults() == 2 && len(v.Shape) > 1 {
			return nil, false
		}
	}
	switch elem.(type) {
	case *ir.IntegerType:
		return t, true
	case *ir.IndexType:
		return t, op.NumResults() == 1
	}
	return nil, false
}

// expansions are upstream's ceil/floor division expansions
// (populateCeilFloorDivExpandOpsPatterns, which convert-arith-to-llvm
// applies, in arith then converted operation by operation) and the
// extended multiplications, on integers, index and vectors of them.
func expansions(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	mk := func(name string, fn func(e *expander, t ir.Type, a, b ir.Value) []ir.Value) rewrite.ConversionPattern {
		return &rewrite.ConversionFunc{RootName: name, BenefitValue: 1, PatternName: name + "-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				t, ok := expandable(tc, op)
				if !ok || len(operands) != 2 {
					return false
				}
				e := &expander{r: r, tc: tc, loc: op.Loc()}
				r.ReplaceOp(op, fn(e, t, operands[0], operands[1]))
				return true
			}}
	}
	return []rewrite.ConversionPattern{
		mk("arith.ceildivsi", func(e *expander, t ir.Type, a, b ir.Value) []ir.Value {
			zero, one := e.cst(t, 0), e.cst(t, 1)
			q := e.op("llvm.sdiv", t, a, b)
			p := e.op("llvm.mul", t, q, b)
			inexact := e.icmp(predNE, t, a, p)
			aNeg, bNeg := e.icmp(predSLT, t, a, zero), e.icmp(predSLT, t, b, zero)
			i1 := withElem(e.r.Builder.Ctx, t, e.r.Builder.Ctx.I(1))
			same := e.icmp(predEQ, i1, aNeg, bNeg)
			cond := e.op("llvm.and", i1, inexact, same)
			up := e.op("llvm.add", t, q, one)
			return []ir.Value{e.op("llvm.select", t, cond, up, q)}
		}),
		mk("arith.ceildivui", func(e *expander, t ir.Type, a, b ir.Value) []ir.Value {
			zero := e.cst(t, 0)
			isZero := e.icmp(predEQ, t, a, zero)
			one := e.cst(t, 1)
			m := e.op("llvm.sub", t, a, one)
			q := e.op("llvm.udiv", t, m, b)
			up := e.op("llvm.add", t, q, one)
			return []ir.Value{e.op("llvm.select", t, isZero, zero, up)}
		}),
		mk("arith.floordivsi", func(e *expander, t ir.Type, a, b ir.Value) []ir.Value {
			q := e.op("llvm.sdiv", t, a, b)
			p := e.op("llvm.mul", t, q, b)
			inexact := e.icmp(predNE, t, a, p)
			zero := e.cst(t, 0)
			aNeg, bNeg := e.icmp(predSLT, t, a, zero), e.icmp(predSLT, t, b, zero)
			i1 := withElem(e.r.Builder.Ctx, t, e.r.Builder.Ctx.I(1))
			differ := e.icmp(predNE, i1, aNeg, bNeg)
			cond := e.op("llvm.and", i1, inexact, differ)
			down := e.op("llvm.add", t, q, e.cst(t, -1))
			return []ir.Value{e.op("llvm.select", t, cond, down, q)}
		}),
		mk("arith.mulsi_extended", func(e *expander, t ir.Type, a, b ir.Value) []ir.Value {
			return extendedMul(e, t, a, b, "llvm.sext")
		}),
		mk("arith.mului_extended", func(e *expander, t ir.Type, a, b ir.Value) []ir.Value {
			return extendedMul(e, t, a, b, "llvm.zext")
		}),
	}
}

// extendedMul multiplies in twice the width and splits the product into
// its low and high halves; the shift constant is built in the converted
// wide type, as upstream's pattern builds it.
func extendedMul(e *expander, t ir.Type, a, b ir.Value, ext string) []ir.Value {
	ctx := e.r.Builder.Ctx
	ct := e.tc.Convert(t)
	w := width(ct)
	wide := withElem(ctx, ct, ctx.I(uint32(2*w)))
	x, y := e.op(ext, wide, a), e.op(ext, wide, b)
	p := e.op("llvm.mul", wide, x, y)
	low := e.op("llvm.trunc", ct, p)
	shift := e.cst(wide, int64(w))
	high := e.op("llvm.trunc", ct, e.op("llvm.lshr", wide, p, shift))
	return []ir.Value{low, high}
}
