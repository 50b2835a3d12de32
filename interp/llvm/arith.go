package llvm

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// Overflow flags of llvm.add, sub, mul, shl and trunc.
const (
	flagNSW = 1
	flagNUW = 2
)

func intAttr(op *ir.Operation, name string) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int64()
	}
	return 0
}

func minSigned(w int) int64 {
	if w >= 64 {
		return math.MinInt64
	}
	return -1 << uint(w-1)
}

func maxSigned(w int) int64 { return -minSigned(w) - 1 }

// fitsSigned reports whether the exact integer x fits w bits signed.
func fitsSigned(x *big.Int, w int) bool {
	return x.Cmp(big.NewInt(minSigned(w))) >= 0 && x.Cmp(big.NewInt(maxSigned(w))) <= 0
}

// fitsUnsigned reports whether the exact integer x fits w bits unsigned.
func fitsUnsigned(x *big.Int, w int) bool {
	if x.Sign() < 0 {
		return false
	}
	return x.BitLen() <= w
}

// unsupported is the error of an operation on values of type t, which
// the interpreter does not represent.
func unsupported(op *ir.Operation, t ir.Type) error {
	return interp.Errorf(op, "the interpreter does not support values of type "+asm.TypeString(t)+
		" here (integers up to 64 bits, index, and floats up to f64, as scalars)")
}

// intResult is the outcome of an integer operation: its bits, or why it
// is poison.
type intResult struct {
	bits   uint64
	poison string
}

// intBinary is the semantics of a two-operand integer operation; fn gets
// the operands and the width and returns the result or an error (division
// by zero, undefined behaviour). A poison operand gives a poison result
// (and a poison divisor is an error, set by the operation itself).
func intBinary(fn func(op *ir.Operation, a, b interp.Value, w int) (intResult, error)) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		if vectorResult(op) {
			return lanewise(f, op, intLane(fn))
		}
		a, err := f.Operand(op, 0)
		if err != nil {
			return err
		}
		b, err := f.Operand(op, 1)
		if err != nil {
			return err
		}
		rt := op.Result(0).Type()
		w := interp.IntWidth(rt)
		if w == 0 {
			return unsupported(op, rt)
		}
		if p := poisonOf(a, b); p != nil {
			f.SetResult(op, 0, interp.MakeObject(rt, 0, p))
			return nil
		}
		if w > 64 {
			return wideBinary(f, op, a, b, rt)
		}
		r, err := fn(op, a, b, w)
		if err != nil {
			return err
		}
		if r.poison != "" {
			f.SetResult(op, 0, makePoison(rt, op, r.poison))
			return nil
		}
		f.SetResult(op, 0, interp.MakeInt(rt, r.bits))
		return nil
	}
}

// exact returns the exact signed or unsigned value of v.
func exact(v interp.Value, signed bool) *big.Int {
	if signed {
		return big.NewInt(v.Int())
	}
	return new(big.Int).SetUint64(v.Uint())
}

// wrapFlags checks the nsw and nuw flags of op against the exact result of
// fn applied to the signed and unsigned readings of the operands.
func wrapFlags(op *ir.Operation, a, b interp.Value, w int, fn func(x, y *big.Int) *big.Int) string {
	flags := intAttr(op, "overflowFlags")
	if flags&flagNSW != 0 && !fitsSigned(fn(exact(a, true), exact(b, true)), w) {
		return "signed overflow with the nsw flag"
	}
	if flags&flagNUW != 0 && !fitsUnsigned(fn(exact(a, false), exact(b, false)), w) {
		return "unsigned overflow with the nuw flag"
	}
	return ""
}

// small reports whether both operands fit in 31 bits signed, when no
// 64-bit operation of them can overflow a 64-bit exact computation.
func small(a, b interp.Value) bool {
	x, y := a.Int(), b.Int()
	return x >= -1<<31 && x < 1<<31 && y >= -1<<31 && y < 1<<31
}

