package arith

import (
	"math/big"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// The integer divisions have no memory effects but may trap, so they are
// only speculatable when their divisor is known to be safe: upstream's
// getSpeculatability of divui, divsi, ceildivui and ceildivsi. The other
// divisions and remainders (floordivsi, remui, remsi) are Pure upstream.

// constDivisor returns the integer constant (scalar, splat or dense) that
// defines v, or nil.
func constDivisor(v ir.Value) *Const {
	def := ir.DefiningOp(v)
	if def == nil {
		return nil
	}
	a, ok := rewrite.ConstantValue(def)
	if !ok {
		return nil
	}
	c := AsConst(a)
	if c == nil || len(c.Vals) == 0 || SemanticsOf(c.Elem) != nil {
		return nil
	}
	return c
}

// divisionSpeculatability returns the speculatability of an integer
// division whose divisor is its second operand. As upstream, it asks the
// constant range of the divisor: an unsigned division is speculatable when
// the range excludes zero, a signed one when its signed range excludes
// both zero and -1 (INT_MIN / -1 overflows), so every element is positive
// or every element is below -1.
func divisionSpeculatability(isSigned bool) ir.SpeculatabilityFunc {
	return func(op *ir.Operation) ir.Speculatability {
		if op.NumOperands() != 2 {
			return ir.NotSpeculatable
		}
		c := constDivisor(op.Operand(1))
		if c == nil {
			return ir.NotSpeculatable
		}
		w := bitWidth(c.Elem)
		positive, belowMinusOne := true, true
		for _, x := range c.Vals {
			s := signed(x, w)
			if x.Sign() == 0 {
				return ir.NotSpeculatable
			}
			positive = positive && s.Sign() > 0
			belowMinusOne = belowMinusOne && s.Cmp(big.NewInt(-1)) < 0
		}
		if isSigned && !positive && !belowMinusOne {
			return ir.NotSpeculatable
		}
		return ir.Speculatable
	}
}

func unsignedDivisionInterfaces(d *ir.OpDef) {
	ir.ConditionallySpeculatableOp.Attach(d, divisionSpeculatability(false))
}

func signedDivisionInterfaces(d *ir.OpDef) {
	ir.ConditionallySpeculatableOp.Attach(d, divisionSpeculatability(true))
}
