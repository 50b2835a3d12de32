// Package shapeddim holds what the dim operations of memref and tensor
// share beyond ir.ShapedDimOpInterface.
package shapeddim

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// Speculatability is upstream's getSpeculatability of memref.dim and
// tensor.dim (ops implementing ir.ShapedDimOp): a dim reads no memory but
// is undefined for a dimension the value does not have, so it is
// speculatable only when its index is a constant below the rank of a
// ranked operand.
func Speculatability(op *ir.Operation) ir.Speculatability {
	m, ok := ir.ShapedDimOp.Of(op)
	if !ok {
		return ir.NotSpeculatable
	}
	st, ok := m.ShapedValue(op).Type().(ir.ShapedType)
	if !ok {
		return ir.NotSpeculatable
	}
	shape, ranked := st.ShapeDims()
	def := ir.DefiningOp(m.Dimension(op))
	if !ranked || def == nil {
		return ir.NotSpeculatable
	}
	a, ok := rewrite.ConstantValue(def)
	if !ok {
		return ir.NotSpeculatable
	}
	i, ok := a.(*ir.IntegerAttr)
	if !ok || i.Int64() >= int64(len(shape)) {
		return ir.NotSpeculatable
	}
	return ir.Speculatable
}

// Attach makes d, a dim operation, conditionally speculatable by
// Speculatability.
func Attach(d *ir.OpDef) {
	ir.ConditionallySpeculatableOp.Attach(d, ir.SpeculatabilityFunc(Speculatability))
}
