package tiletonvgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/nvgpu"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// The sm_90a GEMM: a kernel whose one product accumulates, in a k loop,
// blocks loaded straight from two memrefs runs warp-specialized on
// Hopper. Its blocks are consumers+1 warpgroups:
//
//   - the last warpgroup is the producer: it gives registers away
//     (setmaxnreg.dec) and one of its threads issues, for every k step,
//     the TMA copies of the A and B blocks into a ring of stages of
//     128-byte-swizzled shared memory, each stage's copies completing on
//     its "full" mbarrier (arrive.expect_tx of the stage's bytes), after
//     waiting on the stage's "empty" mbarrier for the consumers to have
//     released it;
//   - the other warpgroups take the registers (setmaxnreg.inc), wait on
//     "full", issue wgmma m64nNk16 on the stage through shared-memory
//     descriptors (B transposed: its K x N blocks are stored with N
//     contiguous; for 8-bit floats, m64nNk32 with B given N x K and read
//     k-major, the only layout wgmma takes for them), keep one wgmma
//     group in flight and release the stage the previous one read by one
//     arrival per warpgroup on its "empty" mbarrier; then they read the
//     accumulator's registers in the WGMMA layout and run the epilogue
//     (bias, activation, casts; see lowerEpilogue) on them, and store the
//     block through shared memory and TMA copies that run during the next
//     tile's products (see storeTMA), or from the registers.
//     Either they share each tile, 64 rows each (cooperative), or, when a
//     whole tile's accumulator fits one warpgroup, they take whole tiles
//     in turn (ping-pong), one's epilogue beside the other's products.
//
// Blocks loop over the tiles of the grid (a persistent grid when the
// launch gives fewer blocks than tiles), in grouped order; the ring's
// steps go on from tile to tile, so that the producer loads the next
// tile while the consumers finish the last.
//
// The tensor maps of A and B are made by the host before the launch
// (nvgpu.tma.create.descriptor, cuTensorMapEncodeTiled at run time) and
// passed to the kernel after its arguments; the stages live in dynamic
// shared memory, aligned at run time to the 1024 bytes the swizzle needs.

// SM90BK is the k block of the sm_90a GEMM for 16-bit operands: 64
// elements of 16 bits, the 128 bytes of the swizzle. 8-bit float operands
// take a k block of 128 elements (sm90BK).
const SM90BK = 64

// sm90BK returns the k block of the sm_90a GEMM for operands of elem:
// the elements of one 128-byte swizzled row.
func sm90BK(elem ir.Type) int64 { return 128 / int64(max(1, bitWidth(elem)/8)) }

// SM90MaxStages is the deepest ring of stages; SM90SharedBytes the
// dynamic shared memory the stages, the epilogue's staging buffers and
// their alignment may use: the 227 KB a Hopper block may have, less 1 KB
// for the mbarriers in static shared memory.
const (
	SM90MaxStages   = 8
	SM90SharedBytes = 226 * 1024
)

// Register budgets of the warp-specialized GEMM's roles.
const (
	ProducerRegisters = 40
	ConsumerRegisters = 232
)

// swizzleAlign is the alignment of a 128-byte-swizzled TMA box in shared
// memory.
const swizzleAlign = 1024

// sm90Plan is the shape of a GEMM kernel the sm_90a path lowers.
type sm90Plan struct {
	loop       *ir.Operation
	dot        tile.DotOp
	loads      [2]tile.LoadOp
	bm, bn, bk int64
	elem       ir.Type
	stages     int64
	consumers  int64
	// pingpong gives each consumer warpgroup whole tiles, taken in turn,
	// so that one's epilogue runs beside the other's products: when asked
	// for and the accumulator of a whole block fits a warpgroup's
	// registers (bm 128, bn at most 128). Otherwise the warpgroups share
	// a tile, 64 rows each (cooperative).
	pingpong bool
	// args are the kernel arguments of the memrefs of A and B.
	args [2]int
	// kMajorB is set when B is the transpose of blocks loaded from an
	// N x K memref: its rows of K elements are contiguous, as wgmma of
	// 8-bit floats requires (and only they take this form). The stage
	// then holds B as one box of bn rows of bk elements, read without
	// transposition.
	kMajorB bool
	// transB is the tile.transpose of B's block when kMajorB.
	transB *ir.Operation
	// out is the TMA store of the epilogue (nil: the epilogue stores
	// from registers).
	out *tmaStorePlan
	// cluster is the number of blocks of a cluster (1 or 2), which
	// compute adjacent tiles sharing an operand: along the grid's rows
	// (sharing B) when shareB, else along its columns (sharing A). Each
	// block loads its part of the shared operand's boxes (see
	// sharedHalves) into the shared memory of every block of the cluster
	// (TMA multicast), so that it copies 1/cluster of that operand from
	// L2.
	cluster int64
	shareB  bool
}

