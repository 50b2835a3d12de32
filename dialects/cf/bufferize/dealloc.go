// Package bufferize holds the cf dialect's models of the bufferization
// interfaces (MLIR's cf BufferizableOpInterface and
// BufferDeallocationOpInterface external models): Register attaches them
// to a context, for one-shot-bufferize and the ownership-based buffer
// deallocation.
package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/cf"
)

// Register attaches the bufferization models of the cf dialect's
// operations to ctx.
func Register(ctx *ir.Context) {
	bufferization.BufferDeallocationOp.AttachTo(ctx, cf.CondBrOpName, condBranch{})
	// As upstream, cf.switch has no bufferization.
	bufferization.BufferizableOp.AttachTo(ctx, cf.BrOpName, branch{})
	bufferization.BufferizableOp.AttachTo(ctx, cf.CondBrOpName, branch{})
}

// condBranch deallocates on each edge of a cf.cond_br: one
// bufferization.dealloc per successor, whose conditions are the block's
// ownerships and-ed with the branch condition (or its negation), retaining
// what the successor receives; a buffer both successors retain gets the
// ownership selected by the condition.
type condBranch struct{}

func (condBranch) Process(op *ir.Operation, s bufferization.DeallocationState) (*ir.Operation, error) {
	br, ok := cf.AsCondBrOp(op)
	if !ok {
		return op, nil
	}
	bm, ok := ir.BranchOp.Of(op)
	if !ok {
		return op, nil
	}
	bld := ir.NewBuilder(op.Context())
	bld.SetInsertionPoint(op)
	b := op.Block()
	loc := op.Loc()
	memrefs, conds, err := s.MemrefsAndConditions(bld, loc, b)
	if err != nil {
		return nil, err
	}
	brCond := br.Condition()
	insert := func(succ int, modify func(ir.Value) ir.Value, mapping map[ir.Value]ir.Value) *ir.Operation {
		dest := bm.BranchSuccessorOperands(op, succ)
		retain := s.MemrefsToRetain(b, op.Successor(succ), dest)
		adapted := make([]ir.Value, len(conds))
		for i, c := range conds {
			adapted[i] = modify(c)
		}
		dealloc := bld.Create(bufferization.DeallocState(bld.Ctx, loc, memrefs, adapted, retain))
		s.ResetOwnerships(retain, b)
		for i, r := range retain {
			s.UpdateOwnership(r, dealloc.Result(i), b)
			mapping[r] = dealloc.Result(i)
		}
		ops := append([]ir.Value(nil), dest...)
		for _, v := range dest {
			switch v.Type().(type) {
			case *ir.MemRefType, *ir.UnrankedMemRefType:
				ops = append(ops, mapping[v])
			}
		}
		bm.SetBranchSuccessorOperands(op, succ, ops)
		return dealloc
	}
	thenMap, elseMap := map[ir.Value]ir.Value{}, map[ir.Value]ir.Value{}
	thenDealloc := insert(0, func(c ir.Value) ir.Value {
		return arith.BuildAndi(bld, loc, c, brCond).Operation.Result(0)
	}, thenMap)
	elseDealloc := insert(1, func(c ir.Value) ir.Value {
		t := arith.BuildConstant(bld, loc, bld.Ctx.Bool(true), bld.Ctx.I(1)).Operation.Result(0)
		neg := arith.BuildXori(bld, loc, t, brCond).Operation.Result(0)
		return arith.BuildAndi(bld, loc, c, neg).Operation.Result(0)
	}, elseMap)
	td, _ := bufferization.AsDeallocOp(thenDealloc)
	ed, _ := bufferization.AsDeallocOp(elseDealloc)
	inThen := map[ir.Value]bool{}
	for _, v := range td.Retained() {
		inThen[v] = true
	}
	var common []ir.Value
	seen := map[ir.Value]bool{}
	for _, v := range ed.Retained() {
		if inThen[v] && !seen[v] {
			seen[v] = true
			common = append(common, v)
		}
	}
	for _, v := range common {
		s.ResetOwnerships([]ir.Value{v}, b)
		sel := arith.BuildSelect(bld, loc, brCond, thenMap[v], elseMap[v]).Operation.Result(0)
		s.UpdateOwnership(v, sel, b)
	}
	return op, nil
}

// MaterializeUniqueOwnership is the interface's default: cf.cond_br
// defines no buffer.
func (condBranch) MaterializeUniqueOwnership(op *ir.Operation, bld *ir.Builder, m ir.Value, s bufferization.DeallocationState) (ir.Value, ir.Value) {
	return s.MemrefWithUniqueOwnership(bld, m, ir.ParentBlock(m))
}
