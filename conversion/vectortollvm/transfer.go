package vectortollvm

import (
	"math"

	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/ub"
	"github.com/strata-ir/strata/dialects/vector"
)

// The patterns of the greedy run that precedes the conversion, as
// upstream's ConvertVectorToLLVMPass runs them: transfers of rank 1 that
// may go out of bounds get a mask (MaterializeTransferMask), in-bounds
// transfers of rank 1 on memrefs with a unit last stride become
// vector.load/maskedload (padding as the pass-through) and
// vector.store/maskedstore (TransferReadToVectorLoadLowering,
// TransferWriteToVectorStoreLowering), a broadcast stretching a
// vector<1xT> extracts the element first, and vector.create_mask of rank
// 1 becomes a
// comparison of the lane indices (i32) with the bound.
func prePatterns() []rewrite.Pattern {
	fn := func(root, name string, f func(op *ir.Operation, r *rewrite.Rewriter) bool) rewrite.Pattern {
		return &rewrite.Func{RootName: root, BenefitValue: 1, PatternName: name, Fn: f}
	}
	return []rewrite.Pattern{
		fn("vector.transfer_read", "TransferReadToVectorLoadLowering", readToLoad),
		fn("vector.transfer_write", "TransferWriteToVectorStoreLowering", writeToStore),
		fn("vector.create_mask", "VectorCreateMaskOpConversion", createMask),
		fn("vector.broadcast", "BroadcastOpLowering", stretchBroadcast),
		fn("vector.transpose", "TransposeOpLowering", transposeEltWise),
		fn("vector.transfer_read", "MaterializeTransferMask<TransferReadOp>", materializeMask),
		fn("vector.transfer_write", "MaterializeTransferMask<TransferWriteOp>", materializeMask),
		fn("vector.gather", "UnrollGather", unrollGather),
	}
}

// unrollGather splits a vector.gather of rank 2 or more along its leading
// dimension, which must not be scalable, into gathers of rank one less
// inserted into a ub.poison (upstream's UnrollGather): the 1-D gathers
// that result lower to LLVM.
func unrollGather(op *ir.Operation, r *rewrite.Rewriter) bool {
	g, ok := vector.AsGatherOp(op)
	if !ok {
		return false
	}
	rt, ok := g.Result().Type().(*ir.VectorType)
	if !ok || len(rt.Shape) < 2 || len(rt.Scalable) > 0 && rt.Scalable[0] {
		return false
	}
	ctx, loc := r.Ctx, op.Loc()
	var scal []bool
	if len(rt.Scalable) > 0 {
		scal = rt.Scalable[1:]
	}
	subTy := ctx.VectorType(rt.Shape[1:], scal, rt.Elem)
	sub := func(v ir.Value) ir.Type {
		vt := v.Type().(*ir.VectorType)
		var sc []bool
		if len(vt.Scalable) > 0 {
			sc = vt.Scalable[1:]
		}
		return ctx.VectorType(vt.Shape[1:], sc, vt.Elem)
	}
	var opts []vector.GatherOptions
	if a := op.InherentAttr("alignment"); a != nil {
		opts = append(opts, vector.GatherOptions{Alignment: a})
	}
	result := built(r, ub.BuildPoison(r.Builder, loc, ub.PoisonAttr(ctx), rt).Operation).Result(0)
	for i := int64(0); i < rt.Shape[0]; i++ {
		pos := ctx.DenseI64Array(i)
		idx := built(r, vector.BuildExtract(r.Builder, loc, g.IndexVec(), nil, pos, sub(g.IndexVec())).Operation).Result(0)
		mask := built(r, vector.BuildExtract(r.Builder, loc, g.Mask(), nil, pos, sub(g.Mask())).Operation).Result(0)
		pass := built(r, vector.BuildExtract(r.Builder, loc, g.PassThru(), nil, pos, sub(g.PassThru())).Operation).Result(0)
		ng := built(r, vector.BuildGather(r.Builder, loc, g.Base(), g.Indices(), idx, mask, pass, subTy, opts...).Operation).Result(0)
		result = built(r, vector.BuildInsert(r.Builder, loc, ng, result, nil, pos).Operation).Result(0)
	}
	r.ReplaceOp(op, []ir.Value{result})
	return true
}

