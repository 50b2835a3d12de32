package nvgputonvvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvgpu"
)

var tmaLowerings = []lowering{
	{"nvgpu.tma.async.load", lowerTmaLoad},
	{"nvgpu.tma.async.store", lowerTmaStore},
	{"nvgpu.tma.create.descriptor", lowerTmaCreateDescriptor},
	{"nvgpu.tma.prefetch.descriptor", lowerTmaPrefetch},
	{"nvgpu.tma.fence.descriptor", lowerTmaFence},
}

func boolInt(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// lowerTmaLoad is cp.async.bulk.tensor from the tensor map into the
// destination's shared::cluster address (address space 7), completing on
// the barrier, in tile mode.
func lowerTmaLoad(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsTmaAsyncLoadOp(o)
	if !ok {
		return false
	}
	ctx := b.ctx()
	n := len(op.Coordinates())
	dst, barriers, desc := operands[0], operands[1], operands[2]
	coords := operands[3 : 3+n]
	id := operands[3+n]
	rest := operands[4+n:]
	var mask, pred ir.Value
	if op.MulticastMask() != nil {
		mask, rest = rest[0], rest[1:]
	}
	if op.Predicate() != nil {
		pred = rest[0]
	}
	dest := b.elementPtr(op.Dst().Type(), dst, nil)
	dest = b.value("llvm.addrspacecast", []ir.Value{dest}, llvm.Ptr(ctx, 7))
	bar := b.barrierPtr(op.Barriers().Type(), barriers, id)
	args := []ir.Value{dest, desc}
	for _, c := range coords {
		args = append(args, b.truncToI32(c))
	}
	args = append(args, bar)
	if mask != nil {
		args = append(args, mask)
	}
	if pred != nil {
		args = append(args, pred)
	}
	b.create("nvvm.cp.async.bulk.tensor.shared.cluster.global", args, nil,
		prop("mode", attr(ctx, "#nvvm.tma_load_mode<tile>")),
		prop("isCTAOnly", ctx.Bool(false)),
		prop("operandSegmentSizes", ctx.DenseI32Array(1, 1, int32(n), 1, 0, boolInt(mask != nil), 0, boolInt(pred != nil))))
	b.r.ReplaceOp(o, nil)
	return true
}

// lowerTmaStore is cp.async.bulk.tensor from the source's shared memory
// into the tensor map, in tile mode.
func lowerTmaStore(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsTmaAsyncStoreOp(o)
	if !ok {
		return false
	}
	ctx := b.ctx()
	n := len(op.Coordinates())
	src, desc := operands[0], operands[1]
	coords := operands[2 : 2+n]
	var pred ir.Value
	if op.Predicate() != nil {
		pred = operands[2+n]
	}
	p := b.elementPtr(op.Src().Type(), src, nil)
	args := []ir.Value{desc, p}
	for _, c := range coords {
		args = append(args, b.truncToI32(c))
	}
	if pred != nil {
		args = append(args, pred)
	}
	b.create("nvvm.cp.async.bulk.tensor.global.shared.cta", args, nil,
		prop("mode", attr(ctx, "#nvvm.tma_store_mode<tile>")),
		prop("operandSegmentSizes", ctx.DenseI32Array(1, 1, int32(n), 0, boolInt(pred != nil))))
	b.r.ReplaceOp(o, nil)
	return true
}

// tensorMapDataType is the CUtensorMapDataType of an element type.
func tensorMapDataType(t ir.Type) (int64, bool) {
	if it, ok := t.(*ir.IntegerType); ok {
		switch {
		case it.Signedness == ir.Unsigned && it.Width == 8:
			return 0, true
		case it.Signedness == ir.Unsigned && it.Width == 16:
			return 1, true
		case it.Signedness == ir.Unsigned && it.Width == 32:
			return 2, true
		case it.Signedness == ir.Unsigned && it.Width == 64:
			return 4, true
		case it.Signedness == ir.Signless && it.Width == 32:
			return 3, true
		case it.Signedness == ir.Signless && it.Width == 64:
			return 5, true
		}
		return 0, false
	}
	switch {
	case isFloat(t, ir.F16):
		return 6, true
	case isFloat(t, ir.F32):
		return 7, true
	case isFloat(t, ir.F64):
		return 8, true
	case isFloat(t, ir.BF16):
		return 9, true
	}
	return 0, false
}

// tensorMapEncodeFunc is the runtime function that encodes a tensor map.
const tensorMapEncodeFunc = "mgpuTensorMapEncodeTiledMemref"

// lowerTmaCreateDescriptor calls the runtime's
// mgpuTensorMapEncodeTiledMemref(rank, descriptor, data type, interleave,
// swizzle, l2promo, oob, box dimensions) with the box dimensions in a
// stack array of five i64.
func lowerTmaCreateDescriptor(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsTmaCreateDescriptorOp(o)
	if !ok {
		return false
	}
	ctx := b.ctx()
	um, ok := op.Tensor().Type().(*ir.UnrankedMemRefType)
	if !ok {
		return false
	}
	dt, ok := tensorMapDataType(um.Elem)
	if !ok {
		return false
	}
	tm, ok := nvgpu.AsTensormapDescriptorType(op.TensorMap().Type())
	if !ok {
		return false
	}
	ptr := llvm.Ptr(ctx, 0)
	i64 := ctx.I(64)
	elemType := b.i64FromI32Attr(dt)
	rank := b.extract(operands[0], 0)
	memrefPtr := b.extract(operands[0], 1)
	box := b.value("llvm.alloca", []ir.Value{b.i64FromI32Attr(5)}, ptr, prop("elem_type", ctx.TypeAttr(i64)))
	for i, v := range operands[1:] {
		g := b.value("llvm.getelementptr", []ir.Value{box, b.i64FromI32Attr(int64(i))}, ptr,
			prop("rawConstantIndices", ctx.DenseI32Array(-1<<31)),
			prop("elem_type", ctx.TypeAttr(ptr)),
			prop("noWrapFlags", ctx.IntegerAttr(ctx.I(32), 0)))
		b.create("llvm.store", []ir.Value{v, g}, nil, prop("ordering", ctx.IntegerAttr(ctx.I(64), 0)))
	}
	args := []ir.Value{rank, memrefPtr, elemType,
		b.i64FromI32Attr(int64(tm.Interleave())), b.i64FromI32Attr(int64(tm.Swizzle())),
		b.i64FromI32Attr(int64(tm.L2promo())), b.i64FromI32Attr(int64(tm.Oob())), box}
	argTypes := []ir.Type{i64, ptr, i64, i64, i64, i64, i64, ptr}
	b.declareAtEnd(o, tensorMapEncodeFunc, llvm.Func(ctx, ptr, argTypes, false))
	call := b.value("llvm.call", args, ptr,
		prop("callee", ctx.SymbolRefAttr(tensorMapEncodeFunc, nil)),
		prop("operandSegmentSizes", ctx.DenseI32Array(int32(len(args)), 0)),
		prop("op_bundle_sizes", ctx.DenseI32Array()))
	b.r.ReplaceOp(o, []ir.Value{call})
	return true
}

// declareAtEnd declares the function name at the end of the symbol table
// around op when it has no such symbol, as upstream's FunctionCallBuilder.
func (b *builder) declareAtEnd(op *ir.Operation, name string, ft *llvm.FuncType) {
	module := op.ParentOp()
	for module != nil && !module.HasTrait(ir.SymbolTableTrait) {
		module = module.ParentOp()
	}
	if module == nil {
		return
	}
	body := module.Region(0).First()
	for x := body.First(); x != nil; x = x.Next() {
		if s, ok := x.InherentAttr("sym_name").(*ir.StringAttr); ok && s.Value == name {
			return
		}
	}
	llvmcommon.DeclareFunc(b.r, op, name, ft)
	if f := body.First(); f != nil {
		if s, ok := f.InherentAttr("sym_name").(*ir.StringAttr); ok && s.Value == name {
			f.Remove()
			body.Append(f)
		}
	}
}

// lowerTmaPrefetch is nvvm.prefetch of the tensor map.
func lowerTmaPrefetch(b *builder, o *ir.Operation, operands []ir.Value) bool {
	b.create("nvvm.prefetch", operands, nil, prop("tensormap", b.ctx().Unit()))
	b.r.ReplaceOp(o, nil)
	return true
}

// lowerTmaFence is the acquire fence of the tensormap proxy on the 128
// bytes of the tensor map, at system scope.
func lowerTmaFence(b *builder, o *ir.Operation, operands []ir.Value) bool {
	ctx := b.ctx()
	size := b.i32(128)
	b.create("nvvm.fence.proxy.acquire", []ir.Value{operands[0], size}, nil,
		prop("scope", attr(ctx, "#nvvm.mem_scope<sys>")),
		prop("fromProxy", attr(ctx, "#nvvm.proxy_kind<generic>")),
		prop("toProxy", attr(ctx, "#nvvm.proxy_kind<tensormap>")))
	b.r.ReplaceOp(o, nil)
	return true
}
