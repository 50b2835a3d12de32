package tiletonvgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/nvgpu"
	"github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/dialects/vector"
)

// The epilogue of the sm_90a GEMM stores its block through shared memory
// and TMA when it can: each consumer warpgroup writes its rows of the
// block, a chunk of 128 bytes of columns at a time, into a
// 128-byte-swizzled staging buffer (the swizzle spreads the eight rows of
// a warp's 4-byte stores over the 32 banks), orders the writes before the
// copy engine's reads (fence.proxy.async, then a barrier of the
// warpgroup), and one thread issues the bulk tensor copy of the chunk to
// global memory. The copies run while the warpgroup goes on to the next
// tile's products; a warpgroup has two buffers, and before it writes one
// again its thread waits until at most the copy of the other is still
// reading shared memory (cp.async.bulk.wait_group.read 1). TMA clips the
// boxes at the edges of the output, so ragged blocks need no test.

// tmaStorePlan is the TMA store of a GEMM's epilogue: the tile.store of
// a whole block of the accumulator's shape to a 2-D memref argument.
type tmaStorePlan struct {
	store tile.StoreOp
	// arg is the kernel argument of the output memref.
	arg  int
	elem ir.Type
	// rows is the rows of a warpgroup's part of the block: 64 when the
	// consumers share a block, the block's when each takes whole blocks.
	rows int64
}

// cols is the columns of a chunk: one 128-byte swizzled row.
func (o *tmaStorePlan) cols() int64 { return 128 / int64(max(1, bitWidth(o.elem)/8)) }

// box is the TMA box of a chunk: rows x cols of the output memref.
func (o *tmaStorePlan) box() []int64 { return []int64{o.rows, o.cols()} }

// bufferBytes is the shared memory of one staging buffer.
func (o *tmaStorePlan) bufferBytes() int64 { return o.rows * 128 }

// tmaStoreBarrier is the first id of the named barriers of the consumer
// warpgroups around their staging buffers (0 is the block's).
const tmaStoreBarrier = 1

// stagingBytes is the shared memory of the staging buffers of the
// epilogue's TMA store: two per consumer warpgroup (0 without it).
func (p *sm90Plan) stagingBytes() int64 {
	if p.out == nil {
		return 0
	}
	return p.consumers * 2 * p.out.bufferBytes()
}

// planTMAStore returns the TMA store of the epilogue of plan p, the
// operations of top after the k loop, or nil when the epilogue stores
// otherwise: a single tile.store of a block of bm x bn elements of f16,
// bf16 or f32 by block indices, unmasked, to a 2-D memref argument whose
// rows TMA can copy.
func planTMAStore(p *sm90Plan, top *ir.Block) *tmaStorePlan {
	var st *tile.StoreOp
	for op := p.loop.Next(); op != nil; op = op.Next() {
		s, ok := tile.AsStoreOp(op)
		if !ok {
			if op.NumRegions() != 0 {
				return nil
			}
			continue
		}
		if st != nil {
			return nil
		}
		st = &s
	}
	if st == nil || st.Mask() != nil || st.At() {
		return nil
	}
	shape, elem, ok := tileShape(st.Value())
	if !ok || len(shape) != 2 || shape[0] != p.bm || shape[1] != p.bn {
		return nil
	}
	if !tmaStoreElem(elem) {
		return nil
	}
	v, ok := tile.AsViewOp(ir.DefiningOp(st.View()))
	if !ok || v.Offset() != nil || len(v.Sizes()) != 0 {
		return nil
	}
	arg, ok := v.Source().(*ir.BlockArgument)
	if !ok || arg.Owner() != top {
		return nil
	}
	mt, ok := arg.Type().(*ir.MemRefType)
	if !ok || len(mt.Shape) != 2 || mt.Layout != nil || mt.Shape[1] <= 0 || mt.Shape[1]*int64(bitWidth(mt.Elem)/8)%16 != 0 {
		return nil
	}
	rows := int64(WGMMAM)
	if p.pingpong {
		rows = p.bm
	}
	return &tmaStorePlan{store: *st, arg: arg.Index(), elem: elem, rows: rows}
}

// tmaStoreElem reports whether the epilogue stores elements of t through
// TMA: f16, bf16 and f32.
func tmaStoreElem(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && (ft.Kind == ir.F16 || ft.Kind == ir.BF16 || ft.Kind == ir.F32)
}

// tmaStoreFits reports whether the registers of layout l, the stored
// tile's, can be written to the staging buffers as storeTMA does: no
// thread or register repeats another's elements, and a thread's own
// columns (its lanes' and warps' bits) lie inside one chunk, so that the
// chunk of each register is that of its register bits.
func (p *sm90Plan) tmaStoreFits(l *Layout) bool {
	if l == nil || len(l.Shape) != 2 || zeroBits(l.Reg) != 0 || zeroBits(l.Lane) != 0 || zeroBits(l.Warp) != 0 {
		return false
	}
	if l.RegShape[len(l.RegShape)-1] != 2 {
		return false
	}
	for _, bs := range [][][]int64{l.Lane, l.Warp} {
		for _, b := range bs {
			if b[1] >= p.out.cols() {
				return false
			}
		}
	}
	// Pairs of registers are two neighbouring columns.
	return len(l.Reg) > 0 && l.Reg[0][0] == 0 && l.Reg[0][1] == 1
}

