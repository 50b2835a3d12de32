package scf

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
)

// pattern is a canonicalization pattern of upstream's
// getCanonicalizationPatterns, rooted at root.
func pattern(root, name string, fn func(*ir.Operation, *rewrite.Rewriter) bool) rewrite.Pattern {
	return &rewrite.Func{RootName: root, BenefitValue: 1, PatternName: name, Fn: fn}
}

// forCanonicalizationPatterns are scf.for's canonicalization patterns.
func forCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{
		pattern(ForOpName, "scf-for-iter-args-folder", forIterArgsFolder),
		pattern(ForOpName, "scf-simplify-trivial-loops", simplifyTrivialLoops),
	}
}

// forallCanonicalizationPatterns are scf.forall's canonicalization
// patterns (upstream's ForallOpControlOperandsFolder; its other patterns
// are not implemented).
func forallCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{
		pattern(ForallOpName, "scf-forall-control-operands-folder", forallControlOperandsFolder),
	}
}

// forallControlOperandsFolder moves the constant lower bounds, upper
// bounds and steps of an scf.forall from its operands into its static
// lists.
func forallControlOperandsFolder(op *ir.Operation, r *rewrite.Rewriter) bool {
	lbs, ubs, steps, seg := forallBounds(op)
	if len(seg) != 4 {
		return false
	}
	changed := false
	// fold returns the static list with the constant operands folded in
	// and the operands left.
	fold := func(static []int64, dyn []ir.Value) ([]int64, []ir.Value) {
		out := slices.Clone(static)
		var left []ir.Value
		k := 0
		for i, s := range static {
			if s != ir.Dynamic || k >= len(dyn) {
				continue
			}
			v := dyn[k]
			k++
			if c, ok := constantInt(v); ok {
				out[i] = c
				changed = true
				continue
			}
			left = append(left, v)
		}
		return out, left
	}
	nlbs, dlbs := fold(lbs, seg[0])
	nubs, dubs := fold(ubs, seg[1])
	nsteps, dsteps := fold(steps, seg[2])
	if !changed {
		return false
	}
	ctx := op.Context()
	r.ModifyInPlace(op, func() {
		var operands []ir.Value
		operands = append(operands, dlbs...)
		operands = append(operands, dubs...)
		operands = append(operands, dsteps...)
		operands = append(operands, seg[3]...)
		op.SetOperands(operands)
		op.SetAttr("staticLowerBound", ctx.DenseI64Array(nlbs...))
		op.SetAttr("staticUpperBound", ctx.DenseI64Array(nubs...))
		op.SetAttr("staticStep", ctx.DenseI64Array(nsteps...))
		op.SetAttr("operandSegmentSizes", ctx.DenseI32Array(int32(len(dlbs)), int32(len(dubs)), int32(len(dsteps)), int32(len(seg[3]))))
	})
	return true
}

// ifCanonicalizationPatterns are scf.if's canonicalization patterns.
func ifCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{
		pattern(IfOpName, "scf-if-combine", ifCombine),
		pattern(IfOpName, "scf-if-condition-propagation", ifConditionPropagation),
		pattern(IfOpName, "scf-if-convert-trivial-to-select", ifConvertTrivialToSelect),
		pattern(IfOpName, "scf-if-remove-empty-else", ifRemoveEmptyElse),
		pattern(IfOpName, "scf-if-remove-static-condition", ifRemoveStaticCondition),
		pattern(IfOpName, "scf-if-remove-unused-results", ifRemoveUnusedResults),
		pattern(IfOpName, "scf-if-replace-yield-with-condition-or-value", ifReplaceYieldWithConditionOrValue),
	}
}

// whileCanonicalizationPatterns are scf.while's canonicalization patterns.
func whileCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{
		pattern(WhileOpName, "scf-while-remove-loop-invariant-args", whileRemoveLoopInvariantArgs),
		pattern(WhileOpName, "scf-while-remove-loop-invariant-value-yielded", whileRemoveLoopInvariantValueYielded),
		pattern(WhileOpName, "scf-while-condition-truth", whileConditionTruth),
		pattern(WhileOpName, "scf-while-unused-result", whileUnusedResult),
	}
}

// executeRegionCanonicalizationPatterns are scf.execute_region's
// canonicalization patterns.
func executeRegionCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{
		pattern(ExecuteRegionOpName, "scf-single-block-execute-inliner", singleBlockExecuteInliner),
		pattern(ExecuteRegionOpName, "scf-multi-block-execute-inliner", multiBlockExecuteInliner),
	}
}

