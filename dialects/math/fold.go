package math

import (
	gomath "math"
	"math/big"
	"math/bits"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
)

// The constant folders of upstream's MathOps.cpp. Elementary functions
// fold for f32 and f64 only, as upstream calls the host's libm for those
// two widths; rounding and sign operations fold for every format float64
// holds exactly.

type folder = func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool)

// libm are the functions upstream folds through libm, with the inputs
// they refuse (nil: none).
var libm = map[string]struct {
	f      func(float64) float64
	refuse func(float64) bool
}{
	"acos":  {gomath.Acos, nil},
	"acosh": {gomath.Acosh, nil},
	"asin":  {gomath.Asin, nil},
	"asinh": {gomath.Asinh, nil},
	"atan":  {gomath.Atan, nil},
	"atanh": {gomath.Atanh, nil},
	"cos":   {gomath.Cos, nil},
	"cosh":  {gomath.Cosh, nil},
	"erf":   {gomath.Erf, nil},
	"erfc":  {gomath.Erfc, nil},
	"exp":   {gomath.Exp, nil},
	"exp2":  {gomath.Exp2, nil},
	"expm1": {gomath.Expm1, nil},
	"log":   {gomath.Log, negative},
	"log10": {gomath.Log10, negative},
	"log2":  {gomath.Log2, negative},
	"log1p": {gomath.Log1p, func(x float64) bool { return x+1 < 0 || gomath.Signbit(x+1) }},
	"round": {gomath.Round, nil},
	"sin":   {gomath.Sin, nil},
	"sinh":  {gomath.Sinh, nil},
	"sqrt":  {gomath.Sqrt, negative},
	"tan":   {gomath.Tan, nil},
	"tanh":  {gomath.Tanh, nil},
	"trunc": {gomath.Trunc, nil},
}

// negative reports APFloat's isNegative (the sign bit, -0 included).
func negative(x float64) bool { return gomath.Signbit(x) }

// exactOps round or change signs: their results are exact in any format.
var exactOps = map[string]func(float64) float64{
	"ceil":      gomath.Ceil,
	"floor":     gomath.Floor,
	"roundeven": gomath.RoundToEven,
}

// The folders of the math operations, named for the hooks of math.irdl.
var (
	foldAcos      = libmFolder("acos")
	foldAcosh     = libmFolder("acosh")
	foldAsin      = libmFolder("asin")
	foldAsinh     = libmFolder("asinh")
	foldAtan      = libmFolder("atan")
	foldAtanh     = libmFolder("atanh")
	foldCos       = libmFolder("cos")
	foldCosh      = libmFolder("cosh")
	foldErf       = libmFolder("erf")
	foldErfc      = libmFolder("erfc")
	foldExp       = libmFolder("exp")
	foldExp2      = libmFolder("exp2")
	foldExpm1     = libmFolder("expm1")
	foldLog       = libmFolder("log")
	foldLog10     = libmFolder("log10")
	foldLog2      = libmFolder("log2")
	foldLog1p     = libmFolder("log1p")
	foldRound     = libmFolder("round")
	foldSin       = libmFolder("sin")
	foldSinh      = libmFolder("sinh")
	foldSqrt      = libmFolder("sqrt")
	foldTan       = libmFolder("tan")
	foldTanh      = libmFolder("tanh")
	foldTrunc     = libmFolder("trunc")
	foldCeil      = exactFolder("ceil")
	foldFloor     = exactFolder("floor")
	foldRoundeven = exactFolder("roundeven")
	foldAtan2     = foldBinaryLibm(func(y, x float64) (float64, bool) {
		if y == 0 && x == 0 {
			return gomath.Float64frombits(0x7FF8000000000000), true
		}
		return gomath.Atan2(y, x), true
	})
	foldPowf     = foldBinaryLibm(func(x, y float64) (float64, bool) { return gomath.Pow(x, y), true })
	foldAbsf     = foldSign(func(a, _ *big.Int, sign *big.Int) *big.Int { return new(big.Int).AndNot(a, sign) }, false)
	foldCopysign = foldSign(func(a, b *big.Int, sign *big.Int) *big.Int {
		r := new(big.Int).AndNot(a, sign)
		return r.Or(r, new(big.Int).And(b, sign))
	}, true)
	foldAbsi = foldIntUnary(func(x *big.Int, w int) *big.Int {
		if x.Bit(w-1) == 1 {
			return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), x)
		}
		return x
	})
	foldCtlz = foldIntUnary(func(x *big.Int, w int) *big.Int { return big.NewInt(int64(w - x.BitLen())) })
	foldCttz = foldIntUnary(func(x *big.Int, w int) *big.Int {
		if x.Sign() == 0 {
			return big.NewInt(int64(w))
		}
		return big.NewInt(int64(x.TrailingZeroBits()))
	})
	foldCtpop = foldIntUnary(func(x *big.Int, _ int) *big.Int {
		n := 0
		for _, word := range x.Bits() {
			n += bits.OnesCount(uint(word))
		}
		return big.NewInt(int64(n))
	})
	foldIsnan    = foldClass(gomath.IsNaN)
	foldIsinf    = foldClass(func(x float64) bool { return gomath.IsInf(x, 0) })
	foldIsfinite = foldClass(func(x float64) bool { return !gomath.IsNaN(x) && !gomath.IsInf(x, 0) })
)

