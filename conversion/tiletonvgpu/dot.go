package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/dialects/ub"
)

// Swizzle is the layout of a tile staged in shared memory, as data: rows
// of Cols elements, whose 16-byte chunks are permuted within each row by
// the exclusive or of the chunk index with the row's phase,
// (row / PerPhase) % MaxPhase, so that the eight rows that one ldmatrix
// phase (or one 128-byte line of stores) touches fall in distinct banks.
type Swizzle struct {
	Cols, Vec, PerPhase, MaxPhase int64
}

// SwizzleFor returns the swizzle of rows of cols elements of elemBits.
func SwizzleFor(cols int64, elemBits int) Swizzle {
	vec := int64(128 / elemBits)
	chunks := cols / vec
	s := Swizzle{Cols: cols, Vec: vec, PerPhase: 1, MaxPhase: 1}
	if chunks <= 1 {
		return s
	}
	s.PerPhase = max(1, 8/chunks)
	s.MaxPhase = min(chunks, 8)
	return s
}

// Offset is the element offset of (row, col) in the staged tile.
func (s Swizzle) Offset(row, col int64) int64 {
	ch := col / s.Vec
	ph := (row / s.PerPhase) % s.MaxPhase
	return row*s.Cols + (ch^ph)*s.Vec + col%s.Vec
}

// offset emits the element offset of (row, col); col is a multiple of
// the vector or the element's place in it is added after the swizzle.
func (k *kernel) offset(s Swizzle, row, col ir.Value) ir.Value {
	lin := k.mul(row, s.Cols)
	if s.MaxPhase == 1 {
		return k.add(lin, col)
	}
	ch := k.div(col, s.Vec)
	in := k.rem(col, s.Vec)
	ph := k.rem(k.div(row, s.PerPhase), s.MaxPhase)
	sw := k.bin("arith.xori", ch, ph)
	return k.add(lin, k.add(k.mul(sw, s.Vec), in))
}

// workgroup adds a workgroup attribution (shared memory) to the kernel.
func (k *kernel) workgroup(t *ir.MemRefType) ir.Value {
	a := k.entry.AddArgument(t, k.b.Loc)
	k.smem = append(k.smem, t)
	return a
}

// lowerDot computes D = A x B + C on the tensor cores with mma.sync
// m16n8k16: A and B are staged in shared memory (swizzled), each warp
// loads its fragments with ldmatrix (B transposed on the way) and
// accumulates into the registers of the mma layout.
func lowerDot(k *kernel, op *ir.Operation) error {
	info, err := k.dotInfo(op)
	if err != nil {
		return err
	}
	if k.pipe != nil && k.pipe.dot == op {
		return k.pipelinedDot(op, info)
	}
	if k.flash != nil && (k.flash.scores == op || k.flash.pv == op) {
		return k.flashDot(op)
	}
	if k.hopper != nil && (k.hopper.scores[op] || k.hopper.pvs[op]) {
		return k.flash90Dot(op)
	}
	d, _ := tile.AsDotOp(op)
	type staged struct {
		v  ir.Value
		sm ir.Value
		sw Swizzle
	}
	var smA ir.Value
	var operands []staged
	if frag, ok := k.regFragsA(d.A(), info); ok {
		// A is in registers, in the accumulator layout of this product's
		// warp grid: its fragments are assembled there.
		info.aFrag = frag
	} else {
		smA = k.workgroup(k.ctx.MemRefType([]int64{info.bm * info.bk}, info.aElem, nil, k.workgroupSpace()))
		operands = append(operands, staged{d.A(), smA, info.sa})
	}
	smB := k.workgroup(k.ctx.MemRefType([]int64{info.bk * info.bn}, info.bElem, nil, k.workgroupSpace()))
	operands = append(operands, staged{d.B(), smB, info.sb})
	var tokens []ir.Value
	for _, x := range operands {
		t, err := k.stage(x.v, x.sm, x.sw)
		if err != nil {
			return err
		}
		tokens = append(tokens, t...)
	}
	if k.asyncIssued {
		k.asyncIssued = false
		g := k.val("nvgpu.device_async_create_group", tokens, k.tokenType())
		k.waitGroups(g, 0)
	}
	k.op("gpu.barrier", nil, nil)
	acc := k.mma(info, k.get(d.Acc()), smA, smB, nil, nil)
	// The next stores to the staging buffers wait for every warp's reads.
	k.op("gpu.barrier", nil, nil)
	k.vals[d.Result()] = acc
	return nil
}