// indexSwitchCanonicalizationPatterns are scf.index_switch's
// canonicalization patterns.
func indexSwitchCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{
		pattern(IndexSwitchOpName, "scf-index-switch-fold-constant-case", indexSwitchFoldConstantCase),
	}
}

// replaceOpWithRegion moves the single block of region before op, with
// args for its arguments, and replaces op with the operands of the block's
// terminator, which it erases.
func replaceOpWithRegion(r *rewrite.Rewriter, op *ir.Operation, region *ir.Region, args []ir.Value) {
	block := region.First()
	term := block.Last()
	results := term.Operands()
	r.InlineBlockBefore(block, op.Block(), op, args)
	r.ReplaceOp(op, results)
	r.EraseOp(term)
}

// ---- scf.for ----

// constantDiff returns ub - lb when both are constants.
func constantDiff(lb, ub ir.Value) (int64, bool) {
	l, ok1 := constantInt(lb)
	u, ok2 := constantInt(ub)
	if !ok1 || !ok2 {
		return 0, false
	}
	return u - l, true
}

// simplifyTrivialLoops is upstream's SimplifyTrivialLoops: a loop that runs
// zero times is replaced with its inits, one that runs once with its body,
// and an empty loop that runs at least once with the values it yields.
func simplifyTrivialLoops(op *ir.Operation, r *rewrite.Rewriter) bool {
	if op.Region(0).NumBlocks() != 1 {
		return false
	}
	lb, ub, step := op.Operand(0), op.Operand(1), op.Operand(2)
	inits := op.Operands()[3:]
	if lb == ub {
		r.ReplaceOp(op, append([]ir.Value(nil), inits...))
		return true
	}
	diff, ok := constantDiff(lb, ub)
	if !ok {
		return false
	}
	if diff <= 0 {
		r.ReplaceOp(op, append([]ir.Value(nil), inits...))
		return true
	}
	s, ok := constantInt(step)
	if !ok {
		return false
	}
	body := op.Region(0).First()
	if s >= diff {
		args := append([]ir.Value{lb}, inits...)
		replaceOpWithRegion(r, op, op.Region(0), args)
		return true
	}
	if body.First() != body.Last() {
		return false
	}
	yielded := body.Last().Operands()
	for _, v := range yielded {
		if !ir.IsDefinedOutsideOfLoop(op, v) {
			return false
		}
	}
	r.ReplaceOp(op, append([]ir.Value(nil), yielded...))
	return true
}

// forIterArgsFolder is upstream's ForOpIterArgsFolder: iter_args that are
// yielded unchanged, whose init is yielded, or that are used neither in
// the body nor after the loop, are dropped, as are duplicates of an
// earlier iter_arg with the same init and yielded value.
func forIterArgsFolder(op *ir.Operation, r *rewrite.Rewriter) bool {
	body := op.Region(0).First()
	if body == nil || body.Last() == nil || body.Last().Name() != "scf.yield" {
		return false
	}
	yield := body.Last()
	inits := op.Operands()[3:]
	iterArgs := body.Arguments()[1:]
	yielded := yield.Operands()
	if len(inits) != len(iterArgs) || len(yielded) != len(inits) || op.NumResults() != len(inits) {
		return false
	}
	type pair struct{ init, yielded ir.Value }
	seen := map[pair]int{}
	var keep []int
	// replaceArg/replaceRes: for dropped entries, the value the iter_arg
	// and the result become; -1-kept index for duplicates.
	argRepl := make([]ir.Value, len(inits))
	resRepl := make([]ir.Value, len(inits))
	dup := make([]int, len(inits))
	changed := false
	for i := range inits {
		dup[i] = -1
		arg, res := iterArgs[i], op.Result(i)
		if yielded[i] == ir.Value(arg) || yielded[i] == inits[i] || (!ir.HasUses(arg) && !ir.HasUses(res)) {
			changed = true
			argRepl[i], resRepl[i] = inits[i], inits[i]
			continue
		}
		if k, ok := seen[pair{inits[i], yielded[i]}]; ok {
			changed = true
			dup[i] = k
			continue
		}
		seen[pair{inits[i], yielded[i]}] = len(keep)
		keep = append(keep, i)
	}
	if !changed {
		return false
	}
	var newInits, newYields []ir.Value
	types := make([]ir.Type, 0, len(keep))
	for _, i := range keep {
		newInits = append(newInits, inits[i])
		newYields = append(newYields, yielded[i])
		types = append(types, inits[i].Type())
	}
	r.SetInsertionPoint(op)
	newBody := &ir.Region{}
	nb := ir.NewBlock()
	newBody.Append(nb)
	iv := nb.AddArgument(body.Argument(0).Type(), body.Argument(0).Loc)
	for _, i := range keep {
		nb.AddArgument(iterArgs[i].Type(), iterArgs[i].Loc)
	}
	newOp := r.Create(&ir.OperationState{
		Name: op.OpName(), Loc: op.Loc(),
		Operands:    append([]ir.Value{op.Operand(0), op.Operand(1), op.Operand(2)}, newInits...),
		ResultTypes: types, Regions: []*ir.Region{newBody},
		Properties: op.Properties(), Attributes: op.Attrs(),
	})
	nb = newOp.Region(0).First()
	args := make([]ir.Value, len(body.Arguments()))
	args[0] = iv
	results := make([]ir.Value, len(inits))
	for k, i := range keep {
		args[1+i] = nb.Argument(1 + k)
		results[i] = newOp.Result(k)
	}
	for i := range inits {
		switch {
		case dup[i] >= 0:
			args[1+i] = nb.Argument(1 + dup[i])
			results[i] = newOp.Result(dup[i])
		case argRepl[i] != nil:
			args[1+i], results[i] = argRepl[i], resRepl[i]
		}
	}
	r.MergeBlocks(body, nb, args)
	r.SetInsertionPoint(yield)
	r.Create(&ir.OperationState{Name: yield.OpName(), Loc: yield.Loc(), Operands: newYields, Attributes: yield.Attrs()})
	r.EraseOp(yield)
	r.ReplaceOp(op, results)
	return true
}

