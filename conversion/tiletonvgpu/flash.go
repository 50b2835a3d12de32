package tiletonvgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// Attention (FlashAttention's forward pass) is a loop over key blocks
// whose body holds two products: S = Q K^T, and P V added to the running
// accumulator, where P is computed from S in registers (the online
// softmax). The lowering keeps P where it is:
//
//   - the products of such a chain run with their warps stacked along the
//     rows (chainedDots, rowWarps), so that each warp holds whole rows of
//     S and of the accumulator: the row maxima and sums are shuffles
//     within the quads of a warp, and the m16n8k16 accumulator fragments
//     of two n8 tiles of P are the A fragment of the next product
//     (regFragsA): P V reads its A operand from registers;
//   - a loop-invariant operand A (the Q block) is staged once and its
//     fragments stay in registers for every iteration (and every loop
//     that uses it);
//   - the K and V blocks of the coming iterations stream through a ring
//     of swizzled shared-memory stages by cp.async (flashLoop), K staged
//     as it lies in memory (rows of keys) and read with ldmatrix without
//     transposition, V with ldmatrix.trans.

// chainedDots returns the products whose operand A is computed in
// registers from the result of another product, and those other
// products.
func chainedDots(body *ir.Operation) map[*ir.Operation]bool {
	out := map[*ir.Operation]bool{}
	body.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		d, ok := tile.AsDotOp(op)
		if !ok {
			return true
		}
		if src := producingDot(d.A(), 8); src != nil {
			out[op] = true
			out[src] = true
		}
		return true
	})
	return out
}

// producingDot follows v back through casts and element-wise operations
// (at most depth of them deep, breadth first along every operand) to the
// product it is computed from, or nil.
func producingDot(v ir.Value, depth int) *ir.Operation {
	def := ir.DefiningOp(v)
	if def == nil || depth < 0 {
		return nil
	}
	if isOp(def, tile.AsDotOp) {
		return def
	}
	if !isOp(def, tile.AsCastOp) && !elementwise(def) {
		return nil
	}
	for i := 0; i < def.NumOperands(); i++ {
		if d := producingDot(def.Operand(i), depth-1); d != nil {
			return d
		}
	}
	return nil
}

// rowWarps is the warp grid of a chained product: every warp takes whole
// rows.
func rowWarps(shape []int64, warps int64) (int64, int64, error) {
	if len(shape) != 2 || !isPow2(shape[0]) || !isPow2(shape[1]) || shape[1] < 8 || shape[0] < 16*warps {
		return 0, 0, fmt.Errorf("tile.dot accumulator %v: a product whose result feeds another in registers needs at least 16 rows a warp (%d warps) and 8 columns", shape, warps)
	}
	return warps, 1, nil
}

// chainWarps returns the warps of a kernel with chained products: a warp
// for every 16 rows of the smallest accumulator, at most BigWarps (0 when
// the kernel has none).
func chainWarps(kf *ir.Operation) int64 {
	chained := chainedDots(kf)
	if len(chained) == 0 {
		return 0
	}
	w := int64(BigWarps)
	for op := range chained {
		d, _ := tile.AsDotOp(op)
		if shape, _, ok := tileShape(d.Result()); ok && len(shape) == 2 {
			for w > 1 && shape[0] < 16*w {
				w /= 2
			}
		}
	}
	return w
}

// regFragsA returns, when operand A of a product (info) is a 16-bit tile
// in registers whose layout is the accumulator layout of the product's
// warp grid, the function that assembles the A fragment of m tile mi and
// k step ks (of 16) from the registers: the C fragments of n8 tiles 2ks
// and 2ks+1 of m16n8k16, rows g and g+8 each, are a0a1, a2a3 and a4a5,
// a6a7 of the A fragment.
func (k *kernel) regFragsA(a ir.Value, info *dotShape) (func(mi, ks int64) ir.Value, bool) {
	la, ok := k.layouts[a]
	acc := info.layout
	if !ok || acc == nil || bitWidth(info.aElem) != 16 {
		return nil, false
	}
	for _, w := range acc.Warp {
		if w[1] != 0 {
			return nil, false
		}
	}
	wm := int64(1) << len(acc.Warp)
	if !acc.Equal(MMA(acc.Shape, wm, 1)) || !la.Equal(MMA(la.Shape, wm, 1)) || la.Shape[0] != acc.Shape[0] {
		return nil, false
	}
	regs := k.get(a)
	nT := la.Shape[1] / 8
	pair := k.vec([]int64{2}, info.aElem)
	fragT := k.vec([]int64{4, 2}, info.aElem)
	zero := k.val("arith.constant", nil, fragT, ir.NamedAttr{Name: "value",
		Value: k.ctx.DenseElementsAttr(fragT, true, make([]byte, 2))})
	return func(mi, ks int64) ir.Value {
		f := mi*nT + 2*ks
		x := zero
		for i, p := range [][]int64{{f, 0}, {f, 1}, {f + 1, 0}, {f + 1, 1}} {
			x = k.insert(k.extract(regs, pair, p), x, []int64{int64(i)})
		}
		return x
	}, true
}

