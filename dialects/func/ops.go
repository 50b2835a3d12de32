package function

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
)

// ReturnDef is func.return: `return %a, %b : i32, f32`.
var ReturnDef = &ir.OpDef{
	Name:    "func.return",
	Summary: "Function return operation",
	Traits:  ir.Pure | ir.ReturnLike | ir.IsTerminator,
	Verify:  verifyReturn,
	Print:   printReturn,
	Parse:   parseReturn,
}

func verifyReturn(op *ir.Operation) error {
	if err := firstErr(op, zeroRegions, zeroResults, zeroSuccessors); err != nil {
		return err
	}
	fn := op.ParentOp()
	if fn == nil || fn.Name() != "func.func" {
		return ir.OpError(op, "expects parent op 'func.func'")
	}
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

// printReturn is the declarative `attr-dict ($operands^ `:` type($operands))?`.
func printReturn(p ir.OpAsmPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.AllAttrs())
	if op.NumOperands() == 0 {
		return
	}
	p.WriteString(" ")
	ir.PrintOperandList(p, op.Operands())
	p.WriteString(" : ")
	ir.PrintTypeList(p, op.OperandTypes())
}

func parseReturn(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	attrs := p.ParseOptionalAttrDict()
	pos := p.CurrentPos()
	var uses []ir.UnresolvedOperand
	if u, ok := p.ParseOptionalOperand(); ok {
		uses = append(uses, u)
		for p.ParseOptionalPunct(",") {
			uses = append(uses, p.ParseOperand())
		}
	}
	var types []ir.Type
	if len(uses) > 0 {
		p.ParsePunct(":")
		types = parseTypeList(p)
	}
	ops, err := resolveOperands(p, uses, types, pos)
	if err != nil {
		return err
	}
	st.Operands = ops
	if len(attrs) > 0 {
		st.Attributes = ctx.DictionaryAttr(attrs)
	}
	return nil
}

// CallDef is func.call: `%r = call @f(%a) : (i32) -> i32`.
var CallDef = &ir.OpDef{
	Name:          "func.call",
	Summary:       "call operation",
	InherentAttrs: []string{"callee", "arg_attrs", "res_attrs", "no_inline"},
	CallTarget: func(op *ir.Operation) *ir.SymbolRefAttr {
		ref, _ := op.Attr("callee").(*ir.SymbolRefAttr)
		return ref
	},
	Verify:           verifyCall,
	VerifySymbolUses: verifyCallSymbolUses,
	Print:            printCall,
	Parse:            parseCall,
}

var callAttrs = []attrConstraint{
	{"callee", true, "flat symbol reference attribute", isFlatSymbolRef},
	{"arg_attrs", false, "Array of dictionary attributes", isDictArray},
	{"res_attrs", false, "Array of dictionary attributes", isDictArray},
	{"no_inline", false, "unit attribute", isUnit},
}

func verifyCall(op *ir.Operation) error {
	if err := firstErr(op, zeroRegions, zeroSuccessors); err != nil {
		return err
	}
	return verifyAttrs(op, callAttrs)
}

