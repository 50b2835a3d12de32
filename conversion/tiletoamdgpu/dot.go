package tiletoamdgpu

import (
	"slices"
	"strings"

	"github.com/strata-ir/strata/conversion/tiletonvgpu"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/targets/chips"
)

// dotShape is what the lowering of a tile.dot needs to know of it.
type dotShape struct {
	bm, bk, bn   int64
	elem, acc    ir.Type
	layout       *tiletonvgpu.Layout
	wm, wn, frag int64
	// kInstr is the K of the instruction, per the K of its per-lane
	// operand vectors.
	kInstr, perLane int64
}

func tileShape(v ir.Value) ([]int64, ir.Type) {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return nil, nil
	}
	return t.Shape, t.Elem
}

func isFloatOf(t ir.Type, kinds ...ir.FloatKind) bool {
	f, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	for _, k := range kinds {
		if f.Kind == k {
			return true
		}
	}
	return false
}

// isFP8 reports whether t is one of the 8-bit floats of the MFMAs (the
// FNUZ formats of gfx942, the OCP ones of gfx950).
func isFP8(t ir.Type) bool {
	return isFloatOf(t, ir.F8E4M3FNUZ, ir.F8E5M2FNUZ, ir.F8E4M3FN, ir.F8E5M2)
}

// hasMatrix reports whether chip has a matrix instruction for a x b
// inputs and acc accumulators.
func hasMatrix(chip *chips.Chip, a, b, acc ir.Type) bool {
	at, bt, ct := ir.TypeString(a), ir.TypeString(b), ir.TypeString(acc)
	for _, in := range chip.Matrix {
		bs := in.B
		if len(bs) == 0 {
			bs = in.A
		}
		if in.Precision == "" && slices.Contains(in.A, at) && slices.Contains(bs, bt) && slices.Contains(in.Acc, ct) {
			return true
		}
	}
	return false
}

func dotInfo(k *tiletonvgpu.Kernel, op *ir.Operation) (*dotShape, error) {
	d, _ := tile.AsDotOp(op)
	aShape, aElem := tileShape(d.A())
	bShape, bElem := tileShape(d.B())
	_, cElem := tileShape(d.Acc())
	if chip, ok := chips.Lookup(k.Chip()); ok && !hasMatrix(chip, aElem, bElem, cElem) {
		var takes []string
		for _, in := range chip.Matrix {
			for _, a := range in.A {
				if in.Precision == "" && !slices.Contains(takes, a) {
					takes = append(takes, a)
				}
			}
		}
		return nil, k.Errorf(op, "tile-to-amdgpu: %s has no MFMA for %s x %s inputs with a %s accumulator (its MFMAs take %s)",
			k.Chip(), ir.TypeString(aElem), ir.TypeString(bElem), ir.TypeString(cElem), strings.Join(takes, ", "))
	}
	fp8 := isFP8(aElem) && isFP8(bElem)
	if !fp8 && (aElem != bElem || !isFloatOf(aElem, ir.F16, ir.BF16, ir.F32)) || !isFloatOf(cElem, ir.F32) {
		return nil, k.Errorf(op, "tile-to-amdgpu{chip=%s}: mfma takes f16, bf16, f32 or 8-bit float inputs and an f32 accumulator, not %s, %s -> %s",
			k.Chip(), ir.TypeString(aElem), ir.TypeString(bElem), ir.TypeString(cElem))
	}
	if p, ok := d.Precision(); ok && p == tile.PrecisionTf32 {
		return nil, k.Errorf(op, "tile-to-amdgpu{chip=%s}: tile.dot with precision tf32 is not lowered (xf32 mfma)", k.Chip())
	}
	l := k.Layout(d.Result())
	if l == nil {
		return nil, k.Errorf(op, "tile without a layout")
	}
	info := newDotShape(k.Chip(), aShape, bShape, aElem, cElem, l)
	if info.bk%info.kInstr != 0 {
		return nil, k.Errorf(op, "tile-to-amdgpu: the k block of a tile.dot must be a multiple of %d for mfma %dx%dx%d, not %d",
			info.kInstr, info.frag, info.frag, info.kInstr, info.bk)
	}
	return info, nil
}