// es is the size in bytes of an operand's element.
func (p *sm90Plan) es() int64 { return int64(bitWidth(p.elem) / 8) }

// stageBytes is the shared memory of one stage: the A block, then the B
// block (bn/64 boxes of bk x 64, or one box of bn x bk when kMajorB).
func (p *sm90Plan) stageBytes() int64 { return (p.bm*p.bk + p.bk*p.bn) * p.es() }

func (p *sm90Plan) aBytes() int64 { return p.bm * p.bk * p.es() }

// box returns the TMA box of operand i (0 for A, 1 for B), rows x
// columns of its memref: A's bm x bk; B's bk x 64, or bn x bk when
// kMajorB.
func (p *sm90Plan) box(i int) []int64 {
	var box []int64
	switch {
	case i == 0:
		box = []int64{p.bm, p.bk}
	case p.kMajorB:
		box = []int64{p.bn, p.bk}
	default:
		box = []int64{p.bk, TMABox}
	}
	if p.halvesBoxes(i) {
		box[0] /= p.cluster
	}
	return box
}

// shared returns the operand the blocks of a cluster share (0 for A, 1
// for B), or -1 without clusters.
func (p *sm90Plan) shared() int {
	switch {
	case p.cluster <= 1:
		return -1
	case p.shareB:
		return 1
	}
	return 0
}

// halvesBoxes reports whether the blocks of a cluster load operand i by
// parts of its boxes: rows r*R/cluster to (r+1)*R/cluster of each box of
// R rows for the block of rank r. B's boxes of 64 columns are shared out
// whole instead when there are at least as many as blocks.
func (p *sm90Plan) halvesBoxes(i int) bool {
	if i != p.shared() {
		return false
	}
	return i == 0 || p.kMajorB || p.bn/TMABox < p.cluster
}

// sharedBytes is the dynamic shared memory of a block: the stages, the
// staging buffers of the epilogue's TMA store and the room to align them.
func (p *sm90Plan) sharedBytes() int64 {
	return p.stages*p.stageBytes() + p.stagingBytes() + swizzleAlign
}

// fitStages sets the stages of the ring: as many as the shared memory
// holds beside the staging buffers, at most SM90MaxStages.
func (p *sm90Plan) fitStages() {
	p.stages = min(SM90MaxStages, (SM90SharedBytes-swizzleAlign-p.stagingBytes())/p.stageBytes())
}

