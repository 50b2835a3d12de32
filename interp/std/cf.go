package std

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

func registerCF(reg *interp.Registry) {
	reg.Register("cf.br", cfBr)
	reg.Register("cf.cond_br", cfCondBr)
	reg.Register("cf.switch", cfSwitch)
	reg.Register("cf.assert", cfAssert)
}

func cfBr(f *interp.Frame, op *ir.Operation) error {
	args, err := f.Operands(op)
	if err != nil {
		return err
	}
	f.Branch(op.Successor(0), args)
	return nil
}

// segment returns the values of op's operand group i, or an error when op
// has no operandSegmentSizes.
func segment(f *interp.Frame, op *ir.Operation, i int) ([]interp.Value, error) {
	vs, ok := interp.Segment(op, i)
	if !ok {
		return nil, interp.Errorf(op, "requires an 'operandSegmentSizes' property")
	}
	return f.Values(op, vs)
}

func cfCondBr(f *interp.Frame, op *ir.Operation) error {
	c, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	i := 2
	succ := op.Successor(1)
	if c.Bool() {
		i, succ = 1, op.Successor(0)
	}
	args, err := segment(f, op, i)
	if err != nil {
		return err
	}
	f.Branch(succ, args)
	return nil
}

func cfSwitch(f *interp.Frame, op *ir.Operation) error {
	flag, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	var cases []uint64
	if a, ok := op.Attr("case_values").(*ir.DenseElementsAttr); ok {
		d, err := interp.DenseFromAttr(a)
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		cases = d.Data
	}
	for ci, v := range cases {
		if interp.MakeInt(flag.Type, v).Uint() != flag.Uint() {
			continue
		}
		all, err := segment(f, op, 2)
		if err != nil {
			return err
		}
		segs := interp.DenseArray(op.Attr("case_operand_segments"))
		start := 0
		for _, s := range segs[:ci] {
			start += int(s)
		}
		var args []interp.Value
		if ci < len(segs) {
			args = all[start : start+int(segs[ci])]
		}
		f.Branch(op.Successor(ci+1), args)
		return nil
	}
	args, err := segment(f, op, 1)
	if err != nil {
		return err
	}
	f.Branch(op.Successor(0), args)
	return nil
}

func cfAssert(f *interp.Frame, op *ir.Operation) error {
	c, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	if !c.Bool() {
		msg := ""
		if s, ok := op.Attr("msg").(*ir.StringAttr); ok {
			msg = s.Value
		}
		return interp.Errorf(op, "assertion failed: "+msg)
	}
	return nil
}
