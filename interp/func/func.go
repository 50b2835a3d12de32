// Package function gives the func dialect its semantics in the
// interpreter (core/interp): func.call calls the callee's body in a new
// frame, func.return returns from it. Both forward poison operands. (The
// package lives in interp/func; since func is a Go keyword, it is named
// function, as dialects/func is.)
package function

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// Register adds the semantics of func.call and func.return to reg.
func Register(reg *interp.Registry) {
	reg.Register("func.return", funcReturn)
	reg.Register("func.call", funcCall)
	reg.AcceptPoison("func.return", "func.call")
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
	res, err := in.Call(op, callee, args)
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
