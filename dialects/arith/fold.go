package arith

import (
	"math"
	"math/big"

	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/ir"
)

// The folders of arith's operations (upstream's ArithOps.cpp fold
// methods): constant folding with exact integer and float semantics and
// the identities upstream folds. Canonicalization patterns that create
// operations are not folders and live elsewhere.

// folder is the type of an operation's fold hook.
type folder = func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool)

// The folders made by the generic folders' constructors, named for the
// hooks of arith.irdl.
var (
	foldMaxsi         = foldIntMinMax(true, true)
	foldMaxui         = foldIntMinMax(true, false)
	foldMinsi         = foldIntMinMax(false, true)
	foldMinui         = foldIntMinMax(false, false)
	foldMulsiExtended = foldMulExtended(true)
	foldMuluiExtended = foldMulExtended(false)
	foldMaximumf      = foldFloatMinMax(true, false)
	foldMaxnumf       = foldFloatMinMax(true, true)
	foldMinimumf      = foldFloatMinMax(false, false)
	foldMinnumf       = foldFloatMinMax(false, true)
	foldExtui         = foldExt(false)
	foldExtsi         = foldExt(true)
	foldSitofp        = foldIToFP(true)
	foldUitofp        = foldIToFP(false)
	foldFptosi        = foldFPToI(true)
	foldFptoui        = foldFPToI(false)
	foldIndexCastOp   = foldIndexCast(true)
	foldIndexCastUI   = foldIndexCast(false)
)

// Helpers shared by the folders.

func value(v ir.Value) []ir.FoldResult { return []ir.FoldResult{{Value: v}} }

func attr(a ir.Attribute) ([]ir.FoldResult, bool) {
	if a == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: a}}, true
}

func constAt(operands []ir.Attribute, i int) *Const {
	if i >= len(operands) || operands[i] == nil {
		return nil
	}
	return AsConst(operands[i])
}

// isSplatOf reports whether c is a scalar or splat integer constant whose
// every element has the bit pattern v (given at c's width).
func isSplatOf(c *Const, v func(w int) *big.Int) bool {
	if c == nil || SemanticsOf(c.Elem) != nil {
		return false
	}
	w := bitWidth(c.Elem)
	want := truncBits(v(w), w)
	for _, x := range c.Vals {
		if x.Cmp(want) != 0 {
			return false
		}
	}
	return true
}

// scalarBits returns the bit pattern of operands[i] when it is a scalar
// integer or index attribute at most 64 bits wide: the folders' fast path,
// which needs no big integers.
func scalarBits(operands []ir.Attribute, i int) (uint64, ir.Type, bool) {
	if i >= len(operands) {
		return 0, nil, false
	}
	a, ok := operands[i].(*ir.IntegerAttr)
	if !ok || a.Big != nil || bitWidth(a.Type) == 0 || bitWidth(a.Type) > 64 {
		return 0, nil, false
	}
	return a.Lo, a.Type, true
}

// isZeroAt reports whether operands[i] is a zero integer scalar or splat.
func isZeroAt(operands []ir.Attribute, i int) bool {
	if x, _, ok := scalarBits(operands, i); ok {
		return x == 0
	}
	return isZero(constAt(operands, i))
}

// isOneAt reports whether operands[i] is a one integer scalar or splat.
func isOneAt(operands []ir.Attribute, i int) bool {
	if x, _, ok := scalarBits(operands, i); ok {
		return x == 1
	}
	return isOne(constAt(operands, i))
}

// scalarBinary folds a binary integer operation whose operands are both
// scalar constants of one type at most 64 bits wide with f on their bit
// patterns (the result is truncated to the width); ok is false when they
// are not such constants.
func scalarBinary(op *ir.Operation, operands []ir.Attribute, f func(x, y uint64) uint64) (ir.Attribute, bool) {
	x, tx, ok1 := scalarBits(operands, 0)
	y, ty, ok2 := scalarBits(operands, 1)
	if !ok1 || !ok2 || tx != ty || resultType(op) != tx {
		return nil, false
	}
	return op.Context().IntegerAttrBits(tx, f(x, y)), true
}

func isZero(c *Const) bool { return isSplatOf(c, func(int) *big.Int { return big.NewInt(0) }) }
func isOne(c *Const) bool  { return isSplatOf(c, func(int) *big.Int { return big.NewInt(1) }) }
func isAllOnes(c *Const) bool {
	return isSplatOf(c, func(int) *big.Int { return big.NewInt(-1) })
}

// floatSplatIs reports whether c is a float constant whose every element
// satisfies p.
func floatSplatIs(c *Const, p func(f apfloat.Float) bool) bool {
	if c == nil {
		return false
	}
	sem := SemanticsOf(c.Elem)
	if sem == nil {
		return false
	}
	for _, x := range c.Vals {
		if !p(toFloat(sem, x)) {
			return false
		}
	}
	return true
}

func floatIs(v float64) func(apfloat.Float) bool {
	return func(f apfloat.Float) bool {
		g := f.Float64()
		return g == v && math.Signbit(g) == math.Signbit(v)
	}
}

