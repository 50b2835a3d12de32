// Package mathtollvm is convert-math-to-llvm: math operations become LLVM
// intrinsics (llvm.intr.sqrt, llvm.intr.exp, ...), and rsqrt, expm1 and
// log1p their expansions, with the fast-math flags carried over.
package mathtollvm

import (
	"encoding/binary"
	"math"

	"github.com/strata-ir/strata/conversion/arithtollvm"
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
	mathd "github.com/strata-ir/strata/dialects/math"
)

// intrinsics maps math operations to the llvm intrinsic of the same
// operands.
var intrinsics = map[string]string{
	"math.sqrt": "llvm.intr.sqrt", "math.absf": "llvm.intr.fabs", "math.exp": "llvm.intr.exp",
	"math.exp2": "llvm.intr.exp2", "math.log": "llvm.intr.log", "math.log2": "llvm.intr.log2",
	"math.log10": "llvm.intr.log10", "math.sin": "llvm.intr.sin", "math.cos": "llvm.intr.cos",
	"math.tan": "llvm.intr.tan", "math.tanh": "llvm.intr.tanh", "math.asin": "llvm.intr.asin",
	"math.acos": "llvm.intr.acos", "math.atan": "llvm.intr.atan", "math.sinh": "llvm.intr.sinh",
	"math.cosh": "llvm.intr.cosh", "math.floor": "llvm.intr.floor", "math.ceil": "llvm.intr.ceil",
	"math.round": "llvm.intr.round", "math.roundeven": "llvm.intr.roundeven", "math.trunc": "llvm.intr.trunc",
	"math.powf": "llvm.intr.pow", "math.copysign": "llvm.intr.copysign", "math.fma": "llvm.intr.fma",
	"math.fpowi": "llvm.intr.powi", "math.atan2": "llvm.intr.atan2", "math.ctpop": "llvm.intr.ctpop",
}

// flagged maps math operations to the llvm intrinsic of the same operand
// that carries one extra property: ctlz and cttz with is_zero_poison =
// false, absi with is_int_min_poison = false, isnan and isfinite as
// llvm.intr.is.fpclass with the class mask (3: signaling or quiet NaN;
// 504: normal, subnormal or zero of either sign).
var flagged = map[string]struct {
	to, prop string
	mask     int64
}{
	"math.ctlz":     {"llvm.intr.ctlz", "is_zero_poison", -1},
	"math.cttz":     {"llvm.intr.cttz", "is_zero_poison", -1},
	"math.absi":     {"llvm.intr.abs", "is_int_min_poison", -1},
	"math.isnan":    {"llvm.intr.is.fpclass", "bit", 3},
	"math.isfinite": {"llvm.intr.is.fpclass", "bit", 504},
}

// noFastmath are the intrinsics without fast-math flags.
var noFastmath = map[string]bool{"llvm.intr.ctpop": true}

func fastmathProps(ctx *ir.Context, op *ir.Operation) []ir.NamedAttr {
	if a := op.InherentAttr("fastmath"); a != nil {
		if fm := arithtollvm.Fastmath(ctx, a); fm != nil {
			return []ir.NamedAttr{{Name: "fastmathFlags", Value: fm}}
		}
	}
	return nil
}

// oneBits returns the bits of 1.0 in the float type t and their size in
// bytes, or 0 bytes for a type without them here.
func oneBits(t *ir.FloatType) (uint64, int) {
	switch t.Kind {
	case ir.F16:
		return 0x3C00, 2
	case ir.BF16:
		return 0x3F80, 2
	case ir.F32:
		return uint64(math.Float32bits(1)), 4
	case ir.F64:
		return math.Float64bits(1), 8
	}
	return 0, 0
}