// built notifies the greedy driver of an operation a pattern created.
func built(r *rewrite.Rewriter, op *ir.Operation) *ir.Operation {
	if r.Listener != nil {
		r.Listener.OperationInserted(op)
	}
	return op
}

// transfer is the view of a transfer the patterns share.
type transfer struct {
	base     ir.Value
	indices  []ir.Value
	mask     ir.Value
	perm     affine.Map
	inBounds []bool
	vt       *ir.VectorType
}

func asTransfer(op *ir.Operation) (*transfer, bool) {
	x := &transfer{}
	var permA, ibA ir.Attribute
	var vt ir.Type
	if rd, ok := vector.AsTransferReadOp(op); ok {
		x.base, x.indices, x.mask, vt = rd.Base(), rd.Indices(), rd.Mask(), rd.Vector().Type()
		permA, ibA = rd.PermutationMap(), rd.InBounds()
	} else if w, ok := vector.AsTransferWriteOp(op); ok {
		x.base, x.indices, x.mask, vt = w.Base(), w.Indices(), w.Mask(), w.ValueToStore().Type()
		permA, ibA = w.PermutationMap(), w.InBounds()
	} else {
		return nil, false
	}
	pm, ok1 := permA.(*ir.AffineMapAttr)
	arr, ok2 := ibA.(*ir.ArrayAttr)
	x.vt, _ = vt.(*ir.VectorType)
	if !ok1 || !ok2 || x.vt == nil || len(arr.Elems) != len(x.vt.Shape) || len(pm.Map.Results) != len(x.vt.Shape) {
		return nil, false
	}
	x.perm = pm.Map
	for _, e := range arr.Elems {
		b, ok := e.(*ir.IntegerAttr)
		x.inBounds = append(x.inBounds, ok && b.Lo != 0)
	}
	return x, true
}

func (x *transfer) outOfBounds() bool {
	for _, b := range x.inBounds {
		if !b {
			return true
		}
	}
	return false
}

// inVectorMask reports whether op is inside a vector.mask (the
// MaskableOpRewritePattern patterns decline those).
func inVectorMask(op *ir.Operation) bool {
	p := op.ParentOp()
	return p != nil && vector.MaskingOp.Has(p)
}

// dimOf is createOrFoldDimOp: the size of dimension d of a memref, a
// constant when static.
func dimOf(r *rewrite.Rewriter, loc ir.Location, base ir.Value, d int) ir.Value {
	ctx := r.Ctx
	idx := built(r, arith.BuildConstant(r.Builder, loc, ctx.IntegerAttr(ctx.IndexType(), int64(d)), ctx.IndexType()).Operation).Result(0)
	if m, ok := base.Type().(*ir.MemRefType); ok && d < len(m.Shape) && m.Shape[d] != ir.Dynamic {
		return built(r, arith.BuildConstant(r.Builder, loc, ctx.IntegerAttr(ctx.IndexType(), m.Shape[d]), ctx.IndexType()).Operation).Result(0)
	}
	return built(r, memref.BuildDim(r.Builder, loc, base, idx).Operation).Result(0)
}

// setMask sets (or adds) the mask operand of a transfer.
func setMask(op *ir.Operation, mask ir.Value) {
	seg := make([]int32, 0, 4)
	if d, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok {
		for i := 0; i < d.Size && 4*i+3 < len(d.Data); i++ {
			seg = append(seg, int32(uint32(d.Data[4*i])|uint32(d.Data[4*i+1])<<8|uint32(d.Data[4*i+2])<<16|uint32(d.Data[4*i+3])<<24))
		}
	}
	if len(seg) == 0 {
		return
	}
	ops := append([]ir.Value(nil), op.Operands()...)
	if seg[len(seg)-1] == 1 {
		ops[len(ops)-1] = mask
	} else {
		ops = append(ops, mask)
		seg[len(seg)-1] = 1
	}
	op.SetOperands(ops)
	op.SetAttr("operandSegmentSizes", op.Context().DenseI32Array(seg...))
}

