package linalgtotile

import (
	"math"
	"slices"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	mathd "github.com/strata-ir/strata/dialects/math"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/targets/chips"
)

// A recognized attention (attention.go) becomes one FlashAttention
// kernel: the host collapses the batch dimensions of Q, K, V and O into
// one ([B, H, S, D] -> [B*H, S, D]) and launches a grid [query blocks,
// B*H], both parallel. A program loads its block of Q once and walks
// the key blocks carrying the running max m (in log2 units), the running
// sum l and the f32 accumulator acc: S = Q K^T scaled by scale*log2(e) in
// one multiply, p = exp2(S - m_new), alpha = exp2(m - m_new),
// l = alpha*l + rowsum(p), acc = alpha*acc + P V with P cast to the
// input type when that is bf16 or f16; O = acc / l is stored once.
// Causal attention runs two loops: the key blocks wholly at or below the
// block's first query (and inside the keys) without a mask, then the
// diagonal blocks with it; blocks above the diagonal are never loaded.
// transforms/linalgtotile/testdata/flash-form.mlir shows the form.

// flashBlocks are the blocks of a FlashAttention kernel: query rows, keys,
// and the head dimensions of Q/K and of V (padded with zeros to a size
// the chip's matrix units take).
type flashBlocks struct{ q, k, d, dv int64 }

// log2e is log2(e): exp(x) = exp2(x * log2e).
const log2e = 1.4426950408889634

// defaultFlash returns the chip's starting blocks of queries and keys.
func defaultFlash(chip *chips.Chip, d int64) (int64, int64) {
	switch {
	case chip == nil:
		return 64, 64
	case chip.BlockRule == "tpu":
		k := chip.MXUSize
		if k == 0 {
			k = 128
		}
		return 128, k
	case chip.PartitionMax > 0:
		// Rows of Q, keys of K and V on at most 128 partitions.
		return 128, 128
	case chip.Vendor == "nvidia":
		// Warpgroup MMA (M = 64 per warpgroup, two warpgroups): 128
		// queries, 128 keys for small heads and 64 for large ones; with
		// mma.sync 64 keys, and 64 queries for large heads.
		wg := false
		for _, in := range chip.Matrix {
			if in.M >= 64 {
				wg = true
			}
		}
		switch {
		case wg && d <= 64:
			return 128, 128
		case wg:
			return 128, 64
		case d <= 64:
			return 128, 64
		default:
			return 64, 64
		}
	}
	// AMD: 128 queries, 64 keys (MFMA 32x32).
	return 128, 64
}

// candidates are the block sizes to try along a dimension of size n:
// the smallest power of two covering n (when below def) up to def, then
// below.
func candidates(def, n int64) []int64 {
	var out []int64
	start := def
	if n != ir.Dynamic && n > 0 && pow2(n) < def {
		start = pow2(n)
		if start < 8 {
			start = 8
		}
	}
	for s := start; s <= def; s *= 2 {
		out = append(out, s)
	}
	for s := start / 2; s >= 8; s /= 2 {
		out = append(out, s)
	}
	if len(out) == 0 {
		out = append(out, def)
	}
	return out
}

// dotFits reports whether chip computes an m×n×k tile.dot of elem inputs
// into f32 (the check of tile-verify-target); with vector false, only on
// its matrix units.
func dotFits(chip *chips.Chip, m, n, k int64, elem ir.Type, vector bool) bool {
	at := asm.TypeString(elem)
	if vector && at == "f32" && slices.Contains(chip.VectorDot, at) {
		return true
	}
	for _, in := range chip.Matrix {
		b := in.B
		if len(b) == 0 {
			b = in.A
		}
		if slices.Contains(in.A, at) && slices.Contains(b, at) && slices.Contains(in.Acc, "f32") && in.Precision == "" &&
			m%in.M == 0 && n%in.N == 0 && k%in.K == 0 {
			return true
		}
	}
	return false
}

// tpuDim reports whether a block dimension b of an array dimension n
// passes the TPU block rule (a multiple of unit or the whole dimension).
func tpuDim(b, n, unit int64) bool { return b%unit == 0 || b == n }

