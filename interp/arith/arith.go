package arith

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"sync"

	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	arithd "github.com/strata-ir/strata/dialects/arith"
)

// ScalarFunc computes one element of an elementwise operation: args are
// scalar values and rt the scalar result type.
type ScalarFunc func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error)

// Elementwise lifts a scalar function to an operation whose operands and
// result are scalars, tensors or vectors of one shape (the arith and math
// operations).
func Elementwise(fn ScalarFunc) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		args, err := f.OperandsScratch(op)
		if err != nil {
			return err
		}
		rt := op.Result(0).Type()
		r, err := Apply(op, fn, args, rt)
		if err != nil {
			return err
		}
		f.SetResult(op, 0, r)
		return nil
	}
}

// Apply computes fn on args, elementwise when they are tensors or vectors.
//
// A poison operand gives a poison result (a poison divisor of an integer
// division is an error); a tensor or vector of which some element comes
// out poison is poison as a whole.
func Apply(op *ir.Operation, fn ScalarFunc, args []interp.Value, rt ir.Type) (interp.Value, error) {
	if i := interp.FirstPoison(args); i >= 0 {
		return poisonOperand(op, args, i, rt)
	}
	if len(args) == 0 || !args[0].IsDense() {
		for _, a := range args {
			if err := checkType(op, a.Type); err != nil {
				return interp.Value{}, err
			}
		}
		if err := checkType(op, rt); err != nil {
			return interp.Value{}, err
		}
		return fn(op, args, rt)
	}
	if r, ok, err := applySplat(op, fn, args, rt); ok || err != nil {
		return r, err
	}
	shape := args[0].Dense().Shape
	n := len(args[0].Dense().Data)
	ets := make([]ir.Type, len(args))
	for i, a := range args {
		d := a.Dense()
		if d == nil || len(d.Data) != n {
			return interp.Value{}, interp.Errorf(op, "elementwise operands must have one shape")
		}
		ets[i] = interp.ElementType(a.Type)
		if err := checkType(op, ets[i]); err != nil {
			return interp.Value{}, err
		}
	}
	ret := interp.ElementType(rt)
	if err := checkType(op, ret); err != nil {
		return interp.Value{}, err
	}
	out := make([]uint64, n)
	sc := make([]interp.Value, len(args))
	for i := 0; i < n; i++ {
		for j, a := range args {
			sc[j] = interp.FromBits(ets[j], a.Dense().Data[i])
		}
		r, err := fn(op, sc, ret)
		if err != nil {
			return interp.Value{}, err
		}
		if r.IsPoison() {
			return r.WithType(rt), nil
		}
		out[i] = r.Bits()
	}
	return interp.MakeDense(rt, &interp.Dense{Shape: shape, Data: out}), nil
}

// applySplat computes fn once when every operand is a splat of one shape
// (interp.MakeSplat), giving a splat: ok is false otherwise.
func applySplat(op *ir.Operation, fn ScalarFunc, args []interp.Value, rt ir.Type) (interp.Value, bool, error) {
	shape, _ := args[0].Shape()
	if interp.NumElements(shape) <= 0 {
		return interp.Value{}, false, nil
	}
	sc := make([]interp.Value, len(args))
	for i, a := range args {
		bits, ok := a.Splat()
		if !ok {
			return interp.Value{}, false, nil
		}
		if s, _ := a.Shape(); !slices.Equal(s, shape) {
			return interp.Value{}, false, nil
		}
		et := interp.ElementType(a.Type)
		if err := checkType(op, et); err != nil {
			return interp.Value{}, false, err
		}
		sc[i] = interp.FromBits(et, bits)
	}
	ret := interp.ElementType(rt)
	if err := checkType(op, ret); err != nil {
		return interp.Value{}, false, err
	}
	r, err := fn(op, sc, ret)
	if err != nil {
		return interp.Value{}, false, err
	}
	if r.IsPoison() {
		return r.WithType(rt), true, nil
	}
	return interp.MakeSplat(rt, shape, r.Bits()), true, nil
}