// materializeMask is MaterializeTransferMask: a transfer of rank 1 that
// may go out of bounds gets the mask of the lanes before the end of the
// base's last dimension (and-ed with its own) and is marked in bounds.
func materializeMask(op *ir.Operation, r *rewrite.Rewriter) bool {
	x, ok := asTransfer(op)
	if !ok || inVectorMask(op) || !x.outOfBounds() || len(x.vt.Shape) > 1 || len(x.indices) == 0 {
		return false
	}
	if _, ok := x.base.Type().(*ir.MemRefType); !ok {
		return false
	}
	ctx, loc := r.Ctx, op.Loc()
	last := len(x.indices) - 1
	dim := dimOf(r, loc, x.base, last)
	b := built(r, arith.BuildSubi(r.Builder, loc, dim, x.indices[last]).Operation).Result(0)
	mt := ctx.VectorType(x.vt.Shape, x.vt.Scalable, ctx.I(1))
	mask := built(r, vector.BuildCreateMask(r.Builder, loc, []ir.Value{b}, mt).Operation).Result(0)
	if x.mask != nil {
		mask = built(r, arith.BuildAndi(r.Builder, loc, mask, x.mask).Operation).Result(0)
	}
	r.ModifyInPlace(op, func() {
		setMask(op, mask)
		op.SetAttr("in_bounds", ctx.ArrayAttr([]ir.Attribute{ctx.Bool(true)}))
	})
	return true
}

// unitLastStride is isLastMemrefDimUnitStride.
func unitLastStride(m *ir.MemRefType) bool {
	strides, _, ok := llvmcommon.StridesAndOffset(m)
	return ok && (len(strides) == 0 || strides[len(strides)-1] == 1)
}

// minorIdentityWithBroadcasting is AffineMap::isMinorIdentityWithBroadcasting,
// with the broadcast results.
func minorIdentityWithBroadcasting(m affine.Map) ([]int, bool) {
	if m.NumDims < len(m.Results) {
		return nil, false
	}
	start := m.NumDims - len(m.Results)
	var bc []int
	for i, e := range m.Results {
		switch {
		case e.IsConstantValue(0):
			bc = append(bc, i)
		case e.IsDim() && e.Position() == start+i:
		default:
			return nil, false
		}
	}
	return bc, true
}

// loadable checks what the load and store lowerings require: rank 1, a
// memref of the vector's element type with a unit last stride, no
// out-of-bounds dimension.
func loadable(op *ir.Operation, x *transfer) (*ir.MemRefType, bool) {
	if inVectorMask(op) || len(x.vt.Shape) != 1 || x.outOfBounds() {
		return nil, false
	}
	for _, s := range x.vt.Scalable {
		if s {
			return nil, false
		}
	}
	m, ok := x.base.Type().(*ir.MemRefType)
	if !ok || !unitLastStride(m) || m.Elem != x.vt.Elem {
		return nil, false
	}
	return m, true
}

