package tiletoneuron

import (
	"math"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/neuron"
	"github.com/strata-ir/strata/dialects/tile"
)

// The moments of rows. Layer normalization takes the mean of each row and
// the variance about it in two passes at the tile level:
//
//	mean = sum(x) / n
//	var  = sum((x - mean)²) / n
//
// each sum along the free axis (tile.reduce sum, dimension 1), possibly
// of the first n columns only (x selected where a column index from
// tile.iota is below a bound, 0 elsewhere: the mask of a ragged row),
// possibly added to a splat of 0 (the reduction's initial value), and
// possibly reshaped or broadcast before the division by the splat n. The
// NeuronCore computes both in one pass of the vector engine: bn_stats
// over chunks of at most bn_stats_max (512) columns, each writing its
// (count, mean, M2) statistics into six columns of one tile, and one
// bn_aggr merging them into the mean and the variance, which the
// lowering then reads as slices (per-partition scalars). The two sums,
// the square and the masks are not computed at all.
//
// bn_aggr computes the population variance with Chan's merge: the same
// quantity as the two-pass form, rounded differently, so the result
// agrees with the tile level within the reassociation --check-semantics
// allows, not bit for bit. A mean whose count is known only at run time
// (a bound from the view's shape) keeps the two reductions: NKI's tiles
// and slices have static shapes.

// moments is one match: the moments of the first cols columns of x's
// rows, which replace the tile-level values mean and variance.
type moments struct {
	x              ir.Value
	cols           int64
	mean, variance ir.Value
}

// findMoments records the row moments computed in b: each in l.moments
// under the operation that defines its mean (where bn_stats and bn_aggr
// are emitted), and the tile-level operations of the two sums, which
// nothing else uses, in l.skip.
func (l *lowering) findMoments(b *ir.Block) {
	for op := b.First(); op != nil; op = op.Next() {
		m, chain, ok := matchMoments(op)
		if !ok {
			continue
		}
		claimed := false
		for _, o := range chain {
			claimed = claimed || l.skip[o] || o.Block() != b
		}
		if claimed {
			continue
		}
		for _, o := range chain {
			l.skip[o] = true
		}
		meanOp := ir.DefiningOp(m.mean)
		delete(l.skip, meanOp)
		l.moments[meanOp] = m
	}
}

// matchMoments matches the moments whose first sum is op: it returns
// them and every tile-level operation they replace, the variance's
// division included and the mean's included last.
func matchMoments(op *ir.Operation) (*moments, []*ir.Operation, bool) {
	r, ok := tile.AsReduceOp(op)
	if !ok || !isRowSum(r) {
		return nil, nil, false
	}
	x, cols, chain, ok := summed(r)
	if !ok || !isF32Tile(x) {
		return nil, nil, false
	}
	mean, c2, ok := divided(r.Result(), cols)
	if !ok {
		return nil, nil, false
	}
	chain = append(chain, c2...)
	// The centered values x - mean, squared, summed like x and divided
	// by the same count.
	views := shapes(mean)
	var sq *ir.Operation
	for _, mv := range views {
		for u := mv.FirstUse(); u != nil && sq == nil; u = u.Next() {
			sub, ok := arith.AsSubfOp(u.Owner())
			if !ok || sub.Lhs() != x || sub.Rhs() != mv {
				continue
			}
			sq = square(sub.Result())
		}
	}
	if sq == nil {
		return nil, nil, false
	}
	chain = append(chain, sq)
	var v ir.Value = sq.Result(0)
	if s, ok := arith.AsSelectOp(only(v)); ok {
		n, ok := maskedCols(s, v)
		if !ok || n != cols || !ir.HasOneUse(s.Result()) {
			return nil, nil, false
		}
		chain = append(chain, s.Operation)
		v = s.Result()
	} else if cols != tileCols(x) {
		return nil, nil, false
	}
	r2, ok := tile.AsReduceOp(only(v))
	if !ok || !isRowSum(r2) {
		return nil, nil, false
	}
	chain = append(chain, r2.Operation)
	variance, c3, ok := divided(r2.Result(), cols)
	if !ok || !isF32Tile(mean) || !isF32Tile(variance) {
		return nil, nil, false
	}
	chain = append(chain, c3...)
	chain = append(chain, ir.DefiningOp(variance), ir.DefiningOp(mean))
	return &moments{x: x, cols: cols, mean: mean, variance: variance}, chain, true
}

