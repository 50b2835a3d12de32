package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// Layer normalization's variance is the sum of the squared deviations of
// a row from a per-row value (its mean), and that value comes from an
// earlier sum of the row: written as linalg, the kernel reduces the row
// twice, the second reduction waiting for the first, each a round of
// shuffles and a round through shared memory. The lowering computes both
// in one reduction instead: each thread takes the count, the sum and the
// sum of squared deviations from the mean (M2) of its own elements, and
// the threads merge those by Chan's formula for combining two sets,
//
//	n = na + nb, sum = suma + sumb,
//	M2 = M2a + M2b + (meanb − meana)²·na·nb/n,
//
// first across the lanes by butterfly shuffles, then across the warps
// through shared memory. The first reduction's result is then the sum and
// the second's, for any per-row value a,
//
//	Σ (y − a)² = M2 + n·(mean − a)²,
//
// which holds exactly over the reals; M2 is a sum of squared deviations
// from the mean at every level, so nothing cancels (unlike Σy² − n·mean²,
// which loses every digit for rows whose mean is large against their
// spread), and the correction term is tiny when a is the mean.
//
// The merge is written so that both lanes of a butterfly compute the same
// bits (a sum of the same two terms, the squared difference), so that
// every thread of a row ends with the same moments, as with a plain sum.
//
// Only rows without a column mask are paired: every thread then holds as
// many elements of each row as any other, so the counts are constants at
// every level of the butterflies (each merge adds the sums and the M2s
// and the squared difference of the sums over twice the count).
// With a mask the counts differ from thread to thread, and the merges
// divide by them at run time; measured on an H200, the divisions and the
// mask held until the squares made the masked kernels spill (244 bytes a
// thread for 4096×1000 bf16 rows in blocks of 2×1024, against 20 for the
// two reductions) and run 1.7 times slower, so ragged rows keep the two
// reductions.

// moments pairs two sum reductions of a kernel along its rows' dimension:
// first reduces y, second (y − a)² for a per-row value a, both over every
// element of the tile.
type moments struct {
	first, second *ir.Operation
	y, a          ir.Value
	// stats holds, once first is lowered, each row's count, mean and M2,
	// by the row's register coordinate.
	stats map[int64]rowStats
}

// rowStats are the moments of a set of n elements: their sum and M2.
type rowStats struct {
	n       float64
	sum, m2 ir.Value
}

// planMoments returns the pairs of reductions of kernel body that
// lowerMoments computes together, by both reductions.
func planMoments(body *ir.Operation) map[*ir.Operation]*moments {
	e := &equivalence{order: map[*ir.Operation]int{}, memo: map[[2]ir.Value]bool{}}
	var reduces []*ir.Operation
	body.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		e.order[op] = len(e.order)
		switch {
		case isOp(op, tile.AsReduceOp):
			reduces = append(reduces, op)
		case isOp(op, tile.AsLoadOp), op.NumRegions() > 0:
		case mayWrite(op):
			e.writes = append(e.writes, e.order[op])
		}
		return true
	})
	out := map[*ir.Operation]*moments{}
	for j, r2 := range reduces {
		q, ok := sumOperand(r2)
		if !ok {
			continue
		}
		sq, ok := arith.AsMulfOp(ir.DefiningOp(q))
		if !ok || sq.Lhs() != sq.Rhs() {
			continue
		}
		c, ok := arith.AsSubfOp(ir.DefiningOp(sq.Lhs()))
		if !ok {
			continue
		}
		a, ok := rowValue(c.Rhs())
		if !ok {
			continue
		}
		for _, r1 := range reduces[:j] {
			if out[r1] != nil {
				continue
			}
			y, ok := sumOperand(r1)
			if !ok || !sameDim(r1, r2) || !e.same(y, c.Lhs()) || !inlinedTogether(r1, r2) {
				continue
			}
			m := &moments{first: r1, second: r2, y: y, a: a}
			out[r1], out[r2] = m, m
			break
		}
	}
	return out
}