// readToLoad is TransferReadToVectorLoadLowering for rank 1.
func readToLoad(op *ir.Operation, r *rewrite.Rewriter) bool {
	x, ok := asTransfer(op)
	if !ok {
		return false
	}
	bc, ok := minorIdentityWithBroadcasting(x.perm)
	if !ok {
		return false
	}
	if _, ok := loadable(op, x); !ok {
		return false
	}
	rd, _ := vector.AsTransferReadOp(op)
	ctx, loc := r.Ctx, op.Loc()
	shape := append([]int64(nil), x.vt.Shape...)
	for _, i := range bc {
		shape[i] = 1
	}
	ut := ctx.VectorType(shape, x.vt.Scalable, x.vt.Elem)
	var res ir.Value
	if x.mask != nil {
		fill := built(r, vector.BuildBroadcast(r.Builder, loc, rd.Padding(), ut).Operation).Result(0)
		res = built(r, vector.BuildMaskedload(r.Builder, loc, x.base, x.indices, x.mask, fill, ut).Operation).Result(0)
	} else {
		res = built(r, vector.BuildLoad(r.Builder, loc, x.base, x.indices, ut).Operation).Result(0)
	}
	if len(bc) > 0 {
		res = built(r, vector.BuildBroadcast(r.Builder, loc, res, x.vt).Operation).Result(0)
	}
	r.ReplaceOp(op, []ir.Value{res})
	return true
}

// writeToStore is TransferWriteToVectorStoreLowering for rank 1.
func writeToStore(op *ir.Operation, r *rewrite.Rewriter) bool {
	x, ok := asTransfer(op)
	if !ok || !x.perm.IsMinorIdentity() {
		return false
	}
	if _, ok := loadable(op, x); !ok {
		return false
	}
	w, _ := vector.AsTransferWriteOp(op)
	loc := op.Loc()
	if x.mask != nil {
		built(r, vector.BuildMaskedstore(r.Builder, loc, x.base, x.indices, x.mask, w.ValueToStore()).Operation)
	} else {
		built(r, vector.BuildStore(r.Builder, loc, w.ValueToStore(), x.base, x.indices).Operation)
	}
	r.EraseOp(op)
	return true
}

// createMask is VectorCreateMaskOpConversion with 32-bit indices: lanes
// [0, n) compared with the bound.
func createMask(op *ir.Operation, r *rewrite.Rewriter) bool {
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || len(vt.Shape) > 1 || op.NumOperands() != len(vt.Shape) {
		return false
	}
	for _, s := range vt.Scalable {
		if s {
			return false
		}
	}
	ctx, loc := r.Ctx, op.Loc()
	n := int64(0)
	if len(vt.Shape) == 1 {
		n = vt.Shape[0]
	}
	i32 := ctx.I(32)
	it := ctx.VectorType([]int64{n}, nil, i32)
	data := make([]byte, 4*n)
	for i := int64(0); i < n; i++ {
		data[4*i] = byte(i)
		data[4*i+1] = byte(i >> 8)
		data[4*i+2] = byte(i >> 16)
		data[4*i+3] = byte(i >> 24)
	}
	splat := n == 1
	if splat {
		data = data[:4]
	}
	indices := built(r, arith.BuildConstant(r.Builder, loc, ctx.DenseElementsAttr(it, splat, data), it).Operation).Result(0)
	var bound ir.Value
	if len(vt.Shape) == 1 {
		bound = op.Operand(0)
	} else {
		return false
	}
	if _, isIndex := bound.Type().(*ir.IndexType); isIndex {
		bound = built(r, arith.BuildIndexCast(r.Builder, loc, bound, i32).Operation).Result(0)
	}
	bounds := built(r, vector.BuildBroadcast(r.Builder, loc, bound, it).Operation).Result(0)
	cmp := built(r, arith.BuildCmpi(r.Builder, loc, indices, bounds, arith.CmpIPredicateSlt).Operation).Result(0)
	r.ReplaceOp(op, []ir.Value{cmp})
	return true
}