// one returns the constant 1.0 of type t (a float or a vector of floats),
// or nil.
func one(ctx *ir.Context, t ir.Type) ir.Attribute {
	switch x := t.(type) {
	case *ir.FloatType:
		if bits, n := oneBits(x); n > 0 {
			return ctx.FloatAttrBits(x, bits, 0)
		}
	case *ir.VectorType:
		ft, ok := x.Elem.(*ir.FloatType)
		if !ok {
			return nil
		}
		bits, n := oneBits(ft)
		if n == 0 {
			return nil
		}
		data := binary.LittleEndian.AppendUint64(nil, bits)[:n]
		return ctx.DenseElementsAttr(x, true, data)
	}
	return nil
}

// expansion builds the expansion of rsqrt, expm1 or log1p; on an n-D
// vector it is unrolled over the outer dimensions, one 1-D expansion
// (with its own constant) per row.
func expansion(name string, tc *rewrite.TypeConverter) func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	return func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
		ctx := r.Builder.Ctx
		if len(operands) != 1 || !llvmcommon.IsCompatible(operands[0].Type()) {
			return false
		}
		fm := fastmathProps(ctx, op)
		loc := op.Loc()
		expand := func(t ir.Type, x ir.Value) ir.Value {
			k := llvmcommon.Create(r, "llvm.mlir.constant", loc, nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: one(ctx, t)}}).Result(0)
			switch name {
			case mathd.RsqrtOpName:
				s := llvmcommon.Create(r, "llvm.intr.sqrt", loc, []ir.Value{x}, []ir.Type{t}, fm).Result(0)
				return llvmcommon.Create(r, "llvm.fdiv", loc, []ir.Value{k, s}, []ir.Type{t}, fm).Result(0)
			case mathd.Expm1OpName:
				e := llvmcommon.Create(r, "llvm.intr.exp", loc, []ir.Value{x}, []ir.Type{t}, fm).Result(0)
				return llvmcommon.Create(r, "llvm.fsub", loc, []ir.Value{e, k}, []ir.Type{t}, fm).Result(0)
			}
			a := llvmcommon.Create(r, "llvm.fadd", loc, []ir.Value{k, x}, []ir.Type{t}, fm).Result(0)
			return llvmcommon.Create(r, "llvm.intr.log", loc, []ir.Value{a}, []ir.Type{t}, fm).Result(0)
		}
		if _, nd := operands[0].Type().(*llvm.ArrayType); nd {
			info, ok := ndInfo(tc, op)
			if !ok || one(ctx, info.Vector1D) == nil {
				return false
			}
			return llvmcommon.UnrollNDVector(r, op, operands, tc, func(t ir.Type, parts []ir.Value) ir.Value {
				return expand(t, parts[0])
			})
		}
		t := tc.Convert(op.Result(0).Type())
		if one(ctx, t) == nil {
			return false
		}
		r.ReplaceOp(op, []ir.Value{expand(t, operands[0])})
		return true
	}
}

// ndInfo returns the LLVM form of op's n-D vector result.
func ndInfo(tc *rewrite.TypeConverter, op *ir.Operation) (llvmcommon.NDVectorInfo, bool) {
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || len(vt.Shape) < 2 {
		return llvmcommon.NDVectorInfo{}, false
	}
	return llvmcommon.NDVectorTypeInfo(tc, vt)
}

// isND reports whether t is an n-D vector.
func isND(t ir.Type) bool {
	v, ok := t.(*ir.VectorType)
	return ok && len(v.Shape) >= 2
}

