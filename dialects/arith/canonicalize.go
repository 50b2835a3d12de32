package arith

//go:generate go run github.com/strata-ir/strata/tools/strata-rulegen -canonicalize -func canonicalizeRules -o canonicalize_gen.go canonicalize.rules

import (
	"math/big"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/core/rules/match"
)

// The helpers and predicates that canonicalize.rules names. Helpers take
// the context and return the attribute to build with, or nil to refuse the
// rewrite; predicates report whether a rule applies.

// intOperation applies a binary operation to two integer attributes at the
// width of res's type (upstream's applyToIntegerAttrs).
func intOperation(ctx *ir.Context, res ir.Value, a, b ir.Attribute, small func(x, y uint64) uint64, wide func(z, x, y *big.Int) *big.Int) ir.Attribute {
	x, ok1 := a.(*ir.IntegerAttr)
	y, ok2 := b.(*ir.IntegerAttr)
	t := res.Type()
	w := ir.IntOrFloatBitWidth(t)
	if !ok1 || !ok2 || w <= 0 {
		return nil
	}
	if w <= 64 && x.Big == nil && y.Big == nil {
		return ctx.IntegerAttrBits(t, small(x.Lo, y.Lo))
	}
	bx, by := bigBits(x), bigBits(y)
	z := wide(new(big.Int), bx, by)
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	z.Mod(z, mod)
	return ctx.IntegerAttrBig(t, z)
}

func bigBits(a *ir.IntegerAttr) *big.Int {
	if a.Big != nil {
		return a.Big
	}
	return new(big.Int).SetUint64(a.Lo)
}

// canonAddInts returns a + b at res's type.
func canonAddInts(ctx *ir.Context, res ir.Value, a, b ir.Attribute) ir.Attribute {
	return intOperation(ctx, res, a, b, func(x, y uint64) uint64 { return x + y }, (*big.Int).Add)
}

// canonSubInts returns a - b at res's type.
func canonSubInts(ctx *ir.Context, res ir.Value, a, b ir.Attribute) ir.Attribute {
	return intOperation(ctx, res, a, b, func(x, y uint64) uint64 { return x - y }, (*big.Int).Sub)
}

// canonMulInts returns a * b at res's type.
func canonMulInts(ctx *ir.Context, res ir.Value, a, b ir.Attribute) ir.Attribute {
	return intOperation(ctx, res, a, b, func(x, y uint64) uint64 { return x * y }, (*big.Int).Mul)
}

// overflowBits returns the flags of an #arith.overflow attribute (none
// when absent).
func overflowBits(a ir.Attribute) (IntegerOverflowFlags, bool) {
	if a == nil {
		return 0, true
	}
	d, ok := a.(*irdl.DynAttr)
	if !ok || d.Mnemonic() != "overflow" {
		return 0, false
	}
	v, ok := d.Param("value").(uint64)
	return IntegerOverflowFlags(v), ok
}

// canonMergeOverflow keeps the overflow flags both operations carry, the
// most conservative combination (upstream's mergeOverflowFlags).
func canonMergeOverflow(ctx *ir.Context, a, b ir.Attribute) ir.Attribute {
	x, ok1 := overflowBits(a)
	y, ok2 := overflowBits(b)
	if !ok1 || !ok2 {
		return nil
	}
	// Most merges keep one side's flags: reuse its attribute.
	if a != nil && x&y == x {
		return a
	}
	if b != nil && x&y == y {
		return b
	}
	d := ctx.Dialect("arith")
	if d == nil || d.ParseAttr == nil {
		return nil
	}
	attr, err := d.ParseAttr(ctx, "overflow<"+(x&y).String()+">")
	if err != nil {
		return nil
	}
	return attr
}

// canonZero returns the zero of v's type: an integer, or a splat for
// vectors and tensors of integers (upstream's getZeroAttr).
func canonZero(ctx *ir.Context, v ir.Value) ir.Attribute {
	t := v.Type()
	switch t := t.(type) {
	case *ir.IntegerType, *ir.IndexType:
		return ctx.IntegerAttr(t, 0)
	case ir.ShapedType:
		w := ir.IntOrFloatBitWidth(t.ElementType())
		switch t.ElementType().(type) {
		case *ir.IntegerType, *ir.IndexType:
		default:
			return nil
		}
		if w <= 0 {
			return nil
		}
		return ctx.DenseElementsAttr(t, true, make([]byte, (w+7)/8))
	}
	return nil
}

// invertedPredicates maps each cmpi predicate to its negation.
var invertedPredicates = map[CmpIPredicate]CmpIPredicate{
	CmpIPredicateEq: CmpIPredicateNe, CmpIPredicateNe: CmpIPredicateEq,
	CmpIPredicateSlt: CmpIPredicateSge, CmpIPredicateSge: CmpIPredicateSlt,
	CmpIPredicateSle: CmpIPredicateSgt, CmpIPredicateSgt: CmpIPredicateSle,
	CmpIPredicateUlt: CmpIPredicateUge, CmpIPredicateUge: CmpIPredicateUlt,
	CmpIPredicateUle: CmpIPredicateUgt, CmpIPredicateUgt: CmpIPredicateUle,
}

// canonInvertPredicate returns the negation of a cmpi predicate.
func canonInvertPredicate(ctx *ir.Context, pred ir.Attribute) ir.Attribute {
	p, ok := pred.(*ir.IntegerAttr)
	if !ok {
		return nil
	}
	inv, ok := invertedPredicates[CmpIPredicate(p.Lo)]
	if !ok {
		return nil
	}
	return ctx.IntegerAttr(p.Type, int64(inv))
}

// canonEqOrNe reports whether a cmpi predicate is eq or ne.
func canonEqOrNe(pred ir.Attribute) bool {
	p, ok := pred.(*ir.IntegerAttr)
	return ok && (CmpIPredicate(p.Lo) == CmpIPredicateEq || CmpIPredicate(p.Lo) == CmpIPredicateNe)
}

// canonAllOnes reports whether an integer attribute has every bit set.
func canonAllOnes(a ir.Attribute) bool { return match.IsInt(a, -1) }

// elementWidth returns the bit width of a scalar type or of the elements
// of a shaped one.
func elementWidth(v ir.Value) int {
	return ir.IntOrFloatBitWidth(match.ElementType(v.Type()))
}

// canonWiderThan reports whether a's (element) type is wider than b's and
// b's has a width (upstream's ValueWiderThan).
func canonWiderThan(a, b ir.Value) bool {
	wb := elementWidth(b)
	return elementWidth(a) > wb && wb > 0
}

// canonShiftIsTruncation reports whether the shift amount c is the number
// of bits truncating x to tr drops (upstream's
// TruncationMatchesShiftAmount).
func canonShiftIsTruncation(x, tr ir.Value, c ir.Attribute) bool {
	for amount := int64(1); amount <= 128; amount++ {
		if match.IsInt(c, amount) {
			return int64(elementWidth(x)-elementWidth(tr)) == amount
		}
	}
	return false
}

// canonWideInteger reports whether v is a scalar integer wider than i1.
func canonWideInteger(v ir.Value) bool {
	it, ok := v.Type().(*ir.IntegerType)
	return ok && it.Width > 1
}

// canonAbsent reports whether an optional attribute is absent.
func canonAbsent(a ir.Attribute) bool { return a == nil }
