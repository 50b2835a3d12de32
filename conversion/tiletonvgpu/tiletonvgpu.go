// Package tiletonvgpu is tile-to-nvgpu{chip=sm_80|sm_90a}: it lowers the
// tile kernels of a module (tile.func) to gpu.func kernels of a
// gpu.module whose bodies use the gpu, nvgpu, vector, memref, arith and
// scf dialects, and their launches (tile.launch) to gpu.launch_func.
//
// Every program of a tile grid becomes a thread block of four warps, and
// every tile value becomes, in each thread, a vector of the registers
// that its layout gives the thread. Layouts are data (Layout: linear maps
// from register, lane and warp bits to coordinates; Swizzle: the
// shared-memory permutation of 16-byte chunks), chosen by an analysis
// that anchors the accumulators of tile.dot in the mma.sync fragment
// layout and lets loads and stores take a blocked layout of 16-byte
// vectors, the layouts flowing through element-wise operations, loops,
// broadcasts and dimension changes:
//
//   - tile.dot of f16/bf16 blocks into f32 runs on the tensor cores: its
//     operands are staged in swizzled shared memory (by cp.async copies
//     that zero-fill past the edges when they come straight from an
//     aligned memref, else from registers), each warp loads its fragments
//     with ldmatrix (ldmatrix.trans for B) and issues mma.sync m16n8k16;
//   - the epilogue (bias, activation, casts) runs on the accumulator's
//     registers, and the store writes each element once, masked at the
//     edges;
//   - loads clamp their addresses into the memref and replace what lies
//     outside (or is masked) by the pad value, so ragged shapes work.
//
// With chip=sm_90a, GEMM kernels run warp-specialized on Hopper's TMA,
// mbarriers and wgmma instead (see sm90.go), their accumulators in the
// WGMMA layout, and so do attention kernels (see flash90.go); other
// kernels take the sm_80 path.
package tiletonvgpu

import (
	"fmt"
	"sort"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/internal/tune"
	"github.com/strata-ir/strata/targets/chips"
)

// Argument is the pass's name in pipelines.
const Argument = "tile-to-nvgpu"

// Pass registers tile-to-nvgpu.
var Pass = pass.Registration{Argument: Argument, New: New, Lowers: lowers}

// lowers names the operations with a lowering rule, the kernels and
// their launches.
func lowers(ctx *ir.Context) []string {
	names := []string{"tile.func", "tile.launch"}
	for name := range rules {
		if strings.HasPrefix(name, "tile.") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

func init() { pass.Register(Pass) }

// ModuleName is the symbol of the gpu.module that holds the kernels.
const ModuleName = "tile_kernels"

// Warps is the number of warps of a thread block; a kernel whose product
// accumulates a block of BigDot elements or more takes BigWarps, so that
// each warp keeps at most 64 accumulators in registers.
const (
	Warps    = 4
	BigWarps = 8
	BigDot   = 128 * 128
)

func hasDot(kf *ir.Operation) bool {
	found := false
	kf.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		found = found || isOp(op, tile.AsDotOp)
		return !found
	})
	return found
}

// MaxWarps is the most warps of a block (512 threads); RowElements the
// most elements of a tile each thread of a kernel without products should
// hold, so that a long row stays in registers.
const (
	MaxWarps    = 16
	RowElements = 16
)

// warpsFor returns the warps of kernel kf: BigWarps for a big product,
// else enough warps for its largest tile to spread RowElements to a
// thread.
func warpsFor(kf *ir.Operation, t *Target) int64 {
	w := int64(Warps)
	var largest int64
	dot := false
	kf.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if d, ok := tile.AsDotOp(op); ok {
			dot = true
			if shape, _, _ := tileShape(d.Result()); len(shape) == 2 {
				if shape[0]*shape[1] >= BigDot {
					w = BigWarps
				}
				// No more warps than fragments.
				for w > 1 && w > (shape[0]/t.FragM)*(shape[1]/t.FragN) {
					w /= 2
				}
			}
		}
		for i := 0; i < op.NumResults(); i++ {
			if shape, _, ok := tileShape(op.Result(i)); ok {
				n := int64(1)
				for _, d := range shape {
					n *= d
				}
				largest = max(largest, n)
			}
		}
		return true
	})
	if c := chainWarps(kf); c > 0 {
		return c
	}
	if !dot {
		for w < MaxWarps && largest > w*t.Lanes*RowElements {
			w *= 2
		}
	}
	return w
}