// storeTMA emits the store of v, the registers of the epilogue's block of
// layout l, through the staging buffers of consumer warpgroup wg and
// TMA; n is the number of blocks the warpgroup stored before, which
// picks the buffers. The block's first row and column are row0, col0.
func (k *kernel) storeTMA(r *ring, l *Layout, v, wg, n, row0, col0, descC ir.Value) {
	p, o := r.p, r.p.out
	es := int64(max(1, bitWidth(o.elem)/8))
	cols := o.cols()
	chunks := p.bn / cols
	leader := k.cmp(0, k.rem(k.tid, 128), k.c(0))
	i32 := func(x ir.Value) ir.Value { return k.val("arith.index_cast", []ir.Value{x}, k.ctx.I(32)) }
	barrier := func() {
		nvvm.BuildBarrier(k.b, k.b.Loc, nvvm.BarrierOptions{BarrierId: i32(k.add(wg, k.c(tmaStoreBarrier))), NumberOfThreads: i32(k.c(128))})
	}
	th := k.threadCoords(l)
	// The thread's row in its warpgroup's part, and the XOR of the
	// swizzle: the 16-byte chunk of a column goes to chunk ^ row % 8.
	row := k.rem(th[0], o.rows)
	swz := k.mul(k.rem(row, 8), 16/es)
	wgRow := k.c(0)
	if !p.pingpong {
		wgRow = k.mul(wg, o.rows)
	}
	bufT := k.ctx.MemRefType([]int64{o.rows, cols}, o.elem, nil, k.workgroupSpace())
	// The threads write pairs of neighbouring elements, one vector store
	// each, through the buffer cast to the numeric address space 3, which
	// the lowering of vector stores to llvm takes.
	pair := k.vec([]int64{2}, o.elem)
	rawT := k.ctx.MemRefType([]int64{o.rows, cols}, o.elem, nil, k.ctx.IntegerAttr(k.ctx.I(64), 3))
	rt := l.RegShape
	stagingBase := k.add(r.base, k.c(p.stages*p.stageBytes()))
	for j := int64(0); j < chunks; j++ {
		// Buffer (n * chunks + j) % 2 of the warpgroup.
		which := k.rem(k.add(k.mul(n, chunks), k.c(j)), 2)
		off := k.add(stagingBase, k.mul(k.add(k.mul(wg, 2), which), o.bufferBytes()))
		buf := memref.BuildView(k.b, k.b.Loc, r.dyn, off, nil, bufT).Operation.Result(0)
		raw := memref.BuildMemorySpaceCast(k.b, k.b.Loc, buf, rawT).Operation.Result(0)
		// The copy that last read this buffer is done reading.
		k.guarded(leader, func() {
			nvvm.BuildCpAsyncBulkWaitGroup(k.b, k.b.Loc, 1, nvvm.CpAsyncBulkWaitGroupOptions{Read: true})
		})
		barrier()
		for reg := 0; reg < l.NumRegs(); reg += 2 {
			rc := l.RegCoord(reg)
			if rc[1]/cols != j {
				continue
			}
			rrow := k.rem(k.add(th[0], k.c(rc[0])), o.rows)
			rswz := swz
			if rc[0]%8 != 0 {
				rswz = k.mul(k.rem(rrow, 8), 16/es)
			}
			col := k.bin("arith.xori", k.add(th[1], k.c(rc[1]%cols)), rswz)
			x := k.extract(v, pair, unflatten(reg, rt)[:len(rt)-1])
			vector.BuildStore(k.b, k.b.Loc, x, raw, []ir.Value{rrow, col})
		}
		nvgpu.BuildFenceProxyAsync(k.b, k.b.Loc)
		barrier()
		k.guarded(leader, func() {
			nvgpu.BuildTmaAsyncStore(k.b, k.b.Loc, buf, descC, []ir.Value{k.add(col0, k.c(j*cols)), k.add(row0, wgRow)})
			nvvm.BuildCpAsyncBulkCommitGroup(k.b, k.b.Loc)
		})
	}
}

// drainTMA emits, after the consumers' last tile, the wait of each
// warpgroup's thread for its copies to complete.
func (k *kernel) drainTMA() {
	k.guarded(k.cmp(0, k.rem(k.tid, 128), k.c(0)), func() {
		nvvm.BuildCpAsyncBulkWaitGroup(k.b, k.b.Loc, 0)
	})
}

// tensorMap emits, before the launch, the tensor map of the output
// memref out that the epilogue's TMA store writes through.
func (o *tmaStorePlan) tensorMap(e *emitter, out ir.Value) (ir.Value, error) {
	mt, ok := out.Type().(*ir.MemRefType)
	if !ok {
		return nil, fmt.Errorf("the output of the GEMM is not a memref")
	}
	cast := e.val("memref.cast", []ir.Value{out}, e.ctx.UnrankedMemRefType(mt.Elem, mt.MemorySpace))
	box := o.box()
	t, err := tensorMapType(e.ctx, box, mt.Elem)
	if err != nil {
		return nil, err
	}
	return nvgpu.BuildTmaCreateDescriptor(e.b, e.b.Loc, cast, []ir.Value{e.c(box[0]), e.c(box[1])}, t).Operation.Result(0), nil
}