// zeroOf returns the zero constant of t (scalar or statically shaped).
func zeroOf(ctx *ir.Context, t ir.Type) ir.Attribute {
	return MakeConst(ctx, t, []*big.Int{big.NewInt(0)})
}

func resultType(op *ir.Operation) ir.Type { return op.Result(0).Type() }

func definedBy(v ir.Value, name string) *ir.Operation {
	d := ir.DefiningOp(v)
	if d == nil || d.Name() != name {
		return nil
	}
	return d
}

// Integer arithmetic.

func foldAddi(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if isZeroAt(operands, 1) {
		return value(lhs), true
	}
	// addi(subi(a, b), b) -> a
	if s := definedBy(lhs, "arith.subi"); s != nil && s.Operand(1) == rhs {
		return value(s.Operand(0)), true
	}
	// addi(b, subi(a, b)) -> a
	if s := definedBy(rhs, "arith.subi"); s != nil && s.Operand(1) == lhs {
		return value(s.Operand(0)), true
	}
	if a, ok := scalarBinary(op, operands, func(x, y uint64) uint64 { return x + y }); ok {
		return attr(a)
	}
	return attr(intBinaryAt(op, operands,
		func(x, y *big.Int, _ int) *big.Int { return new(big.Int).Add(x, y) }))
}

func foldSubi(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if lhs == rhs {
		if z := zeroOf(op.Context(), resultType(op)); z != nil {
			return attr(z)
		}
	}
	if isZeroAt(operands, 1) {
		return value(lhs), true
	}
	if a := definedBy(lhs, "arith.addi"); a != nil {
		// subi(addi(a, b), b) -> a
		if a.Operand(1) == rhs {
			return value(a.Operand(0)), true
		}
		// subi(addi(a, b), a) -> b
		if a.Operand(0) == rhs {
			return value(a.Operand(1)), true
		}
	}
	if a, ok := scalarBinary(op, operands, func(x, y uint64) uint64 { return x - y }); ok {
		return attr(a)
	}
	return attr(intBinaryAt(op, operands,
		func(x, y *big.Int, _ int) *big.Int { return new(big.Int).Sub(x, y) }))
}

func foldMuli(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if isZeroAt(operands, 1) {
		return value(op.Operand(1)), true
	}
	if isOneAt(operands, 1) {
		return value(op.Operand(0)), true
	}
	if a, ok := scalarBinary(op, operands, func(x, y uint64) uint64 { return x * y }); ok {
		return attr(a)
	}
	return attr(intBinaryAt(op, operands,
		func(x, y *big.Int, _ int) *big.Int { return new(big.Int).Mul(x, y) }))
}

// divFold folds a division-like op: x op 1 -> x when one is set, and the
// constant fold by f (nil: undefined, no fold).
func divFold(op *ir.Operation, operands []ir.Attribute, oneIsIdentity bool, f func(x, y *big.Int, w int) *big.Int) ([]ir.FoldResult, bool) {
	rc := constAt(operands, 1)
	if oneIsIdentity && isOne(rc) {
		return value(op.Operand(0)), true
	}
	return attr(IntBinary(op.Context(), resultType(op), constAt(operands, 0), rc, f))
}

func foldDivui(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return divFold(op, operands, true, func(x, y *big.Int, _ int) *big.Int {
		if y.Sign() == 0 {
			return nil
		}
		return new(big.Int).Quo(x, y)
	})
}

// sdiv returns the signed quotient of x and y rounded by round (toward
// zero when nil), or nil on division by zero or overflow.
func sdiv(x, y *big.Int, w int, round func(q, r, a, b *big.Int) *big.Int) *big.Int {
	a, b := signed(x, w), signed(y, w)
	if b.Sign() == 0 {
		return nil
	}
	q, r := new(big.Int).QuoRem(a, b, new(big.Int))
	if round != nil {
		q = round(q, r, a, b)
	}
	// Overflow: the result does not fit in w signed bits.
	lim := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
	if q.Cmp(lim) >= 0 {
		return nil
	}
	return q
}

func foldDivsi(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return divFold(op, operands, true, func(x, y *big.Int, w int) *big.Int { return sdiv(x, y, w, nil) })
}

func foldCeilDivui(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return divFold(op, operands, true, func(x, y *big.Int, _ int) *big.Int {
		if y.Sign() == 0 {
			return nil
		}
		q, r := new(big.Int).QuoRem(x, y, new(big.Int))
		if r.Sign() != 0 {
			q.Add(q, big.NewInt(1))
		}
		return q
	})
}

func foldCeilDivsi(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return divFold(op, operands, true, func(x, y *big.Int, w int) *big.Int {
		// Upstream negates negative operands first and refuses to fold
		// when that overflows.
		minv := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
		if x.Sign() != 0 && (x.Cmp(minv) == 0 || y.Cmp(minv) == 0) {
			return nil
		}
		return sdiv(x, y, w, func(q, r, a, b *big.Int) *big.Int {
			if r.Sign() != 0 && (a.Sign() > 0) == (b.Sign() > 0) {
				q.Add(q, big.NewInt(1))
			}
			return q
		})
	})
}