// exp2Native reports whether the chip's transcendental unit computes
// 2^x (GPUs' ex2 / v_exp_f32, the TPU's EUP through jnp.exp2): the
// softmax then runs in log2 units with math.exp2. Neuron's scalar engine
// has exp among its activation functions and no exp2; there the scale is
// folded alone and the kernel uses math.exp.
func exp2Native(chip *chips.Chip) bool { return chip == nil || chip.PartitionMax == 0 }

// chooseFlash returns the blocks of the attention a on the lowering's
// chip, checked against its limits as tile-verify-target checks them.
func (l *lowering) chooseFlash(a *attention) (flashBlocks, bool) {
	chip := l.bl.Chip
	if l.bl.Given {
		return flashBlocks{q: l.bl.M, k: l.bl.N, d: a.dq, dv: a.dv}, true
	}
	if chip == nil {
		return flashBlocks{q: 64, k: 64, d: a.dq, dv: a.dv}, true
	}
	dq, dk := defaultFlash(chip, a.dq)
	loops := int64(1)
	if a.causal {
		loops = 2
	}
	in, vin := bytesOfType(a.in), bytesOfType(a.vIn)
	tpu := chip.BlockRule == "tpu"
	// On a TPU the N and K of every dot (keys, head dimensions) fill
	// the MXU, as tile-to-tpu requires.
	mxu := chip.MXUSize
	if mxu == 0 {
		mxu = 128
	}
	pmax := chip.PartitionMax
	over := func(x int64) bool { return pmax > 0 && x > pmax }
	// GPU lowerings compute products on the matrix units (f32 ones on
	// AMD's f32 MFMAs too): blocks that an instruction takes come first,
	// vector products of any shape only when none does.
	passes := []bool{true}
	if chip.WarpSize > 0 {
		passes = []bool{false, true}
	}
	for _, vector := range passes {
		for _, bq := range candidates(dq, a.sq) {
			for _, bk := range candidates(dk, a.sk) {
				if over(bq) || over(bk) || (tpu && (!tpuDim(bq, a.sq, 8) || bk%mxu != 0)) {
					continue
				}
				if chip.AccFreeBytes > 0 && bk*4 > chip.AccFreeBytes {
					continue
				}
				bd := int64(-1)
				for d := a.dq; d <= a.dq+mxu; d++ {
					if !over(d) && dotFits(chip, bq, bk, d, a.in, vector) && (!tpu || d%mxu == 0) {
						bd = d
						break
					}
				}
				bdv := int64(-1)
				for d := a.dv; d <= a.dv+mxu; d++ {
					if dotFits(chip, bq, d, bk, a.vIn, vector) && (!tpu || d%mxu == 0) && (chip.AccFreeBytes == 0 || d*4 <= chip.AccFreeBytes) {
						bdv = d
						break
					}
				}
				if bd < 0 || bdv < 0 {
					continue
				}
				if bq*bd*in+loops*bk*(bd*in+bdv*vin+int64(len(a.masks))*bq*4) > chip.MemoryBytes {
					continue
				}
				return flashBlocks{q: bq, k: bk, d: bd, dv: bdv}, true
			}
		}
	}
	return flashBlocks{}, false
}

func bytesOfType(t ir.Type) int64 { return int64((ir.IntOrFloatBitWidth(t) + 7) / 8) }

// lowerAttention lowers the attention whose product Q x K^T is op into one
// FlashAttention kernel; it returns the operations it replaced (none when
// op does not start an attention it lowers).
func (l *lowering) lowerAttention(op *ir.Operation) []*ir.Operation {
	a, ok := matchAttention(op)
	if !ok {
		return nil
	}
	fb, ok := l.chooseFlash(a)
	if !ok {
		return nil
	}
	fin := a.final
	k := l.newKernel(fin.op)
	f := &flashKernel{kernel: k, a: a, fb: fb}
	f.emit()
	done := []*ir.Operation{}
	for _, o := range a.erase {
		redirectDims(o)
		o.Erase()
		done = append(done, o)
	}
	for _, o := range a.fills {
		redirectDims(o)
		if !ir.HasUses(o.Result(0)) {
			o.Erase()
			done = append(done, o)
		}
	}
	return done
}

