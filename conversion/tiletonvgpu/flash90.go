package tiletonvgpu

import (
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	mathd "github.com/strata-ir/strata/dialects/math"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/nvgpu"
	"github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// The sm_90a attention kernel: a kernel whose body runs attention loops
// (see flash.go: S = Q K^T, the online softmax in registers, O += P V)
// over K and V blocks of 3-D memrefs [batch x heads, sequence, head]
// runs warp-specialized on Hopper, as the sm_90a GEMM does:
//
//   - the last warpgroup is the producer: it gives registers away and one
//     of its threads copies, with TMA, the Q block once (64 rows for each
//     consumer warpgroup, 128-byte-swizzled boxes of 64 columns) and then,
//     for every iteration of every attention loop in turn, the K and V
//     blocks into a ring of stages, each completing on its "full"
//     mbarrier after waiting on its "empty" one; TMA zero-fills past the
//     sequence (ragged lengths), and the loops' bounds (the causal
//     diagonal) are the IR's;
//   - the consumer warpgroups, 64 query rows each, take the registers and
//     run the loop bodies in the layouts of the mma.sync flash kernel,
//     which are the wgmma accumulator's (warps stacked along the rows):
//     S by wgmma with Q in registers (its fragments loaded once from the
//     boxes with ldmatrix) and K k-major in shared memory, the softmax on
//     its registers (quad shuffles, exp2), and P V by wgmma
//     with P in registers (nvgpu.warpgroup.mma.rs: the accumulator
//     fragments of S converted to 16 bits are the A fragments of P) and V
//     in shared memory (mn-major); then they release the stage. The
//     scores' scale is folded into the exponent's argument beforehand
//     (foldScale), and under ping-pong the two consumer warpgroups issue
//     their products in turns (turnBegin, turnEnd).

// flash90 is the plan of an sm_90a attention kernel and, while it is
// lowered, its state.
type flash90 struct {
	loops     []*ir.Operation
	loopOf    map[*ir.Operation]int
	scores    map[*ir.Operation]bool
	pvs       map[*ir.Operation]bool
	skipped   map[*ir.Operation]bool
	q         tile.LoadOp
	kLoads    []tile.LoadOp
	vLoads    []tile.LoadOp
	args      [3]int
	bm, bn, d int64
	elem      ir.Type
	stages    int64
	consumers int64
	// pingpong has two consumer warpgroups take turns on the tensor
	// cores (see turnBegin): the lowering's choice whenever the kernel
	// has two, the faster on an H200 (docs/performance.md).
	pingpong bool
	// rotate lowers the attention loops rotated (see rotation).
	rotate bool
	// carried maps a step of the consumers to its stage and parity where
	// a loop carries them (see stageOf).
	carried map[ir.Value][2]ir.Value

	maps              [3]ir.Value
	dyn, base         ir.Value
	qBar, full, empty ir.Value
	// count is the consumers' number of iterations before the loop being
	// lowered, step the iteration's (over all loops), next the loop's
	// extra yielded value, body its body.
	count, step ir.Value
	next        []ir.Value
	body        *ir.Block
	// qFrag is the thread's A fragments of its warpgroup's Q rows, or,
	// in the rotated kernel, qDesc the descriptor of those rows in
	// shared memory (the registers the rotated loop needs).
	qFrag, qDesc ir.Value
}

// Register budgets of the attention kernel's roles.
const (
	FlashProducerRegisters = 40
	FlashConsumerRegisters = 232
)

// Flash90SharedBytes is the shared memory the attention kernel's Q and
// stages may take: the 227 KiB a Hopper block may have, less the room to
// align them.
const Flash90SharedBytes = 227*1024 - swizzleAlign

func (p *flash90) qBytes() int64     { return p.bm * p.d * 2 }
func (p *flash90) blockBytes() int64 { return p.bn * p.d * 2 }
func (p *flash90) stageBytes() int64 { return 2 * p.blockBytes() }

// sharedBytes is the dynamic shared memory: Q, the stages and the room to
// align them.
func (p *flash90) sharedBytes() int64 { return p.qBytes() + p.stages*p.stageBytes() + swizzleAlign }

// boxes are the TMA boxes of Q, K and V: 64 (or bn) rows of 64 columns
// of one head.
func (p *flash90) boxes() [3][]int64 {
	return [3][]int64{{1, WGMMAM, TMABox}, {1, p.bn, TMABox}, {1, p.bn, TMABox}}
}

// tensorMaps emits the tensor maps of Q, K and V before the launch.
func (p *flash90) tensorMaps(e *emitter, args []ir.Value) ([]ir.Value, error) {
	var out []ir.Value
	for i, box := range p.boxes() {
		mt, ok := args[p.args[i]].Type().(*ir.MemRefType)
		if !ok {
			return nil, fmt.Errorf("an operand of the attention kernel is not a memref")
		}
		cast := e.val("memref.cast", []ir.Value{args[p.args[i]]}, e.ctx.UnrankedMemRefType(mt.Elem, mt.MemorySpace))
		t, err := tensorMapType(e.ctx, box, mt.Elem)
		if err != nil {
			return nil, err
		}
		var dims []ir.Value
		for _, d := range box {
			dims = append(dims, e.c(d))
		}
		out = append(out, nvgpu.BuildTmaCreateDescriptor(e.b, e.b.Loc, cast, dims, t).Operation.Result(0))
	}
	return out, nil
}

// flashLoopParts returns the products and the K and V loads of attention
// loop f, or ok false.
func flashLoopParts(f scf.ForOp) (s, pv tile.DotOp, kl, vl tile.LoadOp, ok bool) {
	body := f.Region().First()
	var dots []*ir.Operation
	for op := body.First(); op != nil; op = op.Next() {
		for i := 0; i < op.NumRegions(); i++ {
			if op.Region(i).First() != nil && !isOp(op, tile.AsReduceOp) {
				return
			}
		}
		if isOp(op, tile.AsDotOp) {
			dots = append(dots, op)
		}
	}
	if len(dots) != 2 || producingDot(tile.DotOp{Operation: dots[1]}.A(), 8) != dots[0] {
		return
	}
	s, _ = tile.AsDotOp(dots[0])
	pv, _ = tile.AsDotOp(dots[1])
	tr, isTr := tile.AsTransposeOp(ir.DefiningOp(s.B()))
	if !isTr || tr.Operation.Block() != body || onlyUse(s.B()) == nil {
		return
	}
	var okK, okV bool
	kl, okK = blockLoad(tr.Operation.Operand(0))
	vl, okV = blockLoad(pv.B())
	if !okK || !okV || kl.Operation.Block() != body || vl.Operation.Block() != body {
		return
	}
	if ad := ir.DefiningOp(s.A()); ad != nil && ad.Block() == body {
		return
	}
	if st, isStatic := staticIndex(f.Step()); !isStatic || st != 1 || !zeroTile(s.Acc()) {
		return
	}
	ok = true
	return
}

// qLoad follows v through reshapes that add or drop unit dimensions to
// the tile.load it is.
func qLoad(v ir.Value) (tile.LoadOp, bool) {
	for {
		def := ir.DefiningOp(v)
		if def == nil {
			return tile.LoadOp{}, false
		}
		if ld, ok := tile.AsLoadOp(def); ok {
			return ld, true
		}
		r, ok := tile.AsReshapeOp(def)
		if !ok {
			return tile.LoadOp{}, false
		}
		from, _, _ := tileShape(r.Input())
		to, _, _ := tileShape(r.Result())
		if !unitReshape(from, to) {
			return tile.LoadOp{}, false
		}
		v = r.Input()
	}
}

// tma3OK returns the kernel argument ld loads from when TMA copies its
// blocks: a tile.load by block index of a whole 3-D memref argument of
// identity layout whose rows of 16-bit elements are a multiple of 16
// bytes, of blocks [1, rows, cols] with cols a multiple of 64, zeros
// outside.
func tma3OK(ld tile.LoadOp) (*ir.BlockArgument, bool) {
	v, ok := tile.AsViewOp(ir.DefiningOp(ld.View()))
	if !ok || v.Offset() != nil || len(v.Sizes()) != 0 || ld.Mask() != nil || ld.At() {
		return nil, false
	}
	arg, ok := v.Source().(*ir.BlockArgument)
	if !ok {
		return nil, false
	}
	mt, ok := v.Source().Type().(*ir.MemRefType)
	if !ok || len(mt.Shape) != 3 || mt.Layout != nil || mt.Shape[2] <= 0 || mt.Shape[2]*2%16 != 0 {
		return nil, false
	}
	if p, ok := ld.Pad().(*ir.StringAttr); ld.Pad() != nil && (!ok || p.Value != "zero") {
		return nil, false
	}
	shape, _, _ := tileShape(ld.Result())
	if len(shape) != 3 || shape[0] != 1 || shape[2]%TMABox != 0 {
		return nil, false
	}
	return arg, true
}

// planFlash90 returns the plan of kernel kf, or nil and why the sm_90a
// attention kernel does not apply.
func planFlash90(kf *ir.Operation) (*flash90, string) {
	top := kf.Region(0).First()
	p := &flash90{loopOf: map[*ir.Operation]int{}, scores: map[*ir.Operation]bool{}, pvs: map[*ir.Operation]bool{},
		skipped: map[*ir.Operation]bool{}, carried: map[ir.Value][2]ir.Value{}}
	var qv ir.Value
	for op := top.First(); op != nil; op = op.Next() {
		f, ok := scf.AsForOp(op)
		if !ok {
			continue
		}
		s, pv, kl, vl, ok := flashLoopParts(f)
		if !ok {
			return nil, "a loop of the kernel is not an attention loop"
		}
		if qv == nil {
			qv = s.A()
		}
		if s.A() != qv || (len(p.kLoads) > 0 && (kl.View() != p.kLoads[0].View() || vl.View() != p.vLoads[0].View())) {
			return nil, "the attention loops read different Q, K or V"
		}
		p.loopOf[op] = len(p.loops)
		p.loops = append(p.loops, op)
		p.scores[s.Operation] = true
		p.pvs[pv.Operation] = true
		p.kLoads = append(p.kLoads, kl)
		p.vLoads = append(p.vLoads, vl)
		p.skipped[kl.Operation] = true
		p.skipped[vl.Operation] = true
	}
	if len(p.loops) == 0 {
		return nil, "no attention loop"
	}
	dots := 0
	kf.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if isOp(op, tile.AsDotOp) {
			dots++
		}
		return true
	})
	if dots != 2*len(p.loops) {
		return nil, "products outside the attention loops"
	}
	for u := qv.FirstUse(); u != nil; u = u.Next() {
		if !p.scores[u.Owner()] || u.Index() != 0 {
			return nil, "Q is used by more than the products"
		}
	}
	q, ok := qLoad(qv)
	if !ok || q.Operation.Block() != top {
		return nil, "Q is not a block loaded by the kernel"
	}
	for v := q.Result(); v != qv; v = v.FirstUse().Owner().Result(0) {
		if !ir.HasOneUse(v) {
			return nil, "the Q block is used by more than the products"
		}
	}
	p.q = q
	p.skipped[q.Operation] = true
	for i, ld := range []tile.LoadOp{q, p.kLoads[0], p.vLoads[0]} {
		arg, ok := tma3OK(ld)
		if !ok || arg.Owner() != top {
			return nil, "Q, K or V is not loaded by block from a 3-D memref argument whose blocks TMA can copy"
		}
		p.args[i] = arg.Index()
	}
	qShape, elem, _ := tileShape(q.Result())
	kShape, kElem, _ := tileShape(p.kLoads[0].Result())
	vShape, vElem, _ := tileShape(p.vLoads[0].Result())
	p.bm, p.bn, p.d, p.elem = qShape[1], kShape[1], qShape[2], elem
	if elem != kElem || elem != vElem || bitWidth(elem) != 16 || !isFloat(elem) {
		return nil, "wgmma here takes f16 or bf16 Q, K and V"
	}
	if kShape[2] != p.d || vShape[1] != p.bn || vShape[2] != p.d {
		return nil, "the K and V blocks do not match"
	}
	for op := range p.scores {
		d, _ := tile.AsDotOp(op)
		if _, ce, _ := tileShape(d.Result()); bitWidth(ce) != 32 || !isFloat(ce) {
			return nil, "the products do not accumulate in f32"
		}
	}
	if (p.bm != 64 && p.bm != 128) || (p.bn != 64 && p.bn != 128) || (p.d != 64 && p.d != 128) {
		return nil, fmt.Sprintf("blocks %dx%d of head size %d: the sm_90a attention kernel takes 64 or 128 queries and keys, heads of 64 or 128", p.bm, p.bn, p.d)
	}
	p.consumers = p.bm / WGMMAM
	p.stages = min(SM90MaxStages, (Flash90SharedBytes-p.qBytes())/p.stageBytes())
	if p.stages < 2 {
		return nil, "two stages do not fit in shared memory"
	}
	return p, ""
}

