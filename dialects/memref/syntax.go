package memref

import (
	"fmt"
	"strconv"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// nameError reports msg at the operation name as MLIR's custom parsers do
// with parser.emitError(parser.getNameLoc(), ...).
func nameError(p ir.OpAsmParser, op, msg string) error {
	return ir.NewError(p.NameLoc(), "custom op '"+op+"' "+msg)
}

// parseOperandList parses `[%a, %b]` (possibly empty).
func parseSquareOperandList(p ir.OpAsmParser) []ir.UnresolvedOperand {
	p.ParsePunct("[")
	var out []ir.UnresolvedOperand
	if p.ParseOptionalPunct("]") {
		return out
	}
	for {
		out = append(out, p.ParseOperand())
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct("]")
	return out
}

func resolveAll(p ir.OpAsmParser, us []ir.UnresolvedOperand, t ir.Type) []ir.Value {
	out := make([]ir.Value, len(us))
	for i, u := range us {
		out[i] = p.ResolveOperand(u, t)
	}
	return out
}

func withAttrs(ctx *ir.Context, st *ir.OperationState, attrs []ir.NamedAttr) {
	if len(attrs) == 0 {
		return
	}
	if st.Attributes != nil {
		attrs = append(append([]ir.NamedAttr(nil), st.Attributes.Entries...), attrs...)
	}
	st.Attributes = ctx.DictionaryAttr(attrs)
}

func memrefRank(t ir.Type) (int, bool) {
	m, ok := t.(*ir.MemRefType)
	if !ok {
		return 0, false
	}
	return len(m.Shape), true
}

// ---- memref.dma_start ----

// dmaLayout splits dma_start's operands: positions of the destination,
// number of elements, tag and the count of operands before the optional
// stride pair, or ok=false when the types do not allow it.
type dmaLayout struct {
	dst, num, tag, end int
}

func dmaPositions(op *ir.Operation) (dmaLayout, bool) {
	n := op.NumOperands()
	if n < 4 {
		return dmaLayout{}, false
	}
	sr, ok := memrefRank(op.Operand(0).Type())
	if !ok || n < sr+4 {
		return dmaLayout{}, false
	}
	l := dmaLayout{dst: 1 + sr}
	dr, ok := memrefRank(op.Operand(l.dst).Type())
	if !ok || n < sr+dr+4 {
		return dmaLayout{}, false
	}
	l.num = l.dst + 1 + dr
	l.tag = l.num + 1
	tr, ok := memrefRank(op.Operand(l.tag).Type())
	if !ok || n < sr+dr+tr+4 {
		return dmaLayout{}, false
	}
	l.end = l.tag + 1 + tr
	return l, true
}

func printDmaStart(p ir.OpAsmPrinter, op *ir.Operation) {
	l, ok := dmaPositions(op)
	if !ok {
		return
	}
	ops := op.Operands()
	p.WriteString(" ")
	p.PrintOperand(ops[0])
	p.WriteString("[")
	ir.PrintOperandList(p, ops[1:l.dst])
	p.WriteString("], ")
	p.PrintOperand(ops[l.dst])
	p.WriteString("[")
	ir.PrintOperandList(p, ops[l.dst+1:l.num])
	p.WriteString("], ")
	p.PrintOperand(ops[l.num])
	p.WriteString(", ")
	p.PrintOperand(ops[l.tag])
	p.WriteString("[")
	ir.PrintOperandList(p, ops[l.tag+1:l.end])
	p.WriteString("]")
	if len(ops) > l.end {
		p.WriteString(", ")
		ir.PrintOperandList(p, ops[l.end:])
	}
	p.PrintOptionalAttrDict(op.AllAttrs())
	p.WriteString(" : ")
	ir.PrintTypeList(p, []ir.Type{ops[0].Type(), ops[l.dst].Type(), ops[l.tag].Type()})
}

func parseDmaStart(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	src := p.ParseOperand()
	srcIdx := parseSquareOperandList(p)
	p.ParsePunct(",")
	dst := p.ParseOperand()
	dstIdx := parseSquareOperandList(p)
	p.ParsePunct(",")
	num := p.ParseOperand()
	p.ParsePunct(",")
	tag := p.ParseOperand()
	tagIdx := parseSquareOperandList(p)
	var stride []ir.UnresolvedOperand
	for p.ParseOptionalPunct(",") {
		stride = append(stride, p.ParseOperand())
	}
	if len(stride) != 0 && len(stride) != 2 {
		return nameError(p, "memref.dma_start", "expected two stride related operands")
	}
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	var types []ir.Type
	for {
		types = append(types, p.ParseType())
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	if len(types) != 3 {
		return nameError(p, "memref.dma_start", "fewer/more types expected")
	}
	idx := ctx.IndexType()
	ops := []ir.Value{p.ResolveOperand(src, types[0])}
	ops = append(ops, resolveAll(p, srcIdx, idx)...)
	ops = append(ops, p.ResolveOperand(dst, types[1]))
	ops = append(ops, resolveAll(p, dstIdx, idx)...)
	ops = append(ops, p.ResolveOperand(num, idx), p.ResolveOperand(tag, types[2]))
	ops = append(ops, resolveAll(p, tagIdx, idx)...)
	ops = append(ops, resolveAll(p, stride, idx)...)
	st.Operands = ops
	withAttrs(ctx, st, attrs)
	return nil
}

func dmaStartEffects(op *ir.Operation) []ir.MemoryEffect {
	l, ok := dmaPositions(op)
	if !ok {
		return nil
	}
	return []ir.MemoryEffect{
		{Kind: ir.EffectRead, Value: op.Operand(0)},
		{Kind: ir.EffectWrite, Value: op.Operand(l.dst)},
		{Kind: ir.EffectRead, Value: op.Operand(l.tag)},
	}
}

// ---- memref.prefetch ----

func boolProp(op *ir.Operation, name string) bool {
	b, ok := op.InherentAttr(name).(*ir.IntegerAttr)
	return ok && b.Lo != 0
}

func printPrefetch(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString("[")
	ir.PrintOperandList(p, op.Operands()[1:])
	p.WriteString("], ")
	if boolProp(op, "isWrite") {
		p.WriteString("write")
	} else {
		p.WriteString("read")
	}
	p.WriteString(", locality<")
	if h, ok := op.InherentAttr("localityHint").(*ir.IntegerAttr); ok {
		p.WriteString(strconv.FormatInt(h.Int64(), 10))
	}
	p.WriteString(">, ")
	if boolProp(op, "isDataCache") {
		p.WriteString("data")
	} else {
		p.WriteString("instr")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "localityHint", "isWrite", "isDataCache")
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

func parsePrefetch(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	mem := p.ParseOperand()
	idx := parseSquareOperandList(p)
	p.ParsePunct(",")
	rw, ok := p.ParseOptionalKeywordAny()
	if !ok {
		return p.Errorf("expected valid keyword")
	}
	p.ParsePunct(",")
	if !p.ParseOptionalKeyword("locality") {
		return p.Errorf("expected 'locality'")
	}
	p.ParsePunct("<")
	hint := p.ParseAttribute(ctx.I(32))
	p.ParsePunct(">")
	p.ParsePunct(",")
	cache, ok := p.ParseOptionalKeywordAny()
	if !ok {
		return p.Errorf("expected valid keyword")
	}
	p.ParsePunct(":")
	t := p.ParseType()
	st.Operands = append([]ir.Value{p.ResolveOperand(mem, t)}, resolveAll(p, idx, ctx.IndexType())...)
	if rw != "read" && rw != "write" {
		return nameError(p, "memref.prefetch", "rw specifier has to be 'read' or 'write'")
	}
	if cache != "data" && cache != "instr" {
		return nameError(p, "memref.prefetch", "cache type has to be 'data' or 'instr'")
	}
	withAttrs(ctx, st, []ir.NamedAttr{
		{Name: "localityHint", Value: hint},
		{Name: "isWrite", Value: ctx.Bool(rw == "write")},
		{Name: "isDataCache", Value: ctx.Bool(cache == "data")},
	})
	return nil
}

// ---- memref.transpose ----

func printTranspose(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(" ")
	if m, ok := op.InherentAttr("permutation").(*ir.AffineMapAttr); ok {
		p.WriteString(m.Map.String())
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "permutation")
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" to ")
	p.PrintType(op.Result(0).Type())
}

func parseTranspose(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	in := p.ParseOperand()
	m := p.ParseAffineMap()
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	src := p.ParseType()
	st.Operands = []ir.Value{p.ResolveOperand(in, src)}
	if !p.ParseOptionalKeyword("to") {
		return p.Errorf("expected 'to'")
	}
	st.ResultTypes = []ir.Type{p.ParseType()}
	withAttrs(ctx, st, append(attrs, ir.NamedAttr{Name: "permutation", Value: ctx.AffineMapAttr(m)}))
	return nil
}

// ---- memref.extract_strided_metadata ----

// stridedMetadataNames names the results base_buffer, offset, sizes and
// strides, the last two as result groups.
func stridedMetadataNames(op *ir.Operation, set func(int, string)) {
	n := op.NumResults()
	if n < 2 {
		return
	}
	set(0, "base_buffer")
	set(1, "offset")
	rank := (n - 2) / 2
	if rank > 0 {
		set(2, "sizes")
		set(2+rank, "strides")
	}
}

// ---- memref.global ----

func registerDirectives() {
	irdl.RegisterCustomDirective("GlobalMemrefOpTypeAndInitialValue", parseGlobalTypeAndValue, printGlobalTypeAndValue)
}

func printGlobalTypeAndValue(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	ta, ok := args[0].Attr.(*ir.TypeAttr)
	if !ok {
		return
	}
	p.PrintType(ta.Type)
	init := args[1].Attr
	if init == nil {
		return
	}
	p.WriteString(" = ")
	if _, ok := init.(*ir.UnitAttr); ok {
		p.WriteString("uninitialized")
		return
	}
	p.PrintAttributeWithoutType(init)
}

func parseGlobalTypeAndValue(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	ctx := p.Context()
	t := p.ParseType()
	m, ok := t.(*ir.MemRefType)
	if !ok || ir.NumElements(m.Shape) < 0 {
		return false, nameError(p, "memref.global", "type should be static shaped memref, but got '"+ir.TypeString(t)+"'")
	}
	args[0].Attr = ctx.TypeAttr(t)
	if !p.ParseOptionalPunct("=") {
		return true, nil
	}
	if p.ParseOptionalKeyword("uninitialized") {
		args[1].Attr = ctx.Unit()
		return true, nil
	}
	tensor := ctx.RankedTensorType(m.Shape, m.Elem, nil)
	v := p.ParseAttribute(tensor)
	switch v.(type) {
	case *ir.DenseElementsAttr, *ir.DenseResourceAttr, *ir.SparseElementsAttr, *ir.DenseStringElementsAttr:
	default:
		return false, nameError(p, "memref.global", "initial value should be a unit or elements attribute")
	}
	args[1].Attr = v
	return true, nil
}

// ---- memref.alloca_scope ----

// AllocaScopeOpName is the name of the operation memref.alloca_scope,
// defined in Go (its terminator's name has two parts), whose
// canonicalization patterns Register adds.
const AllocaScopeOpName = "memref.alloca_scope"

func allocaScopeDef() *ir.OpDef {
	d := &ir.OpDef{
		Name:    AllocaScopeOpName,
		Summary: "explicitly delimited scope for stack allocation",
		Traits:  ir.AutomaticAllocationScope | ir.RecursiveMemoryEffects | ir.SingleBlock,
		Print:   printAllocaScope,
		Parse:   parseAllocaScope,
		Verify:  verifyAllocaScope,
	}
	ir.RegionBranchOp.Attach(d, allocaScopeModel{})
	return d
}

// allocaScopeModel is memref.alloca_scope's model of ir.RegionBranchOp:
// control enters the body and returns to the operation.
type allocaScopeModel struct{}

func (allocaScopeModel) SuccessorRegions(op *ir.Operation, from *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
	if from == nil {
		return []ir.RegionSuccessor{{Region: op.Region(0)}}
	}
	return []ir.RegionSuccessor{{Inputs: op.Results()}}
}

func (allocaScopeModel) EntrySuccessorOperands(*ir.Operation, *ir.Region) []ir.Value { return nil }

func allocaScopeReturnDef() *ir.OpDef {
	d := &ir.OpDef{
		Name:    "memref.alloca_scope.return",
		Summary: "terminator for alloca_scope operation",
		Traits:  ir.IsTerminator | ir.ReturnLike | ir.Pure,
		Print:   printAllocaScopeReturn,
		Parse:   parseAllocaScopeReturn,
		Verify:  verifyAllocaScopeReturn,
	}
	ir.RegionBranchTerminator.Attach(d, ir.SuccessorOperandsFunc(func(op *ir.Operation, _ *ir.Region) []ir.Value {
		return op.Operands()
	}))
	return d
}

func printAllocaScope(p ir.OpAsmPrinter, op *ir.Operation) {
	printTerminators := false
	p.WriteString(" ")
	if op.NumResults() > 0 {
		p.WriteString(" -> (")
		ir.PrintTypeList(p, op.ResultTypes())
		p.WriteString(")")
		printTerminators = true
	}
	p.WriteString(" ")
	p.PrintRegion(op.Region(0), false, printTerminators)
	p.PrintOptionalAttrDict(op.AllAttrs())
}

func parseAllocaScope(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	if p.ParseOptionalPunct("->") {
		if p.ParseOptionalPunct("(") {
			if !p.ParseOptionalPunct(")") {
				for {
					st.ResultTypes = append(st.ResultTypes, p.ParseType())
					if !p.ParseOptionalPunct(",") {
						break
					}
				}
				p.ParsePunct(")")
			}
		} else {
			st.ResultTypes = append(st.ResultTypes, p.ParseType())
		}
	}
	r := &ir.Region{}
	p.ParseRegion(r, nil)
	ir.EnsureTerminatorNamed(ctx, r, "memref.alloca_scope.return", p.NameLoc())
	st.Regions = []*ir.Region{r}
	withAttrs(ctx, st, p.ParseOptionalAttrDict())
	return nil
}

func printAllocaScopeReturn(p ir.OpAsmPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.AllAttrs())
	if op.NumOperands() > 0 {
		p.WriteString(" ")
		ir.PrintOperandList(p, op.Operands())
		p.WriteString(" : ")
		ir.PrintTypeList(p, op.OperandTypes())
	}
}

func parseAllocaScopeReturn(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	withAttrs(ctx, st, p.ParseOptionalAttrDict())
	var uses []ir.UnresolvedOperand
	if u, ok := p.ParseOptionalOperand(); ok {
		uses = append(uses, u)
		for p.ParseOptionalPunct(",") {
			uses = append(uses, p.ParseOperand())
		}
		p.ParsePunct(":")
		var types []ir.Type
		for {
			types = append(types, p.ParseType())
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if len(types) != len(uses) {
			return p.Errorf("%d operands present, but expected %d", len(uses), len(types))
		}
		for i, u := range uses {
			st.Operands = append(st.Operands, p.ResolveOperand(u, types[i]))
		}
	}
	return nil
}

func verifyAllocaScope(op *ir.Operation) error {
	if op.NumRegions() != 1 {
		return ir.OpError(op, "requires one region")
	}
	return nil
}

func verifyAllocaScopeReturn(op *ir.Operation) error {
	parent := op.ParentOp()
	if parent == nil || parent.Name() != "memref.alloca_scope" {
		return ir.OpError(op, "expects parent op 'memref.alloca_scope'")
	}
	if len(op.Operands()) != parent.NumResults() {
		return ir.OpError(op, fmt.Sprintf("has %d operands, but enclosing op returns %d", op.NumOperands(), parent.NumResults()))
	}
	return nil
}

// ---- memref.distinct_objects ----

func printDistinctObjects(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	ir.PrintOperandList(p, op.Operands())
	p.PrintOptionalAttrDict(op.AllAttrs())
	p.WriteString(" : ")
	ir.PrintTypeList(p, op.OperandTypes())
}

func parseDistinctObjects(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	var uses []ir.UnresolvedOperand
	if u, ok := p.ParseOptionalOperand(); ok {
		uses = append(uses, u)
		for p.ParseOptionalPunct(",") {
			uses = append(uses, p.ParseOperand())
		}
	}
	withAttrs(ctx, st, p.ParseOptionalAttrDict())
	p.ParsePunct(":")
	pos := p.CurrentPos()
	var types []ir.Type
	if t, ok := p.ParseOptionalType(); ok {
		types = append(types, t)
		for p.ParseOptionalPunct(",") {
			types = append(types, p.ParseType())
		}
	}
	if len(types) != len(uses) {
		return p.ErrorAt(pos, fmt.Sprintf("%d operands present, but expected %d", len(uses), len(types)))
	}
	for i, u := range uses {
		st.Operands = append(st.Operands, p.ResolveOperand(u, types[i]))
	}
	st.ResultTypes = types
	return nil
}
