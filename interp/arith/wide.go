package arith

import (
	"math"
	"math/big"

	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// Integers wider than 64 bits compute exactly on math/big integers (their
// unsigned reading Big or their signed reading SignedBig) and wrap through
// interp.MakeBig; the operations on 64 bits and less keep their uint64
// paths.

// Overflow flags of arith.addi, subi, muli, shli and trunci (MLIR's
// IntegerOverflowFlags).
const (
	flagNSW = 1
	flagNUW = 2
)

// overflowFlags returns the overflowFlags property of op (0 when absent).
func overflowFlags(op *ir.Operation) int64 {
	switch a := op.Attr("overflowFlags").(type) {
	case nil:
	case *irdl.DynAttr:
		v, _ := a.Param("value").(uint64)
		return int64(v)
	case *ir.IntegerAttr:
		return a.Int64()
	}
	return 0
}

// isExact reports whether op has the exact flag (divsi, divui, shrsi,
// shrui).
func isExact(op *ir.Operation) bool {
	_, ok := op.Attr("isExact").(*ir.UnitAttr)
	return ok
}

func pow2(w int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(w)) }

// fitsSignedBig reports whether x fits w bits signed.
func fitsSignedBig(x *big.Int, w int) bool {
	lim := pow2(w - 1)
	return x.Cmp(new(big.Int).Neg(lim)) >= 0 && x.Cmp(lim) < 0
}

// fitsUnsignedBig reports whether x fits w bits unsigned.
func fitsUnsignedBig(x *big.Int, w int) bool { return x.Sign() >= 0 && x.BitLen() <= w }

// wrapPoison checks the nsw and nuw flags of an addi, subi or muli: the
// exact result of fn on the signed and the unsigned readings of a and b
// must fit the width. It returns why the result is poison, or "".
func wrapPoison(flags int64, a, b interp.Value, w int, kind byte) string {
	if flags&flagNSW != 0 && !exactFits(a, b, w, kind, true) {
		return "signed overflow with the nsw flag"
	}
	if flags&flagNUW != 0 && !exactFits(a, b, w, kind, false) {
		return "unsigned overflow with the nuw flag"
	}
	return ""
}

// exactFits reports whether a kind b ('+', '-', '*') computed exactly on
// the signed or unsigned readings fits w bits.
func exactFits(a, b interp.Value, w int, kind byte, signed bool) bool {
	if w <= 31 {
		// Exact in int64.
		var x, y int64
		if signed {
			x, y = a.Int(), b.Int()
		} else {
			x, y = int64(a.Uint()), int64(b.Uint())
		}
		var r int64
		switch kind {
		case '+':
			r = x + y
		case '-':
			r = x - y
		default:
			r = x * y
		}
		if signed {
			return r >= -1<<uint(w-1) && r < 1<<uint(w-1)
		}
		return r >= 0 && r < 1<<uint(w)
	}
	var x, y *big.Int
	if signed {
		x, y = a.SignedBig(), b.SignedBig()
	} else {
		x, y = a.Big(), b.Big()
	}
	r := new(big.Int)
	switch kind {
	case '+':
		r.Add(x, y)
	case '-':
		r.Sub(x, y)
	default:
		r.Mul(x, y)
	}
	if signed {
		return fitsSignedBig(r, w)
	}
	return fitsUnsignedBig(r, w)
}

// wideBinary computes a two-operand operation on wide integers: fn gets the
// operands' unsigned and signed readings and returns the exact result,
// which wraps to the width.
func wideBinary(rt ir.Type, a, b interp.Value, fn func(ua, ub, sa, sb *big.Int) *big.Int) interp.Value {
	return interp.MakeBig(rt, fn(a.Big(), b.Big(), a.SignedBig(), b.SignedBig()))
}