// dotShape is what the lowering of a tile.dot needs to know of it.
type dotShape struct {
	bm, bk, bn          int64
	aElem, bElem, cElem ir.Type
	sa, sb              Swizzle
	layout              *Layout
	// aFrag, when set, returns the A fragment of m tile mi (of the warp)
	// and k step ks (of 16) from registers instead of loading it from
	// shared memory.
	aFrag func(mi, ks int64) ir.Value
	// bRows is set when B is staged transposed, as rows of its n
	// dimension (a K block for Q K^T): its fragments are read with
	// ldmatrix without transposition.
	bRows bool
}

func (k *kernel) dotInfo(op *ir.Operation) (*dotShape, error) {
	d, _ := tile.AsDotOp(op)
	if tile.DotBatchRank(d) > 0 {
		return nil, k.errorf(op, "tile-to-nvgpu: a batched tile.dot (leading batch dimensions) is not lowered yet")
	}
	aShape, aElem, _ := tileShape(d.A())
	bShape, bElem, _ := tileShape(d.B())
	_, cElem, _ := tileShape(d.Acc())
	if aElem != bElem || bitWidth(aElem) != 16 || !isFloat(aElem) || bitWidth(cElem) != 32 || !isFloat(cElem) {
		return nil, k.errorf(op, "tile-to-nvgpu{chip=%s}: mma.sync m16n8k16 takes f16 or bf16 inputs and an f32 accumulator, not %s, %s -> %s",
			k.chip, ir.TypeString(aElem), ir.TypeString(bElem), ir.TypeString(cElem))
	}
	info := &dotShape{bm: aShape[0], bk: aShape[1], bn: bShape[1], aElem: aElem, bElem: bElem, cElem: cElem,
		layout: k.layouts[d.Result()]}
	if info.bk%16 != 0 {
		return nil, k.errorf(op, "tile-to-nvgpu: the k block of a tile.dot must be a multiple of 16, not %d", info.bk)
	}
	info.sa, info.sb = SwizzleFor(info.bk, 16), SwizzleFor(info.bn, 16)
	return info, nil
}

func (k *kernel) tokenType() ir.Type { return k.parsedType("!nvgpu.device.async.token") }

// waitGroups waits until at most n committed groups of cp.async copies
// are pending.
func (k *kernel) waitGroups(tok ir.Value, n int64) {
	k.op("nvgpu.device_async_wait", []ir.Value{tok}, nil, ir.NamedAttr{Name: "numGroups", Value: k.ctx.IntegerAttr(k.ctx.I(32), n)})
}

