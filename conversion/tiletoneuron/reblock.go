package tiletoneuron

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/neuron"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/targets/chips"
)

// Re-blocking. A tile program may use blocks larger than one NeuronCore
// instruction takes: more rows than partitions, a dot whose contraction is
// longer than the partitions or whose columns are more than the tensor
// engine's moving free size or a PSUM bank. reblock
// rewrites such a kernel, still at the tile level, so that every tile fits:
// each tile value becomes a grid of pieces, and each operation the
// operations on the pieces.
//
// Which dimensions are cut, and how, is decided for classes of dimensions
// that must be cut alike (the dimensions of the operands and result of an
// element-wise operation, the K of a dot's two operands, a loop's carried
// value and what it yields, the dimensions a broadcast, transpose,
// expand_dims, squeeze or reshape keeps). A class is cut for the
// smallest width any member needs: the partition dimension of a tile (its
// next-to-last) for PartitionMax rows, a dot's contraction for
// PartitionMax, its columns for MovingMax and for a PSUM bank. It is cut
// into as few pieces as that width allows, as even as possible (200 rows
// into two pieces of 100, not 128 and 72: fewer shapes). Everything else
// keeps its size: a row kernel of 256x1024 is cut into two pieces of 128
// rows, each with its whole rows, so its reductions along the rows are
// not split (a row broadcast along the partitions, a matmul by ones, is
// made in pieces of the moving free size by the lowering itself).
//
// The operations on the pieces:
//   - a load or a store becomes loads or stores of the pieces at element
//     offsets (the pad and the bounds where the original had them, the
//     mask cut like the tile);
//   - an element-wise operation, a cast, a broadcast, a transpose and the
//     changes of unit dimensions apply piece by piece;
//   - a dot C[i][j] = acc[i][j] + Σk A[i][k]·B[k][j] is a chain of dots
//     over the pieces of K, k ascending, each accumulating into the
//     previous one's result: tile.dot adds the products k ascending with
//     one rounding each, so the chain gives the same numbers;
//   - a reduction along a cut dimension reduces each piece and combines
//     the partial results with the kind's operation (a sum so summed in
//     another order: the pass reassociates floats);
//   - tile.iota's pieces are iotas plus their offset, splats and splat
//     constants the splats of the pieces' shapes;
//   - a loop carrying a cut tile carries its pieces.
//
// An operation on a tile that must be cut and that is none of those is
// reported at the operation.

// dimKey names one dimension of one tile value.
type dimKey struct {
	v ir.Value
	d int
}

type reblocker struct {
	chip   *chips.Chip
	b      *ir.Builder
	parent map[dimKey]dimKey
	// width is the piece width a class needs (0: none), size its size
	// (on a class's root).
	width, size map[dimKey]int64
	// keeps maps, for a reshape, each result dimension to the input
	// dimension it keeps (-1: a unit dimension it adds).
	keeps  map[*ir.Operation][]int
	pieces map[ir.Value][]ir.Value
	dead   []*ir.Operation
}

func (r *reblocker) find(k dimKey) dimKey {
	p, ok := r.parent[k]
	if !ok {
		r.parent[k] = k
		if rt, ok := k.v.Type().(*ir.RankedTensorType); ok {
			r.size[k] = rt.Shape[k.d]
		}
		return k
	}
	if p == k {
		return k
	}
	root := r.find(p)
	r.parent[k] = root
	return root
}

func (r *reblocker) union(a ir.Value, da int, b ir.Value, db int) {
	x, y := r.find(dimKey{a, da}), r.find(dimKey{b, db})
	if x == y {
		return
	}
	r.parent[y] = x
	r.size[x] = max(r.size[x], r.size[y])
	if w := r.width[y]; w > 0 && (r.width[x] == 0 || w < r.width[x]) {
		r.width[x] = w
	}
}

