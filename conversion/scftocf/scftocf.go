// Package scftocf is convert-scf-to-cf: it replaces the structured control
// flow of scf.for, scf.if, scf.while, scf.execute_region and
// scf.index_switch by blocks and cf.br / cf.cond_br / cf.switch branches,
// and scf.parallel and scf.forall (without outputs) by nests of such
// loops, as MLIR's SCFToControlFlow does.
package scftocf

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/cf"
	"github.com/strata-ir/strata/dialects/scf"
)

// Run lowers every scf.parallel and scf.forall nested in op to scf.for
// nests, then every scf.for, scf.if, scf.while, scf.execute_region and
// scf.index_switch (outermost first, as MLIR's conversion visits them). An
// operation in a region that must hold a single block (another operation
// than those lowered here) is left alone and reported.
func Run(ctx *ir.Context, op *ir.Operation) error {
	var loops []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if (is(scf.AsParallelOp, o) || is(scf.AsForallOp, o)) && o != op {
			loops = append(loops, o)
		}
		return true
	})
	for _, o := range loops {
		var err error
		if is(scf.AsParallelOp, o) {
			_, err = lowerParallel(ctx, o)
		} else {
			_, err = lowerForall(ctx, o)
		}
		if err != nil {
			return err
		}
	}
	var work []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o != op && lowering(o) != nil {
			work = append(work, o)
		}
		return true
	})
	for _, o := range work {
		if err := checkParent(o); err != nil {
			return err
		}
		if err := lowering(o)(ctx, o); err != nil {
			return err
		}
	}
	return nil
}

// is reports whether op is the operation that the typed wrapper as wraps.
func is[T any](as func(*ir.Operation) (T, bool), op *ir.Operation) bool {
	_, ok := as(op)
	return ok
}

// lowering returns the function lowering op to cf: for scf.for, scf.if,
// scf.while, scf.execute_region and scf.index_switch; nil for any other.
func lowering(op *ir.Operation) func(*ir.Context, *ir.Operation) error {
	switch {
	case is(scf.AsForOp, op):
		return lowerFor
	case is(scf.AsIfOp, op):
		return lowerIf
	case is(scf.AsWhileOp, op):
		return lowerWhile
	case is(scf.AsExecuteRegionOp, op):
		return lowerExecuteRegion
	case is(scf.AsIndexSwitchOp, op):
		return lowerIndexSwitch
	}
	return nil
}

// checkParent rejects operations whose parent region cannot hold several
// blocks (the parent is an scf, linalg or other single-block operation that
// stays structured).
func checkParent(o *ir.Operation) error {
	p := o.ParentOp()
	if p == nil {
		return nil
	}
	if p.HasTrait(ir.SingleBlock) {
		return ir.NewError(o.Loc(), "failed to legalize operation '"+o.Name()+"' inside '"+p.Name()+"'")
	}
	return nil
}

// br appends a cf.br from at to dest with args.
func br(r *rewrite.Rewriter, loc ir.Location, at *ir.Block, dest *ir.Block, args []ir.Value) {
	r.SetInsertionPointToEnd(at)
	cf.BuildBr(r.Builder, loc, args, dest)
}

// condBr appends a cf.cond_br on cond to the end of at.
func condBr(r *rewrite.Rewriter, loc ir.Location, at *ir.Block, cond ir.Value, trueDest *ir.Block, trueArgs []ir.Value, falseDest *ir.Block, falseArgs []ir.Value, weights ir.Attribute) {
	r.SetInsertionPointToEnd(at)
	cf.BuildCondBr(r.Builder, loc, cond, trueArgs, falseArgs, trueDest, falseDest, cf.CondBrOptions{BranchWeights: weights})
}

func replaceResults(op *ir.Operation, vals []ir.Value) {
	for i, r := range op.Results() {
		ir.ReplaceAllUsesWith(r, vals[i])
	}
}

func blockArgs(b *ir.Block) []ir.Value {
	vs := make([]ir.Value, b.NumArguments())
	for i, a := range b.Arguments() {
		vs[i] = a
	}
	return vs
}

