package llvm

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/funcimpl"
	"github.com/strata-ir/strata/core/ir"
)

func typeStr(t ir.Type) string { return asm.TypeString(t) }

func verifyFunc(op *ir.Operation) error {
	ft := FunctionTypeOf(op)
	if ft == nil {
		return ir.OpError(op, "requires attribute 'function_type' of LLVM function type")
	}
	nres := 1
	if _, void := ft.Result.(*VoidType); void {
		nres = 0
	}
	if err := funcimpl.VerifyArgResAttrs(op, true, op.InherentAttr("arg_attrs"), len(ft.Params)); err != nil {
		return err
	}
	if err := funcimpl.VerifyArgResAttrs(op, false, op.InherentAttr("res_attrs"), nres); err != nil {
		return err
	}
	entry := op.Region(0).First()
	if entry == nil {
		return nil
	}
	if entry.NumArguments() != len(ft.Params) {
		return ir.OpError(op, fmt.Sprintf("entry block must have %d arguments to match function signature", len(ft.Params)))
	}
	for i, p := range ft.Params {
		if entry.Argument(i).Type() != p {
			return ir.OpError(op, fmt.Sprintf("entry block argument #%d does not match the function signature", i))
		}
	}
	return nil
}

func verifyGlobal(op *ir.Operation) error {
	ta, ok := op.InherentAttr("global_type").(*ir.TypeAttr)
	if !ok {
		return nil
	}
	if !IsCompatibleType(ta.Type) {
		return ir.OpError(op, "expects type to be a valid element type for an LLVM global")
	}
	if str, ok := op.InherentAttr("value").(*ir.StringAttr); ok && !isI8Array(ta.Type, len(str.Value)) {
		return ir.OpError(op, "requires an i8 array type of the length equal to that of the string attribute")
	}
	if op.InherentAttr("value") != nil && !op.Region(0).Empty() {
		return ir.OpError(op, "cannot have both initializer value and region")
	}
	return nil
}

func verifySuccessorOperands(op *ir.Operation, succ int, operands []ir.Value) error {
	args := op.Successor(succ).Arguments()
	if len(operands) != len(args) {
		return ir.EmitError(op, fmt.Sprintf("branch has %d operands for successor #%d, but target block has %d", len(operands), succ, len(args)))
	}
	for i, v := range operands {
		if v.Type() != args[i].Type() {
			return ir.EmitError(op, fmt.Sprintf("type mismatch for bb argument #%d of successor #%d", i, succ))
		}
	}
	return nil
}

func verifyBr(op *ir.Operation) error { return verifySuccessorOperands(op, 0, op.Operands()) }

func verifyCondBr(op *ir.Operation) error {
	seg := segments(op)
	if len(seg) != 3 {
		return nil
	}
	if err := verifySuccessorOperands(op, 0, seg[1]); err != nil {
		return err
	}
	return verifySuccessorOperands(op, 1, seg[2])
}

func verifySwitch(op *ir.Operation) error {
	seg := segments(op)
	if len(seg) != 3 {
		return nil
	}
	vals := SwitchCaseValues(op)
	if len(vals) != op.NumSuccessors()-1 {
		return ir.OpError(op, "expects number of case values to match number of case destinations")
	}
	groups := i32s(op.InherentAttr("case_operand_segments"))
	if len(groups) != len(vals) {
		return ir.OpError(op, "expects number of case operand groups to match number of case destinations")
	}
	if err := verifySuccessorOperands(op, 0, seg[1]); err != nil {
		return err
	}
	at := 0
	for i, n := range groups {
		if at+int(n) > len(seg[2]) {
			return ir.OpError(op, "case operand segments exceed the case operands")
		}
		if err := verifySuccessorOperands(op, i+1, seg[2][at:at+int(n)]); err != nil {
			return err
		}
		at += int(n)
	}
	return nil
}

// enclosingFunc returns the llvm.func around op, or nil.
func enclosingFunc(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name() == "llvm.func" {
			return p
		}
	}
	return nil
}

