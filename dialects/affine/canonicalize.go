package affine

import (
	"sort"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// The canonicalization patterns of the affine operations, as upstream's
// getCanonicalizationPatterns register them (AffineOps.cpp).

// pattern is one canonicalization pattern rooted at root.
func pattern(root, name string, fn func(*ir.Operation, *rewrite.Rewriter) bool) rewrite.Pattern {
	return &rewrite.Func{RootName: root, BenefitValue: 1, PatternName: name, Fn: fn}
}

// simplify is SimplifyAffineOp<T> rooted at root.
func simplify(root, t string) []rewrite.Pattern {
	return []rewrite.Pattern{pattern(root, "SimplifyAffineOp<"+t+">", simplifyAffineOp)}
}

func applyCanonicalizationPatterns() []rewrite.Pattern { return simplify(ApplyOpName, "AffineApplyOp") }
func loadCanonicalizationPatterns() []rewrite.Pattern  { return simplify(LoadOpName, "AffineLoadOp") }
func storeCanonicalizationPatterns() []rewrite.Pattern { return simplify(StoreOpName, "AffineStoreOp") }
func prefetchCanonicalizationPatterns() []rewrite.Pattern {
	return simplify(PrefetchOpName, "AffinePrefetchOp")
}
func vectorLoadCanonicalizationPatterns() []rewrite.Pattern {
	return simplify(VectorLoadOpName, "AffineVectorLoadOp")
}
func vectorStoreCanonicalizationPatterns() []rewrite.Pattern {
	return simplify(VectorStoreOpName, "AffineVectorStoreOp")
}

// minMaxPatterns are the patterns of affine.min and affine.max.
func minMaxPatterns(root string) []rewrite.Pattern {
	return []rewrite.Pattern{
		pattern(root, "CanonicalizeSingleResultAffineMinMaxOp", singleResultMinMax),
		pattern(root, "DeduplicateAffineMinMaxExpressions", deduplicateMinMax),
		pattern(root, "MergeAffineMinMaxOp", mergeMinMax),
		pattern(root, "SimplifyAffineOp", simplifyAffineOp),
		pattern(root, "CanonicalizeAffineMinMaxOpExprAndTermOrder", minMaxTermOrder),
	}
}

func minCanonicalizationPatterns() []rewrite.Pattern { return minMaxPatterns(MinOpName) }
func maxCanonicalizationPatterns() []rewrite.Pattern { return minMaxPatterns(MaxOpName) }

func forCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{pattern(ForOpName, "AffineForEmptyLoopFolder", affineForEmptyLoopFolder)}
}

func ifCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{
		pattern(IfOpName, "SimplifyDeadElse", simplifyDeadElse),
		pattern(IfOpName, "AlwaysTrueOrFalseIf", alwaysTrueOrFalseIf),
	}
}

// mapOperandsStart returns the index of the first map operand of op.
func mapOperandsStart(op *ir.Operation) int {
	switch op.Name() {
	case "affine.load", "affine.vector_load", "affine.prefetch":
		return 1
	case "affine.store", "affine.vector_store":
		return 2
	}
	return 0
}

// simplifyAffineOp is upstream's SimplifyAffineOp: the affine.apply
// operations feeding the map operands are composed into the map, which is
// canonicalized with its operands and simplified.
func simplifyAffineOp(op *ir.Operation, r *rewrite.Rewriter) bool {
	old, ok := mapOf(op, "map")
	first := mapOperandsStart(op)
	if !ok || op.NumOperands()-first != old.NumInputs() {
		return false
	}
	oldOps := op.Operands()[first:]
	m, ops := composeAffineMapAndOperands(old, append([]ir.Value(nil), oldOps...))
	m, ops = canonicalizeMapAndOperands(m, ops)
	m = simplifyMapWithOperands(m, ops)
	if m.Equal(old) && sameValues(oldOps, ops) {
		return false
	}
	all := append(append([]ir.Value(nil), op.Operands()[:first]...), ops...)
	ctx := op.Context()
	r.ModifyInPlace(op, func() {
		op.SetOperands(all)
		op.SetAttr("map", ctx.AffineMapAttr(m))
	})
	return true
}

