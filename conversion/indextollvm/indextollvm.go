// Package indextollvm is convert-index-to-llvm: the index dialect's
// operations become llvm operations on integers of the index width
// (llvmcommon.IndexBitwidth): the arithmetic one to one, the ceiling and
// floor divisions expanded as upstream expands them, the casts to
// extensions or truncations, the constants to llvm.mlir.constant.
package indextollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/index"
)

// Run converts the index operations nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	tc := llvmcommon.NewTypeConverter(ctx)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddIllegalDialect("index")
	return llvmcommon.Apply(ctx, op, target, Patterns(tc), tc)
}

// direct maps index operations to llvm operations of the same shape.
var direct = map[string]string{
	index.AddOpName: "llvm.add", index.SubOpName: "llvm.sub", index.MulOpName: "llvm.mul",
	index.DivsOpName: "llvm.sdiv", index.DivuOpName: "llvm.udiv", index.RemsOpName: "llvm.srem", index.RemuOpName: "llvm.urem",
	index.MaxsOpName: "llvm.intr.smax", index.MaxuOpName: "llvm.intr.umax", index.MinsOpName: "llvm.intr.smin", index.MinuOpName: "llvm.intr.umin",
	index.ShlOpName: "llvm.shl", index.ShrsOpName: "llvm.ashr", index.ShruOpName: "llvm.lshr",
	index.AndOpName: "llvm.and", index.OrOpName: "llvm.or", index.XorOpName: "llvm.xor",
}

// icmpPredicates are llvm.icmp's predicates by index.cmp's.
var icmpPredicates = map[string]int64{"eq": 0, "ne": 1, "slt": 2, "sle": 3, "sgt": 4, "sge": 5, "ult": 6, "ule": 7, "ugt": 8, "uge": 9}

// builder creates llvm operations on values of one integer type.
type builder struct {
	r   *rewrite.ConversionRewriter
	loc ir.Location
	t   ir.Type
}

func (b builder) op(name string, operands ...ir.Value) ir.Value {
	t := b.t
	if name == "llvm.and" && len(operands) == 2 {
		t = operands[0].Type()
	}
	return llvmcommon.Create(b.r, name, b.loc, operands, []ir.Type{t}, nil).Result(0)
}

func (b builder) constant(v int64) ir.Value {
	return constant(b.r, b.loc, b.t, v)
}

func constant(r *rewrite.ConversionRewriter, loc ir.Location, t ir.Type, v int64) ir.Value {
	ctx := r.Builder.Ctx
	return llvmcommon.Create(r, "llvm.mlir.constant", loc, nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(t, v)}}).Result(0)
}

func (b builder) icmp(pred string, x, y ir.Value) ir.Value {
	ctx := b.r.Builder.Ctx
	return llvmcommon.Create(b.r, "llvm.icmp", b.loc, []ir.Value{x, y}, []ir.Type{ctx.I(1)},
		[]ir.NamedAttr{{Name: "predicate", Value: ctx.IntegerAttr(ctx.I(64), icmpPredicates[pred])}}).Result(0)
}

func (b builder) selectOf(c, x, y ir.Value) ir.Value {
	return llvmcommon.Create(b.r, "llvm.select", b.loc, []ir.Value{c, x, y}, []ir.Type{b.t}, nil).Result(0)
}

// ceilDivS is upstream's expansion of index.ceildivs n, m:
// x = m > 0 ? -1 : 1; (n*m > 0) ? ((n+x) / m) + 1 : -(-n / m).
func ceilDivS(b builder, n, m ir.Value) ir.Value {
	zero, posOne, negOne := b.constant(0), b.constant(1), b.constant(-1)
	mPos := b.icmp("sgt", m, zero)
	x := b.selectOf(mPos, negOne, posOne)
	posRes := b.op("llvm.add", b.op("llvm.sdiv", b.op("llvm.add", n, x), m), posOne)
	negRes := b.op("llvm.sub", zero, b.op("llvm.sdiv", b.op("llvm.sub", zero, n), m))
	nPos := b.icmp("sgt", n, zero)
	sameSign := b.icmp("eq", nPos, mPos)
	nNonZero := b.icmp("ne", n, zero)
	return b.selectOf(b.op("llvm.and", sameSign, nNonZero), posRes, negRes)
}

