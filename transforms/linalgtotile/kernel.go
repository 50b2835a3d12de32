package linalgtotile

import (
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/linalg"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/tensor"
	"github.com/strata-ir/strata/dialects/tile"
)

// kernel builds one tile.func and the host code that launches it.
type kernel struct {
	l    *lowering
	ctx  *ir.Context
	loc  ir.Location
	host *ir.Builder
	b    *ir.Builder
	blk  *ir.Block

	hostArgs []ir.Value
	argOf    map[ir.Value]ir.Value
	bufOf    map[ir.Value]ir.Value
	viewOf   map[ir.Value]ir.Value
	consts   map[int64]ir.Value
	grid     []ir.Value
	// top is the last operation of the kernel's prologue (constants,
	// views), which every block of the program may use.
	top *ir.Operation
}

// atTop runs fn with the kernel builder at the end of the prologue.
func (k *kernel) atTop(fn func() ir.Value) ir.Value {
	saved := *k.b
	if k.top == nil {
		k.b.SetInsertionPointToStart(k.blk)
	} else {
		k.b.SetInsertionPointAfter(k.top)
	}
	v := fn()
	k.top = ir.DefiningOp(v)
	*k.b = saved
	return v
}

// newKernel starts a kernel whose host code goes before anchor.
func (l *lowering) newKernel(anchor *ir.Operation) *kernel {
	k := &kernel{l: l, ctx: l.ctx, loc: anchor.Loc(), argOf: map[ir.Value]ir.Value{},
		bufOf: map[ir.Value]ir.Value{}, viewOf: map[ir.Value]ir.Value{}, consts: map[int64]ir.Value{}}
	k.host = ir.NewBuilder(l.ctx)
	k.host.Loc = k.loc
	k.host.SetInsertionPoint(anchor)
	k.blk = ir.NewBlock()
	k.b = ir.NewBuilder(l.ctx)
	k.b.Loc = k.loc
	k.b.SetInsertionPointToEnd(k.blk)
	return k
}

func (k *kernel) index() ir.Type { return k.ctx.IndexType() }

// cidx is an index constant in the kernel.
func (k *kernel) cidx(n int64) ir.Value {
	if v, ok := k.consts[n]; ok {
		return v
	}
	v := k.atTop(func() ir.Value {
		return arith.BuildConstant(k.b, k.loc, k.ctx.IntegerAttr(k.index(), n), k.index()).Operation.Result(0)
	})
	k.consts[n] = v
	return v
}

// arg passes the host value v to the kernel.
func (k *kernel) arg(v ir.Value) ir.Value {
	if a, ok := k.argOf[v]; ok {
		return a
	}
	a := k.blk.AddArgument(v.Type(), k.loc)
	k.argOf[v] = a
	k.hostArgs = append(k.hostArgs, v)
	return a
}

func memrefOf(ctx *ir.Context, t ir.Type) ir.Type {
	rt := t.(*ir.RankedTensorType)
	return ctx.MemRefType(rt.Shape, rt.Elem, nil, nil)
}

// buffer is the host buffer of the tensor t.
func (k *kernel) buffer(t ir.Value) ir.Value {
	if m, ok := k.bufOf[t]; ok {
		return m
	}
	m := bufferization.BuildToBuffer(k.host, k.loc, t, memrefOf(k.ctx, t.Type()), bufferization.ToBufferOptions{ReadOnly: true}).Operation.Result(0)
	k.bufOf[t] = m
	return m
}

func viewType(ctx *ir.Context, m ir.Type) ir.Type {
	mt := m.(*ir.MemRefType)
	vt, _ := tile.GetViewType(ctx, mt.Shape, mt.Elem, nil)
	return vt.DynType
}

// viewOfMem is the kernel's view of the host memref m.
func (k *kernel) viewOfMem(m ir.Value) ir.Value {
	if v, ok := k.viewOf[m]; ok {
		return v
	}
	a := k.arg(m)
	v := k.atTop(func() ir.Value {
		return tile.BuildView(k.b, k.loc, a, nil, nil, viewType(k.ctx, m.Type())).Operation.Result(0)
	})
	k.viewOf[m] = v
	return v
}

// view is the kernel's view of the host tensor t.
func (k *kernel) view(t ir.Value) ir.Value { return k.viewOfMem(k.buffer(t)) }