// maskedLoadStore lowers vector.maskedload and vector.maskedstore of rank
// 1 on a memref of static strides to llvm.intr.masked.load/store at the
// element's address, aligned as the memref's element.
func (l *lowering) maskedLoadStore(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	ctx := r.Builder.Ctx
	load := op.Name() == vector.MaskedloadOpName
	m, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok || llvmcommon.DescriptorRank(operands[0].Type()) < 0 {
		return false
	}
	nIdx := len(m.Shape)
	if len(operands) != nIdx+3 {
		return false
	}
	align := abiAlignment(m.Elem)
	if a, ok := op.InherentAttr("alignment").(*ir.IntegerAttr); ok && a.Int64() != 0 {
		align = a.Int64()
	}
	if align == 0 || align > math.MaxInt32 {
		return false
	}
	loc := op.Loc()
	ptr, ok := l.elementPtr(r, loc, m, operands[0], operands[1:1+nIdx])
	if !ok {
		return false
	}
	props := []ir.NamedAttr{{Name: "alignment", Value: ctx.IntegerAttr(ctx.I(32), align)}}
	mask := operands[1+nIdx]
	if load {
		rt := l.tc.Convert(op.Result(0).Type())
		v := llvmcommon.Create(r, "llvm.intr.masked.load", loc, []ir.Value{ptr, mask, operands[2+nIdx]}, []ir.Type{rt}, props).Result(0)
		r.ReplaceOp(op, []ir.Value{v})
		return true
	}
	llvmcommon.Create(r, "llvm.intr.masked.store", loc, []ir.Value{operands[2+nIdx], ptr, mask}, nil, props)
	r.ReplaceOp(op, nil)
	return true
}

// maskedLowerable is what maskedLoadStore lowers.
func maskedLowerable(op *ir.Operation) bool {
	vi := 3
	if op.Name() == vector.MaskedloadOpName {
		vi = -1
	}
	var vt ir.Type
	if vi < 0 {
		vt = op.Result(0).Type()
	} else if op.NumOperands() > 0 {
		vt = op.Operand(op.NumOperands() - 1).Type()
	}
	m, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok || !rank1(vt) || abiAlignment(m.Elem) == 0 {
		return false
	}
	strides, offset, ok := llvmcommon.StridesAndOffset(m)
	if !ok || offset != 0 {
		return false
	}
	for _, s := range strides {
		if s == ir.Dynamic {
			return false
		}
	}
	return true
}

// typeCast is VectorTypeCastOpConversion: a memref of static shape with
// contiguous strides becomes the descriptor of the cast type over the
// same pointers, with offset 0 and the static sizes and contiguous
// strides.
func (l *lowering) typeCast(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	dst, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 || llvmcommon.DescriptorRank(operands[0].Type()) < 0 {
		return false
	}
	dt, ok := l.tc.Convert(dst).(*llvm.StructType)
	if !ok {
		return false
	}
	if _, ok := contiguousStrides(src); !ok {
		return false
	}
	strides, ok := contiguousStrides(dst)
	if !ok {
		return false
	}
	ctx, loc := r.Builder.Ctx, op.Loc()
	ptrT := ir.Type(llvm.Ptr(ctx, 0))
	if st, ok := operands[0].Type().(*llvm.StructType); ok && len(st.Fields) > 0 {
		ptrT = st.Fields[0]
	}
	desc := llvmcommon.Poison(r, loc, dt)
	desc = llvmcommon.Insert(r, loc, desc, llvmcommon.Extract(r, loc, operands[0], ptrT, 0), 0)
	desc = llvmcommon.Insert(r, loc, desc, llvmcommon.Extract(r, loc, operands[0], ptrT, 1), 1)
	desc = llvmcommon.Insert(r, loc, desc, llvmcommon.Const(r, loc, 0), 2)
	for i, s := range dst.Shape {
		desc = llvmcommon.Insert(r, loc, desc, llvmcommon.Const(r, loc, s), 3, int64(i))
		desc = llvmcommon.Insert(r, loc, desc, llvmcommon.Const(r, loc, strides[i]), 4, int64(i))
	}
	r.ReplaceOp(op, []ir.Value{desc})
	return true
}