// ceilDivU is upstream's expansion of index.ceildivu n, m:
// n == 0 ? 0 : ((n-1) / m) + 1.
func ceilDivU(b builder, n, m ir.Value) ir.Value {
	zero, one := b.constant(0), b.constant(1)
	plusOne := b.op("llvm.add", b.op("llvm.udiv", b.op("llvm.sub", n, one), m), one)
	return b.selectOf(b.icmp("eq", n, zero), zero, plusOne)
}

// floorDivS is upstream's expansion of index.floordivs n, m:
// x = m < 0 ? 1 : -1; (n*m < 0) ? -1 - ((x-n) / m) : n / m.
func floorDivS(b builder, n, m ir.Value) ir.Value {
	zero, posOne, negOne := b.constant(0), b.constant(1), b.constant(-1)
	mNeg := b.icmp("slt", m, zero)
	x := b.selectOf(mNeg, posOne, negOne)
	negRes := b.op("llvm.sub", negOne, b.op("llvm.sdiv", b.op("llvm.sub", x, n), m))
	posRes := b.op("llvm.sdiv", n, m)
	nNeg := b.icmp("slt", n, zero)
	diffSign := b.icmp("ne", nNeg, mNeg)
	nNonZero := b.icmp("ne", n, zero)
	return b.selectOf(b.op("llvm.and", diffSign, nNonZero), negRes, posRes)
}

// Patterns returns the conversion patterns of convert-index-to-llvm.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	var ps []rewrite.ConversionPattern
	add := func(root string, fn func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool) {
		ps = append(ps, &rewrite.ConversionFunc{RootName: root, BenefitValue: 1, PatternName: root + "-to-llvm", Fn: fn})
	}
	for from, to := range direct {
		add(from, func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			b := builder{r, op.Loc(), tc.Convert(op.Result(0).Type())}
			r.ReplaceOp(op, []ir.Value{b.op(to, operands...)})
			return true
		})
	}
	for name, expand := range map[string]func(builder, ir.Value, ir.Value) ir.Value{
		index.CeildivsOpName: ceilDivS, index.CeildivuOpName: ceilDivU, index.FloordivsOpName: floorDivS} {
		add(name, func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			b := builder{r, op.Loc(), tc.Convert(op.Result(0).Type())}
			r.ReplaceOp(op, []ir.Value{expand(b, operands[0], operands[1])})
			return true
		})
	}
	for name, ext := range map[string]string{index.CastsOpName: "llvm.sext", index.CastuOpName: "llvm.zext"} {
		add(name, func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			out := tc.Convert(op.Result(0).Type())
			in := operands[0]
			wi, wo := ir.IntOrFloatBitWidth(in.Type()), ir.IntOrFloatBitWidth(out)
			switch {
			case wi > wo:
				in = llvmcommon.Create(r, "llvm.trunc", op.Loc(), []ir.Value{in}, []ir.Type{out}, nil).Result(0)
			case wi < wo:
				in = llvmcommon.Create(r, ext, op.Loc(), []ir.Value{in}, []ir.Type{out}, nil).Result(0)
			}
			r.ReplaceOp(op, []ir.Value{in})
			return true
		})
	}
	add(index.CmpOpName, func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
		c, _ := index.AsCmpOp(op)
		if _, ok := icmpPredicates[index.Predicate(c)]; !ok {
			return false
		}
		b := builder{r, op.Loc(), nil}
		r.ReplaceOp(op, []ir.Value{b.icmp(index.Predicate(c), operands[0], operands[1])})
		return true
	})
	add(index.SizeofOpName, func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
		t := tc.Convert(op.Result(0).Type())
		r.ReplaceOp(op, []ir.Value{constant(r, op.Loc(), t, int64(ir.IntOrFloatBitWidth(t)))})
		return true
	})
	add(index.ConstantOpName, func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
		c, _ := index.AsConstantOp(op)
		r.ReplaceOp(op, []ir.Value{constant(r, op.Loc(), tc.Convert(op.Result(0).Type()), c.Value())})
		return true
	})
	add(index.BoolConstantOpName, func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
		c, _ := index.AsBoolConstantOp(op)
		v := int64(0)
		if c.Value() {
			v = 1
		}
		r.ReplaceOp(op, []ir.Value{constant(r, op.Loc(), op.Result(0).Type(), v)})
		return true
	})
	return ps
}
