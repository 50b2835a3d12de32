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
		if !hoistBroadcast(op) {
			reciprocalOfRow(op)
		}
	}
}

// rowValue returns the source of v when v is a broadcast of per-row
// values (a source whose last dimension is 1).
func rowValue(v ir.Value) (ir.Value, bool) {
	bc, ok := tile.AsBroadcastOp(ir.DefiningOp(v))
	if !ok {
		return nil, false
	}
	s, _, ok := tileShape(bc.Input())
	if !ok || len(s) == 0 || s[len(s)-1] != 1 {
		return nil, false
	}
	return bc.Input(), true
}

// reciprocalOfRow turns a division by per-row values (softmax's division
// by the row's sum) into a multiplication by their reciprocals, taken once
// per row: a division is a sequence of about ten instructions, a product
// one. The result differs from the quotient by at most an ulp or so.
func reciprocalOfRow(op *ir.Operation) {
	if _, ok := arith.AsDivfOp(op); !ok {
		return
	}
	row, ok := rowValue(op.Operand(1))
	if !ok {
		return
	}
	if _, isRow := rowValue(op.Operand(0)); isRow {
		return
	}
	ctx := op.Context()
	rt, ok := row.Type().(*ir.RankedTensorType)
	ft, isFloat := rt.Elem.(*ir.FloatType)
	if !ok || !isFloat || oneBits(ft) == nil {
		return
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(op)
	b.Loc = op.Loc()
	one := b.Create(&ir.OperationState{Name: ctx.OpName("arith.constant"), Loc: op.Loc(), ResultTypes: []ir.Type{rt},
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: ctx.DenseElementsAttr(rt, true, oneBits(ft))}})}).Result(0)
	inv := b.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: []ir.Value{one, row},
		ResultTypes: []ir.Type{rt}, Properties: op.Properties(), Attributes: op.Attrs()}).Result(0)
	invB := tile.BuildBroadcast(b, op.Loc(), inv, op.Result(0).Type()).Result()
	mul := b.Create(&ir.OperationState{Name: ctx.OpName("arith.mulf"), Loc: op.Loc(), Operands: []ir.Value{op.Operand(0), invB},
		ResultTypes: []ir.Type{op.Result(0).Type()}, Properties: op.Properties(), Attributes: op.Attrs()}).Result(0)
	ir.ReplaceAllUsesWith(op.Result(0), mul)
	old := ir.DefiningOp(op.Operand(1))
	op.Erase()
	if !ir.HasUses(old.Result(0)) {
		old.Erase()
	}
}

// oneBits is the little-endian encoding of 1.0 in float type t (nil for
// types other than f16, bf16, f32 and f64).
func oneBits(t *ir.FloatType) []byte {
	switch t.Kind {
	case ir.BF16:
		return []byte{0x80, 0x3f}
	case ir.F16:
		return []byte{0x00, 0x3c}
	case ir.F32:
		return []byte{0, 0, 0x80, 0x3f}
	case ir.F64:
		return []byte{0, 0, 0, 0, 0, 0, 0xf0, 0x3f}
	}
	return nil
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
		splat, _ := splatScalar(v)
		operands = append(operands, splat(b, op.Context().RankedTensorType(small, e, nil)))
	}
	n := b.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands,
		ResultTypes: []ir.Type{op.Context().RankedTensorType(small, elem, nil)},
		Properties:  op.Properties(), Attributes: op.Attrs()})
	out := tile.BuildBroadcast(b, op.Loc(), n.Result(0), op.Result(0).Type()).Result()
	ir.ReplaceAllUsesWith(op.Result(0), out)
	var defs []*ir.Operation
	seen := map[*ir.Operation]bool{}
	for i := 0; i < op.NumOperands(); i++ {
		if d := ir.DefiningOp(op.Operand(i)); d != nil && !seen[d] {
			seen[d] = true
			defs = append(defs, d)
		}
	}
	op.Erase()
	// The broadcasts and splats left without uses go too: a tile no one
	// uses would still be given a layout of its own.
	for _, d := range defs {
		if !ir.HasUses(d.Result(0)) {
			d.Erase()
		}
	}
	return true
}