func addSubMul(kind byte) interp.OpFunc {
	return intBinary(func(op *ir.Operation, a, b interp.Value, w int) (intResult, error) {
		var r uint64
		var fn func(x, y *big.Int) *big.Int
		switch kind {
		case '+':
			r = a.Uint() + b.Uint()
			fn = func(x, y *big.Int) *big.Int { return new(big.Int).Add(x, y) }
		case '-':
			r = a.Uint() - b.Uint()
			fn = func(x, y *big.Int) *big.Int { return new(big.Int).Sub(x, y) }
		default:
			r = a.Uint() * b.Uint()
			fn = func(x, y *big.Int) *big.Int { return new(big.Int).Mul(x, y) }
		}
		flags := intAttr(op, "overflowFlags")
		if flags == 0 {
			return intResult{bits: r}, nil
		}
		// Fast checks for the common case of small operands.
		if w == 64 && small(a, b) {
			x, y := a.Int(), b.Int()
			var e int64
			switch kind {
			case '+':
				e = x + y
			case '-':
				e = x - y
			default:
				e = x * y
			}
			if flags&flagNUW != 0 && (x < 0 || y < 0 || e < 0) {
				// Operands read unsigned are huge: fall through to the
				// exact check.
			} else {
				return intResult{bits: uint64(e)}, nil
			}
		}
		if why := wrapFlags(op, a, b, w, fn); why != "" {
			return intResult{poison: why}, nil
		}
		return intResult{bits: r}, nil
	})
}

func divRem(signed, rem bool) interp.OpFunc {
	return intBinary(func(op *ir.Operation, a, b interp.Value, w int) (intResult, error) {
		if b.Uint() == 0 {
			return intResult{}, interp.Errorf(op, "integer division by zero")
		}
		if !signed {
			if rem {
				return intResult{bits: a.Uint() % b.Uint()}, nil
			}
			return intResult{bits: a.Uint() / b.Uint()}, nil
		}
		if b.Int() == -1 && a.Int() == minSigned(w) {
			return intResult{}, interp.Errorf(op, "signed integer division overflow")
		}
		if rem {
			return intResult{bits: uint64(a.Int() % b.Int())}, nil
		}
		return intResult{bits: uint64(a.Int() / b.Int())}, nil
	})
}

// divisorPoison makes a poison divisor an error (undefined behaviour).
func divisorPoison(fn interp.OpFunc) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		b, err := f.Operand(op, 1)
		if err != nil {
			return err
		}
		if p := poisonOf(b); p != nil {
			return p.errorAt(op, "the divisor")
		}
		return fn(f, op)
	}
}

func logic(fn func(a, b uint64) uint64) interp.OpFunc {
	return intBinary(func(op *ir.Operation, a, b interp.Value, w int) (intResult, error) {
		return intResult{bits: fn(a.Uint(), b.Uint())}, nil
	})
}

func shift(kind string) interp.OpFunc {
	return intBinary(func(op *ir.Operation, a, b interp.Value, w int) (intResult, error) {
		s := b.Uint()
		if s >= uint64(w) {
			return intResult{poison: "shift amount not less than the bit width"}, nil
		}
		switch kind {
		case "shl":
			r := interp.MakeInt(a.Type, a.Uint()<<s)
			flags := intAttr(op, "overflowFlags")
			if flags&flagNUW != 0 && r.Uint()>>s != a.Uint() {
				return intResult{poison: "shifted out non-zero bits with the nuw flag"}, nil
			}
			if flags&flagNSW != 0 && r.Int()>>s != a.Int() {
				return intResult{poison: "signed overflow with the nsw flag"}, nil
			}
			return intResult{bits: r.Uint()}, nil
		case "lshr":
			return intResult{bits: a.Uint() >> s}, nil
		}
		return intResult{bits: uint64(a.Int() >> s)}, nil
	})
}

// scalar lifts one of the arith or math semantics (they agree with LLVM's
// on defined inputs) to an llvm operation on scalars with a poison check.
func scalar(fn arithi.ScalarFunc) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		if vectorResult(op) {
			return lanewise(f, op, scalarLane(fn))
		}
		args, err := f.Operands(op)
		if err != nil {
			return err
		}
		rt := op.Result(0).Type()
		if p := poisonOf(args...); p != nil {
			f.SetResult(op, 0, interp.MakeObject(rt, 0, p))
			return nil
		}
		for _, a := range args {
			if !interp.SupportedType(a.Type) {
				return unsupported(op, a.Type)
			}
		}
		if !interp.SupportedType(rt) {
			return unsupported(op, rt)
		}
		r, err := fn(op, args, rt)
		if err != nil {
			return err
		}
		f.SetResult(op, 0, r)
		return nil
	}
}

func arithScalar(name string) arithi.ScalarFunc {
	fn := arithi.Scalar(name)
	if fn == nil {
		panic("llvm: no semantics for " + name)
	}
	return fn
}

