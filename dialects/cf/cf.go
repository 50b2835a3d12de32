// Package cf defines MLIR's cf (control flow) dialect: cf.assert, cf.br,
// cf.cond_br and cf.switch. The operations are declared in cf.irdl
// (Strata's definition language), loaded when the dialect is registered;
// this file adds what the declarations cannot say: cf.switch's case list
// (the custom directive SwitchOpCases, which also stands for ODS's
// VariadicOfVariadic caseOperands), the checks of BranchOpInterface and
// WeightedBranchOpInterface, and cf.switch's verifier.
package cf

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o cf_gen.go cf.irdl

import (
	_ "embed"
	"fmt"
	"strconv"
	"sync"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed cf.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/cf/cf.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

var directives sync.Once

// Register adds the cf dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	directives.Do(registerSwitchOpCases)
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("cf: loading cf.irdl: " + err.Error())
	}
	registerHooks(ctx)
	setBranchInterfaces(ctx)
	if d := ctx.Dialect("cf"); d != nil {
		d.Inlinable = true
	}
}

// i32s returns the elements of an i32 dense array, or nil.
func i32s(a ir.Attribute) []int32 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int32, 0, d.Size)
	for i := 0; i+4 <= len(d.Data); i += 4 {
		out = append(out, int32(uint32(d.Data[i])|uint32(d.Data[i+1])<<8|uint32(d.Data[i+2])<<16|uint32(d.Data[i+3])<<24))
	}
	return out
}

// segments splits op's operands by operandSegmentSizes.
func segments(op *ir.Operation) [][]ir.Value {
	sizes := i32s(op.InherentAttr("operandSegmentSizes"))
	ops := op.Operands()
	var out [][]ir.Value
	at := 0
	for _, n := range sizes {
		if n < 0 || at+int(n) > len(ops) {
			return nil
		}
		out = append(out, ops[at:at+int(n)])
		at += int(n)
	}
	return out
}

// verifySuccessorOperands is BranchOpInterface's verifier for one
// successor.
func verifySuccessorOperands(op *ir.Operation, succ int, operands []ir.Value) error {
	dest := op.Successor(succ)
	args := dest.Arguments()
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

// verifyWeights is WeightedBranchOpInterface's verifier.
func verifyWeights(op *ir.Operation) error {
	w := i32s(op.InherentAttr("branch_weights"))
	if len(w) == 0 {
		return nil
	}
	if len(w) != op.NumSuccessors() {
		return ir.EmitError(op, fmt.Sprintf("expects number of branch weights to match number of successors: %d vs %d", len(w), op.NumSuccessors()))
	}
	for _, x := range w {
		if x != 0 {
			return nil
		}
	}
	return ir.EmitError(op, "branch weights cannot all be zero")
}

func verifyBr(op *ir.Operation) error {
	return verifySuccessorOperands(op, 0, op.Operands())
}

func verifyCondBr(op *ir.Operation) error {
	seg := segments(op)
	if len(seg) != 3 {
		return nil
	}
	if err := verifySuccessorOperands(op, 0, seg[1]); err != nil {
		return err
	}
	if err := verifySuccessorOperands(op, 1, seg[2]); err != nil {
		return err
	}
	return verifyWeights(op)
}

// caseValues returns cf.switch's case values as the raw bits of each
// element (the low 64 bits), or ok=false when there are none.
func caseValues(a ir.Attribute) (vals []uint64, elem ir.Type, ok bool) {
	n, elem, ok := caseCount(a)
	if !ok {
		return nil, elem, false
	}
	d := a.(*ir.DenseElementsAttr)
	width := intWidth(elem)
	size := (width + 7) / 8
	for i := 0; i < n; i++ {
		at := i * size
		if d.Splat {
			at = 0
		}
		var v uint64
		for j := 0; j < size && j < 8 && at+j < len(d.Data); j++ {
			v |= uint64(d.Data[at+j]) << (8 * j)
		}
		if width < 64 {
			v &= 1<<uint(width) - 1
		}
		vals = append(vals, v)
	}
	return vals, elem, true
}

// caseCount returns the number of cf.switch's case values without
// expanding them (a splat of a huge vector stays cheap), and their element
// type, or ok=false when the attribute is not an integer elements
// attribute.
func caseCount(a ir.Attribute) (n int, elem ir.Type, ok bool) {
	d, isDense := a.(*ir.DenseElementsAttr)
	if !isDense {
		return 0, nil, false
	}
	elem = d.Type.ElementType()
	if intWidth(elem) == 0 {
		return 0, elem, false
	}
	n = 1
	shape, _ := d.Type.ShapeDims()
	for _, s := range shape {
		n *= int(s)
	}
	return n, elem, true
}

// intWidth is the width of an integer or index type (index counts as 64
// bits), or 0.
func intWidth(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		return int(t.Width)
	case *ir.IndexType:
		return 64
	}
	return 0
}

