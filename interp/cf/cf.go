// Package cf gives the cf dialect its semantics in the interpreter
// (core/interp): branches to blocks and assertions. A poison branch
// condition or switch flag is an error; forwarded operands may be poison.
package cf

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// Register adds the semantics of the cf operations to reg.
func Register(reg *interp.Registry) {
	reg.Register("cf.br", cfBr)
	reg.Register("cf.cond_br", cfCondBr)
	reg.Register("cf.switch", cfSwitch)
	reg.Register("cf.assert", cfAssert)
	// Their forwarded operands may be poison; the condition may not.
	reg.AcceptPoison("cf.br", "cf.cond_br", "cf.switch")
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
func cfCondBr(f *interp.Frame, op *ir.Operation) error {
	c, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	if err := interp.PoisonError(op, "the branch condition", c); err != nil {
		return err
	}
	i := 2
	succ := op.Successor(1)
	if c.Bool() {
		i, succ = 1, op.Successor(0)
	}
	args, err := f.SegmentValues(op, i)
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
	if err := interp.PoisonError(op, "the switch flag", flag); err != nil {
		return err
	}
	return f.Switch(op, flag)
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