// mma accumulates the product of the staged tiles (at element offsets
// offA and offB of smA and smB, nil for 0) into acc: per k step of 16,
// each warp loads its A fragments with ldmatrix.x4, its B fragments with
// ldmatrix.x4.trans (two n8 fragments each) and issues mma.sync for every
// fragment of its part of the accumulator.
func (k *kernel) mma(info *dotShape, acc, smA, smB, offA, offB ir.Value) ir.Value {
	l := info.layout
	woff := k.warpOffset(l)
	mT, nT := int64(0), int64(0)
	for _, b := range l.Reg {
		if b[0] >= 16 {
			mT++
		}
		if b[1] >= 8 {
			nT++
		}
	}
	mT, nT = 1<<mT, 1<<nT
	l16 := k.rem(k.lane, 16)
	l8 := k.mul(k.div(k.lane, 16), 8)
	fragA := k.vec([]int64{4, 2}, info.aElem)
	fragB := k.vec([]int64{2, 2}, info.bElem)
	fragC := k.vec([]int64{2, 2}, info.cElem)
	mmaShape := k.parsed("[16, 8, 16]")
	at := func(off, x ir.Value) ir.Value {
		if off == nil {
			return x
		}
		return k.add(x, off)
	}
	for kk := int64(0); kk < info.bk; kk += 16 {
		as := make([]ir.Value, mT)
		for mi := int64(0); mi < mT; mi++ {
			if info.aFrag != nil {
				as[mi] = info.aFrag(mi, kk/16)
				continue
			}
			row := k.add(woff[0], k.add(k.c(mi*16), l16))
			col := k.add(k.c(kk), l8)
			as[mi] = k.ldmatrix(smA, at(offA, k.offset(info.sa, row, col)), 4, false, fragA)
		}
		bs := make([]ir.Value, nT)
		krow := k.add(k.c(kk), l16)
		if info.bRows {
			// B^T is staged: lanes 8i..8i+7 address the rows (n) of matrix
			// i, whose k columns are the low or high eight of the step.
			n8 := k.rem(k.lane, 8)
			kcol := k.add(k.c(kk), k.mul(k.rem(k.div(k.lane, 8), 2), 8))
			for nj := int64(0); nj < nT; nj += 2 {
				if nT == 1 {
					bs[0] = k.ldmatrix(smB, at(offB, k.offset(info.sb, k.add(woff[1], n8), kcol)), 2, false, fragB)
					break
				}
				n := k.add(woff[1], k.add(k.c(nj*8), k.add(k.mul(k.div(k.lane, 16), 8), n8)))
				x4 := k.ldmatrix(smB, at(offB, k.offset(info.sb, n, kcol)), 4, false, fragA)
				pair := k.val("vector.shape_cast", []ir.Value{x4}, k.vec([]int64{2, 2, 2}, info.bElem))
				bs[nj] = k.extract(pair, fragB, []int64{0})
				bs[nj+1] = k.extract(pair, fragB, []int64{1})
			}
		}
		for nj := int64(0); nj < nT && !info.bRows; nj += 2 {
			if nT == 1 {
				bs[0] = k.ldmatrix(smB, at(offB, k.offset(info.sb, krow, woff[1])), 2, true, fragB)
				break
			}
			col := k.add(woff[1], k.add(k.c(nj*8), l8))
			x4 := k.ldmatrix(smB, at(offB, k.offset(info.sb, krow, col)), 4, true, fragA)
			pair := k.val("vector.shape_cast", []ir.Value{x4}, k.vec([]int64{2, 2, 2}, info.bElem))
			bs[nj] = k.extract(pair, fragB, []int64{0})
			bs[nj+1] = k.extract(pair, fragB, []int64{1})
		}
		for mi := int64(0); mi < mT; mi++ {
			for ni := int64(0); ni < nT; ni++ {
				f := []int64{mi*nT + ni}
				c := k.extract(acc, fragC, f)
				r := k.val("nvgpu.mma.sync", []ir.Value{as[mi], bs[ni], c}, fragC, ir.NamedAttr{Name: "mmaShape", Value: mmaShape})
				acc = k.insert(r, acc, f)
			}
		}
	}
	return acc
}

func isFloat(t ir.Type) bool { _, ok := t.(*ir.FloatType); return ok }

func (k *kernel) ldmatrix(sm, idx ir.Value, tiles int32, trans bool, t ir.Type) ir.Value {
	return k.val("nvgpu.ldmatrix", []ir.Value{sm, idx}, t,
		ir.NamedAttr{Name: "numTiles", Value: k.ctx.IntegerAttr(k.ctx.I(32), int64(tiles))},
		ir.NamedAttr{Name: "transpose", Value: k.ctx.Bool(trans)})
}