// poisonOperand is the result of an elementwise operation whose operand i
// is poison: poison, or an error for the divisor of an integer division.
func poisonOperand(op *ir.Operation, args []interp.Value, i int, rt ir.Type) (interp.Value, error) {
	if i == 1 && divisions[op.Name()] {
		return interp.Value{}, interp.PoisonError(op, "the divisor", args[i])
	}
	return args[i].WithType(rt), nil
}

// divisions are the integer divisions, whose divisor must not be poison.
var divisions = map[string]bool{
	"arith.divui": true, "arith.divsi": true, "arith.remui": true, "arith.remsi": true,
	"arith.ceildivui": true, "arith.ceildivsi": true, "arith.floordivsi": true,
}

// intOp is a two-operand integer operation: fn on 64 bits or less, the
// operation name's entry of wideIntOps above. kind ('+', '-', '*' or 0)
// says which overflow flags apply.
func intOp(name string, kind byte, fn func(a, b interp.Value, w int) uint64) ScalarFunc {
	wide := wideIntOps[name]
	return func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		w := interp.IntWidth(rt)
		var r interp.Value
		if w > 64 {
			r = wideBinary(rt, args[0], args[1], wide)
		} else {
			r = interp.MakeInt(rt, fn(args[0], args[1], w))
		}
		if kind != 0 {
			if flags := overflowFlags(op); flags != 0 {
				if why := wrapPoison(flags, args[0], args[1], w, kind); why != "" {
					return interp.MakePoison(rt, op, why), nil
				}
			}
		}
		return r, nil
	}
}

// intDiv is an integer division or remainder that fails on division by
// zero and on signed overflow (undefined behaviour upstream); with the
// exact flag (divsi, divui) a non-zero remainder gives poison.
func intDiv(name string, signed bool, fn func(a, b interp.Value, w int) uint64) ScalarFunc {
	wide := wideIntOps[name]
	return func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		a, b := args[0], args[1]
		w := interp.IntWidth(rt)
		if w > 64 {
			if b.Big().Sign() == 0 {
				return interp.Value{}, interp.Errorf(op, "integer division by zero")
			}
			sb := b.SignedBig()
			if signed && sb.IsInt64() && sb.Int64() == -1 && a.Big().Cmp(pow2(w-1)) == 0 {
				return interp.Value{}, interp.Errorf(op, "signed integer division overflow")
			}
			if isExact(op) {
				if r := wideBinary(rt, a, b, wideIntOps[remOf(name)]); r.Big().Sign() != 0 {
					return interp.MakePoison(rt, op, "a division with a remainder with the exact flag"), nil
				}
			}
			return wideBinary(rt, a, b, wide), nil
		}
		if b.Uint() == 0 {
			return interp.Value{}, interp.Errorf(op, "integer division by zero")
		}
		if signed && b.Int() == -1 && a.Int() == minInt(w) && w > 1 {
			return interp.Value{}, interp.Errorf(op, "signed integer division overflow")
		}
		if isExact(op) {
			var rem bool
			if signed {
				rem = a.Int()%b.Int() != 0
			} else {
				rem = a.Uint()%b.Uint() != 0
			}
			if rem {
				return interp.MakePoison(rt, op, "a division with a remainder with the exact flag"), nil
			}
		}
		return interp.MakeInt(rt, fn(a, b, w)), nil
	}
}

// remOf returns the remainder operation of a division's name.
func remOf(name string) string {
	if name == "divsi" {
		return "remsi"
	}
	return "remui"
}

// numOp is maxnumf (max) or minnumf as upstream folds them: a NaN
// right-hand side gives the left-hand side unchanged, else a signaling NaN
// left-hand side gives that NaN made quiet (LLVM's maxnum and minnum), and
// a quiet one the right-hand side.
func numOp(max bool) ScalarFunc {
	return func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		ft := rt.(*ir.FloatType)
		a, b := args[0], args[1]
		switch {
		case math.IsNaN(b.Float()):
			return a, nil
		case math.IsNaN(a.Float()):
			if sem := apfloat.ByName(ft.Kind.String()); sem != nil && apfloat.FromBits(sem, a.Bits(), 0).IsSignaling() {
				// Float64 of a small format's NaN is already quiet.
				return interp.MakeFloat(ft, math.Float64frombits(math.Float64bits(a.Float())|1<<51)), nil
			}
			return b, nil
		}
		return interp.MakeFloat(ft, maximum(a.Float(), b.Float(), max, false)), nil
	}
}