// contiguousStrides is computeContiguousStrides: the row-major strides of
// a memref of static shape whose layout is the identity or those strides.
func contiguousStrides(m *ir.MemRefType) ([]int64, bool) {
	for _, s := range m.Shape {
		if s == ir.Dynamic {
			return nil, false
		}
	}
	strides, _, ok := llvmcommon.StridesAndOffset(m)
	if !ok {
		return nil, false
	}
	want := int64(1)
	for i := len(m.Shape) - 1; i >= 0; i-- {
		if strides[i] != want && m.Shape[i] != 1 {
			return nil, false
		}
		want *= m.Shape[i]
	}
	return strides, true
}

// typeCastLowerable is what typeCast lowers: static shapes, contiguous.
func typeCastLowerable(op *ir.Operation) bool {
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	dst, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return false
	}
	_, ok1 = contiguousStrides(src)
	_, ok2 = contiguousStrides(dst)
	return ok1 && ok2
}

// stretchBroadcast is the case of upstream's BroadcastOpLowering that
// stretches a vector<1xT> to a longer 1-D vector: the element is
// extracted and broadcast.
func stretchBroadcast(op *ir.Operation, r *rewrite.Rewriter) bool {
	src, ok1 := op.Operand(0).Type().(*ir.VectorType)
	dst, ok2 := op.Result(0).Type().(*ir.VectorType)
	if !ok1 || !ok2 || len(src.Shape) != 1 || len(dst.Shape) != 1 || src.Shape[0] != 1 || dst.Shape[0] == 1 {
		return false
	}
	if len(src.Scalable) > 0 && src.Scalable[0] {
		return false
	}
	loc := op.Loc()
	e := built(r, vector.BuildExtract(r.Builder, loc, op.Operand(0), nil, r.Ctx.DenseI64Array(0), src.Elem).Operation).Result(0)
	b := built(r, vector.BuildBroadcast(r.Builder, loc, e, dst).Operation).Result(0)
	r.ReplaceOp(op, []ir.Value{b})
	return true
}

// transposeEltWise is upstream's TransposeOpLowering with the element-wise
// strategy (the pass's default): starting from ub.poison, each element
// (or trailing vector, for the trailing dimensions the permutation keeps
// in place) of the source is extracted and inserted at its transposed
// position.
func transposeEltWise(op *ir.Operation, r *rewrite.Rewriter) bool {
	src, ok1 := op.Operand(0).Type().(*ir.VectorType)
	res, ok2 := op.Result(0).Type().(*ir.VectorType)
	if !ok1 || !ok2 {
		return false
	}
	for _, s := range src.Scalable {
		if s {
			return false
		}
	}
	d, ok := op.Attr("permutation").(*ir.DenseArrayAttr)
	if !ok || d.Size != len(src.Shape) || len(d.Data) < 8*d.Size {
		return false
	}
	perm := make([]int64, d.Size)
	for i := range perm {
		for b := 0; b < 8; b++ {
			perm[i] |= int64(d.Data[8*i+b]) << (8 * b)
		}
	}
	n := len(perm)
	for n > 0 && perm[n-1] == int64(n-1) {
		n--
	}
	pruned := perm[:n]
	shape := src.Shape[:n]
	strides := make([]int64, n)
	total := int64(1)
	for i := n - 1; i >= 0; i-- {
		strides[i] = total
		total *= shape[i]
	}
	ctx, loc := r.Ctx, op.Loc()
	result := built(r, ub.BuildPoison(r.Builder, loc, ub.PoisonAttr(ctx), res).Operation).Result(0)
	var extT ir.Type = src.Elem
	if n < len(src.Shape) {
		extT = ctx.VectorType(src.Shape[n:], nil, src.Elem)
	}
	for lin := int64(0); lin < total; lin++ {
		ext := make([]int64, n)
		rem := lin
		for i := range ext {
			ext[i] = rem / strides[i]
			rem %= strides[i]
		}
		ins := make([]int64, n)
		for i, p := range pruned {
			if p < 0 || int(p) >= n {
				return false
			}
			ins[i] = ext[p]
		}
		e := built(r, vector.BuildExtract(r.Builder, loc, op.Operand(0), nil, ctx.DenseI64Array(ext...), extT).Operation).Result(0)
		result = built(r, vector.BuildInsert(r.Builder, loc, e, result, nil, ctx.DenseI64Array(ins...)).Operation).Result(0)
	}
	r.ReplaceOp(op, []ir.Value{result})
	return true
}

