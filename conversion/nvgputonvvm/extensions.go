package nvgputonvvm

import (
	"fmt"

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
	{"nvgpu.warpgroup.mma.rs", lowerWarpgroupMmaRs},
	{"nvgpu.warpgroup.mma.ss", lowerWarpgroupMmaSs},
	{"nvgpu.mbarrier.arrive.cluster", lowerMbarrierArriveCluster},
}

// lowerMbarrierArriveCluster maps the barrier's shared address to the
// block of the given rank of the cluster (nvvm.mapa, a shared::cluster
// address) and arrives there with PTX's default semantics, a release at
// CTA scope (mbarrier.arrive.shared::cluster.b64, as CUTLASS's
// ClusterBarrier::arrive): what such an arrival orders in a pipeline is
// the completion of reads of a stage (wgmma's, retired by
// wgmma.wait_group) before another block's TMA copy into it, which is
// issued only once that block observed the phase. A release at cluster
// scope would make the arriving thread wait until its earlier memory
// operations are visible to the whole cluster (a fence before every
// arrival), which the sm_90a GEMM's relay paid once per k step.
func lowerMbarrierArriveCluster(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsMbarrierArriveClusterOp(o)
	if !ok {
		return false
	}
	ctx := b.ctx()
	p := b.barrierPtr(op.Barriers().Type(), operands[0], operands[1])
	remote := b.value("nvvm.mapa", []ir.Value{p, b.truncToI32(operands[2])}, llvm.Ptr(ctx, 7))
	if op.Predicate() != nil {
		// A predicated arrival: arrive.expect_tx of no bytes, the arrival
		// that takes a predicate.
		b.create("nvvm.mbarrier.arrive.expect_tx", []ir.Value{remote, b.i32(0), operands[3]}, nil)
		b.r.ReplaceOp(o, nil)
		return true
	}
	b.create("nvvm.mbarrier.arrive", []ir.Value{remote}, nil, prop("relaxed", ctx.Bool(false)))
	b.r.ReplaceOp(o, nil)
	return true
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
	b.create("nvvm.wgmma.wait.group.sync.aligned", nil, nil, prop("group", ctx.IntegerAttr(ctx.I(64), 0)))
	v, ok := b.fill(b.tc.Convert(o.Result(0).Type()), elems)
	if !ok {
		return false
	}
	b.r.ReplaceOp(o, []ir.Value{v})
	return true
}

// fill builds a value of t, an llvm array of arrays ... of 1-D vectors
// (a converted n-D vector), from elems in row-major order, which it must
// use up.
func (b *builder) fill(t ir.Type, elems []ir.Value) (ir.Value, bool) {
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
	v, ok := fill(t)
	return v, ok && next == len(elems)
}

// leaves returns the 1-D vectors of v, a converted n-D vector (an llvm
// array of arrays ... of 1-D vectors), in row-major order.
func (b *builder) leaves(v ir.Value) ([]ir.Value, bool) {
	switch t := v.Type().(type) {
	case *ir.VectorType:
		return []ir.Value{v}, len(t.Shape) == 1
	case *llvm.ArrayType:
		var out []ir.Value
		for i := uint64(0); i < t.Len; i++ {
			x, ok := b.leaves(b.extract(v, int64(i)))
			if !ok {
				return nil, false
			}
			out = append(out, x...)
		}
		return out, true
	}
	return nil, false
}

// lowerWarpgroupMmaRs expands a product with A in registers into
// wgmma.fence, one nvvm.wgmma.mma_async.rs m64nNk16 per k step of 16 (A's
// four b32 registers of the step, packed before the fence: its pairs in
// order, bitcast; B's
// descriptor advanced by the step, see descriptorStep), commit and a wait
// until at most waitGroup groups are in flight (0: this one complete);
// C's and D's registers move between the vectors and the instruction's
// struct in order.
func lowerWarpgroupMmaRs(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsWarpgroupMmaRsOp(o)
	if !ok {
		return false
	}
	return lowerWarpgroupMmaRegs(b, o, operands, op.DescriptorB(), op.MatrixC(), op.MatrixD(), op.TransposeB(), op.WaitGroup(), false)
}

// lowerWarpgroupMmaSs expands a product with both operands in shared
// memory and the accumulator in registers as lowerWarpgroupMmaRs does,
// into nvvm.wgmma.mma_async with A's descriptor advanced by each k step
// of the K-major 64 x K operand (stored in TMA boxes of 128-byte rows
// side by side, see descriptorStep).
func lowerWarpgroupMmaSs(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsWarpgroupMmaSsOp(o)
	if !ok {
		return false
	}
	return lowerWarpgroupMmaRegs(b, o, operands, op.DescriptorB(), op.MatrixC(), op.MatrixD(), op.TransposeB(), op.WaitGroup(), true)
}

