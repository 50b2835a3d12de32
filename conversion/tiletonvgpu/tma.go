package tiletonvgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/nvgpu"
)

// TMABox is the inner size of a TMA box of 16-bit elements with the
// 128-byte swizzle: one swizzled row.
const TMABox = 64

// tensorMapType is the !nvgpu.tensormap.descriptor of boxes of shape box
// (rows x cols in 2-D) of elem, 128-byte swizzled in shared memory, zero
// outside the tensor.
func tensorMapType(ctx *ir.Context, box []int64, elem ir.Type) (ir.Type, error) {
	shape := ""
	for _, d := range box {
		shape += fmt.Sprintf("%dx", d)
	}
	s := fmt.Sprintf("!nvgpu.tensormap.descriptor<tensor = memref<%s%s, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>",
		shape, ir.TypeString(elem))
	return asm.ParseTypeString(ctx, s)
}

// ring is a ring of shared-memory stages that TMA copies fill and wgmma
// reads: stage s holds an A box of bm x 64 and bn/64 B boxes of 64 x 64
// at stage bytes s * stageBytes of the aligned dynamic shared memory;
// full[s] completes when a stage's copies landed, empty[s] when the
// consumer warpgroups that read it are done with it.
type ring struct {
	p           *sm90Plan
	base        ir.Value
	dyn         ir.Value
	full, empty ir.Value
	// order holds, in ping-pong, a barrier per consumer warpgroup that
	// the other arrives on when it has issued a tile's products (nil
	// otherwise).
	order        ir.Value
	descA, descB ir.Value
	barType      ir.Type
	// rank is the block's rank in its cluster (nil without clusters).
	rank ir.Value
}

// newRing emits, in the kernel's prologue, the dynamic shared memory
// aligned to the swizzle's 1024 bytes, the full and empty barriers and
// their initialization by thread 0 (full expects the producer's one
// arrival and the bytes of the copies, empty one arrival per warpgroup
// that reads the stage, in every block of the cluster, whose copies of
// the shared operand refill the stage), and a block barrier that
// publishes them, or a cluster barrier in a cluster, whose blocks'
// copies and arrivals then reach each other's barriers.
func (k *kernel) newRing(p *sm90Plan, descA, descB ir.Value) *ring {
	r := &ring{p: p, descA: descA, descB: descB}
	if p.cluster > 1 {
		r.rank = k.gpuIndex("gpu.cluster_block_id", "x")
	}
	i8 := k.ctx.I(8)
	dynT := k.ctx.MemRefType([]int64{ir.Dynamic}, i8, nil, k.workgroupSpace())
	r.dyn = gpu.BuildDynamicSharedMemory(k.b, k.b.Loc, dynT).Operation.Result(0)
	addr := memref.BuildExtractAlignedPointerAsIndex(k.b, k.b.Loc, r.dyn).Operation.Result(0)
	// (align - addr % align) % align
	r.base = k.and(k.bin("arith.subi", k.c(swizzleAlign), k.and(addr, k.c(swizzleAlign-1))), k.c(swizzleAlign-1))
	r.barType = k.parsedType(fmt.Sprintf("!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = %d>", p.stages))
	r.full = nvgpu.BuildMbarrierCreate(k.b, k.b.Loc, r.barType).Operation.Result(0)
	r.empty = nvgpu.BuildMbarrierCreate(k.b, k.b.Loc, r.barType).Operation.Result(0)
	if p.pingpong {
		r.order = nvgpu.BuildMbarrierCreate(k.b, k.b.Loc, k.parsedType(fmt.Sprintf(
			"!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = %d>", p.consumers))).Operation.Result(0)
	}
	k.guarded(k.cmp(0, k.tid, k.c(0)), func() {
		for s := int64(0); s < p.stages; s++ {
			nvgpu.BuildMbarrierInit(k.b, k.b.Loc, r.full, k.c(1), k.c(s))
			nvgpu.BuildMbarrierInit(k.b, k.b.Loc, r.empty, k.c(p.readers()*p.cluster), k.c(s))
		}
		for w := int64(0); r.order != nil && w < p.consumers; w++ {
			nvgpu.BuildMbarrierInit(k.b, k.b.Loc, r.order, k.c(1), k.c(w))
		}
	})
	if p.cluster > 1 {
		k.op("nvvm.fence.mbarrier.init", nil, nil)
		k.clusterBarrier()
		return r
	}
	k.op("gpu.barrier", nil, nil)
	return r
}