// limit records that dimension d of v is cut into pieces of at most w.
func (r *reblocker) limit(v ir.Value, d int, w int64) {
	if w <= 0 {
		return
	}
	k := r.find(dimKey{v, d})
	if r.width[k] == 0 || w < r.width[k] {
		r.width[k] = w
	}
}

func shapeOf(v ir.Value) ([]int64, bool) {
	rt, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return nil, false
	}
	return rt.Shape, true
}

func (r *reblocker) unifyAll(a, b ir.Value) {
	sa, _ := shapeOf(a)
	for d := range sa {
		r.union(a, d, b, d)
	}
}

// partitionRule cuts the partition dimension (the next-to-last) of a tile
// of rank 2 or more into pieces of PartitionMax rows.
func (r *reblocker) partitionRule(v ir.Value) {
	if s, ok := shapeOf(v); ok && len(s) >= 2 {
		r.limit(v, len(s)-2, r.chip.PartitionMax)
	}
}

// analyze relates the dimensions of the values of kernel k and records
// the widths they need.
func (r *reblocker) analyze(k *ir.Operation) {
	k.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		for _, v := range op.Results() {
			r.partitionRule(v)
		}
		for i := 0; i < op.NumRegions(); i++ {
			for blk := op.Region(i).First(); blk != nil; blk = blk.Next() {
				for _, a := range blk.Arguments() {
					r.partitionRule(a)
				}
			}
		}
		r.relate(op)
		return true
	})
}

func (r *reblocker) relate(op *ir.Operation) {
	if ld, ok := tile.AsLoadOp(op); ok {
		if m := ld.Mask(); m != nil {
			r.unifyAll(ld.Result(), m)
		}
		return
	}
	if st, ok := tile.AsStoreOp(op); ok {
		if m := st.Mask(); m != nil {
			r.unifyAll(st.Value(), m)
		}
		return
	}
	if st, ok := tile.AsAtomicAddOp(op); ok {
		if m := st.Mask(); m != nil {
			r.unifyAll(st.Value(), m)
		}
		return
	}
	if d, ok := tile.AsDotOp(op); ok {
		as, _ := shapeOf(d.A())
		if len(as) != 2 || tile.DotBatchRank(d) != 0 {
			return
		}
		res := d.Result()
		r.union(d.A(), 0, res, 0)
		r.union(d.A(), 1, d.B(), 0)
		r.union(d.B(), 1, res, 1)
		r.unifyAll(d.Acc(), res)
		r.limit(d.A(), 0, r.chip.StationaryMax)
		r.limit(d.A(), 1, r.chip.PartitionMax)
		r.limit(d.B(), 1, r.chip.MovingMax)
		if eb := neuron.ElemBytes(res.Type().(*ir.RankedTensorType).Elem); eb > 0 {
			r.limit(res, 1, r.chip.AccFreeBytes/eb)
		}
		return
	}
	if rd, ok := tile.AsReduceOp(op); ok {
		rs, ok := shapeOf(rd.Result())
		if !ok {
			return
		}
		dim := int(rd.Dim())
		for i := range rs {
			j := i
			if i >= dim {
				j = i + 1
			}
			r.union(rd.Input(), j, rd.Result(), i)
		}
		return
	}
	if bc, ok := tile.AsBroadcastOp(op); ok {
		is, _ := shapeOf(bc.Input())
		os, _ := shapeOf(bc.Result())
		if len(is) != len(os) {
			return
		}
		for d := range is {
			if is[d] == os[d] {
				r.union(bc.Input(), d, bc.Result(), d)
			}
		}
		return
	}
	if e, ok := tile.AsExpandDimsOp(op); ok {
		is, _ := shapeOf(e.Input())
		for i := range is {
			j := i
			if i >= int(e.Dim()) {
				j = i + 1
			}
			r.union(e.Input(), i, e.Result(), j)
		}
		return
	}
	if s, ok := tile.AsSqueezeOp(op); ok {
		os, _ := shapeOf(s.Result())
		for i := range os {
			j := i
			if i >= int(s.Dim()) {
				j = i + 1
			}
			r.union(s.Input(), j, s.Result(), i)
		}
		return
	}
	if t, ok := tile.AsTransposeOp(op); ok {
		for i, p := range tile.Permutation(t) {
			r.union(t.Input(), int(p), t.Result(), i)
		}
		return
	}
	if rs, ok := tile.AsReshapeOp(op); ok {
		if m, ok := unitMap(rs); ok {
			r.keeps[op] = m
			for i, j := range m {
				if j >= 0 {
					r.union(rs.Input(), j, rs.Result(), i)
				}
			}
		}
		return
	}
	if f, ok := scf.AsForOp(op); ok {
		body := f.Region().First()
		y := body.Terminator()
		for i, init := range f.InitArgs() {
			if _, ok := shapeOf(init); !ok {
				continue
			}
			r.unifyAll(init, body.Argument(i+1))
			r.unifyAll(init, f.Values()[i])
			if y != nil && i < y.NumOperands() {
				r.unifyAll(init, y.Operands()[i])
			}
		}
		return
	}
	if elementwise(op) {
		var first ir.Value
		for _, vs := range [][]ir.Value{op.Operands(), op.Results()} {
			for _, v := range vs {
				if _, ok := shapeOf(v); !ok {
					continue
				}
				if first == nil {
					first = v
				} else {
					r.unifyAll(first, v)
				}
			}
		}
	}
}