type toNVGPU struct {
	pass.Info
	chip       *string
	groupM     *int64
	persistent *int64
	warps      *int64
	pingpong   *bool
	cluster    *int64
	overlap    *bool
	blocksSM   *int64
	cache      *string
	prefetch   *int64
	depth      *int64
}

// New returns a tile-to-nvgpu pass.
func New() pass.Pass {
	p := &toNVGPU{Info: pass.Info{Argument: Argument, Name: "TileToNVGPU", OpName: "builtin.module",
		Summary: "Lower tile kernels to gpu and nvgpu kernels for an NVIDIA chip"}}
	p.chip = p.Options.Enum("chip", "sm_80", []pass.EnumValue{
		{Name: "sm_80", Desc: "Ampere: cp.async, ldmatrix, mma.sync"},
		{Name: "sm_90a", Desc: "Hopper: TMA, mbarriers, warp-specialized wgmma for GEMMs and attention; the sm_80 path for other kernels"},
	}, "The chip to generate code for")
	p.groupM = p.Options.Int("group-m", 1, "Run the programs of a GEMM grid in groups of this many block rows (1: launch order)")
	p.pingpong = p.Options.Bool("ping-pong", false, "Let the two consumer warpgroups of an sm_90a GEMM take turns: whole 128-row blocks (bn at most 128) rather than 64 rows of each, so that the epilogue of one overlaps the products of the other (the attention kernel's warpgroups always take turns)")
	p.cluster = p.Options.Int("cluster", 0, "Blocks of a cluster of an sm_90a GEMM, 1 or 2: a cluster of 2 computes two adjacent tiles that share an operand, each block loading half of it into both blocks' shared memory (TMA multicast); 0: the default of the GEMM's shape (see DefaultCluster)")
	p.overlap = p.Options.Bool("attention-overlap", false, "Rotate the loop of the sm_90a attention kernel so that the softmax of a key block runs while P V of the block before does (FlashAttention 3's intra-warpgroup overlap)")
	p.persistent = p.Options.Int("persistent", 0, "Launch at most this many blocks for a 1-D grid without products or an sm_90a GEMM, each running programs in turn (0: a block per program)")
	p.warps = p.Options.Int("warps", 0, "Warps of a block for kernels without products, a power of two up to 32 (0: enough for each thread to hold 16 elements of the largest tile)")
	p.cache = p.Options.String("tune-cache", "", "A winners cache written by strata-tune: sm_90a GEMMs and attention kernels of a cached kernel, shape class and chip take group-m, ping-pong, persistent, cluster and attention-overlap from it")
	p.prefetch = p.Options.Int("prefetch", 0, "Registers a thread of a persistent grid without products may spend on loads issued ahead: the next program's inputs, loaded while the block computes the current one, and inputs common to all programs, loaded once (0: 32; negative: none)")
	p.depth = p.Options.Int("prefetch-depth", 1, "Programs ahead whose inputs the loop of a persistent grid without products issues (see prefetch), 1 to 4")
	p.blocksSM = p.Options.Int("blocks-per-sm", 0, "Ask the assembler to fit at least this many blocks of a kernel without products on a multiprocessor, limiting its registers (nvvm.minctasm; 0: no request)")
	return p
}