// foldIpowi and foldIsnormal are the hook names of foldIPowI and
// foldIsNormal.
var (
	foldIpowi    = foldIPowI
	foldIsnormal = foldIsNormal
)

// libmFolder folds an elementary function of the libm table.
func libmFolder(name string) folder {
	fn := libm[name]
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		return foldLibm(op, operands, fn.f, fn.refuse)
	}
}

// exactFolder folds a rounding function of the exactOps table.
func exactFolder(name string) folder {
	f := exactOps[name]
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		return attr(arith.FloatUnary(op.Context(), op.Result(0).Type(), constAt(operands, 0), f))
	}
}

// foldIsNormal folds isnormal: finite, non-zero and not subnormal.
func foldIsNormal(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	a := constAt(operands, 0)
	if a == nil {
		return nil, false
	}
	sem := arith.SemanticsOf(a.Elem)
	if sem == nil || sem.Precision() > 53 {
		return nil, false
	}
	smallest := gomath.Ldexp(1, sem.MinExponent())
	return foldClass(func(x float64) bool {
		return !gomath.IsNaN(x) && !gomath.IsInf(x, 0) && gomath.Abs(x) >= smallest
	})(op, operands)
}

func attr(a ir.Attribute) ([]ir.FoldResult, bool) {
	if a == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: a}}, true
}

func constAt(operands []ir.Attribute, i int) *arith.Const {
	if i >= len(operands) || operands[i] == nil {
		return nil
	}
	return arith.AsConst(operands[i])
}

// libmWidth reports whether c holds f32 or f64 values (the widths
// upstream folds through libm).
func libmWidth(c *arith.Const) bool {
	ft, ok := c.Elem.(*ir.FloatType)
	return ok && (ft.Kind == ir.F32 || ft.Kind == ir.F64)
}

func foldLibm(op *ir.Operation, operands []ir.Attribute, f func(float64) float64, refuse func(float64) bool) ([]ir.FoldResult, bool) {
	c := constAt(operands, 0)
	if c == nil || !libmWidth(c) {
		return nil, false
	}
	ok := true
	sem := arith.SemanticsOf(c.Elem)
	for _, v := range c.Vals {
		x := arith.FloatValue(sem, v)
		// A NaN made from a number depends on the host's libm: leave it.
		if refuse != nil && refuse(x) || !gomath.IsNaN(x) && gomath.IsNaN(f(x)) {
			ok = false
		}
	}
	if !ok {
		return nil, false
	}
	return attr(arith.FloatUnary(op.Context(), op.Result(0).Type(), c, f))
}