// newDotShape describes the product of an aShape tile of elem by a bShape
// tile into an accumulator of acc elements laid out as l, on chip.
func newDotShape(chip string, aShape, bShape []int64, elem, acc ir.Type, l *tiletonvgpu.Layout) *dotShape {
	aElem, cElem := elem, acc
	fp8 := isFP8(aElem)
	info := &dotShape{bm: aShape[0], bk: aShape[1], bn: bShape[1], elem: aElem, acc: cElem, layout: l}
	info.wm, info.wn = info.bm, info.bn
	for _, b := range l.Warp {
		if b[0] != 0 {
			info.wm /= 2
		}
		if b[1] != 0 {
			info.wn /= 2
		}
	}
	info.frag = fragOf(l)
	// 32x32x8 and 16x16x16: four 16-bit elements of A and B per lane;
	// 32x32x2 and 16x16x4: one f32; 32x32x16 and 16x16x32: eight 8-bit
	// floats.
	switch {
	case isFloatOf(aElem, ir.F32):
		info.kInstr = 2 * 32 / info.frag
	case fp8:
		info.kInstr = 16 * 32 / info.frag
	case chip == "gfx950" && info.bk%(16*32/info.frag) == 0:
		// gfx950's f16 and bf16 MFMAs of twice the K (32x32x16,
		// 16x16x32): eight elements per lane.
		info.kInstr = 16 * 32 / info.frag
	default:
		info.kInstr = 8 * 32 / info.frag
	}
	info.perLane = info.kInstr * info.frag / WaveSize
	return info
}

// lowerDot computes D = A x B + C on the matrix cores: A (bm x bk) and
// the transpose of B (bn x bk) are staged in LDS, each in the layout the
// bank model finds conflict-free (chooseStaging); per k step of the
// instruction, each lane reads its elements of the A and B fragments of
// its wave (rows l % F of the fragment, k from 4 (l / F) on) as one
// vector each, and the wave issues amdgpu.mfma for every fragment of its
// part of the accumulator.
func lowerDot(k *tiletonvgpu.Kernel, op *ir.Operation) error {
	info, err := dotInfo(k, op)
	if err != nil {
		return err
	}
	d, _ := tile.AsDotOp(op)
	ctx := k.Context()
	regsA, lA, err := stagedRegs(k, d.A())
	if err != nil {
		return err
	}
	regsB, lB, err := stagedRegs(k, d.B())
	if err != nil {
		return err
	}
	sA, sB := unstaged(info), unstaged(info)
	if stagingFits(k.Chip(), info, 1) {
		sA = chooseStaging(info, lA, 0, int(k.Warps()))
		sB = chooseStaging(info, lB, 1, int(k.Warps()))
	}
	smA := k.Workgroup(ctx.MemRefType([]int64{sA.size(info.bm)}, info.elem, nil, k.WorkgroupSpace()))
	smB := k.Workgroup(ctx.MemRefType([]int64{sB.size(info.bn)}, info.elem, nil, k.WorkgroupSpace()))
	storeLDS(k, regsA, lA, smA, sA, nil, false)
	storeLDS(k, regsB, lB, smB, sB, nil, true)
	k.Op("gpu.barrier", nil, nil)
	acc := mfmaSteps(k, info, k.Get(d.Acc()), smA, smB, sA, sB, nil, nil)
	// The next stores to the staging buffers wait for every wave's reads.
	k.Op("gpu.barrier", nil, nil)
	k.Set(d.Result(), acc)
	return nil
}

// mfmaSteps accumulates the product of the tiles staged as sA at element
// offset offA of smA and as sB at offB of smB (nil for 0) into acc.
func mfmaSteps(k *tiletonvgpu.Kernel, info *dotShape, acc, smA, smB ir.Value, sA, sB staging, offA, offB ir.Value) ir.Value {
	ctx := k.Context()
	f := info.frag
	woff := k.WarpOffset(info.layout)
	mT, nT := info.wm/f, info.wn/f
	lf := k.Rem(k.Lane(), f)
	lg := k.Mul(k.Div(k.Lane(), f), info.perLane)
	var fragT ir.Type = k.Vec([]int64{info.perLane}, info.elem)
	load := func(sm, idx ir.Value) ir.Value { return k.Val("vector.load", []ir.Value{sm, idx}, fragT) }
	if info.perLane == 1 {
		// f32 sources are scalars.
		fragT = info.elem
		load = func(sm, idx ir.Value) ir.Value { return k.Val("memref.load", []ir.Value{sm, idx}, fragT) }
	}
	accT := k.Vec([]int64{f * f / WaveSize}, info.acc)
	i32 := ctx.I(32)
	props := []ir.NamedAttr{
		{Name: "m", Value: ctx.IntegerAttr(i32, f)},
		{Name: "n", Value: ctx.IntegerAttr(i32, f)},
		{Name: "k", Value: ctx.IntegerAttr(i32, info.kInstr)},
		{Name: "blocks", Value: ctx.IntegerAttr(i32, 1)},
		{Name: "cbsz", Value: ctx.IntegerAttr(i32, 0)},
		{Name: "abid", Value: ctx.IntegerAttr(i32, 0)},
		{Name: "blgp", Value: k.Parsed("#amdgpu<mfma_perm_b none>")},
	}
	for kk := int64(0); kk < info.bk; kk += info.kInstr {
		col := k.Add(k.C(kk), lg)
		as := make([]ir.Value, mT)
		for mi := range as {
			row := k.Add(woff[0], k.Add(k.C(int64(mi)*f), lf))
			as[mi] = load(smA, at(k, sA.emitOffset(k, row, col), offA))
		}
		bs := make([]ir.Value, nT)
		for ni := range bs {
			row := k.Add(woff[1], k.Add(k.C(int64(ni)*f), lf))
			bs[ni] = load(smB, at(k, sB.emitOffset(k, row, col), offB))
		}
		for mi := int64(0); mi < mT; mi++ {
			for ni := int64(0); ni < nT; ni++ {
				p := []int64{mi*nT + ni}
				c := k.Extract(acc, accT, p)
				r := k.Val("amdgpu.mfma", []ir.Value{as[mi], bs[ni], c}, accT, props...)
				acc = k.Insert(r, acc, p)
			}
		}
	}
	return acc
}

