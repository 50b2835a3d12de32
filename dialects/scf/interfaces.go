package scf

import "github.com/strata-ir/strata/core/ir"

// values converts block arguments to values.
func values(args []*ir.BlockArgument) []ir.Value {
	vs := make([]ir.Value, len(args))
	for i, a := range args {
		vs[i] = a
	}
	return vs
}

// parentSuccessor is the successor that returns to the operation with its
// results.
func parentSuccessor(op *ir.Operation) ir.RegionSuccessor {
	return ir.RegionSuccessor{Inputs: op.Results()}
}

// boolConst returns the value of a constant i1 operand.
func boolConst(a ir.Attribute) (bool, bool) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return false, false
	}
	if t, ok := ia.Type.(*ir.IntegerType); !ok || t.Width != 1 {
		return false, false
	}
	return ia.Lo&1 == 1, true
}

// The models below implement the core's region-branch and loop-like
// interfaces (ir.RegionBranchOp, ir.LoopLikeOp, ir.DestinationStyleOp,
// ir.RegionBranchTerminator) for the operations of the dialect.

// forModel is scf.for's model.
type forModel struct{}

func (forModel) SuccessorRegions(op *ir.Operation, _ *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
	body := op.Region(0)
	return []ir.RegionSuccessor{{Region: body, Inputs: values(blockArgs(body, 1))}, parentSuccessor(op)}
}

func (forModel) EntrySuccessorOperands(op *ir.Operation, _ *ir.Region) []ir.Value {
	return op.Operands()[3:]
}

func (forModel) LoopRegions(op *ir.Operation) []*ir.Region { return []*ir.Region{op.Region(0)} }

func (forModel) InductionVars(op *ir.Operation) []ir.Value {
	if args := blockArgs(op.Region(0), 0); len(args) > 0 {
		return []ir.Value{args[0]}
	}
	return nil
}

func forInterfaces(d *ir.OpDef) {
	ir.RegionBranchOp.Attach(d, forModel{})
	ir.LoopLikeOp.Attach(d, forModel{})
}

// ifModel is scf.if's model.
type ifModel struct{}

func (ifModel) SuccessorRegions(op *ir.Operation, from *ir.Region, operands []ir.Attribute) []ir.RegionSuccessor {
	if from != nil {
		return []ir.RegionSuccessor{parentSuccessor(op)}
	}
	then := ir.RegionSuccessor{Region: op.Region(0)}
	els := ir.RegionSuccessor{Region: op.Region(1)}
	if op.Region(1).Empty() {
		els = parentSuccessor(op)
	}
	if len(operands) > 0 {
		if c, ok := boolConst(operands[0]); ok {
			if c {
				return []ir.RegionSuccessor{then}
			}
			return []ir.RegionSuccessor{els}
		}
	}
	return []ir.RegionSuccessor{then, els}
}

func (ifModel) EntrySuccessorOperands(*ir.Operation, *ir.Region) []ir.Value { return nil }

func ifInterfaces(d *ir.OpDef) { ir.RegionBranchOp.Attach(d, ifModel{}) }

// whileModel is scf.while's model.
type whileModel struct{}

func (whileModel) SuccessorRegions(op *ir.Operation, from *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
	before, after := op.Region(0), op.Region(1)
	toBefore := ir.RegionSuccessor{Region: before, Inputs: values(blockArgs(before, 0))}
	switch from {
	case nil, after:
		return []ir.RegionSuccessor{toBefore}
	}
	return []ir.RegionSuccessor{parentSuccessor(op), {Region: after, Inputs: values(blockArgs(after, 0))}}
}

func (whileModel) EntrySuccessorOperands(op *ir.Operation, _ *ir.Region) []ir.Value {
	return op.Operands()
}

func (whileModel) LoopRegions(op *ir.Operation) []*ir.Region {
	return []*ir.Region{op.Region(0), op.Region(1)}
}

func (whileModel) InductionVars(*ir.Operation) []ir.Value { return nil }

func whileInterfaces(d *ir.OpDef) {
	ir.RegionBranchOp.Attach(d, whileModel{})
	ir.LoopLikeOp.Attach(d, whileModel{})
}

// forallModel is scf.forall's model.
type forallModel struct{}

func (forallModel) SuccessorRegions(op *ir.Operation, _ *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
	return []ir.RegionSuccessor{{Region: op.Region(0)}, {}}
}

func (forallModel) EntrySuccessorOperands(*ir.Operation, *ir.Region) []ir.Value { return nil }

func (forallModel) LoopRegions(op *ir.Operation) []*ir.Region { return []*ir.Region{op.Region(0)} }