// planSM90 returns the plan of kernel kf (after splitRematerializable),
// or nil and why the sm_90a path does not apply.
func planSM90(kf *ir.Operation, pingpong bool, cluster int64) (*sm90Plan, string) {
	var dots []*ir.Operation
	kf.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if isOp(op, tile.AsDotOp) {
			dots = append(dots, op)
		}
		return true
	})
	if len(dots) != 1 {
		return nil, "not one tile.dot"
	}
	if len(tile.GridSemantics(kf)) > 2 {
		return nil, "a grid of more than 2 axes"
	}
	d, _ := tile.AsDotOp(dots[0])
	top := kf.Region(0).First()
	loop := dots[0].Block().ParentOp()
	f, ok := scf.AsForOp(loop)
	if !ok || loop.Block() != top {
		return nil, "the product is not in a k loop of the kernel's body"
	}
	if lb, ok := staticIndex(f.LowerBound()); !ok || lb != 0 {
		return nil, "the k loop does not start at 0"
	}
	if st, ok := staticIndex(f.Step()); !ok || st != 1 {
		return nil, "the k loop's step is not 1"
	}
	body := f.Region().First()
	if len(f.InitArgs()) != 1 || d.Acc() != body.Argument(1) || body.Last().NumOperands() != 1 || body.Last().Operand(0) != d.Result() {
		return nil, "the k loop does not carry the product's accumulator alone"
	}
	if !zeroTile(f.InitArgs()[0]) {
		return nil, "the accumulator does not start at zero"
	}
	p := &sm90Plan{loop: loop, dot: d}
	for i, v := range []ir.Value{d.A(), d.B()} {
		def := ir.DefiningOp(v)
		if tr, ok := tile.AsTransposeOp(def); ok && i == 1 && def.Block() == body && ir.HasOneUse(v) {
			// B = transpose(block of an N x K memref): k-major.
			if perm := tile.Permutation(tr); len(perm) == 2 && perm[0] == 1 && perm[1] == 0 {
				src := ir.DefiningOp(tr.Input())
				if src != nil && src.Block() == body && isOp(src, tile.AsLoadOp) && ir.HasOneUse(src.Result(0)) {
					p.kMajorB, p.transB = true, def
					def = src
				}
			}
		}
		if def == nil || def.Block() != body || (!feedsDot(def) && !(i == 1 && p.kMajorB)) {
			return nil, "an operand of the product is not a tile.load of the loop"
		}
		ld, _ := tile.AsLoadOp(def)
		arg, ok := tmaOK(ld)
		if !ok || arg.Owner() != top {
			return nil, "an operand is not loaded from a 2-D memref argument whose rows TMA can copy"
		}
		p.loads[i] = ld
		p.args[i] = arg.Index()
	}
	for op := body.First(); op != nil; op = op.Next() {
		if op == dots[0] || op == p.loads[0].Operation || op == p.loads[1].Operation || op == p.transB || op == body.Last() {
			continue
		}
		if op.NumRegions() != 0 || producesTile(op) {
			return nil, "the k loop computes other tiles"
		}
	}
	for op := top.First(); op != loop; op = op.Next() {
		if producesTile(op) && op != ir.DefiningOp(f.InitArgs()[0]) && !feedsZero(op, f.InitArgs()[0]) {
			return nil, "tiles are computed before the k loop"
		}
	}
	aShape, aElem, _ := tileShape(d.A())
	bShape, bElem, _ := tileShape(d.B())
	_, cElem, _ := tileShape(d.Acc())
	f8 := isFloat8(aElem)
	if aElem != bElem || (bitWidth(aElem) != 16 && !f8) || !isFloat(aElem) || bitWidth(cElem) != 32 || !isFloat(cElem) {
		return nil, "wgmma here takes f16, bf16, f8E4M3FN or f8E5M2 operands of one type and an f32 accumulator"
	}
	if f8 && !p.kMajorB {
		return nil, "wgmma of 8-bit floats reads B k-major: B must be the transpose of blocks of an N x K memref (a matmul with B transposed)"
	}
	if !f8 && p.kMajorB {
		// nvgpu.warpgroup.mma steps a 16-bit B that is not transposed
		// as upstream does, as if it were mn-major.
		return nil, "B is the transpose of blocks (k-major), which the sm_90a GEMM takes for 8-bit floats only"
	}
	p.bm, p.bk, p.bn, p.elem = aShape[0], aShape[1], bShape[1], aElem
	if bk := sm90BK(aElem); p.bk != bk || (p.bm != 64 && p.bm != 128) || p.bn%64 != 0 || p.bn > 256 || !isPow2(p.bn) {
		return nil, fmt.Sprintf("blocks %dx%dx%d: the sm_90a GEMM of %s takes bm 64 or 128, bk %d, bn 64, 128 or 256", p.bm, p.bk, p.bn, ir.TypeString(aElem), bk)
	}
	p.consumers = p.bm / WGMMAM
	p.pairCluster(kf, cluster)
	// Ping-pong's warpgroups multiply 128 rows of A each, which
	// nvgpu.warpgroup.mma steps through as 16-bit rows of 64 elements.
	p.pingpong = pingpong && p.bm == 2*WGMMAM && p.bn <= 128 && !f8
	p.out = planTMAStore(p, top)
	p.fitStages()
	if p.stages < 3 && p.out != nil {
		// The ring is worth more than the staging buffers.
		p.out = nil
		p.fitStages()
	}
	if p.stages < 2 {
		return nil, "two stages do not fit in shared memory"
	}
	return p, ""
}

