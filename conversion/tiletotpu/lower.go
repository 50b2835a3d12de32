package tiletotpu

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/dialects/tpu"
	"github.com/strata-ir/strata/dialects/vector"
)

// emitter builds the Mosaic kernel's body.
type emitter struct {
	*lowering
	b        *ir.Builder
	fn       *ir.Operation
	entry    *ir.Block
	vm       map[ir.Value]ir.Value
	refs     []ir.Value // the window refs, in window order
	sizeRefs []ir.Value // the scalar-prefetch refs of the array sizes
	// prefetchRefs are the scalar-prefetch refs of whole arrays (the
	// row indices of gathers), by position in l.prefetch.
	prefetchRefs []ir.Value
	// gatherBufs are the VMEM scratch buffers the gathers' DMAs fill;
	// dmaSem is their DMA semaphore.
	gatherBufs []ir.Value
	dmaSem     ir.Value
	scratch    []ir.Value
	gridIdx    map[int]ir.Value
	loc        ir.Location
}

func (l *lowering) run() error {
	if err := l.analyze(); err != nil {
		return err
	}
	if err := l.checkDots(); err != nil {
		return err
	}
	ctx := l.ctx
	vmem := tpu.MemorySpaceNamed(ctx, "vmem")
	smem := tpu.MemorySpaceNamed(ctx, "smem")
	i32 := ctx.I(32)
	// Scratch: one ref per accumulator of the k loop.
	var scratchTypes []*ir.MemRefType
	if l.loop != nil {
		for _, a := range l.loop.Region(0).First().Arguments()[1:] {
			t := tensorType(a)
			scratchTypes = append(scratchTypes, ctx.MemRefType(t.Shape, t.Elem, nil, vmem))
		}
	}
	nacc := len(scratchTypes)
	// Gathers: a VMEM buffer each for the rows the DMAs bring, and one
	// DMA semaphore.
	gathers := make([]*gather, len(l.gathers))
	for _, g := range l.gathers {
		gathers[g.buf] = g
	}
	for _, g := range gathers {
		scratchTypes = append(scratchTypes, ctx.MemRefType([]int64{g.rows, g.table.array[1]}, g.table.elem, nil, vmem))
	}
	if len(gathers) > 0 {
		sem, err := tpu.GetDmaSemaphoreType(ctx)
		if err != nil {
			return errAt(l.kernel, "%v", err)
		}
		scratchTypes = append(scratchTypes, ctx.MemRefType(nil, sem.DynType, nil, tpu.MemorySpaceNamed(ctx, "semaphore_mem")))
	}
	if err := l.checkVMEM(scratchTypes[:nacc+len(gathers)]); err != nil {
		return err
	}
	// The kernel function.
	var argTypes []ir.Type
	for range l.grid {
		argTypes = append(argTypes, i32)
	}
	sizeType := l.sizeRefType()
	for range l.sizes {
		argTypes = append(argTypes, sizeType)
	}
	for _, a := range l.prefetch {
		argTypes = append(argTypes, l.prefetchType(a))
	}
	for _, w := range l.windows {
		space := vmem
		if w.scalar {
			space = smem
		} else if w.any {
			space = tpu.MemorySpaceNamed(ctx, "any")
		}
		argTypes = append(argTypes, ctx.MemRefType(w.block, elemOf(ctx, w.elem), nil, space))
	}
	for _, t := range scratchTypes {
		argTypes = append(argTypes, t)
	}
	kname, _ := ir.SymbolName(l.kernel)
	name := uniqueName(l.names, kname+"_tpu")
	loc := l.kernel.Loc()
	var params []ir.Attribute
	var transforms []*ir.Operation
	for i, w := range l.windows {
		if w.any {
			// Read by DMAs: no window, as Pallas writes pl.ANY operands.
			params = append(params, ctx.DictionaryAttr(nil))
			continue
		}
		tname := uniqueName(l.names, fmt.Sprintf("transform_%d", i))
		tf, err := l.transform(tname, w, loc)
		if err != nil {
			return err
		}
		transforms = append(transforms, tf)
		params = append(params, ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "transform_indices", Value: ctx.SymbolRefAttr(tname, nil)},
			{Name: "window_bounds", Value: ctx.DenseI64Array(w.block...)},
		}))
	}
	var sems []ir.Attribute
	for _, s := range l.sem {
		a, err := tpu.EnumAttr(ctx, "dimension_semantics", s)
		if err != nil {
			return err
		}
		sems = append(sems, a)
	}
	core, err := tpu.EnumAttr(ctx, "core_type", "tc")
	if err != nil {
		return err
	}
	i64 := ctx.I(64)
	fn := ir.NewOperation(&ir.OperationState{Name: ctx.OpName("func.func"), Loc: loc, NumRegions: 1,
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(argTypes, nil))},
			{Name: "sym_name", Value: ctx.Str(name)},
		}),
		Attributes: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: tpu.AttrDimensionSemantics, Value: ctx.ArrayAttr(sems)},
			{Name: tpu.AttrIterationBounds, Value: ctx.DenseI64Array(l.grid...)},
			{Name: tpu.AttrScalarPrefetch, Value: ctx.IntegerAttr(i64, int64(len(l.sizes)+len(l.prefetch)))},
			{Name: tpu.AttrScratchOperands, Value: ctx.IntegerAttr(i64, int64(len(scratchTypes)))},
			{Name: tpu.AttrCoreType, Value: core},
			{Name: tpu.AttrWindowParams, Value: ctx.ArrayAttr(params)},
		}),
	})
	l.kernel.Block().InsertBefore(l.kernel, fn)
	for _, t := range transforms {
		l.kernel.Block().InsertBefore(l.kernel, t)
	}
	e := &emitter{lowering: l, b: ir.NewBuilder(ctx), fn: fn, vm: map[ir.Value]ir.Value{}, gridIdx: map[int]ir.Value{}, loc: loc}
	e.entry = e.b.CreateBlock(fn.Region(0), argTypes...)
	for _, a := range e.entry.Arguments() {
		a.Loc = loc
	}
	n := len(l.grid)
	for i := range l.sizes {
		e.sizeRefs = append(e.sizeRefs, e.entry.Argument(n+i))
	}
	n += len(l.sizes)
	for i := range l.prefetch {
		e.prefetchRefs = append(e.prefetchRefs, e.entry.Argument(n+i))
	}
	n += len(l.prefetch)
	for i := range l.windows {
		e.refs = append(e.refs, e.entry.Argument(n+i))
	}
	for i := range scratchTypes {
		a := e.entry.Argument(n + len(l.windows) + i)
		switch {
		case i < nacc:
			e.scratch = append(e.scratch, a)
		case i < nacc+len(gathers):
			e.gatherBufs = append(e.gatherBufs, a)
		default:
			e.dmaSem = a
		}
	}
	err = e.body()
	if err == nil && e.b.Err() != nil {
		err = errAt(l.kernel, "%v", e.b.Err())
	}
	if err == nil {
		e.b.SetInsertionPointToEnd(e.entry)
		e.b.CreateOp("func.return", nil, nil)
		removeDead(fn)
	}
	if err != nil {
		fn.Erase()
		for _, t := range transforms {
			t.Erase()
		}
		return err
	}
	return l.host(name)
}

