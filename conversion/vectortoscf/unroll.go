package vectortoscf

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/vector"
)

// unrollable is what upstream's UnrollTransferReadConversion and
// UnrollTransferWriteConversion require of a transfer: a rank above the
// target rank, a memref (or a tensor with lower-tensors) of the vector's
// element type and a fixed leading dimension.
func unrollable(op *ir.Operation, g *gen) (*xfer, bool) {
	x, ok := asXfer(op)
	if !ok || len(x.vt.Shape) <= g.opts.TargetRank || len(x.vt.Shape) == 0 {
		return nil, false
	}
	if x.isTensor() && !g.opts.LowerTensors {
		return nil, false
	}
	if st, ok := x.base.Type().(ir.ShapedType); !ok || st.ElementType() != x.vt.Elem {
		return nil, false
	}
	return x, !scalableLead(x.vt)
}

// dropLeading is the vector type without its leading dimension.
func dropLeading(ctx *ir.Context, vt *ir.VectorType) *ir.VectorType {
	var sc []bool
	if len(vt.Scalable) > 1 {
		sc = vt.Scalable[1:]
	}
	return ctx.VectorType(vt.Shape[1:], sc, vt.Elem)
}

// mixedPosition returns the static positions and the dynamic position
// operands of a vector.extract or vector.insert (whose dynamic positions
// start at operand first).
func mixedPosition(op *ir.Operation, first int) ([]int64, []ir.Value) {
	return append([]int64(nil), arrayInts(op.Attr("static_position"), 8)...), append([]ir.Value(nil), op.Operands()[first:]...)
}

// assignMask is maybeAssignMask: the unrolled transfer keeps the mask of
// a broadcast leading dimension and takes row i of a mask of rank 2 or
// more (a 1-D mask was checked by inBoundsCheck).
func (g *gen) assignMask(x *xfer, nx *ir.Operation, i int64) {
	if x.mask == nil {
		return
	}
	var m ir.Value
	switch {
	case x.isBroadcastDim(0):
		m = x.mask
	case x.maskRank() > 1:
		saved := *g.b
		g.b.SetInsertionPoint(nx)
		mt := dropLeading(g.ctx, x.mask.Type().(*ir.VectorType))
		m = vector.BuildExtract(g.b, g.loc, x.mask, nil, g.ctx.DenseI64Array(i), mt).Result()
		*g.b = saved
	default:
		return
	}
	ops := append([]ir.Value(nil), nx.Operands()...)
	nx.SetOperands(append(ops, m))
	seg := arrayInts(nx.Attr("operandSegmentSizes"), 4)
	if len(seg) == 0 {
		return
	}
	seg[len(seg)-1] = 1
	out := make([]int32, len(seg))
	for i, v := range seg {
		out[i] = int32(v)
	}
	nx.SetAttr("operandSegmentSizes", g.ctx.DenseI32Array(out...))
}

// unrollRead is UnrollTransferReadConversion: an n-D read becomes, for
// each index of its leading dimension, an (n-1)-D read inserted into the
// result (initialized with the padding, or the vector the read's only
// user, a vector.insert, inserts into), under the bounds and mask checks.
func unrollRead(op *ir.Operation, g *gen) bool {
	x, ok := unrollable(op, g)
	if !ok || !x.read {
		return false
	}
	var insert *ir.Operation
	if u := op.Result(0).FirstUse(); u != nil && u.Next() == nil {
		if ins, ok := vector.AsInsertOp(u.Owner()); ok {
			insert = ins.Operation
		}
	}
	var vec ir.Value
	var basePos []int64
	var baseDyn []ir.Value
	if insert != nil {
		vec = insert.Operand(1)
		basePos, baseDyn = mixedPosition(insert, 2)
	} else {
		vec = g.done(vector.BuildBroadcast(g.b, g.loc, x.padding, x.vt).Operation).Result(0)
	}
	vecType := vec.Type()
	subVT := dropLeading(g.ctx, x.vt)
	for i := int64(0); i < x.vt.Shape[0]; i++ {
		iv := g.index(i)
		prev := vec
		vec = g.inBoundsCheck(x, iv, x.unpackedDim(), []ir.Type{vecType}, func() ir.Value {
			idx := g.xferIndices(x, iv)
			nx := g.done(vector.BuildTransferRead(g.b, g.loc, x.base, idx, x.padding, g.unpackedPerm(x), g.inBoundsAttr(x), subVT).Operation)
			g.assignMask(x, nx, i)
			val := nx.Result(0)
			if len(subVT.Shape) == 0 {
				val = g.done(vector.BuildExtract(g.b, g.loc, val, nil, g.ctx.DenseI64Array(), subVT.Elem).Operation).Result(0)
			}
			pos := append(append([]int64(nil), basePos...), i)
			return g.done(vector.BuildInsert(g.b, g.loc, val, prev, baseDyn, g.ctx.DenseI64Array(pos...)).Operation).Result(0)
		}, func() ir.Value { return prev })
	}
	if insert != nil {
		g.r.ReplaceOp(insert, []ir.Value{vec})
		g.r.EraseOp(op)
	} else {
		g.r.ReplaceOp(op, []ir.Value{vec})
	}
	return true
}