// pairCluster sets the cluster of the plan: cluster blocks (at most 1:
// none) that compute tiles adjacent along one axis of the grid, sharing
// the operand whose blocks do not depend on the program index of that
// axis: B, paired along the grid's rows (axis 0), when its stage is at
// least as large as A's, else A, paired along the columns (axis 1). When
// neither operand can be shared, the blocks are not clustered.
func (p *sm90Plan) pairCluster(kf *ir.Operation, cluster int64) {
	p.cluster = 1
	if cluster <= 1 {
		return
	}
	axes := len(tile.GridSemantics(kf))
	shareB := p.bn >= p.bm
	ok := func(b bool) bool {
		if b {
			return !dependsOnAxis(p.loads[1].Indices(), 0)
		}
		return axes == 2 && !dependsOnAxis(p.loads[0].Indices(), 1)
	}
	switch {
	case ok(shareB):
	case ok(!shareB):
		shareB = !shareB
	default:
		return
	}
	p.cluster, p.shareB = cluster, shareB
}

// dependsOnAxis reports whether a value of vs is computed from the program
// index of the grid's axis.
func dependsOnAxis(vs []ir.Value, axis int64) bool {
	seen := map[*ir.Operation]bool{}
	var dep func(v ir.Value) bool
	dep = func(v ir.Value) bool {
		def := ir.DefiningOp(v)
		if def == nil || seen[def] {
			return false
		}
		seen[def] = true
		if pid, ok := tile.AsProgramIdOp(def); ok {
			return pid.Axis() == axis
		}
		for i := 0; i < def.NumOperands(); i++ {
			if dep(def.Operand(i)) {
				return true
			}
		}
		return false
	}
	for _, v := range vs {
		if dep(v) {
			return true
		}
	}
	return false
}

func producesTile(op *ir.Operation) bool {
	for i := 0; i < op.NumResults(); i++ {
		if isTile(op.Result(i)) {
			return true
		}
	}
	return false
}

// feedsZero reports whether op is the scalar zero a zero splat init
// broadcasts.
func feedsZero(op *ir.Operation, init ir.Value) bool {
	s := ir.DefiningOp(init)
	return s != nil && s.NumOperands() == 1 && ir.DefiningOp(s.Operand(0)) == op
}

// zeroTile reports whether v is a tile of zeros: a splat of the constant
// 0 or a zero constant tile.
func zeroTile(v ir.Value) bool {
	def := ir.DefiningOp(v)
	if def == nil {
		return false
	}
	if s, ok := tile.AsSplatOp(def); ok {
		c, ok := arith.AsConstantOp(ir.DefiningOp(s.Operand(0)))
		if !ok {
			return false
		}
		fa, ok := c.Value().(*ir.FloatAttr)
		return ok && fa.Float64() == 0
	}
	if c, ok := arith.AsConstantOp(def); ok {
		d, ok := c.Value().(*ir.DenseElementsAttr)
		if !ok || !d.Splat {
			return false
		}
		for _, b := range d.Data {
			if b != 0 {
				return false
			}
		}
		return true
	}
	return false
}

// tmaOK returns the kernel argument ld loads from when TMA can copy the
// blocks of ld: a tile.load by block index of a whole 2-D memref argument
// of identity layout whose rows are a multiple of 16 bytes (TMA's global
// strides), reading zeros outside.
func tmaOK(ld tile.LoadOp) (*ir.BlockArgument, bool) {
	v, ok := tile.AsViewOp(ir.DefiningOp(ld.View()))
	if !ok || v.Offset() != nil || len(v.Sizes()) != 0 || ld.Mask() != nil || ld.At() {
		return nil, false
	}
	arg, ok := v.Source().(*ir.BlockArgument)
	if !ok {
		return nil, false
	}
	mt, ok := v.Source().Type().(*ir.MemRefType)
	if !ok || len(mt.Shape) != 2 || mt.Layout != nil || mt.Shape[1] <= 0 || mt.Shape[1]*int64(max(1, bitWidth(mt.Elem)/8))%16 != 0 {
		return nil, false
	}
	if p, ok := ld.Pad().(*ir.StringAttr); ld.Pad() != nil && (!ok || p.Value != "zero") {
		return nil, false
	}
	return arg, true
}