// prefetchType is the type of the scalar-prefetch ref of kernel
// argument a, an array passed whole into SMEM.
func (l *lowering) prefetchType(a int) *ir.MemRefType {
	mt := l.kernel.Region(0).First().Argument(a).Type().(*ir.MemRefType)
	return l.ctx.MemRefType(mt.Shape, mt.Elem, nil, tpu.MemorySpaceNamed(l.ctx, "smem"))
}

// sizeRefType is the type of a scalar-prefetch ref holding an array
// size: one i32 in SMEM.
func (l *lowering) sizeRefType() *ir.MemRefType {
	return l.ctx.MemRefType([]int64{1}, l.ctx.I(32), nil, tpu.MemorySpaceNamed(l.ctx, "smem"))
}

// elemOf is the element type of a vector or ref for a tile element type.
func elemOf(ctx *ir.Context, t ir.Type) ir.Type {
	if _, ok := t.(*ir.IndexType); ok {
		return ctx.I(32)
	}
	return t
}

// vecType is the vector type of a tile type (index elements become i32);
// scalars are kept.
func (l *lowering) vecType(t ir.Type) ir.Type {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return t
	}
	return l.ctx.VectorType(rt.Shape, nil, elemOf(l.ctx, rt.Elem))
}

// transform builds @name(grid indices) -> block indices for a window.
func (l *lowering) transform(name string, w *window, loc ir.Location) (*ir.Operation, error) {
	ctx := l.ctx
	i32 := ctx.I(32)
	var in, out []ir.Type
	for range l.grid {
		in = append(in, i32)
	}
	for range l.sizes {
		in = append(in, l.sizeRefType())
	}
	for _, a := range l.prefetch {
		in = append(in, l.prefetchType(a))
	}
	for range w.block {
		out = append(out, i32)
	}
	fn := ir.NewOperation(&ir.OperationState{Name: ctx.OpName("func.func"), Loc: loc, NumRegions: 1,
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(in, out))},
			{Name: "sym_name", Value: ctx.Str(name)},
		})})
	b := ir.NewBuilder(ctx)
	b.Loc = loc
	blk := b.CreateBlock(fn.Region(0), in...)
	for _, a := range blk.Arguments() {
		a.Loc = loc
	}
	consts := map[int64]ir.Value{}
	var rets []ir.Value
	var kLast ir.Value
	for d := range w.block {
		if a := w.axis[d]; a >= 0 {
			var x ir.Value = blk.Argument(a)
			if w.div[d] > 1 {
				x = arith.BuildDivsi(b, loc, x, arith.BuildConstant(b, loc, ctx.IntegerAttr(i32, w.div[d]), i32).Operation.Result(0)).Operation.Result(0)
			}
			if a == len(l.grid)-1 && l.kBound != nil {
				// Past the end of the k range (the blocks above the
				// diagonal), the window keeps the range's last block, so
				// no DMA is issued for the steps that are skipped.
				if kLast == nil {
					ub, err := l.i32Expr(b, loc, l.kBound, blk)
					if err != nil {
						return nil, err
					}
					one := arith.BuildConstant(b, loc, ctx.IntegerAttr(i32, 1), i32).Operation.Result(0)
					zero := arith.BuildConstant(b, loc, ctx.IntegerAttr(i32, 0), i32).Operation.Result(0)
					kLast = arith.BuildSubi(b, loc, ub, one).Operation.Result(0)
					kLast = arith.BuildMaxsi(b, loc, kLast, zero).Operation.Result(0)
				}
				x = arith.BuildMinsi(b, loc, x, kLast).Operation.Result(0)
			}
			rets = append(rets, x)
			continue
		}
		c, ok := consts[w.konst[d]]
		if !ok {
			c = arith.BuildConstant(b, loc, ctx.IntegerAttr(i32, w.konst[d]), i32).Operation.Result(0)
			consts[w.konst[d]] = c
		}
		rets = append(rets, c)
	}
	b.CreateOp("func.return", rets, nil)
	return fn, nil
}