func lowerFor(ctx *ir.Context, op *ir.Operation) error {
	f, _ := scf.AsForOp(op)
	r := rewrite.NewRewriter(ctx)
	loc := op.Loc()
	initBlock := op.Block()
	endBlock := r.SplitBlock(initBlock, op.Next())
	region := f.Region()
	condBlock := region.First()
	firstBody := r.SplitBlock(condBlock, condBlock.First())
	lastBody := region.Last()
	r.InlineRegionBefore(region, endBlock.Parent(), endBlock)
	iv := condBlock.Argument(0)

	term := lastBody.Terminator()
	r.Loc = loc
	r.SetInsertionPointToEnd(lastBody)
	stepped := arith.BuildAddi(r.Builder, loc, iv, f.Step()).Result()
	carried := append([]ir.Value{stepped}, term.Operands()...)
	term.Erase()
	br(r, loc, lastBody, condBlock, carried)

	dest := append([]ir.Value{f.LowerBound()}, f.InitArgs()...)
	ub := f.UpperBound()
	op.Remove()
	br(r, loc, initBlock, condBlock, dest)

	r.SetInsertionPointToEnd(condBlock)
	pred := arith.CmpIPredicateSlt
	if f.UnsignedCmp() {
		pred = arith.CmpIPredicateUlt
	}
	cmp := arith.BuildCmpi(r.Builder, loc, iv, ub, pred).Result()
	condBr(r, loc, condBlock, cmp, firstBody, nil, endBlock, nil, nil)
	replaceResults(op, blockArgs(condBlock)[1:])
	op.Erase()
	return r.Err()
}

func lowerIf(ctx *ir.Context, op *ir.Operation) error {
	ifOp, _ := scf.AsIfOp(op)
	r := rewrite.NewRewriter(ctx)
	loc := op.Loc()
	condBlock := op.Block()
	remaining := r.SplitBlock(condBlock, op.Next())
	cont := remaining
	if op.NumResults() > 0 {
		cont = ir.NewBlock()
		for _, t := range op.ResultTypes() {
			cont.AddArgument(t, loc)
		}
		remaining.Parent().InsertBefore(remaining, cont)
		br(r, loc, cont, remaining, nil)
	}
	then := ifOp.ThenRegion()
	thenBlock := then.First()
	thenTerm := then.Last().Terminator()
	br(r, loc, then.Last(), cont, thenTerm.Operands())
	thenTerm.Erase()
	r.InlineRegionBefore(then, cont.Parent(), cont)

	elseBlock := cont
	if els := ifOp.ElseRegion(); !els.Empty() {
		elseBlock = els.First()
		t := els.Last().Terminator()
		br(r, loc, els.Last(), cont, t.Operands())
		t.Erase()
		r.InlineRegionBefore(els, cont.Parent(), cont)
	}
	op.Remove()
	condBr(r, loc, condBlock, ifOp.Condition(), thenBlock, nil, elseBlock, nil, op.InherentAttr("branch_weights"))
	replaceResults(op, blockArgs(cont))
	op.Erase()
	return r.Err()
}

func lowerWhile(ctx *ir.Context, op *ir.Operation) error {
	w, _ := scf.AsWhileOp(op)
	cond, ok := scf.AsConditionOp(w.Before().Last().Terminator())
	if !ok {
		return ir.NewError(op.Loc(), "scf.while: the before region does not end in scf.condition")
	}
	r := rewrite.NewRewriter(ctx)
	loc := op.Loc()
	current := op.Block()
	cont := r.SplitBlock(current, op.Next())
	before, after := w.Before(), w.After()
	beforeFirst, afterFirst := before.First(), after.First()
	beforeLast, afterLast := before.Last(), after.Last()
	r.InlineRegionBefore(after, cont.Parent(), cont)
	r.InlineRegionBefore(before, afterFirst.Parent(), afterFirst)
	op.Remove()
	br(r, loc, current, beforeFirst, w.Inits())

	args := cond.Args()
	condBr(r, loc, beforeLast, cond.Condition(), afterFirst, args, cont, nil, nil)
	y := afterLast.Terminator()
	br(r, loc, afterLast, beforeFirst, y.Operands())
	replaceResults(op, args)
	cond.Erase()
	y.Erase()
	op.Erase()
	return r.Err()
}

func lowerExecuteRegion(ctx *ir.Context, op *ir.Operation) error {
	r := rewrite.NewRewriter(ctx)
	loc := op.Loc()
	prev := op.Block()
	remaining := r.SplitBlock(prev, op.Next())
	region := op.Region(0)
	entry := region.First()
	// The region's blocks may end in several scf.yield terminators.
	var yields []*ir.Operation
	for _, b := range region.Blocks() {
		if y, ok := scf.AsYieldOp(b.Terminator()); ok {
			yields = append(yields, y.Operation)
		}
	}
	cont := remaining
	if op.NumResults() > 0 {
		cont = ir.NewBlock()
		for _, t := range op.ResultTypes() {
			cont.AddArgument(t, loc)
		}
		remaining.Parent().InsertBefore(remaining, cont)
		br(r, loc, cont, remaining, nil)
	}
	r.InlineRegionBefore(region, cont.Parent(), cont)
	for _, y := range yields {
		br(r, y.Loc(), y.Block(), cont, y.Operands())
		y.Erase()
	}
	op.Remove()
	br(r, loc, prev, entry, nil)
	replaceResults(op, blockArgs(cont))
	op.Erase()
	return r.Err()
}