// scalar brings the host scalar v into the kernel: constants are cloned,
// other values passed as arguments.
func (k *kernel) scalar(v ir.Value) ir.Value {
	if a, ok := k.argOf[v]; ok {
		return a
	}
	if d := ir.DefiningOp(v); d != nil {
		if _, ok := arith.AsConstantOp(d); ok {
			c := k.atTop(func() ir.Value { return k.b.Insert(d.Clone(nil)).Result(0) })
			k.argOf[v] = c
			return c
		}
	}
	return k.arg(v)
}

// hostSize is the host value of dimension pos of the tensor t.
func (k *kernel) hostSize(t ir.Value, pos int) ir.Value {
	sh := shapeOf(t.Type())
	if sh[pos] != ir.Dynamic {
		return arith.BuildConstant(k.host, k.loc, k.ctx.IntegerAttr(k.index(), sh[pos]), k.index()).Operation.Result(0)
	}
	c := arith.BuildConstant(k.host, k.loc, k.ctx.IntegerAttr(k.index(), int64(pos)), k.index()).Operation.Result(0)
	return tensor.BuildDim(k.host, k.loc, t, c).Operation.Result(0)
}

// loopSize is the host value of the size of loop d of g.
func (k *kernel) loopSize(g *generic, d int) ir.Value {
	for i, m := range g.maps {
		v := g.operand(i)
		if _, ok := v.Type().(*ir.RankedTensorType); !ok {
			continue
		}
		for r, e := range m.Results {
			if e.Position() == d {
				return k.hostSize(v, r)
			}
		}
	}
	return nil
}

// kernelSize is the size of dimension pos of the tensor t inside the
// kernel.
func (k *kernel) kernelSize(t ir.Value, pos int) ir.Value {
	sh := shapeOf(t.Type())
	if sh[pos] != ir.Dynamic {
		return k.cidx(sh[pos])
	}
	return tile.BuildDim(k.b, k.loc, k.view(t), int64(pos)).Operation.Result(0)
}

func (g *generic) operand(i int) ir.Value {
	if i < len(g.ins) {
		return g.ins[i]
	}
	return g.outs[i-len(g.ins)]
}

// addGridAxis adds a grid axis of ceil(size / block) programs.
func (k *kernel) addGridAxis(size ir.Value, block int64) {
	c := arith.BuildConstant(k.host, k.loc, k.ctx.IntegerAttr(k.index(), block), k.index()).Operation.Result(0)
	k.grid = append(k.grid, arith.BuildCeildivui(k.host, k.loc, size, c).Operation.Result(0))
}

func (k *kernel) programID(axis int) ir.Value {
	return tile.BuildProgramId(k.b, k.loc, int64(axis), k.index()).Operation.Result(0)
}

func (k *kernel) tensorType(shape []int64, elem ir.Type) ir.Type {
	return k.ctx.RankedTensorType(shape, elem, nil)
}

// splat makes a tile of shape from the kernel scalar v.
func (k *kernel) splat(v ir.Value, shape []int64) ir.Value {
	return tile.BuildSplat(k.b, k.loc, v, k.tensorType(shape, v.Type())).Operation.Result(0)
}