// ---- scf.if ----

// yieldOf returns the scf.yield ending the single block of r, or nil.
func yieldOf(r *ir.Region) *ir.Operation {
	if t := terminatorOf(r); t != nil && t.Name() == "scf.yield" {
		return t
	}
	return nil
}

// ifRemoveUnusedResults is upstream's RemoveUnusedResults.
func ifRemoveUnusedResults(op *ir.Operation, r *rewrite.Rewriter) bool {
	var used []int
	for i := 0; i < op.NumResults(); i++ {
		if ir.HasUses(op.Result(i)) {
			used = append(used, i)
		}
	}
	if len(used) == op.NumResults() {
		return false
	}
	types := make([]ir.Type, len(used))
	for k, i := range used {
		types[k] = op.Result(i).Type()
	}
	r.SetInsertionPoint(op)
	newOp := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: op.Operands(),
		ResultTypes: types, NumRegions: 2, Properties: op.Properties(), Attributes: op.Attrs()})
	for ri := 0; ri < 2; ri++ {
		src, dst := op.Region(ri), newOp.Region(ri)
		r.InlineRegionBefore(src, dst, nil)
		if y := yieldOf(dst); y != nil {
			var vals []ir.Value
			for _, i := range used {
				vals = append(vals, y.Operand(i))
			}
			r.SetInsertionPoint(y)
			r.Create(&ir.OperationState{Name: y.OpName(), Loc: y.Loc(), Operands: vals, Attributes: y.Attrs()})
			r.EraseOp(y)
		}
	}
	results := make([]ir.Value, op.NumResults())
	for k, i := range used {
		results[i] = newOp.Result(k)
	}
	r.ReplaceOp(op, results)
	return true
}

// ifRemoveStaticCondition is upstream's RemoveStaticCondition.
func ifRemoveStaticCondition(op *ir.Operation, r *rewrite.Rewriter) bool {
	c, ok := constantInt(op.Operand(0))
	if !ok {
		return false
	}
	if c != 0 {
		replaceOpWithRegion(r, op, op.Region(0), nil)
	} else if !op.Region(1).Empty() {
		replaceOpWithRegion(r, op, op.Region(1), nil)
	} else {
		r.EraseOp(op)
	}
	return true
}

// definedIn reports whether v is defined directly in region rg.
func definedIn(v ir.Value, rg *ir.Region) bool {
	switch x := v.(type) {
	case *ir.BlockArgument:
		return x.Owner().Parent() == rg
	case *ir.OpResult:
		return x.Owner().ParentRegion() == rg
	}
	return false
}

