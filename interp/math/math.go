// Package math gives the math dialect its semantics in the interpreter,
// on scalars and elementwise on tensors and vectors. Float functions are
// computed in float64 and rounded once to the result type (for f32 this
// is the correctly rounded result, which libm's f32 functions may miss by
// one ulp in rare cases).
package math

import (
	"math"
	"math/bits"
	"sync"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	arithi "github.com/strata-ir/strata/interp/arith"
)

var (
	once    sync.Once
	scalars map[string]arithi.ScalarFunc
)

// Scalar returns the scalar semantics of a math operation ("math.exp"), or
// nil.
func Scalar(name string) arithi.ScalarFunc {
	once.Do(build)
	return scalars[name]
}

// Register adds the semantics of the math operations to reg, and the C
// library's math functions that convert-math-to-libm calls
// (RegisterLibm).
func Register(reg *interp.Registry) {
	once.Do(build)
	for name, fn := range scalars {
		reg.Register(name, arithi.Elementwise(fn))
		// Elementwise propagates poison operands.
		reg.AcceptPoison(name)
	}
	reg.Register("math.sincos", sincos)
	reg.AcceptPoison("math.sincos")
	RegisterLibm(reg)
}

// sincos is math.sincos: the sine and the cosine of its operand,
// elementwise, as math.sin and math.cos compute them.
func sincos(f *interp.Frame, op *ir.Operation) error {
	args, err := f.OperandsScratch(op)
	if err != nil {
		return err
	}
	if op.NumResults() != 2 {
		return interp.Errorf(op, "expected two results")
	}
	for i, name := range []string{"math.sin", "math.cos"} {
		r, err := arithi.Apply(op, scalars[name], args, op.Result(i).Type())
		if err != nil {
			return err
		}
		f.SetResult(op, i, r)
	}
	return nil
}

func unary(fn func(float64) float64) arithi.ScalarFunc { return arithi.FloatUnary(fn) }

func binary(fn func(a, b float64) float64) arithi.ScalarFunc {
	return func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		a, b := args[0].Float(), args[1].Float()
		return interp.MakeFloat(rt.(*ir.FloatType), arithi.DefaultNaN(fn(a, b), a, b)), nil
	}
}

func intUnary(fn func(x uint64, w int) uint64) arithi.ScalarFunc {
	return func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return interp.MakeInt(rt, fn(args[0].Uint(), interp.IntWidth(rt))), nil
	}
}

func predicate(fn func(float64) bool) arithi.ScalarFunc {
	return func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return interp.MakeBool(rt, fn(args[0].Float())), nil
	}
}

func build() {
	s := map[string]arithi.ScalarFunc{}
	u := map[string]func(float64) float64{
		"absf": math.Abs, "atan": math.Atan, "cbrt": math.Cbrt, "ceil": math.Ceil,
		"cos": math.Cos, "cosh": math.Cosh, "acos": math.Acos, "acosh": math.Acosh,
		"asin": math.Asin, "asinh": math.Asinh, "atanh": math.Atanh, "erf": math.Erf,
		"erfc": math.Erfc, "exp": math.Exp, "exp2": math.Exp2, "expm1": math.Expm1,
		"floor": math.Floor, "log": math.Log, "log10": math.Log10, "log1p": math.Log1p,
		"log2": math.Log2, "round": math.Round, "roundeven": math.RoundToEven,
		"rsqrt": func(x float64) float64 { return 1 / math.Sqrt(x) },
		"sin":   math.Sin, "sinh": math.Sinh, "sqrt": math.Sqrt, "tan": math.Tan,
		"tanh": math.Tanh, "trunc": math.Trunc,
	}
	for n, fn := range u {
		s["math."+n] = unary(fn)
	}
	// rsqrt rounds the square root first, as the upstream expansion does.
	s["math.rsqrt"] = func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		ft := rt.(*ir.FloatType)
		r := interp.MakeFloat(ft, math.Sqrt(args[0].Float()))
		return interp.MakeFloat(ft, 1/r.Float()), nil
	}
	// absf and copysign only change the sign bit, NaN included.
	s["math.absf"] = func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return interp.MakeFloat(rt.(*ir.FloatType), math.Abs(args[0].Float())), nil
	}
	s["math.copysign"] = func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return interp.MakeFloat(rt.(*ir.FloatType), math.Copysign(args[0].Float(), args[1].Float())), nil
	}
	s["math.atan2"] = binary(math.Atan2)
	s["math.powf"] = binary(math.Pow)
	s["math.fma"] = func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return interp.MakeFloat(rt.(*ir.FloatType), math.FMA(args[0].Float(), args[1].Float(), args[2].Float())), nil
	}
	s["math.clampf"] = func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		x, lo, hi := args[0].Float(), args[1].Float(), args[2].Float()
		return interp.MakeFloat(rt.(*ir.FloatType), math.Min(math.Max(x, lo), hi)), nil
	}
	s["math.fpowi"] = func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return interp.MakeFloat(rt.(*ir.FloatType), math.Pow(args[0].Float(), float64(args[1].Int()))), nil
	}
	s["math.ipowi"] = func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		b, e := args[0].Int(), args[1].Int()
		if e < 0 {
			// Upstream: 1 for base 1, alternating for -1, 0 otherwise
			// (division by zero for base 0 is an error).
			switch b {
			case 1:
				return interp.MakeInt(rt, 1), nil
			case -1:
				if e%2 == 0 {
					return interp.MakeInt(rt, 1), nil
				}
				return interp.MakeInt(rt, ^uint64(0)), nil
			case 0:
				return interp.Value{}, interp.Errorf(op, "integer division by zero")
			}
			return interp.MakeInt(rt, 0), nil
		}
		r := uint64(1)
		x := uint64(b)
		for ; e > 0; e >>= 1 {
			if e&1 != 0 {
				r *= x
			}
			x *= x
		}
		return interp.MakeInt(rt, r), nil
	}
	s["math.absi"] = func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		x := args[0].Int()
		if x < 0 {
			x = -x
		}
		return interp.MakeInt(rt, uint64(x)), nil
	}
	s["math.ctpop"] = intUnary(func(x uint64, _ int) uint64 { return uint64(bits.OnesCount64(x)) })
	s["math.ctlz"] = intUnary(func(x uint64, w int) uint64 { return uint64(bits.LeadingZeros64(x) - (64 - w)) })
	s["math.cttz"] = intUnary(func(x uint64, w int) uint64 {
		if x == 0 {
			return uint64(w)
		}
		return uint64(bits.TrailingZeros64(x))
	})
	s["math.isnan"] = predicate(math.IsNaN)
	s["math.isinf"] = predicate(func(x float64) bool { return math.IsInf(x, 0) })
	s["math.isfinite"] = predicate(func(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) })
	s["math.isnormal"] = func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		x := args[0]
		ft := x.Type.(*ir.FloatType)
		f := math.Abs(x.Float())
		// Smallest normal of the operand's type: 2^(1 - bias).
		minNormal := map[ir.FloatKind]float64{ir.F16: 0x1p-14, ir.BF16: 0x1p-126, ir.F32: 0x1p-126, ir.F64: 0x1p-1022}[ft.Kind]
		return interp.MakeBool(rt, !math.IsNaN(f) && !math.IsInf(f, 0) && f >= minNormal && minNormal > 0), nil
	}
	scalars = s
}