// i32Expr rebuilds, in an index map whose block has the grid indices as
// arguments, an index value of the kernel computed from program ids and
// constants, with i32 operations (grid indices are not negative, so
// unsigned and signed operations agree).
func (l *lowering) i32Expr(b *ir.Builder, loc ir.Location, v ir.Value, blk *ir.Block) (ir.Value, error) {
	i32 := l.ctx.I(32)
	if c, ok := constIndex(v); ok {
		return arith.BuildConstant(b, loc, l.ctx.IntegerAttr(i32, c), i32).Operation.Result(0), nil
	}
	def := ir.DefiningOp(v)
	if def == nil {
		return nil, errAt(l.kernel, "the bound of the loop over blocks is not computed from program ids and constants")
	}
	if p, ok := tile.AsProgramIdOp(def); ok {
		return blk.Argument(int(p.Axis())), nil
	}
	// A dynamic size, read from its scalar-prefetch ref (the index
	// map's arguments after the grid indices).
	var view ir.Value
	var dim int
	var block int64
	if d, ok := tile.AsDimOp(def); ok {
		view, dim = d.View(), int(d.Index())
	} else if nb, ok := tile.AsNumBlocksOp(def); ok {
		view, dim, block = nb.View(), int(nb.Dim()), nb.Block()
	}
	if view != nil {
		arg, _ := l.viewArg(view)
		for i, sz := range l.sizes {
			if sz != (arraySize{arg, dim}) {
				continue
			}
			c0 := arith.BuildConstant(b, loc, l.ctx.IntegerAttr(l.ctx.IndexType(), 0), l.ctx.IndexType()).Operation.Result(0)
			n := memref.BuildLoad(b, loc, blk.Argument(len(l.grid)+i), []ir.Value{c0}).Result()
			if block > 0 {
				n = arith.BuildAddi(b, loc, n, arith.BuildConstant(b, loc, l.ctx.IntegerAttr(i32, block-1), i32).Result()).Result()
				n = arith.BuildDivsi(b, loc, n, arith.BuildConstant(b, loc, l.ctx.IntegerAttr(i32, block), i32).Result()).Result()
			}
			return n, nil
		}
		return nil, errAt(def, "internal error: the size is not prefetched")
	}
	if c, ok := arith.AsIndexCastOp(def); ok {
		return l.i32Expr(b, loc, c.In(), blk)
	}
	if def.NumOperands() != 2 {
		return nil, errAt(def, "'%s' in the bound of the loop over blocks cannot be an index map", def.Name())
	}
	x, err := l.i32Expr(b, loc, def.Operand(0), blk)
	if err != nil {
		return nil, err
	}
	y, err := l.i32Expr(b, loc, def.Operand(1), blk)
	if err != nil {
		return nil, err
	}
	r := func(op interface{ Result() ir.Value }) (ir.Value, error) { return op.Result(), nil }
	switch {
	case is(def, arith.AsAddiOp):
		return r(arith.BuildAddi(b, loc, x, y))
	case is(def, arith.AsSubiOp):
		return r(arith.BuildSubi(b, loc, x, y))
	case is(def, arith.AsMuliOp):
		return r(arith.BuildMuli(b, loc, x, y))
	case is(def, arith.AsDivuiOp), is(def, arith.AsDivsiOp), is(def, arith.AsFloordivsiOp):
		return r(arith.BuildDivsi(b, loc, x, y))
	case is(def, arith.AsCeildivuiOp), is(def, arith.AsCeildivsiOp):
		one := arith.BuildConstant(b, loc, l.ctx.IntegerAttr(i32, 1), i32).Operation.Result(0)
		ym := arith.BuildSubi(b, loc, y, one).Result()
		return r(arith.BuildDivsi(b, loc, arith.BuildAddi(b, loc, x, ym).Result(), y))
	case is(def, arith.AsMinuiOp), is(def, arith.AsMinsiOp):
		return r(arith.BuildMinsi(b, loc, x, y))
	case is(def, arith.AsMaxuiOp), is(def, arith.AsMaxsiOp):
		return r(arith.BuildMaxsi(b, loc, x, y))
	}
	return nil, errAt(def, "'%s' in the bound of the loop over blocks cannot be an index map", def.Name())
}

