package vectortoscf

import (
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	affined "github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tensor"
	"github.com/strata-ir/strata/dialects/vector"
)

// passLabel marks the transfers being lowered progressively.
const passLabel = "__vector_to_scf_lowering__"

// xfer is the common view of vector.transfer_read and transfer_write.
type xfer struct {
	op       *ir.Operation
	read     bool
	base     ir.Value
	indices  []ir.Value
	padding  ir.Value // read
	value    ir.Value // write
	mask     ir.Value
	perm     affine.Map
	inBounds []bool
	vt       *ir.VectorType
	// maskIndex is the operand number of the mask (or where it would go).
	maskIndex int
}

func asXfer(op *ir.Operation) (*xfer, bool) {
	x := &xfer{op: op}
	var permA, ibA ir.Attribute
	if r, ok := vector.AsTransferReadOp(op); ok {
		x.read, x.base, x.indices, x.padding, x.mask = true, r.Base(), r.Indices(), r.Padding(), r.Mask()
		permA, ibA = r.PermutationMap(), r.InBounds()
		x.vt, _ = r.Vector().Type().(*ir.VectorType)
		x.maskIndex = 2 + len(x.indices)
	} else if w, ok := vector.AsTransferWriteOp(op); ok {
		x.value, x.base, x.indices, x.mask = w.ValueToStore(), w.Base(), w.Indices(), w.Mask()
		permA, ibA = w.PermutationMap(), w.InBounds()
		x.vt, _ = w.ValueToStore().Type().(*ir.VectorType)
		x.maskIndex = 2 + len(x.indices)
	} else {
		return nil, false
	}
	pm, ok := permA.(*ir.AffineMapAttr)
	if !ok || x.vt == nil || len(pm.Map.Results) != len(x.vt.Shape) {
		return nil, false
	}
	x.perm = pm.Map
	arr, _ := ibA.(*ir.ArrayAttr)
	x.inBounds = make([]bool, len(x.vt.Shape))
	if arr != nil {
		for i, e := range arr.Elems {
			if b, ok := e.(*ir.IntegerAttr); ok && i < len(x.inBounds) {
				x.inBounds[i] = b.Lo != 0
			}
		}
	}
	return x, true
}

func (x *xfer) memref() (*ir.MemRefType, bool) {
	m, ok := x.base.Type().(*ir.MemRefType)
	return m, ok
}

// isTensor reports whether the transfer is on a ranked tensor.
func (x *xfer) isTensor() bool {
	_, ok := x.base.Type().(*ir.RankedTensorType)
	return ok
}

func (x *xfer) isBroadcastDim(i int) bool { return x.perm.Results[i].IsConstantValue(0) }

func (x *xfer) isDimInBounds(i int) bool { return x.isBroadcastDim(i) || x.inBounds[i] }

// unpackedDim is the memref dimension of the transfer's first vector
// dimension, or -1 for a broadcast.
func (x *xfer) unpackedDim() int {
	if e := x.perm.Results[0]; e.IsDim() {
		return e.Position()
	}
	return -1
}

func (x *xfer) maskRank() int {
	if x.mask == nil {
		return 0
	}
	if v, ok := x.mask.Type().(*ir.VectorType); ok {
		return len(v.Shape)
	}
	return 0
}

func (x *xfer) hasLabel() bool { return x.op.Attr(passLabel) != nil }

func scalableLead(v *ir.VectorType) bool { return len(v.Scalable) > 0 && v.Scalable[0] }

func anyScalable(v *ir.VectorType) bool {
	for _, s := range v.Scalable {
		if s {
			return true
		}
	}
	return false
}

// apply builds affine.apply (d0 + d1)(a, b), composed as upstream's
// makeComposedAffineApply.
func (g *gen) apply(a, b ir.Value) ir.Value {
	m := affine.NewMap(2, 0, affine.Add(affine.Dim(0), affine.Dim(1)))
	return g.done(affined.BuildComposedApply(g.b, g.loc, m, []ir.Value{a, b}).Operation).Result(0)
}

// dim is createOrFoldDimOp: the size of dimension d of a memref, a
// constant when static.
func (g *gen) dim(base ir.Value, d int) ir.Value {
	idx := g.index(int64(d))
	if st, ok := base.Type().(ir.ShapedType); ok {
		if shape, ok := st.ShapeDims(); ok && d < len(shape) && shape[d] != ir.Dynamic {
			return g.index(shape[d])
		}
	}
	if _, ok := base.Type().(*ir.MemRefType); !ok {
		return g.done(tensor.BuildDim(g.b, g.loc, base, idx).Operation).Result(0)
	}
	return g.done(memref.BuildDim(g.b, g.loc, base, idx).Operation).Result(0)
}