// clusterBarrier emits a barrier of all the threads of the cluster's
// blocks.
func (k *kernel) clusterBarrier() {
	k.op("nvvm.cluster.arrive", nil, nil)
	k.op("nvvm.cluster.wait", nil, nil)
}

// view returns the memref of rows x cols elements at byte off of stage s.
func (r *ring) view(k *kernel, s ir.Value, off, rows, cols int64) ir.Value {
	shift := k.add(r.base, k.add(k.bin("arith.muli", s, k.c(r.p.stageBytes())), k.c(off)))
	t := k.ctx.MemRefType([]int64{rows, cols}, r.p.elem, nil, k.workgroupSpace())
	return memref.BuildView(k.b, k.b.Loc, r.dyn, shift, nil, t).Operation.Result(0)
}

// stageOf returns the stage of k step i and the parity of its round,
// computed in 32 bits, once per tile where a loop starts: ptxas calls a
// subroutine for a 64-bit division (even by 4 stages, a constant it
// reads from a register). The loops over k steps carry the stage and
// parity from there (see advance).
func (r *ring) stageOf(k *kernel, i ir.Value) (ir.Value, ir.Value) {
	return k.divu32(i, k.c(r.p.stages), true), k.cmp(1, k.and(k.divu32(i, k.c(r.p.stages), false), k.c(1)), k.c(0))
}

// advance returns the stage and parity of the step after the step of
// stage s and parity parity: the next stage, the parity flipped where
// the ring wraps (a select and an xor).
func (r *ring) advance(k *kernel, s, parity ir.Value) (ir.Value, ir.Value) {
	inc := k.add(s, k.c(1))
	wrap := k.cmp(0, inc, k.c(r.p.stages))
	return k.sel(wrap, k.c(0), inc), k.bin("arith.xori", parity, wrap)
}

// previous returns the stage of the step before the step of stage s.
func (r *ring) previous(k *kernel, s ir.Value) ir.Value {
	return k.sel(k.cmp(0, s, k.c(0)), k.c(r.p.stages-1), k.bin("arith.subi", s, k.c(1)))
}

// waitTicks bounds one try_wait's suspension.
const waitTicks = 10000000

func (r *ring) wait(k *kernel, bars, s, parity ir.Value) {
	nvgpu.BuildMbarrierTryWaitParity(k.b, k.b.Loc, bars, parity, k.c(waitTicks), s)
}