// ifConvertTrivialToSelect is upstream's ConvertTrivialIfToSelect: results
// whose yielded values are defined outside the regions become the value
// itself when both branches agree and arith.select otherwise.
func ifConvertTrivialToSelect(op *ir.Operation, r *rewrite.Rewriter) bool {
	if op.NumResults() == 0 {
		return false
	}
	thenY, elseY := yieldOf(op.Region(0)), yieldOf(op.Region(1))
	if thenY == nil || elseY == nil || thenY.NumOperands() != op.NumResults() || elseY.NumOperands() != op.NumResults() {
		return false
	}
	then, els := op.Region(0), op.Region(1)
	var nonHoistable []ir.Type
	for i := 0; i < op.NumResults(); i++ {
		if definedIn(thenY.Operand(i), then) || definedIn(elseY.Operand(i), els) {
			nonHoistable = append(nonHoistable, thenY.Operand(i).Type())
		}
	}
	if len(nonHoistable) == op.NumResults() {
		return false
	}
	cond := op.Operand(0)
	r.SetInsertionPoint(op)
	repl := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: []ir.Value{cond},
		ResultTypes: nonHoistable, NumRegions: 2, Properties: op.Properties(), Attributes: op.Attrs()})
	r.InlineRegionBefore(then, repl.Region(0), nil)
	r.InlineRegionBefore(els, repl.Region(1), nil)
	results := make([]ir.Value, op.NumResults())
	var trueYields, falseYields []ir.Value
	r.SetInsertionPoint(repl)
	for i := 0; i < op.NumResults(); i++ {
		tv, fv := thenY.Operand(i), elseY.Operand(i)
		switch {
		case definedIn(tv, repl.Region(0)) || definedIn(fv, repl.Region(1)):
			results[i] = repl.Result(len(trueYields))
			trueYields = append(trueYields, tv)
			falseYields = append(falseYields, fv)
		case tv == fv:
			results[i] = tv
		default:
			sel := r.Create(&ir.OperationState{Name: r.Ctx.OpName("arith.select"), Loc: op.Loc(),
				Operands: []ir.Value{cond, tv, fv}, ResultTypes: []ir.Type{tv.Type()}})
			results[i] = sel.Result(0)
		}
	}
	for _, y := range []struct {
		old  *ir.Operation
		vals []ir.Value
	}{{thenY, trueYields}, {elseY, falseYields}} {
		r.SetInsertionPoint(y.old)
		r.Create(&ir.OperationState{Name: y.old.OpName(), Loc: y.old.Loc(), Operands: y.vals, Attributes: y.old.Attrs()})
		r.EraseOp(y.old)
	}
	r.ReplaceOp(op, results)
	return true
}

// ifRemoveEmptyElse is upstream's RemoveEmptyElseBranch: an else region
// holding only an empty scf.yield is dropped when there are no results.
func ifRemoveEmptyElse(op *ir.Operation, r *rewrite.Rewriter) bool {
	if op.NumResults() != 0 {
		return false
	}
	els := op.Region(1)
	b := els.First()
	if b == nil || b.First() != b.Last() || b.Last() == nil || b.Last().Name() != "scf.yield" || b.Last().NumOperands() != 0 {
		return false
	}
	r.EraseBlock(b)
	r.ModifyInPlace(op, func() {})
	return true
}

// ---- scf.execute_region and scf.index_switch ----

// singleBlockExecuteInliner is upstream's SingleBlockExecuteInliner; as in
// MLIR 22, it inlines no_inline regions too.
func singleBlockExecuteInliner(op *ir.Operation, r *rewrite.Rewriter) bool {
	if !op.Region(0).HasOneBlock() {
		return false
	}
	replaceOpWithRegion(r, op, op.Region(0), nil)
	return true
}

// indexSwitchFoldConstantCase is upstream's FoldConstantCase: a switch on
// a constant is replaced with the region it selects.
func indexSwitchFoldConstantCase(op *ir.Operation, r *rewrite.Rewriter) bool {
	v, ok := constantInt(op.Operand(0))
	if !ok {
		return false
	}
	region := op.Region(0)
	for i, c := range i64s(op.InherentAttr("cases")) {
		if c == v && i+1 < op.NumRegions() {
			region = op.Region(i + 1)
			break
		}
	}
	if !region.HasOneBlock() {
		return false
	}
	replaceOpWithRegion(r, op, region, nil)
	return true
}