func (p *toNVGPU) Run(op *ir.Operation, st *pass.State) error {
	if _, ok := chips.Lookup(*p.chip); !ok {
		return st.EmitError(op, fmt.Sprintf("tile-to-nvgpu: unknown chip %q", *p.chip))
	}
	if w := *p.warps; w < 0 || w > 32 || w&(w-1) != 0 {
		return st.EmitError(op, fmt.Sprintf("tile-to-nvgpu: warps=%d is not a power of two up to 32", w))
	}
	if d := *p.depth; d < 1 || d > 4 {
		return st.EmitError(op, fmt.Sprintf("tile-to-nvgpu: prefetch-depth=%d is not in [1, 4]", d))
	}
	if c := *p.cluster; c < 0 || c > 2 {
		return st.EmitError(op, fmt.Sprintf("tile-to-nvgpu: cluster=%d is not 0, 1 or 2", c))
	}
	if b := *p.blocksSM; b < 0 || b > 32 {
		return st.EmitError(op, fmt.Sprintf("tile-to-nvgpu: blocks-per-sm=%d is not in [0, 32]", b))
	}
	var cache *tune.Cache
	if *p.cache != "" {
		c, err := tune.LoadCache(*p.cache)
		if err != nil {
			return st.EmitError(op, "tile-to-nvgpu: tune-cache: "+err.Error())
		}
		cache = c
	}
	if err := Run(st.Context(), op, Options{Chip: *p.chip, GroupM: *p.groupM, Persistent: *p.persistent, Warps: *p.warps, PingPong: *p.pingpong,
		Cluster: *p.cluster, AttentionOverlap: *p.overlap, BlocksPerSM: *p.blocksSM, Cache: cache, Prefetch: *p.prefetch, PrefetchDepth: *p.depth}); err != nil {
		if d, ok := err.(*ir.Diagnostic); ok {
			st.Emit(d)
			st.SignalFailure()
			return nil
		}
		return st.EmitError(op, err.Error())
	}
	return nil
}

// ReassociatesFloats tells semcheck that the tensor cores sum products in
// another order than tile.dot's reference.
func (p *toNVGPU) ReassociatesFloats() bool { return true }

// Options are the options of the lowering.
type Options struct {
	// Chip is sm_80 or sm_90a.
	Chip string
	// GroupM > 1 runs the programs of a GEMM grid in groups of GroupM
	// block rows (see groupPrograms); 0 or 1 keeps the launch order.
	GroupM int64
	// Persistent > 0 launches at most that many blocks for a 1-D grid of
	// programs without products (row-wise kernels), each block running
	// programs in turn (a grid-stride loop); the kernel takes the number
	// of programs as a last argument. An sm_90a GEMM always runs its
	// tiles in a loop (see lowerSM90); Persistent > 0 bounds its blocks
	// too, typically to the chip's multiprocessors.
	Persistent int64
	// Warps > 0 is the number of warps of a block for kernels without
	// products (row-wise kernels); 0 picks enough warps for each thread
	// to hold RowElements elements of the largest tile.
	Warps int64
	// BlocksPerSM > 0 asks the assembler to fit that many blocks of a
	// kernel without products on a multiprocessor (nvvm.minctasm), which
	// bounds its registers: more rows of a row-wise kernel in flight; 0
	// asks for DefaultThreadsPerSM threads (see blocksPerSM).
	BlocksPerSM int64
	// Prefetch bounds the registers a thread of a persistent grid
	// without products spends on loads issued ahead (see
	// prefetchPlan); 0 takes DefaultPrefetchRegs, a negative number
	// issues none ahead.
	Prefetch int64
	// PrefetchDepth is how many programs ahead those loads are issued
	// (the registers of each counted in the budget); 0 means 1.
	PrefetchDepth int64
	// PingPong gives the consumer warpgroups of an sm_90a GEMM with
	// blocks of 128 rows and at most 128 columns whole blocks in turn
	// (see sm90Plan.pingpong). The attention kernel decides by itself:
	// its two consumer warpgroups, when it has two, issue their products
	// in turns (see flash90.pingpong).
	PingPong bool
	// Cluster is the number of blocks of a cluster of an sm_90a GEMM (1
	// or 2; see sm90Plan.cluster); 0 takes DefaultCluster of the GEMM.
	Cluster int64
	// Cache, when not nil, is a winners cache of strata-tune: an sm_90a
	// GEMM or attention kernel whose key (see GEMMKey, AttentionKey) it
	// holds takes its group-m, ping-pong, persistent, cluster and
	// attention-overlap options from the cached winner instead.
	Cache *tune.Cache

	// AttentionOverlap rotates the consumers' loop of the sm_90a
	// attention kernel (see rotation): the softmax of a key block
	// overlaps P V of the block before.
	AttentionOverlap bool
}