// scalarOp reports whether op computes scalars only (no tiles, no
// regions, no stores): what every role of the kernel may need.
func scalarOp(op *ir.Operation) bool {
	if op.NumRegions() != 0 || producesTile(op) || isOp(op, tile.AsStoreOp) || op.Block().Last() == op {
		return false
	}
	for i := 0; i < op.NumOperands(); i++ {
		if isTile(op.Operand(i)) {
			return false
		}
	}
	return true
}

// lowerFlash90 lowers the body of an attention kernel with plan p, maps
// its tensor maps of Q, K and V.
func (k *kernel) lowerFlash90(body *ir.Block, p *flash90, maps [3]ir.Value) error {
	p.maps = maps
	k.flash90Shared(p)
	first := p.loops[0]
	done := map[*ir.Operation]bool{}
	for op := body.First(); op != first; op = op.Next() {
		if scalarOp(op) {
			k.b.Loc = op.Loc()
			if err := k.lowerOp(op); err != nil {
				return err
			}
			done[op] = true
		}
	}
	producer := k.cmp(0, k.uniformWarpgroup(), k.c(p.consumers))
	var err error
	k.ifElse(producer, func() {
		k.setmaxnreg("decrease", FlashProducerRegisters)
		k.guarded(k.cmp(0, k.tid, k.c(p.consumers*128)), func() {
			err = k.flash90Produce(body, p, done)
		})
	}, func() {
		if err != nil {
			return
		}
		k.setmaxnreg("increase", FlashConsumerRegisters)
		nvgpu.BuildMbarrierTryWaitParity(k.b, k.b.Loc, p.qBar, k.boolConst(false), k.c(waitTicks), k.c(0))
		if p.rotate {
			k.flash90QDesc(p)
		} else {
			k.flash90QFrags(p)
		}
		if p.pingpong {
			// Warpgroup 0 takes the first turn.
			k.guarded(k.cmp(0, k.div(k.tid, 128), k.c(1)), func() { k.turnArrive(0) })
		}
		p.count = k.c(0)
		for op := body.First(); op != nil && op != body.Last(); op = op.Next() {
			if done[op] {
				continue
			}
			k.b.Loc = op.Loc()
			k.hopper = p
			err = k.lowerOp(op)
			k.hopper = nil
			if err != nil {
				return
			}
		}
		if p.pingpong {
			// The turn warpgroup 1 passed after its last product.
			k.guarded(k.cmp(0, k.div(k.tid, 128), k.c(0)), func() { k.turnWait(0) })
		}
	})
	if err != nil {
		return err
	}
	k.b.Loc = body.Last().Loc()
	return k.lowerOp(body.Last())
}