// checkDots requires dot blocks to fill the MXU.
func (l *lowering) checkDots() error {
	mxu := l.chip.MXUSize
	if mxu == 0 {
		return nil
	}
	var err error
	l.kernel.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		d, ok := tile.AsDotOp(op)
		if !ok || err != nil {
			return err == nil
		}
		if tile.DotBatchRank(d) > 0 {
			err = errAt(op, "a batched tile.dot (leading batch dimensions) is not lowered to TPU yet; launch one program per batch")
			return false
		}
		at, bt := tensorType(d.A()), tensorType(d.B())
		if at == nil || bt == nil || len(at.Shape) != 2 || len(bt.Shape) != 2 {
			return true
		}
		m, nn, kk := at.Shape[0], bt.Shape[1], at.Shape[0+1]
		fullK, fullN := l.coversArray(d.A(), 1, kk), l.coversArray(d.B(), 1, nn)
		if (nn%mxu != 0 && !fullN) || (kk%mxu != 0 && !fullK) {
			err = errAt(op, "dot block %dx%dx%d (MxNxK) does not fill the %dx%d MXU of %s: N and K must be multiples of %d or cover the whole dimension",
				m, nn, kk, mxu, mxu, l.chip.Name, mxu)
		}
		return err == nil
	})
	return err
}