// warpOffset returns the coordinates of the warp's first element in
// layout l.
func (k *kernel) warpOffset(l *Layout) []ir.Value {
	out := make([]ir.Value, len(l.Shape))
	for d := range out {
		out[d] = k.c(0)
	}
	for b, basis := range l.Warp {
		bit := k.and(k.bin("arith.shrui", k.warp, k.c(int64(b))), k.c(1))
		for d, x := range basis {
			if x != 0 {
				out[d] = k.add(out[d], k.mul(bit, x))
			}
		}
	}
	return out
}

// stage writes operand v of a product into the shared-memory tile sm:
// a tile.load of a 16-byte aligned memref with a zero pad is copied by
// cp.async (zero-filling what lies past the edges) and its tokens are
// returned; any other tile is loaded into (or already is in) registers
// and stored.
func (k *kernel) stage(v ir.Value, sm ir.Value, sw Swizzle) ([]ir.Value, error) {
	shape, elem, _ := tileShape(v)
	def := ir.DefiningOp(v)
	if def != nil && feedsDot(def) {
		ld, _ := tile.AsLoadOp(def)
		if k.target.AsyncCopy && k.asyncCopyOK(ld, shape) {
			return k.asyncCopy(ld, sm, sw, shape), nil
		}
		l := BlockedLanes(shape, bitWidth(elem), int(k.warps), int(k.target.Lanes))
		regs, err := k.loadRegs(def, l)
		if err != nil {
			return nil, err
		}
		k.storeShared(regs, l, sm, sw)
		return nil, nil
	}
	l, ok := k.layouts[v]
	if !ok {
		return nil, k.errorf(def, "tile without a layout")
	}
	k.storeShared(k.get(v), l, sm, sw)
	return nil, nil
}

// asyncCopyOK reports whether the rows of ld's memref start 16-byte
// aligned (rows of a multiple of 8 elements one after the other, see
// rowMajor), the block is 2-D but for leading unit dimensions, and
// masked-off elements read zero.
func (k *kernel) asyncCopyOK(ld tile.LoadOp, shape []int64) bool {
	m := k.get(ld.View())
	mt, ok := m.Type().(*ir.MemRefType)
	if !ok || len(mt.Shape) < 2 || len(mt.Shape) != len(shape) || !k.rowMajor(m, 8) || ld.Mask() != nil || ld.At() {
		return false
	}
	for _, d := range shape[:len(shape)-2] {
		if d != 1 {
			return false
		}
	}
	if p, ok := ld.Pad().(*ir.StringAttr); ld.Pad() != nil && (!ok || p.Value != "zero") {
		return false
	}
	return shape[len(shape)-1]%8 == 0
}

// asyncCopy issues the cp.async copies of a block: 16-byte chunks, one
// per thread in turn, each reading only the elements inside the memref
// (srcElements) and zero-filling the rest. It returns the thread's
// tokens of the copies, for the group that commits them.
func (k *kernel) asyncCopy(ld tile.LoadOp, sm ir.Value, sw Swizzle, shape []int64) []ir.Value {
	var idx []ir.Value
	for _, x := range ld.Indices() {
		idx = append(idx, k.get(x))
	}
	return k.asyncCopyAt(ld, sm, sw, shape, idx, nil, nil)
}