// lowerable reports whether the patterns lower op: its operand and result
// types convert to LLVM-compatible ones, and, for ctlz, cttz and absi,
// which upstream does not unroll, it is not on n-D vectors. The operations
// declined stay, as upstream's partial conversion leaves them.
func lowerable(tc *rewrite.TypeConverter, op *ir.Operation) bool {
	for i := 0; i < op.NumOperands(); i++ {
		if !llvmcommon.IsCompatible(tc.Convert(op.Operand(i).Type())) {
			return false
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		if !llvmcommon.IsCompatible(tc.Convert(op.Result(i).Type())) {
			return false
		}
	}
	switch op.Name() {
	case mathd.CtlzOpName, mathd.CttzOpName, mathd.AbsiOpName:
		return op.NumOperands() != 1 || !isND(op.Operand(0).Type())
	case mathd.RsqrtOpName, mathd.Expm1OpName, mathd.Log1pOpName:
		t := op.Result(0).Type()
		if v, ok := t.(*ir.VectorType); ok && len(v.Shape) > 1 {
			t = r1(op.Context(), v)
		}
		return one(op.Context(), t) != nil
	}
	return true
}

// r1 returns the 1-D vector of v's innermost dimension.
func r1(ctx *ir.Context, v *ir.VectorType) ir.Type {
	last := len(v.Shape) - 1
	var sc []bool
	if len(v.Scalable) > 0 && v.Scalable[last] {
		sc = []bool{true}
	}
	return ctx.VectorType([]int64{v.Shape[last]}, sc, v.Elem)
}

// Patterns returns the conversion patterns of convert-math-to-llvm.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	var ps []rewrite.ConversionPattern
	for from, to := range intrinsics {
		to := to
		ps = append(ps, &rewrite.ConversionFunc{RootName: from, BenefitValue: 1, PatternName: from + "-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				var props []ir.NamedAttr
				if !noFastmath[to] {
					props = fastmathProps(r.Builder.Ctx, op)
				}
				return llvmcommon.VectorOneToOne(r, op, to, operands, props, tc)
			}})
	}
	for from, f := range flagged {
		f := f
		ps = append(ps, &rewrite.ConversionFunc{RootName: from, BenefitValue: 1, PatternName: from + "-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				if !lowerable(tc, op) {
					return false
				}
				v := ir.Attribute(ctx.Bool(false))
				if f.mask >= 0 {
					v = ctx.IntegerAttr(ctx.IntegerType(32, ir.Signless), f.mask)
				}
				n := llvmcommon.Create(r, f.to, op.Loc(), operands, []ir.Type{tc.Convert(op.Result(0).Type())},
					[]ir.NamedAttr{{Name: f.prop, Value: v}})
				r.ReplaceOp(op, []ir.Value{n.Result(0)})
				return true
			}})
	}
	ps = append(ps, &rewrite.ConversionFunc{RootName: "math.sincos", BenefitValue: 1, PatternName: "math.sincos-to-llvm",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			// llvm.intr.sincos returns {sin, cos} in a literal struct.
			ctx := r.Builder.Ctx
			t := tc.Convert(op.Result(0).Type())
			st := llvm.LiteralStruct(ctx, []ir.Type{t, t}, false)
			n := llvmcommon.Create(r, "llvm.intr.sincos", op.Loc(), operands, []ir.Type{st}, fastmathProps(ctx, op)).Result(0)
			sin := llvmcommon.Extract(r, op.Loc(), n, t, 0)
			cos := llvmcommon.Extract(r, op.Loc(), n, t, 1)
			r.ReplaceOp(op, []ir.Value{sin, cos})
			return true
		}})
	for _, n := range []string{"math.rsqrt", "math.expm1", "math.log1p"} {
		ps = append(ps, &rewrite.ConversionFunc{RootName: n, BenefitValue: 1, PatternName: n + "-to-llvm", Fn: expansion(n, tc)})
	}
	return ps
}

// Run converts the math operations nested in op; those without a
// lowering stay.
func Run(ctx *ir.Context, op *ir.Operation) error {
	tc := llvmcommon.NewTypeConverter(ctx)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	var names []string
	for from := range intrinsics {
		names = append(names, from)
	}
	for from := range flagged {
		names = append(names, from)
	}
	names = append(names, "math.sincos", "math.rsqrt", "math.expm1", "math.log1p")
	for _, n := range names {
		target.AddDynamicallyLegalOp(n, func(o *ir.Operation) bool { return !lowerable(tc, o) })
	}
	return llvmcommon.Apply(ctx, op, target, Patterns(tc), tc)
}