// coversArray reports whether the tile v, traced back to the load it
// comes from, spans dimension d of its array in one block.
func (l *lowering) coversArray(v ir.Value, d int, size int64) bool {
	for depth := 0; depth < 16; depth++ {
		def := ir.DefiningOp(v)
		if def == nil {
			return false
		}
		if ld, ok := tile.AsLoadOp(def); ok {
			if w := l.winOf[def]; w != nil && d < len(w.array) {
				return size >= w.array[d]
			}
			_ = ld
			return false
		}
		// Follow element-wise chains (casts, masks) through their first
		// tile operand of the same shape.
		next := ir.Value(nil)
		for _, o := range def.Operands() {
			if t := tensorType(o); t != nil && t == tensorType(v) || (t != nil && sameShape(t, tensorType(v))) {
				next = o
				break
			}
		}
		if next == nil {
			return false
		}
		v = next
	}
	return false
}

func sameShape(a, b *ir.RankedTensorType) bool {
	if a == nil || b == nil || len(a.Shape) != len(b.Shape) {
		return false
	}
	for i := range a.Shape {
		if a.Shape[i] != b.Shape[i] {
			return false
		}
	}
	return true
}

// checkVMEM requires double-buffered windows and scratch to fit VMEM.
func (l *lowering) checkVMEM(scratch []*ir.MemRefType) error {
	var win, scr int64
	for _, w := range l.windows {
		if w.scalar || w.any {
			continue
		}
		win += 2 * interp.NumElements(w.block) * bytesOf(w.elem)
	}
	for _, t := range scratch {
		scr += interp.NumElements(t.Shape) * bytesOf(t.Elem)
	}
	if win+scr > l.chip.MemoryBytes {
		return errAt(l.kernel, "the kernel needs %d bytes of VMEM (%d for double-buffered windows, %d for scratch), more than the %d bytes of %s",
			win+scr, win, scr, l.chip.MemoryBytes, l.chip.Name)
	}
	return nil
}

func bytesOf(t ir.Type) int64 {
	if _, ok := t.(*ir.IndexType); ok {
		return 4
	}
	b := int64(ir.IntOrFloatBitWidth(t))
	if b < 8 {
		return 1
	}
	return b / 8
}