// unitMap maps each result dimension of a reshape that only adds or drops
// unit dimensions to the input dimension it keeps (-1 for an added one).
func unitMap(rs tile.ReshapeOp) ([]int, bool) {
	is, _ := shapeOf(rs.Input())
	os, _ := shapeOf(rs.Result())
	m := make([]int, len(os))
	j := 0
	for i, n := range os {
		for j < len(is) && is[j] == 1 && n != 1 {
			j++
		}
		switch {
		case j < len(is) && is[j] == n:
			m[i] = j
			j++
		case n == 1:
			m[i] = -1
		default:
			return nil, false
		}
	}
	for ; j < len(is); j++ {
		if is[j] != 1 {
			return nil, false
		}
	}
	return m, true
}

// elementwise reports whether op is an operation without regions whose
// tile operands and results all have one shape (arith, math, tile.cast).
func elementwise(op *ir.Operation) bool {
	if op.NumRegions() > 0 || op.NumSuccessors() > 0 {
		return false
	}
	var shape []int64
	n := 0
	for _, vs := range [][]ir.Value{op.Operands(), op.Results()} {
		for _, v := range vs {
			s, ok := shapeOf(v)
			if !ok {
				continue
			}
			if n > 0 && !slices.Equal(s, shape) {
				return false
			}
			shape = s
			n++
		}
	}
	return n > 0 && len(op.Results()) > 0
}

// grid returns the number of pieces of v along each dimension and the
// piece width of each (0 where it is not cut).
func (r *reblocker) grid(v ir.Value) (counts, widths []int64) {
	s, ok := shapeOf(v)
	if !ok {
		return nil, nil
	}
	counts, widths = make([]int64, len(s)), make([]int64, len(s))
	for d, n := range s {
		counts[d] = 1
		k := r.find(dimKey{v, d})
		if w := r.width[k]; w > 0 && n > w {
			// As few pieces as the width allows, of sizes as even as
			// possible: fewer shapes, so fewer PSUM scratch tiles.
			counts[d] = (n + w - 1) / w
			widths[d] = (n + counts[d] - 1) / counts[d]
		}
	}
	return counts, widths
}

func total(counts []int64) int {
	n := 1
	for _, c := range counts {
		n *= int(c)
	}
	return n
}

// index returns the grid coordinates of piece i (row-major).
func index(i int, counts []int64) []int64 {
	idx := make([]int64, len(counts))
	for d := len(counts) - 1; d >= 0; d-- {
		idx[d] = int64(i) % counts[d]
		i /= int(counts[d])
	}
	return idx
}