// deduplicateMinMax is upstream's DeduplicateAffineMinMaxExpressions.
func deduplicateMinMax(op *ir.Operation, r *rewrite.Rewriter) bool {
	m, ok := mapOf(op, "map")
	if !ok {
		return false
	}
	nm := removeDuplicateExprs(m)
	if len(nm.Results) == len(m.Results) {
		return false
	}
	ctx := op.Context()
	r.ModifyInPlace(op, func() { op.SetAttr("map", ctx.AffineMapAttr(nm)) })
	return true
}

// singleResultMinMax is upstream's CanonicalizeSingleResultAffineMinMaxOp:
// an affine.min or affine.max of one result becomes an affine.apply.
func singleResultMinMax(op *ir.Operation, r *rewrite.Rewriter) bool {
	m, ok := mapOf(op, "map")
	if !ok || len(m.Results) != 1 {
		return false
	}
	apply := op.Context().LookupOpName("affine.apply")
	if apply == nil {
		return false
	}
	r.SetInsertionPoint(op)
	n := r.Create(&ir.OperationState{
		Name: apply, Loc: op.Loc(), Operands: op.Operands(),
		ResultTypes: []ir.Type{op.Result(0).Type()},
		Properties:  op.Properties(),
	})
	r.ReplaceOp(op, n.Results())
	return true
}

// mergeMinMax is upstream's MergeAffineMinMaxOp: a result that is a lone
// dimension or symbol bound to an operation of the same kind is replaced
// by that operation's results.
func mergeMinMax(op *ir.Operation, r *rewrite.Rewriter) bool {
	m, ok := mapOf(op, "map")
	if !ok || op.NumOperands() != m.NumInputs() {
		return false
	}
	ops := op.Operands()
	dimOps := append([]ir.Value(nil), ops[:m.NumDims]...)
	symOps := append([]ir.Value(nil), ops[m.NumDims:]...)
	var exprs []affine.Expr
	var producers []*ir.Operation
	for _, e := range m.Results {
		var v ir.Value
		if e.IsSym() {
			v = symOps[e.Position()]
		} else if e.IsDim() {
			v = dimOps[e.Position()]
		}
		if v != nil {
			if d := ir.DefiningOp(v); d != nil && d.Name() == op.Name() {
				producers = append(producers, d)
				continue
			}
		}
		exprs = append(exprs, e)
	}
	if len(producers) == 0 {
		return false
	}
	nd, ns := m.NumDims, m.NumSyms
	for _, p := range producers {
		pm, ok := mapOf(p, "map")
		if !ok || p.NumOperands() != pm.NumInputs() {
			return false
		}
		dimOps = append(dimOps, p.Operands()[:pm.NumDims]...)
		symOps = append(symOps, p.Operands()[pm.NumDims:]...)
		for _, e := range pm.Results {
			exprs = append(exprs, shifted(e, pm.NumDims, pm.NumSyms, nd, ns))
		}
		nd += pm.NumDims
		ns += pm.NumSyms
	}
	nm := affine.Map{NumDims: nd, NumSyms: ns, Results: exprs}
	all := append(dimOps, symOps...)
	ctx := op.Context()
	r.ModifyInPlace(op, func() {
		op.SetOperands(all)
		op.SetAttr("map", ctx.AffineMapAttr(nm))
	})
	return true
}

// lessFlat orders flat forms lexicographically.
func lessFlat(a, b []int64) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// minMaxTermOrder is upstream's CanonicalizeAffineMinMaxOpExprAndTermOrder:
// the results are sorted by their flat forms, when all are pure affine
// without local variables.
func minMaxTermOrder(op *ir.Operation, r *rewrite.Rewriter) bool {
	m, ok := mapOf(op, "map")
	if !ok {
		return false
	}
	flats := make([][]int64, len(m.Results))
	for i, e := range m.Results {
		f, locals, ok := affine.Flatten(e, m.NumDims, m.NumSyms)
		if !ok || locals != 0 {
			return false
		}
		flats[i] = f
	}
	sorted := true
	for i := 1; i < len(flats); i++ {
		if lessFlat(flats[i], flats[i-1]) {
			sorted = false
		}
	}
	if sorted {
		return false
	}
	perm := make([]int, len(flats))
	for i := range perm {
		perm[i] = i
	}
	sort.SliceStable(perm, func(a, b int) bool { return lessFlat(flats[perm[a]], flats[perm[b]]) })
	res := make([]affine.Expr, len(perm))
	for i, p := range perm {
		res[i] = m.Results[p]
	}
	nm := affine.Map{NumDims: m.NumDims, NumSyms: m.NumSyms, Results: res}
	ctx := op.Context()
	r.ModifyInPlace(op, func() { op.SetAttr("map", ctx.AffineMapAttr(nm)) })
	return true
}

