package affine

import (
	"github.com/strata-ir/strata/core/ir"
)

// blockValues returns the arguments of the entry block of r from index
// from as values.
func blockValues(r *ir.Region, from int) []ir.Value {
	b := r.First()
	if b == nil || b.NumArguments() < from {
		return nil
	}
	args := b.Arguments()[from:]
	vs := make([]ir.Value, len(args))
	for i, a := range args {
		vs[i] = a
	}
	return vs
}

// forModel is affine.for's model of ir.RegionBranchOp and ir.LoopLikeOp.
type forModel struct{}

func (forModel) SuccessorRegions(op *ir.Operation, _ *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
	body := op.Region(0)
	return []ir.RegionSuccessor{{Region: body, Inputs: blockValues(body, 1)}, {Inputs: op.Results()}}
}

func (forModel) EntrySuccessorOperands(op *ir.Operation, _ *ir.Region) []ir.Value {
	_, _, inits := forParts(op)
	return inits
}

func (forModel) LoopRegions(op *ir.Operation) []*ir.Region { return []*ir.Region{op.Region(0)} }

func (forModel) InductionVars(op *ir.Operation) []ir.Value {
	if vs := blockValues(op.Region(0), 0); len(vs) > 0 {
		return vs[:1]
	}
	return nil
}

func forInterfaces(d *ir.OpDef) {
	ir.RegionBranchOp.Attach(d, forModel{})
	ir.LoopLikeOp.Attach(d, forModel{})
}

// ifModel is affine.if's model of ir.RegionBranchOp.
type ifModel struct{}

func (ifModel) SuccessorRegions(op *ir.Operation, from *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
	parent := ir.RegionSuccessor{Inputs: op.Results()}
	if from != nil {
		return []ir.RegionSuccessor{parent}
	}
	els := ir.RegionSuccessor{Region: op.Region(1)}
	if op.Region(1).Empty() {
		els = parent
	}
	return []ir.RegionSuccessor{{Region: op.Region(0)}, els}
}

func (ifModel) EntrySuccessorOperands(*ir.Operation, *ir.Region) []ir.Value { return nil }

func ifInterfaces(d *ir.OpDef) { ir.RegionBranchOp.Attach(d, ifModel{}) }

func yieldInterfaces(d *ir.OpDef) {
	ir.RegionBranchTerminator.Attach(d, ir.SuccessorOperandsFunc(func(op *ir.Operation, _ *ir.Region) []ir.Value {
		return op.Operands()
	}))
}