func flat(idx, counts []int64) int {
	i := 0
	for d := range counts {
		i = i*int(counts[d]) + int(idx[d])
	}
	return i
}

// pieceType returns the type of the piece of v at idx, and its offsets.
func (r *reblocker) pieceType(v ir.Value, idx []int64) (ir.Type, []int64) {
	rt := v.Type().(*ir.RankedTensorType)
	counts, widths := r.grid(v)
	shape, off := slices.Clone(rt.Shape), make([]int64, len(rt.Shape))
	for d := range shape {
		if counts[d] > 1 {
			off[d] = idx[d] * widths[d]
			shape[d] = min(widths[d], rt.Shape[d]-off[d])
		}
	}
	return r.b.Ctx.RankedTensorType(shape, rt.Elem, rt.Encoding), off
}

// get returns the pieces of v (v itself when it is not cut).
func (r *reblocker) get(v ir.Value) []ir.Value {
	if p, ok := r.pieces[v]; ok {
		return p
	}
	return []ir.Value{v}
}

func (r *reblocker) cut(v ir.Value) bool {
	if _, ok := shapeOf(v); !ok {
		return false
	}
	counts, _ := r.grid(v)
	return total(counts) > 1
}

// reblock re-blocks kernel k for chip when one of its tiles does not fit
// (see above). It returns an error at an operation it cannot cut.
func reblock(k *ir.Operation, chip *chips.Chip) *ir.Diagnostic {
	r := &reblocker{chip: chip, b: ir.NewBuilder(k.Context()), parent: map[dimKey]dimKey{},
		width: map[dimKey]int64{}, size: map[dimKey]int64{}, keeps: map[*ir.Operation][]int{}, pieces: map[ir.Value][]ir.Value{}}
	r.analyze(k)
	needed := false
	for key, root := range r.parent {
		if key == root && r.width[key] > 0 && r.size[key] > r.width[key] {
			needed = true
			break
		}
	}
	if !needed {
		return nil
	}
	if err := r.region(k.Region(0)); err != nil {
		return err
	}
	if err := r.b.Err(); err != nil {
		return ir.NewError(k.Loc(), "tile-to-neuron: re-blocking: "+err.Error())
	}
	for i := len(r.dead) - 1; i >= 0; i-- {
		r.dead[i].DropAllReferences()
	}
	for i := len(r.dead) - 1; i >= 0; i-- {
		r.dead[i].Erase()
	}
	return nil
}

func (r *reblocker) region(reg *ir.Region) *ir.Diagnostic {
	for blk := reg.First(); blk != nil; blk = blk.Next() {
		for op := blk.First(); op != nil; {
			next := op.Next()
			if err := r.op(op); err != nil {
				return err
			}
			op = next
		}
	}
	return nil
}

// touchesCut reports whether an operand or result of op is cut.
func (r *reblocker) touchesCut(op *ir.Operation) bool {
	for _, v := range op.Operands() {
		if len(r.get(v)) > 1 || r.cut(v) {
			return true
		}
	}
	for _, v := range op.Results() {
		if r.cut(v) {
			return true
		}
	}
	return false
}