// flash90Shared emits, in the prologue, the dynamic shared memory
// aligned to 1024 bytes and the barriers: Q's (one arrival and its
// bytes), and each stage's full (the producer's arrival and the bytes)
// and empty (every consumer thread), initialized by thread 0.
func (k *kernel) flash90Shared(p *flash90) {
	i8 := k.ctx.I(8)
	dynT := k.ctx.MemRefType([]int64{ir.Dynamic}, i8, nil, k.workgroupSpace())
	p.dyn = k.val("gpu.dynamic_shared_memory", nil, dynT)
	addr := memref.BuildExtractAlignedPointerAsIndex(k.b, k.b.Loc, p.dyn).Operation.Result(0)
	p.base = k.and(k.bin("arith.subi", k.c(swizzleAlign), k.and(addr, k.c(swizzleAlign-1))), k.c(swizzleAlign-1))
	one := k.parsedType("!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 1>")
	ring := k.parsedType(fmt.Sprintf("!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = %d>", p.stages))
	p.qBar = nvgpu.BuildMbarrierCreate(k.b, k.b.Loc, one).Operation.Result(0)
	p.full = nvgpu.BuildMbarrierCreate(k.b, k.b.Loc, ring).Operation.Result(0)
	p.empty = nvgpu.BuildMbarrierCreate(k.b, k.b.Loc, ring).Operation.Result(0)
	k.guarded(k.cmp(0, k.tid, k.c(0)), func() {
		nvgpu.BuildMbarrierInit(k.b, k.b.Loc, p.qBar, k.c(1), k.c(0))
		for s := int64(0); s < p.stages; s++ {
			nvgpu.BuildMbarrierInit(k.b, k.b.Loc, p.full, k.c(1), k.c(s))
			nvgpu.BuildMbarrierInit(k.b, k.b.Loc, p.empty, k.c(p.consumers*128), k.c(s))
		}
	})
	k.op("gpu.barrier", nil, nil)
}