// lowerWarpgroupMmaRegs lowers nvgpu.warpgroup.mma.rs (A in registers,
// operands[0] its fragment) or, descA, nvgpu.warpgroup.mma.ss (operands[0]
// A's descriptor); B is descB, the accumulator matC in registers.
func lowerWarpgroupMmaRegs(b *builder, o *ir.Operation, operands []ir.Value, descB, matC, matD ir.Value, transposeB bool, waitGroup int64, descA bool) bool {
	ctx := b.ctx()
	db, okB := nvgpu.AsWarpgroupDescriptorType(descB.Type())
	if !okB {
		return false
	}
	mb, _ := db.Tensor().(*ir.MemRefType)
	if mb == nil || len(mb.Shape) != 2 {
		return false
	}
	totalK, totalN := mb.Shape[0], mb.Shape[1]
	k, ok := wgmmaK(mb.Elem)
	if !ok || k != 16 {
		return false
	}
	c := matC.Type().(*ir.VectorType)
	typeA, okA := wgmmaType(mb.Elem, false)
	typeD, okD := wgmmaType(c.Elem, true)
	if !okA || !okD {
		return false
	}
	var pairs []ir.Value
	if !descA {
		pairs, ok = b.leaves(operands[0])
		if !ok || int64(len(pairs)) != totalK/4 {
			return false
		}
	}
	accs, ok := b.leaves(operands[2])
	if !ok {
		return false
	}
	var acc []ir.Value
	for _, v := range accs {
		vt := v.Type().(*ir.VectorType)
		for i := int64(0); i < vt.Shape[0]; i++ {
			acc = append(acc, b.value("llvm.extractelement", []ir.Value{v, b.i32(i)}, vt.Elem))
		}
	}
	if int64(len(acc)) != totalN/2 {
		return false
	}
	i32 := ctx.I(32)
	accT := llvm.LiteralStruct(ctx, repeat(c.Elem, len(acc)), false)
	aT := llvm.LiteralStruct(ctx, []ir.Type{i32, i32, i32, i32}, false)
	layout := "col"
	if transposeB {
		layout = "row"
	}
	props := []ir.NamedAttr{
		prop("shape", attr(ctx, fmt.Sprintf("#nvvm.shape<m = %d, n = %d, k = %d>", wgmmaSizeM, totalN, k))),
		prop("typeA", attr(ctx, "#nvvm.wgmma_type<"+typeA+">")),
		prop("typeB", attr(ctx, "#nvvm.wgmma_type<"+typeA+">")),
		prop("typeD", attr(ctx, "#nvvm.wgmma_type<"+typeD+">")),
		prop("scaleD", attr(ctx, "#nvvm.wgmma_scale_out<one>")),
		prop("scaleA", attr(ctx, "#nvvm.wgmma_scale_in<one>")),
		prop("scaleB", attr(ctx, "#nvvm.wgmma_scale_in<one>")),
		prop("layoutB", attr(ctx, "#nvvm.mma_layout<"+layout+">")),
	}
	name := "nvvm.wgmma.mma_async.rs"
	if descA {
		name = "nvvm.wgmma.mma_async"
		props = append(props, prop("layoutA", attr(ctx, "#nvvm.mma_layout<row>")),
			prop("satfinite", attr(ctx, "#nvvm.mma_int_overflow<wrapped>")))
	}
	d := b.poison(accT)
	for i, x := range acc {
		d = b.insert(d, x, int64(i))
	}
	// A's registers are all packed before the fence, so that no register
	// the products read is written between them.
	as := make([]ir.Value, totalK/k)
	for kk := range as {
		if descA {
			as[kk] = b.advance(operands[0], descriptorStep(mb.Elem, totalK, k, int64(kk), true, wgmmaSizeM))
			continue
		}
		a := b.poison(aT)
		for i := int64(0); i < 4; i++ {
			a = b.insert(a, b.value("llvm.bitcast", []ir.Value{pairs[4*int64(kk)+i]}, i32), i)
		}
		as[kk] = a
	}
	b.create("nvvm.wgmma.fence.aligned", nil, nil)
	for kk := int64(0); kk < totalK/k; kk++ {
		a := as[kk]
		contiguous := totalN
		if !transposeB {
			contiguous = totalK
		}
		descB := b.advance(operands[1], descriptorStep(mb.Elem, contiguous, k, kk, !transposeB, totalN))
		d = b.value(name, []ir.Value{d, a, descB}, accT, props...)
	}
	b.create("nvvm.wgmma.commit.group.sync.aligned", nil, nil)
	b.create("nvvm.wgmma.wait.group.sync.aligned", nil, nil, prop("group", ctx.IntegerAttr(ctx.I(64), waitGroup)))
	out := make([]ir.Value, len(acc))
	for i := range out {
		out[i] = b.extract(d, int64(i))
	}
	v, ok := b.fill(b.tc.Convert(matD.Type()), out)
	if !ok {
		return false
	}
	b.r.ReplaceOp(o, []ir.Value{v})
	return true
}

func repeat(t ir.Type, n int) []ir.Type {
	out := make([]ir.Type, n)
	for i := range out {
		out[i] = t
	}
	return out
}