// shapes returns v and the values that reshape or broadcast it.
func shapes(v ir.Value) []ir.Value {
	out := []ir.Value{v}
	for i := 0; i < len(out); i++ {
		for u := out[i].FirstUse(); u != nil; u = u.Next() {
			if o := u.Owner(); isOp(o, tile.AsExpandDimsOp) || isOp(o, tile.AsBroadcastOp) || isOp(o, tile.AsReshapeOp) {
				out = append(out, o.Result(0))
			}
		}
	}
	return out
}

// square returns the operation c·c whose only use is a sum, or nil.
func square(c ir.Value) *ir.Operation {
	for w := c.FirstUse(); w != nil; w = w.Next() {
		if m, ok := arith.AsMulfOp(w.Owner()); ok && m.Lhs() == c && m.Rhs() == c && ir.HasOneUse(m.Result()) {
			return m.Operation
		}
	}
	return nil
}

// isRowSum reports whether r sums a 2-D tile along its free axis.
func isRowSum(r tile.ReduceOp) bool {
	k, ok := r.Kind()
	return ok && k == tile.CombiningKindSum && r.Dim() == 1 && isTensor(r.Input().Type()) &&
		len(typeShape(r.Input().Type())) == 2 && isTensor(r.Result().Type())
}

// summed returns what r sums: x, of which the first cols columns (all
// of them, or those a column mask keeps), and the select of the mask.
func summed(r tile.ReduceOp) (ir.Value, int64, []*ir.Operation, bool) {
	in := r.Input()
	chain := []*ir.Operation{r.Operation}
	if s, ok := arith.AsSelectOp(ir.DefiningOp(in)); ok && ir.HasOneUse(in) {
		n, ok := maskedCols(s, s.TrueValue())
		if !ok {
			return nil, 0, nil, false
		}
		return s.TrueValue(), n, append(chain, s.Operation), true
	}
	return in, tileCols(in), chain, true
}

// divided follows the sum s through an addition of 0 and reshapes (each
// its only use) to a division by the splat n, and returns the quotient
// and the operations between.
func divided(s ir.Value, n int64) (ir.Value, []*ir.Operation, bool) {
	var chain []*ir.Operation
	v := s
	if a, ok := arith.AsAddfOp(only(v)); ok && (a.Lhs() == v && isZero(a.Rhs()) || a.Rhs() == v && isZero(a.Lhs())) {
		chain = append(chain, a.Operation)
		v = a.Result()
	}
	for {
		u := only(v)
		if u == nil {
			return nil, nil, false
		}
		if isOp(u, tile.AsExpandDimsOp) || isOp(u, tile.AsBroadcastOp) || isOp(u, tile.AsReshapeOp) {
			chain = append(chain, u)
			v = u.Result(0)
			continue
		}
		d, ok := arith.AsDivfOp(u)
		if !ok || d.Lhs() != v {
			return nil, nil, false
		}
		if c, ok := splatFloat(d.Rhs()); !ok || c != float64(n) {
			return nil, nil, false
		}
		return d.Result(), chain, true
	}
}

// only returns the one user of v, or nil.
func only(v ir.Value) *ir.Operation {
	if !ir.HasOneUse(v) {
		return nil
	}
	return v.FirstUse().Owner()
}