// smemView returns the memref of shape at byte off (a value) of the
// aligned dynamic shared memory.
func (k *kernel) smemView(p *flash90, off ir.Value, shape []int64) ir.Value {
	t := k.ctx.MemRefType(shape, p.elem, nil, k.workgroupSpace())
	return memref.BuildView(k.b, k.b.Loc, p.dyn, k.add(p.base, off), nil, t).Operation.Result(0)
}

// stageOf returns the ring stage of step i and the parity of its round:
// those the consumers' loop carries where i is its step or its result
// (lowerFlash90For), else computed in 32 bits, since ptxas calls a
// subroutine for a 64-bit division by a number of stages that is not a
// power of two.
func (p *flash90) stageOf(k *kernel, i ir.Value) (ir.Value, ir.Value) {
	if c, ok := p.carried[i]; ok {
		return c[0], c[1]
	}
	i32 := k.ctx.I(32)
	c32 := func(v int64) ir.Value {
		return k.val("arith.constant", nil, i32, ir.NamedAttr{Name: "value", Value: k.ctx.IntegerAttr(i32, v)})
	}
	n := k.val("arith.index_cast", []ir.Value{i}, i32)
	s := k.val("arith.index_cast", []ir.Value{k.bin("arith.remui", n, c32(p.stages))}, k.index())
	round := k.bin("arith.divui", n, c32(p.stages))
	return s, k.cmp(1, k.and(round, c32(1)), c32(0))
}

// stageAt is the byte offset of stage s.
func (p *flash90) stageAt(k *kernel, s ir.Value) ir.Value {
	return k.add(k.c(p.qBytes()), k.bin("arith.muli", s, k.c(p.stageBytes())))
}

