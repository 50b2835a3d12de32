package affine

import (
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
)

// attrDict returns entries as a dictionary, or nil when there are none.
func attrDict(ctx *ir.Context, entries []ir.NamedAttr) *ir.DictionaryAttr {
	if len(entries) == 0 {
		return nil
	}
	return ctx.DictionaryAttr(entries)
}

// mapOf returns the affine map held by the property name of op.
func mapOf(op *ir.Operation, name string) (affine.Map, bool) {
	a, ok := op.InherentAttr(name).(*ir.AffineMapAttr)
	if !ok {
		return affine.Map{}, false
	}
	return a.Map, true
}

// parseOperandsIn parses `open %a, %b close` (open already consumed when
// it is empty).
func parseOperandsIn(p ir.OpAsmParser, close string) []ir.UnresolvedOperand {
	var us []ir.UnresolvedOperand
	if p.ParseOptionalPunct(close) {
		return us
	}
	for {
		us = append(us, p.ParseOperand())
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(close)
	return us
}

// parseDimAndSymbolList parses `(%d0, ...)` and an optional `[%s0, ...]`,
// returning the uses and how many of them are dimensions (MLIR's
// parseDimAndSymbolList).
func parseDimAndSymbolList(p ir.OpAsmParser) ([]ir.UnresolvedOperand, int) {
	p.ParsePunct("(")
	us := parseOperandsIn(p, ")")
	numDims := len(us)
	if p.ParseOptionalPunct("[") {
		us = append(us, parseOperandsIn(p, "]")...)
	}
	return us, numDims
}

// resolveIndex resolves uses as index values.
func resolveIndex(p ir.OpAsmParser, us []ir.UnresolvedOperand) []ir.Value {
	index := p.Context().IndexType()
	vs := make([]ir.Value, len(us))
	for i, u := range us {
		vs[i] = p.ResolveOperand(u, index)
	}
	return vs
}

// printDimAndSymbolList prints `(%d0, ...)` and, when there are symbol
// operands, `[%s0, ...]`.
func printDimAndSymbolList(p ir.OpAsmPrinter, operands []ir.Value, numDims int) {
	if numDims > len(operands) {
		numDims = len(operands)
	}
	p.WriteString("(")
	ir.PrintOperandList(p, operands[:numDims])
	p.WriteString(")")
	if len(operands) > numDims {
		p.WriteString("[")
		ir.PrintOperandList(p, operands[numDims:])
		p.WriteString("]")
	}
}

// customError is a parse error at the operation name, as a custom parser's
// emitError(getNameLoc()) reports it.
func customError(p ir.OpAsmParser, st *ir.OperationState, msg string) error {
	return ir.NewError(p.NameLoc(), "custom op '"+st.Name.Name+"' "+msg)
}

// ---- affine.apply ----

func parseApply(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	pos := p.CurrentPos()
	ma, ok := p.ParseAttribute(nil).(*ir.AffineMapAttr)
	if !ok {
		return p.ErrorAt(pos, "invalid kind of attribute specified")
	}
	us, numDims := parseDimAndSymbolList(p)
	attrs := append([]ir.NamedAttr{{Name: "map", Value: ma}}, p.ParseOptionalAttrDict()...)
	m := ma.Map
	if m.NumDims != numDims || numDims+m.NumSyms != len(us) {
		return customError(p, st, "dimension or symbol index mismatch")
	}
	st.Operands = resolveIndex(p, us)
	st.Attributes = attrDict(ctx, attrs)
	for range m.Results {
		st.ResultTypes = append(st.ResultTypes, ctx.IndexType())
	}
	return nil
}

func printApply(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintAttribute(op.InherentAttr("map"))
	m, _ := mapOf(op, "map")
	printDimAndSymbolList(p, op.Operands(), m.NumDims)
	p.PrintOptionalAttrDict(op.AllAttrs(), "map")
}

// ---- affine.min and affine.max ----

func parseMinMax(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	pos := p.CurrentPos()
	ma, ok := p.ParseAttribute(nil).(*ir.AffineMapAttr)
	if !ok {
		return p.ErrorAt(pos, "invalid kind of attribute specified")
	}
	p.ParsePunct("(")
	dims := parseOperandsIn(p, ")")
	var syms []ir.UnresolvedOperand
	if p.ParseOptionalPunct("[") {
		syms = parseOperandsIn(p, "]")
	}
	attrs := append([]ir.NamedAttr{{Name: "map", Value: ma}}, p.ParseOptionalAttrDict()...)
	st.Operands = append(resolveIndex(p, dims), resolveIndex(p, syms)...)
	st.Attributes = attrDict(ctx, attrs)
	st.ResultTypes = []ir.Type{ctx.IndexType()}
	return nil
}

func printMinMax(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintAttribute(op.InherentAttr("map"))
	m, _ := mapOf(op, "map")
	printDimAndSymbolList(p, op.Operands(), m.NumDims)
	p.PrintOptionalAttrDict(op.AllAttrs(), "map")
}

// ---- affine.for ----

// parseBound parses one loop bound (MLIR's parseBound): an SSA value (a
// symbol identity map), an integer constant, or a map with its operands,
// prefixed by `max` (lower) or `min` (upper) when it has several results.
func parseBound(p ir.OpAsmParser, st *ir.OperationState, lower bool) (ir.NamedAttr, []ir.Value, error) {
	ctx := p.Context()
	name, prefix := "upperBoundMap", "min"
	if lower {
		name, prefix = "lowerBoundMap", "max"
	}
	hasPrefix := p.ParseOptionalKeyword(prefix)
	if u, ok := p.ParseOptionalOperand(); ok {
		us := []ir.UnresolvedOperand{u}
		for p.ParseOptionalPunct(",") {
			us = append(us, p.ParseOperand())
		}
		if len(us) > 1 {
			return ir.NamedAttr{}, nil, customError(p, st, "expected only one loop bound operand")
		}
		m := affine.NewMap(0, 1, affine.Sym(0))
		return ir.NamedAttr{Name: name, Value: ctx.AffineMapAttr(m)}, resolveIndex(p, us), nil
	}
	attrPos := p.CurrentPos()
	a := p.ParseAttribute(ctx.IndexType())
	switch a := a.(type) {
	case *ir.AffineMapAttr:
		us, numDims := parseDimAndSymbolList(p)
		m := a.Map
		if m.NumDims != numDims {
			return ir.NamedAttr{}, nil, customError(p, st, "dim operand count and affine map dim count must match")
		}
		if numDims+m.NumSyms != len(us) {
			return ir.NamedAttr{}, nil, customError(p, st, "symbol operand count and affine map symbol count must match")
		}
		if len(m.Results) > 1 && !hasPrefix {
			which := "upper loop bound affine map with multiple results requires 'min' prefix"
			if lower {
				which = "lower loop bound affine map with multiple results requires 'max' prefix"
			}
			return ir.NamedAttr{}, nil, p.ErrorAt(attrPos, which)
		}
		return ir.NamedAttr{Name: name, Value: a}, resolveIndex(p, us), nil
	case *ir.IntegerAttr:
		m := affine.ConstantMap(a.Int64())
		return ir.NamedAttr{Name: name, Value: ctx.AffineMapAttr(m)}, nil, nil
	}
	return ir.NamedAttr{}, nil, customError(p, st, "expected valid affine map representation for loop bounds")
}

func parseFor(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	index := ctx.IndexType()
	iv, ok := p.ParseOptionalArgument(false, false)
	if !ok {
		return p.ErrorAt(p.CurrentPos(), "expected SSA operand")
	}
	iv.Type = index
	p.ParsePunct("=")
	lbAttr, lbs, err := parseBound(p, st, true)
	if err != nil {
		return err
	}
	if !p.ParseOptionalKeyword("to") {
		return p.ErrorAt(p.CurrentPos(), "expected 'to' between bounds")
	}
	ubAttr, ubs, err := parseBound(p, st, false)
	if err != nil {
		return err
	}
	attrs := []ir.NamedAttr{lbAttr, ubAttr}
	step := ir.Attribute(ctx.IntegerAttr(index, 1))
	if p.ParseOptionalKeyword("step") {
		pos := p.CurrentPos()
		a := p.ParseAttribute(index)
		ia, ok := a.(*ir.IntegerAttr)
		if !ok {
			return p.ErrorAt(pos, "invalid kind of attribute specified")
		}
		if ia.Int64() < 0 {
			return p.ErrorAt(pos, "expected step to be representable as a positive signed integer")
		}
		step = ia
	}
	attrs = append(attrs, ir.NamedAttr{Name: "step", Value: step})
	args := []ir.RegionArgument{iv}
	var inits []ir.Value
	if p.ParseOptionalKeyword("iter_args") {
		p.ParsePunct("(")
		var us []ir.UnresolvedOperand
		if !p.ParseOptionalPunct(")") {
			for {
				a, ok := p.ParseOptionalArgument(false, false)
				if !ok {
					return p.ErrorAt(p.CurrentPos(), "expected SSA operand")
				}
				p.ParsePunct("=")
				args = append(args, a)
				us = append(us, p.ParseOperand())
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			p.ParsePunct(")")
		}
		p.ParsePunct("->")
		st.ResultTypes = parseFunctionResultTypes(p)
		for i, u := range us {
			if i >= len(st.ResultTypes) {
				break
			}
			args[i+1].Type = st.ResultTypes[i]
			inits = append(inits, p.ResolveOperand(u, st.ResultTypes[i]))
		}
	}
	if len(args) != len(st.ResultTypes)+1 {
		return customError(p, st, "mismatch between the number of loop-carried values and results")
	}
	body := &ir.Region{}
	p.ParseRegion(body, args)
	ir.EnsureTerminatorNamed(ctx, body, "affine.yield", st.Loc)
	attrs = append(attrs, ir.NamedAttr{Name: "operandSegmentSizes",
		Value: ctx.DenseI32Array(int32(len(lbs)), int32(len(ubs)), int32(len(inits)))})
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	st.Operands = append(append(append([]ir.Value{}, lbs...), ubs...), inits...)
	st.Attributes = attrDict(ctx, attrs)
	st.Regions = []*ir.Region{body}
	return nil
}

// printBound prints a loop bound as MLIR's printBound does: a constant or
// a single symbol operand bare, otherwise the map and its operands, with
// the prefix when the map has several results.
func printBound(p ir.OpAsmPrinter, attr ir.Attribute, operands []ir.Value, prefix string) {
	ma, ok := attr.(*ir.AffineMapAttr)
	if !ok {
		p.PrintAttribute(attr)
		return
	}
	m := ma.Map
	if len(m.Results) == 1 {
		e := m.Results[0]
		if m.NumDims == 0 && m.NumSyms == 0 && e.IsConstant() {
			p.WriteString(itoa(e.Value()))
			return
		}
		if m.NumDims == 0 && m.NumSyms == 1 && e.IsSym() && len(operands) == 1 {
			p.PrintOperand(operands[0])
			return
		}
	} else {
		p.WriteString(prefix + " ")
	}
	p.PrintAttribute(ma)
	printDimAndSymbolList(p, operands, m.NumDims)
}

// forParts splits the operands of an affine.for into its lower bound,
// upper bound and init operands.
func forParts(op *ir.Operation) (lbs, ubs, inits []ir.Value) {
	f := ForOp{op}
	return f.LowerBoundOperands(), f.UpperBoundOperands(), f.Inits()
}

// stepOf returns the step of an affine.for.
func stepOf(op *ir.Operation) int64 {
	if a, ok := op.InherentAttr("step").(*ir.IntegerAttr); ok {
		return a.Int64()
	}
	return 1
}

func printFor(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	body := op.Region(0)
	var args []*ir.BlockArgument
	if b := body.First(); b != nil {
		args = b.Arguments()
	}
	if len(args) > 0 {
		p.PrintRegionArgumentWithoutType(args[0])
	}
	lbs, ubs, inits := forParts(op)
	p.WriteString(" = ")
	printBound(p, op.InherentAttr("lowerBoundMap"), lbs, "max")
	p.WriteString(" to ")
	printBound(p, op.InherentAttr("upperBoundMap"), ubs, "min")
	if s := stepOf(op); s != 1 {
		p.WriteString(" step " + itoa(s))
	}
	terms := false
	if len(inits) > 0 {
		p.WriteString(" iter_args(")
		for i, v := range inits {
			if i > 0 {
				p.WriteString(", ")
			}
			if i+1 < len(args) {
				p.PrintOperand(args[i+1])
			}
			p.WriteString(" = ")
			p.PrintOperand(v)
		}
		p.WriteString(") -> (")
		ir.PrintTypeList(p, op.ResultTypes())
		p.WriteString(")")
		terms = true
	}
	p.WriteString(" ")
	p.PrintRegion(body, false, terms)
	p.PrintOptionalAttrDict(op.AllAttrs(), "lowerBoundMap", "upperBoundMap", "step", "operandSegmentSizes")
}

// ---- affine.if ----

func parseIf(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	pos := p.CurrentPos()
	sa, ok := p.ParseAttribute(nil).(*ir.IntegerSetAttr)
	if !ok {
		return p.ErrorAt(pos, "invalid kind of attribute specified")
	}
	us, numDims := parseDimAndSymbolList(p)
	s := sa.Set
	if s.NumDims != numDims {
		return customError(p, st, "dim operand count and integer set dim count must match")
	}
	if numDims+s.NumSyms != len(us) {
		return customError(p, st, "symbol operand count and integer set symbol count must match")
	}
	st.Operands = resolveIndex(p, us)
	if p.ParseOptionalPunct("->") {
		st.ResultTypes = parseFunctionResultTypes(p)
	}
	then, els := &ir.Region{}, &ir.Region{}
	p.ParseRegion(then, nil)
	ir.EnsureTerminatorNamed(ctx, then, "affine.yield", st.Loc)
	if p.ParseOptionalKeyword("else") {
		p.ParseRegion(els, nil)
		ir.EnsureTerminatorNamed(ctx, els, "affine.yield", st.Loc)
	}
	attrs := append([]ir.NamedAttr{{Name: "condition", Value: sa}}, p.ParseOptionalAttrDict()...)
	st.Attributes = attrDict(ctx, attrs)
	st.Regions = []*ir.Region{then, els}
	return nil
}

func printIf(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	cond := op.InherentAttr("condition")
	p.PrintAttribute(cond)
	numDims := 0
	if sa, ok := cond.(*ir.IntegerSetAttr); ok {
		numDims = sa.Set.NumDims
	}
	printDimAndSymbolList(p, op.Operands(), numDims)
	printOptionalArrowTypeList(p, op.ResultTypes())
	p.WriteString(" ")
	terms := op.NumResults() > 0
	p.PrintRegion(op.Region(0), false, terms)
	if op.NumRegions() > 1 && !op.Region(1).Empty() {
		p.WriteString(" else ")
		p.PrintRegion(op.Region(1), false, terms)
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "condition")
}

// ---- shared helpers ----

// parseFunctionResultTypes parses `(t, ...)` or a single type.
func parseFunctionResultTypes(p ir.OpAsmParser) []ir.Type {
	if !p.ParseOptionalPunct("(") {
		return []ir.Type{p.ParseType()}
	}
	if p.ParseOptionalPunct(")") {
		return nil
	}
	ts := []ir.Type{p.ParseType()}
	for p.ParseOptionalPunct(",") {
		ts = append(ts, p.ParseType())
	}
	p.ParsePunct(")")
	return ts
}

// printOptionalArrowTypeList prints ` -> t` or ` -> (t1, t2)`.
func printOptionalArrowTypeList(p ir.OpAsmPrinter, ts []ir.Type) {
	if len(ts) == 0 {
		return
	}
	p.WriteString(" -> ")
	_, fn := ts[0].(*ir.FunctionType)
	wrap := len(ts) > 1 || fn
	if wrap {
		p.WriteString("(")
	}
	ir.PrintTypeList(p, ts)
	if wrap {
		p.WriteString(")")
	}
}

// ---- affine.load and affine.store ----

// memrefElement returns the element type of a memref type, or nil.
func memrefElement(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.MemRefType:
		return t.Elem
	case *ir.UnrankedMemRefType:
		return t.Elem
	}
	return nil
}

// parseMemRefType parses `: type` and checks that it is a memref.
func parseMemRefType(p ir.OpAsmParser) (ir.Type, ir.Type, error) {
	pos := p.CurrentPos()
	p.ParsePunct(":")
	t := p.ParseType()
	elem := memrefElement(t)
	if elem == nil {
		return nil, nil, p.ErrorAt(pos, "invalid kind of type specified: expected builtin.memref, but found '"+ir.TypeString(t)+"'")
	}
	return t, elem, nil
}

func parseLoad(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	mem := p.ParseOperand()
	m, us, err := parseSSAMap(p)
	if err != nil {
		return err
	}
	attrs := append([]ir.NamedAttr{{Name: "map", Value: ctx.AffineMapAttr(m)}}, p.ParseOptionalAttrDict()...)
	t, elem, err := parseMemRefType(p)
	if err != nil {
		return err
	}
	st.Operands = append([]ir.Value{p.ResolveOperand(mem, t)}, resolveIndex(p, us)...)
	st.Attributes = attrDict(ctx, attrs)
	st.ResultTypes = []ir.Type{elem}
	return nil
}

func parseStore(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	val := p.ParseOperand()
	p.ParsePunct(",")
	mem := p.ParseOperand()
	m, us, err := parseSSAMap(p)
	if err != nil {
		return err
	}
	attrs := append([]ir.NamedAttr{{Name: "map", Value: ctx.AffineMapAttr(m)}}, p.ParseOptionalAttrDict()...)
	t, elem, err := parseMemRefType(p)
	if err != nil {
		return err
	}
	st.Operands = append([]ir.Value{p.ResolveOperand(val, elem), p.ResolveOperand(mem, t)}, resolveIndex(p, us)...)
	st.Attributes = attrDict(ctx, attrs)
	return nil
}

// printSubscripts prints `[subscripts]` of a load or store whose memref
// is operand first.
func printSubscripts(p ir.OpAsmPrinter, op *ir.Operation, first int) {
	p.WriteString("[")
	if m, ok := mapOf(op, "map"); ok {
		printSSAMap(p, m, op.Operands()[first+1:])
	}
	p.WriteString("]")
	p.PrintOptionalAttrDict(op.AllAttrs(), "map")
	p.WriteString(" : ")
	p.PrintType(op.Operand(first).Type())
}

func printLoad(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	printSubscripts(p, op, 0)
}

func printStore(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(", ")
	p.PrintOperand(op.Operand(1))
	printSubscripts(p, op, 1)
}