// isNot reports whether v is `arith.xori x, 1` and returns x.
func isNot(v ir.Value) (ir.Value, bool) {
	x, ok := arith.AsXoriOp(ir.DefiningOp(v))
	if !ok || x.NumOperands() != 2 {
		return nil, false
	}
	if c, ok := constantInt(x.Rhs()); !ok || c != 1 {
		return nil, false
	}
	return x.Lhs(), true
}

// ifCombine is upstream's CombineIfs: an scf.if right after another on the
// same (or the negated) condition is merged into it.
func ifCombine(next *ir.Operation, r *rewrite.Rewriter) bool {
	prev := next.Prev()
	if prev == nil || prev.Name() != "scf.if" {
		return false
	}
	var nextThen, nextElse *ir.Block
	if next.Operand(0) == prev.Operand(0) {
		nextThen = next.Region(0).First()
		nextElse = next.Region(1).First()
	}
	if x, ok := isNot(next.Operand(0)); ok && x == prev.Operand(0) {
		nextElse = next.Region(0).First()
		nextThen = next.Region(1).First()
	}
	if x, ok := isNot(prev.Operand(0)); ok && x == next.Operand(0) {
		nextElse = next.Region(0).First()
		nextThen = next.Region(1).First()
	}
	if nextThen == nil && nextElse == nil {
		return false
	}
	prevThenY := yieldOf(prev.Region(0))
	if prevThenY == nil || (nextThen != nil && (nextThen.Last() == nil || nextThen.Last().Name() != "scf.yield")) ||
		(nextElse != nil && (nextElse.Last() == nil || nextElse.Last().Name() != "scf.yield")) {
		return false
	}
	if prevElseY := yieldOf(prev.Region(1)); prevElseY != nil {
		for i := 0; i < prev.NumResults() && i < prevThenY.NumOperands() && i < prevElseY.NumOperands(); i++ {
			res := prev.Result(i)
			var uses []*ir.OpOperand
			for u := res.FirstUse(); u != nil; u = u.Next() {
				uses = append(uses, u)
			}
			for _, u := range uses {
				owner := u.Owner().ParentRegion()
				switch {
				case nextThen != nil && nextThen.Parent().IsAncestor(owner):
					r.ModifyInPlace(u.Owner(), func() { u.Set(prevThenY.Operand(i)) })
				case nextElse != nil && nextElse.Parent().IsAncestor(owner):
					r.ModifyInPlace(u.Owner(), func() { u.Set(prevElseY.Operand(i)) })
				}
			}
		}
	}
	types := append(append([]ir.Type(nil), prev.ResultTypes()...), next.ResultTypes()...)
	r.SetInsertionPoint(next)
	combined := r.Create(&ir.OperationState{Name: next.OpName(), Loc: next.Loc(), Operands: []ir.Value{prev.Operand(0)},
		ResultTypes: types, NumRegions: 2})
	r.InlineRegionBefore(prev.Region(0), combined.Region(0), nil)
	merge := func(dst *ir.Block, src *ir.Block) {
		y1, y2 := dst.Last(), src.Last()
		r.MergeBlocks(src, dst, nil)
		r.SetInsertionPointToEnd(dst)
		vals := append(append([]ir.Value(nil), y1.Operands()...), y2.Operands()...)
		r.Create(&ir.OperationState{Name: y2.OpName(), Loc: y2.Loc(), Operands: vals})
		r.EraseOp(y1)
		r.EraseOp(y2)
	}
	if nextThen != nil {
		merge(combined.Region(0).First(), nextThen)
	}
	r.InlineRegionBefore(prev.Region(1), combined.Region(1), nil)
	if nextElse != nil {
		if combined.Region(1).Empty() {
			r.InlineRegionBefore(nextElse.Parent(), combined.Region(1), nil)
		} else {
			merge(combined.Region(1).First(), nextElse)
		}
	}
	n := prev.NumResults()
	r.ReplaceOp(prev, combined.Results()[:n])
	r.ReplaceOp(next, combined.Results()[n:])
	return true
}