// xferIndices are the transfer's indices with the unpacked dimension's
// offset by iv (getXferIndices).
func (g *gen) xferIndices(x *xfer, iv ir.Value) []ir.Value {
	idx := append([]ir.Value(nil), x.indices...)
	if d := x.unpackedDim(); d >= 0 {
		idx[d] = g.apply(idx[d], iv)
	}
	return idx
}

// inBoundsCheck is upstream's generateInBoundsCheck: when the unpacked
// dimension dim may be out of bounds or a 1-D mask applies, an scf.if on
// the condition runs inCase (else outCase, which may be nil); else inCase
// runs directly. It returns the if's result (nil without results).
func (g *gen) inBoundsCheck(x *xfer, iv ir.Value, dim int, types []ir.Type, inCase, outCase func() ir.Value) ir.Value {
	var cond ir.Value
	i1 := g.ctx.I(1)
	if !x.isDimInBounds(0) && dim >= 0 {
		// MLIR 22 checks the upper bound only: dim > index.
		memrefDim := g.dim(x.base, dim)
		idx := g.apply(x.indices[dim], iv)
		cond = g.done(arith.BuildCmpi(g.b, g.loc, memrefDim, idx, arith.CmpIPredicateSgt).Operation).Result(0)
	}
	if x.mask != nil && x.maskRank() == 1 && !x.isBroadcastDim(0) {
		m := g.done(vector.BuildExtract(g.b, g.loc, x.mask, []ir.Value{iv}, g.dynamicPosition(), i1).Operation).Result(0)
		if cond != nil {
			cond = g.done(arith.BuildAndi(g.b, g.loc, cond, m).Operation).Result(0)
		} else {
			cond = m
		}
	}
	if cond == nil {
		return inCase()
	}
	yield := func(fn func() ir.Value) []ir.Value {
		if fn == nil {
			return nil
		}
		if v := fn(); v != nil && len(types) > 0 {
			return []ir.Value{v}
		}
		return nil
	}
	i := g.ifOp(cond, types, func() []ir.Value { return yield(inCase) }, func() []ir.Value { return yield(outCase) })
	if len(types) > 0 {
		return i.Result(0)
	}
	return nil
}

// inBoundsAttr drops the first in_bounds entry.
func (g *gen) inBoundsAttr(x *xfer) ir.Attribute {
	var es []ir.Attribute
	for _, b := range x.inBounds[1:] {
		es = append(es, g.ctx.Bool(b))
	}
	return g.ctx.ArrayAttr(es)
}

// unpackedPerm drops the first result of the permutation map.
func (g *gen) unpackedPerm(x *xfer) ir.Attribute {
	return g.ctx.AffineMapAttr(affine.NewMap(x.perm.NumDims, 0, x.perm.Results[1:]...))
}

// transferRead1d and transferWrite1d are upstream's TransferOp1dConversion:
// a 1-D transfer on a memref that is not a contiguous minor-identity
// access becomes an scf.for over the vector's lanes with scalar
// memref.load (inserted into the vector carried by the loop, initialized
// with the padding) or memref.store, each guarded by the bounds and mask
// checks.
func transferRead1d(op *ir.Operation, g *gen) bool  { return transfer1d(op, g) }
func transferWrite1d(op *ir.Operation, g *gen) bool { return transfer1d(op, g) }