// evalExpr folds e with the constant operands (MLIR's
// AffineExprConstantFolder); it fails when an operand it needs is not
// constant or on a division or modulo by a non-positive value.
func evalExpr(e affine.Expr, numDims int, operands []ir.Attribute) (int64, bool) {
	switch e.Kind() {
	case affine.KindConstant:
		return e.Value(), true
	case affine.KindDimId, affine.KindSymbolId:
		i := e.Position()
		if e.IsSym() {
			i += numDims
		}
		if i >= len(operands) {
			return 0, false
		}
		ia, ok := operands[i].(*ir.IntegerAttr)
		if !ok {
			return 0, false
		}
		return ia.Int64(), true
	}
	l, ok := evalExpr(e.LHS(), numDims, operands)
	if !ok {
		return 0, false
	}
	rv, ok := evalExpr(e.RHS(), numDims, operands)
	if !ok {
		return 0, false
	}
	switch e.Kind() {
	case affine.KindAdd:
		return l + rv, true
	case affine.KindMul:
		return l * rv, true
	}
	if rv <= 0 {
		return 0, false
	}
	switch e.Kind() {
	case affine.KindFloorDiv:
		q := l / rv
		if (l%rv != 0) && (l < 0) {
			q--
		}
		return q, true
	case affine.KindCeilDiv:
		q := l / rv
		if (l%rv != 0) && (l > 0) {
			q++
		}
		return q, true
	case affine.KindMod:
		m := l % rv
		if m < 0 {
			m += rv
		}
		return m, true
	}
	return 0, false
}

// partialConstantFold is AffineMap::partialConstantFold: the results that
// fold to constants are replaced by them; vals holds every result's value
// when all fold.
func partialConstantFold(m affine.Map, operands []ir.Attribute) (affine.Map, []int64) {
	res := make([]affine.Expr, len(m.Results))
	var vals []int64
	all := true
	for i, e := range m.Results {
		if v, ok := evalExpr(e, m.NumDims, operands); ok {
			res[i] = affine.Const(v)
			vals = append(vals, v)
		} else {
			res[i] = e
			all = false
		}
	}
	if !all {
		vals = nil
	}
	return affine.Map{NumDims: m.NumDims, NumSyms: m.NumSyms, Results: res}, vals
}