func foldFloorDivsi(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return divFold(op, operands, true, func(x, y *big.Int, w int) *big.Int {
		return sdiv(x, y, w, func(q, r, a, b *big.Int) *big.Int {
			if r.Sign() != 0 && (a.Sign() < 0) != (b.Sign() < 0) {
				q.Sub(q, big.NewInt(1))
			}
			return q
		})
	})
}

func foldRemui(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if isOne(constAt(operands, 1)) {
		if z := zeroOf(op.Context(), resultType(op)); z != nil {
			return attr(z)
		}
	}
	return divFold(op, operands, false, func(x, y *big.Int, _ int) *big.Int {
		if y.Sign() == 0 {
			return nil
		}
		return new(big.Int).Rem(x, y)
	})
}

func foldRemsi(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if isOne(constAt(operands, 1)) {
		if z := zeroOf(op.Context(), resultType(op)); z != nil {
			return attr(z)
		}
	}
	return divFold(op, operands, false, func(x, y *big.Int, w int) *big.Int {
		a, b := signed(x, w), signed(y, w)
		if b.Sign() == 0 {
			return nil
		}
		return new(big.Int).Rem(a, b)
	})
}

// notOperand reports whether v is xori(x, -1) and returns the -1 operand.
func notOperand(v, x ir.Value) (ir.Value, bool) {
	d := definedBy(v, "arith.xori")
	if d == nil || d.Operand(0) != x {
		return nil, false
	}
	c := definedBy(d.Operand(1), "arith.constant")
	if c == nil || !isAllOnes(AsConst(c.InherentAttr("value"))) {
		return nil, false
	}
	return d.Operand(1), true
}

func foldAndi(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	lhs, rhs := op.Operand(0), op.Operand(1)
	rc := constAt(operands, 1)
	if isZero(rc) {
		return value(rhs), true
	}
	if isAllOnes(rc) || lhs == rhs {
		return value(lhs), true
	}
	// and(x, not(x)) -> 0, and(not(x), x) -> 0
	_, n1 := notOperand(rhs, lhs)
	_, n2 := notOperand(lhs, rhs)
	if n1 || n2 {
		if z := zeroOf(op.Context(), resultType(op)); z != nil {
			return attr(z)
		}
	}
	// and(a, and(a, b)) -> and(a, b)
	if a := definedBy(rhs, "arith.andi"); a != nil && (a.Operand(0) == lhs || a.Operand(1) == lhs) {
		return value(rhs), true
	}
	if a := definedBy(lhs, "arith.andi"); a != nil && (a.Operand(0) == rhs || a.Operand(1) == rhs) {
		return value(lhs), true
	}
	return attr(IntBinary(op.Context(), resultType(op), constAt(operands, 0), rc,
		func(x, y *big.Int, _ int) *big.Int { return new(big.Int).And(x, y) }))
}

func foldOri(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	lhs, rhs := op.Operand(0), op.Operand(1)
	rc := constAt(operands, 1)
	if isZero(rc) || lhs == rhs {
		return value(lhs), true
	}
	// or(x, <all ones>) -> <all ones>: the constant's attribute, which
	// the folder materializes anew, as upstream.
	if isAllOnes(rc) {
		return attr(operands[1])
	}
	// or(x, not(x)) -> -1, or(not(x), x) -> -1
	if m, ok := notOperand(rhs, lhs); ok {
		return value(m), true
	}
	if m, ok := notOperand(lhs, rhs); ok {
		return value(m), true
	}
	return attr(IntBinary(op.Context(), resultType(op), constAt(operands, 0), rc,
		func(x, y *big.Int, _ int) *big.Int { return new(big.Int).Or(x, y) }))
}

func foldXori(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if isZeroAt(operands, 1) {
		return value(lhs), true
	}
	if lhs == rhs {
		if z := zeroOf(op.Context(), resultType(op)); z != nil {
			return attr(z)
		}
	}
	// xor(xor(x, a), a) -> x and xor(xor(a, x), a) -> x
	if x := definedBy(lhs, "arith.xori"); x != nil {
		if x.Operand(1) == rhs {
			return value(x.Operand(0)), true
		}
		if x.Operand(0) == rhs {
			return value(x.Operand(1)), true
		}
	}
	// xor(a, xor(x, a)) -> x and xor(a, xor(a, x)) -> x
	if x := definedBy(rhs, "arith.xori"); x != nil {
		if x.Operand(1) == lhs {
			return value(x.Operand(0)), true
		}
		if x.Operand(0) == lhs {
			return value(x.Operand(1)), true
		}
	}
	if a, ok := scalarBinary(op, operands, func(x, y uint64) uint64 { return x ^ y }); ok {
		return attr(a)
	}
	return attr(intBinaryAt(op, operands,
		func(x, y *big.Int, _ int) *big.Int { return new(big.Int).Xor(x, y) }))
}