func verifySwitch(op *ir.Operation) error {
	cv := op.InherentAttr("case_values")
	if cv != nil {
		if _, _, ok := caseCount(cv); !ok {
			return ir.OpError(op, "attribute 'case_values' failed to satisfy constraint: integer elements attribute")
		}
	}
	seg := segments(op)
	if len(seg) != 3 {
		return nil
	}
	groups := i32s(op.InherentAttr("case_operand_segments"))
	sum := 0
	for _, g := range groups {
		sum += int(g)
	}
	if sum != len(seg[2]) {
		return ir.OpError(op, fmt.Sprintf("operand group starting at #%d requires %d elements, but found %d", 1+len(seg[1]), sum, len(seg[2])))
	}
	if err := verifySuccessorOperands(op, 0, seg[1]); err != nil {
		return err
	}
	at := 0
	for i := 1; i < op.NumSuccessors(); i++ {
		var operands []ir.Value
		if i-1 < len(groups) {
			n := int(groups[i-1])
			operands = seg[2][at : at+n]
			at += n
		}
		if err := verifySuccessorOperands(op, i, operands); err != nil {
			return err
		}
	}
	// SwitchOp::verify.
	numCases := op.NumSuccessors() - 1
	if cv == nil && numCases == 0 {
		return nil
	}
	count, elem, ok := caseCount(cv)
	if !ok {
		// MLIR dereferences the absent case values here; report it.
		return ir.OpError(op, fmt.Sprintf("number of case values (0) should match number of case destinations (%d)", numCases))
	}
	if flag := op.Operand(0).Type(); flag != elem {
		return ir.OpError(op, fmt.Sprintf("'flag' type ('%s') should match case value type ('%s')", ir.TypeString(flag), ir.TypeString(elem)))
	}
	if count != numCases {
		return ir.OpError(op, fmt.Sprintf("number of case values (%d) should match number of case destinations (%d)", count, numCases))
	}
	return nil
}

// registerSwitchOpCases registers cf.switch's case list (MLIR's
// parseSwitchOpCases and printSwitchOpCases). Its arguments are
// ref(type($flag)), $defaultDestination, $defaultOperands,
// type($defaultOperands), $case_values, $caseDestinations, $caseOperands,
// type($caseOperands) and $case_operand_segments.
func registerSwitchOpCases() {
	irdl.RegisterCustomDirective("SwitchOpCases", parseSwitchOpCases, printSwitchOpCases)
}

