package nvgputonvvm

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvgpu"
)

// extensionLowerings lower the Strata extensions of nvgpu
// (docs/dialects/nvgpu.md).
var extensionLowerings = []lowering{
	{"nvgpu.setmaxnreg", lowerSetmaxnreg},
	{"nvgpu.fence.proxy.async", lowerFenceProxyAsync},
	{"nvgpu.elect.sync", lowerElectSync},
	{"nvgpu.warpgroup.id", lowerWarpgroupID},
	{"nvgpu.warpgroup.mma.registers", lowerWarpgroupMmaRegisters},
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

// lowerWarpgroupMmaRegisters waits for the warpgroup's wgmma groups
// (wgmma.wait_group 0) and moves the fields of the accumulator's structs
// (one struct per 64 rows) into the registers' vector, in order.
func lowerWarpgroupMmaRegisters(b *builder, o *ir.Operation, operands []ir.Value) bool {
	ctx := b.ctx()
	st, ok := operands[0].Type().(*llvm.StructType)
	if !ok {
		return false
	}
	var elems []ir.Value
	for i, f := range st.Fields {
		inner, ok := f.(*llvm.StructType)
		if !ok {
			return false
		}
		part := b.extract(operands[0], int64(i))
		for j := range inner.Fields {
			elems = append(elems, b.extract(part, int64(j)))
		}
	}
	rt := b.tc.Convert(o.Result(0).Type())
	b.create("nvvm.wgmma.wait.group.sync.aligned", nil, nil, prop("group", ctx.IntegerAttr(ctx.I(64), 0)))
	next := 0
	var fill func(t ir.Type) (ir.Value, bool)
	fill = func(t ir.Type) (ir.Value, bool) {
		switch t := t.(type) {
		case *llvm.ArrayType:
			out := b.poison(t)
			for i := uint64(0); i < t.Len; i++ {
				x, ok := fill(t.Elem)
				if !ok {
					return nil, false
				}
				out = b.insert(out, x, int64(i))
			}
			return out, true
		case *ir.VectorType:
			if len(t.Shape) != 1 {
				return nil, false
			}
			out := b.poison(t)
			for i := int64(0); i < t.Shape[0]; i++ {
				if next >= len(elems) {
					return nil, false
				}
				out = b.value("llvm.insertelement", []ir.Value{out, elems[next], b.i32(i)}, t)
				next++
			}
			return out, true
		}
		return nil, false
	}
	v, ok := fill(rt)
	if !ok || next != len(elems) {
		return false
	}
	b.r.ReplaceOp(o, []ir.Value{v})
	return true
}
