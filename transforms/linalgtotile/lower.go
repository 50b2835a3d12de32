package linalgtotile

import (
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/linalg"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/internal/tune"
)

// parallelBlocks are the blocks of n parallel loops: the last takes
// Cols, the one before Rows, earlier ones 1.
func (l *lowering) parallelBlocks(n int) []int64 {
	bs := make([]int64, n)
	for i := range bs {
		bs[i] = l.bl.Lead
	}
	if n >= 1 {
		bs[n-1] = l.bl.Cols
	}
	if n >= 2 {
		bs[n-2] = l.bl.Rows
	}
	return bs
}

// lowerElementwise lowers a generic whose loops are all parallel.
func (l *lowering) lowerElementwise(g *generic) []*ir.Operation {
	n := len(g.its)
	if n == 0 {
		return nil
	}
	k := l.newKernel(g.op)
	bs := l.parallelBlocks(n)
	idx := make([]ir.Value, n)
	sem := make([]string, n)
	for d := 0; d < n; d++ {
		size := k.loopSize(g, d)
		if size == nil {
			return nil
		}
		k.addGridAxis(size, bs[d])
		sem[d] = tile.Parallel
	}
	for d := 0; d < n; d++ {
		d := d
		idx[d] = k.atTop(func() ir.Value { return k.programID(d) })
	}
	out := k.output(g.outs[0])
	args := make([]ir.Value, g.body.NumArguments())
	for i, a := range g.body.Arguments() {
		if ir.HasUses(a) {
			args[i] = k.load(g.operand(i), g.maps[i], idx, bs)
		}
	}
	r := k.compute(g, args, idx, bs)
	k.store(r, out, g.maps[len(g.ins)], idx, bs)
	k.finish(hostFuncName(g.op), sem, out, g.op.Result(0))
	g.op.Erase()
	return []*ir.Operation{g.op}
}

// contr is a contraction C[batch, m, n] += A[batch, m, k] * B[batch, k, n]
// with its operands in any order of dimensions, and the element-wise
// generics fused after it.
type contr struct {
	g        *generic
	m, n, kd int
	batch    []int
	epi      []*generic
	// ins and maps are the operands A and B as loaded: a transpose that
	// produces one (and has no other use) is folded into its map, and
	// is listed in folded.
	ins    [2]ir.Value
	maps   [2]affine.Map
	folded []*ir.Operation
}

// foldTranspose returns the input of the permutation generic that
// produces v (used only there) and the map m composed with it.
func foldTranspose(v ir.Value, m affine.Map) (ir.Value, affine.Map, *ir.Operation) {
	d := ir.DefiningOp(v)
	if _, ok := linalg.AsGenericOp(d); !ok || !ir.HasOneUse(v) {
		return nil, m, nil
	}
	p, ok := analyze(d)
	if !ok || !p.parallel() || len(p.ins) != 1 || !isTensor(p.ins[0]) || !p.maps[1].IsIdentity() ||
		!p.maps[0].IsPermutation() || p.body.First() != p.yield || p.yield.Operand(0) != p.body.Argument(0) {
		return nil, m, nil
	}
	// T[x] = X[P(x)], T accessed at m: X accessed at P(m).
	res := make([]affine.Expr, len(p.maps[0].Results))
	for r, e := range p.maps[0].Results {
		res[r] = m.Results[e.Position()]
	}
	return p.ins[0], affine.NewMap(m.NumDims, 0, res...), d
}

func dimsOf(m affine.Map) []int {
	ds := make([]int, len(m.Results))
	for i, e := range m.Results {
		ds[i] = e.Position()
	}
	return ds
}