// flash90Produce emits the producer thread's copies: Q, then the K and V
// blocks of every iteration of the attention loops in order (and the
// scalars the loops' bounds need).
func (k *kernel) flash90Produce(body *ir.Block, p *flash90, done map[*ir.Operation]bool) error {
	var qIdx []ir.Value
	for _, x := range p.q.Indices() {
		qIdx = append(qIdx, k.get(x))
	}
	nvgpu.BuildMbarrierArriveExpectTx(k.b, k.b.Loc, p.qBar, k.c(p.qBytes()), k.c(0))
	for w := int64(0); w < p.consumers; w++ {
		for c := int64(0); c < p.d/TMABox; c++ {
			dst := k.smemView(p, k.c(w*WGMMAM*p.d*2+c*WGMMAM*TMABox*2), []int64{1, WGMMAM, TMABox})
			coords := []ir.Value{k.add(k.mul(qIdx[2], p.d), k.c(c*TMABox)), k.add(k.mul(qIdx[1], p.bm), k.c(w*WGMMAM)), qIdx[0]}
			nvgpu.BuildTmaAsyncLoad(k.b, k.b.Loc, dst, p.qBar, p.maps[0], coords, k.c(0))
		}
	}
	count := k.c(0)
	for op := p.loops[0]; op != nil && op != body.Last(); op = op.Next() {
		i, isLoop := p.loopOf[op]
		if !isLoop {
			if !done[op] && scalarOp(op) {
				k.b.Loc = op.Loc()
				if err := k.lowerOp(op); err != nil {
					return err
				}
			}
			continue
		}
		f, _ := scf.AsForOp(op)
		lb, ub := k.get(f.LowerBound()), k.get(f.UpperBound())
		lbody := f.Region().First()
		pl := &pipeline{body: lbody, oldIV: lbody.Argument(0)}
		base := count
		k.forLoop(lb, ub, func(iv ir.Value) {
			step := k.add(base, k.bin("arith.subi", iv, lb))
			s, parity := p.stageOf(k, step)
			k.guarded(k.cmp(9, step, k.c(p.stages)), func() {
				nvgpu.BuildMbarrierTryWaitParity(k.b, k.b.Loc, p.empty, k.bin("arith.xori", parity, k.boolConst(true)), k.c(waitTicks), s)
			})
			nvgpu.BuildMbarrierArriveExpectTx(k.b, k.b.Loc, p.full, k.c(p.stageBytes()), s)
			at := p.stageAt(k, s)
			for j, ld := range []tile.LoadOp{p.kLoads[i], p.vLoads[i]} {
				idx := k.indicesAt(pl, ld, iv)
				for c := int64(0); c < p.d/TMABox; c++ {
					dst := k.smemView(p, k.add(at, k.c(int64(j)*p.blockBytes()+c*p.bn*TMABox*2)), []int64{1, p.bn, TMABox})
					coords := []ir.Value{k.add(k.mul(idx[2], p.d), k.c(c*TMABox)), k.mul(idx[1], p.bn), idx[0]}
					nvgpu.BuildTmaAsyncLoad(k.b, k.b.Loc, dst, p.full, p.maps[1+j], coords, s)
				}
			}
		})
		count = k.add(count, k.bin("arith.maxsi", k.bin("arith.subi", ub, lb), k.c(0)))
	}
	return nil
}

// lowerFlash90For lowers attention loop op in the consumers: the loop
// carries the step over all loops, from which the products find their
// stage.
func (k *kernel) lowerFlash90For(op *ir.Operation) error {
	p := k.hopper
	f, _ := scf.AsForOp(op)
	if s, pv, _, _, ok := flashLoopParts(f); ok && p.rotate {
		if r, ok := rotationOf(f, s.Operation, pv.Operation); ok {
			return k.lowerFlash90Rotated(op, r)
		}
	}
	lb, ub, step := k.get(f.LowerBound()), k.get(f.UpperBound()), k.get(f.Step())
	inits, types := k.getAll(f.InitArgs())
	n := len(inits)
	// The step over all loops, and its stage and parity, carried
	// (stepped by p.next) rather than divided out of the step in every
	// iteration.
	st, par := p.stageOf(k, p.count)
	inits = append(inits, p.count, st, par)
	types = append(types, k.index(), k.index(), k.ctx.I(1))
	nf := k.b.Create(&ir.OperationState{Name: op.OpName(), Operands: append([]ir.Value{lb, ub, step}, inits...),
		ResultTypes: types, Properties: op.Properties(), Attributes: op.Attrs(), NumRegions: 1})
	old := f.Region().First()
	saved := *k.b
	body := k.b.CreateBlock(nf.Region(0), append([]ir.Type{k.index()}, types...)...)
	for i, a := range old.Arguments() {
		k.vals[a] = body.Argument(i)
	}
	p.body, p.step = old, body.Argument(n+1)
	st, par = body.Argument(n+2), body.Argument(n+3)
	p.carried[p.step] = [2]ir.Value{st, par}
	inc := k.add(st, k.c(1))
	wrap := k.cmp(0, inc, k.c(p.stages))
	p.next = []ir.Value{k.add(p.step, k.c(1)), k.val("arith.select", []ir.Value{wrap, k.c(0), inc}, k.index()),
		k.bin("arith.xori", par, wrap)}
	err := k.lowerBlock(old)
	p.body = nil
	if err != nil {
		return err
	}
	*k.b = saved
	for i := 0; i < op.NumResults(); i++ {
		k.vals[op.Result(i)] = nf.Result(i)
	}
	p.count = nf.Result(n)
	p.carried[p.count] = [2]ir.Value{nf.Result(n + 1), nf.Result(n + 2)}
	return nil
}