// unrollWrite is UnrollTransferWriteConversion: an n-D write becomes, for
// each index of its leading dimension, an (n-1)-D write of that row
// (extracted from the source of the vector.extract that made the vector,
// if one did), under the bounds and mask checks; on a tensor each write
// takes the previous one's result.
func unrollWrite(op *ir.Operation, g *gen) bool {
	x, ok := unrollable(op, g)
	if !ok || x.read {
		return false
	}
	vec := x.value
	var basePos []int64
	var baseDyn []ir.Value
	if def, ok := vector.AsExtractOp(ir.DefiningOp(x.value)); ok {
		vec = def.Source()
		basePos, baseDyn = mixedPosition(def.Operation, 1)
	}
	source := x.base
	var types []ir.Type
	var rt ir.Type
	if x.isTensor() {
		rt = x.base.Type()
		types = []ir.Type{rt}
	}
	vt, ok := vec.Type().(*ir.VectorType)
	if !ok || len(vt.Shape) < len(basePos)+1 {
		return false
	}
	extractedT := ir.Type(g.ctx.VectorType(vt.Shape[len(basePos)+1:], nil, vt.Elem))
	if len(vt.Shape) == len(basePos)+1 {
		extractedT = vt.Elem
	}
	for i := int64(0); i < x.vt.Shape[0]; i++ {
		iv := g.index(i)
		dest := source
		updated := g.inBoundsCheck(x, iv, x.unpackedDim(), types, func() ir.Value {
			idx := g.xferIndices(x, iv)
			pos := append(append([]int64(nil), basePos...), i)
			ex := g.done(vector.BuildExtract(g.b, g.loc, vec, baseDyn, g.ctx.DenseI64Array(pos...), extractedT).Operation).Result(0)
			if len(x.vt.Shape) == 1 {
				ex = g.done(vector.BuildBroadcast(g.b, g.loc, ex, g.ctx.VectorType(nil, nil, x.vt.Elem)).Operation).Result(0)
			}
			nx := g.done(vector.BuildTransferWrite(g.b, g.loc, ex, dest, idx, g.unpackedPerm(x), g.inBoundsAttr(x), vector.TransferWriteOptions{ResultType: rt}).Operation)
			g.assignMask(x, nx, i)
			if rt != nil {
				return nx.Result(0)
			}
			return nil
		}, func() ir.Value {
			if rt != nil {
				return dest
			}
			return nil
		})
		if rt != nil {
			source = updated
		}
	}
	if rt != nil {
		g.r.ReplaceOp(op, []ir.Value{source})
	} else {
		g.r.EraseOp(op)
	}
	return true
}

// arrayInts decodes the little-endian elements, of width bytes each, of
// a dense array attribute.
func arrayInts(a ir.Attribute, width int) []int64 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok || len(d.Data) < width*d.Size {
		return nil
	}
	out := make([]int64, d.Size)
	for i := range out {
		var v uint64
		for b := 0; b < width; b++ {
			v |= uint64(d.Data[width*i+b]) << (8 * b)
		}
		if width < 8 && v&(1<<(8*width-1)) != 0 {
			v |= ^uint64(0) << (8 * width)
		}
		out[i] = int64(v)
	}
	return out
}
