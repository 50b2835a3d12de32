package function

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// attachHooks adds to the operations declared in func.irdl what their
// hooks do not cover: the call target and the symbol-use checks.
func attachHooks(ctx *ir.Context) {
	def := func(name string) *ir.OpDef { return ctx.LookupOpName(name).Def }
	call := def("func.call")
	ir.CallOp.Attach(call, ir.CallTargetFunc(func(op *ir.Operation) *ir.SymbolRefAttr {
		ref, _ := op.InherentAttr("callee").(*ir.SymbolRefAttr)
		return ref
	}))
	ir.SymbolUserOp.Attach(call, ir.VerifySymbolUsesFunc(verifyCallSymbolUses))
	ir.SymbolUserOp.Attach(def("func.constant"), ir.VerifySymbolUsesFunc(verifyConstantSymbolUses))
}

// verifyReturn checks the operands against the enclosing function's
// result types (ReturnOp::verify).
func verifyReturn(op *ir.Operation) error {
	fn := op.ParentOp()
	ft := functionType(fn)
	if ft == nil {
		return nil
	}
	if op.NumOperands() != len(ft.Results) {
		return ir.OpError(op, fmt.Sprintf("has %d operands, but enclosing function (@%s) returns %d", op.NumOperands(), symName(fn), len(ft.Results)))
	}
	for i, r := range ft.Results {
		if t := op.Operand(i).Type(); t != r {
			return ir.EmitError(op, fmt.Sprintf("type of return operand %d (%s) doesn't match function result type (%s) in function @%s", i, typeString(t), typeString(r), symName(fn)))
		}
	}
	return nil
}

// verifyCallSymbolUses is CallOp::verifySymbolUses.
func verifyCallSymbolUses(op *ir.Operation) error {
	ref, ok := op.InherentAttr("callee").(*ir.SymbolRefAttr)
	if !ok || len(ref.Nested) != 0 {
		return ir.OpError(op, "requires a 'callee' symbol reference attribute")
	}
	fn := lookupNearestSymbolFrom(op, ref.Root)
	if fn == nil || fn.Name() != "func.func" {
		return ir.OpError(op, "'"+ref.Root+"' does not reference a valid function")
	}
	ft := functionType(fn)
	if ft == nil {
		return ir.OpError(op, "'"+ref.Root+"' does not reference a valid function")
	}
	if len(ft.Inputs) != op.NumOperands() {
		return ir.OpError(op, "incorrect number of operands for callee")
	}
	for i, in := range ft.Inputs {
		if t := op.Operand(i).Type(); t != in {
			return ir.OpError(op, fmt.Sprintf("operand type mismatch: expected operand type %s, but provided %s for operand number %d", typeString(in), typeString(t), i))
		}
	}
	if len(ft.Results) != op.NumResults() {
		return ir.OpError(op, "incorrect number of results for callee")
	}
	for i, r := range ft.Results {
		if op.Result(i).Type() != r {
			d := ir.OpError(op, fmt.Sprintf("result type mismatch at index %d", i))
			d.Note(op.Loc(), "      op result types: "+typeList(op.ResultTypes()))
			d.Note(op.Loc(), "function result types: "+typeList(ft.Results))
			return d
		}
	}
	return nil
}

// verifyCallIndirect checks call_indirect's TypesMatchWith constraints.
func verifyCallIndirect(op *ir.Operation) error {
	ft, ok := op.Operand(0).Type().(*ir.FunctionType)
	if !ok {
		return nil
	}
	if !sameTypes(ft.Inputs, op.OperandTypes()[1:]) {
		return ir.OpError(op, "failed to verify that callee input types match argument types")
	}
	if !sameTypes(ft.Results, op.ResultTypes()) {
		return ir.OpError(op, "failed to verify that callee result types match result types")
	}
	return nil
}

func sameTypes(a, b []ir.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// registerCallIndirectType registers the custom directive of
// call_indirect's types: the callee's function type, from which the
// argument and result types follow (ODS's TypesMatchWith inference).
func registerCallIndirectType() {
	irdl.RegisterCustomDirective("CallIndirectType",
		func(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
			ft, err := parseFunctionType(p)
			if err != nil {
				return true, err
			}
			args[0].Types = []ir.Type{ft}
			args[1].Types = ft.Inputs
			args[2].Types = ft.Results
			return true, nil
		},
		func(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
			p.PrintType(args[0].Types[0])
		})
}

// verifyConstantSymbolUses checks that the referenced function exists and
// has the constant's type (ConstantOp::verifySymbolUses).
func verifyConstantSymbolUses(op *ir.Operation) error {
	ref, ok := op.InherentAttr("value").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	name := ref.Root
	fn := lookupNearestSymbolFrom(op, name)
	if fn == nil || fn.Name() != "func.func" {
		return ir.OpError(op, "reference to undefined function '"+name+"'")
	}
	if ft := functionType(fn); ft == nil || ir.Type(ft) != op.Result(0).Type() {
		return ir.OpError(op, "reference to function with mismatched type")
	}
	return nil
}

// ---- Declarative-format helpers ----

// parseFunctionType parses a type that must be a function type.
func parseFunctionType(p ir.OpAsmParser) (*ir.FunctionType, error) {
	pos := p.CurrentPos()
	t := p.ParseType()
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return nil, p.ErrorAt(pos, "invalid kind of type specified: expected builtin.function, but found "+typeString(t))
	}
	return ft, nil
}
