package vector

import (
	"github.com/strata-ir/strata/core/ir"
)

// foldBroadcast folds a broadcast to its own type and a broadcast of a
// scalar or splat constant to a splat constant.
func foldBroadcast(op BroadcastOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.Source().Type() == op.Vector().Type() {
		return []ir.FoldResult{{Value: op.Source()}}, true
	}
	if len(operands) == 0 || operands[0] == nil {
		return nil, false
	}
	vt := op.Vector().Type().(*ir.VectorType)
	if a, ok := operands[0].(*ir.DenseElementsAttr); ok && a.Splat {
		return []ir.FoldResult{{Attr: op.Context().DenseElementsAttr(vt, true, a.Data)}}, true
	}
	return nil, false
}

// foldExtract folds an extract without position to its source and an
// extract of a broadcast of the extracted type to the broadcast's source.
func foldExtract(op ExtractOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if len(denseI64(op.StaticPosition())) == 0 && op.Source().Type() == op.Result().Type() {
		return []ir.FoldResult{{Value: op.Source()}}, true
	}
	if def := ir.DefiningOp(op.Source()); def != nil {
		if b, ok := AsBroadcastOp(def); ok && b.Source().Type() == op.Result().Type() {
			return []ir.FoldResult{{Value: b.Source()}}, true
		}
	}
	return nil, false
}

// foldShapeCast folds a cast to the same type to its source and a cast of
// a cast to one cast from the first source (or to it when the types
// agree).
func foldShapeCast(op ShapeCastOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.Source().Type() == op.Result().Type() {
		return []ir.FoldResult{{Value: op.Source()}}, true
	}
	if def := ir.DefiningOp(op.Source()); def != nil {
		if inner, ok := AsShapeCastOp(def); ok {
			if inner.Source().Type() == op.Result().Type() {
				return []ir.FoldResult{{Value: inner.Source()}}, true
			}
			op.SetOperand(0, inner.Source())
			return []ir.FoldResult{{Value: op.Result()}}, true
		}
	}
	if len(operands) > 0 {
		if d, ok := operands[0].(*ir.DenseElementsAttr); ok && d.Splat {
			return []ir.FoldResult{{Attr: op.Context().DenseElementsAttr(op.Result().Type().(*ir.VectorType), true, d.Data)}}, true
		}
	}
	return nil, false
}

// foldTranspose folds an identity permutation to its source.
func foldTranspose(op TransposeOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	for i, p := range denseI64(op.Permutation()) {
		if p != int64(i) {
			return nil, false
		}
	}
	return []ir.FoldResult{{Value: op.Vector()}}, true
}