// foldMinMaxOp is upstream's foldMinMaxOp: a single-symbol identity map
// folds to its operand, constant results are folded into the map in place,
// and a map whose results are all constant folds to the least (min) or
// greatest (max) of them.
func foldMinMaxOp(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	m, ok := mapOf(op, "map")
	if !ok || len(m.Results) == 0 || op.NumOperands() != m.NumInputs() {
		return nil, false
	}
	fm, vals := partialConstantFold(m, operands)
	if fm.NumSyms == 1 && fm.IsSymbolIdentity() {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	if vals == nil {
		if fm.Equal(m) {
			return nil, false
		}
		op.SetAttr("map", op.Context().AffineMapAttr(fm))
		return nil, true
	}
	best := vals[0]
	for _, v := range vals[1:] {
		if (op.Name() == "affine.min" && v < best) || (op.Name() == "affine.max" && v > best) {
			best = v
		}
	}
	ctx := op.Context()
	return []ir.FoldResult{{Attr: ctx.IntegerAttr(ctx.IndexType(), best)}}, true
}

// foldApplyOp is AffineApplyOp::fold.
func foldApplyOp(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	m, ok := mapOf(op, "map")
	if !ok || len(m.Results) != 1 || op.NumOperands() != m.NumInputs() {
		return nil, false
	}
	e := m.Results[0]
	if e.IsDim() {
		return []ir.FoldResult{{Value: op.Operand(e.Position())}}, true
	}
	if e.IsSym() {
		return []ir.FoldResult{{Value: op.Operand(m.NumDims + e.Position())}}, true
	}
	v, ok := evalExpr(e, m.NumDims, operands)
	if !ok {
		return nil, false
	}
	ctx := op.Context()
	return []ir.FoldResult{{Attr: ctx.IntegerAttr(ctx.IndexType(), v)}}, true
}

// setBound replaces the operands and map of a bound of an affine.for.
func setBound(op *ir.Operation, lower bool, ops []ir.Value, m affine.Map) {
	lbs, ubs, inits := forParts(op)
	name := "upperBoundMap"
	if lower {
		lbs, name = ops, "lowerBoundMap"
	} else {
		ubs = ops
	}
	all := append(append(append([]ir.Value(nil), lbs...), ubs...), inits...)
	ctx := op.Context()
	op.SetOperands(all)
	op.SetAttr(name, ctx.AffineMapAttr(m))
	op.SetAttr("operandSegmentSizes", ctx.DenseI32Array(int32(len(lbs)), int32(len(ubs)), int32(len(inits))))
}

// foldLoopBounds folds the bounds whose operands are all constant.
func foldLoopBounds(op *ir.Operation) bool {
	folded := false
	for _, lower := range []bool{true, false} {
		name := "upperBoundMap"
		if lower {
			name = "lowerBoundMap"
		}
		m, ok := mapOf(op, name)
		if !ok || m.IsSingleConstant() || len(m.Results) == 0 {
			continue
		}
		lbs, ubs, _ := forParts(op)
		ops := ubs
		if lower {
			ops = lbs
		}
		cst := make([]ir.Attribute, len(ops))
		for i, v := range ops {
			if c, ok := constIndex(v); ok {
				cst[i] = op.Context().IntegerAttr(op.Context().IndexType(), c)
			}
		}
		var best int64
		all := true
		for i, e := range m.Results {
			v, ok := evalExpr(e, m.NumDims, cst)
			if !ok {
				all = false
				break
			}
			if i == 0 || (lower && v > best) || (!lower && v < best) {
				best = v
			}
		}
		if !all {
			continue
		}
		setBound(op, lower, nil, affine.ConstantMap(best))
		folded = true
	}
	return folded
}

// canonicalizeLoopBounds composes and canonicalizes the bound maps.
func canonicalizeLoopBounds(op *ir.Operation) bool {
	lbm, ok1 := mapOf(op, "lowerBoundMap")
	ubm, ok2 := mapOf(op, "upperBoundMap")
	lbs, ubs, _ := forParts(op)
	if !ok1 || !ok2 || len(lbs) != lbm.NumInputs() || len(ubs) != ubm.NumInputs() {
		return false
	}
	prevLb, prevUb := lbm, ubm
	lbOps := append([]ir.Value(nil), lbs...)
	ubOps := append([]ir.Value(nil), ubs...)
	lbm, lbOps = composeAffineMapAndOperands(lbm, lbOps)
	lbm, lbOps = canonicalizeMapAndOperands(lbm, lbOps)
	lbm = simplifyMinOrMaxExprWithOperands(lbm, lbOps, true)
	ubm = simplifyMinOrMaxExprWithOperands(ubm, ubOps, false)
	lbm = removeAdjacentDuplicates(lbm)
	ubm, ubOps = composeAffineMapAndOperands(ubm, ubOps)
	ubm, ubOps = canonicalizeMapAndOperands(ubm, ubOps)
	ubm = removeAdjacentDuplicates(ubm)
	if lbm.Equal(prevLb) && ubm.Equal(prevUb) {
		return false
	}
	if !lbm.Equal(prevLb) {
		setBound(op, true, lbOps, lbm)
	}
	if !ubm.Equal(prevUb) {
		setBound(op, false, ubOps, ubm)
	}
	return true
}

// tripCount is getTrivialConstantTripCount.
func tripCount(op *ir.Operation) (int64, bool) {
	step := stepOf(op)
	lb, ok1 := constantBound(op, "lowerBoundMap")
	ub, ok2 := constantBound(op, "upperBoundMap")
	if !ok1 || !ok2 || step <= 0 {
		return 0, false
	}
	if ub-lb <= 0 {
		return 0, true
	}
	return (ub - lb + step - 1) / step, true
}

// foldFor is AffineForOp::fold.
func foldFor(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	folded := foldLoopBounds(op)
	if canonicalizeLoopBounds(op) {
		folded = true
	}
	if n, ok := tripCount(op); ok && n == 0 && op.NumResults() != 0 {
		_, _, inits := forParts(op)
		res := make([]ir.FoldResult, len(inits))
		for i, v := range inits {
			res[i] = ir.FoldResult{Value: v}
		}
		return res, true
	}
	return nil, folded
}

// affineForEmptyLoopFolder is upstream's AffineForEmptyLoopFolder: a loop
// whose body holds only its yield is replaced by the values it yields.
func affineForEmptyLoopFolder(op *ir.Operation, r *rewrite.Rewriter) bool {
	body := op.Region(0).First()
	if body == nil || body.First() != body.Last() || op.NumResults() == 0 {
		return false
	}
	_, _, inits := forParts(op)
	n, known := tripCount(op)
	if known && n == 0 {
		r.ReplaceOp(op, inits)
		return true
	}
	yield := body.Last()
	iterArgs := body.Arguments()[1:]
	var repl []ir.Value
	outside, outOfOrder := false, false
	for i, v := range yield.Operands() {
		pos := -1
		for j, a := range iterArgs {
			if ir.Value(a) == v {
				pos = j
				break
			}
		}
		if pos < 0 {
			outside = true
			repl = append(repl, v)
			continue
		}
		if pos != i {
			outOfOrder = true
		}
		repl = append(repl, inits[pos])
	}
	if !known && (outside || outOfOrder) {
		return false
	}
	if known && n >= 2 && outOfOrder {
		return false
	}
	r.ReplaceOp(op, repl)
	return true
}

// foldIf is AffineIfOp::fold: the affine.apply operations feeding the
// condition are composed into the set, which is canonicalized with its
// operands.
func foldIf(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	sa, ok := op.InherentAttr("condition").(*ir.IntegerSetAttr)
	if !ok || op.NumOperands() != sa.Set.NumInputs() {
		return nil, false
	}
	set := sa.Set
	m := affine.Map{NumDims: set.NumDims, NumSyms: set.NumSyms, Results: set.Constraints}
	ops := append([]ir.Value(nil), op.Operands()...)
	anyApply := false
	for _, v := range ops {
		if applyOf(v) != nil {
			anyApply = true
		}
	}
	if anyApply {
		m, ops = composeAffineMapAndOperands(m, ops)
	}
	m, ops = canonicalizeMapAndOperands(m, ops)
	ns := affine.Set{NumDims: m.NumDims, NumSyms: m.NumSyms, Constraints: m.Results, EqFlags: set.EqFlags}
	if ns.Equal(set) && sameValues(ops, op.Operands()) {
		return nil, false
	}
	op.SetAttr("condition", op.Context().IntegerSetAttr(ns))
	op.SetOperands(ops)
	return nil, true
}

// simplifyDeadElse is upstream's SimplifyDeadElse: an else block holding
// only its yield is removed when the affine.if has no results.
func simplifyDeadElse(op *ir.Operation, r *rewrite.Rewriter) bool {
	els := op.Region(1)
	b := els.First()
	if b == nil || b.First() != b.Last() || op.NumResults() != 0 {
		return false
	}
	r.ModifyInPlace(op, func() { r.EraseBlock(b) })
	return true
}

// alwaysTrueOrFalseIf is upstream's AlwaysTrueOrFalseIf: the condition
// "1 == 0" (the empty set) selects the else block, "0 == 0" the then
// block, which replaces the affine.if.
func alwaysTrueOrFalseIf(op *ir.Operation, r *rewrite.Rewriter) bool {
	sa, ok := op.InherentAttr("condition").(*ir.IntegerSetAttr)
	if !ok {
		return false
	}
	s := sa.Set
	isEq := len(s.Constraints) == 1 && s.IsEq(0) && s.Constraints[0].IsConstant()
	var blk *ir.Block
	switch {
	case isEq && s.Constraints[0].Value() == 1:
		if op.NumResults() == 0 && op.Region(1).Empty() {
			r.EraseOp(op)
			return true
		}
		blk = op.Region(1).First()
	case isEq && s.Constraints[0].Value() == 0:
		blk = op.Region(0).First()
	default:
		return false
	}
	if blk == nil {
		return false
	}
	term := blk.Last()
	r.InlineBlockBefore(blk, op.Block(), op, nil)
	r.ReplaceOp(op, term.Operands())
	r.EraseOp(term)
	return true
}