func (r *reblocker) op(op *ir.Operation) *ir.Diagnostic {
	if f, ok := scf.AsForOp(op); ok {
		return r.forOp(f)
	}
	if !r.touchesCut(op) {
		// Kept: its tile operands may be the single pieces of values
		// re-made above.
		for i, v := range op.Operands() {
			if p := r.get(v); p[0] != v {
				op.SetOperand(i, p[0])
			}
		}
		for i := 0; i < op.NumRegions(); i++ {
			if err := r.region(op.Region(i)); err != nil {
				return err
			}
		}
		return nil
	}
	r.b.SetInsertionPoint(op)
	r.b.Loc = op.Loc()
	var err *ir.Diagnostic
	switch {
	case isOp(op, tile.AsLoadOp):
		ld, _ := tile.AsLoadOp(op)
		r.load(ld)
	case isOp(op, tile.AsStoreOp):
		st, _ := tile.AsStoreOp(op)
		r.store(op, st.Value(), st.View(), st.Indices(), st.Mask(), st.At(), func(v, view ir.Value, idx []ir.Value, m ir.Value) {
			tile.BuildStore(r.b, op.Loc(), v, view, idx, tile.StoreOptions{At: true, BoundsCheck: st.BoundsCheck(), Mask: m})
		})
	case isOp(op, tile.AsAtomicAddOp):
		st, _ := tile.AsAtomicAddOp(op)
		r.store(op, st.Value(), st.View(), st.Indices(), st.Mask(), st.At(), func(v, view ir.Value, idx []ir.Value, m ir.Value) {
			tile.BuildAtomicAdd(r.b, op.Loc(), v, view, idx, tile.AtomicAddOptions{At: true, BoundsCheck: st.BoundsCheck(), Mask: m})
		})
	case isOp(op, tile.AsDotOp):
		err = r.dot(op)
	case isOp(op, tile.AsReduceOp):
		err = r.reduce(op)
	case isOp(op, tile.AsIotaOp):
		r.iota(op)
	case isOp(op, tile.AsSplatOp):
		s, _ := tile.AsSplatOp(op)
		r.each(op.Result(0), func(_ []int64, t ir.Type) ir.Value { return tile.BuildSplat(r.b, op.Loc(), s.Input(), t).Result() })
	case isOp(op, arith.AsConstantOp):
		c, _ := arith.AsConstantOp(op)
		d, ok := c.Value().(*ir.DenseElementsAttr)
		if !ok || !d.Splat {
			return unsupported(op, "constant tiles other than splats")
		}
		r.each(op.Result(0), func(_ []int64, t ir.Type) ir.Value {
			a := op.Context().DenseElementsAttr(t.(ir.ShapedType), true, d.Data)
			return arith.BuildConstant(r.b, op.Loc(), a, t).Result()
		})
	case isOp(op, tile.AsBroadcastOp), isOp(op, tile.AsExpandDimsOp), isOp(op, tile.AsSqueezeOp),
		isOp(op, tile.AsTransposeOp), isOp(op, tile.AsReshapeOp):
		err = r.reshaping(op)
	case elementwise(op):
		if op.NumResults() > 1 {
			return unsupported(op, "operations of %d results on a tile over %s's limits", op.NumResults(), r.chip.Name)
		}
		r.each(op.Result(0), func(idx []int64, t ir.Type) ir.Value {
			m := map[ir.Value]ir.Value{}
			for _, v := range op.Operands() {
				if cs, _ := r.grid(v); cs != nil {
					m[v] = r.get(v)[flat(idx, cs)]
				}
			}
			c := op.Clone(m)
			r.b.Insert(c)
			for i := 0; i < c.NumResults(); i++ {
				ct, _ := r.pieceType(op.Result(i), idx)
				c.Result(i).SetType(ct)
			}
			return c.Result(0)
		})
	default:
		return unsupported(op, "this operation on a tile over %s's limits (%d partitions, %d moving columns): it cannot be re-blocked",
			r.chip.Name, r.chip.PartitionMax, r.chip.MovingMax)
	}
	if err != nil {
		return err
	}
	r.dead = append(r.dead, op)
	return nil
}

// each makes the pieces of v, in grid order, with make.
func (r *reblocker) each(v ir.Value, mk func(idx []int64, t ir.Type) ir.Value) {
	counts, _ := r.grid(v)
	out := make([]ir.Value, total(counts))
	for i := range out {
		idx := index(i, counts)
		t, _ := r.pieceType(v, idx)
		out[i] = mk(idx, t)
	}
	r.pieces[v] = out
}

func indexConst(b *ir.Builder, loc ir.Location, v int64) ir.Value {
	return arith.BuildConstant(b, loc, b.Ctx.IntegerAttr(b.Ctx.IndexType(), v), b.Ctx.IndexType()).Result()
}