func icmp(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	r, ok := arithi.CmpI(intAttr(op, "predicate"), args[0], args[1])
	if !ok {
		return interp.Value{}, interp.Errorf(op, "unknown icmp predicate")
	}
	return interp.MakeBool(rt, r), nil
}

func fcmp(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	r, ok := arithi.CmpF(intAttr(op, "predicate"), args[0].Float(), args[1].Float())
	if !ok {
		return interp.Value{}, interp.Errorf(op, "unknown fcmp predicate")
	}
	return interp.MakeBool(rt, r), nil
}

// icmpOp compares integers or pointers (by address).
func icmpOp(f *interp.Frame, op *ir.Operation) error {
	a, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	b, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	if p := poisonOf(a, b); p != nil {
		f.SetResult(op, 0, interp.MakeObject(rt, 0, p))
		return nil
	}
	// Pointers compare as 64-bit addresses (their bits).
	r, err := icmp(op, []interp.Value{a, b}, rt)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, r)
	return nil
}

func fneg(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	w := ir.IntOrFloatBitWidth(rt)
	return interp.FromBits(rt, args[0].Bits()^(1<<uint(w-1))), nil
}

func sext(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	if interp.IsWide(rt) || interp.IsWide(args[0].Type) {
		return interp.MakeBig(rt, args[0].SignedBig()), nil
	}
	return interp.MakeInt(rt, uint64(args[0].Int())), nil
}

func zext(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	if interp.IsWide(rt) || interp.IsWide(args[0].Type) {
		return interp.MakeBig(rt, args[0].Big()), nil
	}
	return interp.MakeInt(rt, args[0].Uint()), nil
}

// truncOp is llvm.trunc, on scalars and lane by lane on vectors.
var truncOp = unaryOp(func(op *ir.Operation, a interp.Value, rt ir.Type) (interp.Value, error) {
	if interp.IsWide(a.Type) {
		r := interp.MakeBig(rt, a.Big())
		flags := intAttr(op, "overflowFlags")
		switch {
		case flags&flagNUW != 0 && r.Big().Cmp(a.Big()) != 0:
			return makePoison(rt, op, "truncated non-zero bits with the nuw flag"), nil
		case flags&flagNSW != 0 && r.SignedBig().Cmp(a.SignedBig()) != 0:
			return makePoison(rt, op, "truncated a value that does not fit signed with the nsw flag"), nil
		}
		return r, nil
	}
	r := interp.MakeInt(rt, a.Uint())
	flags := intAttr(op, "overflowFlags")
	switch {
	case flags&flagNUW != 0 && r.Uint() != a.Uint():
		return makePoison(rt, op, "truncated non-zero bits with the nuw flag"), nil
	case flags&flagNSW != 0 && r.Int() != a.Int():
		return makePoison(rt, op, "truncated a value that does not fit signed with the nsw flag"), nil
	}
	return r, nil
})

// fpToInt is fptosi or fptoui: a value out of the result's range (NaN
// included) is poison.
func fpToInt(signed bool) interp.OpFunc {
	return unaryOp(func(op *ir.Operation, a interp.Value, rt ir.Type) (interp.Value, error) {
		w := interp.IntWidth(rt)
		if w == 0 || !a.IsFloat() {
			return interp.Value{}, interp.Errorf(op, "the interpreter supports this operation on floats and vectors of floats only")
		}
		x := math.Trunc(a.Float())
		var ok bool
		if signed {
			ok = x >= math.Ldexp(-1, w-1) && x < math.Ldexp(1, w-1)
		} else {
			ok = x > -1 && x < math.Ldexp(1, w)
		}
		if math.IsNaN(x) || !ok {
			return makePoison(rt, op, "float value out of the integer type's range"), nil
		}
		return interp.MakeInt(rt, uint64(arithi.FloatToInt(x, w, signed))), nil
	})
}

func bitcastOp(f *interp.Frame, op *ir.Operation) error {
	a, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	if a.Object() != nil {
		// Pointers (and poison) keep their object.
		f.SetResult(op, 0, a.WithType(rt))
		return nil
	}
	if !interp.SupportedType(rt) {
		return interp.Errorf(op, "the interpreter supports bitcasts of scalars and pointers only")
	}
	f.SetResult(op, 0, interp.FromBits(rt, a.Bits()))
	return nil
}

func ptrToInt(f *interp.Frame, op *ir.Operation) error {
	a, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	if p := poisonOf(a); p != nil {
		f.SetResult(op, 0, interp.MakeObject(rt, 0, p))
		return nil
	}
	f.SetResult(op, 0, interp.MakeInt(rt, a.Bits()))
	return nil
}

