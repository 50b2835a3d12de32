package cf

import "github.com/strata-ir/strata/core/ir"

// setBranchInterfaces attaches ir.BranchOp to cf.br, cf.cond_br and
// cf.switch: the operands each passes to a successor, and the successor
// taken for constant operands.
func setBranchInterfaces(ctx *ir.Context) {
	for name, m := range map[string]ir.BranchOpInterface{
		"cf.br":      brModel{},
		"cf.cond_br": condBrModel{},
		"cf.switch":  switchModel{},
	} {
		if on := ctx.LookupOpName(name); on != nil && on.Def != nil {
			ir.BranchOp.Attach(on.Def, m)
		}
	}
}

// brModel is cf.br's model of ir.BranchOp.
type brModel struct{}

func (brModel) BranchSuccessorOperands(op *ir.Operation, _ int) []ir.Value { return op.Operands() }

func (brModel) SetBranchSuccessorOperands(op *ir.Operation, _ int, vals []ir.Value) {
	op.SetOperands(vals)
}

func (brModel) SuccessorForOperands(op *ir.Operation, _ []ir.Attribute) *ir.Block {
	return op.Successor(0)
}

// condBrModel is cf.cond_br's model of ir.BranchOp.
type condBrModel struct{}

func (condBrModel) BranchSuccessorOperands(op *ir.Operation, i int) []ir.Value {
	if seg := segments(op); len(seg) == 3 && i < 2 {
		return seg[1+i]
	}
	return nil
}

func (condBrModel) SetBranchSuccessorOperands(op *ir.Operation, i int, vals []ir.Value) {
	seg := segments(op)
	if len(seg) != 3 || i > 1 {
		return
	}
	seg[1+i] = vals
	setSegments(op, seg)
}

func (condBrModel) SuccessorForOperands(op *ir.Operation, operands []ir.Attribute) *ir.Block {
	c, ok := operands[0].(*ir.IntegerAttr)
	if !ok {
		return nil
	}
	if c.Lo != 0 {
		return op.Successor(0)
	}
	return op.Successor(1)
}

// switchModel is cf.switch's model of ir.BranchOp.
type switchModel struct{}

func (switchModel) BranchSuccessorOperands(op *ir.Operation, i int) []ir.Value {
	return switchSuccessorOperands(op, i)
}

func (switchModel) SetBranchSuccessorOperands(op *ir.Operation, i int, vals []ir.Value) {
	setSwitchSuccessorOperands(op, i, vals)
}

func (switchModel) SuccessorForOperands(op *ir.Operation, operands []ir.Attribute) *ir.Block {
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