// args returns the arguments of blk from i to j as values.
func args(blk *ir.Block, i, j int) []ir.Value {
	out := make([]ir.Value, 0, j-i)
	for _, a := range blk.Arguments()[i:j] {
		out = append(out, a)
	}
	return out
}

// offsets returns the element offsets of the block of a memory access of
// shape at indices idx (block indices unless at).
func (r *reblocker) offsets(loc ir.Location, idx []ir.Value, shape []int64, at bool) []ir.Value {
	if at {
		return idx
	}
	out := make([]ir.Value, len(idx))
	for i, x := range idx {
		out[i] = arith.BuildMuli(r.b, loc, x, indexConst(r.b, loc, shape[i])).Result()
	}
	return out
}

func (r *reblocker) shift(loc ir.Location, base []ir.Value, off []int64) []ir.Value {
	out := slices.Clone(base)
	for d, o := range off {
		if o != 0 {
			out[d] = arith.BuildAddi(r.b, loc, base[d], indexConst(r.b, loc, o)).Result()
		}
	}
	return out
}

func (r *reblocker) load(ld tile.LoadOp) {
	shape, _ := shapeOf(ld.Result())
	base := r.offsets(ld.Loc(), ld.Indices(), shape, ld.At())
	r.each(ld.Result(), func(idx []int64, t ir.Type) ir.Value {
		_, off := r.pieceType(ld.Result(), idx)
		var m ir.Value
		if ld.Mask() != nil {
			cs, _ := r.grid(ld.Mask())
			m = r.get(ld.Mask())[flat(idx, cs)]
		}
		return tile.BuildLoad(r.b, ld.Loc(), ld.View(), r.shift(ld.Loc(), base, off), t,
			tile.LoadOptions{At: true, Pad: ld.Pad(), Mask: m}).Result()
	})
}

func (r *reblocker) store(op *ir.Operation, value, view ir.Value, indices []ir.Value, mask ir.Value, at bool,
	build func(v, view ir.Value, idx []ir.Value, m ir.Value)) {
	shape, _ := shapeOf(value)
	base := r.offsets(op.Loc(), indices, shape, at)
	counts, _ := r.grid(value)
	ps := r.get(value)
	for i := range total(counts) {
		idx := index(i, counts)
		_, off := r.pieceType(value, idx)
		var m ir.Value
		if mask != nil {
			m = r.get(mask)[i]
		}
		build(ps[i], view, r.shift(op.Loc(), base, off), m)
	}
}

func (r *reblocker) dot(op *ir.Operation) *ir.Diagnostic {
	d, _ := tile.AsDotOp(op)
	if s, _ := shapeOf(d.A()); len(s) != 2 || tile.DotBatchRank(d) != 0 {
		return unsupported(op, "batched dots")
	}
	var opts tile.DotOptions
	if p, ok := d.Precision(); ok {
		opts.Precision = &p
	}
	ac, _ := r.grid(d.A())
	bc, _ := r.grid(d.B())
	rc, _ := r.grid(d.Result())
	A, B, Acc := r.get(d.A()), r.get(d.B()), r.get(d.Acc())
	r.each(d.Result(), func(idx []int64, _ ir.Type) ir.Value {
		acc := Acc[flat(idx, rc)]
		for k := int64(0); k < ac[1]; k++ {
			acc = tile.BuildDot(r.b, op.Loc(), A[flat([]int64{idx[0], k}, ac)], B[flat([]int64{k, idx[1]}, bc)], acc, opts).Result()
		}
		return acc
	})
	return nil
}

// combine returns the element-wise operation that joins two partial
// reductions of kind.
func combine(b *ir.Builder, loc ir.Location, kind tile.CombiningKind, isFloat bool, x, y ir.Value) (ir.Value, bool) {
	switch {
	case kind == tile.CombiningKindSum && isFloat:
		return arith.BuildAddf(b, loc, x, y).Result(), true
	case kind == tile.CombiningKindProd && isFloat:
		return arith.BuildMulf(b, loc, x, y).Result(), true
	case kind == tile.CombiningKindMax && isFloat:
		return arith.BuildMaximumf(b, loc, x, y).Result(), true
	case kind == tile.CombiningKindMin && isFloat:
		return arith.BuildMinimumf(b, loc, x, y).Result(), true
	}
	return nil, false
}