// verifyCallSymbolUses is CallOp::verifySymbolUses.
func verifyCallSymbolUses(op *ir.Operation) error {
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
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

// printCall is the declarative
// `$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)`.
func printCall(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintAttributeWithoutType(op.InherentAttr("callee"))
	p.WriteString("(")
	ir.PrintOperandList(p, op.Operands())
	p.WriteString(")")
	p.PrintOptionalAttrDict(op.AllAttrs(), "callee")
	p.WriteString(" : ")
	ir.PrintFunctionalType(p, op.OperandTypes(), op.ResultTypes())
}

func parseCall(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	callee, err := parseFlatSymbolRef(p)
	if err != nil {
		return err
	}
	p.ParsePunct("(")
	pos := p.CurrentPos()
	uses := parseOperandList(p)
	p.ParsePunct(")")
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	ft, err := parseFunctionType(p)
	if err != nil {
		return err
	}
	ops, err := resolveOperands(p, uses, ft.Inputs, pos)
	if err != nil {
		return err
	}
	st.Operands = ops
	st.ResultTypes = ft.Results
	st.Attributes = ctx.DictionaryAttr(append([]ir.NamedAttr{{Name: "callee", Value: callee}}, attrs...))
	return nil
}

// CallIndirectDef is func.call_indirect:
// `%r = call_indirect %f(%a) : (i32) -> i32`.
var CallIndirectDef = &ir.OpDef{
	Name:          "func.call_indirect",
	Summary:       "indirect call operation",
	InherentAttrs: []string{"arg_attrs", "res_attrs"},
	Verify:        verifyCallIndirect,
	Print:         printCallIndirect,
	Parse:         parseCallIndirect,
}

var callIndirectAttrs = []attrConstraint{
	{"arg_attrs", false, "Array of dictionary attributes", isDictArray},
	{"res_attrs", false, "Array of dictionary attributes", isDictArray},
}

func verifyCallIndirect(op *ir.Operation) error {
	if err := firstErr(op, zeroRegions, zeroSuccessors); err != nil {
		return err
	}
	if op.NumOperands() < 1 {
		return ir.OpError(op, fmt.Sprintf("expected 1 or more operands, but found %d", op.NumOperands()))
	}
	if err := verifyAttrs(op, callIndirectAttrs); err != nil {
		return err
	}
	ft, ok := op.Operand(0).Type().(*ir.FunctionType)
	if !ok {
		return ir.OpError(op, "operand #0 must be function type, but got "+typeString(op.Operand(0).Type()))
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

// printCallIndirect is the declarative
// `$callee `(` $callee_operands `)` attr-dict `:` type($callee)`.
func printCallIndirect(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString("(")
	ir.PrintOperandList(p, op.Operands()[1:])
	p.WriteString(")")
	p.PrintOptionalAttrDict(op.AllAttrs())
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

func parseCallIndirect(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	callee := p.ParseOperand()
	p.ParsePunct("(")
	pos := p.CurrentPos()
	uses := parseOperandList(p)
	p.ParsePunct(")")
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	ft, err := parseFunctionType(p)
	if err != nil {
		return err
	}
	calleeVal := p.ResolveOperand(callee, ft)
	ops, err := resolveOperands(p, uses, ft.Inputs, pos)
	if err != nil {
		return err
	}
	st.Operands = append([]ir.Value{calleeVal}, ops...)
	st.ResultTypes = ft.Results
	if len(attrs) > 0 {
		st.Attributes = ctx.DictionaryAttr(attrs)
	}
	return nil
}

// ConstantDef is func.constant: `%f = constant @fn : (i32) -> i32`.
var ConstantDef = &ir.OpDef{
	Name:             "func.constant",
	Summary:          "constant",
	Traits:           ir.ConstantLike | ir.Pure,
	InherentAttrs:    []string{"value"},
	Verify:           verifyConstant,
	VerifySymbolUses: verifyConstantSymbolUses,
	Print:            printConstant,
	Parse:            parseConstant,
	AsmResultNames:   func(op *ir.Operation, set func(int, string)) { set(0, "f") },
}

var constantAttrs = []attrConstraint{
	{"value", true, "flat symbol reference attribute", isFlatSymbolRef},
}

func verifyConstant(op *ir.Operation) error {
	if err := firstErr(op, zeroRegions, oneResult, zeroSuccessors, zeroOperands); err != nil {
		return err
	}
	return verifyAttrs(op, constantAttrs)
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

// printConstant is the declarative `attr-dict $value `:` type(results)`.
func printConstant(p ir.OpAsmPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.AllAttrs(), "value")
	p.WriteString(" ")
	p.PrintAttributeWithoutType(op.InherentAttr("value"))
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

func parseConstant(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	attrs := p.ParseOptionalAttrDict()
	value, err := parseFlatSymbolRef(p)
	if err != nil {
		return err
	}
	p.ParsePunct(":")
	st.ResultTypes = []ir.Type{p.ParseType()}
	st.Attributes = ctx.DictionaryAttr(append(attrs, ir.NamedAttr{Name: "value", Value: value}))
	return nil
}

// ---- Declarative-format helpers ----

// parseTypeList parses `type (, type)*`.
func parseTypeList(p ir.OpAsmParser) []ir.Type {
	ts := []ir.Type{p.ParseType()}
	for p.ParseOptionalPunct(",") {
		ts = append(ts, p.ParseType())
	}
	return ts
}

// parseOperandList parses a possibly empty `%a, %b` list without
// delimiters.
func parseOperandList(p ir.OpAsmParser) []ir.UnresolvedOperand {
	u, ok := p.ParseOptionalOperand()
	if !ok {
		return nil
	}
	us := []ir.UnresolvedOperand{u}
	for p.ParseOptionalPunct(",") {
		us = append(us, p.ParseOperand())
	}
	return us
}

// resolveOperands is OpAsmParser::resolveOperands with a location.
func resolveOperands(p ir.OpAsmParser, uses []ir.UnresolvedOperand, types []ir.Type, pos ir.SourcePos) ([]ir.Value, error) {
	if len(uses) != len(types) {
		return nil, p.ErrorAt(pos, fmt.Sprintf("number of operands and types do not match: got %d operands and %d types", len(uses), len(types)))
	}
	vs := make([]ir.Value, len(uses))
	for i, u := range uses {
		vs[i] = p.ResolveOperand(u, types[i])
	}
	return vs, nil
}

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

// parseFlatSymbolRef parses an attribute that must be a flat symbol
// reference.
func parseFlatSymbolRef(p ir.OpAsmParser) (ir.Attribute, error) {
	pos := p.CurrentPos()
	a := p.ParseAttribute(p.Context().NoneType())
	if !isFlatSymbolRef(a) {
		return nil, p.ErrorAt(pos, "invalid kind of attribute specified")
	}
	return a, nil
}