// mayWrite reports whether op may write memory: its effects say so, or,
// where they are not known, it takes an operand that is not a number, a
// tensor or a vector (a memref, a view) or calls a function.
func mayWrite(op *ir.Operation) bool {
	if effects, known := op.Effects(); known {
		for _, e := range effects {
			if e.Kind == ir.EffectWrite {
				return true
			}
		}
		return false
	}
	if op.InherentAttr("callee") != nil {
		return true
	}
	for i := 0; i < op.NumOperands(); i++ {
		switch op.Operand(i).Type().(type) {
		case *ir.IntegerType, *ir.IndexType, *ir.FloatType, *ir.RankedTensorType, *ir.VectorType:
		default:
			return true
		}
	}
	return false
}

// sumOperand returns the input of a sum reduction of f32 along the last
// dimension of a 2-D tile, unless it is masked (a select of the input and
// zeros, see moments).
func sumOperand(op *ir.Operation) (ir.Value, bool) {
	r, _ := tile.AsReduceOp(op)
	kind, ok := r.Kind()
	shape, elem, _ := tileShape(r.Input())
	if !ok || kind != tile.CombiningKindSum || len(shape) != 2 || r.Dim() != 1 || !isTile(r.Result()) {
		return nil, false
	}
	if ft, isF := elem.(*ir.FloatType); !isF || ft.Kind != ir.F32 {
		return nil, false
	}
	if s, isSel := arith.AsSelectOp(ir.DefiningOp(r.Input())); isSel && isZeroTile(s.FalseValue()) {
		return nil, false
	}
	return r.Input(), true
}

func sameDim(a, b *ir.Operation) bool {
	ra, _ := tile.AsReduceOp(a)
	rb, _ := tile.AsReduceOp(b)
	return ra.Dim() == rb.Dim()
}

// isZeroTile reports whether v is a tile of float zeros: a splat of a
// zero constant or a zero splat constant.
func isZeroTile(v ir.Value) bool {
	def := ir.DefiningOp(v)
	if s, ok := tile.AsSplatOp(def); ok {
		def = ir.DefiningOp(s.Input())
	}
	c, ok := arith.AsConstantOp(def)
	if !ok {
		return false
	}
	switch a := c.Value().(type) {
	case *ir.FloatAttr:
		return a.Float64() == 0
	case *ir.DenseElementsAttr:
		return a.Splat && isFloat(a.Type.ElementType()) && zeroBytes(a.Data)
	}
	return false
}

// zeroBytes reports whether the little-endian bytes of a float are those
// of +0 or −0.
func zeroBytes(b []byte) bool {
	for i, x := range b {
		if x != 0 && (i != len(b)-1 || x != 0x80) {
			return false
		}
	}
	return len(b) > 0
}

// inlinedTogether reports whether the lowering emits a and b into one
// block: every loop between them and the block that holds both runs
// once (see inlineSingleTrip).
func inlinedTogether(a, b *ir.Operation) bool {
	blocks := map[*ir.Block]bool{}
	for o := a; o != nil; {
		blk := o.Block()
		if blk == nil {
			return false
		}
		blocks[blk] = true
		o = blk.ParentOp()
		if f, ok := scf.AsForOp(o); !ok || !singleTrip(f) {
			break
		}
	}
	for o := b; o != nil; {
		blk := o.Block()
		if blk == nil {
			return false
		}
		if blocks[blk] {
			return true
		}
		o = blk.ParentOp()
		if f, ok := scf.AsForOp(o); !ok || !singleTrip(f) {
			return false
		}
	}
	return false
}

// equivalence decides whether two tile values of a kernel are computed
// alike: the same operations on equivalent operands, loads of the same
// view at equivalent indices with nothing written between them, and the
// induction variables of loops that run once from one lower bound.
type equivalence struct {
	order  map[*ir.Operation]int
	writes []int
	memo   map[[2]ir.Value]bool
}

func (e *equivalence) same(a, b ir.Value) bool {
	if a == b {
		return true
	}
	key := [2]ir.Value{a, b}
	if r, ok := e.memo[key]; ok {
		return r
	}
	e.memo[key] = false
	r := e.compare(a, b)
	e.memo[key] = r
	return r
}