func (forallModel) InductionVars(op *ir.Operation) []ir.Value {
	rank := len(i64s(op.InherentAttr("staticLowerBound")))
	args := blockArgs(op.Region(0), 0)
	if len(args) < rank {
		return nil
	}
	return values(args[:rank])
}

func (forallModel) DPSInits(op *ir.Operation) (int, int) {
	seg := segments(op)
	if len(seg) != 4 {
		return 0, 0
	}
	return op.NumOperands() - len(seg[3]), len(seg[3])
}

func forallInterfaces(d *ir.OpDef) {
	ir.RegionBranchOp.Attach(d, forallModel{})
	ir.LoopLikeOp.Attach(d, forallModel{})
	ir.DestinationStyleOp.Attach(d, forallModel{})
	ir.HasParallelRegion.Add(d)
}

// parallelModel is scf.parallel's model.
type parallelModel struct{}

func (parallelModel) SuccessorRegions(op *ir.Operation, _ *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
	return []ir.RegionSuccessor{{Region: op.Region(0)}, {}}
}

func (parallelModel) EntrySuccessorOperands(*ir.Operation, *ir.Region) []ir.Value { return nil }

func (parallelModel) LoopRegions(op *ir.Operation) []*ir.Region { return []*ir.Region{op.Region(0)} }

func (parallelModel) InductionVars(op *ir.Operation) []ir.Value {
	return values(blockArgs(op.Region(0), 0))
}

func parallelInterfaces(d *ir.OpDef) {
	ir.RegionBranchOp.Attach(d, parallelModel{})
	ir.LoopLikeOp.Attach(d, parallelModel{})
	ir.HasParallelRegion.Add(d)
}

// executeRegionModel is scf.execute_region's model.
type executeRegionModel struct{}

func (executeRegionModel) SuccessorRegions(op *ir.Operation, from *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
	if from == nil {
		return []ir.RegionSuccessor{{Region: op.Region(0)}}
	}
	return []ir.RegionSuccessor{parentSuccessor(op)}
}

func (executeRegionModel) EntrySuccessorOperands(*ir.Operation, *ir.Region) []ir.Value { return nil }

func executeRegionInterfaces(d *ir.OpDef) { ir.RegionBranchOp.Attach(d, executeRegionModel{}) }

// indexSwitchModel is scf.index_switch's model.
type indexSwitchModel struct{}

func (indexSwitchModel) SuccessorRegions(op *ir.Operation, from *ir.Region, operands []ir.Attribute) []ir.RegionSuccessor {
	if from != nil {
		return []ir.RegionSuccessor{parentSuccessor(op)}
	}
	if len(operands) > 0 {
		if ia, ok := operands[0].(*ir.IntegerAttr); ok {
			for i, c := range i64s(op.InherentAttr("cases")) {
				if int64(ia.Lo) == c && i+1 < op.NumRegions() {
					return []ir.RegionSuccessor{{Region: op.Region(i + 1)}}
				}
			}
			return []ir.RegionSuccessor{{Region: op.Region(0)}}
		}
	}
	out := make([]ir.RegionSuccessor, 0, op.NumRegions())
	for i := 0; i < op.NumRegions(); i++ {
		out = append(out, ir.RegionSuccessor{Region: op.Region(i)})
	}
	return out
}

func (indexSwitchModel) EntrySuccessorOperands(*ir.Operation, *ir.Region) []ir.Value { return nil }

func indexSwitchInterfaces(d *ir.OpDef) { ir.RegionBranchOp.Attach(d, indexSwitchModel{}) }

// noSuccessorOperands is the terminator model of scf.reduce and
// scf.forall.in_parallel, which forward nothing.
var noSuccessorOperands = ir.SuccessorOperandsFunc(func(*ir.Operation, *ir.Region) []ir.Value { return nil })

func reduceInterfaces(d *ir.OpDef) { ir.RegionBranchTerminator.Attach(d, noSuccessorOperands) }

func yieldInterfaces(d *ir.OpDef) {
	ir.RegionBranchTerminator.Attach(d, ir.SuccessorOperandsFunc(func(op *ir.Operation, _ *ir.Region) []ir.Value {
		return op.Operands()
	}))
}

func conditionInterfaces(d *ir.OpDef) {
	ir.RegionBranchTerminator.Attach(d, ir.SuccessorOperandsFunc(func(op *ir.Operation, _ *ir.Region) []ir.Value {
		if op.NumOperands() == 0 {
			return nil
		}
		return op.Operands()[1:]
	}))
}
