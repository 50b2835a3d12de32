package ir

import "fmt"

// VerifyDestinationStyleOp is DestinationStyleOpInterface's verifier
// (MLIR's verifyDestinationStyleOpInterface): every init of op is a tensor
// or a memref, op has as many tensor results as tensor inits, and each
// tensor init has the type of the result tied to it. As MLIR's interface
// verifier it runs with the region verifiers, once op's regions are
// verified, so that op's own verifier and the operations nested in it
// report first; operations without the interface pass.
func VerifyDestinationStyleOp(op *Operation) error {
	dps, ok := DestinationStyleOp.Of(op)
	if !ok {
		return nil
	}
	first, n := dps.DPSInits(op)
	if first < 0 || n < 0 || first+n > op.NumOperands() {
		return nil
	}
	var tensorInits []int
	for i := first; i < first+n; i++ {
		switch op.Operand(i).Type().(type) {
		case *RankedTensorType, *UnrankedTensorType:
			tensorInits = append(tensorInits, i)
		case *MemRefType, *UnrankedMemRefType:
		default:
			return OpError(op, fmt.Sprintf("expected that operand #%d is a tensor or a memref", i))
		}
	}
	tensorResults := 0
	for i := 0; i < op.NumResults(); i++ {
		switch op.Result(i).Type().(type) {
		case *RankedTensorType, *UnrankedTensorType:
			tensorResults++
		}
	}
	if tensorResults != len(tensorInits) {
		return OpError(op, fmt.Sprintf("expected the number of tensor results (%d) to be equal to the number of output tensors (%d)", tensorResults, len(tensorInits)))
	}
	for _, i := range tensorInits {
		// The result tied to an init is the one at the init's position
		// among the inits.
		r := i - first
		if r >= op.NumResults() {
			continue
		}
		if ot, rt := op.Operand(i).Type(), op.Result(r).Type(); ot != rt {
			return OpError(op, fmt.Sprintf("expected type of operand #%d ('%s') to match type of corresponding result ('%s')", i, TypeString(ot), TypeString(rt)))
		}
	}
	return nil
}
