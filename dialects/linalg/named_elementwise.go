package linalg

import (
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// The element-wise named operations (linalg.exp, linalg.add,
// linalg.select, ...) are rank-polymorphic: one parallel loop per
// dimension of the output, identity maps for shaped operands and the
// empty map for scalars. Their bodies apply one unary, binary or ternary
// function to the inputs as they are, without casts (upstream's OpDSL
// definitions in core_named_ops.py).

// unaryNamed lists the unary element-wise operations and their functions.
var unaryNamed = []struct {
	name string
	fn   UnaryFn
}{
	{"exp", UnaryFnExp}, {"log", UnaryFnLog}, {"abs", UnaryFnAbs}, {"ceil", UnaryFnCeil},
	{"floor", UnaryFnFloor}, {"negf", UnaryFnNegf}, {"reciprocal", UnaryFnReciprocal},
	{"round", UnaryFnRound}, {"sqrt", UnaryFnSqrt}, {"rsqrt", UnaryFnRsqrt},
	{"square", UnaryFnSquare}, {"tanh", UnaryFnTanh}, {"erf", UnaryFnErf},
}

// binaryNamed lists the binary element-wise operations and their
// functions: max and min are the signed forms.
var binaryNamed = []struct {
	name string
	fn   BinaryFn
}{
	{"add", BinaryFnAdd}, {"sub", BinaryFnSub}, {"mul", BinaryFnMul}, {"div", BinaryFnDiv},
	{"div_unsigned", BinaryFnDivUnsigned}, {"max", BinaryFnMaxSigned},
	{"min", BinaryFnMinSigned}, {"powf", BinaryFnPowf},
}

func elementwiseNamedOps() []*namedOp {
	var ops []*namedOp
	for _, u := range unaryNamed {
		fn := u.fn
		ops = append(ops, &namedOp{name: u.name, numArgs: 2,
			body: func(h *regionBuilder, args []ir.Value, _ opAttrs) []ir.Value {
				return []ir.Value{h.unary(fn, args[0])}
			}})
	}
	for _, b := range binaryNamed {
		fn := b.fn
		ops = append(ops, &namedOp{name: b.name, numArgs: 3,
			body: func(h *regionBuilder, args []ir.Value, _ opAttrs) []ir.Value {
				return []ir.Value{h.binary(fn, args[0], args[1])}
			}})
	}
	ops = append(ops, &namedOp{name: "select", numArgs: 4,
		body: func(h *regionBuilder, args []ir.Value, _ opAttrs) []ir.Value {
			return []ir.Value{h.selectFn(args[0], args[1], args[2])}
		}})
	ops = append(ops, &namedOp{name: "fill_rng_2d", numArgs: 4, memoize: true, iters: []IteratorType{par, par},
		maps: staticMaps(2, ex(), ex(), ex(), ex(d(0), d(1))), body: fillRng2DBody})
	return ops
}

// constant creates an arith.constant of the attribute text (upstream's
// RegionBuilderHelper::constant).
func (h *regionBuilder) constant(text string, t ir.Type) ir.Value {
	if h.err != "" {
		return nil
	}
	a, err := asm.ParseAttrString(h.ctx, text, t)
	if err != nil {
		return h.fail("invalid constant " + text)
	}
	return h.b.CreateOp("arith.constant", nil, []ir.Type{t}, ir.NamedAttr{Name: "value", Value: a}).Result(0)
}

// index creates linalg.index dim.
func (h *regionBuilder) index(dim int64) ir.Value {
	if h.err != "" {
		return nil
	}
	return h.b.CreateOp("linalg.index", nil, []ir.Type{h.ctx.IndexType()},
		ir.NamedAttr{Name: "dim", Value: h.ctx.IntegerAttr(h.ctx.I(64), dim)}).Result(0)
}

// fillRng2DBody is linalg.fill_rng_2d's body: a linear congruential
// generator seeded by the loop indices and the seed, scaled to [min, max)
// in f64 and cast to the output's element type. The operations come in
// the order of upstream's OpDSL expression.
func fillRng2DBody(h *regionBuilder, args []ir.Value, _ opAttrs) []ir.Value {
	lo, hi, seed, out := args[0], args[1], args[2], args[3]
	f64, i32, i64 := h.ctx.FloatType(ir.F64), h.ctx.I(32), h.ctx.I(64)
	s := TypeFnCastSigned
	offset := h.typeFn(s, f64, h.constant("2147483647", i64))
	j := h.typeFn(s, i32, h.index(1))
	i := h.typeFn(s, i32, h.index(0))
	lcg := func(x ir.Value) ir.Value {
		mul := h.binary(BinaryFnMul, x, h.typeFn(s, i32, h.constant("1103515245", i64)))
		return h.binary(BinaryFnAdd, mul, h.typeFn(s, i32, h.constant("12345", i64)))
	}
	rand1 := lcg(h.binary(BinaryFnAdd, i, seed))
	rand2 := lcg(h.binary(BinaryFnAdd, j, rand1))
	sum := h.binary(BinaryFnAdd, offset, h.typeFn(s, f64, rand2))
	scaling := h.binary(BinaryFnMul, h.binary(BinaryFnSub, hi, lo), h.typeFn(s, f64, h.constant("2.3283064e-10", f64)))
	v := h.binary(BinaryFnAdd, h.binary(BinaryFnMul, sum, scaling), lo)
	return []ir.Value{h.typeFn(s, out.Type(), v)}
}