func (e *equivalence) compare(a, b ir.Value) bool {
	if a.Type() != b.Type() {
		return false
	}
	da, db := ir.DefiningOp(a), ir.DefiningOp(b)
	if da == nil || db == nil {
		return da == nil && db == nil && sameInduction(a, b)
	}
	ra, rb := a.(*ir.OpResult), b.(*ir.OpResult)
	if da.Name() != db.Name() || ra.Index() != rb.Index() || da.NumOperands() != db.NumOperands() ||
		da.NumRegions() != 0 || db.NumRegions() != 0 || da.Properties() != db.Properties() || da.Attrs() != db.Attrs() {
		return false
	}
	if !da.IsMemoryEffectFree() && (!isOp(da, tile.AsLoadOp) || e.writtenBetween(da, db)) {
		return false
	}
	for i := 0; i < da.NumOperands(); i++ {
		if !e.same(da.Operand(i), db.Operand(i)) {
			return false
		}
	}
	return true
}

// writtenBetween reports whether an operation that may write memory lies
// between a and b in program order.
func (e *equivalence) writtenBetween(a, b *ir.Operation) bool {
	lo, hi := e.order[a], e.order[b]
	if lo > hi {
		lo, hi = hi, lo
	}
	for _, w := range e.writes {
		if w > lo && w < hi {
			return true
		}
	}
	return false
}

// sameInduction reports whether a and b are the induction variables of
// loops that run once from the same lower bound.
func sameInduction(a, b ir.Value) bool {
	lb := func(v ir.Value) (int64, bool) {
		arg, ok := v.(*ir.BlockArgument)
		if !ok || arg.Index() != 0 || arg.Owner() == nil {
			return 0, false
		}
		f, ok := scf.AsForOp(arg.Owner().ParentOp())
		if !ok || !singleTrip(f) || f.Region().First() != arg.Owner() {
			return 0, false
		}
		return staticIndex(f.LowerBound())
	}
	x, okA := lb(a)
	y, okB := lb(b)
	return okA && okB && x == y
}