// shiftFold folds a shift: x shifted by 0 is x; a constant shift of at
// least the bit width is poison and does not fold.
func shiftFold(op *ir.Operation, operands []ir.Attribute, f func(x *big.Int, s uint, w int) *big.Int) ([]ir.FoldResult, bool) {
	if isZero(constAt(operands, 1)) {
		return value(op.Operand(0)), true
	}
	return attr(intBinaryAt(op, operands,
		func(x, y *big.Int, w int) *big.Int {
			if y.Cmp(big.NewInt(int64(w))) >= 0 {
				return nil
			}
			return f(x, uint(y.Uint64()), w)
		}))
}

func foldShli(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return shiftFold(op, operands, func(x *big.Int, s uint, _ int) *big.Int { return new(big.Int).Lsh(x, s) })
}

func foldShrui(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return shiftFold(op, operands, func(x *big.Int, s uint, _ int) *big.Int { return new(big.Int).Rsh(x, s) })
}

func foldShrsi(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return shiftFold(op, operands, func(x *big.Int, s uint, w int) *big.Int { return new(big.Int).Rsh(signed(x, w), s) })
}

// foldIntMinMax folds maxsi, maxui, minsi and minui: equal operands, the
// extreme value of the type, and constants.
func foldIntMinMax(isMax, isSigned bool) folder {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		lhs, rhs := op.Operand(0), op.Operand(1)
		if lhs == rhs {
			return value(lhs), true
		}
		rc := constAt(operands, 1)
		// The extreme value of the order absorbs (max with the maximum)
		// or is neutral (max with the minimum).
		ext := func(maxVal bool) func(w int) *big.Int {
			return func(w int) *big.Int {
				one := big.NewInt(1)
				switch {
				case isSigned && maxVal:
					return new(big.Int).Sub(new(big.Int).Lsh(one, uint(w-1)), one)
				case isSigned:
					return new(big.Int).Lsh(one, uint(w-1))
				case maxVal:
					return new(big.Int).Sub(new(big.Int).Lsh(one, uint(w)), one)
				}
				return big.NewInt(0)
			}
		}
		if isSplatOf(rc, ext(isMax)) {
			return value(rhs), true
		}
		if isSplatOf(rc, ext(!isMax)) {
			return value(lhs), true
		}
		return attr(IntBinary(op.Context(), resultType(op), constAt(operands, 0), rc,
			func(x, y *big.Int, w int) *big.Int {
				a, b := x, y
				if isSigned {
					a, b = signed(x, w), signed(y, w)
				}
				if (a.Cmp(b) < 0) == isMax {
					return y
				}
				return x
			}))
	}
}

func foldAddUIExtended(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	ctx := op.Context()
	sumT, ovfT := op.Result(0).Type(), op.Result(1).Type()
	// addui_extended(x, 0) -> x, false
	if isZero(constAt(operands, 1)) {
		if f := zeroOf(ctx, ovfT); f != nil {
			return []ir.FoldResult{{Value: op.Operand(0)}, {Attr: f}}, true
		}
	}
	a, b := constAt(operands, 0), constAt(operands, 1)
	sum := IntBinary(ctx, sumT, a, b, func(x, y *big.Int, _ int) *big.Int { return new(big.Int).Add(x, y) })
	if sum == nil {
		return nil, false
	}
	// The overflow bit is set when the sum wrapped (sum < lhs).
	w := bitWidth(a.Elem)
	ovf := MapConsts(ctx, ovfT, func(vs []*big.Int) *big.Int {
		s := truncBits(new(big.Int).Add(vs[0], vs[1]), w)
		if s.Cmp(vs[0]) < 0 {
			return big.NewInt(1)
		}
		return big.NewInt(0)
	}, a, b)
	if ovf == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: sum}, {Attr: ovf}}, true
}

func foldMulExtended(isSigned bool) folder {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		ctx := op.Context()
		t := resultType(op)
		rc := constAt(operands, 1)
		// mul_extended(x, 0) -> 0, 0
		if isZero(rc) {
			return []ir.FoldResult{{Value: op.Operand(1)}, {Value: op.Operand(1)}}, true
		}
		// mului_extended(x, 1) -> x, 0
		if !isSigned && isOne(rc) {
			if z := zeroOf(ctx, t); z != nil {
				return []ir.FoldResult{{Value: op.Operand(0)}, {Attr: z}}, true
			}
		}
		a := constAt(operands, 0)
		prod := func(x, y *big.Int, w int) *big.Int {
			if isSigned {
				return new(big.Int).Mul(signed(x, w), signed(y, w))
			}
			return new(big.Int).Mul(x, y)
		}
		low := IntBinary(ctx, t, a, rc, prod)
		high := IntBinary(ctx, t, a, rc, func(x, y *big.Int, w int) *big.Int {
			p := prod(x, y, w)
			return p.Rsh(p, uint(w))
		})
		if low == nil || high == nil {
			return nil, false
		}
		return []ir.FoldResult{{Attr: low}, {Attr: high}}, true
	}
}

// Float arithmetic.

