// Package scftocf is convert-scf-to-cf: it replaces the structured control
// flow of scf.for, scf.if, scf.while, scf.execute_region and
// scf.index_switch by blocks and cf.br / cf.cond_br / cf.switch branches,
// and scf.parallel and scf.forall (without outputs) by nests of such
// loops, as MLIR's SCFToControlFlow does.
package scftocf

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
)

// Run lowers every scf.parallel and scf.forall nested in op to scf.for
// nests, then every scf.for, scf.if, scf.while, scf.execute_region and
// scf.index_switch (outermost first, as MLIR's conversion visits them). An
// operation in a region that must hold a single block (another operation
// than those lowered here) is left alone and reported.
func Run(ctx *ir.Context, op *ir.Operation) error {
	var loops []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if (o.Name() == "scf.parallel" || o.Name() == "scf.forall") && o != op {
			loops = append(loops, o)
		}
		return true
	})
	for _, o := range loops {
		var err error
		if o.Name() == "scf.parallel" {
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
		switch o.Name() {
		case "scf.for", "scf.if", "scf.while", "scf.execute_region", "scf.index_switch":
			if o != op {
				work = append(work, o)
			}
		}
		return true
	})
	for _, o := range work {
		if err := checkParent(o); err != nil {
			return err
		}
		var err error
		switch o.Name() {
		case "scf.for":
			err = lowerFor(ctx, o)
		case "scf.if":
			err = lowerIf(ctx, o)
		case "scf.while":
			err = lowerWhile(ctx, o)
		case "scf.execute_region":
			err = lowerExecuteRegion(ctx, o)
		case "scf.index_switch":
			err = lowerIndexSwitch(ctx, o)
		}
		if err != nil {
			return err
		}
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

// splitBlock moves the operations of b from before (inclusive) to the end
// into a new block inserted after b, and returns it.
func splitBlock(b *ir.Block, before *ir.Operation) *ir.Block {
	nb := ir.NewBlock()
	b.Parent().InsertBefore(b.Next(), nb)
	for o := before; o != nil; {
		next := o.Next()
		o.Remove()
		nb.Append(o)
		o = next
	}
	return nb
}

// inlineRegionBefore moves every block of r into the region of mark,
// before mark.
func inlineRegionBefore(r *ir.Region, mark *ir.Block) {
	for _, b := range r.Blocks() {
		r.Remove(b)
		mark.Parent().InsertBefore(mark, b)
	}
}

func br(ctx *ir.Context, loc ir.Location, at *ir.Block, dest *ir.Block, args []ir.Value) *ir.Operation {
	op := ir.NewOperation(&ir.OperationState{Name: ctx.OpName("cf.br"), Loc: loc, Operands: args, Successors: []*ir.Block{dest}})
	at.Append(op)
	return op
}

func condBr(ctx *ir.Context, loc ir.Location, cond ir.Value, trueDest *ir.Block, trueArgs []ir.Value, falseDest *ir.Block, falseArgs []ir.Value, weights ir.Attribute) *ir.Operation {
	operands := append([]ir.Value{cond}, trueArgs...)
	operands = append(operands, falseArgs...)
	props := []ir.NamedAttr{}
	if weights != nil {
		props = append(props, ir.NamedAttr{Name: "branch_weights", Value: weights})
	}
	props = append(props, ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, int32(len(trueArgs)), int32(len(falseArgs)))})
	return ir.NewOperation(&ir.OperationState{Name: ctx.OpName("cf.cond_br"), Loc: loc, Operands: operands,
		Successors: []*ir.Block{trueDest, falseDest}, Properties: ctx.DictionaryAttr(props)})
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
	loc := op.Loc()
	initBlock := op.Block()
	endBlock := splitBlock(initBlock, op.Next())
	region := op.Region(0)
	condBlock := region.First()
	firstBody := splitBlock(condBlock, condBlock.First())
	lastBody := region.Last()
	inlineRegionBefore(region, endBlock)
	iv := condBlock.Argument(0)

	term := lastBody.Terminator()
	b := ir.NewBuilder(ctx)
	b.Loc = loc
	b.SetInsertionPointToEnd(lastBody)
	stepped := arith.BuildAddi(b, loc, iv, op.Operand(2), 0).Result()
	carried := append([]ir.Value{stepped}, term.Operands()...)
	term.Erase()
	br(ctx, loc, lastBody, condBlock, carried)

	lb, ub := op.Operand(0), op.Operand(1)
	dest := append([]ir.Value{lb}, op.Operands()[3:]...)
	op.Remove()
	br(ctx, loc, initBlock, condBlock, dest)

	b.SetInsertionPointToEnd(condBlock)
	pred := arith.CmpIPredicateSlt
	if op.InherentAttr("unsignedCmp") != nil {
		pred = arith.CmpIPredicateUlt
	}
	cmp := arith.BuildCmpi(b, loc, iv, ub, pred, ctx.IntegerType(1, ir.Signless)).Result()
	condBlock.Append(condBr(ctx, loc, cmp, firstBody, nil, endBlock, nil, nil))
	replaceResults(op, blockArgs(condBlock)[1:])
	op.Erase()
	return nil
}