// maskedCols returns the columns s keeps of v: s is select(mask, v, 0)
// with a mask that holds for the first n columns of every row.
func maskedCols(s arith.SelectOp, v ir.Value) (int64, bool) {
	if s.TrueValue() != v || !isZero(s.FalseValue()) {
		return 0, false
	}
	cmp, ok := arith.AsCmpiOp(ir.DefiningOp(s.Condition()))
	if !ok || cmp.Predicate() != arith.CmpIPredicateSlt && cmp.Predicate() != arith.CmpIPredicateUlt {
		return 0, false
	}
	bound, ok := splatIndex(cmp.Rhs())
	if !ok {
		return 0, false
	}
	off, ok := columnIndex(cmp.Lhs())
	if !ok {
		return 0, false
	}
	n := min(max(bound-off, 0), tileCols(v))
	return n, n > 0
}

// columnIndex returns off when v is the column index plus off of a 2-D
// tile: tile.iota (plus a splat of off), expanded at dimension 0 and
// broadcast to the rows.
func columnIndex(v ir.Value) (int64, bool) {
	b, ok := tile.AsBroadcastOp(ir.DefiningOp(v))
	if !ok {
		return 0, false
	}
	e, ok := tile.AsExpandDimsOp(ir.DefiningOp(b.Input()))
	if !ok || e.Dim() != 0 {
		return 0, false
	}
	return iotaPlus(e.Input())
}

// iotaPlus returns off when v is tile.iota plus a splat of the constant
// off.
func iotaPlus(v ir.Value) (int64, bool) {
	d := ir.DefiningOp(v)
	if isOp(d, tile.AsIotaOp) {
		return 0, true
	}
	a, ok := arith.AsAddiOp(d)
	if !ok {
		return 0, false
	}
	for _, p := range [][2]ir.Value{{a.Lhs(), a.Rhs()}, {a.Rhs(), a.Lhs()}} {
		if isOp(ir.DefiningOp(p[0]), tile.AsIotaOp) {
			return splatIndex(p[1])
		}
	}
	return 0, false
}

// splatIndex returns the value of a splat of an index constant.
func splatIndex(v ir.Value) (int64, bool) {
	s, ok := tile.AsSplatOp(ir.DefiningOp(v))
	if !ok {
		return 0, false
	}
	return constIndex(s.Input())
}

// constIndex evaluates an integer scalar made of constants, additions,
// subtractions and multiplications.
func constIndex(v ir.Value) (int64, bool) {
	d := ir.DefiningOp(v)
	if c, ok := arith.AsConstantOp(d); ok {
		ia, ok := c.Value().(*ir.IntegerAttr)
		if !ok {
			return 0, false
		}
		return ia.Int64(), true
	}
	var x, y ir.Value
	var f func(a, b int64) int64
	switch {
	case isOp(d, arith.AsAddiOp):
		a, _ := arith.AsAddiOp(d)
		x, y, f = a.Lhs(), a.Rhs(), func(a, b int64) int64 { return a + b }
	case isOp(d, arith.AsSubiOp):
		a, _ := arith.AsSubiOp(d)
		x, y, f = a.Lhs(), a.Rhs(), func(a, b int64) int64 { return a - b }
	case isOp(d, arith.AsMuliOp):
		a, _ := arith.AsMuliOp(d)
		x, y, f = a.Lhs(), a.Rhs(), func(a, b int64) int64 { return a * b }
	default:
		return 0, false
	}
	a, ok := constIndex(x)
	if !ok {
		return 0, false
	}
	b, ok := constIndex(y)
	if !ok {
		return 0, false
	}
	return f(a, b), true
}

