// Package function gives the func dialect its semantics in the
// interpreter (core/interp): func.call calls the callee's body in a new
// frame, func.return returns from it; func.constant makes a value that
// refers to a function, which func.call_indirect calls. The calls and
// func.return forward poison operands. (The
// package lives in interp/func; since func is a Go keyword, it is named
// function, as dialects/func is.)
package function

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	funcd "github.com/strata-ir/strata/dialects/func"
)

// Register adds the semantics of func.call, func.call_indirect,
// func.constant and func.return to reg.
func Register(reg *interp.Registry) {
	reg.Register("func.return", funcReturn)
	reg.Register("func.call", funcCall)
	reg.Register("func.constant", constant)
	reg.Register("func.call_indirect", callIndirect)
	reg.AcceptPoison("func.return", "func.call", "func.call_indirect")
	reg.ExecutedBy("func.func", "func.call")
}

func funcReturn(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	f.Return(vs)
	return nil
}

// function is the run-time value of a function type: the function it
// refers to.
type function struct{ op *ir.Operation }

// constant is func.constant: a value referring to the function its
// symbol names.
func constant(f *interp.Frame, op *ir.Operation) error {
	c, ok := funcd.AsConstantOp(op)
	if !ok {
		return interp.Errorf(op, "malformed func.constant")
	}
	ref, ok := c.ValueAttr().(*ir.SymbolRefAttr)
	if !ok {
		return interp.Errorf(op, "requires a 'value' symbol reference attribute")
	}
	fn := f.Interpreter().LookupSymbol(op, ref)
	if fn == nil {
		return interp.Errorf(op, "'"+ref.Root+"' does not reference a valid function")
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, function{fn}))
	return nil
}

// callIndirect is func.call_indirect: a call of the function its first
// operand refers to.
func callIndirect(f *interp.Frame, op *ir.Operation) error {
	c, ok := funcd.AsCallIndirectOp(op)
	if !ok {
		return interp.Errorf(op, "malformed func.call_indirect")
	}
	callee, err := f.Get(op, c.Callee())
	if err != nil {
		return err
	}
	fn, ok := callee.Object().(function)
	if !ok {
		return interp.Errorf(op, "the callee is not a function value")
	}
	args, err := f.Values(op, c.CalleeOperands())
	if err != nil {
		return err
	}
	return call(f, op, fn.op, args)
}

func funcCall(f *interp.Frame, op *ir.Operation) error {
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return interp.Errorf(op, "requires a 'callee' symbol reference attribute")
	}
	in := f.Interpreter()
	callee := in.LookupSymbol(op, ref)
	if callee == nil {
		return interp.Errorf(op, "'"+ref.Root+"' does not reference a valid function")
	}
	args, err := f.Operands(op)
	if err != nil {
		return err
	}
	return call(f, op, callee, args)
}

// call runs callee on args for the call op and sets op's results.
func call(f *interp.Frame, op, callee *ir.Operation, args []interp.Value) error {
	res, err := f.Interpreter().Call(op, callee, args)
	if err != nil {
		return err
	}
	if len(res) != op.NumResults() {
		return interp.Errorf(op, fmt.Sprintf("callee returned %d values, the call expects %d", len(res), op.NumResults()))
	}
	for i, r := range res {
		f.SetResult(op, i, r)
	}
	return nil
}