// layout turns tile t, whose dimensions are the loops dims (in that
// order), into a tile of the loops 0..len(bs)-1 in ascending order with
// the blocks bs: a transpose into ascending order, a dimension of size 1
// for each missing loop and a broadcast along them.
func (k *kernel) layout(t ir.Value, dims []int, bs []int64) ir.Value {
	elem := elemOf(t.Type())
	order := make([]int, len(dims))
	for i := range order {
		order[i] = i
	}
	sortBy(order, func(a, b int) bool { return dims[a] < dims[b] })
	sorted := make([]int, len(dims))
	identity := true
	for i, o := range order {
		sorted[i] = dims[o]
		if o != i {
			identity = false
		}
	}
	if !identity {
		perm := make([]int64, len(order))
		shape := make([]int64, len(order))
		for i, o := range order {
			perm[i] = int64(o)
			shape[i] = bs[dims[o]]
		}
		t = tile.BuildTranspose(k.b, k.loc, t, k.ctx.DenseI64Array(perm...), k.tensorType(shape, elem)).Operation.Result(0)
	}
	if len(sorted) == len(bs) {
		return t
	}
	cur := append([]int(nil), sorted...)
	for d := range bs {
		pos := 0
		present := false
		for _, c := range cur {
			if c == d {
				present = true
			}
			if c < d {
				pos++
			}
		}
		if present {
			continue
		}
		cur = append(cur[:pos], append([]int{d}, cur[pos:]...)...)
		shape := make([]int64, len(cur))
		for i, c := range cur {
			if c == d || !contains(sorted, c) {
				shape[i] = 1
			} else {
				shape[i] = bs[c]
			}
		}
		t = tile.BuildExpandDims(k.b, k.loc, t, int64(pos), k.tensorType(shape, elem)).Operation.Result(0)
	}
	full := k.tensorType(bs, elem)
	if !(t.Type() == full) {
		t = tile.BuildBroadcast(k.b, k.loc, t, full).Operation.Result(0)
	}
	return t
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func sortBy(xs []int, less func(a, b int) bool) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && less(xs[j], xs[j-1]); j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// load reads the block of the host tensor t accessed through m at the
// loops' block indices idx and blocks bs, as a tile of all the loops.
func (k *kernel) load(t ir.Value, m affine.Map, idx []ir.Value, bs []int64) ir.Value {
	if _, ok := t.Type().(*ir.RankedTensorType); !ok {
		return k.splat(k.scalar(t), bs)
	}
	dims := make([]int, len(m.Results))
	shape := make([]int64, len(m.Results))
	ind := make([]ir.Value, len(m.Results))
	for i, e := range m.Results {
		dims[i] = e.Position()
		shape[i] = bs[dims[i]]
		ind[i] = idx[dims[i]]
	}
	x := tile.BuildLoad(k.b, k.loc, k.view(t), ind, k.tensorType(shape, elemOf(t.Type())), tile.LoadOptions{Pad: tile.PadAttr(k.ctx, "zero")}).Operation.Result(0)
	return k.layout(x, dims, bs)
}

// indexTile is the tile of linalg.index d: the loop's element indices.
func (k *kernel) indexTile(d int, idx []ir.Value, bs []int64) ir.Value {
	io := tile.BuildIota(k.b, k.loc, k.tensorType([]int64{bs[d]}, k.index())).Operation.Result(0)
	base := arith.BuildMuli(k.b, k.loc, idx[d], k.cidx(bs[d])).Operation.Result(0)
	off := arith.BuildAddi(k.b, k.loc, io, k.splat(base, []int64{bs[d]})).Operation.Result(0)
	return k.layout(off, []int{d}, bs)
}

// compute clones the body of g onto tiles of shape bs, given the tiles
// (or kernel scalars) of its block arguments, and returns the yielded
// tile.
func (k *kernel) compute(g *generic, args []ir.Value, idx []ir.Value, bs []int64) ir.Value {
	return k.computeValue(g, args, idx, bs, g.yield.Operand(0))
}

// computeValue clones the part of g's body that target depends on onto
// tiles of shape bs and returns target's tile.
func (k *kernel) computeValue(g *generic, args []ir.Value, idx []ir.Value, bs []int64, target ir.Value) ir.Value {
	need := map[*ir.Operation]bool{}
	var mark func(v ir.Value)
	mark = func(v ir.Value) {
		d := ir.DefiningOp(v)
		if d == nil || d.Block() != g.body || need[d] {
			return
		}
		need[d] = true
		for _, o := range d.Operands() {
			mark(o)
		}
	}
	mark(target)
	vals := map[ir.Value]ir.Value{}
	for i, a := range g.body.Arguments() {
		if args[i] != nil {
			vals[a] = args[i]
		}
	}
	get := func(v ir.Value) ir.Value {
		if x, ok := vals[v]; ok {
			return x
		}
		x := k.scalar(v)
		vals[v] = x
		return x
	}
	asTile := func(v ir.Value) ir.Value {
		if _, ok := v.Type().(*ir.RankedTensorType); ok {
			return v
		}
		return k.splat(v, bs)
	}
	for o := g.body.First(); o != nil && o != g.yield; o = o.Next() {
		if !need[o] {
			continue
		}
		if ix, ok := linalg.AsIndexOp(o); ok {
			vals[o.Result(0)] = k.indexTile(int(ix.Dim()), idx, bs)
			continue
		}
		ops := make([]ir.Value, o.NumOperands())
		anyTile := false
		for i, v := range o.Operands() {
			ops[i] = get(v)
			if _, ok := ops[i].Type().(*ir.RankedTensorType); ok {
				anyTile = true
			}
		}
		types := o.ResultTypes()
		if anyTile {
			for i := range ops {
				ops[i] = asTile(ops[i])
			}
			tt := make([]ir.Type, len(types))
			for i, t := range types {
				tt[i] = k.tensorType(bs, t)
			}
			types = tt
		}
		n := k.b.Create(&ir.OperationState{Name: o.OpName(), Loc: o.Loc(), Operands: ops, ResultTypes: types,
			Properties: o.Properties(), Attributes: o.Attrs()})
		for i, r := range o.Results() {
			vals[r] = n.Result(i)
		}
	}
	return asTile(get(target))
}

// store writes tile t (of all the loops, blocks bs) to the output memref
// out through the output map m at block indices idx.
func (k *kernel) store(t ir.Value, out ir.Value, m affine.Map, idx []ir.Value, bs []int64) {
	dims := make([]int, len(m.Results))
	shape := make([]int64, len(m.Results))
	ind := make([]ir.Value, len(m.Results))
	for i, e := range m.Results {
		dims[i] = e.Position()
		shape[i] = bs[dims[i]]
		ind[i] = idx[dims[i]]
	}
	elem := elemOf(t.Type())
	// Drop the loops the output does not have (blocks of 1).
	var kept []int
	var keptShape []int64
	for d := range bs {
		if contains(dims, d) {
			kept = append(kept, d)
			keptShape = append(keptShape, bs[d])
		}
	}
	if len(kept) != len(bs) {
		t = tile.BuildReshape(k.b, k.loc, t, k.tensorType(keptShape, elem)).Operation.Result(0)
	}
	// Transpose from ascending loop order into the output's.
	perm := make([]int64, len(dims))
	identity := true
	for i, d := range dims {
		for j, kd := range kept {
			if kd == d {
				perm[i] = int64(j)
				if j != i {
					identity = false
				}
			}
		}
	}
	if !identity {
		t = tile.BuildTranspose(k.b, k.loc, t, k.ctx.DenseI64Array(perm...), k.tensorType(shape, elem)).Operation.Result(0)
	}
	tile.BuildStore(k.b, k.loc, t, k.viewOfMem(out), ind, tile.StoreOptions{BoundsCheck: true})
}

// output allocates the host buffer of a result of type rt whose dynamic
// sizes are those of the tensor like.
func (k *kernel) output(like ir.Value) ir.Value {
	rt := like.Type().(*ir.RankedTensorType)
	var dyn []ir.Value
	for i, s := range rt.Shape {
		if s == ir.Dynamic {
			dyn = append(dyn, k.hostSize(like, i))
		}
	}
	return memref.BuildAlloc(k.host, k.loc, dyn, nil, memrefOf(k.ctx, rt)).Operation.Result(0)
}

// finish ends the kernel, creates it with the grid semantics sem and
// launches it; the host's view of out becomes the tensor that replaces
// result.
func (k *kernel) finish(base string, sem []string, out ir.Value, result ir.Value) {
	k.finishMany(base, sem, []ir.Value{out}, []ir.Value{result})
}

// finishMany is finish for several results, results[i] being replaced by
// the tensor of outs[i].
func (k *kernel) finishMany(base string, sem []string, outs []ir.Value, results []ir.Value) {
	result := results[0]
	tile.BuildReturn(k.b, k.loc)
	var types []ir.Type
	for _, v := range k.hostArgs {
		types = append(types, v.Type())
	}
	name := k.l.kernelName(base)
	kb := ir.NewBuilder(k.ctx)
	kb.Loc = k.loc
	fn := ir.ParentBlock(result)
	for p := result.(*ir.OpResult).Owner(); p != nil; p = p.ParentOp() {
		if p.ParentOp() == k.l.module {
			kb.SetInsertionPoint(p)
			break
		}
	}
	_ = fn
	kf := tile.BuildFunc(kb, k.loc, name, k.ctx.FunctionType(types, nil), tile.GridAttr(k.ctx, sem...))
	kf.Body().Append(k.blk)
	tile.BuildLaunch(k.host, k.loc, k.grid, k.hostArgs, name)
	for i, out := range outs {
		r := bufferization.BuildToTensor(k.host, k.loc, out, results[i].Type(), bufferization.ToTensorOptions{Restrict: true, Writable: true}).Operation.Result(0)
		ir.ReplaceAllUsesWith(results[i], r)
	}
}