// produce emits the producer's loop over the steps k steps of a tile
// whose first step is step base of the ring: wait for the stage to be
// empty (from the ring's second round on), expect its bytes on full, and
// copy the A box at (row bm*ia0, column 64*ia1) and the B boxes at (row
// 64*ib0, column bn*ib1 + 64j), indices giving the block indices (ia,
// ib) of step i. In a cluster, the blocks' copies of the shared operand
// fill the stage of every block, whose consumers all release the stage
// on the empty barrier of every block (see consume). The ring's stage
// and parity are carried from step to step.
func (r *ring) produce(k *kernel, steps, base ir.Value, indices func(i ir.Value) ([]ir.Value, []ir.Value)) {
	p := r.p
	s0, parity0 := r.stageOf(k, base)
	k.forLoopCarry(k.c(0), steps, []ir.Value{s0, parity0}, func(i ir.Value, at []ir.Value) []ir.Value {
		g := k.add(base, i)
		s, parity := at[0], at[1]
		k.guarded(k.cmp(9, g, k.c(p.stages)), func() {
			// The release of the round before.
			r.wait(k, r.empty, s, k.bin("arith.xori", parity, k.boolConst(true)))
		})
		nvgpu.BuildMbarrierArriveExpectTx(k.b, k.b.Loc, r.full, k.c(p.stageBytes()), s)
		ia, ib := indices(i)
		boxes := [2][]tmaBox{{{0, p.bm, p.bk, k.mul(ia[1], p.bk), k.mul(ia[0], p.bm)}}}
		if p.kMajorB {
			// One box of bn rows of B's N x K memref.
			boxes[1] = []tmaBox{{p.aBytes(), p.bn, p.bk, k.mul(ib[1], p.bk), k.mul(ib[0], p.bn)}}
		} else {
			for j := int64(0); j < p.bn/TMABox; j++ {
				boxes[1] = append(boxes[1], tmaBox{p.aBytes() + j*p.bk*TMABox*p.es(), p.bk, TMABox,
					k.add(k.mul(ib[1], p.bn), k.c(j*TMABox)), k.mul(ib[0], p.bk)})
			}
		}
		for op, bs := range boxes {
			if op == p.shared() {
				r.multicast(k, s, op, bs)
				continue
			}
			for _, b := range bs {
				nvgpu.BuildTmaAsyncLoad(k.b, k.b.Loc, r.view(k, s, b.off, b.rows, b.cols), r.full, r.desc(op), []ir.Value{b.x, b.y}, s)
			}
		}
		s, parity = r.advance(k, s, parity)
		return []ir.Value{s, parity}
	})
}

// tmaBox is a TMA box of an operand in a stage: its byte offset in the
// stage, its rows and columns, and its coordinates in the operand's
// memref (column x, row y).
type tmaBox struct {
	off, rows, cols int64
	x, y            ir.Value
}

func (r *ring) desc(op int) ir.Value {
	if op == 0 {
		return r.descA
	}
	return r.descB
}

// multicast emits the block's part of the boxes bs of shared operand op
// of stage s, copied into the stage of every block of the cluster: the
// rank's share of the boxes, or of the rows of each box (see
// sm90Plan.halvesBoxes). The blocks' parts make up the operand, so that
// each block's full barrier receives the stage's bytes.
func (r *ring) multicast(k *kernel, s ir.Value, op int, bs []tmaBox) {
	p := r.p
	i16 := k.ctx.I(16)
	mask := k.val("arith.constant", nil, i16, ir.NamedAttr{Name: "value", Value: k.ctx.IntegerAttr(i16, 1<<p.cluster-1)})
	// Rank 0's part, and how far the next rank's lies in the stage
	// (bytes) and in the memref (columns, rows).
	var part []tmaBox
	var dOff, dx, dy int64
	if p.halvesBoxes(op) {
		for _, b := range bs {
			part = append(part, tmaBox{b.off, b.rows / p.cluster, b.cols, b.x, b.y})
		}
		dOff, dy = bs[0].rows/p.cluster*bs[0].cols*p.es(), bs[0].rows/p.cluster
	} else {
		n := int64(len(bs)) / p.cluster
		part = bs[:n]
		dOff, dx = n*bs[0].rows*bs[0].cols*p.es(), n*bs[0].cols
	}
	shift := func(v ir.Value, d int64) ir.Value {
		if d == 0 {
			return v
		}
		return k.add(v, k.mul(r.rank, d))
	}
	for _, b := range part {
		at := k.add(r.base, k.add(k.bin("arith.muli", s, k.c(p.stageBytes())), shift(k.c(b.off), dOff)))
		t := k.ctx.MemRefType([]int64{b.rows, b.cols}, p.elem, nil, k.workgroupSpace())
		dst := memref.BuildView(k.b, k.b.Loc, r.dyn, at, nil, t).Operation.Result(0)
		nvgpu.BuildTmaAsyncLoad(k.b, k.b.Loc, dst, r.full, r.desc(op), []ir.Value{shift(b.x, dx), shift(b.y, dy)}, s,
			nvgpu.TmaAsyncLoadOptions{MulticastMask: mask})
	}
}

