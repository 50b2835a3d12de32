package gpuasyncregion

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/async"
	"github.com/strata-ir/strata/dialects/gpu"
)

// After the tokens are threaded, upstream's pass moves the synchronous
// gpu.wait that ends the body of an async.execute out of it: the body
// yields the tokens the wait waited for (as !async.value<!gpu.async.token>
// results of the async.execute), and each user of the async.execute's
// token waits for them instead (an async.execute takes them as body
// operands and its first operation with side effects depends on them; an
// async.await is followed by awaits of the tokens and a gpu.wait before
// the next operation with side effects). Then a token result with several
// uses is yielded once more for each use after the first.

// deferWaits is upstream's DeferWaitCallback on the operations nested in
// op.
func deferWaits(op *ir.Operation) {
	var worklist []*ir.Operation
	op.Walk(ir.PostOrder, func(o *ir.Operation) bool {
		if ex, ok := async.AsExecuteOp(o); ok {
			if w := trailingWait(ex); w != nil {
				worklist = append(worklist, w)
			}
		}
		return true
	})
	for i := 0; i < len(worklist); i++ {
		w := worklist[i]
		ex, _ := async.AsExecuteOp(w.ParentOp())
		wait, _ := gpu.AsWaitOp(w)
		deps := append([]ir.Value(nil), wait.AsyncDependencies()...)
		w.Erase()
		ex = addExecuteResults(ex, deps)
		res := ex.Results()
		tokens := res[len(res)-len(deps):]
		var users []*ir.Operation
		for u := ex.Token().FirstUse(); u != nil; u = u.Next() {
			users = append(users, u.Owner())
		}
		for _, u := range users {
			if nw := addDependencyAfter(tokens, u); nw != nil {
				worklist = append(worklist, nw)
			}
		}
	}
}

// executeOrAwaitUsers reports whether token is used, and only by
// async.execute and async.await operations (not by a terminator, which
// could mean the async.execute is inside control flow).
func executeOrAwaitUsers(token ir.Value) bool {
	if !ir.HasUses(token) {
		return false
	}
	for u := token.FirstUse(); u != nil; u = u.Next() {
		_, isExecute := async.AsExecuteOp(u.Owner())
		_, isAwait := async.AsAwaitOp(u.Owner())
		if !isExecute && !isAwait {
			return false
		}
	}
	return true
}

// trailingWait returns the synchronous gpu.wait that is the last
// operation with side effects before the terminator of ex's body, when
// every user of ex's token is an async.execute or an async.await.
func trailingWait(ex async.ExecuteOp) *ir.Operation {
	if !executeOrAwaitUsers(ex.Token()) {
		return nil
	}
	body := ex.BodyRegion().First()
	if body == nil || body.Last() == nil {
		return nil
	}
	for o := body.Last().Prev(); o != nil; o = o.Prev() {
		if w, ok := gpu.AsWaitOp(o); ok {
			if w.AsyncToken() == nil {
				return o
			}
			return nil
		}
		if !o.IsMemoryEffectFree() {
			return nil
		}
	}
	return nil
}