// contraction recognizes a GEMM-like generic.
func contraction(g *generic) (*contr, bool) {
	if len(g.ins) != 2 || g.body.NumArguments() != 3 {
		return nil, false
	}
	c := &contr{g: g, kd: -1}
	for d, it := range g.its {
		if it != linalg.IteratorTypeParallel {
			if c.kd >= 0 {
				return nil, false
			}
			c.kd = d
		}
	}
	if c.kd < 0 {
		return nil, false
	}
	// Body: yield(out + a*b), or yield(out + extf(a)*extf(b)) for
	// narrow inputs accumulated in a wider type.
	var a, b, o ir.Value = g.body.Argument(0), g.body.Argument(1), g.body.Argument(2)
	mul := g.body.First()
	widened := false
	if e, ok := arith.AsExtfOp(mul); ok && e.In() == a && mul.Next() != nil {
		e2, ok2 := arith.AsExtfOp(mul.Next())
		if !ok2 || e2.In() != b {
			return nil, false
		}
		a, b = e.Out(), e2.Out()
		mul = mul.Next().Next()
		widened = true
	}
	if mul == nil || mul.Next() == nil || mul.Next().Next() != g.yield {
		return nil, false
	}
	add := mul.Next()
	_, isMul := arith.AsMulfOp(mul)
	_, isAdd := arith.AsAddfOp(add)
	if !isMul || !isAdd || g.yield.Operand(0) != add.Result(0) {
		return nil, false
	}
	if !((mul.Operand(0) == a && mul.Operand(1) == b) || (mul.Operand(0) == b && mul.Operand(1) == a)) {
		return nil, false
	}
	if !((add.Operand(0) == o && add.Operand(1) == mul.Result(0)) || (add.Operand(1) == o && add.Operand(0) == mul.Result(0))) {
		return nil, false
	}
	aT, okA := g.ins[0].Type().(*ir.RankedTensorType)
	bT, okB := g.ins[1].Type().(*ir.RankedTensorType)
	oT := g.outs[0].Type().(*ir.RankedTensorType)
	if !okA || !okB || !(aT.Elem == bT.Elem) {
		return nil, false
	}
	accOK := false
	for _, t := range tile.DotAccumulators(g.op.Context(), aT.Elem) {
		if t == oT.Elem {
			accOK = true
		}
	}
	if !accOK || (aT.Elem == oT.Elem) == widened {
		return nil, false
	}
	ad, bd, od := dimsOf(g.maps[0]), dimsOf(g.maps[1]), dimsOf(g.maps[2])
	if len(od) < 2 || len(od) != len(g.its)-1 {
		return nil, false
	}
	c.m, c.n = od[len(od)-2], od[len(od)-1]
	c.batch = od[:len(od)-2]
	if !contains(ad, c.m) || contains(bd, c.m) || !contains(bd, c.n) || contains(ad, c.n) ||
		!contains(ad, c.kd) || !contains(bd, c.kd) || len(ad) != len(c.batch)+2 || len(bd) != len(c.batch)+2 {
		return nil, false
	}
	for _, d := range c.batch {
		if !contains(ad, d) || !contains(bd, d) {
			return nil, false
		}
	}
	for i := 0; i < 2; i++ {
		c.ins[i], c.maps[i] = g.ins[i], g.maps[i]
		if x, m, p := foldTranspose(g.ins[i], g.maps[i]); p != nil {
			c.ins[i], c.maps[i] = x, m
			c.folded = append(c.folded, p)
		}
	}
	// The element-wise chain that consumes the product.
	cur := g.op.Result(0)
	for {
		u := singleUser(cur)
		if u == nil || u.Name() != g.op.Name() {
			break
		}
		e, ok := analyze(u)
		if !ok || !e.parallel() || !e.bodyOK() || len(e.its) != len(od) || !e.maps[len(e.ins)].IsIdentity() {
			break
		}
		pos := -1
		for i, v := range e.ins {
			if v == cur {
				pos = i
			}
		}
		if pos < 0 || !e.maps[pos].IsIdentity() || e.outs[0] == cur {
			break
		}
		c.epi = append(c.epi, e)
		cur = u.Result(0)
	}
	return c, true
}