// persistentOK reports whether kernel kf runs on a persistent grid.
func persistentOK(kf *ir.Operation, blocks int64) bool {
	sem := tile.GridSemantics(kf)
	return blocks > 0 && len(sem) == 1 && sem[0] == tile.Parallel && !hasDot(kf)
}

// Run lowers the tile kernels of module. On error the module is left as
// it was.
func Run(ctx *ir.Context, module *ir.Operation, opts Options) error {
	t := *nvidia
	t.Chip = opts.Chip
	return RunTarget(ctx, module, &t, opts)
}

// RunTarget lowers the tile kernels of module for target t (see Target);
// opts.Chip is ignored. On error the module is left as it was.
func RunTarget(ctx *ir.Context, module *ir.Operation, t *Target, opts Options) error {
	body := module.Region(0).First()
	if body == nil {
		return nil
	}
	var kernels []*ir.Operation
	for o := body.First(); o != nil; o = o.Next() {
		if isOp(o, tile.AsFuncOp) {
			kernels = append(kernels, o)
		}
	}
	if len(kernels) == 0 {
		return nil
	}
	props := []ir.NamedAttr{{Name: "sym_name", Value: ctx.Str(ModuleName)}}
	if t.ModuleTargets != nil {
		props = append(props, ir.NamedAttr{Name: "targets", Value: t.ModuleTargets})
	}
	gmod := ir.NewOperation(&ir.OperationState{Name: ctx.OpName("gpu.module"), Loc: module.Loc(), NumRegions: 1,
		Properties: ctx.DictionaryAttr(props)})
	gmod.Region(0).Append(ir.NewBlock())
	lowered := map[string]*ir.Operation{}
	persistent := map[string]int64{}
	hopper := map[string]hopperKernel{}
	for _, kf := range kernels {
		opts := opts
		if err := cachedOptions(kf, t.Chip, &opts); err != nil {
			gmod.DropAllReferences()
			return err
		}
		if persistentOK(kf, opts.Persistent) {
			name, _ := ir.SymbolName(kf)
			persistent[name] = opts.Persistent
		}
		fn, plan, err := lowerKernel(ctx, kf, t, opts, persistentOK(kf, opts.Persistent))
		if err != nil {
			gmod.DropAllReferences()
			return err
		}
		if plan != nil {
			name, _ := ir.SymbolName(kf)
			hopper[name] = plan
			if _, gemm := plan.(*sm90Plan); gemm {
				persistent[name] = opts.Persistent
			}
		}
		gmod.Region(0).First().Append(fn)
		name, _ := ir.SymbolName(kf)
		lowered[name] = fn
	}
	// The launches.
	var launches []*ir.Operation
	module.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if isOp(o, tile.AsLaunchOp) {
			launches = append(launches, o)
		}
		return true
	})
	for _, l := range launches {
		lo, _ := tile.AsLaunchOp(l)
		if lowered[lo.Kernel()] == nil {
			gmod.DropAllReferences()
			return ir.NewError(l.Loc(), "tile.launch of an unknown kernel")
		}
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(kernels[0])
	b.Insert(gmod)
	module.SetAttr("gpu.container_module", ctx.Unit())
	for _, l := range launches {
		lo, _ := tile.AsLaunchOp(l)
		name := lo.Kernel()
		if err := toLaunchFunc(ctx, l, lowered[name], persistent[name], hopper[name]); err != nil {
			return err
		}
	}
	for _, kf := range kernels {
		kf.Erase()
	}
	return nil
}