// host replaces the launch with a tpu.pallas_call of the kernel.
func (l *lowering) host(name string) error {
	ctx := l.ctx
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(l.launch.Operation)
	loc := l.launch.Operation.Loc()
	b.Loc = loc
	args := l.launch.Args()
	var grid, operands []ir.Value
	for i, n := range l.grid {
		if n != ir.Dynamic {
			continue
		}
		if i < len(l.gridVals) {
			grid = append(grid, l.gridVals[i])
			continue
		}
		// The dynamic k axis: the blocks of the array, ceil(size / block).
		nb := l.nkBlocks
		arg, _ := l.viewArg(nb.View())
		d := arith.BuildConstant(b, loc, ctx.IntegerAttr(ctx.IndexType(), nb.Dim()), ctx.IndexType()).Operation.Result(0)
		size := memref.BuildDim(b, loc, args[arg], d).Operation.Result(0)
		blk := arith.BuildConstant(b, loc, ctx.IntegerAttr(ctx.IndexType(), nb.Block()), ctx.IndexType()).Operation.Result(0)
		grid = append(grid, arith.BuildCeildivui(b, loc, size, blk).Operation.Result(0))
	}
	c0 := arith.BuildConstant(b, loc, ctx.IntegerAttr(ctx.IndexType(), 0), ctx.IndexType()).Operation.Result(0)
	// The scalar-prefetch arrays: each dynamic size the kernel reads,
	// then the arrays it reads whole in SMEM.
	for _, s := range l.sizes {
		d := arith.BuildConstant(b, loc, ctx.IntegerAttr(ctx.IndexType(), int64(s.dim)), ctx.IndexType()).Operation.Result(0)
		v := memref.BuildDim(b, loc, args[s.arg], d).Operation.Result(0)
		v = arith.BuildIndexCast(b, loc, v, ctx.I(32)).Operation.Result(0)
		buf := memref.BuildAlloca(b, loc, nil, nil, ctx.MemRefType([]int64{1}, ctx.I(32), nil, nil)).Operation.Result(0)
		memref.BuildStore(b, loc, v, buf, []ir.Value{c0})
		operands = append(operands, buf)
	}
	for _, a := range l.prefetch {
		operands = append(operands, args[a])
	}
	for _, w := range l.windows {
		if !w.scalar {
			operands = append(operands, args[w.arg])
			continue
		}
		// Index scalars travel as i32, SMEM's word.
		v := args[w.arg]
		if _, ok := w.elem.(*ir.IndexType); ok {
			v = arith.BuildIndexCast(b, loc, v, ctx.I(32)).Operation.Result(0)
		}
		mt := ctx.MemRefType([]int64{1}, elemOf(ctx, w.elem), nil, nil)
		buf := memref.BuildAlloca(b, loc, nil, nil, mt).Operation.Result(0)
		memref.BuildStore(b, loc, v, buf, []ir.Value{c0})
		operands = append(operands, buf)
	}
	tpu.BuildPallasCall(b, loc, grid, operands, name)
	if b.Err() != nil {
		return errAt(l.launch.Operation, "%v", b.Err())
	}
	if !ir.HasUses(c0) {
		ir.DefiningOp(c0).Erase()
	}
	l.launch.Operation.Erase()
	return nil
}

// ---- the body ----

func (e *emitter) c(v int64, t ir.Type) ir.Value {
	return arith.BuildConstant(e.b, e.loc, e.ctx.IntegerAttr(t, v), t).Operation.Result(0)
}

// grid returns grid index a as a value of type t (i32 or index).
func (e *emitter) gridValue(a int, t ir.Type) ir.Value {
	arg := e.entry.Argument(a)
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 32 {
		return arg
	}
	if v, ok := e.gridIdx[a]; ok && v.Type() == t {
		return v
	}
	save := e.b.InsertionBlock()
	e.b.SetInsertionPointToStart(e.entry)
	var v ir.Value
	if _, ok := t.(*ir.IndexType); ok {
		v = arith.BuildIndexCast(e.b, e.loc, arg, t).Operation.Result(0)
	} else {
		v = arith.BuildExtsi(e.b, e.loc, arg, t).Operation.Result(0)
	}
	e.b.SetInsertionPointToEnd(save)
	e.gridIdx[a] = v
	return v
}

func (e *emitter) zeros(n int) []ir.Value {
	idx := e.ctx.IndexType()
	c0 := e.c(0, idx)
	out := make([]ir.Value, n)
	for i := range out {
		out[i] = c0
	}
	return out
}