// negf flips the sign bit of x, as APFloat's changeSign does: in the
// formats whose NaN is the negative zero pattern (the FNUZ formats) zero
// and NaN are their own negations; f8E8M0FNU, without a sign, gives what
// the folder gives.
func negf(rt ir.Type, x interp.Value) interp.Value {
	sign := uint64(1) << uint(ir.IntOrFloatBitWidth(rt)-1)
	if ft, ok := rt.(*ir.FloatType); ok {
		if sem := apfloat.ByName(ft.Kind.String()); sem != nil {
			if !sem.HasSignedRepr() {
				// Undefined in LLVM; its release builds, and so the
				// folder, OR the sign into the value's bits.
				return interp.MakeFloat(ft, -x.Float())
			}
			if apfloat.FromBits(sem, sign, 0).IsNaN() && x.Bits()&^sign == 0 {
				return x
			}
		}
	}
	return interp.FromBits(rt, x.Bits()^sign)
}

func minInt(w int) int64 {
	if w >= 64 {
		return math.MinInt64
	}
	return -1 << uint(w-1)
}

func floatOp(fn func(a, b float64) float64) ScalarFunc {
	return func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return interp.MakeFloat(rt.(*ir.FloatType), fn(args[0].Float(), args[1].Float())), nil
	}
}

// FloatUnary lifts a float64 function to a one-operand float operation,
// rounding the result to the result type.
func FloatUnary(fn func(a float64) float64) ScalarFunc {
	return func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		ft, ok := rt.(*ir.FloatType)
		if !ok {
			return interp.Value{}, interp.Errorf(op, "expected a float result")
		}
		x := args[0].Float()
		return interp.MakeFloat(ft, DefaultNaN(fn(x), x)), nil
	}
}

// defaultNaN is the NaN that x86-64 produces for an invalid operation (and
// that the C library returns), with its sign bit set.
var defaultNaN = math.Float64frombits(0xfff8000000000000)

// DefaultNaN returns r, except for a NaN result, which becomes the first
// NaN operand, or the negative default NaN of x86-64 hardware when no
// operand is NaN, as compiled code and the C library produce.
func DefaultNaN(r float64, operands ...float64) float64 {
	if !math.IsNaN(r) {
		return r
	}
	for _, x := range operands {
		if math.IsNaN(x) {
			return x
		}
	}
	return defaultNaN
}

// shiftOp is shli ('<'), shrui ('u') or shrsi ('s'): see shiftResult.
func shiftOp(kind byte) ScalarFunc {
	return func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return shiftResult(op, kind, args[0], args[1], rt), nil
	}
}

// maximum is maximumf/minimumf (propagateNaN) and maxnumf/minnumf, which
// return the other operand for a NaN (see numOp for signaling NaNs).
func maximum(a, b float64, max, propagateNaN bool) float64 {
	switch {
	case math.IsNaN(a):
		if propagateNaN {
			return a
		}
		return b
	case math.IsNaN(b):
		if propagateNaN {
			return b
		}
		return a
	case a == b:
		// -0 < +0
		if math.Signbit(a) != math.Signbit(b) {
			if max == math.Signbit(a) {
				return b
			}
			return a
		}
		return a
	case (a > b) == max:
		return a
	}
	return b
}

var (
	scalarOnce sync.Once
	scalars    map[string]ScalarFunc
)

// Scalar returns the scalar semantics of an elementwise arith operation
// ("arith.addf"), or nil.
func Scalar(name string) ScalarFunc {
	scalarOnce.Do(buildScalars)
	return scalars[name]
}