// FlashSharedBytes is the most shared memory the ring of an attention
// loop takes; past StaticSharedBytes it is dynamic shared memory.
const FlashSharedBytes = 96 * 1024

// flashLoop is the plan of an attention loop: S = A x transpose(K block)
// and P x (V block) with P in registers, the K and V blocks streamed
// through a ring of stages shared-memory stages, each holding a K block
// then a V block.
type flashLoop struct {
	body           *ir.Block
	scores, pv     *ir.Operation
	kLoad, vLoad   tile.LoadOp
	kTrans         *ir.Operation
	kShape, vShape []int64
	elem           ir.Type
	stages         int64
	kSize, vSize   int64
	ring           ir.Value
	swK, swV       Swizzle
	iv, ub, step   ir.Value
	rs, ws, tok    ir.Value
	next           []ir.Value
	oldIV          ir.Value
	qFrags         [][]ir.Value
}

// skips reports whether op is lowered by the loop's copies (the K and V
// loads and K's transpose).
func (p *flashLoop) skips(op *ir.Operation) bool {
	return op == p.kLoad.Operation || op == p.vLoad.Operation || op == p.kTrans
}

// onlyUse returns the operation that uses v once, or nil.
func onlyUse(v ir.Value) *ir.OpOperand {
	if !ir.HasOneUse(v) {
		return nil
	}
	return v.FirstUse()
}

// flashPlan returns the plan of loop f, or nil when its body is not an
// attention step whose K and V blocks cp.async can copy.
func (k *kernel) flashPlan(f scf.ForOp) *flashLoop {
	body := f.Region().First()
	var dots []*ir.Operation
	for op := body.First(); op != nil; op = op.Next() {
		for i := 0; i < op.NumRegions(); i++ {
			if op.Region(i).First() != nil && !isOp(op, tile.AsReduceOp) {
				return nil
			}
		}
		if isOp(op, tile.AsDotOp) {
			dots = append(dots, op)
		}
	}
	if len(dots) != 2 || producingDot(tile.DotOp{Operation: dots[1]}.A(), 8) != dots[0] {
		return nil
	}
	p := &flashLoop{body: body, scores: dots[0], pv: dots[1], oldIV: body.Argument(0)}
	s, _ := tile.AsDotOp(dots[0])
	pv, _ := tile.AsDotOp(dots[1])
	// S's B operand: the transpose of a K block loaded in the body.
	tr, ok := tile.AsTransposeOp(ir.DefiningOp(s.B()))
	if !ok || tr.Operation.Block() != body || onlyUse(s.B()) == nil {
		return nil
	}
	kl, ok := blockLoad(tr.Operation.Operand(0))
	if !ok || kl.Operation.Block() != body {
		return nil
	}
	// P V's B operand: a V block loaded in the body for the product only.
	vl, ok := blockLoad(pv.B())
	if !ok || vl.Operation.Block() != body {
		return nil
	}
	// S's A operand: loop-invariant.
	if ad := ir.DefiningOp(s.A()); ad != nil && ad.Block() == body {
		return nil
	}
	p.kLoad, p.vLoad, p.kTrans = kl, vl, tr.Operation
	p.kShape, _, _ = tileShape(kl.Result())
	var vElem ir.Type
	p.vShape, vElem, _ = tileShape(vl.Result())
	_, p.elem, _ = tileShape(kl.Result())
	if p.elem != vElem || bitWidth(p.elem) != 16 || !k.asyncCopyOK(kl, p.kShape) || !k.asyncCopyOK(vl, p.vShape) {
		return nil
	}
	kr, vr := len(p.kShape)-2, len(p.vShape)-2
	p.kSize, p.vSize = p.kShape[kr]*p.kShape[kr+1], p.vShape[vr]*p.vShape[vr+1]
	p.stages = min(MaxStages, FlashSharedBytes/((p.kSize+p.vSize)*2))
	if p.stages < 2 {
		return nil
	}
	// The A operand is staged in the ring before the loop.
	aShape, _, _ := tileShape(s.A())
	if aShape[0]*aShape[1] > p.stages*(p.kSize+p.vSize) {
		return nil
	}
	p.swK, p.swV = SwizzleFor(p.kShape[kr+1], 16), SwizzleFor(p.vShape[vr+1], 16)
	return p
}