func lowerIf(ctx *ir.Context, op *ir.Operation) error {
	loc := op.Loc()
	condBlock := op.Block()
	remaining := splitBlock(condBlock, op.Next())
	cont := remaining
	if op.NumResults() > 0 {
		cont = ir.NewBlock()
		for _, t := range op.ResultTypes() {
			cont.AddArgument(t, loc)
		}
		remaining.Parent().InsertBefore(remaining, cont)
		br(ctx, loc, cont, remaining, nil)
	}
	then := op.Region(0)
	thenBlock := then.First()
	thenTerm := then.Last().Terminator()
	br(ctx, loc, then.Last(), cont, thenTerm.Operands())
	thenTerm.Erase()
	inlineRegionBefore(then, cont)

	elseBlock := cont
	if els := op.Region(1); !els.Empty() {
		elseBlock = els.First()
		t := els.Last().Terminator()
		br(ctx, loc, els.Last(), cont, t.Operands())
		t.Erase()
		inlineRegionBefore(els, cont)
	}
	op.Remove()
	condBlock.Append(condBr(ctx, loc, op.Operand(0), thenBlock, nil, elseBlock, nil, op.InherentAttr("branch_weights")))
	replaceResults(op, blockArgs(cont))
	op.Erase()
	return nil
}

func lowerWhile(ctx *ir.Context, op *ir.Operation) error {
	loc := op.Loc()
	current := op.Block()
	cont := splitBlock(current, op.Next())
	before, after := op.Region(0), op.Region(1)
	beforeFirst, afterFirst := before.First(), after.First()
	beforeLast, afterLast := before.Last(), after.Last()
	inlineRegionBefore(after, cont)
	inlineRegionBefore(before, afterFirst)
	op.Remove()
	br(ctx, loc, current, beforeFirst, op.Operands())

	cond := beforeLast.Terminator()
	args := cond.Operands()[1:]
	beforeLast.Append(condBr(ctx, loc, cond.Operand(0), afterFirst, args, cont, nil, nil))
	y := afterLast.Terminator()
	br(ctx, loc, afterLast, beforeFirst, y.Operands())
	replaceResults(op, args)
	cond.Erase()
	y.Erase()
	op.Erase()
	return nil
}

func lowerExecuteRegion(ctx *ir.Context, op *ir.Operation) error {
	loc := op.Loc()
	prev := op.Block()
	remaining := splitBlock(prev, op.Next())
	region := op.Region(0)
	entry := region.First()
	// The region's blocks may end in several scf.yield terminators.
	var yields []*ir.Operation
	for _, b := range region.Blocks() {
		if t := b.Terminator(); t != nil && t.Name() == "scf.yield" {
			yields = append(yields, t)
		}
	}
	cont := remaining
	if op.NumResults() > 0 {
		cont = ir.NewBlock()
		for _, t := range op.ResultTypes() {
			cont.AddArgument(t, loc)
		}
		remaining.Parent().InsertBefore(remaining, cont)
		br(ctx, loc, cont, remaining, nil)
	}
	inlineRegionBefore(region, cont)
	for _, y := range yields {
		br(ctx, y.Loc(), y.Block(), cont, y.Operands())
		y.Erase()
	}
	op.Remove()
	br(ctx, loc, prev, entry, nil)
	replaceResults(op, blockArgs(cont))
	op.Erase()
	return nil
}