// NativeBinary returns a native kernel for the elementwise arith
// operation name ("arith.addf") on elements of type t, or nil: the
// structured operations of the interpreter run bodies of one such
// operation as native loops.
func NativeBinary(name string, t ir.Type) func(a, b uint64) uint64 {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return nil
	}
	switch ft.Kind {
	case ir.F32:
		return floatKernel(name, func(b uint64) float32 { return math.Float32frombits(uint32(b)) },
			func(x float32) uint64 { return uint64(math.Float32bits(x)) })
	case ir.F64:
		return floatKernel(name, math.Float64frombits, math.Float64bits)
	}
	return nil
}

// floatKernel is NativeBinary on the floats F, whose bit patterns from
// and to convert.
func floatKernel[F float32 | float64](name string, from func(uint64) F, to func(F) uint64) func(a, b uint64) uint64 {
	var g func(x, y F) F
	switch name {
	case arithd.AddfOpName:
		g = func(x, y F) F { return x + y }
	case arithd.SubfOpName:
		g = func(x, y F) F { return x - y }
	case arithd.MulfOpName:
		g = func(x, y F) F { return x * y }
	case arithd.DivfOpName:
		g = func(x, y F) F { return x / y }
	default:
		return nil
	}
	return func(a, b uint64) uint64 { return to(g(from(a), from(b))) }
}

// elementwise is Elementwise(fn) for the arith operation name, with a
// native loop for vectors and tensors of f32 or f64 where NativeBinary
// has one (the same results: fn computes in float64 and rounds once,
// which for these operations is the f32 operation).
func elementwise(name string, fn ScalarFunc) interp.OpFunc {
	generic := Elementwise(fn)
	k32 := floatKernel(name, func(b uint64) float32 { return math.Float32frombits(uint32(b)) },
		func(x float32) uint64 { return uint64(math.Float32bits(x)) })
	k64 := floatKernel(name, math.Float64frombits, math.Float64bits)
	if k32 == nil || k64 == nil {
		return generic
	}
	return func(f *interp.Frame, op *ir.Operation) error {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return generic(f, op)
		}
		rt := op.Result(0).Type()
		var k func(a, b uint64) uint64
		switch et, _ := interp.ElementType(rt).(*ir.FloatType); {
		case et == nil:
		case et.Kind == ir.F32:
			k = k32
		case et.Kind == ir.F64:
			k = k64
		}
		if k == nil {
			return generic(f, op)
		}
		x, err := f.Operand(op, 0)
		if err != nil {
			return err
		}
		y, err := f.Operand(op, 1)
		if err != nil {
			return err
		}
		_, xs := x.Splat()
		_, ys := y.Splat()
		if x.Type != rt || y.Type != rt || xs && ys {
			return generic(f, op)
		}
		dx, dy := x.Dense(), y.Dense()
		if dx == nil || dy == nil || len(dx.Data) != len(dy.Data) {
			return generic(f, op)
		}
		out := make([]uint64, len(dx.Data))
		for i, a := range dx.Data {
			out[i] = k(a, dy.Data[i])
		}
		f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: dx.Shape, Data: out}))
		return nil
	}
}

func registerArith(reg *interp.Registry) {
	reg.Register("arith.constant", constant)
	scalarOnce.Do(buildScalars)
	for name, fn := range scalars {
		reg.Register(name, elementwise(name, fn))
	}
	reg.Register("arith.select", selectOp)
	reg.Register("arith.mulsi_extended", mulExtended(true))
	reg.Register("arith.mului_extended", mulExtended(false))
	reg.Register("arith.addui_extended", addExtended)
}