// lowerFlashFor lowers attention loop op with plan p (the software
// pipeline of lowerPipelinedFor, with two blocks a stage and the A
// operand of S in registers).
func (k *kernel) lowerFlashFor(op *ir.Operation, p *flashLoop) error {
	f, _ := scf.AsForOp(op)
	lb, ub, step := k.get(f.LowerBound()), k.get(f.UpperBound()), k.get(f.Step())
	p.ub, p.step = ub, step
	// The loops of a kernel share one ring: static shared memory up to
	// StaticSharedBytes, dynamic beyond (a view of
	// gpu.dynamic_shared_memory, whose size the launches pass).
	size := p.stages * (p.kSize + p.vSize)
	rt := k.ctx.MemRefType([]int64{size}, p.elem, nil, k.workgroupSpace())
	if k.ring == nil || k.ring.Type() != ir.Type(rt) {
		if bytes := size * int64(bitWidth(p.elem)/8); bytes > StaticSharedBytes {
			back := k.inPrologue()
			dyn := k.val("gpu.dynamic_shared_memory", nil, k.ctx.MemRefType([]int64{ir.Dynamic}, k.ctx.I(8), nil, k.workgroupSpace()))
			k.ring = k.val("memref.view", []ir.Value{dyn, k.c(0)}, rt)
			back()
		} else {
			k.ring = k.workgroup(rt)
		}
	}
	p.ring = k.ring
	info, err := k.dotInfo(p.scores)
	if err != nil {
		return err
	}
	if err := k.loadAFrags(p, info); err != nil {
		return err
	}
	var tok ir.Value
	for s := int64(0); s < p.stages-1; s++ {
		at := k.add(lb, k.bin("arith.muli", step, k.c(s)))
		tok = k.flashPrefetch(p, at, k.c(s))
	}
	inits, types := k.getAll(f.InitArgs())
	n := len(inits)
	inits = append(inits, k.c(0), k.c(p.stages-1), tok)
	types = append(types, k.index(), k.index(), k.tokenType())
	nf := k.b.Create(&ir.OperationState{Name: op.OpName(), Operands: append([]ir.Value{lb, ub, step}, inits...),
		ResultTypes: types, Properties: op.Properties(), Attributes: op.Attrs(), NumRegions: 1})
	old := f.Region().First()
	saved := *k.b
	body := k.b.CreateBlock(nf.Region(0), append([]ir.Type{k.index()}, types...)...)
	for i, a := range old.Arguments() {
		k.vals[a] = body.Argument(i)
	}
	p.iv = body.Argument(0)
	p.rs, p.ws, p.tok = body.Argument(n+1), body.Argument(n+2), body.Argument(n+3)
	k.flash = p
	err = k.lowerBlock(old)
	k.flash = nil
	if err != nil {
		return err
	}
	*k.b = saved
	for i := 0; i < op.NumResults(); i++ {
		k.vals[op.Result(i)] = nf.Result(i)
	}
	// The copies past the end land, and every warp is done with the ring,
	// before it is used again.
	k.waitGroups(nf.Result(n+2), 0)
	k.op("gpu.barrier", nil, nil)
	return nil
}

// loadAFrags puts the fragments of S's loop-invariant operand A (the Q
// block) in registers: staged in the ring (by cp.async straight from
// memory, or from its registers), each warp loads the fragments of its
// rows with ldmatrix.x4. Loops that share the operand share the
// fragments.
func (k *kernel) loadAFrags(p *flashLoop, info *dotShape) error {
	s, _ := tile.AsDotOp(p.scores)
	a := s.A()
	if fr, ok := k.aFrags[a]; ok {
		p.qFrags = fr
		return nil
	}
	shape, _, _ := tileShape(a)
	sw := SwizzleFor(shape[1], 16)
	toks, err := k.stage(a, p.ring, sw)
	if err != nil {
		return err
	}
	if k.asyncIssued {
		k.asyncIssued = false
		g := k.val("nvgpu.device_async_create_group", toks, k.tokenType())
		k.waitGroups(g, 0)
	}
	k.op("gpu.barrier", nil, nil)
	woff := k.warpOffset(info.layout)
	mT := info.layout.Shape[0] >> len(info.layout.Warp) / 16
	l16 := k.rem(k.lane, 16)
	l8 := k.mul(k.div(k.lane, 16), 8)
	fragA := k.vec([]int64{4, 2}, info.aElem)
	fr := make([][]ir.Value, mT)
	for mi := int64(0); mi < mT; mi++ {
		for kk := int64(0); kk < shape[1]; kk += 16 {
			row := k.add(woff[0], k.add(k.c(mi*16), l16))
			fr[mi] = append(fr[mi], k.ldmatrix(p.ring, k.offset(sw, row, k.add(k.c(kk), l8)), 4, false, fragA))
		}
	}
	// The ring is written next: every warp has its fragments first.
	k.op("gpu.barrier", nil, nil)
	k.aFrags[a] = fr
	p.qFrags = fr
	return nil
}

