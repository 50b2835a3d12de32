package tiletoneuron

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/transforms/licm"
)

// hoistInvariantLoads moves the loop-invariant loads of kernel k out of its
// loops, innermost loops first, so that a block every iteration reads the
// same is copied into SBUF once: a guarded tile.load (one with a pad, which
// never fails) of a scf.for whose operands are defined outside the loop
// moves before it when nothing in the loop writes memory (then the load
// reads the same elements before the loop as in any iteration). The pure
// operations such a load depends on (index arithmetic, constants, masks)
// move first, as LICM moves them. It returns the number of loads moved.
func hoistInvariantLoads(k *ir.Operation) int {
	var loops []*ir.Operation
	k.Walk(ir.PostOrder, func(o *ir.Operation) bool {
		if _, ok := scf.AsForOp(o); ok {
			loops = append(loops, o)
		}
		return true
	})
	moved := 0
	for _, loop := range loops {
		if writesMemory(loop) {
			continue
		}
		licm.MoveLoopInvariantCode(loop)
		body := loop.Region(0).First()
		for o := body.First(); o != nil; {
			next := o.Next()
			if ld, ok := tile.AsLoadOp(o); ok && ld.Pad() != nil && operandsOutside(o, loop) {
				o.MoveBefore(loop)
				moved++
			}
			o = next
		}
	}
	return moved
}

// writesMemory reports whether an operation nested in loop may write or
// free memory (or has effects that are not known).
func writesMemory(loop *ir.Operation) bool {
	writes := false
	loop.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o == loop {
			return true
		}
		effects, known := o.Effects()
		if !known && o.NumRegions() == 0 {
			writes = true
		}
		for _, e := range effects {
			if e.Kind == ir.EffectWrite || e.Kind == ir.EffectFree {
				writes = true
			}
		}
		return !writes
	})
	return writes
}

func operandsOutside(op, loop *ir.Operation) bool {
	for i := 0; i < op.NumOperands(); i++ {
		if !ir.IsDefinedOutsideOfLoop(loop, op.Operand(i)) {
			return false
		}
	}
	return true
}