// lowerMoments lowers the first reduction of pair m together with the
// second (see moments) and reports whether it did; where the layouts do
// not allow it, both reductions are lowered as they are.
func (k *kernel) lowerMoments(op *ir.Operation, m *moments) bool {
	red, _ := tile.AsReduceOp(op)
	l := k.layouts[red.Input()]
	rl := k.layouts[red.Result()]
	r2, _ := tile.AsReduceOp(m.second)
	if l == nil || rl == nil || !l.Equal(k.layouts[m.y]) || !rl.Equal(k.layouts[r2.Result()]) || !sameRows(k.layouts[m.a], rl) {
		return false
	}
	shape, f32, _ := tileShape(red.Input())
	const dim, other = 1, 0
	y := k.get(m.y)
	rt := y.Type().(*ir.VectorType)
	fc := func(x float64) ir.Value {
		return k.val("arith.constant", nil, f32, ir.NamedAttr{Name: "value", Value: k.ctx.FloatAttr(f32.(*ir.FloatType), x)})
	}
	add := func(a, b ir.Value) ir.Value { return k.bin("arith.addf", a, b) }
	mul := func(a, b ir.Value) ir.Value { return k.bin("arith.mulf", a, b) }
	fma := func(a, b, c ir.Value) ir.Value { return k.val("math.fma", []ir.Value{a, b, c}, f32) }

	// 1. Each thread's own elements, by groups of registers that differ
	// only in bits along the rows: the sum, then the squared deviations
	// from the mean, accumulated by fused multiply-adds.
	regD := dimBits(l.Reg, dim)
	groups := map[int][]int{}
	var keys []int
	for r := 0; r < l.NumRegs(); r++ {
		key := r &^ int(regD)
		if _, ok := groups[key]; !ok {
			keys = append(keys, key)
		}
		groups[key] = append(groups[key], r)
	}
	st := map[int]rowStats{}
	for _, key := range keys {
		var xs []ir.Value
		for _, r := range groups[key] {
			xs = append(xs, k.extract(y, f32, unflatten(r, rt.Shape)))
		}
		n := float64(len(xs))
		sum := treeSum(xs, add)
		mean := mul(sum, fc(1/n))
		var m2 ir.Value
		for _, x := range xs {
			d := k.bin("arith.subf", x, mean)
			if m2 == nil {
				m2 = mul(d, d)
			} else {
				m2 = fma(d, d, m2)
			}
		}
		st[key] = rowStats{n: n, sum: sum, m2: m2}
	}
	// merge combines the moments of two sets (Chan's formula); the
	// counts are constants. For sets of m elements each, the means
	// differ by (sumb − suma)/m, and the term is (sumb − suma)²/(2m): one
	// difference, one product and one fused multiply-add besides the
	// two sums, the same bits in both lanes of a butterfly (the
	// difference changes sign between them, its square does not).
	merge := func(a, b rowStats) rowStats {
		n := a.n + b.n
		sum := add(a.sum, b.sum)
		m2 := add(a.m2, b.m2)
		if a.n == b.n {
			d := k.bin("arith.subf", b.sum, a.sum)
			return rowStats{n: n, sum: sum, m2: fma(mul(d, fc(1/(2*a.n))), d, m2)}
		}
		delta := k.bin("arith.subf", mul(b.sum, fc(1/b.n)), mul(a.sum, fc(1/a.n)))
		return rowStats{n: n, sum: sum, m2: fma(mul(delta, fc(a.n*b.n/n)), delta, m2)}
	}
	shuffled := func(s rowStats, mask int64) rowStats {
		return rowStats{n: s.n, sum: k.shuffleXor(s.sum, mask), m2: k.shuffleXor(s.m2, mask)}
	}
	// 2. Lanes: butterflies over the lane bits along the rows.
	laneD := dimBits(l.Lane, dim)
	for b := 0; b < len(l.Lane); b++ {
		if laneD>>b&1 == 0 {
			continue
		}
		for _, key := range keys {
			st[key] = merge(st[key], shuffled(st[key], 1<<b))
		}
	}
	// 3. Warps: each warp's sum and M2 through shared memory.
	if warpD := dimBits(l.Warp, dim); warpD != 0 {
		slots := int64(1) << popcount(warpD)
		rows := shape[other]
		sm := k.workgroup(k.ctx.MemRefType([]int64{2 * slots * rows}, f32, nil, k.workgroupSpace()))
		th := k.threadCoords(l)
		slot, writer := k.reduceSlot(l, dim)
		rowOf := func(key int) ir.Value { return k.add(th[other], k.c(l.RegCoord(key)[other])) }
		at := func(part int64, s, row ir.Value) ir.Value {
			return k.add(k.add(k.mul(s, rows), row), k.c(part*slots*rows))
		}
		dupReg := zeroBits(l.Reg)
		k.guarded(writer, func() {
			for _, key := range keys {
				if int64(key)&dupReg != 0 {
					continue
				}
				k.op("memref.store", []ir.Value{st[key].sum, sm, at(0, slot, rowOf(key))}, nil)
				k.op("memref.store", []ir.Value{st[key].m2, sm, at(1, slot, rowOf(key))}, nil)
			}
		})
		written := k.op("gpu.barrier", nil, nil)
		read := func(s, row ir.Value, n float64) rowStats {
			return rowStats{n: n, sum: k.val("memref.load", []ir.Value{sm, at(0, s, row)}, f32),
				m2: k.val("memref.load", []ir.Value{sm, at(1, s, row)}, f32)}
		}
		for _, key := range keys {
			row := rowOf(key)
			n := st[key].n
			if slots >= 4 && slots <= k.target.Lanes {
				// Each lane reads one warp's moments, then butterflies
				// across the slots.
				acc := read(k.and(k.lane, k.c(slots-1)), row, n)
				for b := int64(1); b < slots; b <<= 1 {
					acc = merge(acc, shuffled(acc, b))
				}
				st[key] = acc
				continue
			}
			acc := read(k.c(0), row, n)
			for s := int64(1); s < slots; s++ {
				acc = merge(acc, read(k.c(s), row, n))
			}
			st[key] = acc
		}
		k.reduceBarriers = append(k.reduceBarriers, [2]*ir.Operation{written, k.op("gpu.barrier", nil, nil)})
	}
	// The first reduction's result, the sum.
	m.stats = map[int64]rowStats{}
	sums := map[int64]ir.Value{}
	for _, key := range keys {
		row := l.RegCoord(key)[other]
		m.stats[row] = st[key]
		sums[row] = st[key].sum
	}
	ot, _, _ := k.regType(red.Result())
	k.vals[red.Result()] = k.rowVector(sums, rl, ot)
	return true
}