// multiBlockExecuteInliner is upstream's MultiBlockExecuteInliner: in a
// function or another scf.execute_region, the blocks of the region move
// into the parent, with cf.br in place of the entry and of each scf.yield.
func multiBlockExecuteInliner(op *ir.Operation, r *rewrite.Rewriter) bool {
	parent := op.ParentOp()
	if parent == nil || op.Region(0).Empty() {
		return false
	}
	if parent.Name() != "scf.execute_region" && !ir.CallableOp.Implements(parent) {
		return false
	}
	ctx := r.Ctx
	prevBlock := op.Block()
	postBlock := r.SplitBlock(prevBlock, op)
	r.SetInsertionPointToEnd(prevBlock)
	r.Create(&ir.OperationState{Name: ctx.OpName("cf.br"), Loc: op.Loc(), Successors: []*ir.Block{op.Region(0).First()}})
	for _, b := range op.Region(0).Blocks() {
		y := b.Last()
		if y == nil || y.Name() != "scf.yield" {
			continue
		}
		r.SetInsertionPoint(y)
		r.Create(&ir.OperationState{Name: ctx.OpName("cf.br"), Loc: y.Loc(), Operands: y.Operands(), Successors: []*ir.Block{postBlock}})
		r.EraseOp(y)
	}
	r.InlineRegionBefore(op.Region(0), prevBlock.Parent(), postBlock)
	args := make([]ir.Value, op.NumResults())
	for i := range args {
		args[i] = postBlock.AddArgument(op.Result(i).Type(), op.Loc())
	}
	r.ReplaceOp(op, args)
	return true
}

// boolConstant builds `arith.constant v : i1` before op.
func boolConstant(r *rewrite.Rewriter, op *ir.Operation, v int64) ir.Value {
	ctx := r.Ctx
	i1 := ctx.I(1)
	c := r.Create(&ir.OperationState{Name: ctx.OpName("arith.constant"), Loc: op.Loc(), ResultTypes: []ir.Type{i1},
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(i1, v)}})})
	return c.Result(0)
}

// ifConditionPropagation is upstream's ConditionPropagation: inside the
// then region the condition is true, inside the else region false.
func ifConditionPropagation(op *ir.Operation, r *rewrite.Rewriter) bool {
	cond := op.Operand(0)
	if _, ok := constantInt(cond); ok {
		return false
	}
	var uses []*ir.OpOperand
	for u := cond.FirstUse(); u != nil; u = u.Next() {
		uses = append(uses, u)
	}
	var t, f ir.Value
	changed := false
	r.SetInsertionPoint(op)
	for _, u := range uses {
		owner := u.Owner().ParentRegion()
		switch {
		case op.Region(0).IsAncestor(owner):
			if t == nil {
				t = boolConstant(r, op, 1)
			}
			r.ModifyInPlace(u.Owner(), func() { u.Set(t) })
			changed = true
		case op.Region(1).IsAncestor(owner):
			if f == nil {
				f = boolConstant(r, op, 0)
			}
			r.ModifyInPlace(u.Owner(), func() { u.Set(f) })
			changed = true
		}
	}
	return changed
}

// ifReplaceYieldWithConditionOrValue is upstream's
// ReplaceIfYieldWithConditionOrValue: a result yielded the same from both
// branches is that value, and an i1 result yielding true/false (false/true)
// is the condition (its negation).
func ifReplaceYieldWithConditionOrValue(op *ir.Operation, r *rewrite.Rewriter) bool {
	if op.NumResults() == 0 {
		return false
	}
	thenY, elseY := yieldOf(op.Region(0)), yieldOf(op.Region(1))
	if thenY == nil || elseY == nil {
		return false
	}
	r.SetInsertionPoint(op)
	changed := false
	for i := 0; i < op.NumResults() && i < thenY.NumOperands() && i < elseY.NumOperands(); i++ {
		tv, fv, res := thenY.Operand(i), elseY.Operand(i), op.Result(i)
		if tv == fv {
			if ir.HasUses(res) {
				r.ReplaceAllUsesWith(res, tv)
				changed = true
			}
			continue
		}
		tc, ok1 := boolValue(tv)
		fc, ok2 := boolValue(fv)
		if !ok1 || !ok2 || !ir.HasUses(res) {
			continue
		}
		switch {
		case !tc && fc:
			one := boolConstant(r, op, 1)
			not := r.Create(&ir.OperationState{Name: r.Ctx.OpName("arith.xori"), Loc: op.Loc(),
				Operands: []ir.Value{op.Operand(0), one}, ResultTypes: []ir.Type{r.Ctx.I(1)}})
			r.ReplaceAllUsesWith(res, not.Result(0))
			changed = true
		case tc && !fc:
			r.ReplaceAllUsesWith(res, op.Operand(0))
			changed = true
		}
	}
	return changed
}