// toLaunchFunc replaces a tile.launch with a gpu.launch_func of the
// lowered kernel: a block per program, of the kernel's known block size.
//
// The launch of a warp-specialized sm_90a kernel (plan not nil) first
// makes the tensor maps of its operands, which it passes after the
// arguments, and gives the blocks the plan's dynamic shared memory. A
// GEMM also takes the two sizes of the grid of programs after its
// arguments and runs on a 1-D grid of a block per program, or of
// persistent blocks when there are more programs.
func toLaunchFunc(ctx *ir.Context, l *ir.Operation, fn *ir.Operation, persistent int64, plan hopperKernel) error {
	lo, _ := tile.AsLaunchOp(l)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(l)
	b.Loc = l.Loc()
	e := &emitter{ctx: ctx, b: b, consts: map[int64]ir.Value{}, attrs: map[string]ir.Attribute{}}
	grid := lo.Grid()
	dims := []ir.Value{e.c(1), e.c(1), e.c(1)}
	copy(dims, grid)
	args := lo.Args()
	var clusters []ir.Value
	if gemm, ok := plan.(*sm90Plan); ok {
		args = append(append([]ir.Value(nil), args...), dims[0], dims[1])
		if c := gemm.cluster; c > 1 {
			// A cluster per pair of tiles, at most persistent blocks
			// (rounded down to whole clusters, at least one).
			pairs := []ir.Value{dims[0], dims[1]}
			axis := 0
			if !gemm.shareB {
				axis = 1
			}
			pairs[axis] = e.bin("arith.divui", e.add(pairs[axis], e.c(c-1)), e.c(c))
			n := e.bin("arith.muli", pairs[0], pairs[1])
			if persistent > 0 {
				n = e.bin("arith.minui", n, e.c(max(1, persistent/c)))
			}
			dims = []ir.Value{e.bin("arith.muli", n, e.c(c)), e.c(1), e.c(1)}
			clusters = []ir.Value{e.c(c), e.c(1), e.c(1)}
		} else {
			dims = []ir.Value{e.bin("arith.muli", dims[0], dims[1]), e.c(1), e.c(1)}
			if persistent > 0 {
				dims[0] = e.bin("arith.minui", dims[0], e.c(persistent))
			}
		}
	} else if persistent > 0 {
		args = append(args, dims[0])
		dims[0] = e.bin("arith.minui", dims[0], e.c(persistent))
	}
	threads := int64(Warps * 32)
	if d, ok := fn.InherentAttr("known_block_size").(*ir.DenseArrayAttr); ok && d.Size == 3 {
		threads = int64(int32(uint32(d.Data[0]) | uint32(d.Data[1])<<8 | uint32(d.Data[2])<<16 | uint32(d.Data[3])<<24))
	}
	var shared []ir.Value
	if plan != nil {
		maps, err := plan.tensorMaps(e, args)
		if err != nil {
			return ir.NewError(l.Loc(), "tile-to-nvgpu: "+err.Error())
		}
		args = append(append([]ir.Value(nil), args...), maps...)
		shared = []ir.Value{e.val("arith.constant", nil, ctx.I(32),
			ir.NamedAttr{Name: "value", Value: ctx.IntegerAttr(ctx.I(32), plan.sharedBytes())})}
	} else if dynamic := dynamicSharedBytes(fn); dynamic > 0 {
		shared = []ir.Value{e.val("arith.constant", nil, ctx.I(32),
			ir.NamedAttr{Name: "value", Value: ctx.IntegerAttr(ctx.I(32), dynamic)})}
	}
	ops := append(append(append(append(dims, e.c(threads), e.c(1), e.c(1)), clusters...), shared...), args...)
	c := int32(min(1, len(clusters)))
	b.Create(&ir.OperationState{Name: ctx.OpName("gpu.launch_func"), Operands: ops,
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "kernel", Value: ctx.SymbolRefAttr(ModuleName, []string{lo.Kernel()})},
			{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(0, 1, 1, 1, 1, 1, 1, c, c, c, int32(len(shared)), int32(len(args)), 0)},
		})})
	l.Erase()
	return nil
}

// hopperKernel is the plan of a warp-specialized sm_90a kernel (a GEMM
// or an attention kernel), what its launch needs: the tensor maps its
// host code makes of the launch's arguments, and the dynamic shared
// memory.
type hopperKernel interface {
	tensorMaps(e *emitter, args []ir.Value) ([]ir.Value, error)
	sharedBytes() int64
}

