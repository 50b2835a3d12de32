package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/tile"
)

// foldStaticMasks replaces the selects whose condition compares index
// tiles of known ranges — the column mask iota + j*block < cols of a row
// kernel whose rows are a whole number of blocks — by the operand the
// comparison always picks, and erases the comparisons left unused. A
// row of 8192 in one block otherwise pays a compare and a select per
// element and reduction.
func foldStaticMasks(body *ir.Operation) {
	var sels []*ir.Operation
	body.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if s, ok := arith.AsSelectOp(op); ok && isTile(s.Result()) {
			sels = append(sels, op)
		}
		return true
	})
	for _, op := range sels {
		s, _ := arith.AsSelectOp(op)
		always, known := staticCompare(s.Condition())
		if !known {
			continue
		}
		pick := s.FalseValue()
		if always {
			pick = s.TrueValue()
		}
		ir.ReplaceAllUsesWith(s.Result(), pick)
		eraseDead(op)
	}
}

// eraseDead erases op, which has no uses, and then the operations without
// effects that defined its operands and are left without uses.
func eraseDead(op *ir.Operation) {
	var defs []*ir.Operation
	for i := 0; i < op.NumOperands(); i++ {
		if d := ir.DefiningOp(op.Operand(i)); d != nil {
			defs = append(defs, d)
		}
	}
	op.Erase()
	for _, d := range defs {
		if d.Block() != nil && d.NumRegions() == 0 && d.IsMemoryEffectFree() && !ir.HasUses(d.Result(0)) && d.NumResults() == 1 {
			eraseDead(d)
		}
	}
}

// staticCompare returns the value of every element of the integer tile
// comparison v when the ranges of its operands decide it.
func staticCompare(v ir.Value) (always, known bool) {
	c, ok := arith.AsCmpiOp(ir.DefiningOp(v))
	if !ok {
		return false, false
	}
	alo, ahi, okA := tileRange(c.Lhs())
	blo, bhi, okB := tileRange(c.Rhs())
	if !okA || !okB {
		return false, false
	}
	unsigned := alo >= 0 && blo >= 0
	decide := func(yes, no bool) (bool, bool) {
		if yes {
			return true, true
		}
		if no {
			return false, true
		}
		return false, false
	}
	switch c.Predicate() {
	case arith.CmpIPredicateSlt:
		return decide(ahi < blo, alo >= bhi)
	case arith.CmpIPredicateSle:
		return decide(ahi <= blo, alo > bhi)
	case arith.CmpIPredicateSgt:
		return decide(alo > bhi, ahi <= blo)
	case arith.CmpIPredicateSge:
		return decide(alo >= bhi, ahi < blo)
	case arith.CmpIPredicateUlt:
		if unsigned {
			return decide(ahi < blo, alo >= bhi)
		}
	case arith.CmpIPredicateUle:
		if unsigned {
			return decide(ahi <= blo, alo > bhi)
		}
	case arith.CmpIPredicateUgt:
		if unsigned {
			return decide(alo > bhi, ahi <= blo)
		}
	case arith.CmpIPredicateUge:
		if unsigned {
			return decide(alo >= bhi, ahi < blo)
		}
	}
	return false, false
}

// rangeLimit bounds the values tileRange tracks, far from overflow.
const rangeLimit = 1 << 40

// tileRange returns bounds of the elements of an index or integer tile
// built from iotas, splats of static scalars, constants, sums and
// dimension changes.
func tileRange(v ir.Value) (lo, hi int64, ok bool) {
	def := ir.DefiningOp(v)
	if def == nil {
		return 0, 0, false
	}
	switch {
	case isOp(def, tile.AsIotaOp):
		shape, _, ok := tileShape(v)
		if !ok || len(shape) != 1 {
			return 0, 0, false
		}
		return 0, shape[0] - 1, true
	case isOp(def, tile.AsSplatOp):
		x, ok := scalarValue(def.Operand(0))
		return x, x, ok
	case isOp(def, tile.AsExpandDimsOp), isOp(def, tile.AsBroadcastOp), isOp(def, tile.AsSqueezeOp), isOp(def, tile.AsReshapeOp):
		return tileRange(def.Operand(0))
	case isOp(def, arith.AsAddiOp):
		alo, ahi, okA := tileRange(def.Operand(0))
		blo, bhi, okB := tileRange(def.Operand(1))
		if !okA || !okB {
			return 0, 0, false
		}
		return alo + blo, ahi + bhi, true
	}
	if c, isConst := arith.AsConstantOp(def); isConst {
		d, ok := c.Value().(*ir.DenseElementsAttr)
		if !ok || !d.Splat || len(d.Data) == 0 || len(d.Data) > 8 {
			return 0, 0, false
		}
		var x int64
		for i := len(d.Data) - 1; i >= 0; i-- {
			x = x<<8 | int64(d.Data[i])
		}
		// Sign-extend from the element's bytes.
		shift := uint(64 - 8*len(d.Data))
		x = x << shift >> shift
		if x > rangeLimit || x < -rangeLimit {
			return 0, 0, false
		}
		return x, x, true
	}
	return 0, 0, false
}

// scalarValue returns the value of an index known statically: computed
// from constants and static sizes (staticIndex), or the induction
// variable of a loop of one trip (its lower bound), or sums and products
// of such.
func scalarValue(v ir.Value) (int64, bool) {
	if x, ok := staticIndex(v); ok {
		return x, x <= rangeLimit && x >= -rangeLimit
	}
	if a, isArg := v.(*ir.BlockArgument); isArg {
		if f, ok := singleTripIV(a); ok {
			return scalarValue(f.LowerBound())
		}
		return 0, false
	}
	def := ir.DefiningOp(v)
	if def == nil || def.NumOperands() != 2 {
		return 0, false
	}
	a, okA := scalarValue(def.Operand(0))
	b, okB := scalarValue(def.Operand(1))
	if !okA || !okB || a > rangeLimit>>20 || b > rangeLimit>>20 || a < -rangeLimit>>20 || b < -rangeLimit>>20 {
		return 0, false
	}
	switch {
	case isOp(def, arith.AsAddiOp):
		return a + b, true
	case isOp(def, arith.AsMuliOp):
		return a * b, true
	}
	return 0, false
}