// fillValue returns the scalar a fill generic writes, if v is one's
// result.
func fillValue(v ir.Value) (ir.Value, *ir.Operation) {
	d := ir.DefiningOp(v)
	if _, ok := linalg.AsGenericOp(d); !ok {
		return nil, nil
	}
	g, ok := analyze(d)
	if !ok || !g.parallel() || len(g.ins) != 1 || isTensor(g.ins[0]) {
		return nil, nil
	}
	if g.body.First() != g.yield || g.yield.Operand(0) != g.body.Argument(0) {
		return nil, nil
	}
	return g.ins[0], d
}

func isTensor(v ir.Value) bool {
	_, ok := v.Type().(*ir.RankedTensorType)
	return ok
}

// operandTile loads the block of a contraction operand (through map m)
// as a 2-D tile whose dimensions are rows and cols.
func (k *kernel) operandTile(c *contr, t ir.Value, m affine.Map, rows, cols int, idx map[int]ir.Value, blk map[int]int64) ir.Value {
	dims := dimsOf(m)
	virt := map[int]int{}
	vbs := make([]int64, 0, len(c.batch)+2)
	for i, d := range c.batch {
		virt[d] = i
		vbs = append(vbs, 1)
	}
	virt[rows] = len(c.batch)
	virt[cols] = len(c.batch) + 1
	vbs = append(vbs, blk[rows], blk[cols])
	shape := make([]int64, len(dims))
	ind := make([]ir.Value, len(dims))
	vdims := make([]int, len(dims))
	for i, d := range dims {
		shape[i] = blk[d]
		ind[i] = idx[d]
		vdims[i] = virt[d]
	}
	elem := elemOf(t.Type())
	var x ir.Value = tile.BuildLoad(k.b, k.loc, k.view(t), ind, k.tensorType(shape, elem), tile.LoadOptions{Pad: tile.PadAttr(k.ctx, "zero")}).Operation.Result(0)
	x = k.layout(x, vdims, vbs)
	if len(c.batch) > 0 {
		x = tile.BuildReshape(k.b, k.loc, x, k.tensorType([]int64{blk[rows], blk[cols]}, elem)).Operation.Result(0)
	}
	return x
}

