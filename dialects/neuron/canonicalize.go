package neuron

import (
	"math"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// activationCanonicalizationPatterns: a per-partition subtraction that
// only feeds an activation becomes the activation's bias,
// f(x - c) = f(x·1 + (-c)), exactly (x + (-c) and x - c are the same IEEE
// operation), which saves a pass of the vector engine over the tile.
func activationCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: "neuron.activation", PatternName: "neuron-subtract-into-bias", BenefitValue: 1,
		Fn: func(op *ir.Operation, rw *rewrite.Rewriter) bool {
			a, _ := AsActivationOp(op)
			if a.Bias() != nil || a.Scale() != 1 {
				return false
			}
			d := a.Data()
			alloc, ok := AsAllocOp(ir.DefiningOp(d))
			if !ok || alloc.Operation.Block() != op.Block() {
				return false
			}
			// d is written by one tensor_scalar subtract and read by op only.
			var sub TensorScalarOp
			n := 0
			for u := d.FirstUse(); u != nil; u = u.Next() {
				n++
				if ts, ok := AsTensorScalarOp(u.Owner()); ok && ts.Dst() == d {
					sub = ts
				}
			}
			if n != 2 || sub.Operation == nil || sub.Op() != AluOpSubtract || sub.Scalar() == nil || sub.Reverse() ||
				sub.Operation.Block() != op.Block() || !sub.Operation.IsBeforeInBlock(op) {
				return false
			}
			x, c := sub.Data(), sub.Scalar()
			if _, elem, _, _ := Info(c); !isF32(elem) || x == d {
				return false
			}
			// Nothing between the subtraction and op touches x or c, or
			// the tiles they are slices of.
			rx, rc := Root(x), Root(c)
			for o := sub.Operation.Next(); o != op; o = o.Next() {
				for _, v := range o.Operands() {
					if r := Root(v); r == rx || r == rc {
						return false
					}
				}
			}
			rw.SetInsertionPoint(op)
			neg := BuildAlloc(rw.Builder, op.Loc(), c.Type()).Result()
			minusOne := -1.0
			BuildTensorScalar(rw.Builder, op.Loc(), neg, c, AluOpMultiply, TensorScalarOptions{Imm: &minusOne})
			BuildActivation(rw.Builder, op.Loc(), a.Dst(), x, a.Func(), ActivationOptions{Bias: neg})
			rw.EraseOp(op)
			rw.EraseOp(sub.Operation)
			if !ir.HasUses(d) {
				rw.EraseOp(alloc.Operation)
			}
			return true
		}}}
}

// tensorScalarCanonicalizationPatterns: max(x, 0) is relu on the scalar
// engine (the same values, -0 and NaN included), which frees the vector
// engine in an epilogue.
func tensorScalarCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: "neuron.tensor_scalar", PatternName: "neuron-max-zero-is-relu", BenefitValue: 1,
		Fn: func(op *ir.Operation, rw *rewrite.Rewriter) bool {
			ts, _ := AsTensorScalarOp(op)
			imm, hasImm := ts.Imm()
			if ts.Op() != AluOpMaximum || ts.Scalar() != nil || !hasImm || imm != 0 || math.Signbit(imm) {
				return false
			}
			rw.SetInsertionPoint(op)
			BuildActivation(rw.Builder, op.Loc(), ts.Dst(), ts.Data(), ActFuncRelu)
			rw.EraseOp(op)
			return true
		}}}
}