func (r *reblocker) reduce(op *ir.Operation) *ir.Diagnostic {
	rd, _ := tile.AsReduceOp(op)
	kind, ok := rd.Kind()
	if !ok {
		return unsupported(op, "reductions by a region")
	}
	in := rd.Input()
	ic, _ := r.grid(in)
	dim := int(rd.Dim())
	elem := in.Type().(*ir.RankedTensorType).Elem
	_, isFloat := elem.(*ir.FloatType)
	if ic[dim] > 1 && !isFloat {
		return unsupported(op, "integer reductions along a dimension over %s's limits", r.chip.Name)
	}
	parts := r.get(in)
	one := func(idx []int64, t ir.Type) ir.Value {
		var acc ir.Value
		for k := int64(0); k < ic[dim]; k++ {
			full := slices.Insert(slices.Clone(idx), dim, k)
			x := tile.BuildReduce(r.b, op.Loc(), parts[flat(full, ic)], int64(dim), t, tile.ReduceOptions{Kind: &kind}).Result()
			if acc == nil {
				acc = x
			} else {
				acc, _ = combine(r.b, op.Loc(), kind, isFloat, acc, x)
			}
		}
		return acc
	}
	if _, ok := shapeOf(rd.Result()); !ok {
		r.pieces[rd.Result()] = []ir.Value{one(nil, rd.Result().Type())}
		ir.ReplaceAllUsesWith(rd.Result(), r.pieces[rd.Result()][0])
		return nil
	}
	r.each(rd.Result(), one)
	return nil
}

func (r *reblocker) iota(op *ir.Operation) {
	elem := op.Result(0).Type().(*ir.RankedTensorType).Elem
	r.each(op.Result(0), func(idx []int64, t ir.Type) ir.Value {
		_, off := r.pieceType(op.Result(0), idx)
		x := tile.BuildIota(r.b, op.Loc(), t).Result()
		if off[0] == 0 {
			return x
		}
		c := arith.BuildConstant(r.b, op.Loc(), r.b.Ctx.IntegerAttr(elem, off[0]), elem).Result()
		s := tile.BuildSplat(r.b, op.Loc(), c, t).Result()
		return arith.BuildAddi(r.b, op.Loc(), x, s).Result()
	})
}

// reshaping cuts broadcasts, transposes and the operations that add or
// drop unit dimensions: each result piece comes from one input piece.
func (r *reblocker) reshaping(op *ir.Operation) *ir.Diagnostic {
	in, res := reshapingInput(op), op.Result(0)
	is, _ := shapeOf(in)
	os, _ := shapeOf(res)
	ic, _ := r.grid(in)
	var from func(idx []int64) []int64
	switch {
	case isOp(op, tile.AsBroadcastOp):
		from = func(idx []int64) []int64 {
			src := slices.Clone(idx)
			for d := range src {
				if is[d] == 1 && os[d] != 1 {
					src[d] = 0
				}
			}
			return src
		}
	case isOp(op, tile.AsExpandDimsOp):
		e, _ := tile.AsExpandDimsOp(op)
		from = func(idx []int64) []int64 { return slices.Delete(slices.Clone(idx), int(e.Dim()), int(e.Dim())+1) }
	case isOp(op, tile.AsSqueezeOp):
		s, _ := tile.AsSqueezeOp(op)
		from = func(idx []int64) []int64 { return slices.Insert(slices.Clone(idx), int(s.Dim()), 0) }
	case isOp(op, tile.AsTransposeOp):
		t, _ := tile.AsTransposeOp(op)
		perm := tile.Permutation(t)
		from = func(idx []int64) []int64 {
			src := make([]int64, len(idx))
			for i, p := range perm {
				src[p] = idx[i]
			}
			return src
		}
	default:
		m, ok := r.keeps[op]
		if !ok {
			return unsupported(op, "reshapes that do more than add or drop unit dimensions on a tile over %s's limits", r.chip.Name)
		}
		from = func(idx []int64) []int64 {
			src := make([]int64, len(is))
			for i, j := range m {
				if j >= 0 {
					src[j] = idx[i]
				}
			}
			return src
		}
	}
	parts := r.get(in)
	r.each(res, func(idx []int64, t ir.Type) ir.Value {
		x := parts[flat(from(idx), ic)]
		if x.Type() == t {
			return x
		}
		c := op.Clone(map[ir.Value]ir.Value{in: x})
		r.b.Insert(c)
		c.Result(0).SetType(t)
		return c.Result(0)
	})
	return nil
}