func verifyReturn(op *ir.Operation) error {
	parent := op.ParentOp()
	if parent == nil || parent.Name() != "llvm.func" {
		return nil
	}
	ft := FunctionTypeOf(parent)
	if ft == nil {
		return nil
	}
	_, void := ft.Result.(*VoidType)
	var msg string
	switch {
	case void && op.NumOperands() > 0:
		msg = "expected no operands"
	case !void && op.NumOperands() != 1:
		msg = "expected 1 operand"
	case !void && op.Operand(0).Type() != ft.Result:
		msg = "mismatching result types"
	default:
		return nil
	}
	return ir.OpError(op, msg).Note(parent.Loc(), "when returning from function")
}

// lookupSymbol finds the operation defining name in the nearest symbol
// table around op.
func lookupSymbol(op *ir.Operation, name string) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if !p.HasTrait(ir.SymbolTableTrait) {
			continue
		}
		for b := p.Region(0).First(); b != nil; b = b.Next() {
			for o := b.First(); o != nil; o = o.Next() {
				if s, ok := o.InherentAttr("sym_name").(*ir.StringAttr); ok && s.Value == name {
					return o
				}
			}
		}
		return nil
	}
	return nil
}

func verifyCall(op *ir.Operation) error {
	callee, ok := op.InherentAttr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	fn := lookupSymbol(op, callee.Root)
	if fn == nil || fn.Name() != "llvm.func" {
		if fn == nil && enclosingFunc(op) == nil {
			return nil
		}
		return ir.OpError(op, "'"+callee.Root+"' does not reference a valid LLVM function")
	}
	ft := FunctionTypeOf(fn)
	if ft == nil {
		return nil
	}
	args := segments(op)
	if len(args) == 0 {
		return nil
	}
	if len(args[0]) < len(ft.Params) || (!ft.VarArg && len(args[0]) != len(ft.Params)) {
		return ir.OpError(op, "incorrect number of operands ("+fmt.Sprint(len(args[0]))+") for callee (expecting: "+fmt.Sprint(len(ft.Params))+")")
	}
	for i, p := range ft.Params {
		if args[0][i].Type() != p {
			return ir.OpError(op, fmt.Sprintf("operand type mismatch for operand %d: %s != %s", i, typeStr(args[0][i].Type()), typeStr(p)))
		}
	}
	_, void := ft.Result.(*VoidType)
	if void && op.NumResults() != 0 {
		return ir.OpError(op, "expected function call to produce no value")
	}
	if !void && (op.NumResults() != 1 || op.Result(0).Type() != ft.Result) {
		return ir.OpError(op, "result type mismatch")
	}
	return nil
}

func verifyAddressOf(op *ir.Operation) error {
	if _, ok := op.Result(0).Type().(*PointerType); !ok {
		return ir.OpError(op, "result #0 must be LLVM pointer type, but got '"+typeStr(op.Result(0).Type())+"'")
	}
	name, ok := op.InherentAttr("global_name").(*ir.SymbolRefAttr)
	if !ok || enclosingFunc(op) == nil {
		return nil
	}
	if target := lookupSymbol(enclosingFunc(op), name.Root); target == nil ||
		(target.Name() != "llvm.mlir.global" && target.Name() != "llvm.func") {
		return ir.OpError(op, "must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'")
	}
	return nil
}

// isI8Array reports whether t is !llvm.array<n x i8>.
func isI8Array(t ir.Type, n int) bool {
	a, ok := t.(*ArrayType)
	if !ok || a.Len != uint64(n) {
		return false
	}
	it, ok := a.Elem.(*ir.IntegerType)
	return ok && it.Width == 8
}

func isPtr(t ir.Type) bool {
	_, ok := t.(*PointerType)
	return ok
}

// isAggregate reports whether t is an LLVM array or struct type.
func isAggregate(t ir.Type) bool {
	switch t.(type) {
	case *ArrayType, *StructType:
		return true
	}
	return false
}

