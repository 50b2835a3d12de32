package cf

import "github.com/strata-ir/strata/core/ir"

// setBranchInterfaces fills in BranchOpInterface for cf.br, cf.cond_br and
// cf.switch: the operands each passes to a successor, and the successor
// taken for constant operands.
func setBranchInterfaces(ctx *ir.Context) {
	if on := ctx.LookupOpName("cf.br"); on != nil && on.Def != nil {
		on.Def.BranchSuccessorOperands = func(op *ir.Operation, _ int) []ir.Value { return op.Operands() }
		on.Def.SuccessorForOperands = func(op *ir.Operation, _ []ir.Attribute) *ir.Block { return op.Successor(0) }
		on.Def.SetBranchSuccessorOperands = func(op *ir.Operation, _ int, vals []ir.Value) { op.SetOperands(vals) }
	}
	if on := ctx.LookupOpName("cf.cond_br"); on != nil && on.Def != nil {
		on.Def.BranchSuccessorOperands = func(op *ir.Operation, i int) []ir.Value {
			if seg := segments(op); len(seg) == 3 && i < 2 {
				return seg[1+i]
			}
			return nil
		}
		on.Def.SetBranchSuccessorOperands = func(op *ir.Operation, i int, vals []ir.Value) {
			seg := segments(op)
			if len(seg) != 3 || i > 1 {
				return
			}
			seg[1+i] = vals
			setSegments(op, seg)
		}
		on.Def.SuccessorForOperands = func(op *ir.Operation, operands []ir.Attribute) *ir.Block {
			c, ok := operands[0].(*ir.IntegerAttr)
			if !ok {
				return nil
			}
			if c.Lo != 0 {
				return op.Successor(0)
			}
			return op.Successor(1)
		}
	}
	if on := ctx.LookupOpName("cf.switch"); on != nil && on.Def != nil {
		on.Def.BranchSuccessorOperands = switchSuccessorOperands
		on.Def.SetBranchSuccessorOperands = setSwitchSuccessorOperands
		on.Def.SuccessorForOperands = func(op *ir.Operation, operands []ir.Attribute) *ir.Block {
			c, ok := operands[0].(*ir.IntegerAttr)
			if !ok {
				return nil
			}
			flag := c.Lo
			if w := intWidth(c.Type); w > 0 && w < 64 {
				flag &= 1<<uint(w) - 1
			}
			vals, _, _ := caseValues(op.InherentAttr("case_values"))
			for i, v := range vals {
				if v == flag && i+1 < op.NumSuccessors() {
					return op.Successor(i + 1)
				}
			}
			return op.Successor(0)
		}
	}
}

// switchSuccessorOperands returns the operands cf.switch passes to its
// successor i (0 is the default destination).
func switchSuccessorOperands(op *ir.Operation, i int) []ir.Value {
	seg := segments(op)
	if len(seg) != 3 {
		return nil
	}
	if i == 0 {
		return seg[1]
	}
	at := 0
	for k, n := range i32s(op.InherentAttr("case_operand_segments")) {
		if at+int(n) > len(seg[2]) {
			return nil
		}
		if k == i-1 {
			return seg[2][at : at+int(n)]
		}
		at += int(n)
	}
	return nil
}

// setSegments sets op's operands to the concatenation of seg and updates
// operandSegmentSizes.
func setSegments(op *ir.Operation, seg [][]ir.Value) {
	var all []ir.Value
	sizes := make([]int32, len(seg))
	for i, s := range seg {
		all = append(all, s...)
		sizes[i] = int32(len(s))
	}
	op.SetOperands(all)
	op.SetAttr("operandSegmentSizes", op.Context().DenseI32Array(sizes...))
}

// setSwitchSuccessorOperands replaces the operands cf.switch passes to its
// successor i, updating both segment size lists.
func setSwitchSuccessorOperands(op *ir.Operation, i int, vals []ir.Value) {
	seg := segments(op)
	if len(seg) != 3 {
		return
	}
	if i == 0 {
		seg[1] = vals
		setSegments(op, seg)
		return
	}
	groups := i32s(op.InherentAttr("case_operand_segments"))
	if i-1 >= len(groups) {
		return
	}
	var cases []ir.Value
	at := 0
	for k, n := range groups {
		if at+int(n) > len(seg[2]) {
			return
		}
		if k == i-1 {
			cases = append(cases, vals...)
		} else {
			cases = append(cases, seg[2][at:at+int(n)]...)
		}
		at += int(n)
	}
	groups = append([]int32(nil), groups...)
	groups[i-1] = int32(len(vals))
	seg[2] = cases
	setSegments(op, seg)
	op.SetAttr("case_operand_segments", op.Context().DenseI32Array(groups...))
}