func transfer1d(op *ir.Operation, g *gen) bool {
	x, ok := asXfer(op)
	if !ok || len(x.vt.Shape) != 1 {
		return false
	}
	m, ok := x.memref()
	if !ok {
		return false
	}
	if x.perm.IsMinorIdentity() && lastDimUnitStride(m) {
		return false
	}
	if anyScalable(x.vt) {
		return false
	}
	lb := g.index(0)
	ub := g.index(x.vt.Shape[0])
	step := g.index(1)
	var inits []ir.Value
	if x.read {
		inits = []ir.Value{g.done(vector.BuildBroadcast(g.b, g.loc, x.padding, x.vt).Operation).Result(0)}
	}
	loop := g.forLoop(lb, ub, step, inits, func(iv ir.Value, state []ir.Value) []ir.Value {
		idx := append([]ir.Value(nil), x.indices...)
		d := x.unpackedDim()
		if d >= 0 {
			idx[d] = g.apply(idx[d], iv)
		}
		if x.read {
			vec := state[0]
			next := g.inBoundsCheck(x, iv, d, []ir.Type{x.vt}, func() ir.Value {
				val := memref.BuildLoad(g.b, g.loc, x.base, idx).Result()
				return vector.BuildInsert(g.b, g.loc, val, vec, []ir.Value{iv}, g.dynamicPosition()).Operation.Result(0)
			}, func() ir.Value { return vec })
			return []ir.Value{next}
		}
		g.inBoundsCheck(x, iv, d, nil, func() ir.Value {
			val := vector.BuildExtract(g.b, g.loc, x.value, []ir.Value{iv}, g.dynamicPosition(), x.vt.Elem).Result()
			memref.BuildStore(g.b, g.loc, val, x.base, idx)
			return nil
		}, nil)
		return nil
	})
	if x.read {
		g.r.ReplaceOp(op, loop.Operation.Results())
	} else {
		g.r.EraseOp(op)
	}
	return true
}

// lastDimUnitStride is MemRefType::isLastDimUnitStride.
func lastDimUnitStride(m *ir.MemRefType) bool {
	_, strides := m.OffsetAndStrides()
	return len(strides) == 0 || strides[len(strides)-1] == 1
}

// isSerialLoop reports whether op is a loop whose iterations run one
// after the other (scf.for, affine.for), in which an allocation would be
// repeated.
func isSerialLoop(op *ir.Operation) bool {
	if _, ok := scf.AsForOp(op); ok {
		return true
	}
	_, ok := affined.AsForOp(op)
	return ok
}

// allocationScope is getAutomaticAllocationScope: the closest ancestor
// with the AutomaticAllocationScope trait, skipping serial loops when an
// enclosing scope exists.
func allocationScope(op *ir.Operation) *ir.Operation {
	var scope *ir.Operation
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.AutomaticAllocationScope) {
			scope = p
			break
		}
	}
	for scope != nil && isSerialLoop(scope) {
		var parent *ir.Operation
		for p := scope.ParentOp(); p != nil; p = p.ParentOp() {
			if p.HasTrait(ir.AutomaticAllocationScope) {
				parent = p
				break
			}
		}
		if parent == nil {
			break
		}
		scope = parent
	}
	return scope
}

// checkPrepare is upstream's checkPrepareXferOp.
func checkPrepare(x *xfer, g *gen) bool {
	if x.hasLabel() || len(x.vt.Shape) <= g.opts.TargetRank || scalableLead(x.vt) {
		return false
	}
	if x.isTensor() && !g.opts.LowerTensors {
		return false
	}
	if st, ok := x.base.Type().(ir.ShapedType); !ok || st.ElementType() != x.vt.Elem {
		return false
	}
	s := allocationScope(x.op)
	return s != nil && s.NumRegions() == 1 && s.Region(0).First() != nil
}

// allocBuffers allocates the stack buffers for the data and the mask at
// the start of the allocation scope; the mask is stored and reloaded
// before the transfer.
func (g *gen) allocBuffers(x *xfer) (data, mask ir.Value) {
	saved := *g.b
	g.b.SetInsertionPointToStart(allocationScope(x.op).Region(0).First())
	data = g.done(memref.BuildAlloca(g.b, g.loc, nil, nil, g.ctx.MemRefType(nil, x.vt, nil, nil)).Operation).Result(0)
	if x.mask != nil {
		mb := g.done(memref.BuildAlloca(g.b, g.loc, nil, nil, g.ctx.MemRefType(nil, x.mask.Type(), nil, nil)).Operation).Result(0)
		g.b.SetInsertionPoint(x.op)
		g.done(bare(memref.BuildStore(g.b, g.loc, x.mask, mb, nil).Operation))
		mask = g.done(bare(memref.BuildLoad(g.b, g.loc, mb, nil).Operation)).Result(0)
	}
	*g.b = saved
	return data, mask
}