// lowerSM90 lowers the body of a GEMM kernel with plan p. The kernel
// runs the tiles of a grid of grid[0] x grid[1] programs on however many
// blocks the launch gives it (a persistent grid when they are fewer than
// the tiles): block b takes tiles b, b + blocks, ... in the grouped order
// of groupM (see groupedOrder). In each role the tile loop lowers the
// operations before the k loop (the program's indices); the producer then
// fills the ring for the tile's k steps, the consumers run the k loop as
// the wgmma pipeline and the operations after it (the epilogue). The k
// steps of successive tiles follow each other in the ring, so that the
// producer loads the next tile while the consumers run the epilogue. In
// ping-pong, the consumer warpgroups take the block's tiles in turn.
// descA and descB are the kernel's tensor maps of A and B, descC that of
// the output when the epilogue stores through TMA (see storeTMA).
//
// In clusters of two blocks (p.cluster), the tile loop runs over pairs of
// tiles adjacent along the grid's rows (or columns, see
// sm90Plan.pairCluster), in grouped order over the grid of pairs: cluster
// c takes pairs c, c + clusters, ..., and its block of rank r the tile r
// of each pair. The second tile of a pair past the grid's edge is
// computed all the same, on the zeros TMA reads outside the operands,
// and its stores fall outside the output: the block must go on filling
// and releasing the ring that it shares with the other. A cluster
// barrier keeps every block until the other's copies and arrivals that
// target it are done.
func (k *kernel) lowerSM90(body *ir.Block, p *sm90Plan, grid [2]ir.Value, groupM int64, descA, descB, descC ir.Value) error {
	ring := k.newRing(p, descA, descB)
	f, _ := scf.AsForOp(p.loop)
	k.gridDims = grid[:]
	// The grid of units the blocks (clusters) take in turn: tiles, or
	// pairs of tiles along axis pair.
	units := grid
	pair := 0
	if !p.shareB {
		pair = 1
	}
	if p.cluster > 1 {
		units[pair] = k.div(k.add(grid[pair], k.c(p.cluster-1)), p.cluster)
		if pair == 0 {
			// Groups of as many block rows as before.
			groupM = max(1, groupM/p.cluster)
		}
	}
	tiles := k.bin("arith.muli", units[0], units[1])
	first := k.gpuIndex("gpu.block_id", "x")
	blocks := k.gpuIndex("gpu.grid_dim", "x")
	if p.cluster > 1 {
		first, blocks = k.div(first, p.cluster), k.div(blocks, p.cluster)
	}
	var err error
	// eachTile emits the tile loop of a role: the operations before the k
	// loop, then role with the tile's first k step in the ring's order.
	eachTile := func(start, step ir.Value, role func(steps, base ir.Value) error) {
		k.forLoopStep(start, tiles, step, func(t ir.Value) {
			k.tileIndex = t
			j := k.divu32(k.bin("arith.subi", t, first), blocks, false)
			k.grouped = groupedOrder32(k.emitter, t, units[0], units[1], groupM)
			if p.cluster > 1 {
				k.grouped[pair] = k.add(k.mul(k.grouped[pair], p.cluster), ring.rank)
			}
			for op := body.First(); op != p.loop && err == nil; op = op.Next() {
				k.b.Loc = op.Loc()
				err = k.lowerOp(op)
			}
			if err != nil {
				return
			}
			steps := k.get(f.UpperBound())
			if err = role(steps, k.bin("arith.muli", j, steps)); err != nil {
				return
			}
			// Loads must not be reused across tiles.
			k.loaded = map[string]ir.Value{}
			k.loadedBlock = map[string]*ir.Block{}
		})
	}
	wg := k.uniformWarpgroup()
	producer := k.cmp(0, wg, k.c(p.consumers))
	k.ifElse(producer, func() {
		k.setmaxnreg("decrease", ProducerRegisters)
		k.guarded(k.cmp(0, k.tid, k.c(p.consumers*128)), func() {
			// The tensor maps live in global memory: fetch them into
			// the copy engine's descriptor cache before the first copy.
			nvgpu.BuildTmaPrefetchDescriptor(k.b, k.b.Loc, descA)
			nvgpu.BuildTmaPrefetchDescriptor(k.b, k.b.Loc, descB)
			if descC != nil {
				nvgpu.BuildTmaPrefetchDescriptor(k.b, k.b.Loc, descC)
			}
			eachTile(first, blocks, func(steps, base ir.Value) error {
				ring.produce(k, steps, base, func(at ir.Value) ([]ir.Value, []ir.Value) {
					pl := &pipeline{body: f.Region().First(), oldIV: f.Region().First().Argument(0)}
					return k.indicesAt(pl, p.loads[0], at), k.indicesAt(pl, p.loads[1], at)
				})
				return nil
			})
		})
	}, func() {
		k.setmaxnreg("increase", ConsumerRegisters)
		// The epilogue's stores are of whole blocks but at the edges.
		k.wholeBlockStores = true
		start, step := first, blocks
		if p.pingpong {
			// Warpgroup w takes the tiles w, w+2, ... of the block.
			start = k.add(first, k.bin("arith.muli", wg, blocks))
			step = k.mul(blocks, p.consumers)
		}
		eachTile(start, step, func(steps, base ir.Value) error {
			issued := func() {}
			if p.pingpong {
				issued = ring.takeTurn(k, wg, k.divu32(k.bin("arith.subi", k.tileIndex, start), step, false))
			}
			k.vals[p.loop.Result(0)] = ring.consume(k, steps, base, issued)
			var epilogue []*ir.Operation
			for e := p.loop.Next(); e != nil && e != body.Last(); e = e.Next() {
				epilogue = append(epilogue, e)
			}
			var store func(op *ir.Operation) bool
			if p.out != nil {
				// The number of tiles the warpgroup stored before.
				n := k.divu32(k.bin("arith.subi", k.tileIndex, start), step, false)
				store = func(op *ir.Operation) bool {
					if op != p.out.store.Operation {
						return false
					}
					st := p.out.store
					idx := st.Indices()
					row0, col0 := k.mul(k.get(idx[0]), p.bm), k.mul(k.get(idx[1]), p.bn)
					k.storeTMA(ring, k.layouts[st.Value()], k.get(st.Value()), wg, n, row0, col0, descC)
					return true
				}
			}
			return k.lowerEpilogue(epilogue, k.layouts[p.loop.Result(0)], store)
		})
		k.wholeBlockStores = false
		if p.out != nil {
			k.drainTMA()
		}
	})
	if err != nil {
		return err
	}
	k.b.Loc = body.Last().Loc()
	if p.cluster > 1 {
		k.clusterBarrier()
	}
	return k.lowerOp(body.Last())
}