// boolValue returns the value of an i1 constant.
func boolValue(v ir.Value) (bool, bool) {
	res, ok := v.(*ir.OpResult)
	if !ok || !res.Owner().HasTrait(ir.ConstantLike) {
		return false, false
	}
	return boolConst(res.Owner().InherentAttr("value"))
}

// whileConditionTruth is upstream's WhileConditionTruth: an argument of
// the after region that receives the condition itself is true there.
func whileConditionTruth(op *ir.Operation, r *rewrite.Rewriter) bool {
	term := terminatorOf(op.Region(0))
	if term == nil || term.Name() != "scf.condition" || term.NumOperands() == 0 {
		return false
	}
	after := blockArgs(op.Region(1), 0)
	cond := term.Operand(0)
	var t ir.Value
	replaced := false
	r.SetInsertionPoint(op)
	for i, v := range term.Operands()[1:] {
		if v != cond || i >= len(after) || !ir.HasUses(after[i]) {
			continue
		}
		if t == nil {
			t = boolConstant(r, op, 1)
		}
		r.ReplaceAllUsesWith(after[i], t)
		replaced = true
	}
	return replaced
}

// whileUnusedResult is upstream's WhileUnusedResult: a result unused after
// the loop whose after-region argument is unused too is dropped.
func whileUnusedResult(op *ir.Operation, r *rewrite.Rewriter) bool {
	term := terminatorOf(op.Region(0))
	afterBlock := op.Region(1).First()
	if term == nil || term.Name() != "scf.condition" || afterBlock == nil || term.NumOperands() == 0 {
		return false
	}
	termArgs := term.Operands()[1:]
	afterArgs := afterBlock.Arguments()
	var keep []int
	changed := false
	for i := 0; i < op.NumResults() && i < len(afterArgs) && i < len(termArgs); i++ {
		if !ir.HasUses(op.Result(i)) && !ir.HasUses(afterArgs[i]) {
			changed = true
			continue
		}
		keep = append(keep, i)
	}
	if !changed {
		return false
	}
	var newTermArgs []ir.Value
	var types []ir.Type
	for _, i := range keep {
		newTermArgs = append(newTermArgs, termArgs[i])
		types = append(types, op.Result(i).Type())
	}
	r.SetInsertionPoint(term)
	r.Create(&ir.OperationState{Name: term.OpName(), Loc: term.Loc(), Operands: append([]ir.Value{term.Operand(0)}, newTermArgs...), Attributes: term.Attrs()})
	r.EraseOp(term)
	r.SetInsertionPoint(op)
	newAfter := &ir.Region{}
	nb := ir.NewBlock()
	newAfter.Append(nb)
	for _, t := range types {
		nb.AddArgument(t, op.Loc())
	}
	newWhile := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: op.Operands(),
		ResultTypes: types, Regions: []*ir.Region{{}, newAfter}, Properties: op.Properties(), Attributes: op.Attrs()})
	nb = newWhile.Region(1).First()
	results := make([]ir.Value, op.NumResults())
	args := make([]ir.Value, len(afterArgs))
	for k, i := range keep {
		results[i] = newWhile.Result(k)
		args[i] = nb.Argument(k)
	}
	r.InlineRegionBefore(op.Region(0), newWhile.Region(0), nil)
	r.MergeBlocks(afterBlock, nb, args)
	r.ReplaceOp(op, results)
	return true
}

// whileParts returns the before and after blocks of an scf.while with
// their scf.condition and scf.yield terminators, or ok=false.
func whileParts(op *ir.Operation) (before, after *ir.Block, cond, yield *ir.Operation, ok bool) {
	before, after = op.Region(0).First(), op.Region(1).First()
	if before == nil || after == nil {
		return nil, nil, nil, nil, false
	}
	cond, yield = before.Last(), after.Last()
	if cond == nil || cond.Name() != "scf.condition" || cond.NumOperands() == 0 || yield == nil || yield.Name() != "scf.yield" {
		return nil, nil, nil, nil, false
	}
	return before, after, cond, yield, true
}

// parentBlock returns the block that defines v.
func parentBlock(v ir.Value) *ir.Block {
	switch x := v.(type) {
	case *ir.BlockArgument:
		return x.Owner()
	case *ir.OpResult:
		return x.Owner().Block()
	}
	return nil
}