func foldNegf(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	// negf(negf(x)) -> x
	if n := definedBy(op.Operand(0), "arith.negf"); n != nil {
		return value(n.Operand(0)), true
	}
	a := constAt(operands, 0)
	if a == nil || SemanticsOf(a.Elem) == nil {
		return nil, false
	}
	sem := SemanticsOf(a.Elem)
	w := sem.BitWidth()
	// Negation flips the sign bit, NaNs included, in every format with a
	// sign.
	if !sem.HasSignedRepr() {
		return nil, false
	}
	return attr(MapConsts(op.Context(), resultType(op), func(vs []*big.Int) *big.Int {
		return new(big.Int).Xor(vs[0], new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
	}, a))
}

func foldAddf(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	// addf(x, -0) -> x
	if floatSplatIs(constAt(operands, 1), floatIs(math.Copysign(0, -1))) {
		return value(op.Operand(0)), true
	}
	return attr(FloatBinary(op.Context(), resultType(op), constAt(operands, 0), constAt(operands, 1),
		func(x, y float64) float64 { return x + y }))
}

func foldSubf(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	// subf(x, +0) -> x
	if floatSplatIs(constAt(operands, 1), floatIs(0)) {
		return value(op.Operand(0)), true
	}
	return attr(FloatBinary(op.Context(), resultType(op), constAt(operands, 0), constAt(operands, 1),
		func(x, y float64) float64 { return x - y }))
}

func foldMulf(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	// mulf(x, 1) -> x
	if floatSplatIs(constAt(operands, 1), floatIs(1)) {
		return value(op.Operand(0)), true
	}
	return attr(FloatBinary(op.Context(), resultType(op), constAt(operands, 0), constAt(operands, 1),
		func(x, y float64) float64 { return x * y }))
}

func foldDivf(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	// divf(x, 1) -> x
	if floatSplatIs(constAt(operands, 1), floatIs(1)) {
		return value(op.Operand(0)), true
	}
	return attr(FloatBinary(op.Context(), resultType(op), constAt(operands, 0), constAt(operands, 1),
		func(x, y float64) float64 { return x / y }))
}

func foldRemf(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return attr(FloatBinary(op.Context(), resultType(op), constAt(operands, 0), constAt(operands, 1), math.Mod))
}

// FloatMax and FloatMin are LLVM's maximum/minimum (NaN-propagating,
// -0 < +0); with num set they are maxnum/minnum (a NaN operand yields the
// other one).
func floatMinMax(x, y float64, isMax, num bool) float64 {
	if math.IsNaN(x) || math.IsNaN(y) {
		if num {
			if math.IsNaN(x) {
				return y
			}
			return x
		}
		if math.IsNaN(x) {
			return x
		}
		return y
	}
	if x == 0 && y == 0 && math.Signbit(x) != math.Signbit(y) {
		if math.Signbit(x) == isMax {
			return y
		}
		return x
	}
	if (x < y) == isMax {
		return y
	}
	return x
}

func foldFloatMinMax(isMax, num bool) folder {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		lhs, rhs := op.Operand(0), op.Operand(1)
		if lhs == rhs {
			return value(lhs), true
		}
		// maximumf(x, -inf) -> x, minimumf(x, +inf) -> x (upstream's
		// maxnumf and minnumf do not fold these).
		neutral := math.Inf(1)
		if isMax {
			neutral = math.Inf(-1)
		}
		if !num && floatSplatIs(constAt(operands, 1), floatIs(neutral)) {
			return value(lhs), true
		}
		return attr(FloatBinary(op.Context(), resultType(op), constAt(operands, 0), constAt(operands, 1),
			func(x, y float64) float64 { return floatMinMax(x, y, isMax, num) }))
	}
}

// Comparisons and select.

// boolOf returns true or false as an attribute of type t (i1 or a shaped
// type of i1).
func boolOf(ctx *ir.Context, t ir.Type, v bool) ir.Attribute {
	b := big.NewInt(0)
	if v {
		b = big.NewInt(1)
	}
	return MakeConst(ctx, t, []*big.Int{b})
}

// cmpiEqual is the value of a predicate on equal operands.
func cmpiEqual(p CmpIPredicate) bool {
	switch p {
	case CmpIPredicateEq, CmpIPredicateSle, CmpIPredicateSge, CmpIPredicateUle, CmpIPredicateUge:
		return true
	}
	return false
}

func cmpiApply(p CmpIPredicate, x, y *big.Int, w int) bool {
	us := x.Cmp(y)
	ss := signed(x, w).Cmp(signed(y, w))
	switch p {
	case CmpIPredicateEq:
		return us == 0
	case CmpIPredicateNe:
		return us != 0
	case CmpIPredicateSlt:
		return ss < 0
	case CmpIPredicateSle:
		return ss <= 0
	case CmpIPredicateSgt:
		return ss > 0
	case CmpIPredicateSge:
		return ss >= 0
	case CmpIPredicateUlt:
		return us < 0
	case CmpIPredicateUle:
		return us <= 0
	case CmpIPredicateUgt:
		return us > 0
	case CmpIPredicateUge:
		return us >= 0
	}
	return false
}

