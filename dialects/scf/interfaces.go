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

func forInterfaces(in *ir.Interfaces) {
	in.SuccessorRegions = func(op *ir.Operation, from *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
		body := op.Region(0)
		return []ir.RegionSuccessor{{Region: body, Inputs: values(blockArgs(body, 1))}, parentSuccessor(op)}
	}
	in.EntrySuccessorOperands = func(op *ir.Operation, _ *ir.Region) []ir.Value { return op.Operands()[3:] }
	in.LoopRegions = func(op *ir.Operation) []*ir.Region { return []*ir.Region{op.Region(0)} }
	in.InductionVars = func(op *ir.Operation) []ir.Value {
		if args := blockArgs(op.Region(0), 0); len(args) > 0 {
			return []ir.Value{args[0]}
		}
		return nil
	}
}

func ifInterfaces(in *ir.Interfaces) {
	in.SuccessorRegions = func(op *ir.Operation, from *ir.Region, operands []ir.Attribute) []ir.RegionSuccessor {
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
	in.EntrySuccessorOperands = func(*ir.Operation, *ir.Region) []ir.Value { return nil }
}

func whileInterfaces(in *ir.Interfaces) {
	in.SuccessorRegions = func(op *ir.Operation, from *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
		before, after := op.Region(0), op.Region(1)
		toBefore := ir.RegionSuccessor{Region: before, Inputs: values(blockArgs(before, 0))}
		switch from {
		case nil, after:
			return []ir.RegionSuccessor{toBefore}
		}
		return []ir.RegionSuccessor{parentSuccessor(op), {Region: after, Inputs: values(blockArgs(after, 0))}}
	}
	in.EntrySuccessorOperands = func(op *ir.Operation, _ *ir.Region) []ir.Value { return op.Operands() }
	in.LoopRegions = func(op *ir.Operation) []*ir.Region { return []*ir.Region{op.Region(0), op.Region(1)} }
}

func forallInterfaces(in *ir.Interfaces) {
	in.SuccessorRegions = func(op *ir.Operation, _ *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
		return []ir.RegionSuccessor{{Region: op.Region(0)}, {}}
	}
	in.EntrySuccessorOperands = func(*ir.Operation, *ir.Region) []ir.Value { return nil }
	in.LoopRegions = func(op *ir.Operation) []*ir.Region { return []*ir.Region{op.Region(0)} }
	in.InductionVars = func(op *ir.Operation) []ir.Value {
		rank := len(i64s(op.InherentAttr("staticLowerBound")))
		args := blockArgs(op.Region(0), 0)
		if len(args) < rank {
			return nil
		}
		return values(args[:rank])
	}
	in.DPSInits = func(op *ir.Operation) (int, int) {
		seg := segments(op)
		if len(seg) != 4 {
			return 0, 0
		}
		return op.NumOperands() - len(seg[3]), len(seg[3])
	}
}

func parallelInterfaces(in *ir.Interfaces) {
	in.SuccessorRegions = func(op *ir.Operation, _ *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
		return []ir.RegionSuccessor{{Region: op.Region(0)}, {}}
	}
	in.EntrySuccessorOperands = func(*ir.Operation, *ir.Region) []ir.Value { return nil }
	in.LoopRegions = func(op *ir.Operation) []*ir.Region { return []*ir.Region{op.Region(0)} }
	in.InductionVars = func(op *ir.Operation) []ir.Value { return values(blockArgs(op.Region(0), 0)) }
}

func executeRegionInterfaces(in *ir.Interfaces) {
	in.SuccessorRegions = func(op *ir.Operation, from *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
		if from == nil {
			return []ir.RegionSuccessor{{Region: op.Region(0)}}
		}
		return []ir.RegionSuccessor{parentSuccessor(op)}
	}
	in.EntrySuccessorOperands = func(*ir.Operation, *ir.Region) []ir.Value { return nil }
}

func indexSwitchInterfaces(in *ir.Interfaces) {
	in.SuccessorRegions = func(op *ir.Operation, from *ir.Region, operands []ir.Attribute) []ir.RegionSuccessor {
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
	in.EntrySuccessorOperands = func(*ir.Operation, *ir.Region) []ir.Value { return nil }
}

func reduceInterfaces(in *ir.Interfaces) {
	in.SuccessorOperands = func(*ir.Operation, *ir.Region) []ir.Value { return nil }
}

func yieldInterfaces(in *ir.Interfaces) {
	in.SuccessorOperands = func(op *ir.Operation, _ *ir.Region) []ir.Value { return op.Operands() }
}

func conditionInterfaces(in *ir.Interfaces) {
	in.SuccessorOperands = func(op *ir.Operation, _ *ir.Region) []ir.Value {
		if op.NumOperands() == 0 {
			return nil
		}
		return op.Operands()[1:]
	}
}
