package nvgputonvvm

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvgpu"
)

var asyncLowerings = []lowering{
	{"nvgpu.device_async_copy", lowerAsyncCopy},
	{"nvgpu.device_async_create_group", lowerAsyncCreateGroup},
	{"nvgpu.device_async_wait", lowerAsyncWait},
}

// addressSpace returns the NVVM address space of a memref type.
func addressSpace(ctx *ir.Context, t ir.Type) (int64, bool) {
	m, ok := t.(*ir.MemRefType)
	if !ok {
		return 0, false
	}
	m = normalizeMemRef(ctx, m)
	switch a := m.MemorySpace.(type) {
	case nil:
		return 0, true
	case *ir.IntegerAttr:
		return a.Int64(), true
	}
	return 0, false
}

func lowerAsyncCopy(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsDeviceAsyncCopyOp(o)
	if !ok {
		return false
	}
	ctx := b.ctx()
	dstT, _ := op.Dst().Type().(*ir.MemRefType)
	srcT, _ := op.Src().Type().(*ir.MemRefType)
	if dstT == nil || srcT == nil {
		return false
	}
	if _, ok := addressSpace(ctx, dstT); !ok {
		return false
	}
	if _, ok := addressSpace(ctx, srcT); !ok {
		return false
	}
	nDst := len(op.DstIndices())
	nSrc := len(op.SrcIndices())
	dst := operands[0]
	dstIdx := operands[1 : 1+nDst]
	src := operands[1+nDst]
	srcIdx := operands[2+nDst : 2+nDst+nSrc]
	var srcElements ir.Value
	if len(operands) > 2+nDst+nSrc {
		srcElements = operands[2+nDst+nSrc]
	}
	dstPtr := b.elementPtr(dstT, dst, dstIdx)
	srcPtr := b.elementPtr(srcT, src, srcIdx)
	srcPtr = b.value("llvm.addrspacecast", []ir.Value{srcPtr}, llvm.Ptr(ctx, 1))
	dstElements, _ := op.DstElementsAttr().(*ir.IntegerAttr)
	if dstElements == nil {
		return false
	}
	size := int64(ir.IntOrFloatBitWidth(dstT.Elem)) * dstElements.Int64() / 8
	var cpSize []ir.Value
	if srcElements != nil {
		c3 := b.i32(3)
		width := b.i32(int64(ir.IntOrFloatBitWidth(srcT.Elem)))
		n := b.value("llvm.trunc", []ir.Value{srcElements}, ctx.I(32))
		cpSize = []ir.Value{b.binary("llvm.lshr", b.binary("llvm.mul", width, n), c3)}
	}
	cache := "ca"
	if op.BypassL1() && size == 16 {
		cache = "cg"
	}
	b.create("nvvm.cp.async.shared.global", append([]ir.Value{dstPtr, srcPtr}, cpSize...), nil,
		prop("size", ctx.IntegerAttr(ctx.I(32), size)),
		prop("modifier", attr(ctx, "#nvvm<load_cache_modifier "+cache+">")))
	b.r.ReplaceOp(o, []ir.Value{b.i32(0)})
	return true
}

func lowerAsyncCreateGroup(b *builder, o *ir.Operation, _ []ir.Value) bool {
	b.create("nvvm.cp.async.commit.group", nil, nil)
	b.r.ReplaceOp(o, []ir.Value{b.i32(0)})
	return true
}

func lowerAsyncWait(b *builder, o *ir.Operation, _ []ir.Value) bool {
	op, ok := nvgpu.AsDeviceAsyncWaitOp(o)
	if !ok {
		return false
	}
	ctx := b.ctx()
	n := int64(0)
	if a, ok := op.NumGroupsAttr().(*ir.IntegerAttr); ok {
		n = a.Int64()
	}
	b.create("nvvm.cp.async.wait.group", nil, nil, prop("n", ctx.IntegerAttr(ctx.I(32), n)))
	b.r.ReplaceOp(o, nil)
	return true
}
