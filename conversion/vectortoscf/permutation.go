package vectortoscf

import (
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/vector"
)

// permutationPatterns is upstream's
// populateVectorTransferPermutationMapLoweringPatterns: transfers whose
// permutation map is not a minor identity become transfers with a minor
// identity map (with leading broadcasts for reads) and a vector.transpose
// or vector.broadcast of the vector.
func permutationPatterns() []rewrite.Pattern {
	var ps []rewrite.Pattern
	add := func(root, name string, fn func(op *ir.Operation, g *gen) bool) {
		ps = append(ps, &rewrite.Func{RootName: root, BenefitValue: 1, PatternName: name, Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			return fn(op, &gen{ctx: r.Ctx, r: r, b: r.Builder, loc: op.Loc()})
		}})
	}
	add("vector.transfer_read", "TransferReadPermutationLowering", readPermutationLowering)
	add("vector.transfer_write", "TransferWritePermutationLowering", writePermutationLowering)
	add("vector.transfer_read", "TransferOpReduceRank", reduceRank)
	add("vector.transfer_write", "TransferWriteNonPermutationLowering", writeNonPermutationLowering)
	return ps
}

// permutable is a transfer these patterns may rewrite: of rank 1 or more,
// not inside a vector.mask.
func permutable(op *ir.Operation) (*xfer, bool) {
	x, ok := asXfer(op)
	if !ok || len(x.vt.Shape) == 0 || len(x.perm.Results) == 0 {
		return nil, false
	}
	if p := op.ParentOp(); p != nil && vector.MaskingOp.Has(p) {
		return nil, false
	}
	return x, true
}

// permutationOfMinorIdentityWithBroadcasting is
// AffineMap::isPermutationOfMinorIdentityWithBroadcasting: the
// permutation that makes m a minor identity with broadcasting, if any.
func permutationOfMinorIdentityWithBroadcasting(m affine.Map) ([]int, bool) {
	n, r := m.NumInputs(), len(m.Results)
	projectionStart, leadingBroadcast := 0, 0
	if r < n {
		projectionStart = n - r
	}
	if r > n {
		leadingBroadcast = r - n
	}
	perm := make([]int, r)
	found := make([]bool, max(n, r))
	var bcast []int
	for i, e := range m.Results {
		switch {
		case e.IsConstant():
			if !e.IsConstantValue(0) {
				return nil, false
			}
			bcast = append(bcast, i)
		case e.IsDim():
			if e.Position() < projectionStart {
				return nil, false
			}
			p := e.Position() - projectionStart + leadingBroadcast
			perm[i] = p
			found[p] = true
		default:
			return nil, false
		}
	}
	pos := 0
	for _, d := range bcast {
		for pos < len(found) && found[pos] {
			pos++
		}
		perm[d] = pos
		pos++
	}
	return perm, true
}