// reshapingInput returns the input of a broadcast, expand_dims, squeeze,
// transpose or reshape.
func reshapingInput(op *ir.Operation) ir.Value {
	if x, ok := tile.AsBroadcastOp(op); ok {
		return x.Input()
	}
	if x, ok := tile.AsExpandDimsOp(op); ok {
		return x.Input()
	}
	if x, ok := tile.AsSqueezeOp(op); ok {
		return x.Input()
	}
	if x, ok := tile.AsTransposeOp(op); ok {
		return x.Input()
	}
	x, _ := tile.AsReshapeOp(op)
	return x.Input()
}

// forOp makes a loop carrying cut tiles carry their pieces.
func (r *reblocker) forOp(f scf.ForOp) *ir.Diagnostic {
	body := f.Region().First()
	carriesCut := false
	for _, v := range f.Values() {
		carriesCut = carriesCut || r.cut(v)
	}
	if !carriesCut {
		for i, v := range f.Operation.Operands() {
			if p := r.get(v); p[0] != v {
				f.Operation.SetOperand(i, p[0])
			}
		}
		return r.region(f.Region())
	}
	var inits []ir.Value
	var types []ir.Type
	for _, v := range f.InitArgs() {
		for _, p := range r.get(v) {
			inits = append(inits, p)
			types = append(types, p.Type())
		}
	}
	r.b.SetInsertionPoint(f.Operation)
	nf := scf.BuildFor(r.b, f.Loc(), f.LowerBound(), f.UpperBound(), f.Step(), inits, types,
		scf.ForOptions{UnsignedCmp: f.UnsignedCmp()})
	if nf.Operation == nil {
		return errorf(f.Operation, "re-blocking the loop: %v", r.b.Err())
	}
	nb := nf.Region().First()
	ir.ReplaceAllUsesWith(body.Argument(0), nb.Argument(0))
	j := 0
	for i := range f.InitArgs() {
		n := len(r.get(f.InitArgs()[i]))
		old := body.Argument(i + 1)
		if r.cut(old) {
			r.pieces[old] = args(nb, 1+j, 1+j+n)
		} else {
			ir.ReplaceAllUsesWith(old, nb.Argument(1+j))
		}
		j += n
	}
	for op := body.First(); op != nil; {
		next := op.Next()
		op.Remove()
		nb.Append(op)
		op = next
	}
	y := nb.Terminator()
	for op := nb.First(); op != nil && op != y; {
		next := op.Next()
		if err := r.op(op); err != nil {
			return err
		}
		op = next
	}
	var outs []ir.Value
	for _, v := range y.Operands() {
		outs = append(outs, r.get(v)...)
	}
	r.b.SetInsertionPoint(y)
	scf.BuildYield(r.b, y.Loc(), outs)
	y.Erase()
	j = 0
	for i, v := range f.Values() {
		n := len(r.get(f.InitArgs()[i]))
		if r.cut(v) {
			r.pieces[v] = slices.Clone(nf.Values()[j : j+n])
		} else {
			ir.ReplaceAllUsesWith(v, nf.Values()[j])
		}
		j += n
	}
	r.dead = append(r.dead, f.Operation)
	return nil
}