// lowerContraction lowers a contraction and its fused epilogue into one
// GEMM kernel.
func (l *lowering) lowerContraction(c *contr) []*ir.Operation {
	g := c.g
	last := g
	if len(c.epi) > 0 {
		last = c.epi[len(c.epi)-1]
	}
	if m, n, kk, ok := l.cachedBlocks(c); ok {
		saved := l.bl
		l.bl.M, l.bl.N, l.bl.K = m, n, kk
		defer func() { l.bl = saved }()
	}
	k := l.newKernel(last.op)
	od := dimsOf(g.maps[2])
	blk := map[int]int64{c.m: l.bl.M, c.n: l.bl.N, c.kd: l.bl.K}
	for _, d := range c.batch {
		blk[d] = 1
	}
	idx := map[int]ir.Value{}
	sem := make([]string, len(od))
	for axis, d := range od {
		// The output has every parallel loop (an input may be a folded
		// transpose's result, about to go).
		k.addGridAxis(k.hostSize(g.outs[0], axis), blk[d])
		sem[axis] = tile.Parallel
	}
	bsE := make([]int64, len(od))
	idxE := make([]ir.Value, len(od))
	for axis, d := range od {
		axis := axis
		idx[d] = k.atTop(func() ir.Value { return k.programID(axis) })
		bsE[axis] = blk[d]
		idxE[axis] = idx[d]
	}
	out := k.output(last.outs[0])
	elem := elemOf(g.outs[0].Type())
	accT := k.tensorType([]int64{l.bl.M, l.bl.N}, elem)
	var acc ir.Value
	fv, fillOp := fillValue(g.outs[0])
	if fv != nil {
		acc = k.splat(k.scalar(fv), []int64{l.bl.M, l.bl.N})
	} else {
		acc = k.load(g.outs[0], affine.NewMap(len(od), 0, identityExprs(len(od))...), idxE, bsE)
		if len(c.batch) > 0 {
			acc = tile.BuildReshape(k.b, k.loc, acc, accT).Operation.Result(0)
		}
	}
	// The k loop.
	kpos := 0
	for i, d := range dimsOf(c.maps[0]) {
		if d == c.kd {
			kpos = i
		}
	}
	nk := tile.BuildNumBlocks(k.b, k.loc, k.view(c.ins[0]), int64(kpos), l.bl.K).Operation.Result(0)
	loop := scf.BuildFor(k.b, k.loc, k.cidx(0), nk, k.cidx(1), []ir.Value{acc}, []ir.Type{accT})
	saved := *k.b
	body := loop.Region().First()
	k.b.SetInsertionPointToEnd(body)
	idx[c.kd] = body.Argument(0)
	x := k.operandTile(c, c.ins[0], c.maps[0], c.m, c.kd, idx, blk)
	y := k.operandTile(c, c.ins[1], c.maps[1], c.kd, c.n, idx, blk)
	d := tile.BuildDot(k.b, k.loc, x, y, body.Argument(1)).Operation.Result(0)
	scf.BuildYield(k.b, k.loc, []ir.Value{d})
	*k.b = saved
	var cur ir.Value = loop.Operation.Result(0)
	if len(c.batch) > 0 {
		cur = tile.BuildReshape(k.b, k.loc, cur, k.tensorType(bsE, elem)).Operation.Result(0)
	}
	// The epilogue, in registers.
	prev := g.op.Result(0)
	for _, e := range c.epi {
		args := make([]ir.Value, e.body.NumArguments())
		for i, a := range e.body.Arguments() {
			if i < len(e.ins) && e.ins[i] == prev {
				args[i] = cur
			} else if ir.HasUses(a) {
				args[i] = k.load(e.operand(i), e.maps[i], idxE, bsE)
			}
		}
		cur = k.compute(e, args, idxE, bsE)
		prev = e.op.Result(0)
	}
	k.store(cur, out, affine.NewMap(len(od), 0, identityExprs(len(od))...), idxE, bsE)
	k.finish(hostFuncName(g.op), sem, out, last.op.Result(0))
	done := []*ir.Operation{g.op}
	for i := len(c.epi) - 1; i >= 0; i-- {
		c.epi[i].op.Erase()
		done = append(done, c.epi[i].op)
	}
	g.op.Erase()
	for _, p := range c.folded {
		p.Erase()
		done = append(done, p)
	}
	if fillOp != nil && !ir.HasUses(fillOp.Result(0)) {
		fillOp.Erase()
		done = append(done, fillOp)
	}
	return done
}

func identityExprs(n int) []affine.Expr {
	es := make([]affine.Expr, n)
	for i := range es {
		es[i] = affine.Dim(i)
	}
	return es
}