// flashKernel emits one FlashAttention kernel.
type flashKernel struct {
	*kernel
	a   *attention
	fb  flashBlocks
	f32 ir.Type
	// Q, K, V, O are the kernel's views; bh and kvh the batch-and-head
	// index of Q/O and of K/V, qb the query block index.
	Q, K, V, O  ir.Value
	bh, kvh, qb ir.Value
	q           ir.Value // the Q block
	sk          ir.Value // the number of keys
	ragged      bool     // keys may end inside a block
	ninf, zero  ir.Value
	scale       ir.Value   // scale * log2(e) (scale alone with exp)
	exp2        bool       // exponentiate with math.exp2 (else math.exp)
	batch       []ir.Value // the batch indices (for additive masks)
}

// flat returns the host buffer of tensor t with its batch dimensions
// collapsed into one (none added when there are none).
func (f *flashKernel) flat(m ir.Value, nb int) ir.Value {
	if nb <= 1 {
		return m
	}
	mt := m.Type().(*ir.MemRefType)
	bh := int64(1)
	for _, s := range mt.Shape[:nb] {
		if s == ir.Dynamic {
			bh = ir.Dynamic
			break
		}
		bh *= s
	}
	group := make([]int64, nb)
	for i := range group {
		group[i] = int64(i)
	}
	groups := [][]int64{group, {int64(nb)}, {int64(nb + 1)}}
	shape := []int64{bh, mt.Shape[nb], mt.Shape[nb+1]}
	rt := f.ctx.MemRefType(shape, mt.Elem, nil, nil)
	return memref.BuildCollapseShape(f.host, f.loc, m, reassociation(f.ctx, groups), rt).Operation.Result(0)
}

func reassociation(ctx *ir.Context, groups [][]int64) ir.Attribute {
	elems := make([]ir.Attribute, len(groups))
	for i, g := range groups {
		gs := make([]ir.Attribute, len(g))
		for j, x := range g {
			gs[j] = ctx.IntegerAttr(ctx.I(64), x)
		}
		elems[i] = ctx.ArrayAttr(gs)
	}
	return ctx.ArrayAttr(elems)
}

// block loads the rows×cols block at (row block r, column block c) of the
// view v of batch-and-head index bh, as a 2-D tile.
func (f *flashKernel) block(v, bh, r, c ir.Value, rows, cols int64, elem ir.Type) ir.Value {
	idx := []ir.Value{r, c}
	shape := []int64{rows, cols}
	vi, _ := tile.ViewOf(v.Type())
	batched := len(vi.Shape) == 3
	if batched {
		idx = []ir.Value{bh, r, c}
		shape = []int64{1, rows, cols}
	}
	x := tile.BuildLoad(f.b, f.loc, v, idx, f.tensorType(shape, elem), tile.LoadOptions{Pad: tile.PadAttr(f.ctx, "zero")}).Operation.Result(0)
	if batched {
		x = tile.BuildReshape(f.b, f.loc, x, f.tensorType([]int64{rows, cols}, elem)).Operation.Result(0)
	}
	return x
}

// rows broadcasts the row vector x ([n]) to [n, cols].
func (f *flashKernel) rows(x ir.Value, cols int64) ir.Value {
	n := shapeOf(x.Type())[0]
	elem := elemOf(x.Type())
	e := tile.BuildExpandDims(f.b, f.loc, x, 1, f.tensorType([]int64{n, 1}, elem)).Operation.Result(0)
	return tile.BuildBroadcast(f.b, f.loc, e, f.tensorType([]int64{n, cols}, elem)).Operation.Result(0)
}

// cols broadcasts the vector x ([n]) to [rows, n].
func (f *flashKernel) cols(x ir.Value, rows int64) ir.Value {
	n := shapeOf(x.Type())[0]
	elem := elemOf(x.Type())
	e := tile.BuildExpandDims(f.b, f.loc, x, 0, f.tensorType([]int64{1, n}, elem)).Operation.Result(0)
	return tile.BuildBroadcast(f.b, f.loc, e, f.tensorType([]int64{rows, n}, elem)).Operation.Result(0)
}