// whileRemoveLoopInvariantArgs is upstream's
// RemoveLoopInvariantArgsFromBeforeBlock: a before-region argument that
// always receives its initial value is replaced with that value.
func whileRemoveLoopInvariantArgs(op *ir.Operation, r *rewrite.Rewriter) bool {
	before, after, cond, yield, ok := whileParts(op)
	if !ok || yield.NumOperands() != op.NumOperands() || before.NumArguments() != op.NumOperands() {
		return false
	}
	condArgs := cond.Operands()[1:]
	inits := op.Operands()
	invariant := func(i int) bool {
		y := yield.Operand(i)
		if y == inits[i] {
			return true
		}
		if ba, isArg := y.(*ir.BlockArgument); isArg && ba.Owner() == after {
			k := ba.Index()
			if k < len(condArgs) && (condArgs[k] == ir.Value(before.Argument(i)) || condArgs[k] == inits[i]) {
				return true
			}
		}
		return false
	}
	found := false
	for i := range inits {
		found = found || invariant(i)
	}
	if !found {
		return false
	}
	var newInits, newYields []ir.Value
	repl := make([]ir.Value, len(inits))
	var keep []int
	for i := range inits {
		if invariant(i) {
			repl[i] = inits[i]
			continue
		}
		keep = append(keep, i)
		newInits = append(newInits, inits[i])
		newYields = append(newYields, yield.Operand(i))
	}
	r.SetInsertionPoint(yield)
	r.Create(&ir.OperationState{Name: yield.OpName(), Loc: yield.Loc(), Operands: newYields, Attributes: yield.Attrs()})
	r.EraseOp(yield)
	r.SetInsertionPoint(op)
	newBefore := &ir.Region{}
	nb := ir.NewBlock()
	newBefore.Append(nb)
	for k, i := range keep {
		nb.AddArgument(newYields[k].Type(), before.Argument(i).Loc)
	}
	newWhile := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: newInits,
		ResultTypes: op.ResultTypes(), Regions: []*ir.Region{newBefore, {}}, Properties: op.Properties(), Attributes: op.Attrs()})
	nb = newWhile.Region(0).First()
	for k, i := range keep {
		repl[i] = nb.Argument(k)
	}
	r.MergeBlocks(before, nb, repl)
	r.InlineRegionBefore(op.Region(1), newWhile.Region(1), nil)
	r.ReplaceOp(op, newWhile.Results())
	return true
}

// whileRemoveLoopInvariantValueYielded is upstream's
// RemoveLoopInvariantValueYielded: a value that scf.condition forwards
// from outside the before block replaces its after-region argument and
// the loop result.
func whileRemoveLoopInvariantValueYielded(op *ir.Operation, r *rewrite.Rewriter) bool {
	before, after, cond, _, ok := whileParts(op)
	if !ok {
		return false
	}
	condArgs := cond.Operands()[1:]
	if after.NumArguments() != len(condArgs) || op.NumResults() != len(condArgs) {
		return false
	}
	found := false
	for _, v := range condArgs {
		found = found || parentBlock(v) != before
	}
	if !found {
		return false
	}
	var newArgs []ir.Value
	var types []ir.Type
	var keep []int
	for i, v := range condArgs {
		if parentBlock(v) == before {
			keep = append(keep, i)
			newArgs = append(newArgs, v)
			types = append(types, v.Type())
		}
	}
	r.SetInsertionPoint(cond)
	r.Create(&ir.OperationState{Name: cond.OpName(), Loc: cond.Loc(), Operands: append([]ir.Value{cond.Operand(0)}, newArgs...), Attributes: cond.Attrs()})
	r.EraseOp(cond)
	r.SetInsertionPoint(op)
	newAfter := &ir.Region{}
	nb := ir.NewBlock()
	newAfter.Append(nb)
	for k, i := range keep {
		nb.AddArgument(types[k], after.Argument(i).Loc)
	}
	newWhile := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: op.Operands(),
		ResultTypes: types, Regions: []*ir.Region{{}, newAfter}, Properties: op.Properties(), Attributes: op.Attrs()})
	nb = newWhile.Region(1).First()
	args := make([]ir.Value, len(condArgs))
	results := make([]ir.Value, len(condArgs))
	copy(args, condArgs)
	copy(results, condArgs)
	for k, i := range keep {
		args[i] = nb.Argument(k)
		results[i] = newWhile.Result(k)
	}
	r.MergeBlocks(after, nb, args)
	r.InlineRegionBefore(op.Region(0), newWhile.Region(0), nil)
	r.ReplaceOp(op, results)
	return true
}