// swappedCmpI is the predicate with the operands exchanged.
var swappedCmpI = map[CmpIPredicate]CmpIPredicate{
	CmpIPredicateEq: CmpIPredicateEq, CmpIPredicateNe: CmpIPredicateNe,
	CmpIPredicateSlt: CmpIPredicateSgt, CmpIPredicateSgt: CmpIPredicateSlt,
	CmpIPredicateSle: CmpIPredicateSge, CmpIPredicateSge: CmpIPredicateSle,
	CmpIPredicateUlt: CmpIPredicateUgt, CmpIPredicateUgt: CmpIPredicateUlt,
	CmpIPredicateUle: CmpIPredicateUge, CmpIPredicateUge: CmpIPredicateUle,
}

func predicateOf(op *ir.Operation) (uint64, bool) {
	a, ok := op.InherentAttr("predicate").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Lo, true
}

func isI1Like(t ir.Type) bool {
	it, ok := elementOf(t).(*ir.IntegerType)
	return ok && it.Width == 1
}

func foldCmpi(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	ctx := op.Context()
	raw, ok := predicateOf(op)
	if !ok {
		return nil, false
	}
	p := CmpIPredicate(raw)
	lhs, rhs := op.Operand(0), op.Operand(1)
	t := resultType(op)
	if lhs == rhs {
		return attr(boolOf(ctx, t, cmpiEqual(p)))
	}
	rc := constAt(operands, 1)
	if isZero(rc) {
		// cmpi ne, ext(%x : i1), 0 -> %x
		for _, ext := range []string{"arith.extsi", "arith.extui"} {
			if e := definedBy(lhs, ext); e != nil && p == CmpIPredicateNe {
				if it, ok := e.Operand(0).Type().(*ir.IntegerType); ok && it.Width == 1 {
					return value(e.Operand(0)), true
				}
			}
		}
		// cmpi ne, %x, 0 : i1 -> %x
		if isI1Like(lhs.Type()) && p == CmpIPredicateNe {
			return value(lhs), true
		}
	}
	// cmpi eq, %x, 1 : i1 -> %x
	if isOne(rc) && isI1Like(lhs.Type()) && p == CmpIPredicateEq {
		return value(lhs), true
	}
	lc := constAt(operands, 0)
	if operands[0] != nil && operands[1] == nil {
		// Move the constant to the right.
		op.SetAttr("predicate", ctx.IntegerAttrBits(ctx.I(64), uint64(swappedCmpI[p])))
		op.SetOperand(0, rhs)
		op.SetOperand(1, lhs)
		return nil, true
	}
	if lc == nil || rc == nil {
		return nil, false
	}
	w := bitWidth(lc.Elem)
	return attr(MapConsts(ctx, t, func(vs []*big.Int) *big.Int {
		if cmpiApply(p, vs[0], vs[1], w) {
			return big.NewInt(1)
		}
		return big.NewInt(0)
	}, lc, rc))
}

// cmpfApply evaluates a float predicate.
func cmpfApply(p CmpFPredicate, x, y float64) bool {
	unordered := math.IsNaN(x) || math.IsNaN(y)
	switch p {
	case CmpFPredicateFalse:
		return false
	case CmpFPredicateTrue:
		return true
	case CmpFPredicateOrd:
		return !unordered
	case CmpFPredicateUno:
		return unordered
	}
	var r bool
	switch p {
	case CmpFPredicateOeq, CmpFPredicateUeq:
		r = x == y
	case CmpFPredicateOgt, CmpFPredicateUgt:
		r = x > y
	case CmpFPredicateOge, CmpFPredicateUge:
		r = x >= y
	case CmpFPredicateOlt, CmpFPredicateUlt:
		r = x < y
	case CmpFPredicateOle, CmpFPredicateUle:
		r = x <= y
	case CmpFPredicateOne, CmpFPredicateUne:
		r = x != y
	}
	if unordered {
		return p >= CmpFPredicateUeq
	}
	return r
}

func foldCmpf(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	raw, ok := predicateOf(op)
	if !ok {
		return nil, false
	}
	// Only scalar constants fold, as upstream.
	l, _ := operands[0].(*ir.FloatAttr)
	r, _ := operands[1].(*ir.FloatAttr)
	val := func(a *ir.FloatAttr) (float64, bool) {
		if a == nil {
			return 0, false
		}
		sem := SemanticsOf(a.Type)
		if sem == nil || sem.Precision() > 53 {
			return 0, false
		}
		return apfloat.FromBits(sem, a.Bits[0], a.Bits[1]).Float64(), true
	}
	x, okx := val(l)
	y, oky := val(r)
	// One NaN operand decides the result on its own.
	if okx && math.IsNaN(x) {
		y, oky = x, true
	}
	if oky && math.IsNaN(y) {
		x, okx = y, true
	}
	if !okx || !oky {
		return nil, false
	}
	return attr(op.Context().Bool(cmpfApply(CmpFPredicate(raw), x, y)))
}