// lowerSecondMoment lowers the second reduction of pair m, whose first
// lowerMoments lowered: Σ (y − a)² = M2 + n·(mean − a)² for each row, the
// last product and sum one fused multiply-add.
func (k *kernel) lowerSecondMoment(op *ir.Operation, m *moments) error {
	red, _ := tile.AsReduceOp(op)
	ot, rl, err := k.regType(red.Result())
	if err != nil {
		return k.errorf(op, "tile without a layout")
	}
	la := k.layouts[m.a]
	av := k.get(m.a)
	at := av.Type().(*ir.VectorType)
	_, f32, _ := tileShape(m.a)
	byRow := map[int64]ir.Value{}
	for q := 0; q < la.NumRegs(); q++ {
		row := la.RegCoord(q)[0]
		s, ok := m.stats[row]
		if _, done := byRow[row]; !ok || done {
			continue
		}
		fc := func(x float64) ir.Value {
			return k.val("arith.constant", nil, f32, ir.NamedAttr{Name: "value", Value: k.ctx.FloatAttr(f32.(*ir.FloatType), x)})
		}
		mean := k.bin("arith.mulf", s.sum, fc(1/s.n))
		d := k.bin("arith.subf", mean, k.extract(av, f32, unflatten(q, at.Shape)))
		byRow[row] = k.val("math.fma", []ir.Value{k.bin("arith.mulf", d, fc(s.n)), d, s.m2}, f32)
	}
	k.vals[red.Result()] = k.rowVector(byRow, rl, ot)
	return nil
}

// sameRows reports whether la, the layout of a per-row tile ([rows] or
// [rows, 1]), puts each row on the threads and registers that the 1-D
// layout rl does, so that a thread holds a's value of each of its rows.
func sameRows(la, rl *Layout) bool {
	if la == nil || len(la.Shape) == 0 || la.Shape[0] != rl.Shape[0] || len(la.Lane) != len(rl.Lane) || len(la.Warp) != len(rl.Warp) {
		return false
	}
	for i := range la.Shape[1:] {
		if la.Shape[i+1] != 1 {
			return false
		}
	}
	for i := range la.Lane {
		if la.Lane[i][0] != rl.Lane[i][0] {
			return false
		}
	}
	for i := range la.Warp {
		if la.Warp[i][0] != rl.Warp[i][0] {
			return false
		}
	}
	rows := map[int64]bool{}
	for q := 0; q < la.NumRegs(); q++ {
		rows[la.RegCoord(q)[0]] = true
	}
	for q := 0; q < rl.NumRegs(); q++ {
		if !rows[rl.RegCoord(q)[0]] {
			return false
		}
	}
	return true
}

// treeSum adds xs pairwise, a tree of depth log2(len(xs)) rather than a
// chain.
func treeSum(xs []ir.Value, add func(a, b ir.Value) ir.Value) ir.Value {
	for len(xs) > 1 {
		var next []ir.Value
		for i := 0; i+1 < len(xs); i += 2 {
			next = append(next, add(xs[i], xs[i+1]))
		}
		if len(xs)%2 == 1 {
			next = append(next, xs[len(xs)-1])
		}
		xs = next
	}
	return xs[0]
}