// lowerEpilogue lowers ops, the operations after the k loop, in the
// consumer warpgroups. The element-wise operations on tiles of the
// accumulator's layout l are computed register by register, the whole
// chain of one register before the next one's, rather than one operation
// on all the registers at a time: the accumulator's registers and the
// chain's intermediate tiles would not fit in the registers together.
// The other operations lower as usual; the chain's tiles that they use
// are assembled from the registers' values first.
//
// store, when not nil, lowers an operation in its own way (reporting
// true) instead of its rule.
func (k *kernel) lowerEpilogue(ops []*ir.Operation, l *Layout, store func(op *ir.Operation) bool) error {
	var chain []*ir.Operation
	pending := map[ir.Value]bool{}
	flush := func() {
		if len(chain) == 0 {
			return
		}
		regs := make(map[ir.Value][]ir.Value, len(chain))
		for r := 0; r < l.NumRegs(); r++ {
			p := unflatten(r, l.RegShape)
			cur := map[ir.Value]ir.Value{}
			for _, op := range chain {
				k.b.Loc = op.Loc()
				operands := make([]ir.Value, op.NumOperands())
				for i := range operands {
					x := op.Operand(i)
					if s, ok := cur[x]; ok {
						operands[i] = s
						continue
					}
					_, elem, _ := tileShape(x)
					operands[i] = k.extract(k.get(x), elem, p)
				}
				_, elem, _ := tileShape(op.Result(0))
				v := k.b.Create(&ir.OperationState{Name: op.OpName(), Operands: operands, Properties: op.Properties(),
					Attributes: op.Attrs(), ResultTypes: []ir.Type{elem}}).Result(0)
				cur[op.Result(0)] = v
				regs[op.Result(0)] = append(regs[op.Result(0)], v)
			}
		}
		for _, op := range chain {
			v := op.Result(0)
			delete(pending, v)
			if !usedOutside(v, chain) {
				continue
			}
			_, elem, _ := tileShape(v)
			vt := k.vec(l.RegShape, elem)
			zero := make([]byte, max(1, bitWidth(elem)/8))
			t := k.val("arith.constant", nil, vt, ir.NamedAttr{Name: "value", Value: k.ctx.DenseElementsAttr(vt, true, zero)})
			for r, x := range regs[v] {
				t = k.insert(x, t, unflatten(r, l.RegShape))
			}
			k.vals[v] = t
		}
		chain = nil
	}
	for _, op := range ops {
		if k.inChain(op, l) {
			chain = append(chain, op)
			pending[op.Result(0)] = true
			continue
		}
		for i := 0; i < op.NumOperands(); i++ {
			if pending[op.Operand(i)] {
				flush()
				break
			}
		}
		k.b.Loc = op.Loc()
		if store != nil && store(op) {
			continue
		}
		if err := k.lowerOp(op); err != nil {
			return err
		}
	}
	flush()
	return nil
}

