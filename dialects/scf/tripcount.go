package scf

import "github.com/strata-ir/strata/core/ir"

// MayHaveZeroIterations reports whether the scf.for op may run its body
// no time (MLIR's mayHaveZeroIterations): its bounds and step are not all
// constants, or its lower bound is not below its upper bound. Other
// operations may.
func MayHaveZeroIterations(op *ir.Operation) bool {
	f, ok := AsForOp(op)
	if !ok {
		return true
	}
	lb, ok1 := constantInt(f.LowerBound())
	ub, ok2 := constantInt(f.UpperBound())
	step, ok3 := constantInt(f.Step())
	if !ok1 || !ok2 || !ok3 || step <= 0 {
		return true
	}
	if f.UnsignedCmp() {
		return uint64(ub) <= uint64(lb)
	}
	return ub <= lb
}