func foldSelect(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	cond, tv, fv := op.Operand(0), op.Operand(1), op.Operand(2)
	if tv == fv {
		return value(tv), true
	}
	cc := constAt(operands, 0)
	if cc != nil && cc.Splat {
		if cc.Vals[0].Sign() != 0 {
			return value(tv), true
		}
		return value(fv), true
	}
	t := resultType(op)
	// select %c, true, false : i1 -> %c
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 1 && cond.Type() == t {
		if isOne(constAt(operands, 1)) && isZero(constAt(operands, 2)) {
			return value(cond), true
		}
	}
	// select(cmpi eq/ne a, b, a, b) forms.
	if c := definedBy(cond, "arith.cmpi"); c != nil {
		if raw, ok := predicateOf(c); ok {
			p := CmpIPredicate(raw)
			a, b := c.Operand(0), c.Operand(1)
			if (p == CmpIPredicateEq || p == CmpIPredicateNe) &&
				(a == tv && b == fv || a == fv && b == tv) {
				if p == CmpIPredicateEq {
					return value(fv), true
				}
				return value(tv), true
			}
		}
	}
	// Elementwise selection between constants.
	tc, fc := constAt(operands, 1), constAt(operands, 2)
	if cc != nil && tc != nil && fc != nil && cc.Shaped() && tc.Shaped() && fc.Shaped() {
		return attr(MapConsts(op.Context(), t, func(vs []*big.Int) *big.Int {
			if vs[0].Sign() != 0 {
				return vs[1]
			}
			return vs[2]
		}, cc, tc, fc))
	}
	return nil, false
}

// Casts.

func foldExt(isSigned bool) folder {
	name := "arith.extui"
	if isSigned {
		name = "arith.extsi"
	}
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		// ext(ext(x)) -> ext(x)
		if inner := definedBy(op.Operand(0), name); inner != nil {
			op.SetOperand(0, inner.Operand(0))
			return nil, true
		}
		a := constAt(operands, 0)
		if a == nil {
			return nil, false
		}
		w := bitWidth(a.Elem)
		return attr(MapConsts(op.Context(), resultType(op), func(vs []*big.Int) *big.Int {
			if isSigned {
				return truncBits(signed(vs[0], w), bitWidth(elementOf(resultType(op))))
			}
			return vs[0]
		}, a))
	}
}

func foldTrunci(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	in := op.Operand(0)
	t := resultType(op)
	if e := definedBy(in, "arith.extui"); e != nil || definedBy(in, "arith.extsi") != nil {
		if e == nil {
			e = definedBy(in, "arith.extsi")
		}
		src := e.Operand(0)
		// trunci(ext(x)) -> x when the types match.
		if src.Type() == t {
			return value(src), true
		}
		// trunci(ext(x)) -> trunci(x) when x is wider than the result.
		if bitWidth(elementOf(src.Type())) > bitWidth(elementOf(t)) {
			op.SetOperand(0, src)
			return nil, true
		}
	}
	// trunci(trunci(x)) -> trunci(x)
	if tr := definedBy(in, "arith.trunci"); tr != nil {
		op.SetOperand(0, tr.Operand(0))
		return nil, true
	}
	a := constAt(operands, 0)
	if a == nil {
		return nil, false
	}
	w := bitWidth(elementOf(t))
	return attr(MapConsts(op.Context(), t, func(vs []*big.Int) *big.Int { return truncBits(vs[0], w) }, a))
}

// convertFloat converts between float semantics when the value is kept
// exactly; ok is false otherwise.
func convertFloat(from, to *apfloat.Semantics, v *big.Int) (*big.Int, bool) {
	if from.Precision() > 53 || to.Precision() > 53 {
		return nil, false
	}
	x := toFloat(from, v).Float64()
	if math.IsNaN(x) {
		if !to.HasNaN() || to.BitWidth() < from.BitWidth() {
			return nil, false
		}
		f, _ := apfloat.FromFloat64(to, x)
		return fromFloat(f), true
	}
	f, inexact := apfloat.FromFloat64(to, x)
	if inexact {
		return nil, false
	}
	return fromFloat(f), true
}

// representableBy reports whether every value of a is a value of b.
func representableBy(a, b *apfloat.Semantics) bool {
	return b.Precision() >= a.Precision() && b.MaxExponent() >= a.MaxExponent() && b.MinExponent() <= a.MinExponent()
}

// hasContract reports whether a cast's optional fastmath flags include
// contract.
func hasContract(op *ir.Operation) bool {
	if e, ok := AsExtfOp(op); ok {
		f, ok := e.Fastmath()
		return ok && f&FastMathFlagsContract != 0
	}
	if t, ok := AsTruncfOp(op); ok {
		f, ok := t.Fastmath()
		return ok && f&FastMathFlagsContract != 0
	}
	return false
}

func foldExtf(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	// extf(truncf(x)) -> x when both allow contraction.
	if tr := definedBy(op.Operand(0), "arith.truncf"); tr != nil && tr.Operand(0).Type() == resultType(op) &&
		hasContract(tr) && hasContract(op) {
		return value(tr.Operand(0)), true
	}
	a := constAt(operands, 0)
	if a == nil {
		return nil, false
	}
	from, to := SemanticsOf(a.Elem), SemanticsOf(elementOf(resultType(op)))
	if from == nil || to == nil {
		return nil, false
	}
	return attr(MapConsts(op.Context(), resultType(op), func(vs []*big.Int) *big.Int {
		r, ok := convertFloat(from, to, vs[0])
		if !ok {
			return nil
		}
		return r
	}, a))
}