// inChain reports whether the epilogue computes op register by register:
// an element-wise operation, with operands, on tiles of layout l.
func (k *kernel) inChain(op *ir.Operation, l *Layout) bool {
	if _, ok := k.target.Rules[op.Name()]; ok || !elementwise(op) || op.NumOperands() == 0 {
		return false
	}
	if rl, ok := k.layouts[op.Result(0)]; !ok || !rl.Equal(l) {
		return false
	}
	for i := 0; i < op.NumOperands(); i++ {
		if ol, ok := k.layouts[op.Operand(i)]; !ok || !ol.Equal(l) {
			return false
		}
	}
	return true
}

// usedOutside reports whether an operation other than those of chain
// uses v.
func usedOutside(v ir.Value, chain []*ir.Operation) bool {
	for u := v.FirstUse(); u != nil; u = u.Next() {
		in := false
		for _, op := range chain {
			if u.Owner() == op {
				in = true
				break
			}
		}
		if !in {
			return true
		}
	}
	return false
}

// groupedOrder returns the program indices (row, column) of tile t of a
// gx x gy grid in grouped order: consecutive tiles walk groupM block rows
// down one block column before moving right, so that the tiles running
// at once share the rows of A and the columns of B they load. groupM of
// 1 or less is the launch order (rows first). The arithmetic is in the
// integer type of t, gx and gy.
func groupedOrder(e *emitter, t, gx, gy ir.Value, groupM int64) []ir.Value {
	if groupM <= 1 {
		return []ir.Value{e.bin("arith.remui", t, gx), e.bin("arith.divui", t, gx)}
	}
	c := e.c(groupM)
	if t.Type() != e.index() {
		c = e.val("arith.constant", nil, t.Type(), ir.NamedAttr{Name: "value", Value: e.ctx.IntegerAttr(t.Type(), groupM)})
	}
	inGroup := e.bin("arith.muli", gy, c)
	group := e.bin("arith.divui", t, inGroup)
	first := e.bin("arith.muli", group, c)
	size := e.bin("arith.minui", e.bin("arith.subi", gx, first), c)
	local := e.bin("arith.remui", t, inGroup)
	return []ir.Value{e.bin("arith.addi", first, e.bin("arith.remui", local, size)), e.bin("arith.divui", local, size)}
}

// groupedOrder32 is groupedOrder of the tiles of a persistent grid,
// computed in 32 bits (its tiles number less than 2^31; see divu32).
func groupedOrder32(e *emitter, t, gx, gy ir.Value, groupM int64) []ir.Value {
	i32 := e.ctx.I(32)
	narrow := func(v ir.Value) ir.Value { return e.val("arith.index_cast", []ir.Value{v}, i32) }
	out := groupedOrder(e, narrow(t), narrow(gx), narrow(gy), groupM)
	for i, v := range out {
		out[i] = e.val("arith.index_castui", []ir.Value{v}, e.index())
	}
	return out
}