func buildScalars() {
	scalars = map[string]ScalarFunc{}
	ew := func(name string, fn ScalarFunc) { scalars["arith."+name] = fn }
	ew("addi", intOp("addi", '+', func(a, b interp.Value, _ int) uint64 { return a.Uint() + b.Uint() }))
	ew("subi", intOp("subi", '-', func(a, b interp.Value, _ int) uint64 { return a.Uint() - b.Uint() }))
	ew("muli", intOp("muli", '*', func(a, b interp.Value, _ int) uint64 { return a.Uint() * b.Uint() }))
	ew("andi", intOp("andi", 0, func(a, b interp.Value, _ int) uint64 { return a.Uint() & b.Uint() }))
	ew("ori", intOp("ori", 0, func(a, b interp.Value, _ int) uint64 { return a.Uint() | b.Uint() }))
	ew("xori", intOp("xori", 0, func(a, b interp.Value, _ int) uint64 { return a.Uint() ^ b.Uint() }))
	ew("maxsi", intOp("maxsi", 0, func(a, b interp.Value, _ int) uint64 { return pick(a.Int() >= b.Int(), a, b) }))
	ew("minsi", intOp("minsi", 0, func(a, b interp.Value, _ int) uint64 { return pick(a.Int() <= b.Int(), a, b) }))
	ew("maxui", intOp("maxui", 0, func(a, b interp.Value, _ int) uint64 { return pick(a.Uint() >= b.Uint(), a, b) }))
	ew("minui", intOp("minui", 0, func(a, b interp.Value, _ int) uint64 { return pick(a.Uint() <= b.Uint(), a, b) }))
	ew("divui", intDiv("divui", false, func(a, b interp.Value, _ int) uint64 { return a.Uint() / b.Uint() }))
	ew("remui", intDiv("remui", false, func(a, b interp.Value, _ int) uint64 { return a.Uint() % b.Uint() }))
	ew("divsi", intDiv("divsi", true, func(a, b interp.Value, _ int) uint64 { return uint64(a.Int() / b.Int()) }))
	ew("remsi", intDiv("remsi", true, func(a, b interp.Value, _ int) uint64 { return uint64(a.Int() % b.Int()) }))
	ew("ceildivui", intDiv("ceildivui", false, func(a, b interp.Value, _ int) uint64 {
		if a.Uint() == 0 {
			return 0
		}
		return (a.Uint()-1)/b.Uint() + 1
	}))
	ew("ceildivsi", intDiv("ceildivsi", true, func(a, b interp.Value, _ int) uint64 {
		x, y := a.Int(), b.Int()
		q := x / y
		if x%y != 0 && (x < 0) == (y < 0) {
			q++
		}
		return uint64(q)
	}))
	ew("floordivsi", intDiv("floordivsi", true, func(a, b interp.Value, _ int) uint64 {
		x, y := a.Int(), b.Int()
		q := x / y
		if x%y != 0 && (x < 0) != (y < 0) {
			q--
		}
		return uint64(q)
	}))
	ew("shli", shiftOp('<'))
	ew("shrui", shiftOp('u'))
	ew("shrsi", shiftOp('s'))

	ew("addf", floatOp(func(a, b float64) float64 { return a + b }))
	ew("subf", floatOp(func(a, b float64) float64 { return a - b }))
	ew("mulf", floatOp(func(a, b float64) float64 { return a * b }))
	ew("divf", floatOp(func(a, b float64) float64 { return a / b }))
	ew("remf", floatOp(func(a, b float64) float64 { return DefaultNaN(math.Mod(a, b), a, b) }))
	ew("maximumf", floatOp(func(a, b float64) float64 { return maximum(a, b, true, true) }))
	ew("minimumf", floatOp(func(a, b float64) float64 { return maximum(a, b, false, true) }))
	ew("maxnumf", numOp(true))
	ew("minnumf", numOp(false))
	ew("negf", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return negf(rt, args[0]), nil
	})
	ew("cmpi", cmpiScalar)
	ew("cmpf", cmpfScalar)

	// Casts.
	ew("extsi", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return castInt(rt, args[0], true), nil
	})
	ew("extui", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return castInt(rt, args[0], false), nil
	})
	ew("trunci", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		r := castInt(rt, args[0], false)
		if why := truncPoison(op, args[0], r); why != "" {
			return interp.MakePoison(rt, op, why), nil
		}
		return r, nil
	})
	ew("index_cast", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return castInt(rt, args[0], true), nil
	})
	ew("index_castui", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return interp.MakeInt(rt, args[0].Uint()), nil
	})
	ew("extf", FloatUnary(func(a float64) float64 { return a }))
	ew("scaling_extf", scalingExtF)
	ew("scaling_truncf", scalingTruncF)
	ew("truncf", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		if m, ok := op.Attr("roundingmode").(*ir.IntegerAttr); ok && m.Int64() != 0 {
			return interp.Value{}, interp.Errorf(op, "the interpreter supports only the to_nearest_even rounding mode")
		}
		return interp.MakeFloat(rt.(*ir.FloatType), args[0].Float()), nil
	})
	ew("sitofp", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		if interp.IsWide(args[0].Type) {
			return bigToFloat(rt.(*ir.FloatType), args[0].SignedBig()), nil
		}
		return intToFloat(rt.(*ir.FloatType), args[0].Int(), 0, true), nil
	})
	ew("uitofp", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		if interp.IsWide(args[0].Type) {
			return bigToFloat(rt.(*ir.FloatType), args[0].Big()), nil
		}
		return intToFloat(rt.(*ir.FloatType), 0, args[0].Uint(), false), nil
	})
	ew("fptosi", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		if w := interp.IntWidth(rt); w > 64 {
			return interp.MakeBig(rt, floatToBig(args[0].Float(), w, true)), nil
		}
		return interp.MakeInt(rt, uint64(FloatToInt(args[0].Float(), interp.IntWidth(rt), true))), nil
	})
	ew("fptoui", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		if w := interp.IntWidth(rt); w > 64 {
			return interp.MakeBig(rt, floatToBig(args[0].Float(), w, false)), nil
		}
		return interp.MakeInt(rt, uint64(FloatToInt(args[0].Float(), interp.IntWidth(rt), false))), nil
	})
	ew("bitcast", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		return interp.FromBits(rt, args[0].Bits()), nil
	})
}