// addExecuteResults returns a copy of ex (which it replaces) whose body
// also yields results, as !async.value results of their types.
func addExecuteResults(ex async.ExecuteOp, results []ir.Value) async.ExecuteOp {
	ctx := ex.Context()
	yield := ex.BodyRegion().First().Last()
	yield.SetOperands(append(yield.Operands(), results...))
	types := ex.ResultTypes()[1:]
	for _, r := range results {
		vt, _ := async.GetValueType(ctx, r.Type())
		types = append(types, vt.DynType)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(ex.Operation)
	nex := async.BuildExecute(b, ex.Loc(), ex.Dependencies(), ex.BodyOperands(), ex.Token().Type(), types)
	// The body is cloned, as upstream clones it.
	clone := ex.Clone(nil)
	nex.BodyRegion().TakeBody(clone.Region(0))
	clone.DropAllReferences()
	for i, r := range ex.Results() {
		ir.ReplaceAllUsesWith(r, nex.Result(i))
	}
	ex.Erase()
	return nex
}

// addDependencyAfter makes the operations after user (an async.await, or
// the body of an async.execute) wait for tokens: an async.await is
// followed by async.await operations of the tokens, an async.execute
// takes them as body operands. The first terminator or operation with
// side effects
// after them depends on them when it is a gpu.AsyncOp; otherwise a
// gpu.wait of them goes before it, which it returns when that wait ends
// the body of an async.execute whose token only async.execute and
// async.await operations use (to be moved out in turn).
func addDependencyAfter(tokens []ir.Value, user *ir.Operation) *ir.Operation {
	ctx := user.Context()
	b := ir.NewBuilder(ctx)
	loc := user.Loc()
	var it *ir.Operation
	var vals []ir.Value
	if _, ok := async.AsAwaitOp(user); ok {
		it = user.Next()
		b.SetInsertionPointAfter(user)
		for _, t := range tokens {
			vt, _ := async.AsValueType(t.Type())
			vals = append(vals, async.BuildAwait(b, loc, t, async.AwaitOptions{ResultType: vt.ValueType()}).Result())
		}
	} else if ex, ok := async.AsExecuteOp(user); ok {
		body := ex.BodyRegion().First()
		it = body.First()
		deps, operands := ex.Dependencies(), ex.BodyOperands()
		user.SetOperands(append(append(append([]ir.Value(nil), deps...), operands...), tokens...))
		setSegmentSizes(user, int32(len(deps)), int32(len(operands)+len(tokens)))
		for range tokens {
			vals = append(vals, body.AddArgument(gpu.AsyncTokenType(ctx), ex.Loc()))
		}
	} else {
		return nil
	}
	for it != nil && !it.MightHaveTrait(ir.IsTerminator) && it.IsMemoryEffectFree() {
		it = it.Next()
	}
	if it == nil {
		return nil
	}
	if model, ok := gpu.AsyncOp.Of(it); ok {
		for _, v := range vals {
			model.AddAsyncDependency(it, v)
		}
		return nil
	}
	b.SetInsertionPoint(it)
	w := gpu.BuildWait(b, loc, vals)
	if ex, ok := async.AsExecuteOp(it.ParentOp()); ok && executeOrAwaitUsers(ex.Token()) && it.Next() == nil {
		return w.Operation
	}
	return nil
}

// setSegmentSizes sets the operandSegmentSizes of an async.execute.
func setSegmentSizes(op *ir.Operation, deps, operands int32) {
	ctx := op.Context()
	props, _ := op.Properties().(*ir.DictionaryAttr)
	var entries []ir.NamedAttr
	if props != nil {
		entries = append(entries, props.Entries...)
	}
	set := false
	for i := range entries {
		if entries[i].Name == "operandSegmentSizes" {
			entries[i].Value = ctx.DenseI32Array(deps, operands)
			set = true
		}
	}
	if !set {
		entries = append(entries, ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(deps, operands)})
	}
	op.SetProperties(ctx.DictionaryAttr(entries))
}

// singleTokenUses is upstream's SingleTokenUseCallback on the
// async.execute operations nested in op: a !gpu.async.token result with
// several uses is yielded again, and the second use takes the new
// result. (Upstream means each use after the first to take a result of
// its own, but its loop stops after the first: the use it moves leaves
// the list it walks. The others keep the shared result, as there.)
func singleTokenUses(op *ir.Operation) {
	var execs []async.ExecuteOp
	op.Walk(ir.PostOrder, func(o *ir.Operation) bool {
		if ex, ok := async.AsExecuteOp(o); ok {
			execs = append(execs, ex)
		}
		return true
	})
	for _, ex := range execs {
		var indices []int
		for i, r := range ex.BodyResults() {
			vt, ok := async.AsValueType(r.Type())
			if ok && gpu.IsAsyncTokenType(vt.ValueType()) && ir.NumUses(r) > 1 {
				indices = append(indices, i)
			}
		}
		for _, index := range indices {
			count := ir.NumUses(ex.BodyResults()[index]) - 1
			yield := ex.BodyRegion().First().Last()
			operands := make([]ir.Value, count)
			for i := range operands {
				operands[i] = yield.Operand(index)
			}
			ex = addExecuteResults(ex, operands)
			results := ex.BodyResults()
			if second := ex.BodyResults()[index].FirstUse().Next(); second != nil {
				second.Set(results[len(results)-count])
			}
		}
	}
}