// uniformWarpgroup returns the warpgroup of the thread as lane 0 of its
// warp sees it (gpu.shuffle idx): the same value, but one the compiler
// knows to be uniform in the warp, so that the branches of the roles are
// not divergent paths, which would serialize wgmma.
func (k *kernel) uniformWarpgroup() ir.Value {
	i32 := k.ctx.I(32)
	wg := k.val("arith.index_cast", []ir.Value{k.div(k.tid, 128)}, i32)
	c := func(v int64) ir.Value {
		return k.val("arith.constant", nil, i32, ir.NamedAttr{Name: "value", Value: k.ctx.IntegerAttr(i32, v)})
	}
	sh := k.op("gpu.shuffle", []ir.Value{wg, c(0), c(32)}, []ir.Type{i32, k.ctx.I(1)},
		ir.NamedAttr{Name: "mode", Value: k.parsed("#gpu<shuffle_mode idx>")}).Result(0)
	return k.val("arith.index_cast", []ir.Value{sh}, k.index())
}

func (k *kernel) setmaxnreg(action string, n int32) {
	k.op("nvgpu.setmaxnreg", nil, nil,
		ir.NamedAttr{Name: "action", Value: k.parsed("#nvgpu<reg_action " + action + ">")},
		ir.NamedAttr{Name: "regCount", Value: k.ctx.IntegerAttr(k.ctx.I(32), int64(n))})
}

// accumulator returns the layout of the plan's accumulators: the rows
// of the block spread over the consumer warpgroups, or, ping-pong, the
// whole block in each.
func (p *sm90Plan) accumulator() func(shape []int64) (*Layout, error) {
	if p.pingpong {
		return WGMMAWarpgroup
	}
	return WGMMA
}

// warps returns the warps a tile's layout spreads over: those of the
// consumer warpgroups, or, ping-pong, of one.
func (p *sm90Plan) warps() int64 {
	if p.pingpong {
		return 4
	}
	return p.consumers * 4
}

// readers is the number of warpgroups that read each stage of the ring:
// every consumer, or, ping-pong, the one whose tile it holds.
func (p *sm90Plan) readers() int64 {
	if p.pingpong {
		return 1
	}
	return p.consumers
}

// takeTurn emits, in ping-pong, consumer warpgroup wg's wait for its turn
// to issue the products of its i-th tile, and returns what hands the turn
// to the other warpgroup once they are issued. The warpgroups issue their
// tiles' products in turn (warpgroup 0 first): a warpgroup then never
// waits on a stage's "full" barrier more than one phase ahead of its
// completions, which the barrier's parity could not tell apart.
func (r *ring) takeTurn(k *kernel, wg, i ir.Value) func() {
	// Warpgroup 1's i-th turn follows warpgroup 0's i-th tile, warpgroup
	// 0's i-th follows warpgroup 1's (i-1)-th: the n-th wait, n = i + wg -
	// 1, waits for the n-th phase of the warpgroup's barrier.
	n := k.bin("arith.subi", k.add(i, wg), k.c(1))
	k.guarded(k.cmp(9, k.add(i, wg), k.c(1)), func() {
		r.wait(k, r.order, wg, k.cmp(1, k.and(n, k.c(1)), k.c(0)))
	})
	return func() {
		other := k.bin("arith.subi", k.c(1), wg)
		nvgpu.BuildMbarrierArriveExpectTx(k.b, k.b.Loc, r.order, k.c(0), other,
			nvgpu.MbarrierArriveExpectTxOptions{Predicate: k.cmp(0, k.rem(k.tid, 128), k.c(0))})
	}
}

// isFloat8 reports whether t is one of the 8-bit float types wgmma
// multiplies (f8E4M3FN, f8E5M2).
func isFloat8(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && (ft.Kind == ir.F8E4M3FN || ft.Kind == ir.F8E5M2)
}

// DefaultCluster returns the cluster of the sm_90a GEMM kernel kf when
// the cluster option leaves it to the lowering: 1 (no clusters) for
// every shape (docs/performance.md: on an H200, clusters of two took 1.6
// to 1.7 times as long, 1.26 times once the producers' relay released at
// CTA scope, and, with the consumers arriving on both blocks' barriers,
// 1.01 times at 8192³ bf16: not faster).
func DefaultCluster(kf *ir.Operation) int64 { return 1 }