// positions is the tile [n] of base + 0..n-1.
func (f *flashKernel) positions(base ir.Value, n int64) ir.Value {
	io := tile.BuildIota(f.b, f.loc, f.tensorType([]int64{n}, f.index())).Operation.Result(0)
	return arith.BuildAddi(f.b, f.loc, io, f.splat(base, []int64{n})).Operation.Result(0)
}

func (f *flashKernel) emit() {
	a, fb, b, loc := f.a, f.fb, f.b, f.loc
	f.f32 = f.ctx.FloatType(ir.F32)
	nb := a.nb
	// Host: buffers, collapsed; the grid.
	qm := f.flat(f.buffer(a.q), nb)
	km := f.flat(f.buffer(a.k), a.kvNb)
	vm := f.flat(f.buffer(a.v), a.kvNb)
	out := f.output(a.final.outs[0])
	om := f.flat(out, nb)
	f.addGridAxis(f.hostSize(a.q, nb), fb.q)
	var bhs ir.Value
	for i := 0; i < nb; i++ {
		s := f.hostSize(a.q, i)
		if bhs == nil {
			bhs = s
		} else {
			bhs = arith.BuildMuli(f.host, loc, bhs, s).Operation.Result(0)
		}
	}
	if bhs == nil {
		bhs = arith.BuildConstant(f.host, loc, f.ctx.IntegerAttr(f.index(), 1), f.index()).Operation.Result(0)
	}
	f.addGridAxis(bhs, 1)
	// Kernel prologue.
	f.Q, f.K, f.V, f.O = f.viewOfMem(qm), f.viewOfMem(km), f.viewOfMem(vm), f.viewOfMem(om)
	f.qb = f.atTop(func() ir.Value { return f.programID(0) })
	f.bh = f.atTop(func() ir.Value { return f.programID(1) })
	f.kvh = f.bh
	if a.group > 1 {
		f.kvh = arith.BuildDivui(b, loc, f.bh, f.cidx(a.group)).Operation.Result(0)
	}
	f.ninf = f.identity(f.f32, math.Inf(-1))
	f.zero = f.identity(f.f32, 0)
	f.exp2 = exp2Native(f.l.bl.Chip)
	if f.exp2 {
		f.scale = f.identity(f.f32, a.factor*log2e)
	} else {
		f.scale = f.identity(f.f32, a.factor)
	}
	c0 := f.cidx(0)
	f.q = f.block(f.Q, f.bh, f.qb, c0, fb.q, fb.d, a.in)
	m := f.splat(f.ninf, []int64{fb.q})
	lsum := f.splat(f.zero, []int64{fb.q})
	acc := f.splat(f.zero, []int64{fb.q, fb.dv})
	// The keys' dimension of the kernel's view of K.
	seq := int64(0)
	if a.kvNb > 0 {
		seq = 1
	}
	if a.kT {
		seq++
	}
	nk := tile.BuildNumBlocks(b, loc, f.K, seq, fb.k).Operation.Result(0)
	f.ragged = a.sk == ir.Dynamic || a.sk%fb.k != 0
	if a.sk == ir.Dynamic {
		f.sk = tile.BuildDim(b, loc, f.K, seq).Operation.Result(0)
	} else {
		f.sk = f.cidx(a.sk)
	}
	// The batch indices of the additive masks, from the B*H index.
	if len(a.masks) > 0 {
		f.batch = make([]ir.Value, nb)
		rest := f.bh
		for i := nb - 1; i >= 0; i-- {
			if i == 0 {
				f.batch[i] = rest
				break
			}
			size := f.kernelSize(a.q, i)
			f.batch[i] = arith.BuildRemui(b, loc, rest, size).Operation.Result(0)
			rest = arith.BuildDivui(b, loc, rest, size).Operation.Result(0)
		}
	}
	carried := []ir.Value{m, lsum, acc}
	if !a.causal {
		carried = f.loop(c0, nk, carried, f.ragged, nil)
	} else {
		// [0, nfull): wholly at or below the block's first query and
		// inside the keys; [nfull, nend): up to its last query.
		q0 := arith.BuildMuli(b, loc, f.qb, f.cidx(fb.q)).Operation.Result(0)
		below := arith.BuildDivui(b, loc, q0, f.cidx(fb.k)).Operation.Result(0)
		var inside ir.Value
		if a.sk == ir.Dynamic {
			inside = arith.BuildDivui(b, loc, f.sk, f.cidx(fb.k)).Operation.Result(0)
		} else {
			inside = f.cidx(a.sk / fb.k)
		}
		nfull := arith.BuildMinui(b, loc, below, inside).Operation.Result(0)
		q1 := arith.BuildAddi(b, loc, q0, f.cidx(fb.q)).Operation.Result(0)
		upto := arith.BuildCeildivui(b, loc, q1, f.cidx(fb.k)).Operation.Result(0)
		nend := arith.BuildMinui(b, loc, upto, nk).Operation.Result(0)
		carried = f.loop(c0, nfull, carried, false, nil)
		carried = f.loop(nfull, nend, carried, f.ragged, q0)
	}
	// O = acc / l, stored once.
	o := arith.BuildDivf(b, loc, carried[2], f.rows(carried[1], fb.dv)).Operation.Result(0)
	oe := elemOf(a.final.op.Result(0).Type())
	if oe != f.f32 {
		o = tile.BuildCast(b, loc, o, f.tensorType([]int64{fb.q, fb.dv}, oe)).Operation.Result(0)
	}
	idx := []ir.Value{f.qb, c0}
	if nb > 0 {
		o = tile.BuildReshape(b, loc, o, f.tensorType([]int64{1, fb.q, fb.dv}, oe)).Operation.Result(0)
		idx = []ir.Value{f.bh, f.qb, c0}
	}
	tile.BuildStore(b, loc, o, f.O, idx, tile.StoreOptions{BoundsCheck: true})
	f.finish(hostFuncName(a.final.op), []string{tile.Parallel, tile.Parallel}, out, a.final.op.Result(0))
}