// minorIdentityWithBroadcasting is AffineMap::isMinorIdentityWithBroadcasting.
func minorIdentityWithBroadcasting(m affine.Map) bool {
	if m.NumDims < len(m.Results) {
		return false
	}
	start := m.NumDims - len(m.Results)
	for i, e := range m.Results {
		switch {
		case e.IsConstant():
			if !e.IsConstantValue(0) {
				return false
			}
		case e.IsDim():
			if e.Position() != start+i {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// validPermutation reports whether perm is a permutation of 0..len-1.
func validPermutation(perm []int) bool {
	seen := make([]bool, len(perm))
	for _, p := range perm {
		if p < 0 || p >= len(perm) || seen[p] {
			return false
		}
		seen[p] = true
	}
	return true
}

// boolArray builds an array of booleans.
func (g *gen) boolArray(bs []bool) ir.Attribute {
	es := make([]ir.Attribute, len(bs))
	for i, b := range bs {
		es[i] = g.ctx.Bool(b)
	}
	return g.ctx.ArrayAttr(es)
}

func int64s(xs []int) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}

// transposeVec builds vector.transpose of v by perm.
func (g *gen) transposeVec(v ir.Value, perm []int) ir.Value {
	vt := v.Type().(*ir.VectorType)
	shape := make([]int64, len(perm))
	var sc []bool
	if len(vt.Scalable) > 0 {
		sc = make([]bool, len(perm))
	}
	for i, p := range perm {
		shape[i] = vt.Shape[p]
		if sc != nil {
			sc[i] = vt.Scalable[p]
		}
	}
	t := g.ctx.VectorType(shape, sc, vt.Elem)
	return g.done(vector.BuildTranspose(g.b, g.loc, v, g.ctx.DenseI64Array(int64s(perm)...), t).Operation).Result(0)
}

// readPermutationLowering is TransferReadPermutationLowering: a read
// whose map is a permutation of a minor identity with broadcasting (and
// not already in order) reads the vector in the base's order and
// transposes it.
func readPermutationLowering(op *ir.Operation, g *gen) bool {
	x, ok := permutable(op)
	if !ok || !x.read {
		return false
	}
	perm, ok := permutationOfMinorIdentityWithBroadcasting(x.perm)
	if !ok || !validPermutation(perm) {
		return false
	}
	identity := true
	for i, p := range perm {
		identity = identity && p == i
	}
	if identity {
		return false
	}
	n := len(perm)
	results := make([]affine.Expr, n)
	shape := make([]int64, n)
	ib := make([]bool, n)
	var sc []bool
	if len(x.vt.Scalable) > 0 {
		sc = make([]bool, n)
	}
	for k, p := range perm {
		results[p] = x.perm.Results[k]
		shape[p] = x.vt.Shape[k]
		ib[p] = x.inBounds[k]
		if sc != nil {
			sc[p] = x.vt.Scalable[k]
		}
	}
	newMap := affine.NewMap(x.perm.NumDims, x.perm.NumSyms, results...)
	rt := g.ctx.VectorType(shape, sc, x.vt.Elem)
	read := g.done(vector.BuildTransferRead(g.b, g.loc, x.base, x.indices, x.padding, g.ctx.AffineMapAttr(newMap), g.boolArray(ib), rt, vector.TransferReadOptions{Mask: x.mask}).Operation).Result(0)
	g.r.ReplaceOp(op, []ir.Value{g.transposeVec(read, perm)})
	return true
}

// writePermutationLowering is TransferWritePermutationLowering: a write
// whose map permutes a minor identity writes the transposed vector with
// the minor identity map.
func writePermutationLowering(op *ir.Operation, g *gen) bool {
	x, ok := permutable(op)
	if !ok || x.read || x.perm.IsMinorIdentity() {
		return false
	}
	perm, ok := permutationOfMinorIdentityWithBroadcasting(x.perm)
	if !ok || !validPermutation(perm) {
		return false
	}
	// compressUnusedDims then inversePermutation: the vector dimension
	// that maps to each used base dimension, in the base's order.
	var indices []int
	for d := 0; d < x.perm.NumDims; d++ {
		for k, e := range x.perm.Results {
			if e.IsDim() && e.Position() == d {
				indices = append(indices, k)
			}
		}
	}
	if len(indices) != len(x.perm.Results) {
		return false
	}
	ib := make([]bool, len(perm))
	for k, p := range perm {
		ib[p] = x.inBounds[k]
	}
	v := g.transposeVec(x.value, indices)
	r := len(x.perm.Results)
	res := make([]affine.Expr, r)
	for i := range res {
		res[i] = affine.Dim(x.perm.NumDims - r + i)
	}
	newMap := affine.NewMap(x.perm.NumDims, 0, res...)
	g.replaceWrite(op, x, v, x.mask, newMap, ib)
	return true
}

// replaceWrite replaces the write op with a write of v with mask, map and
// in_bounds.
func (g *gen) replaceWrite(op *ir.Operation, x *xfer, v, mask ir.Value, m affine.Map, ib []bool) {
	var rt ir.Type
	if op.NumResults() == 1 {
		rt = op.Result(0).Type()
	}
	w := g.done(vector.BuildTransferWrite(g.b, g.loc, v, x.base, x.indices, g.ctx.AffineMapAttr(m), g.boolArray(ib), vector.TransferWriteOptions{Mask: mask, ResultType: rt}).Operation)
	g.r.ReplaceOp(op, w.Results())
}

// extendVectorRank broadcasts v to added leading unit dimensions.
func (g *gen) extendVectorRank(v ir.Value, added int) ir.Value {
	vt := v.Type().(*ir.VectorType)
	shape := append(make([]int64, added), vt.Shape...)
	for i := 0; i < added; i++ {
		shape[i] = 1
	}
	var sc []bool
	if len(vt.Scalable) > 0 {
		sc = append(make([]bool, added), vt.Scalable...)
	}
	t := g.ctx.VectorType(shape, sc, vt.Elem)
	return g.done(vector.BuildBroadcast(g.b, g.loc, v, t).Operation).Result(0)
}

// writeNonPermutationLowering is TransferWriteNonPermutationLowering: a
// write whose map skips inner dimensions of the base gets unit vector
// dimensions for them (the vector broadcast with leading unit
// dimensions, the mask with trailing ones).
func writeNonPermutationLowering(op *ir.Operation, g *gen) bool {
	x, ok := permutable(op)
	if !ok || x.read {
		return false
	}
	if _, ok := permutationOfMinorIdentityWithBroadcasting(x.perm); ok {
		return false
	}
	foundDim := make([]bool, x.perm.NumDims)
	for _, e := range x.perm.Results {
		if !e.IsDim() || e.Position() >= len(foundDim) {
			return false
		}
		foundDim[e.Position()] = true
	}
	var exprs []affine.Expr
	first := false
	missing := 0
	for i, f := range foundDim {
		if f {
			first = true
			continue
		}
		if !first {
			continue
		}
		missing++
		exprs = append(exprs, affine.Dim(i))
	}
	v := g.extendVectorRank(x.value, missing)
	var mask ir.Value
	if x.mask != nil {
		b := g.extendVectorRank(x.mask, missing)
		r := len(b.Type().(*ir.VectorType).Shape)
		var perm []int
		for i := missing; i < r; i++ {
			perm = append(perm, i)
		}
		for i := 0; i < missing; i++ {
			perm = append(perm, i)
		}
		mask = g.transposeVec(b, perm)
	}
	exprs = append(exprs, x.perm.Results...)
	ib := make([]bool, missing)
	for i := range ib {
		ib[i] = true
	}
	for i := range x.vt.Shape {
		ib = append(ib, x.isDimInBounds(i))
	}
	g.replaceWrite(op, x, v, mask, affine.NewMap(x.perm.NumDims, 0, exprs...), ib)
	return true
}

// reduceRank is TransferOpReduceRank: a read whose map starts with
// broadcasts, the rest a minor identity with broadcasting, reads the
// lower-rank vector and broadcasts it.
func reduceRank(op *ir.Operation, g *gen) bool {
	x, ok := permutable(op)
	if !ok || !x.read {
		return false
	}
	lead := 0
	for _, e := range x.perm.Results {
		if !e.IsConstantValue(0) {
			break
		}
		lead++
	}
	if lead == 0 {
		return false
	}
	reduced := len(x.vt.Shape) - lead
	newMap := affine.NewMap(x.perm.NumDims, 0, x.perm.Results[lead:]...)
	if !minorIdentityWithBroadcasting(newMap) || reduced == 0 {
		return false
	}
	var sc []bool
	if len(x.vt.Scalable) > 0 {
		sc = x.vt.Scalable[lead:]
	}
	rt := g.ctx.VectorType(x.vt.Shape[lead:], sc, x.vt.Elem)
	read := g.done(vector.BuildTransferRead(g.b, g.loc, x.base, x.indices, x.padding, g.ctx.AffineMapAttr(newMap), g.boolArray(x.inBounds[lead:]), rt, vector.TransferReadOptions{Mask: x.mask}).Operation).Result(0)
	b := g.done(vector.BuildBroadcast(g.b, g.loc, read, x.vt).Operation).Result(0)
	g.r.ReplaceOp(op, []ir.Value{b})
	return true
}