func (e *emitter) get(op *ir.Operation, v ir.Value) (ir.Value, error) {
	if x, ok := e.vm[v]; ok {
		return x, nil
	}
	return nil, errAt(op, "internal error: an operand has no lowered value")
}

// body lowers the kernel's program into the Mosaic function.
func (e *emitter) body() error {
	kb := e.kernel.Region(0).First()
	// Scalars: read from their SMEM refs.
	for i, w := range e.windows {
		if !w.scalar {
			continue
		}
		v := memref.BuildLoad(e.b, e.loc, e.refs[i], e.zeros(1)).Operation.Result(0)
		if _, ok := w.elem.(*ir.IndexType); ok {
			v = arith.BuildIndexCast(e.b, e.loc, v, w.elem).Operation.Result(0)
		}
		e.vm[kb.Argument(w.arg)] = v
	}
	ops := opsOf(kb)
	for i := 0; i < len(ops); i++ {
		op := ops[i]
		if op == e.loop {
			return e.lowerLoops(ops[i+len(e.loops):])
		}
		if err := e.op(op); err != nil {
			return err
		}
	}
	return nil
}

func opsOf(b *ir.Block) []*ir.Operation {
	var out []*ir.Operation
	b.Ops(func(o *ir.Operation) bool { out = append(out, o); return true })
	return out
}

// lowerLoops turns the k loops into the trailing grid axis:
// accumulators in scratch, initialized at k == 0; each loop's body runs
// at the steps of its range (always, for one loop over the whole axis);
// the code after the loops runs at k == last.
func (e *emitter) lowerLoops(after []*ir.Operation) error {
	ctx := e.ctx
	i32 := ctx.I(32)
	first, _ := scf.AsForOp(e.loop)
	kAxis := len(e.lowering.grid) - 1
	kArg := e.entry.Argument(kAxis)
	inits := first.InitArgs()
	isFirst := arith.BuildCmpi(e.b, e.loc, kArg, e.c(0, i32), arith.CmpIPredicateEq).Operation.Result(0)
	err := e.ifThen(isFirst, func() error {
		for j, init := range inits {
			v, err := e.get(e.loop, init)
			if err != nil {
				return err
			}
			e.store(v, e.scratch[j])
		}
		return nil
	})
	if err != nil {
		return err
	}
	k := e.gridValue(kAxis, ctx.IndexType())
	for n, loop := range e.loops {
		f, _ := scf.AsForOp(loop)
		if ub, ok := upperBound(f.UpperBound()); ok && ub < 1 {
			continue // it never runs (no block of it is whole)
		}
		// The steps of this loop: lb <= k < ub, where the bounds are not
		// the whole axis.
		var cond ir.Value
		and := func(c ir.Value) {
			if cond == nil {
				cond = c
			} else {
				cond = arith.BuildAndi(e.b, e.loc, cond, c).Operation.Result(0)
			}
		}
		if n > 0 {
			lb, err := e.get(loop, f.LowerBound())
			if err != nil {
				return err
			}
			and(arith.BuildCmpi(e.b, e.loc, k, lb, arith.CmpIPredicateSge).Operation.Result(0))
		}
		if !e.wholeAxis(f.UpperBound()) {
			ub, err := e.get(loop, f.UpperBound())
			if err != nil {
				return err
			}
			and(arith.BuildCmpi(e.b, e.loc, k, ub, arith.CmpIPredicateSlt).Operation.Result(0))
		}
		step := func() error { return e.loopStep(loop, k) }
		if cond == nil {
			err = step()
		} else {
			err = e.ifThen(cond, step)
		}
		if err != nil {
			return err
		}
	}
	lastLoop := e.loops[len(e.loops)-1]
	var lastK ir.Value
	if e.nk == ir.Dynamic {
		n := tpu.BuildIterationBound(e.b, e.loc, int32(kAxis)).Result()
		lastK = arith.BuildSubi(e.b, e.loc, n, e.c(1, i32)).Result()
	} else {
		lastK = e.c(e.nk-1, i32)
	}
	last := arith.BuildCmpi(e.b, e.loc, kArg, lastK, arith.CmpIPredicateEq).Operation.Result(0)
	return e.ifThen(last, func() error {
		for j, r := range lastLoop.Results() {
			e.vm[r] = e.load(e.scratch[j], e.vecType(r.Type()))
		}
		for _, op := range after {
			if err := e.op(op); err != nil {
				return err
			}
		}
		return nil
	})
}

