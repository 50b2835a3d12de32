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

func forInterfaces(in *ir.Interfaces) {
	in.SuccessorRegions = func(op *ir.Operation, _ *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
		body := op.Region(0)
		return []ir.RegionSuccessor{{Region: body, Inputs: blockValues(body, 1)}, {Inputs: op.Results()}}
	}
	in.EntrySuccessorOperands = func(op *ir.Operation, _ *ir.Region) []ir.Value {
		_, _, inits := forParts(op)
		return inits
	}
	in.LoopRegions = func(op *ir.Operation) []*ir.Region { return []*ir.Region{op.Region(0)} }
	in.InductionVars = func(op *ir.Operation) []ir.Value {
		if vs := blockValues(op.Region(0), 0); len(vs) > 0 {
			return vs[:1]
		}
		return nil
	}
}

func ifInterfaces(in *ir.Interfaces) {
	in.SuccessorRegions = func(op *ir.Operation, from *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
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
	in.EntrySuccessorOperands = func(*ir.Operation, *ir.Region) []ir.Value { return nil }
}

func yieldInterfaces(in *ir.Interfaces) {
	in.SuccessorOperands = func(op *ir.Operation, _ *ir.Region) []ir.Value { return op.Operands() }
}
