package linalgtotile

import (
	"math"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// A row chain is a set of generics over the rows of one matrix that fuse
// into one kernel whose program owns a block of rows: reductions along
// the last dimension (row sums, maxima), element-wise generics on the
// whole matrix and element-wise generics on row vectors (softmax,
// layernorm, rmsnorm). Row vectors stay in registers; matrix values are
// computed block by block of columns where they are needed. When the
// rows fit one block of columns (static and at most maxRowCols), every
// input is loaded once and every value computed once; otherwise each
// reduction and the final store walk the column blocks.

// maxRowCols is the widest row kept in one block.
const maxRowCols = 4096

type rowKind int

const (
	rowNone   rowKind = iota
	rowMatrix         // parallel over (rows, cols), identity output
	rowReduce         // (rows, cols) reduced along cols into rows
	rowVector         // parallel over rows
)

// rowMember classifies g for a row chain.
func rowMember(g *generic) rowKind {
	if !g.bodyOK() {
		return rowNone
	}
	om := g.maps[len(g.ins)]
	switch len(g.its) {
	case 1:
		if g.parallel() && om.IsIdentity() {
			return rowVector
		}
	case 2:
		row := affine.NewMap(2, 0, affine.Dim(0))
		col := affine.NewMap(2, 0, affine.Dim(1))
		for i, m := range g.maps[:len(g.ins)] {
			if !isTensor(g.ins[i]) {
				continue
			}
			if !m.IsIdentity() && !m.Equal(row) && !m.Equal(col) {
				return rowNone
			}
		}
		if g.parallel() && om.IsIdentity() {
			return rowMatrix
		}
		if g.its[0] == 0 && g.its[1] != 0 && om.Equal(row) {
			if _, _, ok := combiner(g); ok {
				return rowReduce
			}
		}
	}
	return rowNone
}

// combiner returns the operation of g's body that combines the output
// argument with a value computed from the inputs alone, and that value.
func combiner(g *generic) (*ir.Operation, ir.Value, bool) {
	acc := g.body.Argument(len(g.ins))
	c := ir.DefiningOp(g.yield.Operand(0))
	if c == nil || c.Block() != g.body || c.NumOperands() != 2 || !ir.HasOneUse(acc) {
		return nil, nil, false
	}
	var other ir.Value
	switch {
	case c.Operand(0) == acc:
		other = c.Operand(1)
	case c.Operand(1) == acc:
		other = c.Operand(0)
	default:
		return nil, nil, false
	}
	if _, _, ok := reduceKind(c); !ok {
		return nil, nil, false
	}
	return c, other, true
}

// reduceKind returns the tile.reduce kind matching the combiner c and the
// identity its masked elements take.
func reduceKind(c *ir.Operation) (tile.CombiningKind, float64, bool) {
	if _, ok := c.Result(0).Type().(*ir.IntegerType); ok {
		if _, ok := arith.AsAddiOp(c); ok {
			return tile.CombiningKindSum, 0, true
		}
		if _, ok := arith.AsMuliOp(c); ok {
			return tile.CombiningKindProd, 1, true
		}
		return 0, 0, false
	}
	if _, ok := c.Result(0).Type().(*ir.FloatType); !ok {
		return 0, 0, false
	}
	if _, ok := arith.AsAddfOp(c); ok {
		return tile.CombiningKindSum, 0, true
	}
	if _, ok := arith.AsMulfOp(c); ok {
		return tile.CombiningKindProd, 1, true
	}
	if _, ok := arith.AsMaximumfOp(c); ok {
		return tile.CombiningKindMax, math.Inf(-1), true
	}
	if _, ok := arith.AsMaxnumfOp(c); ok {
		return tile.CombiningKindMax, math.Inf(-1), true
	}
	if _, ok := arith.AsMinimumfOp(c); ok {
		return tile.CombiningKindMin, math.Inf(1), true
	}
	if _, ok := arith.AsMinnumfOp(c); ok {
		return tile.CombiningKindMin, math.Inf(1), true
	}
	return 0, 0, false
}

// rowChain collects the row chain around the reduction r: the row
// generics of the same block connected to it through values used only
// inside the chain.
func rowChain(r *generic) ([]*generic, bool) {
	members := map[*ir.Operation]*generic{r.op: r}
	rows := shapeOf(r.ins[0].Type())[0]
	sameRows := func(g *generic) bool {
		var s []int64
		if len(g.its) == 1 {
			s = shapeOf(g.outs[0].Type())
		} else {
			s = shapeOf(g.outs[0].Type())
		}
		return len(s) >= 1 && s[0] == rows && g.op.Block() == r.op.Block()
	}
	try := func(op *ir.Operation) bool {
		if op == nil || members[op] != nil || op.Name() != r.op.Name() {
			return false
		}
		g, ok := analyze(op)
		if !ok || rowMember(g) == rowNone || !sameRows(g) {
			return false
		}
		members[op] = g
		return true
	}
	for changed := true; changed; {
		changed = false
		for _, g := range snapshot(members) {
			// Consumers.
			for u := g.op.Result(0).FirstUse(); u != nil; u = u.Next() {
				if try(u.Owner()) {
					changed = true
				}
			}
			// Producers whose every use is in the chain.
			for _, v := range append(append([]ir.Value{}, g.ins...), g.outs...) {
				d := ir.DefiningOp(v)
				if d == nil || members[d] != nil {
					continue
				}
				all := true
				for u := v.FirstUse(); u != nil; u = u.Next() {
					if members[u.Owner()] == nil {
						all = false
					}
				}
				if all && !isFill(d) && try(d) {
					changed = true
				}
			}
		}
	}
	var list []*generic
	for _, g := range members {
		list = append(list, g)
	}
	sortGenerics(list)
	return list, true
}

func isFill(op *ir.Operation) bool {
	v, _ := fillValue(op.Result(0))
	return v != nil
}

func snapshot(m map[*ir.Operation]*generic) []*generic {
	var out []*generic
	for _, g := range m {
		out = append(out, g)
	}
	return out
}

func sortGenerics(gs []*generic) {
	for i := 1; i < len(gs); i++ {
		for j := i; j > 0 && gs[j].op.IsBeforeInBlock(gs[j-1].op); j-- {
			gs[j], gs[j-1] = gs[j-1], gs[j]
		}
	}
}

// rowKernel emits a row chain.
type rowKernel struct {
	*kernel
	members map[ir.Value]*generic
	rows    int64 // block of rows
	cols    int64 // block of columns
	single  bool  // the row fits one block of columns
	pid     ir.Value
	ncols   ir.Value // the number of columns, in the kernel
	vec     map[ir.Value]ir.Value
	memo    map[ir.Value]ir.Value
	ext     map[ir.Value]ir.Value
}

func (l *lowering) lowerRows(r *generic) []*ir.Operation {
	chain, ok := rowChain(r)
	if !ok {
		return nil
	}
	last := chain[len(chain)-1]
	inChain := map[*ir.Operation]bool{}
	for _, g := range chain {
		inChain[g.op] = true
	}
	// Results used after the chain; no use may come before its end.
	var outs []*generic
	for _, g := range chain {
		used := false
		for u := g.op.Result(0).FirstUse(); u != nil; u = u.Next() {
			o := u.Owner()
			if inChain[o] {
				continue
			}
			for o.Block() != last.op.Block() && o.ParentOp() != nil {
				o = o.ParentOp()
			}
			if o.Block() != last.op.Block() || !last.op.IsBeforeInBlock(o) {
				return nil
			}
			used = true
		}
		if used {
			outs = append(outs, g)
		}
	}
	k := l.newKernel(last.op)
	rk := &rowKernel{kernel: k, members: map[ir.Value]*generic{}, rows: l.bl.Rows, cols: l.bl.Cols,
		vec: map[ir.Value]ir.Value{}, memo: map[ir.Value]ir.Value{}, ext: map[ir.Value]ir.Value{}}
	for _, g := range chain {
		rk.members[g.op.Result(0)] = g
	}
	// An operand from outside the chain with the matrix's shape.
	var src ir.Value
	for _, g := range chain {
		for i := range g.maps {
			v := g.operand(i)
			if d := ir.DefiningOp(v); src == nil && len(shapeOf(v.Type())) == 2 && (d == nil || !inChain[d]) {
				src = v
			}
		}
	}
	if src == nil {
		return nil
	}
	nc := shapeOf(src.Type())[1]
	if nc != ir.Dynamic && nc <= maxRowCols && (!l.bl.Given || nc <= l.bl.Cols) {
		rk.single = true
		rk.cols = pow2(nc)
		if l.bl.Given || (rk.cols < l.bl.Cols && l.bl.Cols >= 128) {
			// Given sizes, or a TPU block whose last dimension is a
			// multiple of 128.
			rk.cols = l.bl.Cols
		}
	}
	k.addGridAxis(k.hostSize(src, 0), rk.rows)
	rk.pid = k.atTop(func() ir.Value { return k.programID(0) })
	rk.ncols = k.kernelSize(src, 1)
	for _, g := range chain {
		switch rowMember(g) {
		case rowVector:
			args := make([]ir.Value, g.body.NumArguments())
			for i, a := range g.body.Arguments() {
				if ir.HasUses(a) {
					args[i] = rk.vector(g.operand(i))
				}
			}
			rk.vec[g.op.Result(0)] = k.compute(g, args, []ir.Value{rk.pid}, []int64{rk.rows})
		case rowReduce:
			rk.reduce(g)
		}
	}
	allocs := map[*generic]ir.Value{}
	for _, g := range outs {
		allocs[g] = k.output(g.outs[0])
	}
	// Row vectors are stored as they are; matrices block by block.
	var matrices []*generic
	for _, g := range outs {
		if v, ok := rk.vec[g.op.Result(0)]; ok {
			k.store(v, allocs[g], affine.NewMap(1, 0, affine.Dim(0)), []ir.Value{rk.pid}, []int64{rk.rows})
		} else {
			matrices = append(matrices, g)
		}
	}
	if len(matrices) > 0 {
		rk.overColumns(func(j ir.Value) {
			for _, g := range matrices {
				t := rk.matrix(g.op.Result(0), j)
				k.store(t, allocs[g], affine.NewMap(2, 0, affine.Dim(0), affine.Dim(1)), []ir.Value{rk.pid, j}, []int64{rk.rows, rk.cols})
			}
		}, nil)
	}
	var results, bufs []ir.Value
	for _, g := range outs {
		results = append(results, g.op.Result(0))
		bufs = append(bufs, allocs[g])
	}
	k.finishMany(hostFuncName(r.op), []string{tile.Parallel}, bufs, results)
	var done []*ir.Operation
	for i := len(chain) - 1; i >= 0; i-- {
		chain[i].op.Erase()
		done = append(done, chain[i].op)
	}
	return done
}

func pow2(n int64) int64 {
	p := int64(1)
	for p < n {
		p *= 2
	}
	return p
}

// overColumns runs body for each block of columns (once, at block 0, when
// the row fits one block), carrying the row-vector tiles carried.
func (rk *rowKernel) overColumns(body func(j ir.Value), _ []ir.Value) []ir.Value {
	if rk.single {
		body(rk.cidx(0))
		return nil
	}
	nb := arith.BuildCeildivui(rk.b, rk.loc, rk.ncols, rk.cidx(rk.cols)).Operation.Result(0)
	loop := scf.BuildFor(rk.b, rk.loc, rk.cidx(0), nb, rk.cidx(1), nil, nil)
	saved := *rk.b
	blk := loop.Region().First()
	rk.b.SetInsertionPointToEnd(blk)
	rk.memo = map[ir.Value]ir.Value{}
	body(blk.Argument(0))
	scf.BuildYield(rk.b, rk.loc, nil)
	*rk.b = saved
	rk.memo = map[ir.Value]ir.Value{}
	return nil
}

// vector is the [rows] tile of a row-vector operand.
func (rk *rowKernel) vector(v ir.Value) ir.Value {
	if t, ok := rk.vec[v]; ok {
		return t
	}
	if !isTensor(v) {
		return rk.splat(rk.scalar(v), []int64{rk.rows})
	}
	if fv, _ := fillValue(v); fv != nil {
		return rk.splat(rk.scalar(fv), []int64{rk.rows})
	}
	if t, ok := rk.ext[v]; ok {
		return t
	}
	t := rk.load(v, affine.NewMap(1, 0, affine.Dim(0)), []ir.Value{rk.pid}, []int64{rk.rows})
	rk.ext[v] = t
	return t
}

// operand is the [rows, cols] tile at column block j of operand v of a
// 2-D generic, accessed through m.
func (rk *rowKernel) operand(v ir.Value, m affine.Map, j ir.Value) ir.Value {
	bs := []int64{rk.rows, rk.cols}
	if !isTensor(v) {
		return rk.splat(rk.scalar(v), bs)
	}
	if m.IsIdentity() && rk.members[v] != nil {
		return rk.matrix(v, j)
	}
	if len(m.Results) == 1 && m.Results[0].Position() == 0 {
		return rk.layout(rk.vector(v), []int{0}, bs)
	}
	key := v
	if len(m.Results) == 1 {
		key = nil
	}
	if key != nil {
		if t, ok := rk.memo[key]; ok {
			return t
		}
	}
	t := rk.load(v, m, []ir.Value{rk.pid, j}, bs)
	if key != nil {
		rk.memo[key] = t
	}
	return t
}

// matrix is the [rows, cols] tile at column block j of the chain's
// matrix value v.
func (rk *rowKernel) matrix(v ir.Value, j ir.Value) ir.Value {
	if t, ok := rk.memo[v]; ok {
		return t
	}
	g := rk.members[v]
	bs := []int64{rk.rows, rk.cols}
	args := make([]ir.Value, g.body.NumArguments())
	for i, a := range g.body.Arguments() {
		if ir.HasUses(a) {
			args[i] = rk.operand(g.operand(i), g.maps[i], j)
		}
	}
	t := rk.compute(g, args, []ir.Value{rk.pid, j}, bs)
	rk.memo[v] = t
	return t
}

// reduce emits the reduction g along the columns into a row vector.
func (rk *rowKernel) reduce(g *generic) {
	c, other, _ := combiner(g)
	kind, ident, _ := reduceKind(c)
	elem := c.Result(0).Type()
	bs := []int64{rk.rows, rk.cols}
	acc := rk.vector(g.outs[0])
	step := func(j ir.Value, acc ir.Value) ir.Value {
		args := make([]ir.Value, g.body.NumArguments())
		for i, a := range g.body.Arguments() {
			if i < len(g.ins) && ir.HasUses(a) {
				args[i] = rk.operand(g.ins[i], g.maps[i], j)
			}
		}
		h := rk.computeValue(g, args, []ir.Value{rk.pid, j}, bs, other)
		// Columns past the end take the combiner's identity.
		cols := rk.indexTile(1, []ir.Value{rk.pid, j}, bs)
		n := rk.splat(rk.ncols, bs)
		valid := arith.BuildCmpi(rk.b, rk.loc, cols, n, arith.CmpIPredicateSlt).Operation.Result(0)
		h = arith.BuildSelect(rk.b, rk.loc, valid, h, rk.splat(rk.identity(elem, ident), bs)).Operation.Result(0)
		k := kind
		part := tile.BuildReduce(rk.b, rk.loc, h, 1, rk.tensorType([]int64{rk.rows}, elem), tile.ReduceOptions{Kind: &k}).Operation.Result(0)
		n2 := rk.b.Create(&ir.OperationState{Name: c.OpName(), Loc: c.Loc(), Operands: orderLike(c, g.body.Argument(len(g.ins)), acc, part),
			ResultTypes: []ir.Type{part.Type()}, Properties: c.Properties(), Attributes: c.Attrs()})
		return n2.Result(0)
	}
	if rk.single {
		rk.vec[g.op.Result(0)] = step(rk.cidx(0), acc)
		return
	}
	nb := arith.BuildCeildivui(rk.b, rk.loc, rk.ncols, rk.cidx(rk.cols)).Operation.Result(0)
	vt := acc.Type()
	loop := scf.BuildFor(rk.b, rk.loc, rk.cidx(0), nb, rk.cidx(1), []ir.Value{acc}, []ir.Type{vt})
	saved := *rk.b
	blk := loop.Region().First()
	rk.b.SetInsertionPointToEnd(blk)
	rk.memo = map[ir.Value]ir.Value{}
	r := step(blk.Argument(0), blk.Argument(1))
	scf.BuildYield(rk.b, rk.loc, []ir.Value{r})
	*rk.b = saved
	rk.memo = map[ir.Value]ir.Value{}
	rk.vec[g.op.Result(0)] = loop.Operation.Result(0)
}

// orderLike returns the operands of the combiner c with the output
// argument acc replaced by accTile and the other by part.
func orderLike(c *ir.Operation, acc ir.Value, accTile, part ir.Value) []ir.Value {
	if c.Operand(0) == acc {
		return []ir.Value{accTile, part}
	}
	return []ir.Value{part, accTile}
}

// identity is the kernel constant ident of type t.
func (k *kernel) identity(t ir.Type, ident float64) ir.Value {
	var a ir.Attribute
	if ft, ok := t.(*ir.FloatType); ok {
		id, _ := apfloat.FromFloat64(arith.SemanticsOf(ft), ident)
		lo, hi := id.Bits()
		a = k.ctx.FloatAttrBits(ft, lo, hi)
	} else {
		a = k.ctx.IntegerAttr(t, int64(ident))
	}
	return k.atTop(func() ir.Value { return arith.BuildConstant(k.b, k.loc, a, t).Operation.Result(0) })
}