// wideIntOps are the wide semantics of the integer operations of intOp
// (the divisions are checked by intDiv first).
var wideIntOps = map[string]func(ua, ub, sa, sb *big.Int) *big.Int{
	"addi": func(ua, ub, _, _ *big.Int) *big.Int { return new(big.Int).Add(ua, ub) },
	"subi": func(ua, ub, _, _ *big.Int) *big.Int { return new(big.Int).Sub(ua, ub) },
	"muli": func(ua, ub, _, _ *big.Int) *big.Int { return new(big.Int).Mul(ua, ub) },
	"andi": func(ua, ub, _, _ *big.Int) *big.Int { return new(big.Int).And(ua, ub) },
	"ori":  func(ua, ub, _, _ *big.Int) *big.Int { return new(big.Int).Or(ua, ub) },
	"xori": func(ua, ub, _, _ *big.Int) *big.Int { return new(big.Int).Xor(ua, ub) },
	"maxsi": func(ua, ub, sa, sb *big.Int) *big.Int {
		if sa.Cmp(sb) >= 0 {
			return ua
		}
		return ub
	},
	"minsi": func(ua, ub, sa, sb *big.Int) *big.Int {
		if sa.Cmp(sb) <= 0 {
			return ua
		}
		return ub
	},
	"maxui": func(ua, ub, _, _ *big.Int) *big.Int {
		if ua.Cmp(ub) >= 0 {
			return ua
		}
		return ub
	},
	"minui": func(ua, ub, _, _ *big.Int) *big.Int {
		if ua.Cmp(ub) <= 0 {
			return ua
		}
		return ub
	},
	"divui": func(ua, ub, _, _ *big.Int) *big.Int { return new(big.Int).Quo(ua, ub) },
	"remui": func(ua, ub, _, _ *big.Int) *big.Int { return new(big.Int).Rem(ua, ub) },
	"divsi": func(_, _, sa, sb *big.Int) *big.Int { return new(big.Int).Quo(sa, sb) },
	"remsi": func(_, _, sa, sb *big.Int) *big.Int { return new(big.Int).Rem(sa, sb) },
	"ceildivui": func(ua, ub, _, _ *big.Int) *big.Int {
		if ua.Sign() == 0 {
			return ua
		}
		q := new(big.Int).Sub(ua, big.NewInt(1))
		q.Quo(q, ub)
		return q.Add(q, big.NewInt(1))
	},
	"ceildivsi": func(_, _, sa, sb *big.Int) *big.Int {
		q, r := new(big.Int).QuoRem(sa, sb, new(big.Int))
		if r.Sign() != 0 && (sa.Sign() < 0) == (sb.Sign() < 0) {
			q.Add(q, big.NewInt(1))
		}
		return q
	},
	"floordivsi": func(_, _, sa, sb *big.Int) *big.Int {
		q, r := new(big.Int).QuoRem(sa, sb, new(big.Int))
		if r.Sign() != 0 && (sa.Sign() < 0) != (sb.Sign() < 0) {
			q.Sub(q, big.NewInt(1))
		}
		return q
	},
}

// cmpIBig evaluates a cmpi predicate on wide integers.
func cmpIBig(pred int64, a, b interp.Value) (bool, bool) {
	var c int
	if pred >= 2 && pred <= 5 {
		c = a.SignedBig().Cmp(b.SignedBig())
	} else {
		c = a.Big().Cmp(b.Big())
	}
	switch pred {
	case 0:
		return c == 0, true
	case 1:
		return c != 0, true
	case 2, 6:
		return c < 0, true
	case 3, 7:
		return c <= 0, true
	case 4, 8:
		return c > 0, true
	case 5, 9:
		return c >= 0, true
	}
	return false, false
}

// shiftResult is arith.shli, shrui or shrsi of a by s on any width: poison
// when s is the width or more, or when a flag (nsw and nuw on shli, exact
// on the right shifts) does not hold.
func shiftResult(op *ir.Operation, kind byte, a, s interp.Value, rt ir.Type) interp.Value {
	w := interp.IntWidth(rt)
	if s.Big().Cmp(big.NewInt(int64(w))) >= 0 {
		return interp.MakePoison(rt, op, "a shift by the bit width or more")
	}
	n := uint(s.Uint())
	if w <= 64 {
		var r uint64
		switch kind {
		case '<':
			r = a.Uint() << n
		case 'u':
			r = a.Uint() >> n
		default:
			r = uint64(a.Int() >> n)
		}
		v := interp.MakeInt(rt, r)
		if why := shiftFlags(op, kind, a, v, n, w); why != "" {
			return interp.MakePoison(rt, op, why)
		}
		return v
	}
	var r *big.Int
	switch kind {
	case '<':
		r = new(big.Int).Lsh(a.Big(), n)
	case 'u':
		r = new(big.Int).Rsh(a.Big(), n)
	default:
		r = new(big.Int).Rsh(a.SignedBig(), n)
	}
	v := interp.MakeBig(rt, r)
	if why := shiftFlags(op, kind, a, v, n, w); why != "" {
		return interp.MakePoison(rt, op, why)
	}
	return v
}

