package bufferdealloc

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
)

// originAnalysis traces buffers back to where they come from, as
// upstream's BufferOriginAnalysis does over BufferViewFlowAnalysis
// (bufferization.ViewFlow).
type originAnalysis struct {
	flow *bufferization.ViewFlow
}

func newOriginAnalysis(root *ir.Operation) *originAnalysis {
	return &originAnalysis{flow: bufferization.NewViewFlow(root)}
}

// origins returns the terminal buffers v may come from.
func (a *originAnalysis) origins(v ir.Value) map[ir.Value]bool { return a.flow.Origins(v) }

func allocates(v ir.Value) bool {
	op := ir.DefiningOp(v)
	return op != nil && bufferization.AllocatesValue(op, v)
}

func isFunctionArgument(v ir.Value) bool {
	a, ok := v.(*ir.BlockArgument)
	if !ok {
		return false
	}
	p := a.Owner().ParentOp()
	return a.Owner().IsEntry() && isFunction(p)
}

// sameAllocation reports whether v1 and v2 are known to be (true) or not
// to be (false) views of the same allocation; ok is false when unknown.
func (a *originAnalysis) sameAllocation(v1, v2 ir.Value) (same, ok bool) {
	v1, v2 = ir.ViewBase(v1), ir.ViewBase(v2)
	if v1 == v2 {
		return true, true
	}
	o1, o2 := a.origins(v1), a.origins(v2)
	if len(o1) == 1 && len(o2) == 1 {
		for x := range o1 {
			if o2[x] {
				return true, true
			}
		}
	}
	for x := range o1 {
		if o2[x] {
			return false, false
		}
	}
	kinds := func(o map[ir.Value]bool) (allAllocs, allAllocsOrArgs bool) {
		allAllocs, allAllocsOrArgs = true, true
		for x := range o {
			al := allocates(x)
			allAllocs = allAllocs && al
			allAllocsOrArgs = allAllocsOrArgs && (al || isFunctionArgument(x))
		}
		return
	}
	a1, aa1 := kinds(o1)
	a2, aa2 := kinds(o2)
	if (a1 && aa2) || (a2 && aa1) {
		return false, true
	}
	return false, false
}

// distinctAllocAndBlockArgument reports whether one value is an allocation
// made inside the block whose argument the other is.
func distinctAllocAndBlockArgument(v1, v2 ir.Value) bool {
	b1, b2 := ir.ViewBase(v1), ir.ViewBase(v2)
	distinct := func(x, y ir.Value) bool {
		op := ir.DefiningOp(x)
		arg, ok := y.(*ir.BlockArgument)
		if op == nil || !ok || !bufferization.AllocatesValue(op, x) {
			return false
		}
		for o := op; o != nil; o = o.ParentOp() {
			if o.Block() == arg.Owner() {
				return true
			}
		}
		return false
	}
	return distinct(b1, b2) || distinct(b2, b1)
}

func (a *originAnalysis) potentiallyAliases(others []ir.Value, m ir.Value) bool {
	for _, o := range others {
		if distinctAllocAndBlockArgument(o, m) {
			continue
		}
		if same, ok := a.sameAllocation(o, m); !ok || same {
			return true
		}
	}
	return false
}

// SimplificationPatterns returns the patterns of
// buffer-deallocation-simplification for the IR under root, followed by
// the canonicalization patterns of bufferization.dealloc.
func SimplificationPatterns(root *ir.Operation) []rewrite.Pattern {
	a := newOriginAnalysis(root)
	mk := func(name string, fn func(*ir.Operation, *rewrite.Rewriter) bool) rewrite.Pattern {
		return &rewrite.Func{RootName: "bufferization.dealloc", BenefitValue: 1, PatternName: name, Fn: fn}
	}
	out := []rewrite.Pattern{
		mk("remove-dealloc-memrefs-contained-in-retained", a.removeMemrefsContainedInRetained),
		mk("remove-retained-memrefs-guaranteed-to-not-alias", a.removeRetainedNotAliasing),
		mk("split-dealloc-when-not-aliasing-any-other", a.splitNotAliasing),
		mk("retained-memref-aliasing-always-deallocated-memref", a.retainedAliasingAlwaysDeallocated),
	}
	return append(out, bufferization.DeallocPatterns()...)
}

// Simplify runs buffer-deallocation-simplification on op.
func Simplify(ctx *ir.Context, op *ir.Operation) {
	set := rewrite.NewPatternSet(SimplificationPatterns(op)...)
	rewrite.ApplyPatternsGreedily(ctx, op, set, rewrite.GreedyConfig{Simplify: rewrite.SimplifyNormal})
}

func binaryOp(r *rewrite.Rewriter, name string, loc ir.Location, x, y ir.Value) ir.Value {
	return r.Create(&ir.OperationState{Name: r.Ctx.OpName(name), Loc: loc, Operands: []ir.Value{x, y},
		ResultTypes: []ir.Type{x.Type()}}).Result(0)
}