// loopStep lowers one step of a k loop: the carried tiles come from
// scratch and the yielded ones go back to it.
func (e *emitter) loopStep(loop *ir.Operation, k ir.Value) error {
	lb := loop.Region(0).First()
	e.vm[lb.Argument(0)] = k
	for j, a := range lb.Arguments()[1:] {
		e.vm[a] = e.load(e.scratch[j], e.vecType(a.Type()))
	}
	for _, op := range opsOf(lb) {
		if is(op, scf.AsYieldOp) {
			for j, y := range op.Operands() {
				v, err := e.get(op, y)
				if err != nil {
					return err
				}
				e.store(v, e.scratch[j])
			}
			continue
		}
		if err := e.op(op); err != nil {
			return err
		}
	}
	return nil
}

// ifThen builds scf.if cond { body } at the insertion point.
func (e *emitter) ifThen(cond ir.Value, body func() error) error {
	ifOp := scf.BuildIf(e.b, e.loc, cond, nil)
	if ifOp.Operation == nil {
		return errAt(e.kernel, "%v", e.b.Err())
	}
	save := e.b.InsertionBlock()
	if r := ifOp.Operation.Region(0); r.Empty() {
		e.b.CreateBlock(r)
	} else {
		e.b.SetInsertionPointToEnd(r.First())
	}
	err := body()
	scf.BuildYield(e.b, e.loc, nil)
	e.b.SetInsertionPointToEnd(save)
	return err
}

func (e *emitter) load(ref ir.Value, t ir.Type) ir.Value {
	n := len(ref.Type().(*ir.MemRefType).Shape)
	return vector.BuildLoad(e.b, e.loc, ref, e.zeros(n), t).Operation.Result(0)
}

func (e *emitter) store(v, ref ir.Value) {
	n := len(ref.Type().(*ir.MemRefType).Shape)
	tpu.BuildVectorStore(e.b, e.loc, v, ref, e.zeros(n), e.ctx.DenseI32Array())
}

// splat returns a vector of type t whose elements are the attribute a.
func (e *emitter) splatConst(t ir.Type, value string) (ir.Value, error) {
	a, err := asm.ParseAttrString(e.ctx, "dense<"+value+"> : "+ir.TypeString(t), nil)
	if err != nil {
		return nil, err
	}
	return arith.BuildConstant(e.b, e.loc, a, t).Operation.Result(0), nil
}

// retype returns the dense constant a with the type t.
func (e *emitter) retype(op *ir.Operation, a ir.Attribute, t ir.Type) (ir.Attribute, error) {
	s := ir.AttrString(a)
	i := strings.LastIndex(s, " : ")
	if i < 0 {
		return nil, errAt(op, "unsupported constant")
	}
	out, err := asm.ParseAttrString(e.ctx, s[:i]+" : "+ir.TypeString(t), nil)
	if err != nil {
		return nil, errAt(op, "constant: %v", err)
	}
	return out, nil
}

// removeDead erases the pure operations of fn whose results are unused
// (index casts of grid indices and constants the lowering did not need).
func removeDead(fn *ir.Operation) {
	for changed := true; changed; {
		changed = false
		var dead []*ir.Operation
		fn.Walk(ir.PostOrder, func(op *ir.Operation) bool {
			if op != fn && op.HasTrait(ir.Pure) && op.NumResults() > 0 && !op.HasUses() {
				dead = append(dead, op)
			}
			return true
		})
		for _, op := range dead {
			op.Erase()
			changed = true
		}
	}
}