// flash90Dot lowers the products of an attention loop in the consumers
// that is not rotated (see rotation): each complete before the next
// operation.
func (k *kernel) flash90Dot(op *ir.Operation) error {
	p := k.hopper
	if p.scores[op] {
		p.turnBegin(k)
		if err := k.issueScores(op, p.step, p.inFlight(1)); err != nil {
			return err
		}
		p.turnEnd(k)
		return nil
	}
	p.turnBegin(k)
	if err := k.issuePV(op, p.step, p.inFlight(1)); err != nil {
		return err
	}
	p.turnEnd(k)
	k.release(p.step)
	return nil
}

// inFlight is the wgmma groups a product leaves in flight when it is
// issued with n groups in flight under ping-pong: the turn passes first,
// then the kernel waits (see turnEnd); without ping-pong it completes.
func (p *flash90) inFlight(n int64) int64 {
	if p.pingpong {
		return n
	}
	return 0
}

// issueScores waits for the blocks of step to land and issues S = Q K^T
// of op (Q in registers, or in shared memory in the rotated kernel; K
// k-major in the step's stage), leaving at most wait wgmma groups in
// flight.
func (k *kernel) issueScores(op *ir.Operation, step ir.Value, wait int64) error {
	p := k.hopper
	d, _ := tile.AsDotOp(op)
	s, parity := p.stageOf(k, step)
	at := p.stageAt(k, s)
	rt, _, err := k.regType(d.Result())
	if err != nil {
		return k.errorf(op, "tile without a layout")
	}
	nvgpu.BuildMbarrierTryWaitParity(k.b, k.b.Loc, p.full, parity, k.c(waitTicks), s)
	kb := k.smemView(p, at, []int64{p.d, p.bn})
	dk := k.smemDescriptor(kb, p.maps[1], p.d, p.bn, p.elem)
	zero := k.val("arith.constant", nil, rt, ir.NamedAttr{Name: "value", Value: k.ctx.DenseElementsAttr(rt, true, make([]byte, 4))})
	if p.qDesc != nil {
		k.vals[d.Result()] = nvgpu.BuildWarpgroupMmaSs(k.b, k.b.Loc, p.qDesc, dk, zero, rt, nvgpu.WarpgroupMmaSsOptions{WaitGroup: wait}).Operation.Result(0)
		return nil
	}
	k.vals[d.Result()] = nvgpu.BuildWarpgroupMmaRs(k.b, k.b.Loc, p.qFrag, dk, zero, rt, nvgpu.WarpgroupMmaRsOptions{WaitGroup: wait}).Operation.Result(0)
	return nil
}

// flash90QDesc makes the descriptor of the warpgroup's 64 rows of Q in
// the boxes TMA wrote, for S's products with Q in shared memory.
func (k *kernel) flash90QDesc(p *flash90) {
	q := k.smemView(p, k.mul(k.div(k.tid, 128), WGMMAM*p.d*2), []int64{WGMMAM, p.d})
	p.qDesc = k.smemDescriptor(q, p.maps[0], WGMMAM, p.d, p.elem)
}

// issuePV issues O = P V + O of op from the V block of step's stage (P
// in registers, in the accumulator layout of S; V mn-major), leaving at
// most wait wgmma groups in flight.
func (k *kernel) issuePV(op *ir.Operation, step ir.Value, wait int64) error {
	p := k.hopper
	d, _ := tile.AsDotOp(op)
	info, err := k.dotInfo(op)
	if err != nil {
		return err
	}
	frag, ok := k.regFragsA(d.A(), info)
	if !ok {
		return k.errorf(op, "tile-to-nvgpu: operand A of the second product of an attention loop is not in the accumulator layout")
	}
	steps := p.bn / 16
	fragT := k.vec([]int64{steps * 4, 2}, info.aElem)
	pair := k.vec([]int64{2}, info.aElem)
	a := k.val("arith.constant", nil, fragT, ir.NamedAttr{Name: "value", Value: k.ctx.DenseElementsAttr(fragT, true, make([]byte, 2))})
	for ks := int64(0); ks < steps; ks++ {
		x := frag(0, ks)
		for i := int64(0); i < 4; i++ {
			a = k.insert(k.extract(x, pair, []int64{i}), a, []int64{4*ks + i})
		}
	}
	s, _ := p.stageOf(k, step)
	vb := k.smemView(p, k.add(p.stageAt(k, s), k.c(p.blockBytes())), []int64{p.bn, p.d})
	dv := k.smemDescriptor(vb, p.maps[2], p.bn, p.d, p.elem)
	c := k.get(d.Acc())
	k.vals[d.Result()] = nvgpu.BuildWarpgroupMmaRs(k.b, k.b.Loc, a, dv, c, c.Type(),
		nvgpu.WarpgroupMmaRsOptions{TransposeB: true, WaitGroup: wait}).Operation.Result(0)
	return nil
}