// lowerKernel returns the gpu.func of tile kernel kf, and the plan of
// the warp-specialized sm_90a kernel when it is one.
// maxThreadElements bounds the elements of one tile a thread holds: the
// lowering unrolls a thread's share element by element where it cannot
// vectorize it, and no GPU gives a thread more than a few hundred
// registers.
const maxThreadElements = 1 << 12

// checkThreadShares reports the first tile, in the order of the kernel's
// operations, whose layout gives a thread more than maxThreadElements
// elements.
func checkThreadShares(work *ir.Operation, lay map[ir.Value]*Layout, t *Target) error {
	var err error
	work.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		for i := 0; i < op.NumResults() && err == nil; i++ {
			if l := lay[op.Result(i)]; l != nil && l.NumRegs() > maxThreadElements {
				err = ir.NewError(op.Loc(), fmt.Sprintf("%s: the tile %s gives each thread %d elements, more than the %d the lowering takes",
					t.Pass, asm.TypeString(op.Result(i).Type()), l.NumRegs(), maxThreadElements))
			}
		}
		return err == nil
	})
	return err
}

func lowerKernel(ctx *ir.Context, kf *ir.Operation, t *Target, opts Options, persistent bool) (*ir.Operation, hopperKernel, error) {
	// Row values are computed before their broadcasts (hoistBroadcasts)
	// where the layouts allow it.
	if !hasDot(kf) {
		if fn, plan, err := lowerKernelWith(ctx, kf, t, opts, persistent, true); err == nil {
			return fn, plan, nil
		}
	}
	return lowerKernelWith(ctx, kf, t, opts, persistent, false)
}