// splatFloat returns the value of a float tile that is a splat of a
// constant (tile.splat of arith.constant, or a splat dense constant).
func splatFloat(v ir.Value) (float64, bool) {
	d := ir.DefiningOp(v)
	if s, ok := tile.AsSplatOp(d); ok {
		c, ok := arith.AsConstantOp(ir.DefiningOp(s.Input()))
		if !ok {
			return 0, false
		}
		fa, ok := c.Value().(*ir.FloatAttr)
		if !ok {
			return 0, false
		}
		return interp.FromBits(fa.Type, fa.Bits[0]).Float(), true
	}
	if c, ok := arith.AsConstantOp(d); ok {
		da, ok := c.Value().(*ir.DenseElementsAttr)
		if !ok || !da.Splat {
			return 0, false
		}
		dv, err := interp.DenseFromAttr(da)
		if err != nil || len(dv.Data) == 0 {
			return 0, false
		}
		rt, ok := da.Type.(*ir.RankedTensorType)
		if !ok {
			return 0, false
		}
		x := interp.FromBits(rt.Elem, dv.Data[0])
		if !x.IsFloat() {
			return 0, false
		}
		return x.Float(), true
	}
	return 0, false
}

// isZero reports whether v is a splat of +0 or -0.
func isZero(v ir.Value) bool {
	c, ok := splatFloat(v)
	return ok && c == 0 && !math.IsNaN(c)
}

// tileCols returns the columns of a 2-D tile.
func tileCols(v ir.Value) int64 {
	s := typeShape(v.Type())
	return s[len(s)-1]
}

// isF32Tile reports whether v is a tile of f32.
func isF32Tile(v ir.Value) bool {
	if !isTensor(v.Type()) {
		return false
	}
	_, elem := tensorInfo(v.Type())
	return isF32(elem)
}

// lowerMoments emits bn_stats over the first m.cols columns of x's tile
// in chunks of at most the chip's bn_stats_max, as even as possible, and
// bn_aggr; the mean and the variance are slices of its result. op
// defines the mean.
func (l *lowering) lowerMoments(op *ir.Operation, m *moments) *ir.Diagnostic {
	xv, err := l.get(op, m.x)
	if err != nil {
		return err
	}
	if len(xv.shape) != 2 || xv.k != full {
		return unsupported(op, "the moments of a tile that is not a full 2-D one")
	}
	xt, err := l.materialize(op, xv, false)
	if err != nil {
		return err
	}
	rows, width := xv.shape[0], xv.shape[1]
	f32 := l.ctx.FloatType(ir.F32)
	k := (m.cols + l.chip.BnStatsMax - 1) / l.chip.BnStatsMax
	stats, err := l.alloc(op, rows, neuron.BnStatsWidth*k, f32, neuron.BufferSbuf)
	if err != nil {
		return err
	}
	off := int64(0)
	for i := int64(0); i < k; i++ {
		w := m.cols / k
		if i < m.cols%k {
			w++
		}
		data := xt
		if w != width {
			data = l.slice(op, xt, off, w)
		}
		dst := stats
		if k > 1 {
			dst = l.slice(op, stats, neuron.BnStatsWidth*i, neuron.BnStatsWidth)
		}
		neuron.BuildBnStats(l.b, op.Loc(), dst, data)
		off += w
	}
	mv, err := l.alloc(op, rows, neuron.BnAggrWidth, f32, neuron.BufferSbuf)
	if err != nil {
		return err
	}
	neuron.BuildBnAggr(l.b, op.Loc(), mv, stats)
	for i, v := range []ir.Value{m.mean, m.variance} {
		shape, elem := tensorInfo(v.Type())
		k := col
		if len(shape) == 2 && shape[1] > 1 {
			k = bcol
		}
		l.vals[v] = &val{k: k, t: l.slice(op, mv, int64(i), 1), shape: shape, elem: elem}
	}
	l.dead = append(l.dead, op)
	return nil
}

// slice returns columns off to off+w of the tile t.
func (l *lowering) slice(op *ir.Operation, t ir.Value, off, w int64) ir.Value {
	shape, elem, buf, _ := neuron.Info(t)
	rt, err := neuron.GetTileType(l.ctx, []int64{shape[0], w}, elem, buf)
	if err != nil {
		l.b.Errorf("%v", err)
		return t
	}
	return neuron.BuildSlice(l.b, op.Loc(), t, off, rt.DynType).Result()
}