// release frees the stage of step for the producer: every consumer
// thread arrives on its empty barrier once the products that read it
// completed.
func (k *kernel) release(step ir.Value) {
	s, _ := k.hopper.stageOf(k, step)
	nvgpu.BuildMbarrierArrive(k.b, k.b.Loc, k.hopper.empty, s, k.parsedType("!nvgpu.mbarrier.token"))
}

// flash90QFrags loads the thread's A fragments of Q, for every k step
// of 16, from the 128-byte-swizzled boxes TMA wrote: each warp of a
// warpgroup its 16 rows with ldmatrix.x4 (lanes 0-15 address the rows at
// the step's first eight columns, lanes 16-31 at the next eight), in the
// order of nvgpu.warpgroup.mma.rs's fragment.
func (k *kernel) flash90QFrags(p *flash90) {
	q := k.smemView(p, k.c(0), []int64{p.bm * p.d})
	sw := SwizzleFor(TMABox, bitWidth(p.elem))
	wg := k.div(k.tid, 128)
	row := k.add(k.mul(k.rem(k.warp, 4), 16), k.rem(k.lane, 16))
	l8 := k.mul(k.div(k.lane, 16), 8)
	steps := p.d / 16
	fragT := k.vec([]int64{steps * 4, 2}, p.elem)
	x4 := k.vec([]int64{4, 2}, p.elem)
	pair := k.vec([]int64{2}, p.elem)
	a := k.val("arith.constant", nil, fragT, ir.NamedAttr{Name: "value", Value: k.ctx.DenseElementsAttr(fragT, true, make([]byte, 2))})
	base := k.mul(wg, WGMMAM*p.d)
	for ks := int64(0); ks < steps; ks++ {
		col := k.add(k.c(ks*16%TMABox), l8)
		off := k.add(base, k.add(k.c(ks*16/TMABox*WGMMAM*TMABox), k.offset(sw, row, col)))
		x := k.ldmatrix(q, off, 4, false, x4)
		for i := int64(0); i < 4; i++ {
			a = k.insert(k.extract(x, pair, []int64{i}), a, []int64{4*ks + i})
		}
	}
	p.qFrag = a
}

// Ping-pong: the two consumer warpgroups take turns on the tensor
// cores, each product of one between two products of the other, so that
// the softmax of one runs while the other's products do. Warpgroup w
// waits for its turn on named barrier turnBarrier+w (its 128 threads
// and the other warpgroup's 128 arrivals) and passes the turn by arriving
// on the other's; warpgroup 1 passes the first turn at the start, and
// warpgroup 0 takes the turn passed after warpgroup 1's last product at
// the end, so that every phase of the barriers completes. The turn
// orders the issue of the products, not their completion: a warpgroup
// passes it as soon as its wgmma group is committed, and only then waits
// for the group, so that the other's product queues behind it on the
// tensor cores instead of starting after it drained.
const turnBarrier = 1

// turnBegin waits for the warpgroup's turn on the tensor cores when the
// kernel plays ping-pong.
func (p *flash90) turnBegin(k *kernel) {
	if p.pingpong {
		k.turnWaitOf(k.div(k.tid, 128))
	}
}

// turnEnd passes the turn to the other warpgroup when the kernel plays
// ping-pong, its products issued and left in flight, and then waits for
// them to complete.
func (p *flash90) turnEnd(k *kernel) {
	if p.pingpong {
		k.turnArriveOf(k.bin("arith.subi", k.c(1), k.div(k.tid, 128)))
		nvvm.BuildWgmmaWaitGroupSyncAligned(k.b, k.b.Loc, 0)
	}
}

func (k *kernel) turnI32(v ir.Value) ir.Value {
	return k.val("arith.index_cast", []ir.Value{v}, k.ctx.I(32))
}

// turnWaitOf waits for warpgroup wg's turn (bar.sync).
func (k *kernel) turnWaitOf(wg ir.Value) {
	id := k.turnI32(k.add(wg, k.c(turnBarrier)))
	nvvm.BuildBarrier(k.b, k.b.Loc, nvvm.BarrierOptions{BarrierId: id, NumberOfThreads: k.turnI32(k.c(2 * 128))})
}

// turnArriveOf passes the turn to warpgroup wg (bar.arrive).
func (k *kernel) turnArriveOf(wg ir.Value) {
	id := k.turnI32(k.add(wg, k.c(turnBarrier)))
	nvvm.BuildBarrierArrive(k.b, k.b.Loc, k.turnI32(k.c(2*128)), nvvm.BarrierArriveOptions{BarrierId: id})
}

func (k *kernel) turnWait(wg int64)   { k.turnWaitOf(k.c(wg)) }
func (k *kernel) turnArrive(wg int64) { k.turnArriveOf(k.c(wg)) }