func foldBinaryLibm(f func(x, y float64) (float64, bool)) folder {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		a, b := constAt(operands, 0), constAt(operands, 1)
		if a == nil || b == nil || !libmWidth(a) || !libmWidth(b) {
			return nil, false
		}
		sem := arith.SemanticsOf(a.Elem)
		for i := 0; i < max(a.Len(), b.Len()); i++ {
			x, y := arith.FloatValue(sem, a.At(i)), arith.FloatValue(sem, b.At(i))
			r, _ := f(x, y)
			if !gomath.IsNaN(x) && !gomath.IsNaN(y) && gomath.IsNaN(r) && !(x == 0 && y == 0) {
				return nil, false
			}
		}
		return attr(arith.FloatBinary(op.Context(), op.Result(0).Type(), a, b, func(x, y float64) float64 {
			r, _ := f(x, y)
			return r
		}))
	}
}

// foldSign folds absf and copysign on bit patterns, for every format with
// a sign bit.
func foldSign(f func(a, b, sign *big.Int) *big.Int, binary bool) folder {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		a := constAt(operands, 0)
		b := a
		if binary {
			b = constAt(operands, 1)
		}
		if a == nil || b == nil {
			return nil, false
		}
		sem := arith.SemanticsOf(a.Elem)
		if sem == nil || !sem.HasSignedRepr() {
			return nil, false
		}
		sign := new(big.Int).Lsh(big.NewInt(1), uint(sem.BitWidth()-1))
		cs := []*arith.Const{a}
		if binary {
			cs = append(cs, b)
		}
		return attr(arith.MapConsts(op.Context(), op.Result(0).Type(), func(vs []*big.Int) *big.Int {
			y := vs[0]
			if binary {
				y = vs[1]
			}
			return f(vs[0], y, sign)
		}, cs...))
	}
}

func foldIntUnary(f func(x *big.Int, w int) *big.Int) folder {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		a := constAt(operands, 0)
		if a == nil || arith.SemanticsOf(a.Elem) != nil {
			return nil, false
		}
		w := arith.BitWidth(a.Elem)
		if w == 0 {
			return nil, false
		}
		return attr(arith.MapConsts(op.Context(), op.Result(0).Type(), func(vs []*big.Int) *big.Int {
			return f(vs[0], w)
		}, a))
	}
}

// foldIPowI folds integer powers (upstream's IPowIOp::fold): a negative
// power of 0 is left alone.
func foldIPowI(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	a, b := constAt(operands, 0), constAt(operands, 1)
	if a == nil || b == nil || arith.SemanticsOf(a.Elem) != nil {
		return nil, false
	}
	w := arith.BitWidth(a.Elem)
	if w == 0 {
		return nil, false
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	minusOne := new(big.Int).Sub(mod, big.NewInt(1))
	return attr(arith.MapConsts(op.Context(), op.Result(0).Type(), func(vs []*big.Int) *big.Int {
		base, power := vs[0], vs[1]
		if power.Sign() == 0 {
			return big.NewInt(1)
		}
		if power.Bit(w-1) == 1 {
			switch {
			case base.Sign() == 0:
				return nil
			case base.Cmp(big.NewInt(1)) == 0:
				return big.NewInt(1)
			case base.Cmp(minusOne) != 0:
				return big.NewInt(0)
			case power.Bit(0) == 1:
				return minusOne
			}
			return big.NewInt(1)
		}
		return new(big.Int).Exp(base, power, mod)
	}, a, b))
}

// foldClass folds isnan, isinf and isfinite.
func foldClass(p func(float64) bool) folder {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		a := constAt(operands, 0)
		if a == nil {
			return nil, false
		}
		sem := arith.SemanticsOf(a.Elem)
		if sem == nil || sem.Precision() > 53 {
			return nil, false
		}
		return attr(arith.MapConsts(op.Context(), op.Result(0).Type(), func(vs []*big.Int) *big.Int {
			if p(arith.FloatValue(sem, vs[0])) {
				return big.NewInt(1)
			}
			return big.NewInt(0)
		}, a))
	}
}