func intToPtr(f *interp.Frame, op *ir.Operation) error {
	a, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	if p := poisonOf(a); p != nil {
		f.SetResult(op, 0, interp.MakeObject(rt, 0, p))
		return nil
	}
	addr := a.Uint()
	f.SetResult(op, 0, interp.MakeObject(rt, addr, memOf(f).find(addr)))
	return nil
}

func selectOp(f *interp.Frame, op *ir.Operation) error {
	c, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	if p := poisonOf(c); p != nil {
		f.SetResult(op, 0, makePoison(op.Result(0).Type(), p.op, p.why))
		return nil
	}
	i := 2
	if c.Bool() {
		i = 1
	}
	v, err := f.Operand(op, i)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, v)
	return nil
}

func bitReverse(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	w := interp.IntWidth(rt)
	return interp.MakeInt(rt, bits.Reverse64(args[0].Uint())>>uint(64-w)), nil
}

// countZeros is llvm.intr.ctlz/cttz: zero is poison when is_zero_poison.
func countZeros(leading bool) interp.OpFunc {
	return unaryOp(func(op *ir.Operation, a interp.Value, rt ir.Type) (interp.Value, error) {
		w := interp.IntWidth(rt)
		if w == 0 {
			return interp.Value{}, interp.Errorf(op, "the interpreter supports this operation on integers and vectors of integers only")
		}
		x := a.Uint()
		if x == 0 {
			if _, ok := op.Attr("is_zero_poison").(*ir.UnitAttr); ok || intAttr(op, "is_zero_poison") != 0 {
				return makePoison(rt, op, "zero operand with is_zero_poison"), nil
			}
			return interp.MakeInt(rt, uint64(w)), nil
		}
		if leading {
			return interp.MakeInt(rt, uint64(bits.LeadingZeros64(x)-(64-w))), nil
		}
		return interp.MakeInt(rt, uint64(bits.TrailingZeros64(x))), nil
	})
}

// absInt is llvm.intr.abs: the minimum signed value is poison when
// is_int_min_poison.
var absInt = unaryOp(func(op *ir.Operation, a interp.Value, rt ir.Type) (interp.Value, error) {
	w := interp.IntWidth(rt)
	if w == 0 {
		return interp.Value{}, interp.Errorf(op, "the interpreter supports this operation on integers and vectors of integers only")
	}
	x := a.Int()
	if x == minSigned(w) {
		if intAttr(op, "is_int_min_poison") != 0 {
			return makePoison(rt, op, "the minimum signed value with is_int_min_poison"), nil
		}
		return a, nil
	}
	if x < 0 {
		x = -x
	}
	return interp.MakeInt(rt, uint64(x)), nil
})

// isFPClass is llvm.intr.is.fpclass: whether the operand falls in one of
// the classes of the mask (bit 0 signaling NaN, 1 quiet NaN, 2 -inf,
// 3 -normal, 4 -subnormal, 5 -0, 6 +0, 7 +subnormal, 8 +normal, 9 +inf).
// The interpreter's NaNs are quiet.
func isFPClass(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	ft, ok := args[0].Type.(*ir.FloatType)
	if !ok {
		return interp.Value{}, unsupported(op, args[0].Type)
	}
	minNormal := map[ir.FloatKind]float64{ir.F16: 0x1p-14, ir.BF16: 0x1p-126, ir.F32: 0x1p-126, ir.F64: 0x1p-1022}[ft.Kind]
	if minNormal == 0 {
		return interp.Value{}, unsupported(op, ft)
	}
	x := args[0].Float()
	var class uint
	switch a := math.Abs(x); {
	case math.IsNaN(x):
		class = 1
	case math.IsInf(x, 0):
		class = 9
	case a >= minNormal:
		class = 8
	case a > 0:
		class = 7
	default:
		class = 6
	}
	if !math.IsNaN(x) && math.Signbit(x) {
		class = 11 - class
	}
	return interp.MakeBool(rt, intAttr(op, "bit")>>class&1 != 0), nil
}

func exp10(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	x := args[0].Float()
	return interp.MakeFloat(rt.(*ir.FloatType), arithi.DefaultNaN(math.Pow(10, x), x)), nil
}

func roundEven(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	return interp.MakeFloat(rt.(*ir.FloatType), math.RoundToEven(args[0].Float())), nil
}