// asyncCopyAt is asyncCopy of the block at (lowered) block indices idx
// into the stage of sm that starts at element stage; where valid is
// false the copies only zero-fill. The block's leading dimensions are
// of size 1: it is staged as rows of its last two.
func (k *kernel) asyncCopyAt(ld tile.LoadOp, sm ir.Value, sw Swizzle, shape []int64, idx []ir.Value, stage ir.Value, valid ir.Value) []ir.Value {
	m := k.get(ld.View())
	a := &access{mem: m, elem: m.Type().(*ir.MemRefType).Elem}
	for d, x := range idx {
		a.base = append(a.base, k.mul(x, shape[d]))
		a.sizes = append(a.sizes, k.dim(m, int64(d)))
	}
	r := len(shape) - 2
	threads := k.warps * k.target.Lanes
	per := shape[r+1] / 8
	chunks := shape[r] * per
	tokT := k.parsedType("!nvgpu.device.async.token")
	var toks []ir.Value
	k.asyncIssued = true
	lead := valid
	for d := 0; d < r; d++ {
		in := k.cmp(6, a.base[d], a.sizes[d])
		if lead == nil {
			lead = in
		} else {
			lead = k.and(lead, in)
		}
	}
	for i := int64(0); i*threads < chunks; i++ {
		c := k.add(k.tid, k.c(i*threads))
		row := k.div(c, per)
		col := k.mul(k.rem(c, per), 8)
		gr, gc := k.add(a.base[r], row), k.add(a.base[r+1], col)
		rowOK := k.cmp(6, gr, a.sizes[r])
		if lead != nil {
			rowOK = k.and(rowOK, lead)
		}
		rem := k.bin("arith.subi", a.sizes[r+1], gc)
		n := k.bin("arith.maxsi", k.bin("arith.minsi", rem, k.c(8)), k.c(0))
		n = k.sel(rowOK, n, k.c(0))
		colOK := k.cmp(2, k.c(0), rem)
		src := make([]ir.Value, 0, len(shape))
		for d := 0; d < r; d++ {
			src = append(src, k.sel(rowOK, a.base[d], k.c(0)))
		}
		src = append(src, k.sel(rowOK, gr, k.c(0)), k.sel(colOK, gc, k.c(0)))
		dst := k.offset(sw, row, col)
		if stage != nil {
			dst = k.add(dst, stage)
		}
		copyOp := func() ir.Value {
			return k.b.Create(&ir.OperationState{Name: k.ctx.OpName("nvgpu.device_async_copy"),
				Operands:    append(append([]ir.Value{sm, dst, a.mem}, src...), n),
				ResultTypes: []ir.Type{tokT},
				Properties: k.ctx.DictionaryAttr([]ir.NamedAttr{
					{Name: "dstElements", Value: k.ctx.IntegerAttr(k.index(), 8)},
					{Name: "bypassL1", Value: k.ctx.Unit()},
					{Name: "operandSegmentSizes", Value: k.ctx.DenseI32Array(1, 1, 1, int32(len(src)), 1)},
				})}).Result(0)
		}
		if (i+1)*threads <= chunks {
			toks = append(toks, copyOp())
			continue
		}
		// The last round: threads past the end copy nothing, and the
		// token they pass to the group is poison.
		active := k.cmp(6, c, k.c(chunks))
		toks = append(toks, k.ifValue(active, tokT, copyOp, func() ir.Value {
			return ub.BuildPoison(k.b, k.b.Loc, ub.PoisonAttr(k.ctx), tokT).Result()
		}))
	}
	return toks
}

// storeShared stores registers v of layout l into the staged tile sm.
func (k *kernel) storeShared(v ir.Value, l *Layout, sm ir.Value, sw Swizzle) {
	vt := v.Type().(*ir.VectorType)
	th := k.threadCoords(l)
	owner := k.ownerPred(l)
	dup := zeroBits(l.Reg)
	store := func() {
		for r := 0; r < l.NumRegs(); r++ {
			if int64(r)&dup != 0 {
				continue
			}
			rc := l.RegCoord(r)
			row := k.add(th[0], k.c(rc[0]))
			col := k.add(th[1], k.c(rc[1]))
			x := k.extract(v, vt.Elem, unflatten(r, vt.Shape))
			k.op("memref.store", []ir.Value{x, sm, k.offset(sw, row, col)}, nil)
		}
	}
	if owner != nil {
		k.guarded(owner, store)
		return
	}
	store()
}

func (k *kernel) parsedType(s string) ir.Type {
	t, err := asm.ParseTypeString(k.ctx, s)
	if err != nil {
		panic("tile-to-nvgpu: bad type " + s)
	}
	return t
}

// workgroupSpace is the memory space of shared memory.
func (k *kernel) workgroupSpace() ir.Attribute { return k.parsed("#gpu.address_space<workgroup>") }