// consume emits the consumer warpgroups' loop over the steps k steps of
// a tile whose first step is step base of the ring (issued runs once the
// tile's products are issued), and returns the
// thread's registers of the accumulator: each step waits for its stage,
// issues the warpgroup's wgmma on its 64 rows of A and all of B (one
// group left in flight), then releases the stage of the step before,
// whose group has completed; the last stage is released once the last
// group completed. One thread of each warpgroup arrives, through a
// predicated arrival rather than a branch, so that no branch divides a
// warpgroup between its wgmma; in a cluster, thread r of each warpgroup
// arrives on the barrier of the block of rank r (as CUTLASS's
// consumer_release), since the copies of every block refill the stage.
func (r *ring) consume(k *kernel, steps, base ir.Value, issued func()) ir.Value {
	p := r.p
	f32 := k.ctx.FloatType(ir.F32)
	// The rows of A this warpgroup multiplies: all of the block's in
	// ping-pong, its 64 otherwise.
	m := int64(WGMMAM)
	rows := k.bin("arith.muli", k.div(k.tid, 128), k.c(WGMMAM*p.bk*p.es()))
	if p.pingpong {
		m, rows = p.bm, k.c(0)
	}
	accT := k.accumulatorType(m, p.bn, f32)
	acc := nvgpu.BuildWarpgroupMmaInitAccumulator(k.b, k.b.Loc, accT).Operation.Result(0)
	leader := k.cmp(0, k.rem(k.tid, 128), k.c(0))
	release := func(s ir.Value) {
		nvgpu.BuildMbarrierArriveExpectTx(k.b, k.b.Loc, r.empty, k.c(0), s,
			nvgpu.MbarrierArriveExpectTxOptions{Predicate: leader})
	}
	if p.cluster > 1 {
		// The rank stays in the cluster where the arrival is off too.
		lane := k.rem(k.tid, 128)
		signals := k.cmp(6, lane, k.c(p.cluster))
		rank := k.rem(lane, p.cluster)
		release = func(s ir.Value) {
			nvgpu.BuildMbarrierArriveCluster(k.b, k.b.Loc, r.empty, s, rank, nvgpu.MbarrierArriveClusterOptions{Predicate: signals})
		}
	}
	s0, parity0 := r.stageOf(k, base)
	out := k.forLoopCarry(k.c(0), steps, []ir.Value{acc, s0, parity0}, func(i ir.Value, at []ir.Value) []ir.Value {
		acc, s, parity := at[0], at[1], at[2]
		r.wait(k, r.full, s, parity)
		shift := k.add(r.base, k.add(k.bin("arith.muli", s, k.c(p.stageBytes())), rows))
		aT := k.ctx.MemRefType([]int64{m, p.bk}, p.elem, nil, k.workgroupSpace())
		a := memref.BuildView(k.b, k.b.Loc, r.dyn, shift, nil, aT).Operation.Result(0)
		// B as the K x N matrix of the descriptor, stored N x K when
		// k-major, K x N (transposed for wgmma) otherwise.
		b := r.view(k, s, p.aBytes(), p.bk, p.bn)
		da := k.smemDescriptor(a, r.descA, m, p.bk, p.elem)
		db := k.smemDescriptor(b, r.descB, p.bk, p.bn, p.elem)
		next := nvgpu.BuildWarpgroupMma(k.b, k.b.Loc, da, db, acc, accT, nvgpu.WarpgroupMmaOptions{TransposeB: !p.kMajorB}).Operation.Result(0)
		k.guarded(k.cmp(8, i, k.c(0)), func() {
			release(r.previous(k, s))
		})
		s, parity = r.advance(k, s, parity)
		return []ir.Value{next, s, parity}
	})
	issued()
	l, _ := p.accumulator()([]int64{p.bm, p.bn})
	regs := nvgpu.BuildWarpgroupMmaRegisters(k.b, k.b.Loc, out[0], k.vec(l.RegShape, f32)).Operation.Result(0)
	// The registers waited for every group: the tile's last stage is free.
	k.guarded(k.cmp(8, steps, k.c(0)), func() {
		release(r.previous(k, out[1]))
	})
	return regs
}