func (a *originAnalysis) handleOneMemref(op *ir.Operation, m, cond ir.Value, r *rewrite.Rewriter) bool {
	d, _ := bufferization.AsDeallocOp(op)
	r.SetInsertionPointAfter(op)
	mustAlias := false
	for _, ret := range d.Retained() {
		same, ok := a.sameAllocation(ret, m)
		if !ok {
			return false
		}
		mustAlias = mustAlias || same
	}
	if !mustAlias {
		return false
	}
	for i, ret := range d.Retained() {
		if same, ok := a.sameAllocation(ret, m); ok && same {
			upd := op.Result(i)
			or := binaryOp(r, "arith.ori", op.Loc(), upd, cond)
			orOp := ir.DefiningOp(or)
			for u := upd.FirstUse(); u != nil; {
				next := u.Next()
				if u.Owner() != orOp {
					owner := u.Owner()
					r.ModifyInPlace(owner, func() { u.Set(or) })
				}
				u = next
			}
		}
	}
	return true
}

func (a *originAnalysis) removeMemrefsContainedInRetained(op *ir.Operation, r *rewrite.Rewriter) bool {
	d, _ := bufferization.AsDeallocOp(op)
	seen := map[ir.Value]bool{}
	for _, v := range d.Retained() {
		if seen[v] {
			return false
		}
		seen[v] = true
	}
	memrefs := append([]ir.Value(nil), d.Memrefs()...)
	conds := append([]ir.Value(nil), d.Conditions()...)
	var keepM, keepC []ir.Value
	for i, m := range memrefs {
		if a.handleOneMemref(op, m, conds[i], r) {
			continue
		}
		if ex, ok := memref.AsExtractStridedMetadataOp(ir.DefiningOp(m)); ok && a.handleOneMemref(op, ex.Source(), conds[i], r) {
			continue
		}
		keepM = append(keepM, m)
		keepC = append(keepC, conds[i])
	}
	return bufferization.UpdateDeallocIfChanged(op, keepM, keepC, r)
}

func (a *originAnalysis) removeRetainedNotAliasing(op *ir.Operation, r *rewrite.Rewriter) bool {
	d, _ := bufferization.AsDeallocOp(op)
	r.SetInsertionPoint(op)
	var keep []ir.Value
	with := make([]ir.Value, op.NumResults())
	for i, ret := range d.Retained() {
		if a.potentiallyAliases(d.Memrefs(), ret) {
			keep = append(keep, ret)
			continue
		}
		with[i] = r.Create(&ir.OperationState{Name: r.Ctx.OpName("arith.constant"), Loc: op.Loc(),
			ResultTypes: []ir.Type{r.Ctx.I(1)}, Properties: r.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: r.Ctx.Bool(false)}})}).Result(0)
	}
	if len(keep) == len(d.Retained()) {
		return false
	}
	n := r.Create(bufferization.DeallocState(r.Ctx, op.Loc(), d.Memrefs(), d.Conditions(), keep))
	j := 0
	for i := range with {
		if with[i] == nil {
			with[i] = n.Result(j)
			j++
		}
	}
	r.ReplaceOp(op, with)
	return true
}

func (a *originAnalysis) splitNotAliasing(op *ir.Operation, r *rewrite.Rewriter) bool {
	d, _ := bufferization.AsDeallocOp(op)
	memrefs := d.Memrefs()
	if len(memrefs) <= 1 {
		return false
	}
	r.SetInsertionPoint(op)
	var remM, remC []ir.Value
	var updated [][]ir.Value
	for i, m := range memrefs {
		others := append(append([]ir.Value(nil), memrefs[:i]...), memrefs[i+1:]...)
		if a.potentiallyAliases(others, m) {
			remM = append(remM, m)
			remC = append(remC, d.Conditions()[i])
			continue
		}
		n := r.Create(bufferization.DeallocState(r.Ctx, op.Loc(), []ir.Value{m}, []ir.Value{d.Conditions()[i]}, d.Retained()))
		updated = append(updated, n.Results())
	}
	if len(remM) == len(memrefs) {
		return false
	}
	n := r.Create(bufferization.DeallocState(r.Ctx, op.Loc(), remM, remC, d.Retained()))
	with := n.Results()
	for _, u := range updated {
		for i := range with {
			with[i] = binaryOp(r, "arith.ori", op.Loc(), with[i], u[i])
		}
	}
	r.ReplaceOp(op, with)
	return true
}

func (a *originAnalysis) retainedAliasingAlwaysDeallocated(op *ir.Operation, r *rewrite.Rewriter) bool {
	d, _ := bufferization.AsDeallocOp(op)
	aliases := make([]bool, len(d.Retained()))
	var keepM, keepC []ir.Value
	memrefs := append([]ir.Value(nil), d.Memrefs()...)
	conds := append([]ir.Value(nil), d.Conditions()...)
	for k, m := range memrefs {
		cond := conds[k]
		drop := false
		for i, ret := range d.Retained() {
			if !bufferization.IsConstantTrue(cond) {
				continue
			}
			res := op.Result(i)
			if same, ok := a.sameAllocation(ret, m); ok && same {
				r.ReplaceAllUsesWith(res, cond)
				aliases[i], drop = true, true
				continue
			}
			ex, ok := memref.AsExtractStridedMetadataOp(ir.DefiningOp(m))
			if !ok {
				continue
			}
			if same, ok := a.sameAllocation(ret, ex.Source()); ok && same {
				r.ReplaceAllUsesWith(res, cond)
				aliases[i], drop = true, true
			}
		}
		if !drop {
			keepM = append(keepM, m)
			keepC = append(keepC, cond)
		}
	}
	for _, x := range aliases {
		if !x {
			return false
		}
	}
	return bufferization.UpdateDeallocIfChanged(op, keepM, keepC, r)
}