// lowerReduction lowers a generic with reduction loops: the program owns
// a block of the parallel loops and walks the reduced loops one element
// at a time in ascending order, as linalg does, so the result is the
// linalg one exactly; the body runs on tiles with the accumulator in
// registers.
func (l *lowering) lowerReduction(g *generic) []*ir.Operation {
	var par, red []int
	for d, it := range g.its {
		if it == linalg.IteratorTypeParallel {
			par = append(par, d)
		} else {
			red = append(red, d)
		}
	}
	om := g.maps[len(g.ins)]
	od := dimsOf(om)
	if len(od) != len(par) || len(par) == 0 {
		return nil
	}
	for _, d := range red {
		if contains(od, d) {
			return nil
		}
	}
	if _, _, ok := combiner(g); ok {
		return l.lowerBlockedReduction(g, par, red)
	}
	k := l.newKernel(g.op)
	pbs := l.parallelBlocks(len(par))
	bs := make([]int64, len(g.its))
	idx := make([]ir.Value, len(g.its))
	for i := range bs {
		bs[i] = 1
	}
	sem := make([]string, len(par))
	for i, d := range par {
		bs[d] = pbs[i]
		size := k.loopSize(g, d)
		if size == nil {
			return nil
		}
		k.addGridAxis(size, bs[d])
		sem[i] = tile.Parallel
	}
	for i, d := range par {
		i := i
		idx[d] = k.atTop(func() ir.Value { return k.programID(i) })
	}
	out := k.output(g.outs[0])
	accT := k.tensorType(bs, elemOf(g.outs[0].Type()))
	acc := k.load(g.outs[0], om, idx, bs)
	// One loop per reduced dimension, innermost last.
	var loops []scf.ForOp
	saved := *k.b
	for _, d := range red {
		var size ir.Value
		for i, m := range g.maps[:len(g.ins)] {
			for r, e := range m.Results {
				if e.Position() == d && size == nil && isTensor(g.ins[i]) {
					size = k.kernelSize(g.ins[i], r)
				}
			}
		}
		if size == nil {
			return nil
		}
		loop := scf.BuildFor(k.b, k.loc, k.cidx(0), size, k.cidx(1), []ir.Value{acc}, []ir.Type{accT})
		blk := loop.Region().First()
		k.b.SetInsertionPointToEnd(blk)
		idx[d] = blk.Argument(0)
		acc = blk.Argument(1)
		loops = append(loops, loop)
	}
	args := make([]ir.Value, g.body.NumArguments())
	for i, a := range g.body.Arguments() {
		if i == len(g.ins) {
			args[i] = acc
		} else if ir.HasUses(a) {
			args[i] = k.load(g.operand(i), g.maps[i], idx, bs)
		}
	}
	r := k.compute(g, args, idx, bs)
	for i := len(loops) - 1; i >= 0; i-- {
		scf.BuildYield(k.b, k.loc, []ir.Value{r})
		k.b.SetInsertionPointAfter(loops[i].Operation)
		r = loops[i].Operation.Result(0)
	}
	_ = saved
	k.store(r, out, om, idx, bs)
	k.finish(hostFuncName(g.op), sem, out, g.op.Result(0))
	g.op.Erase()
	return []*ir.Operation{g.op}
}