// prepareTransferRead is PrepareTransferReadConversion: a labeled clone
// of the read stores into a stack buffer, from which the original's
// users load.
func prepareTransferRead(op *ir.Operation, g *gen) bool {
	x, ok := asXfer(op)
	if !ok || !x.read || !checkPrepare(x, g) {
		return false
	}
	data, mask := g.allocBuffers(x)
	clone := op.Clone(nil)
	g.b.Insert(clone)
	clone.SetAttr(passLabel, g.ctx.Unit())
	if mask != nil {
		clone.SetOperand(x.maskIndex, mask)
	}
	g.done(clone)
	g.done(bare(memref.BuildStore(g.b, g.loc, clone.Result(0), data, nil).Operation))
	load := g.done(bare(memref.BuildLoad(g.b, g.loc, data, nil).Operation))
	g.r.ReplaceOp(op, load.Results())
	return true
}

// prepareTransferWrite is PrepareTransferWriteConversion: the vector goes
// through a stack buffer and the write, labeled, stores what is loaded
// from it.
func prepareTransferWrite(op *ir.Operation, g *gen) bool {
	x, ok := asXfer(op)
	if !ok || x.read || !checkPrepare(x, g) {
		return false
	}
	data, mask := g.allocBuffers(x)
	g.done(bare(memref.BuildStore(g.b, g.loc, x.value, data, nil).Operation))
	loaded := g.done(bare(memref.BuildLoad(g.b, g.loc, data, nil).Operation)).Result(0)
	g.r.ModifyInPlace(op, func() {
		op.SetOperand(0, loaded)
		op.SetAttr(passLabel, g.ctx.Unit())
	})
	if mask != nil {
		g.r.ModifyInPlace(op, func() { op.SetOperand(x.maskIndex, mask) })
	}
	return true
}

// unpackOneDim moves the leading dimension of a memref's vector element
// type into the memref's shape.
func unpackOneDim(ctx *ir.Context, t *ir.MemRefType) (*ir.MemRefType, bool) {
	vt, ok := t.Elem.(*ir.VectorType)
	if !ok || len(vt.Shape) == 0 || scalableLead(vt) {
		return nil, false
	}
	var sc []bool
	if len(vt.Scalable) > 1 {
		sc = vt.Scalable[1:]
	}
	shape := append(append([]int64(nil), t.Shape...), vt.Shape[0])
	return ctx.MemRefType(shape, ctx.VectorType(vt.Shape[1:], sc, vt.Elem), nil, nil), true
}

// bufferAccess returns the buffer a labeled transfer goes through and the
// indices of that access: the memref.store of a read's result, the
// memref.load of a write's vector.
func bufferAccess(x *xfer) (*ir.Operation, ir.Value, []ir.Value, bool) {
	if x.read {
		r := x.op.Result(0)
		u := r.FirstUse()
		if u == nil || u.Next() != nil {
			return nil, nil, nil, false
		}
		st, ok := memref.AsStoreOp(u.Owner())
		if !ok {
			return nil, nil, nil, false
		}
		return st.Operation, st.Memref(), st.Indices(), true
	}
	ld, ok := memref.AsLoadOp(ir.DefiningOp(x.value))
	if !ok {
		return nil, nil, nil, false
	}
	return ld.Operation, ld.Memref(), ld.Indices(), true
}

// maskBuffer is the memref the labeled transfer's mask was loaded from.
func maskBuffer(x *xfer) (ir.Value, bool) {
	ld, ok := memref.AsLoadOp(ir.DefiningOp(x.mask))
	if !ok {
		return nil, false
	}
	return ld.Memref(), true
}

func transferReadConversion(op *ir.Operation, g *gen) bool  { return transferConversion(op, g) }
func transferWriteConversion(op *ir.Operation, g *gen) bool { return transferConversion(op, g) }