// shiftFlags checks a shift's flags: shifting the result r back must give
// a again (shli nuw: logically, nsw: arithmetically; shrui and shrsi exact:
// no non-zero bit was shifted out).
func shiftFlags(op *ir.Operation, kind byte, a, r interp.Value, n uint, w int) string {
	if kind == '<' {
		flags := overflowFlags(op)
		if flags == 0 {
			return ""
		}
		if flags&flagNSW != 0 && new(big.Int).Rsh(r.SignedBig(), n).Cmp(a.SignedBig()) != 0 {
			return "a shift out of bits that differ from the sign with the nsw flag"
		}
		if flags&flagNUW != 0 && new(big.Int).Rsh(r.Big(), n).Cmp(a.Big()) != 0 {
			return "a shift out of non-zero bits with the nuw flag"
		}
		return ""
	}
	if !isExact(op) || n == 0 {
		return ""
	}
	if a.Big().TrailingZeroBits() < n && a.Big().Sign() != 0 {
		return "a shift out of non-zero bits with the exact flag"
	}
	return ""
}

// truncPoison checks arith.trunci's flags: with nsw the result must
// sign-extend back to the operand, with nuw zero-extend back to it.
func truncPoison(op *ir.Operation, a, r interp.Value) string {
	flags := overflowFlags(op)
	if flags == 0 {
		return ""
	}
	if flags&flagNSW != 0 && r.SignedBig().Cmp(a.SignedBig()) != 0 {
		return "a truncation that changes the signed value with the nsw flag"
	}
	if flags&flagNUW != 0 && r.Big().Cmp(a.Big()) != 0 {
		return "a truncation that changes the unsigned value with the nuw flag"
	}
	return ""
}

// castInt is extsi (signed), extui and trunci (unsigned) on any widths.
func castInt(rt ir.Type, a interp.Value, signed bool) interp.Value {
	if !interp.IsWide(rt) && !interp.IsWide(a.Type) {
		if signed {
			return interp.MakeInt(rt, uint64(a.Int()))
		}
		return interp.MakeInt(rt, a.Uint())
	}
	if signed {
		return interp.MakeBig(rt, a.SignedBig())
	}
	return interp.MakeBig(rt, a.Big())
}

// bigToFloat rounds the integer x once to the float type t.
func bigToFloat(t *ir.FloatType, x *big.Int) interp.Value {
	prec := uint(53)
	switch t.Kind {
	case ir.F32:
		prec = 24
	case ir.F64:
	default:
		if sem := apfloat.ByName(t.Kind.String()); sem != nil {
			prec = uint(sem.Precision())
		}
	}
	f, _ := new(big.Float).SetPrec(prec).SetMode(big.ToNearestEven).SetInt(x).Float64()
	return interp.MakeFloat(t, f)
}

// floatToBig truncates f toward zero into a w-bit integer, saturating as
// FloatToInt does (NaN gives zero).
func floatToBig(f float64, w int, signed bool) *big.Int {
	if math.IsNaN(f) {
		return new(big.Int)
	}
	var lo, hi *big.Int // the range, inclusive
	if signed {
		lo = new(big.Int).Neg(pow2(w - 1))
		hi = new(big.Int).Sub(pow2(w-1), big.NewInt(1))
	} else {
		lo = new(big.Int)
		hi = new(big.Int).Sub(pow2(w), big.NewInt(1))
	}
	if math.IsInf(f, 1) {
		return hi
	}
	if math.IsInf(f, -1) {
		return lo
	}
	x, _ := big.NewFloat(math.Trunc(f)).Int(nil)
	if x.Cmp(lo) < 0 {
		return lo
	}
	if x.Cmp(hi) > 0 {
		return hi
	}
	return x
}