func parseSwitchOpCases(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	ctx := p.Context()
	var flagType ir.Type
	if len(args[0].Types) > 0 {
		flagType = args[0].Types[0]
	}
	if _, ok := flagType.(*ir.IntegerType); flagType != nil && !ok {
		// Upstream's type($flag) takes an integer type only.
		return false, p.Errorf("invalid kind of type specified: expected builtin.integer, but found '%s'", asm.TypeString(flagType))
	}
	if pos := p.CurrentPos(); !p.ParseOptionalKeyword("default") {
		return false, p.ErrorAt(pos, "expected 'default'")
	}
	p.ParsePunct(":")
	b, uses, types, err := ir.ParseSuccessorAndUseList(p)
	if err != nil {
		return false, err
	}
	args[1].Successors = []*ir.Block{b}
	args[2].Operands = uses
	args[3].Types = types
	var (
		vals     []int64
		dests    []*ir.Block
		allUses  []ir.UnresolvedOperand
		allTypes []ir.Type
		groups   []int32
	)
	for p.ParseOptionalPunct(",") {
		pos := p.CurrentPos()
		a, ok := p.ParseOptionalAttribute(ctx.I(64))
		ia, isInt := a.(*ir.IntegerAttr)
		if !ok || !isInt {
			return false, p.ErrorAt(pos, "expected integer value")
		}
		vals = append(vals, int64(ia.Lo))
		p.ParsePunct(":")
		b, uses, types, err := ir.ParseSuccessorAndUseList(p)
		if err != nil {
			return false, err
		}
		dests = append(dests, b)
		allUses = append(allUses, uses...)
		allTypes = append(allTypes, types...)
		groups = append(groups, int32(len(uses)))
	}
	args[5].Successors = dests
	args[6].Operands = allUses
	args[7].Types = allTypes
	args[8].Attr = ctx.DenseI32Array(groups...)
	if len(vals) > 0 && flagType != nil {
		width := intWidth(flagType)
		size := (width + 7) / 8
		data := make([]byte, 0, size*len(vals))
		for _, v := range vals {
			for j := 0; j < size; j++ {
				if j < 8 {
					data = append(data, byte(uint64(v)>>(8*j)))
				} else if v < 0 {
					data = append(data, 0xff)
				} else {
					data = append(data, 0)
				}
			}
		}
		if width%8 != 0 && width < 64 {
			// Keep each element within its width, as APInt does.
			for i := range vals {
				at := i * size
				var x uint64
				for j := 0; j < size; j++ {
					x |= uint64(data[at+j]) << (8 * j)
				}
				x &= 1<<uint(width) - 1
				for j := 0; j < size; j++ {
					data[at+j] = byte(x >> (8 * j))
				}
			}
		}
		// As DenseElementsAttr::get, equal elements make a splat.
		splat := true
		for i := 1; i < len(vals) && splat; i++ {
			splat = string(data[i*size:(i+1)*size]) == string(data[:size])
		}
		if splat {
			data = data[:size]
		}
		vt := ctx.VectorType([]int64{int64(len(vals))}, nil, flagType)
		args[4].Attr = ctx.DenseElementsAttr(vt, splat, data)
	}
	return true, nil
}

func printSwitchOpCases(p ir.OpAsmPrinter, op *ir.Operation, args []*irdl.CustomArg) {
	p.WriteString("  default: ")
	var def *ir.Block
	if len(args[1].Successors) > 0 {
		def = args[1].Successors[0]
	}
	ir.PrintSuccessorAndUseList(p, def, args[2].Values)
	vals, _, ok := caseValues(args[4].Attr)
	if !ok {
		return
	}
	groups := i32s(args[8].Attr)
	caseOps := args[6].Values
	at := 0
	for i, v := range vals {
		p.WriteString(",")
		p.PrintNewline()
		p.WriteString("  ")
		p.WriteString(strconv.FormatUint(v, 10))
		p.WriteString(": ")
		var operands []ir.Value
		if i < len(groups) && at+int(groups[i]) <= len(caseOps) {
			operands = caseOps[at : at+int(groups[i])]
			at += int(groups[i])
		}
		var dest *ir.Block
		if i < len(args[5].Successors) {
			dest = args[5].Successors[i]
		}
		ir.PrintSuccessorAndUseList(p, dest, operands)
	}
	p.PrintNewline()
}
