package llvmcommon

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// MaxUnrolledElements bounds the elements of a vector that a lowering
// unrolls into operations per element (a math function called once per
// lane): a larger vector is left to fail to legalize, a located error,
// rather than grow the IR by millions of operations.
const MaxUnrolledElements = 1 << 16

// Unrollable reports whether the vector type vt has at most
// MaxUnrolledElements elements, scalable dimensions counting their
// minimum size.
func Unrollable(vt *ir.VectorType) bool {
	n := int64(1)
	for _, d := range vt.Shape {
		if d < 0 || d > MaxUnrolledElements || n*d > MaxUnrolledElements {
			return false
		}
		n *= d
	}
	return true
}

// UnrollToScalars replaces op, whose result is the fixed-length 1-D
// vector vt, by one scalar computation per lane: scalar receives the
// lane's element of each of operands (llvm.extractelement) and returns
// its result, inserted into a poison vector (llvm.insertelement). It
// reports false when vt is not such a vector, has more than
// MaxUnrolledElements elements, or scalar fails.
func UnrollToScalars(r *rewrite.ConversionRewriter, op *ir.Operation, operands []ir.Value, vt *ir.VectorType,
	scalar func(elems []ir.Value) (ir.Value, bool)) bool {
	if len(vt.Shape) != 1 || len(vt.Scalable) != 0 || !Unrollable(vt) {
		return false
	}
	ctx := r.Builder.Ctx
	loc := op.Loc()
	acc := Poison(r, loc, vt)
	for i := int64(0); i < vt.Shape[0]; i++ {
		idx := Create(r, "llvm.mlir.constant", loc, nil, []ir.Type{ctx.I(64)},
			[]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(ctx.I(64), i)}}).Result(0)
		elems := make([]ir.Value, len(operands))
		for j, v := range operands {
			elems[j] = Create(r, "llvm.extractelement", loc, []ir.Value{v, idx}, []ir.Type{vt.Elem}, nil).Result(0)
		}
		res, ok := scalar(elems)
		if !ok {
			return false
		}
		acc = Create(r, "llvm.insertelement", loc, []ir.Value{acc, res, idx}, []ir.Type{vt}, nil).Result(0)
	}
	r.ReplaceOp(op, []ir.Value{acc})
	return true
}