func lowerKernelWith(ctx *ir.Context, kf *ir.Operation, t *Target, opts Options, persistent bool, hoist bool) (*ir.Operation, hopperKernel, error) {
	groupM := opts.GroupM
	f, _ := tile.AsFuncOp(kf)
	chip := t.Chip
	if len(tile.GridSemantics(kf)) > 3 {
		return nil, nil, ir.NewError(kf.Loc(), t.Pass+": a grid has at most 3 axes")
	}
	// Work on a copy: the analysis splits splats per use.
	work := kf.Clone(nil)
	defer work.DropAllReferences()
	if !hasDot(work) {
		foldStaticMasks(work)
	}
	if hoist {
		hoistBroadcasts(work)
	}
	splitRematerializable(work)
	var plan *sm90Plan
	var attn *flash90
	why := "chip " + chip + " has no tensor-core instruction of 8-bit floats (mma.sync of e4m3 and e5m2 needs sm_89, wgmma sm_90a)"
	if chip == "sm_90a" && t.AsyncCopy && !persistent {
		cluster := opts.Cluster
		if cluster == 0 {
			cluster = DefaultCluster(work)
		}
		plan, why = planSM90(work, opts.PingPong, cluster)
		if plan == nil {
			attn, _ = planFlash90(work)
			if attn != nil {
				attn.pingpong = attn.consumers == 2
				attn.rotate = opts.AttentionOverlap
				attn.foldScale()
			}
		}
	}
	if d := float8Dot(work); plan == nil && d != nil {
		// mma.sync here multiplies 16-bit floats only.
		return nil, nil, ir.NewError(d.Loc(), fmt.Sprintf("%s{chip=%s}: a tile.dot of %s runs on wgmma only: %s", t.Pass, chip, ir.TypeString(float8Elem(d)), why))
	}
	warps := warpsFor(work, t)
	if opts.Warps > 0 && !hasDot(work) {
		warps = opts.Warps
	}
	threads := warps * t.Lanes
	var lay map[ir.Value]*Layout
	var err error
	switch {
	case plan != nil:
		// The layouts are the consumer warpgroups'; the producer
		// warpgroup follows them.
		warps = plan.warps()
		threads = (plan.consumers + 1) * 128
		lay, err = assignWith(work, warps, t.Lanes, nil, plan.accumulator())
		if err == nil && plan.out != nil && !plan.tmaStoreFits(lay[plan.out.store.Value()]) {
			plan.out = nil
			plan.fitStages()
		}
	case attn != nil:
		warps = attn.consumers * 4
		threads = (attn.consumers + 1) * 128
		lay, err = assign(work, warps, t)
	default:
		lay, err = assign(work, warps, t)
	}
	if err != nil {
		return nil, nil, ir.NewError(kf.Loc(), t.Pass+": "+err.Error())
	}
	if err := checkThreadShares(work, lay, t); err != nil {
		return nil, nil, err
	}
	old := work.Region(0).First()
	var argTypes []ir.Type
	for _, a := range old.Arguments() {
		argTypes = append(argTypes, a.Type())
	}
	if persistent {
		// The number of programs, which the blocks share.
		argTypes = append(argTypes, ctx.IndexType())
	}
	attrs := []ir.NamedAttr{
		{Name: "gpu.kernel", Value: ctx.Unit()},
		{Name: "sym_name", Value: ctx.Str(f.SymName())},
	}
	if plan != nil {
		// The grid's sizes in programs, then the tensor maps.
		argTypes = append(argTypes, ctx.IndexType(), ctx.IndexType())
		for i := range plan.loads {
			t, err := tensorMapType(ctx, plan.box(i), plan.elem)
			if err != nil {
				return nil, nil, ir.NewError(kf.Loc(), "tile-to-nvgpu: "+err.Error())
			}
			argTypes = append(argTypes, t)
		}
		if plan.out != nil {
			t, err := tensorMapType(ctx, plan.out.box(), plan.out.elem)
			if err != nil {
				return nil, nil, ir.NewError(kf.Loc(), "tile-to-nvgpu: "+err.Error())
			}
			argTypes = append(argTypes, t)
		}
	}
	if attn != nil {
		for _, box := range attn.boxes() {
			t, err := tensorMapType(ctx, box, attn.elem)
			if err != nil {
				return nil, nil, ir.NewError(kf.Loc(), "tile-to-nvgpu: "+err.Error())
			}
			argTypes = append(argTypes, t)
		}
	}
	if plan != nil || attn != nil {
		// One block per multiprocessor at most, so that the register
		// budgets of setmaxnreg apply.
		attrs = append(attrs, ir.NamedAttr{Name: "nvvm.minctasm", Value: ctx.IntegerAttr(ctx.I(32), 1)})
		if plan != nil && plan.cluster > 1 {
			attrs = append(attrs, ir.NamedAttr{Name: "nvvm.cluster_dim", Value: ctx.DenseI32Array(int32(plan.cluster), 1, 1)})
		}
	} else if !hasDot(work) {
		attrs = append(attrs, ir.NamedAttr{Name: "nvvm.minctasm", Value: ctx.IntegerAttr(ctx.I(32), blocksPerSM(opts.BlocksPerSM, threads))})
	}
	fn := ir.NewOperation(&ir.OperationState{Name: ctx.OpName("gpu.func"), Loc: kf.Loc(), NumRegions: 1,
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(argTypes, nil))},
			{Name: "known_block_size", Value: ctx.DenseI32Array(int32(threads), 1, 1)},
		}),
		Attributes: ctx.DictionaryAttr(attrs)})
	entry := ir.NewBlock()
	fn.Region(0).Append(entry)
	for _, t := range argTypes {
		entry.AddArgument(t, kf.Loc())
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(entry)
	b.Loc = kf.Loc()
	k := &kernel{emitter: &emitter{ctx: ctx, b: b, consts: map[int64]ir.Value{}, attrs: map[string]ir.Attribute{}, top: entry},
		chip: chip, target: t, warps: warps, layouts: lay, vals: map[ir.Value]ir.Value{}, fn: fn, entry: entry,
		coords: map[*Layout][]ir.Value{}, owner: map[*Layout]ir.Value{},
		loaded: map[string]ir.Value{}, loadedBlock: map[string]*ir.Block{}, offsetAlign: map[ir.Value]int64{}, aFrags: map[ir.Value][][]ir.Value{},
		prefetchRegs: prefetchRegs(opts.Prefetch), prefetchDepth: max(opts.PrefetchDepth, 1)}
	for i, a := range old.Arguments() {
		k.vals[a] = entry.Argument(i)
	}
	if !hasDot(work) {
		k.moments = planMoments(work)
	}
	if sem := tile.GridSemantics(kf); plan == nil && groupM > 1 && len(sem) == 2 && sem[0] == tile.Parallel && sem[1] == tile.Parallel && hasDot(work) {
		k.groupPrograms(groupM)
	}
	k.tid = k.gpuIndex("gpu.thread_id", "x")
	k.lane = k.rem(k.tid, t.Lanes)
	k.warp = k.div(k.tid, t.Lanes)
	k.prologue = ir.DefiningOp(k.warp)
	switch {
	case plan != nil:
		n := len(argTypes)
		var descC ir.Value
		if plan.out != nil {
			descC = entry.Argument(n - 1)
			n--
		}
		err = k.lowerSM90(old, plan, [2]ir.Value{entry.Argument(n - 4), entry.Argument(n - 3)}, groupM, entry.Argument(n-2), entry.Argument(n-1), descC)
	case attn != nil:
		n := len(argTypes)
		err = k.lowerFlash90(old, attn, [3]ir.Value{entry.Argument(n - 3), entry.Argument(n - 2), entry.Argument(n - 1)})
	case persistent:
		err = k.lowerPersistent(old, entry.Argument(len(argTypes)-1))
	default:
		err = k.lowerBlock(old)
	}
	if err != nil {
		fn.DropAllReferences()
		return nil, nil, err
	}
	if !hasDot(work) {
		k.dropTrailingBarriers()
	}
	if t.Memory != "" {
		var bytes int64
		for _, m := range k.smem {
			n := int64(1)
			for _, d := range m.Shape {
				n *= d
			}
			bytes += n * int64((ir.IntOrFloatBitWidth(m.Elem)+7)/8)
		}
		if bytes > t.MemoryBytes {
			fn.DropAllReferences()
			return nil, nil, ir.NewError(kf.Loc(), fmt.Sprintf("%s: the kernel needs %d bytes of %s, more than the %d of %s: choose smaller blocks",
				t.Pass, bytes, t.Memory, t.MemoryBytes, chip))
		}
	}
	fn.SetAttr("workgroup_attributions", ctx.IntegerAttr(ctx.IntegerType(64, ir.Signless), int64(len(k.smem))))
	switch {
	case plan != nil:
		return fn, plan, nil
	case attn != nil:
		return fn, attn, nil
	}
	return fn, nil, nil
}