func pick(first bool, a, b interp.Value) uint64 {
	if first {
		return a.Uint()
	}
	return b.Uint()
}

// intToFloat rounds an integer to the float type t once.
func intToFloat(t *ir.FloatType, s int64, u uint64, signed bool) interp.Value {
	if t.Kind == ir.F32 {
		if signed {
			return interp.MakeFloat(t, float64(float32(s)))
		}
		return interp.MakeFloat(t, float64(float32(u)))
	}
	if signed {
		return interp.MakeFloat(t, float64(s))
	}
	return interp.MakeFloat(t, float64(u))
}

// FloatToInt truncates f toward zero into a w-bit integer. Out-of-range
// values and NaN (poison upstream) saturate, NaN giving zero.
func FloatToInt(f float64, w int, signed bool) int64 {
	if math.IsNaN(f) {
		return 0
	}
	f = math.Trunc(f)
	if signed {
		lo, hi := float64(minInt(w)), -float64(minInt(w))
		if f < lo {
			return minInt(w)
		}
		if f >= hi {
			return -minInt(w) - 1
		}
		return int64(f)
	}
	if f <= 0 {
		return 0
	}
	hi := math.Ldexp(1, w)
	if f >= hi {
		if w >= 64 {
			return -1
		}
		return int64(uint64(1)<<uint(w) - 1)
	}
	if f >= math.Ldexp(1, 63) {
		return int64(uint64(f-math.Ldexp(1, 63)) + 1<<63)
	}
	return int64(f)
}

func cmpiScalar(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	p, err := predicate(op)
	if err != nil {
		return interp.Value{}, err
	}
	r, ok := CmpI(p, args[0], args[1])
	if !ok {
		return interp.Value{}, interp.Errorf(op, fmt.Sprintf("unknown cmpi predicate %d", p))
	}
	return interp.MakeBool(rt, r), nil
}

func cmpfScalar(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	p, err := predicate(op)
	if err != nil {
		return interp.Value{}, err
	}
	r, ok := CmpF(p, args[0].Float(), args[1].Float())
	if !ok {
		return interp.Value{}, interp.Errorf(op, fmt.Sprintf("unknown cmpf predicate %d", p))
	}
	return interp.MakeBool(rt, r), nil
}