// stagedRegs returns the registers of operand v of a product and their
// layout: a block loaded for the product alone is read with buffer loads
// in the blocked layout; any other tile is already in registers.
func stagedRegs(k *tiletonvgpu.Kernel, v ir.Value) (ir.Value, *tiletonvgpu.Layout, error) {
	shape, elem := tileShape(v)
	def := ir.DefiningOp(v)
	if def != nil && tiletonvgpu.FeedsDot(def) {
		l := tiletonvgpu.BlockedLanes(shape, ir.IntOrFloatBitWidth(elem), int(k.Warps()), WaveSize)
		regs, err := bufferLoad(k, def, l)
		return regs, l, err
	}
	l := k.Layout(v)
	if l == nil {
		return nil, nil, k.Errorf(def, "tile without a layout")
	}
	return k.Get(v), l, nil
}

// at adds the offset off (nil for 0) to the index x.
func at(k *tiletonvgpu.Kernel, x, off ir.Value) ir.Value {
	if off == nil {
		return x
	}
	return k.Add(x, off)
}

// storeLDS stores registers v of layout l into the tile staged as s in
// sm from element base on (nil for 0), transposed when transpose is set,
// each element once: the registers that hold consecutive elements of a
// row within one unit of s (storeVector) are one store, other registers
// are stored one by one.
func storeLDS(k *tiletonvgpu.Kernel, v ir.Value, l *tiletonvgpu.Layout, sm ir.Value, s staging, base ir.Value, transpose bool) {
	vt := v.Type().(*ir.VectorType)
	if transpose {
		l = l.Permuted([]int64{1, 0})
	}
	th := k.ThreadCoords(l)
	dup := tiletonvgpu.ZeroBits(l.Reg)
	vec := storeVector(l, s, transpose)
	inner := vt.Shape[len(vt.Shape)-1]
	store := func() {
		units := v
		if vec > 1 && vec < inner {
			// The registers' vectors as units of s: [..., inner/vec, vec].
			shape := append(append([]int64(nil), vt.Shape[:len(vt.Shape)-1]...), inner/vec, vec)
			units = k.Val("vector.shape_cast", []ir.Value{v}, k.Vec(shape, vt.Elem))
		}
		for r := 0; r < l.NumRegs(); r += int(vec) {
			if int64(r)&dup != 0 {
				continue
			}
			rc := l.RegCoord(r)
			row, col := k.Add(th[0], k.C(rc[0])), k.Add(th[1], k.C(rc[1]))
			p := tiletonvgpu.Unflatten(r, vt.Shape)
			addr := at(k, s.emitOffset(k, row, col), base)
			if vec == 1 {
				x := k.Extract(v, vt.Elem, p)
				k.Op("memref.store", []ir.Value{x, sm, addr}, nil)
				continue
			}
			pos := p[:len(p)-1]
			if vec < inner {
				pos = append(append([]int64(nil), pos...), p[len(p)-1]/vec)
			}
			x := k.Extract(units, k.Vec([]int64{vec}, vt.Elem), pos)
			k.Op("vector.store", []ir.Value{x, sm, addr}, nil)
		}
	}
	if owner := k.OwnerPred(l); owner != nil {
		k.Guarded(owner, store)
		return
	}
	store()
}