func foldTruncf(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	t := resultType(op)
	if e := definedBy(op.Operand(0), "arith.extf"); e != nil {
		src := e.Operand(0)
		s, m, r := SemanticsOf(elementOf(src.Type())), SemanticsOf(elementOf(e.Result(0).Type())), SemanticsOf(elementOf(t))
		if s != nil && m != nil && r != nil && representableBy(s, m) {
			// truncf(extf(x)) -> truncf(x)
			if s.BitWidth() > r.BitWidth() {
				op.SetOperand(0, src)
				return nil, true
			}
			// truncf(extf(x)) -> x
			if s == r {
				return value(src), true
			}
		}
	}
	a := constAt(operands, 0)
	if a == nil {
		return nil, false
	}
	from, to := SemanticsOf(a.Elem), SemanticsOf(elementOf(t))
	if from == nil || to == nil {
		return nil, false
	}
	// Only exact conversions fold, whatever the rounding mode.
	return attr(MapConsts(op.Context(), t, func(vs []*big.Int) *big.Int {
		r, ok := convertFloat(from, to, vs[0])
		if !ok {
			return nil
		}
		return r
	}, a))
}

func foldIToFP(isSigned bool) folder {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		a := constAt(operands, 0)
		if a == nil {
			return nil, false
		}
		w := bitWidth(a.Elem)
		to := SemanticsOf(elementOf(resultType(op)))
		if to == nil || !exactInF64(to) {
			return nil, false
		}
		return attr(MapConsts(op.Context(), resultType(op), func(vs []*big.Int) *big.Int {
			v := vs[0]
			if isSigned {
				v = signed(v, w)
			}
			// Round once, to the target's precision, then convert
			// exactly (overflow becomes an infinity).
			bf := new(big.Float).SetPrec(uint(to.Precision())).SetMode(big.ToNearestEven).SetInt(v)
			x, _ := bf.Float64()
			f, _ := apfloat.FromFloat64(to, x)
			return fromFloat(f)
		}, a))
	}
}

func foldFPToI(isSigned bool) folder {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		a := constAt(operands, 0)
		if a == nil {
			return nil, false
		}
		from := SemanticsOf(a.Elem)
		w := bitWidth(elementOf(resultType(op)))
		if from == nil || from.Precision() > 53 || w == 0 {
			return nil, false
		}
		return attr(MapConsts(op.Context(), resultType(op), func(vs []*big.Int) *big.Int {
			x := toFloat(from, vs[0]).Float64()
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil
			}
			bf := new(big.Float).SetFloat64(math.Trunc(x))
			v, _ := bf.Int(nil)
			lo, hi := big.NewInt(0), new(big.Int).Lsh(big.NewInt(1), uint(w))
			if isSigned {
				lo = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
				hi = new(big.Int).Lsh(big.NewInt(1), uint(w-1))
			}
			if v.Cmp(lo) < 0 || v.Cmp(hi) >= 0 {
				return nil
			}
			return truncBits(v, w)
		}, a))
	}
}

func foldIndexCast(isSigned bool) folder {
	name := "arith.index_castui"
	if isSigned {
		name = "arith.index_cast"
	}
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		// index_cast(index_cast(x)) -> x when x has the result type.
		if inner := definedBy(op.Operand(0), name); inner != nil && inner.Operand(0).Type() == resultType(op) {
			return value(inner.Operand(0)), true
		}
		a := constAt(operands, 0)
		if a == nil {
			return nil, false
		}
		w := bitWidth(a.Elem)
		rw := bitWidth(elementOf(resultType(op)))
		if w == 0 || rw == 0 {
			return nil, false
		}
		return attr(MapConsts(op.Context(), resultType(op), func(vs []*big.Int) *big.Int {
			if isSigned {
				return truncBits(signed(vs[0], w), rw)
			}
			return truncBits(vs[0], rw)
		}, a))
	}
}

func foldBitcast(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	t := resultType(op)
	// bitcast(bitcast(x)) -> x when x has the result type.
	if inner := definedBy(op.Operand(0), "arith.bitcast"); inner != nil && inner.Operand(0).Type() == t {
		return value(inner.Operand(0)), true
	}
	a := constAt(operands, 0)
	if a == nil {
		return nil, false
	}
	if _, ok := t.(*ir.MemRefType); ok {
		return nil, false
	}
	return attr(MapConsts(op.Context(), t, func(vs []*big.Int) *big.Int { return vs[0] }, a))
}

// intBinaryAt folds op's two operands with IntBinary when both are
// constants, without reading either when one is not.
func intBinaryAt(op *ir.Operation, operands []ir.Attribute, f func(x, y *big.Int, w int) *big.Int) ir.Attribute {
	if len(operands) < 2 || operands[0] == nil || operands[1] == nil {
		return nil
	}
	return IntBinary(op.Context(), resultType(op), constAt(operands, 0), constAt(operands, 1), f)
}