// gatherScatter lowers vector.gather and vector.scatter of rank 1 on a
// memref whose innermost stride is 1 (VectorGatherOpConversion and
// VectorScatterOpConversion): the address of the element at the indices,
// offset by the index vector into a vector of pointers, feeds
// llvm.intr.masked.gather or llvm.intr.masked.scatter, aligned as the
// op's alignment or else as the memref's element.
func (l *lowering) gatherScatter(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	ctx := r.Builder.Ctx
	if !gatherScatterLowerable(op) || llvmcommon.DescriptorRank(operands[0].Type()) < 0 {
		return false
	}
	m := op.Operand(0).Type().(*ir.MemRefType)
	nIdx := len(m.Shape)
	if len(operands) != nIdx+4 {
		return false
	}
	vt := op.Operand(nIdx + 3).Type().(*ir.VectorType)
	align := abiAlignment(m.Elem)
	if a, ok := op.InherentAttr("alignment").(*ir.IntegerAttr); ok && a.Int64() != 0 {
		align = a.Int64()
	}
	if align == 0 || align > math.MaxInt32 {
		return false
	}
	as, ok := llvmcommon.AddressSpace(m.MemorySpace)
	if !ok {
		return false
	}
	loc := op.Loc()
	ptr, ok := l.elementPtr(r, loc, m, operands[0], operands[1:1+nIdx])
	if !ok {
		return false
	}
	ptrs := llvmcommon.Create(r, "llvm.getelementptr", loc, []ir.Value{ptr, operands[1+nIdx]},
		[]ir.Type{ctx.VectorType(vt.Shape, vt.Scalable, llvm.Ptr(ctx, as))}, []ir.NamedAttr{
			{Name: "elem_type", Value: ctx.TypeAttr(l.tc.Convert(m.Elem))},
			{Name: "noWrapFlags", Value: ctx.IntegerAttr(ctx.I(32), 0)},
			{Name: "rawConstantIndices", Value: ctx.DenseI32Array(math.MinInt32)},
		}).Result(0)
	props := []ir.NamedAttr{{Name: "alignment", Value: ctx.IntegerAttr(ctx.I(32), align)}}
	mask := operands[2+nIdx]
	if op.Name() == vector.GatherOpName {
		v := llvmcommon.Create(r, "llvm.intr.masked.gather", loc, []ir.Value{ptrs, mask, operands[3+nIdx]}, []ir.Type{l.tc.Convert(vt)}, props).Result(0)
		r.ReplaceOp(op, []ir.Value{v})
		return true
	}
	llvmcommon.Create(r, "llvm.intr.masked.scatter", loc, []ir.Value{operands[3+nIdx], ptrs, mask}, nil, props)
	r.ReplaceOp(op, nil)
	return true
}

// gatherScatterLowerable is what gatherScatter lowers: a gather or a
// scatter without a result, of a 1-D vector, on a memref with a strided
// layout whose innermost stride is 1 in an address space LLVM has
// (upstream's isMemRefTypeSupported).
func gatherScatterLowerable(op *ir.Operation) bool {
	if op.NumResults() != 0 && op.Name() == vector.ScatterOpName {
		return false
	}
	m, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok || op.NumOperands() != len(m.Shape)+4 || !rank1(op.Operand(op.NumOperands()-1).Type()) || abiAlignment(m.Elem) == 0 {
		return false
	}
	if _, ok := llvmcommon.AddressSpace(m.MemorySpace); !ok {
		return false
	}
	strides, _, ok := llvmcommon.StridesAndOffset(m)
	return ok && (len(strides) == 0 || strides[len(strides)-1] == 1)
}