// loop emits the loop over key blocks [lo, hi) carrying m, l and acc;
// keys past the end are masked when ragged, keys after the query when q0
// (the block's first query) is given.
func (f *flashKernel) loop(lo, hi ir.Value, carried []ir.Value, ragged bool, q0 ir.Value) []ir.Value {
	a, fb, loc := f.a, f.fb, f.loc
	types := []ir.Type{carried[0].Type(), carried[1].Type(), carried[2].Type()}
	loop := scf.BuildFor(f.b, loc, lo, hi, f.cidx(1), carried, types)
	saved := *f.b
	body := loop.Region().First()
	f.b.SetInsertionPointToEnd(body)
	b := f.b
	j, m, l, acc := body.Argument(0), body.Argument(1), body.Argument(2), body.Argument(3)
	c0 := f.cidx(0)
	sT := []int64{fb.q, fb.k}
	// S = (Q K^T) * scale * log2(e).
	var kt ir.Value
	if a.kT {
		kt = f.block(f.K, f.kvh, c0, j, fb.d, fb.k, a.in)
	} else {
		kb := f.block(f.K, f.kvh, j, c0, fb.k, fb.d, a.in)
		kt = tile.BuildTranspose(b, loc, kb, f.ctx.DenseI64Array(1, 0), f.tensorType([]int64{fb.d, fb.k}, a.in)).Operation.Result(0)
	}
	s := tile.BuildDot(b, loc, f.q, kt, f.splat(f.zero, sT)).Operation.Result(0)
	s = arith.BuildMulf(b, loc, s, f.splat(f.scale, sT)).Operation.Result(0)
	// Additive masks: their block times the coefficient (in log2 units).
	for _, t := range a.masks {
		bs := make([]int64, a.nb+2)
		idx := make([]ir.Value, a.nb+2)
		for i := 0; i < a.nb; i++ {
			bs[i], idx[i] = 1, f.batch[i]
		}
		bs[a.nb], bs[a.nb+1] = fb.q, fb.k
		idx[a.nb], idx[a.nb+1] = f.qb, j
		mb := f.load(t.t, t.m, idx, bs)
		if a.nb > 0 {
			mb = tile.BuildReshape(b, loc, mb, f.tensorType(sT, f.f32)).Operation.Result(0)
		}
		coef := t.coef
		if f.exp2 {
			coef *= log2e
		}
		if coef != 1 {
			mb = arith.BuildMulf(b, loc, mb, f.splat(f.identity(f.f32, coef), sT)).Operation.Result(0)
		}
		s = arith.BuildAddf(b, loc, s, mb).Operation.Result(0)
	}
	if ragged || q0 != nil {
		kbase := arith.BuildMuli(b, loc, j, f.cidx(fb.k)).Operation.Result(0)
		kpos := f.cols(f.positions(kbase, fb.k), fb.q)
		ninfs := f.splat(f.ninf, sT)
		if ragged {
			in := arith.BuildCmpi(b, loc, kpos, f.splat(f.sk, sT), arith.CmpIPredicateSlt).Operation.Result(0)
			s = arith.BuildSelect(b, loc, in, s, ninfs).Operation.Result(0)
		}
		if q0 != nil {
			qpos := f.rows(f.positions(q0, fb.q), fb.k)
			vis := arith.BuildCmpi(b, loc, kpos, qpos, arith.CmpIPredicateUle).Operation.Result(0)
			s = arith.BuildSelect(b, loc, vis, s, ninfs).Operation.Result(0)
		}
	}
	// The online softmax.
	vT := f.tensorType([]int64{fb.q}, f.f32)
	bm := tile.BuildReduce(b, loc, s, 1, vT, tile.ReduceOptions{Kind: ptrKind(tile.CombiningKindMax)}).Operation.Result(0)
	mn := arith.BuildMaximumf(b, loc, m, bm).Operation.Result(0)
	// A mask tensor may hide every key of a row so far (m = -inf):
	// subtract 0 instead, so that exp gives 0 rather than NaN.
	mu := mn
	if len(a.masks) > 0 {
		vninf := f.splat(f.ninf, []int64{fb.q})
		none := arith.BuildCmpf(b, loc, mn, vninf, arith.CmpFPredicateOeq).Operation.Result(0)
		mu = arith.BuildSelect(b, loc, none, f.splat(f.zero, []int64{fb.q}), mn).Operation.Result(0)
	}
	d := arith.BuildSubf(b, loc, s, f.rows(mu, fb.k)).Operation.Result(0)
	p := f.exp(d)
	ps := tile.BuildReduce(b, loc, p, 1, vT, tile.ReduceOptions{Kind: ptrKind(tile.CombiningKindSum)}).Operation.Result(0)
	alpha := f.exp(arith.BuildSubf(b, loc, m, mu).Operation.Result(0))
	ln := arith.BuildAddf(b, loc, arith.BuildMulf(b, loc, l, alpha).Operation.Result(0), ps).Operation.Result(0)
	accs := arith.BuildMulf(b, loc, acc, f.rows(alpha, fb.dv)).Operation.Result(0)
	if a.vIn != f.f32 {
		p = tile.BuildCast(b, loc, p, f.tensorType(sT, a.vIn)).Operation.Result(0)
	}
	vb := f.block(f.V, f.kvh, j, c0, fb.k, fb.dv, a.vIn)
	an := tile.BuildDot(b, loc, p, vb, accs).Operation.Result(0)
	scf.BuildYield(b, loc, []ir.Value{mn, ln, an})
	*f.b = saved
	return []ir.Value{loop.Operation.Result(0), loop.Operation.Result(1), loop.Operation.Result(2)}
}

// exp is 2^x or e^x, as the scores are scaled.
func (f *flashKernel) exp(x ir.Value) ir.Value {
	if f.exp2 {
		return mathd.BuildExp2(f.b, f.loc, x).Operation.Result(0)
	}
	return mathd.BuildExp(f.b, f.loc, x).Operation.Result(0)
}

func ptrKind(k tile.CombiningKind) *tile.CombiningKind { return &k }