// flashPrefetch issues the copies of the K and V blocks of iteration at
// into ring stage stage and commits them as one group, which names the
// tokens of its copies.
func (k *kernel) flashPrefetch(p *flashLoop, at, stage ir.Value) ir.Value {
	valid := k.cmp(2, at, p.ub)
	base := k.bin("arith.muli", stage, k.c(p.kSize+p.vSize))
	pl := &pipeline{body: p.body, oldIV: p.oldIV}
	toks := k.asyncCopyAt(p.kLoad, p.ring, p.swK, p.kShape, k.indicesAt(pl, p.kLoad, at), base, valid)
	toks = append(toks, k.asyncCopyAt(p.vLoad, p.ring, p.swV, p.vShape, k.indicesAt(pl, p.vLoad, at), k.add(base, k.c(p.kSize)), valid)...)
	k.asyncIssued = false
	return k.val("nvgpu.device_async_create_group", toks, k.tokenType())
}

// flashDot lowers the two products of an attention loop.
func (k *kernel) flashDot(op *ir.Operation) error {
	p := k.flash
	d, _ := tile.AsDotOp(op)
	info, err := k.dotInfo(op)
	if err != nil {
		return err
	}
	base := k.bin("arith.muli", p.rs, k.c(p.kSize+p.vSize))
	if op == p.scores {
		// This iteration's blocks have landed and every warp is done with
		// the stage the previous iteration read: refill it.
		k.waitGroups(p.tok, p.stages-2)
		k.op("gpu.barrier", nil, nil)
		ahead := k.add(p.iv, k.bin("arith.muli", p.step, k.c(p.stages-1)))
		tok := k.flashPrefetch(p, ahead, p.ws)
		wrap := func(s ir.Value) ir.Value {
			n := k.add(s, k.c(1))
			return k.sel(k.cmp(0, n, k.c(p.stages)), k.c(0), n)
		}
		p.next = []ir.Value{wrap(p.rs), wrap(p.ws), tok}
		info.aFrag = func(mi, ks int64) ir.Value { return p.qFrags[mi][ks] }
		info.bRows = true
		info.sb = p.swK
		k.vals[d.Result()] = k.mma(info, k.get(d.Acc()), nil, p.ring, nil, base)
		return nil
	}
	frag, ok := k.regFragsA(d.A(), info)
	if !ok {
		return k.errorf(op, "tile-to-nvgpu: operand A of the second product of an attention loop is not in the accumulator layout")
	}
	info.aFrag = frag
	info.sb = p.swV
	k.vals[d.Result()] = k.mma(info, k.get(d.Acc()), nil, p.ring, nil, k.add(base, k.c(p.kSize)))
	return nil
}

// dynamicSharedBytes returns the bytes of dynamic shared memory that
// kernel fn views (the end of its largest memref.view of
// gpu.dynamic_shared_memory), 0 when it has none: what its launches
// pass as dynamic_shared_memory_size.
func dynamicSharedBytes(fn *ir.Operation) int64 {
	var n int64
	fn.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		v, ok := memref.AsViewOp(op)
		if !ok || !isOp(ir.DefiningOp(v.Source()), gpu.AsDynamicSharedMemoryOp) {
			return true
		}
		mt, ok := v.Result().Type().(*ir.MemRefType)
		shift, okShift := staticIndex(v.ByteShift())
		if !ok || !okShift {
			return true
		}
		size := int64(bitWidth(mt.Elem) / 8)
		for _, d := range mt.Shape {
			size *= d
		}
		n = max(n, shift+size)
		return true
	})
	return n
}