// prefetchRegs returns the register budget of loads issued ahead for
// option value asked (see Options.Prefetch).
func prefetchRegs(asked int64) int64 {
	switch {
	case asked == 0:
		return DefaultPrefetchRegs
	case asked < 0:
		return 0
	}
	return asked
}

// float8Dot returns the first tile.dot of kernel kf with 8-bit float
// operands, or nil.
func float8Dot(kf *ir.Operation) *ir.Operation {
	var found *ir.Operation
	kf.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if found == nil && isOp(op, tile.AsDotOp) && isFloat8(float8Elem(op)) {
			found = op
		}
		return found == nil
	})
	return found
}

// float8Elem returns the element type of tile.dot op's A operand.
func float8Elem(op *ir.Operation) ir.Type {
	d, _ := tile.AsDotOp(op)
	_, elem, _ := tileShape(d.A())
	return elem
}

// DefaultThreadsPerSM is the threads of a kernel without products that a
// multiprocessor holds at least, by default: 1024, at most 64 registers
// a thread. A row kernel past that (a block of 512 threads at 70
// registers) would hold one row at a time on a multiprocessor instead
// of two, and its loads would wait alone.
const DefaultThreadsPerSM = 1024

// blocksPerSM returns the nvvm.minctasm of a kernel without products of
// the given threads a block: the asked number, or by default enough
// blocks for DefaultThreadsPerSM threads.
func blocksPerSM(asked, threads int64) int64 {
	if asked > 0 {
		return asked
	}
	return max(1, DefaultThreadsPerSM/max(1, threads))
}
