package linalg

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// structuredCanonicalizationPatterns are upstream's canonicalization
// patterns of the structured operation root: EraseDeadLinalgOp for all of
// them, EraseIdentityLinalgOp for linalg.generic and EraseSelfCopy for
// linalg.copy.
func structuredCanonicalizationPatterns(root string) []rewrite.Pattern {
	pats := []rewrite.Pattern{&rewrite.Func{RootName: root, BenefitValue: 1, PatternName: "linalg-erase-dead", Fn: eraseDead}}
	switch root {
	case GenericOpName:
		pats = append(pats, &rewrite.Func{RootName: root, BenefitValue: 1, PatternName: "linalg-erase-identity", Fn: eraseIdentity})
	case CopyOpName:
		pats = append(pats, &rewrite.Func{RootName: root, BenefitValue: 1, PatternName: "linalg-erase-self-copy", Fn: eraseSelfCopy})
	}
	return pats
}

// eraseDead erases a structured operation with a memref operand that has
// a zero-sized dimension: its loops run no iteration (upstream's
// EraseDeadLinalgOp; a tensor of size 0 is left alone, as upstream does).
func eraseDead(op *ir.Operation, r *rewrite.Rewriter) bool {
	for _, v := range op.Operands() {
		mt, ok := v.Type().(*ir.MemRefType)
		if ok && slices.Contains(mt.Shape, 0) {
			r.EraseOp(op)
			return true
		}
	}
	return false
}

// eraseIdentity removes a linalg.generic whose maps are all equal and
// whose body only yields its arguments: on buffers, a copy of a buffer to
// itself; on tensors, the results are the yielded operands (upstream's
// EraseIdentityLinalgOp, without the tensor.cast it inserts when a type
// differs).
func eraseIdentity(op *ir.Operation, r *rewrite.Rewriter) bool {
	s, ok := AsStructuredOp(op)
	if !ok {
		return false
	}
	maps := s.IndexingMaps()
	for _, m := range maps {
		if !m.Equal(maps[0]) {
			return false
		}
	}
	body := s.Body()
	if body == nil || body.NumOps() != 1 || body.Last().Name() != "linalg.yield" {
		return false
	}
	yield := body.Last()
	if s.HasPureBufferSemantics() {
		ins, outs := s.Inputs(), s.Outputs()
		if len(ins) != 1 || len(outs) != 1 || ins[0] != outs[0] || yield.NumOperands() != 1 {
			return false
		}
		if a, ok := yield.Operand(0).(*ir.BlockArgument); !ok || a.Owner() != body {
			return false
		}
		r.EraseOp(op)
		return true
	}
	if !s.HasPureTensorSemantics() || yield.NumOperands() != op.NumResults() {
		return false
	}
	repl := make([]ir.Value, yield.NumOperands())
	for i, v := range yield.Operands() {
		a, ok := v.(*ir.BlockArgument)
		if !ok || a.Owner() != body {
			return false
		}
		arg := op.Operand(a.Index())
		if arg.Type() != op.Result(i).Type() {
			return false
		}
		repl[i] = arg
	}
	r.ReplaceOp(op, repl)
	return true
}

// eraseSelfCopy removes a linalg.copy of a value to itself (upstream's
// EraseSelfCopy).
func eraseSelfCopy(op *ir.Operation, r *rewrite.Rewriter) bool {
	s, ok := AsStructuredOp(op)
	if !ok {
		return false
	}
	ins, outs := s.Inputs(), s.Outputs()
	if !slices.Equal(ins, outs) {
		return false
	}
	if s.HasPureBufferSemantics() {
		r.EraseOp(op)
	} else {
		r.ReplaceOp(op, ins)
	}
	return true
}
