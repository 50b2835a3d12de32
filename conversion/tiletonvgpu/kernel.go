package tiletonvgpu

import (
	"fmt"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/dialects/arith"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// kernel is the lowering of one tile.func to a gpu.func: every program
// of the grid becomes a thread block of warps*32 threads, and every tile
// value becomes, in each thread, the vector of the registers its layout
// gives that thread.
type kernel struct {
	*emitter
	chip    string
	target  *Target
	warps   int64
	layouts map[ir.Value]*Layout
	vals    map[ir.Value]ir.Value
	fn      *ir.Operation
	entry   *ir.Block
	// attrib is where workgroup attributions are added (before the
	// kernel's arguments are appended after them, see finish).
	smem      []*ir.MemRefType
	tid, lane ir.Value
	warp      ir.Value
	coords    map[*Layout][]ir.Value
	owner     map[*Layout]ir.Value
	// asyncIssued is set while cp.async copies wait for their commit.
	asyncIssued bool
	// pipe is the software pipeline of the loop being lowered, or nil.
	pipe *pipeline
	// loaded holds the registers of the tile.loads since the last store,
	// by loadKey.
	loaded      map[string]ir.Value
	loadedBlock map[string]*ir.Block
	// grouped holds the program ids of a GEMM grid in grouped order (nil
	// for the launch order).
	grouped []ir.Value
	// programs is the number of programs of a persistent grid (nil
	// otherwise).
	programs ir.Value
	// gridDims are the numbers of programs along the grid's axes when
	// they are not the launch's (the tile loop of the sm_90a GEMM), or
	// nil.
	gridDims []ir.Value
	// tileIndex is the tile of the sm_90a GEMM's tile loop being
	// lowered.
	tileIndex ir.Value
	// wholeBlockStores makes tile.store test once whether the block lies
	// inside the memref and then store without a test per element.
	wholeBlockStores bool
	// prologue is the last operation of the kernel's prologue.
	prologue *ir.Operation
	// offsetAlign holds, for the memrefs of views with a dynamic offset,
	// a number the offset is known to be a multiple of.
	offsetAlign map[ir.Value]int64
	// flash is the attention loop being lowered, or nil.
	flash *flashLoop
	// aFrags holds the A fragments of loop-invariant operands of
	// attention loops, by tile.
	aFrags map[ir.Value][][]ir.Value
	// ring is the shared memory of the attention loops' stages.
	ring ir.Value
	// hopper is the sm_90a attention kernel whose consumers are being
	// lowered, or nil.
	hopper *flash90
	// prefetched holds the registers of the tile.loads that a persistent
	// grid's loop issued ahead (see prefetchPlan), by load.
	prefetched map[*ir.Operation]ir.Value
	// prefetchRegs is the registers a thread may spend on them, and
	// prefetchDepth how many programs ahead they are issued.
	prefetchRegs  int64
	prefetchDepth int64
	// reduceBarriers holds, for each reduction through shared memory,
	// the barrier after its writes and the one after its reads.
	reduceBarriers [][2]*ir.Operation
	// moments holds the pairs of reductions lowered as one (see
	// moments), by both reductions.
	moments map[*ir.Operation]*moments
	// packAhead makes tile.load keep 16-bit elements packed in 32-bit
	// words, as the loads issued ahead are carried.
	packAhead bool
}

// inPrologue moves the insertion point to the end of the kernel's
// prologue (after the thread identifiers), where values cached for the
// whole kernel dominate every use; the returned function moves it back.
func (k *kernel) inPrologue() func() {
	saved := *k.b
	next := k.prologue.Next()
	k.b.SetInsertionPointAfter(k.prologue)
	return func() {
		for o := k.prologue.Next(); o != nil && o != next; o = o.Next() {
			k.prologue = o
		}
		*k.b = saved
	}
}

// lowerPersistent lowers the kernel body inside a grid-stride loop: block
// b runs programs b, b + blocks, ... below programs; the loads that
// prefetchPlan allows are issued a program ahead.
func (k *kernel) lowerPersistent(body *ir.Block, programs ir.Value) error {
	start := k.gpuIndex("gpu.block_id", "x")
	stride := k.gpuIndex("gpu.grid_dim", "x")
	if plan := planPrefetch(body, k.layouts, k.prefetchRegs, k.prefetchDepth); plan != nil {
		if err := k.lowerPrefetched(body, programs, start, stride, plan); err != nil {
			return err
		}
		k.loaded = map[string]ir.Value{}
		k.loadedBlock = map[string]*ir.Block{}
		k.op("gpu.return", nil, nil)
		return nil
	}
	loop := k.b.Create(&ir.OperationState{Name: k.ctx.OpName("scf.for"), Operands: []ir.Value{start, programs, stride}, NumRegions: 1})
	saved := *k.b
	inner := k.b.CreateBlock(loop.Region(0), k.index())
	k.grouped = []ir.Value{inner.Argument(0)}
	k.programs = programs
	last := body.Last()
	for op := body.First(); op != nil && op != last; op = op.Next() {
		k.b.Loc = op.Loc()
		if err := k.lowerOp(op); err != nil {
			return err
		}
	}
	k.op("scf.yield", nil, nil)
	*k.b = saved
	// Loads must not be reused across programs.
	k.loaded = map[string]ir.Value{}
	k.loadedBlock = map[string]*ir.Block{}
	k.op("gpu.return", nil, nil)
	return nil
}

// groupPrograms maps the blocks of a 2-D grid of independent programs to
// programs in grouped order: consecutive blocks walk groupM block rows
// down one block column before moving right, so that the blocks running
// at once share the rows of A and the columns of B they load.
func (k *kernel) groupPrograms(groupM int64) {
	gx, gy := k.gpuIndex("gpu.grid_dim", "x"), k.gpuIndex("gpu.grid_dim", "y")
	pid := k.add(k.gpuIndex("gpu.block_id", "x"), k.bin("arith.muli", k.gpuIndex("gpu.block_id", "y"), gx))
	k.grouped = groupedOrder(k.emitter, pid, gx, gy, groupM)
}

// lowering is the rule of one tile-level operation.
type lowering func(k *kernel, op *ir.Operation) error

// rules holds the rules by root operation name, like the patterns of a
// conversion.
var rules = map[string]lowering{}

func rule(name string, f lowering) { rules[name] = f }

func (k *kernel) errorf(op *ir.Operation, format string, args ...any) error {
	// The messages name the pass that runs.
	msg := strings.Replace(fmt.Sprintf(format, args...), Argument, k.target.Pass, 1)
	return ir.NewError(op.Loc(), msg)
}

// get returns the lowered value of v.
func (k *kernel) get(v ir.Value) ir.Value {
	if x, ok := k.vals[v]; ok {
		return x
	}
	return v
}

// getAll returns the lowered values of vs and their types.
func (k *kernel) getAll(vs []ir.Value) ([]ir.Value, []ir.Type) {
	vals := make([]ir.Value, len(vs))
	types := make([]ir.Type, len(vs))
	for i, v := range vs {
		vals[i] = k.get(v)
		types[i] = vals[i].Type()
	}
	return vals, types
}

// regType is the per-thread vector type of tile v.
func (k *kernel) regType(v ir.Value) (*ir.VectorType, *Layout, error) {
	l, ok := k.layouts[v]
	if !ok {
		return nil, nil, fmt.Errorf("no layout")
	}
	_, elem, _ := tileShape(v)
	return k.vec(l.RegShape, elem), l, nil
}

// lowerBlock lowers the operations of from, appending to the builder's
// block.
func (k *kernel) lowerBlock(from *ir.Block) error {
	for op := from.First(); op != nil; op = op.Next() {
		k.b.Loc = op.Loc()
		if err := k.lowerOp(op); err != nil {
			return err
		}
	}
	return nil
}

// lowerOp lowers one operation by its rule.
func (k *kernel) lowerOp(op *ir.Operation) error {
	if f, ok := k.target.Rules[op.Name()]; ok {
		if err := f(&Kernel{k}, op); err != errDecline {
			return err
		}
	}
	if f, ok := rules[op.Name()]; ok {
		return f(k, op)
	}
	if elementwise(op) {
		return k.lowerElementwise(op)
	}
	return k.lowerScalar(op)
}

// lowerScalar clones an operation on scalars with its operands mapped.
func (k *kernel) lowerScalar(op *ir.Operation) error {
	for i := 0; i < op.NumOperands(); i++ {
		if isTile(op.Operand(i)) {
			return k.errorf(op, "tile-to-nvgpu cannot lower '%s' on tiles", op.Name())
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		if isTile(op.Result(i)) {
			return k.errorf(op, "tile-to-nvgpu cannot lower '%s' producing tiles", op.Name())
		}
	}
	if op.NumRegions() != 0 {
		if opaque(op) {
			return k.cloneOpaque(op)
		}
		return k.errorf(op, "tile-to-nvgpu cannot lower '%s' with regions", op.Name())
	}
	m := map[ir.Value]ir.Value{}
	for i := 0; i < op.NumOperands(); i++ {
		v := k.get(op.Operand(i))
		// An operation kept as it is must still accept its operands: a
		// value whose type the lowering changes (a tile.view, now a
		// memref) cannot flow into an operation of another level that
		// takes the old type (a neuron DMA of a view).
		if v != nil && v.Type() != op.Operand(i).Type() {
			return k.errorf(op, "tile-to-nvgpu cannot keep '%s': its operand #%d of type %s becomes %s", op.Name(), i, asm.TypeString(op.Operand(i).Type()), asm.TypeString(v.Type()))
		}
		m[op.Operand(i)] = v
	}
	c := op.Clone(m)
	k.b.Insert(c)
	for i := 0; i < op.NumResults(); i++ {
		k.vals[op.Result(i)] = c.Result(i)
	}
	return nil
}

// lowerElementwise repeats an element-wise operation on the registers:
// the same operation on the per-thread vectors.
func (k *kernel) lowerElementwise(op *ir.Operation) error {
	rt, _, err := k.regType(op.Result(0))
	if err != nil {
		return k.errorf(op, "tile without a layout")
	}
	if c, isConst := arith.AsConstantOp(op); isConst {
		d, ok := c.Value().(*ir.DenseElementsAttr)
		if !ok || !d.Splat {
			return k.errorf(op, "tile-to-nvgpu lowers splat constant tiles only")
		}
		k.vals[op.Result(0)] = k.val("arith.constant", nil, rt,
			ir.NamedAttr{Name: "value", Value: k.ctx.DenseElementsAttr(rt, true, d.Data)})
		return nil
	}
	var operands []ir.Value
	// Math functions run on the registers as one 1-D vector, which the
	// GPU lowering maps to the chip's instructions (ex2.approx for exp2)
	// rather than to calls of a device library.
	flat := strings.HasPrefix(op.Name(), "math.") && len(rt.Shape) > 1
	n := int64(1)
	for _, d := range rt.Shape {
		n *= d
	}
	for i := 0; i < op.NumOperands(); i++ {
		x := k.get(op.Operand(i))
		if flat {
			x = k.val("vector.shape_cast", []ir.Value{x}, k.vec([]int64{n}, x.Type().(*ir.VectorType).Elem))
		}
		operands = append(operands, x)
	}
	st := &ir.OperationState{Name: op.OpName(), Operands: operands, Properties: op.Properties(), Attributes: op.Attrs()}
	_, elem, _ := tileShape(op.Result(0))
	st.ResultTypes = []ir.Type{k.vec(rt.Shape, elem)}
	if flat {
		st.ResultTypes = []ir.Type{k.vec([]int64{n}, elem)}
	}
	var r ir.Value = k.b.Create(st).Result(0)
	if flat {
		r = k.val("vector.shape_cast", []ir.Value{r}, k.vec(rt.Shape, elem))
	}
	k.vals[op.Result(0)] = r
	return nil
}

// threadCoords returns, for layout l, the coordinate of this thread's
// register 0 along each dimension: the lane and warp bits' bases summed.
func (k *kernel) threadCoords(l *Layout) []ir.Value {
	if c, ok := k.coords[l]; ok {
		return c
	}
	defer k.inPrologue()()
	out := make([]ir.Value, len(l.Shape))
	for d := range out {
		out[d] = k.c(0)
	}
	part := func(id ir.Value, bases [][]int64) {
		for b := 0; b < len(bases); {
			// A run of bits with doubling bases along one dimension is one
			// mask and multiply.
			d, x := -1, int64(0)
			for i, v := range bases[b] {
				if v != 0 {
					d, x = i, v
				}
			}
			if d < 0 {
				b++
				continue
			}
			n := 1
			for b+n < len(bases) && bases[b+n][d] == x<<n && nonzero(bases[b+n]) == 1 {
				n++
			}
			v := id
			if b > 0 {
				v = k.bin("arith.shrui", v, k.c(int64(b)))
			}
			v = k.and(v, k.c(int64(1)<<n-1))
			out[d] = k.add(out[d], k.mul(v, x))
			b += n
		}
	}
	part(k.lane, l.Lane)
	part(k.warp, l.Warp)
	k.coords[l] = out
	return out
}

func nonzero(b []int64) int {
	n := 0
	for _, x := range b {
		if x != 0 {
			n++
		}
	}
	return n
}

// ownerPred returns whether this thread is the first of the threads that
// hold the same elements in layout l (nil when every thread is).
func (k *kernel) ownerPred(l *Layout) ir.Value {
	if p, ok := k.owner[l]; ok {
		return p
	}
	defer k.inPrologue()()
	var p ir.Value
	for _, x := range []struct {
		id    ir.Value
		bases [][]int64
	}{{k.lane, l.Lane}, {k.warp, l.Warp}} {
		if z := zeroBits(x.bases); z != 0 {
			c := k.cmp(0, k.and(x.id, k.c(z)), k.c(0))
			if p == nil {
				p = c
			} else {
				p = k.and(p, c)
			}
		}
	}
	k.owner[l] = p
	return p
}

// lowerFor lowers an scf.for whose iteration arguments may be tiles.
func lowerFor(k *kernel, op *ir.Operation) error {
	f, _ := scf.AsForOp(op)
	if k.hopper != nil {
		if _, ok := k.hopper.loopOf[op]; ok {
			return k.lowerFlash90For(op)
		}
	}
	if k.pipe == nil && k.flash == nil && k.target.AsyncCopy {
		if p := k.plan(f); p != nil {
			return k.lowerPipelinedFor(op, p)
		}
		if p := k.flashPlan(f); p != nil {
			return k.lowerFlashFor(op, p)
		}
	}
	if singleTrip(f) {
		return k.inlineSingleTrip(op)
	}
	inits, types := k.getAll(f.InitArgs())
	operands := append([]ir.Value{k.get(f.LowerBound()), k.get(f.UpperBound()), k.get(f.Step())}, inits...)
	nf := k.b.Create(&ir.OperationState{Name: op.OpName(), Operands: operands, ResultTypes: types,
		Properties: op.Properties(), Attributes: op.Attrs(), NumRegions: 1})
	old := f.Region().First()
	saved := *k.b
	body := k.b.CreateBlock(nf.Region(0), append([]ir.Type{old.Argument(0).Type()}, types...)...)
	for i, a := range old.Arguments() {
		k.vals[a] = body.Argument(i)
	}
	if err := k.lowerBlock(old); err != nil {
		return err
	}
	*k.b = saved
	for i := 0; i < op.NumResults(); i++ {
		k.vals[op.Result(i)] = nf.Result(i)
	}
	return nil
}

func lowerYield(k *kernel, op *ir.Operation) error {
	var vs []ir.Value
	for i := 0; i < op.NumOperands(); i++ {
		vs = append(vs, k.get(op.Operand(i)))
	}
	if k.pipe != nil && op.Block() == k.pipe.body {
		vs = append(vs, k.pipe.next...)
	}
	if k.flash != nil && op.Block() == k.flash.body {
		vs = append(vs, k.flash.next...)
	}
	if k.hopper != nil && op.Block() == k.hopper.body {
		vs = append(vs, k.hopper.next...)
	}
	k.b.Create(&ir.OperationState{Name: op.OpName(), Operands: vs, Properties: op.Properties()})
	return nil
}

func init() {
	rule("scf.for", lowerFor)
	rule("scf.yield", lowerYield)
	rule("tile.return", func(k *kernel, op *ir.Operation) error {
		k.op("gpu.return", nil, nil)
		return nil
	})
	rule("tile.program_id", func(k *kernel, op *ir.Operation) error {
		p, _ := tile.AsProgramIdOp(op)
		if k.grouped != nil {
			return k.setIndex(op, k.grouped[p.Axis()])
		}
		return k.setIndex(op, k.gpuIndex("gpu.block_id", "xyz"[p.Axis():p.Axis()+1]))
	})
	rule("tile.num_programs", func(k *kernel, op *ir.Operation) error {
		p, _ := tile.AsNumProgramsOp(op)
		if k.gridDims != nil {
			return k.setIndex(op, k.gridDims[p.Axis()])
		}
		if k.programs != nil {
			return k.setIndex(op, k.programs)
		}
		return k.setIndex(op, k.gpuIndex("gpu.grid_dim", "xyz"[p.Axis():p.Axis()+1]))
	})
	rule("tile.view", lowerView)
	rule("tile.dim", func(k *kernel, op *ir.Operation) error {
		d, _ := tile.AsDimOp(op)
		k.vals[op.Result(0)] = k.dim(k.get(d.View()), d.Index())
		return nil
	})
	rule("tile.num_blocks", func(k *kernel, op *ir.Operation) error {
		n, _ := tile.AsNumBlocksOp(op)
		size := k.dim(k.get(n.View()), n.Dim())
		k.vals[op.Result(0)] = k.bin("arith.ceildivui", size, k.c(n.Block()))
		return nil
	})
	rule("tile.splat", func(k *kernel, op *ir.Operation) error {
		rt, _, err := k.regType(op.Result(0))
		if err != nil {
			return k.errorf(op, "tile without a layout")
		}
		k.vals[op.Result(0)] = k.val("vector.broadcast", []ir.Value{k.get(op.Operand(0))}, rt)
		return nil
	})
	rule("tile.iota", func(k *kernel, op *ir.Operation) error {
		rt, l, err := k.regType(op.Result(0))
		if err != nil {
			return k.errorf(op, "tile without a layout")
		}
		base := k.threadCoords(l)[0]
		it := k.vec(rt.Shape, k.index())
		v := k.val("vector.broadcast", []ir.Value{base}, it)
		data := make([]int64, l.NumRegs())
		for r := range data {
			data[r] = l.RegCoord(r)[0]
		}
		offs := k.val("arith.constant", nil, it, ir.NamedAttr{Name: "value", Value: indexDense(k.ctx, it, data)})
		v = k.bin("arith.addi", v, offs)
		_, elem, _ := tileShape(op.Result(0))
		if elem != k.index() {
			v = k.val("arith.index_cast", []ir.Value{v}, k.vec(rt.Shape, elem))
		}
		k.vals[op.Result(0)] = v
		return nil
	})
	// Broadcasts and dimension changes keep the registers: the layouts
	// were chosen so that the same registers hold the elements.
	same := func(k *kernel, op *ir.Operation) error {
		k.vals[op.Result(0)] = k.get(op.Operand(0))
		return nil
	}
	rule("tile.broadcast", lowerBroadcast)
	rule("tile.expand_dims", same)
	rule("tile.squeeze", same)
	// A transpose permutes the layout's coordinates, not the registers.
	rule("tile.transpose", same)
	rule("tile.reshape", func(k *kernel, op *ir.Operation) error {
		from, _, _ := tileShape(op.Operand(0))
		to, _, _ := tileShape(op.Result(0))
		if !unitReshape(from, to) {
			return k.errorf(op, "tile-to-nvgpu lowers reshapes that add or drop unit dimensions only")
		}
		return same(k, op)
	})
	rule("tile.cast", lowerCast)
	rule("tile.load", lowerLoad)
	rule("tile.store", lowerStore)
	rule("tile.dot", lowerDot)
}

func (k *kernel) setIndex(op *ir.Operation, v ir.Value) error {
	if op.Result(0).Type() != k.index() {
		v = k.val("arith.index_cast", []ir.Value{v}, op.Result(0).Type())
	}
	k.vals[op.Result(0)] = v
	return nil
}

// dim returns dimension d of memref m.
func (k *kernel) dim(m ir.Value, d int64) ir.Value {
	if mt, ok := m.Type().(*ir.MemRefType); ok && mt.Shape[d] >= 0 {
		return k.c(mt.Shape[d])
	}
	return k.val("memref.dim", []ir.Value{m, k.c(d)}, k.index())
}

func lowerCast(k *kernel, op *ir.Operation) error {
	rt, _, err := k.regType(op.Result(0))
	if err != nil {
		return k.errorf(op, "tile without a layout")
	}
	c, _ := tile.AsCastOp(op)
	_, from, _ := tileShape(c.Input())
	_, to, _ := tileShape(c.Result())
	name := arith.ConversionOpName(from, to, c.Unsigned())
	if name == "" {
		k.vals[op.Result(0)] = k.get(c.Input())
		return nil
	}
	if r, ok := c.Rounding(); ok && r != tile.RoundingModeToNearestEven {
		return k.errorf(op, "tile-to-nvgpu lowers casts rounding to nearest even only")
	}
	k.vals[op.Result(0)] = k.val(name, []ir.Value{k.get(c.Input())}, rt)
	return nil
}

func indexDense(ctx *ir.Context, t *ir.VectorType, data []int64) ir.Attribute {
	raw := make([]byte, 8*len(data))
	for i, x := range data {
		for j := 0; j < 8; j++ {
			raw[8*i+j] = byte(uint64(x) >> (8 * j))
		}
	}
	return ctx.DenseElementsAttr(t, false, raw)
}
