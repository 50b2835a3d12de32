package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/tile"
)

// hoistBroadcasts moves element-wise operations whose tile operands are
// all broadcasts of one shape, or splats, before the broadcast: the
// operation then runs once per row (or column) rather than once per
// element, and its result is broadcast instead. The per-row arithmetic of
// a normalization (the mean and variance divided by the row length, the
// reciprocal square root) is such a chain; a thread holding 16 elements
// of a row would otherwise repeat each division and square root 16 times.
// Operations are visited in program order, so whole chains move. Only
// broadcasts along the last (contiguous) dimension move: the values of
// rows, which every thread of a row already holds after a reduction.
func hoistBroadcasts(body *ir.Operation) {
	var ops []*ir.Operation
	body.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if elementwise(op) {
			ops = append(ops, op)
		}
		return true
	})
	for _, op := range ops {
		hoistBroadcast(op)
	}
}

// splatScalar returns, for a splat tile or a splat constant tile, a
// function that makes the same splat in another tile type.
func splatScalar(v ir.Value) (func(b *ir.Builder, t *ir.RankedTensorType) ir.Value, bool) {
	def := ir.DefiningOp(v)
	if def == nil {
		return nil, false
	}
	if s, ok := tile.AsSplatOp(def); ok {
		return func(b *ir.Builder, t *ir.RankedTensorType) ir.Value {
			return tile.BuildSplat(b, def.Loc(), s.Input(), t).Result()
		}, true
	}
	if c, ok := arith.AsConstantOp(def); ok {
		d, ok := c.Value().(*ir.DenseElementsAttr)
		if !ok || !d.Splat {
			return nil, false
		}
		return func(b *ir.Builder, t *ir.RankedTensorType) ir.Value {
			return b.Create(&ir.OperationState{Name: def.OpName(), Loc: def.Loc(), ResultTypes: []ir.Type{t},
				Properties: b.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: b.Ctx.DenseElementsAttr(t, true, d.Data)}})}).Result(0)
		}, true
	}
	return nil, false
}

// hoistBroadcast hoists one operation (see hoistBroadcasts) and reports
// whether it did.
func hoistBroadcast(op *ir.Operation) bool {
	shape, elem, _ := tileShape(op.Result(0))
	var small []int64
	for i := 0; i < op.NumOperands(); i++ {
		def := ir.DefiningOp(op.Operand(i))
		if def == nil {
			return false
		}
		if bc, ok := tile.AsBroadcastOp(def); ok {
			s, _, ok := tileShape(bc.Input())
			// Per-row values only: a broadcast along the contiguous
			// dimension, whose registers the reduced layout already holds.
			if !ok || len(s) == 0 || s[len(s)-1] != 1 || (small != nil && !sameShape(s, small)) {
				return false
			}
			small = s
			continue
		}
		if _, ok := splatScalar(op.Operand(i)); !ok {
			return false
		}
	}
	if small == nil || sameShape(small, shape) {
		return false
	}
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPoint(op)
	b.Loc = op.Loc()
	var operands []ir.Value
	for i := 0; i < op.NumOperands(); i++ {
		v := op.Operand(i)
		if bc, ok := tile.AsBroadcastOp(ir.DefiningOp(v)); ok {
			operands = append(operands, bc.Input())
			continue
		}
		_, e, _ := tileShape(v)
		make, _ := splatScalar(v)
		operands = append(operands, make(b, op.Context().RankedTensorType(small, e, nil)))
	}
	n := b.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands,
		ResultTypes: []ir.Type{op.Context().RankedTensorType(small, elem, nil)},
		Properties:  op.Properties(), Attributes: op.Attrs()})
	out := tile.BuildBroadcast(b, op.Loc(), n.Result(0), op.Result(0).Type()).Result()
	ir.ReplaceAllUsesWith(op.Result(0), out)
	op.Erase()
	return true
}