// lowerBlockedReduction lowers a reduction whose body combines the output
// with one add, mul, max or min: every loop is blocked, the program loops
// over the blocks of the reduced loops, masks the elements past their end
// to the combiner's identity, reduces the block with tile.reduce and
// combines it into the accumulator of its block of the parallel loops.
func (l *lowering) lowerBlockedReduction(g *generic, par, red []int) []*ir.Operation {
	c, other, _ := combiner(g)
	kind, ident, _ := reduceKind(c)
	om := g.maps[len(g.ins)]
	k := l.newKernel(g.op)
	bs := l.parallelBlocks(len(g.its))
	idx := make([]ir.Value, len(g.its))
	sem := make([]string, len(par))
	// The parallel loops renumbered 0..len(par)-1.
	pbs := make([]int64, len(par))
	pidx := make([]ir.Value, len(par))
	renum := map[int]int{}
	for i, d := range par {
		renum[d] = i
		pbs[i] = bs[d]
		size := k.loopSize(g, d)
		if size == nil {
			return nil
		}
		k.addGridAxis(size, bs[d])
		sem[i] = tile.Parallel
	}
	for i, d := range par {
		i := i
		idx[d] = k.atTop(func() ir.Value { return k.programID(i) })
		pidx[i] = idx[d]
	}
	pexprs := make([]affine.Expr, len(om.Results))
	for i, e := range om.Results {
		pexprs[i] = affine.Dim(renum[e.Position()])
	}
	pm := affine.NewMap(len(par), 0, pexprs...)
	out := k.output(g.outs[0])
	elem := elemOf(g.outs[0].Type())
	accT := k.tensorType(pbs, elem)
	acc := k.load(g.outs[0], pm, pidx, pbs)
	sizes := make([]ir.Value, len(red))
	for j, d := range red {
		for i, m := range g.maps[:len(g.ins)] {
			for r, e := range m.Results {
				if e.Position() == d && sizes[j] == nil && isTensor(g.ins[i]) {
					sizes[j] = k.kernelSize(g.ins[i], r)
				}
			}
		}
		if sizes[j] == nil {
			return nil
		}
	}
	var loops []scf.ForOp
	for j, d := range red {
		nb := arith.BuildCeildivui(k.b, k.loc, sizes[j], k.cidx(bs[d])).Operation.Result(0)
		loop := scf.BuildFor(k.b, k.loc, k.cidx(0), nb, k.cidx(1), []ir.Value{acc}, []ir.Type{accT})
		blk := loop.Region().First()
		k.b.SetInsertionPointToEnd(blk)
		idx[d] = blk.Argument(0)
		acc = blk.Argument(1)
		loops = append(loops, loop)
	}
	args := make([]ir.Value, g.body.NumArguments())
	for i, a := range g.body.Arguments() {
		if i < len(g.ins) && ir.HasUses(a) {
			args[i] = k.load(g.operand(i), g.maps[i], idx, bs)
		}
	}
	h := k.computeValue(g, args, idx, bs, other)
	for j, d := range red {
		at := k.indexTile(d, idx, bs)
		valid := arith.BuildCmpi(k.b, k.loc, at, k.splat(sizes[j], bs), arith.CmpIPredicateSlt).Operation.Result(0)
		h = arith.BuildSelect(k.b, k.loc, valid, h, k.splat(k.identity(elem, ident), bs)).Operation.Result(0)
	}
	shape := append([]int64(nil), bs...)
	for j := len(red) - 1; j >= 0; j-- {
		d := red[j]
		shape = append(shape[:d:d], shape[d+1:]...)
		kd := kind
		h = tile.BuildReduce(k.b, k.loc, h, int64(d), k.tensorType(shape, elem), tile.ReduceOptions{Kind: &kd}).Operation.Result(0)
	}
	r := k.b.Create(&ir.OperationState{Name: c.OpName(), Loc: c.Loc(), Operands: orderLike(c, g.body.Argument(len(g.ins)), acc, h),
		ResultTypes: []ir.Type{accT}, Properties: c.Properties(), Attributes: c.Attrs()}).Result(0)
	for i := len(loops) - 1; i >= 0; i-- {
		scf.BuildYield(k.b, k.loc, []ir.Value{r})
		k.b.SetInsertionPointAfter(loops[i].Operation)
		r = loops[i].Operation.Result(0)
	}
	k.store(r, out, pm, pidx, pbs)
	k.finish(hostFuncName(g.op), sem, out, g.op.Result(0))
	g.op.Erase()
	return []*ir.Operation{g.op}
}

// cachedBlocks returns the blocks M, N, K that the winners cache holds
// for contraction c (see Blocks.Cache): a GEMM without batch dimensions
// whose sizes are static.
func (l *lowering) cachedBlocks(c *contr) (int64, int64, int64, bool) {
	if l.bl.Cache == nil || l.bl.Chip == nil || len(c.batch) > 0 {
		return 0, 0, 0, false
	}
	size := func(v ir.Value, m affine.Map, d int) int64 {
		shape := shapeOf(v.Type())
		for i, x := range dimsOf(m) {
			if x == d && i < len(shape) {
				return shape[i]
			}
		}
		return -1
	}
	m, kk, n := size(c.ins[0], c.maps[0], c.m), size(c.ins[0], c.maps[0], c.kd), size(c.ins[1], c.maps[1], c.n)
	if m <= 0 || n <= 0 || kk <= 0 {
		return 0, 0, 0, false
	}
	key := tune.Key{Kernel: "gemm." + ir.TypeString(elemOf(c.ins[0].Type())), Class: tune.ShapeClass(m, n, kk), Chip: l.bl.Chip.Name}
	w, ok := l.bl.Cache.Lookup(key)
	if !ok {
		return 0, 0, 0, false
	}
	// tune.LoadCache checked the sizes.
	b, _ := w.Blocks()
	if len(b) != 3 {
		return 0, 0, 0, false
	}
	return b[0], b[1], b[2], true
}