func (k *kernel) boolConst(v bool) ir.Value {
	return k.val("arith.constant", nil, k.ctx.I(1), ir.NamedAttr{Name: "value", Value: k.ctx.Bool(v)})
}

// forLoop emits scf.for i = lb to ub with body.
func (k *kernel) forLoop(lb, ub ir.Value, body func(i ir.Value)) { k.forLoopStep(lb, ub, k.c(1), body) }

// forLoopStep emits scf.for i = lb to ub step step with body.
func (k *kernel) forLoopStep(lb, ub, step ir.Value, body func(i ir.Value)) {
	loop := k.b.Create(&ir.OperationState{Name: k.ctx.OpName("scf.for"), Operands: []ir.Value{lb, ub, step}, NumRegions: 1})
	saved := *k.b
	blk := k.b.CreateBlock(loop.Region(0), k.index())
	body(blk.Argument(0))
	k.op("scf.yield", nil, nil)
	*k.b = saved
}

// forLoopCarry emits scf.for i = lb to ub carrying the values inits
// through body, which returns their next values, and returns the last.
func (k *kernel) forLoopCarry(lb, ub ir.Value, inits []ir.Value, body func(i ir.Value, xs []ir.Value) []ir.Value) []ir.Value {
	types := make([]ir.Type, len(inits))
	for i, v := range inits {
		types[i] = v.Type()
	}
	loop := k.b.Create(&ir.OperationState{Name: k.ctx.OpName("scf.for"), Operands: append([]ir.Value{lb, ub, k.c(1)}, inits...),
		ResultTypes: types, NumRegions: 1})
	saved := *k.b
	blk := k.b.CreateBlock(loop.Region(0), append([]ir.Type{k.index()}, types...)...)
	xs := make([]ir.Value, len(inits))
	for i := range xs {
		xs[i] = blk.Argument(i + 1)
	}
	next := body(blk.Argument(0), xs)
	k.op("scf.yield", next, nil)
	*k.b = saved
	out := make([]ir.Value, len(inits))
	for i := range out {
		out[i] = loop.Result(i)
	}
	return out
}

// tensorMaps emits the tensor maps of the GEMM's A and B before the
// launch, and that of its output when the epilogue stores through TMA.
func (p *sm90Plan) tensorMaps(e *emitter, args []ir.Value) ([]ir.Value, error) {
	maps, err := createTensorMaps(e, p, args[p.args[0]], args[p.args[1]])
	if err != nil || p.out == nil {
		return maps, err
	}
	c, err := p.out.tensorMap(e, args[p.out.arg])
	if err != nil {
		return nil, err
	}
	return append(maps, c), nil
}

// createTensorMaps emits, before a launch, the tensor maps of the A and
// B operands of an sm_90a GEMM: the memrefs cast to unranked ones and
// nvgpu.tma.create.descriptor with the boxes of plan p (see
// sm90Plan.box).
func createTensorMaps(e *emitter, p *sm90Plan, a, b ir.Value) ([]ir.Value, error) {
	var out []ir.Value
	for i, v := range []ir.Value{a, b} {
		box := p.box(i)
		x := struct {
			v          ir.Value
			rows, cols int64
		}{v, box[0], box[1]}
		mt, ok := x.v.Type().(*ir.MemRefType)
		if !ok {
			return nil, fmt.Errorf("an operand of the GEMM is not a memref")
		}
		um := e.ctx.UnrankedMemRefType(mt.Elem, mt.MemorySpace)
		cast := e.val("memref.cast", []ir.Value{x.v}, um)
		t, err := tensorMapType(e.ctx, []int64{x.rows, x.cols}, mt.Elem)
		if err != nil {
			return nil, err
		}
		d := nvgpu.BuildTmaCreateDescriptor(e.b, e.b.Loc, cast, []ir.Value{e.c(x.rows), e.c(x.cols)}, t).Operation.Result(0)
		out = append(out, d)
	}
	return out, nil
}