func selectOp(f *interp.Frame, op *ir.Operation) error {
	args, err := f.Operands(op)
	if err != nil {
		return err
	}
	if len(args) != 3 {
		return interp.Errorf(op, "expected 3 operands")
	}
	if args[0].IsPoison() {
		f.SetResult(op, 0, args[0].WithType(op.Result(0).Type()))
		return nil
	}
	if !args[0].IsDense() {
		// A scalar condition picks a whole value, of any type.
		if args[0].Bool() {
			f.SetResult(op, 0, args[1])
		} else {
			f.SetResult(op, 0, args[2])
		}
		return nil
	}
	r, err := Apply(op, func(_ *ir.Operation, a []interp.Value, rt ir.Type) (interp.Value, error) {
		if a[0].Bool() {
			return a[1], nil
		}
		return a[2], nil
	}, args, op.Result(0).Type())
	if err != nil {
		return err
	}
	f.SetResult(op, 0, r)
	return nil
}

// mulExtended is mulsi_extended or mului_extended: the double-width product
// of two integers as its low and high halves, elementwise on vectors.
func mulExtended(signed bool) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		args, err := f.Operands(op)
		if err != nil {
			return err
		}
		if len(args) != 2 || op.NumResults() != 2 {
			return interp.Errorf(op, "expected 2 operands and 2 results")
		}
		for i, high := range []bool{false, true} {
			v, err := Apply(op, mulHalf(signed, high), args, op.Result(i).Type())
			if err != nil {
				return err
			}
			f.SetResult(op, i, v)
		}
		return nil
	}
}

// mulHalf returns the low or high half of the double-width product of two
// integers of type t.
func mulHalf(signed, high bool) ScalarFunc {
	return func(_ *ir.Operation, args []interp.Value, t ir.Type) (interp.Value, error) {
		w := interp.IntWidth(t)
		if w > 64 {
			var p *big.Int
			if signed {
				p = new(big.Int).Mul(args[0].SignedBig(), args[1].SignedBig())
			} else {
				p = new(big.Int).Mul(args[0].Big(), args[1].Big())
			}
			if high {
				p = p.Rsh(p, uint(w))
			}
			return interp.MakeBig(t, p), nil
		}
		var hi, lo uint64
		if signed {
			a, b := args[0].Int(), args[1].Int()
			hi, lo = bits.Mul64(uint64(a), uint64(b))
			// Signed correction of the unsigned 128-bit product.
			if a < 0 {
				hi -= uint64(b)
			}
			if b < 0 {
				hi -= uint64(a)
			}
		} else {
			hi, lo = bits.Mul64(args[0].Uint(), args[1].Uint())
		}
		if !high {
			return interp.MakeInt(t, lo), nil
		}
		if w >= 64 {
			return interp.MakeInt(t, hi), nil
		}
		return interp.MakeInt(t, lo>>uint(w)|hi<<uint(64-w)), nil
	}
}

func addExtended(f *interp.Frame, op *ir.Operation) error {
	args, err := f.Operands(op)
	if err != nil {
		return err
	}
	t := op.Result(0).Type()
	if err := checkType(op, t); err != nil {
		return err
	}
	if poisonResults(f, op, args) {
		return nil
	}
	if interp.IsWide(t) {
		sum := interp.MakeBig(t, new(big.Int).Add(args[0].Big(), args[1].Big()))
		f.SetResult(op, 0, sum)
		f.SetResult(op, 1, interp.MakeBool(op.Result(1).Type(), sum.Big().Cmp(args[0].Big()) < 0))
		return nil
	}
	sum := interp.MakeInt(t, args[0].Uint()+args[1].Uint())
	f.SetResult(op, 0, sum)
	f.SetResult(op, 1, interp.MakeBool(op.Result(1).Type(), sum.Uint() < args[0].Uint()))
	return nil
}

// poisonResults sets every result of op to poison when an operand is
// poison (addui_extended on scalars) and
// reports whether it did.
func poisonResults(f *interp.Frame, op *ir.Operation, args []interp.Value) bool {
	for _, a := range args {
		if a.IsPoison() {
			for i := 0; i < op.NumResults(); i++ {
				f.SetResult(op, i, a.WithType(op.Result(i).Type()))
			}
			return true
		}
	}
	return false
}