// transferConversion is upstream's TransferOpConversion: a labeled n-D
// transfer becomes an scf.for over its leading dimension, the buffer cast
// with vector.type_cast to expose that dimension, each iteration making
// an (n-1)-D transfer (labeled again while above the target rank) that
// reads into or writes from the buffer, under the bounds and mask checks.
func transferConversion(op *ir.Operation, g *gen) bool {
	x, ok := asXfer(op)
	if !ok || !x.hasLabel() {
		return false
	}
	access, buf, bufIdx, ok := bufferAccess(x)
	if !ok {
		return false
	}
	bt, ok := buf.Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	castT, ok := unpackOneDim(g.ctx, bt)
	if !ok {
		return false
	}
	var castedMask, maskBuf ir.Value
	if x.mask != nil {
		if maskBuf, ok = maskBuffer(x); !ok {
			return false
		}
		if mt, isMem := maskBuf.Type().(*ir.MemRefType); !isMem {
			return false
		} else if _, ok := unpackOneDim(g.ctx, mt); !ok && !x.isBroadcastDim(0) && x.maskRank() != 1 {
			return false
		}
	}
	casted := g.done(vector.BuildTypeCast(g.b, g.loc, buf, castT).Operation).Result(0)
	if x.mask != nil {
		if x.isBroadcastDim(0) || x.maskRank() == 1 {
			castedMask = maskBuf
		} else {
			mt, _ := unpackOneDim(g.ctx, maskBuf.Type().(*ir.MemRefType))
			castedMask = g.done(vector.BuildTypeCast(g.b, g.loc, maskBuf, mt).Operation).Result(0)
		}
	}
	lb := g.index(0)
	ub := g.index(castT.Shape[len(castT.Shape)-1])
	step := g.index(1)
	subVT := castT.Elem.(*ir.VectorType)
	// A write on a tensor carries the tensor through the loop.
	var stateTypes []ir.Type
	var initVals []ir.Value
	if !x.read && x.isTensor() {
		initVals = []ir.Value{x.base}
		stateTypes = []ir.Type{x.base.Type()}
	}
	loop := g.forLoop(lb, ub, step, initVals, func(iv ir.Value, state []ir.Value) []ir.Value {
		res := g.inBoundsCheck(x, iv, x.unpackedDim(), stateTypes, func() ir.Value {
			idx := append(append([]ir.Value(nil), bufIdx...), iv)
			xidx := g.xferIndices(x, iv)
			var mask ir.Value
			loadMask := func() {
				if x.mask != nil && (x.isBroadcastDim(0) || x.maskRank() > 1) {
					var li []ir.Value
					for u := maskBuf.FirstUse(); u != nil; u = u.Next() {
						if ld, ok := memref.AsLoadOp(u.Owner()); ok {
							li = append(li, ld.Indices()...)
							break
						}
					}
					if !x.isBroadcastDim(0) {
						li = append(li, iv)
					}
					mask = memref.BuildLoad(g.b, g.loc, castedMask, li).Result()
				}
			}
			var nx *ir.Operation
			if x.read {
				loadMask()
				nx = vector.BuildTransferRead(g.b, g.loc, x.base, xidx, x.padding, g.unpackedPerm(x), g.inBoundsAttr(x), subVT, vector.TransferReadOptions{Mask: mask}).Operation
				if len(subVT.Shape) > g.opts.TargetRank {
					nx.SetAttr(passLabel, g.ctx.Unit())
				}
				memref.BuildStore(g.b, g.loc, nx.Result(0), casted, idx)
			} else {
				vec := memref.BuildLoad(g.b, g.loc, casted, idx).Result()
				loadMask()
				dest := x.base
				var rt ir.Type
				if len(state) > 0 {
					dest, rt = state[0], stateTypes[0]
				}
				nx = vector.BuildTransferWrite(g.b, g.loc, vec, dest, xidx, g.unpackedPerm(x), g.inBoundsAttr(x), vector.TransferWriteOptions{Mask: mask, ResultType: rt}).Operation
				if len(subVT.Shape) > g.opts.TargetRank {
					nx.SetAttr(passLabel, g.ctx.Unit())
				}
				if len(state) > 0 {
					return nx.Result(0)
				}
			}
			return nil
		}, func() ir.Value {
			if x.read {
				idx := append(append([]ir.Value(nil), bufIdx...), iv)
				v := vector.BuildBroadcast(g.b, g.loc, x.padding, subVT).Operation.Result(0)
				memref.BuildStore(g.b, g.loc, v, casted, idx)
			}
			if len(state) > 0 {
				return state[0]
			}
			return nil
		})
		if res != nil {
			return []ir.Value{res}
		}
		return nil
	})
	if x.read {
		g.r.EraseOp(access)
		g.r.EraseOp(op)
	} else if len(initVals) > 0 {
		g.r.ReplaceOp(op, loop.Operation.Results())
	} else {
		g.r.EraseOp(op)
	}
	return true
}

// bare drops the nontemporal property of a load or store, which upstream's
// builders without indices leave unset.
func bare(op *ir.Operation) *ir.Operation {
	op.SetAttr("nontemporal", nil)
	return op
}