// splatFloat returns the constant a tile.splat of a float constant
// spreads, or ok false.
func splatFloat(v ir.Value) (float64, bool) {
	s, ok := tile.AsSplatOp(ir.DefiningOp(v))
	if !ok {
		return 0, false
	}
	c, ok := arith.AsConstantOp(ir.DefiningOp(s.Operand(0)))
	if !ok {
		return 0, false
	}
	fa, ok := c.Value().(*ir.FloatAttr)
	if !ok {
		return 0, false
	}
	return fa.Float64(), true
}

// foldScale moves the scaling of the scores of every attention loop of
// the plan into the exponent, as FlashAttention does: where the loop
// computes y = S * c (c > 0, finite), masks y with -inf (selects), takes
// its row maximum m and exponentiates y - m, it masks S itself, scales
// the row maximum (max(S) * c is max(S * c): rounding is monotonic) and
// computes y - m as one fused multiply-add, S * c + (-m), with -m
// negated on the row before its broadcast. That saves a multiplication
// of every score. Loops of another form are left as they are.
func (p *flash90) foldScale() {
	for s := range p.scores {
		foldScale(tile.DotOp{Operation: s})
	}
}

func foldScale(s tile.DotOp) {
	mul := onlyUse(s.Result())
	if mul == nil {
		return
	}
	m, ok := arith.AsMulfOp(mul.Owner())
	if !ok {
		return
	}
	splat := m.Rhs()
	if mul.Index() == 1 {
		splat = m.Lhs()
	}
	c, ok := splatFloat(splat)
	if !ok || !(c > 0) || math.IsInf(c, 1) {
		return
	}
	// The masks: selects of y (or a masked y) and -inf.
	z := m.Result()
	for {
		u := onlyUse(z)
		if u == nil {
			break
		}
		sel, ok := arith.AsSelectOp(u.Owner())
		if !ok || u.Index() != 1 {
			break
		}
		if v, ok := splatFloat(sel.FalseValue()); !ok || !math.IsInf(v, -1) {
			return
		}
		z = sel.Result()
	}
	// z's uses: its row maximum and z - m.
	var red tile.ReduceOp
	var sub arith.SubfOp
	n := 0
	for u := z.FirstUse(); u != nil; u = u.Next() {
		n++
		if r, ok := tile.AsReduceOp(u.Owner()); ok && u.Index() == 0 {
			if k, ok := r.Kind(); ok && k == tile.CombiningKindMax && r.Dim() == 1 {
				red = r
				continue
			}
		}
		if d, ok := arith.AsSubfOp(u.Owner()); ok && u.Index() == 0 {
			sub = d
			continue
		}
		return
	}
	if n != 2 || red.Operation == nil || sub.Operation == nil {
		return
	}
	if shape, _, _ := tileShape(z); len(shape) != 2 {
		return
	}
	ctx := s.Operation.Context()
	b := ir.NewBuilder(ctx)
	// The row maximum of the scores, scaled.
	b.SetInsertionPointAfter(red.Operation)
	loc := red.Operation.Loc()
	rowC := tile.BuildSplat(b, loc, ir.DefiningOp(splat).Operand(0), red.Result().Type()).Result()
	scaled := arith.BuildMulf(b, loc, red.Result(), rowC).Result()
	var uses []*ir.OpOperand
	for u := red.Result().FirstUse(); u != nil; u = u.Next() {
		if u.Owner() != ir.DefiningOp(scaled) {
			uses = append(uses, u)
		}
	}
	for _, u := range uses {
		u.Set(scaled)
	}
	// y - m as S * c + (-m).
	b.SetInsertionPoint(sub.Operation)
	loc = sub.Operation.Loc()
	rows := sub.Rhs()
	neg := negatedRows(b, loc, rows)
	fma := mathd.BuildFma(b, loc, z, splat, neg).Result()
	ir.ReplaceAllUsesWith(sub.Result(), fma)
	sub.Operation.Erase()
	// The broadcast of the row maximum, now unused.
	for v := rows; v != nil; {
		def := ir.DefiningOp(v)
		if def == nil || v.FirstUse() != nil || (!isOp(def, tile.AsBroadcastOp) && !isOp(def, tile.AsExpandDimsOp)) {
			break
		}
		v = def.Operand(0)
		def.Erase()
	}
	// The masks and the maximum read S itself.
	ir.ReplaceAllUsesWith(m.Result(), s.Result())
	m.Operation.Erase()
}

// negatedRows returns -x for a tile x: the broadcast of a row value
// negated before its broadcast, or the tile negated.
func negatedRows(b *ir.Builder, loc ir.Location, x ir.Value) ir.Value {
	if bc, ok := tile.AsBroadcastOp(ir.DefiningOp(x)); ok {
		if ed, ok := tile.AsExpandDimsOp(ir.DefiningOp(bc.Input())); ok {
			neg := arith.BuildNegf(b, loc, ed.Input()).Result()
			e := tile.BuildExpandDims(b, loc, neg, ed.Dim(), ed.Result().Type()).Result()
			return tile.BuildBroadcast(b, loc, e, x.Type()).Result()
		}
	}
	return arith.BuildNegf(b, loc, x).Result()
}