// verifyExtractValue checks that the position fits the container and
// names an element of the result's type (ExtractValueOp::verify).
func verifyExtractValue(op *ir.Operation) error {
	container := op.Operand(0).Type()
	if !isAggregate(container) {
		return ir.OpError(op, "operand #0 must be LLVM aggregate type, but got '"+typeStr(container)+"'")
	}
	t, msg := elementAt(container, i64s(op.InherentAttr("position")))
	if t == nil {
		return ir.OpError(op, msg)
	}
	if res := op.Result(0).Type(); res != t {
		return ir.OpError(op, "Type mismatch: extracting from '"+typeStr(container)+"' should produce '"+typeStr(t)+"' but this op returns '"+typeStr(res)+"'")
	}
	return nil
}

// verifyInsertValue checks that the position fits the container and names
// an element of the inserted value's type (InsertValueOp::verify).
func verifyInsertValue(op *ir.Operation) error {
	container := op.Operand(0).Type()
	if !isAggregate(container) {
		return ir.OpError(op, "operand #0 must be LLVM aggregate type, but got '"+typeStr(container)+"'")
	}
	t, msg := elementAt(container, i64s(op.InherentAttr("position")))
	if t == nil {
		return ir.OpError(op, msg)
	}
	if v := op.Operand(1).Type(); v != t {
		return ir.OpError(op, "Type mismatch: cannot insert '"+typeStr(v)+"' into '"+typeStr(container)+"'")
	}
	return nil
}

func verifyLoad(op *ir.Operation) error {
	if !isPtr(op.Operand(0).Type()) {
		return ir.OpError(op, "operand #0 must be LLVM pointer type, but got '"+typeStr(op.Operand(0).Type())+"'")
	}
	return nil
}

func verifyStore(op *ir.Operation) error {
	if !isPtr(op.Operand(1).Type()) {
		return ir.OpError(op, "operand #1 must be LLVM pointer type, but got '"+typeStr(op.Operand(1).Type())+"'")
	}
	return nil
}

func verifyAlloca(op *ir.Operation) error {
	if !isPtr(op.Result(0).Type()) {
		return ir.OpError(op, "result #0 must be LLVM pointer type, but got '"+typeStr(op.Result(0).Type())+"'")
	}
	return nil
}

func verifyGEP(op *ir.Operation) error {
	base := op.Operand(0).Type()
	if vt, ok := base.(*ir.VectorType); ok && len(vt.Shape) == 1 {
		base = vt.Elem
	}
	if !isPtr(base) {
		return ir.OpError(op, "operand #0 must be LLVM pointer type or LLVM dialect-compatible vector of LLVM pointer type, but got '"+typeStr(op.Operand(0).Type())+"'")
	}
	dyn := 0
	for _, c := range i32s(op.InherentAttr("rawConstantIndices")) {
		if c == dynamicIndex {
			dyn++
		}
	}
	if dyn != op.NumOperands()-1 {
		return ir.OpError(op, "expected as many dynamic indices as specified in 'rawConstantIndices'")
	}
	return nil
}

func verifyConstant(op *ir.Operation) error {
	t := op.Result(0).Type()
	// A scalar float is splat over a vector of its type (not an integer).
	elem := t
	if vt, ok := t.(*ir.VectorType); ok {
		elem = vt.Elem
	}
	switch v := op.InherentAttr("value").(type) {
	case *ir.IntegerAttr:
		if _, ok := t.(*ir.IntegerType); !ok {
			return ir.OpError(op, "expected integer type")
		}
	case *ir.FloatAttr:
		if v.Type != elem {
			return ir.OpError(op, "expected float type of the same width")
		}
	case *ir.StringAttr:
		if !isI8Array(t, len(v.Value)) {
			return ir.OpError(op, "expected array type of "+fmt.Sprint(len(v.Value))+" i8 elements for the string constant")
		}
	}
	return nil
}

// verifyFence is upstream's FenceOp::verify.
func verifyFence(op *ir.Operation) error {
	switch ir.AttrString(op.InherentAttr("ordering")) {
	case "0 : i64", "1 : i64", "2 : i64":
		return ir.OpError(op, "can be given only acquire, release, acq_rel, and seq_cst orderings")
	}
	return nil
}
