package nvgputonvvm

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/nvgpu"
)

// extensionLowerings lower the Strata extensions of nvgpu
// (docs/dialects/nvgpu.md).
var extensionLowerings = []lowering{
	{"nvgpu.setmaxnreg", lowerSetmaxnreg},
	{"nvgpu.fence.proxy.async", lowerFenceProxyAsync},
	{"nvgpu.elect.sync", lowerElectSync},
	{"nvgpu.warpgroup.id", lowerWarpgroupID},
}

// lowerSetmaxnreg is nvvm.setmaxregister with the same action and count.
func lowerSetmaxnreg(b *builder, o *ir.Operation, _ []ir.Value) bool {
	op, ok := nvgpu.AsSetmaxnregOp(o)
	if !ok {
		return false
	}
	ctx := b.ctx()
	action, ok := nvgpu.EnumValue(op.Action(), "reg_action")
	if !ok {
		return false
	}
	b.create("nvvm.setmaxregister", nil, nil,
		prop("regCount", ctx.IntegerAttr(ctx.I(32), int64(op.RegCount()))),
		prop("action", attr(ctx, "#nvvm<action "+action+">")))
	b.r.ReplaceOp(o, nil)
	return true
}

// lowerFenceProxyAsync is the proxy fence of shared memory at CTA scope.
func lowerFenceProxyAsync(b *builder, o *ir.Operation, _ []ir.Value) bool {
	ctx := b.ctx()
	b.create("nvvm.fence.proxy", nil, nil,
		prop("kind", attr(ctx, "#nvvm.proxy_kind<async.shared>")),
		prop("space", attr(ctx, "#nvvm.shared_space<cta>")))
	b.r.ReplaceOp(o, nil)
	return true
}

// lowerElectSync is nvvm.elect.sync over the full warp.
func lowerElectSync(b *builder, o *ir.Operation, _ []ir.Value) bool {
	b.r.ReplaceOp(o, []ir.Value{b.value("nvvm.elect.sync", nil, b.ctx().I(1))})
	return true
}

// lowerWarpgroupID is the thread id x divided by the 128 threads of a
// warpgroup, widened to the index width.
func lowerWarpgroupID(b *builder, o *ir.Operation, _ []ir.Value) bool {
	ctx := b.ctx()
	tid := b.value("nvvm.read.ptx.sreg.tid.x", nil, ctx.I(32))
	wg := b.binary("llvm.udiv", tid, b.i32(128))
	b.r.ReplaceOp(o, []ir.Value{b.value("llvm.zext", []ir.Value{wg}, b.tc.Convert(ctx.IndexType()))})
	return true
}
