package affine

import "github.com/strata-ir/strata/core/ir"

// affine.vector_load and affine.vector_store: an affine load or store of a
// vector, `%v = affine.vector_load %m[subscripts] : memref-type,
// vector-type`.

func parseVectorLoad(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	mem := p.ParseOperand()
	m, us, err := parseSSAMap(p)
	if err != nil {
		return err
	}
	attrs := append([]ir.NamedAttr{{Name: "map", Value: ctx.AffineMapAttr(m)}}, p.ParseOptionalAttrDict()...)
	t, _, err := parseMemRefType(p)
	if err != nil {
		return err
	}
	p.ParsePunct(",")
	vt := p.ParseType()
	st.Operands = append([]ir.Value{p.ResolveOperand(mem, t)}, resolveIndex(p, us)...)
	st.Attributes = attrDict(ctx, attrs)
	st.ResultTypes = []ir.Type{vt}
	return nil
}

func parseVectorStore(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	val := p.ParseOperand()
	p.ParsePunct(",")
	mem := p.ParseOperand()
	m, us, err := parseSSAMap(p)
	if err != nil {
		return err
	}
	attrs := append([]ir.NamedAttr{{Name: "map", Value: ctx.AffineMapAttr(m)}}, p.ParseOptionalAttrDict()...)
	t, _, err := parseMemRefType(p)
	if err != nil {
		return err
	}
	p.ParsePunct(",")
	vt := p.ParseType()
	st.Operands = append([]ir.Value{p.ResolveOperand(val, vt), p.ResolveOperand(mem, t)}, resolveIndex(p, us)...)
	st.Attributes = attrDict(ctx, attrs)
	return nil
}

func printVectorLoad(p ir.OpAsmPrinter, op *ir.Operation) {
	printLoad(p, op)
	p.WriteString(", ")
	p.PrintType(op.Result(0).Type())
}

func printVectorStore(p ir.OpAsmPrinter, op *ir.Operation) {
	printStore(p, op)
	p.WriteString(", ")
	p.PrintType(op.Operand(0).Type())
}

// verifyVectorMemoryOp is upstream's check that the memref and the vector
// have the same element type.
func verifyVectorMemoryOp(op *ir.Operation, mem, vec ir.Type) error {
	vt, ok := vec.(*ir.VectorType)
	if ok && memrefElement(mem) != vt.Elem {
		return ir.OpError(op, "requires memref and vector types of the same elemental type")
	}
	return nil
}

func verifyVectorLoad(op *ir.Operation) error {
	if err := verifyMemoryOpIndexing(op, 0); err != nil {
		return err
	}
	return verifyVectorMemoryOp(op, op.Operand(0).Type(), op.Result(0).Type())
}

func verifyVectorStore(op *ir.Operation) error {
	if err := verifyMemoryOpIndexing(op, 1); err != nil {
		return err
	}
	return verifyVectorMemoryOp(op, op.Operand(1).Type(), op.Operand(0).Type())
}

// affine.prefetch: `affine.prefetch %m[subscripts], read|write,
// locality<N>, data|instr : memref-type`.

func parsePrefetch(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	mem := p.ParseOperand()
	m, us, err := parseSSAMap(p)
	if err != nil {
		return err
	}
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
	extra := p.ParseOptionalAttrDict()
	t, _, err := parseMemRefType(p)
	if err != nil {
		return err
	}
	st.Operands = append([]ir.Value{p.ResolveOperand(mem, t)}, resolveIndex(p, us)...)
	if rw != "read" && rw != "write" {
		return customError(p, st, "rw specifier has to be 'read' or 'write'")
	}
	if cache != "data" && cache != "instr" {
		return customError(p, st, "cache type has to be 'data' or 'instr'")
	}
	attrs := append([]ir.NamedAttr{
		{Name: "map", Value: ctx.AffineMapAttr(m)},
		{Name: "localityHint", Value: hint},
		{Name: "isWrite", Value: ctx.Bool(rw == "write")},
		{Name: "isDataCache", Value: ctx.Bool(cache == "data")},
	}, extra...)
	st.Attributes = attrDict(ctx, attrs)
	return nil
}

func boolProp(op *ir.Operation, name string) bool {
	b, ok := op.InherentAttr(name).(*ir.IntegerAttr)
	return ok && b.Lo != 0
}

func printPrefetch(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString("[")
	if m, ok := mapOf(op, "map"); ok {
		printSSAMap(p, m, op.Operands()[1:])
	}
	p.WriteString("], ")
	if boolProp(op, "isWrite") {
		p.WriteString("write")
	} else {
		p.WriteString("read")
	}
	p.WriteString(", locality<")
	if h, ok := op.InherentAttr("localityHint").(*ir.IntegerAttr); ok {
		p.WriteString(itoa(h.Int64()))
	}
	p.WriteString(">, ")
	if boolProp(op, "isDataCache") {
		p.WriteString("data")
	} else {
		p.WriteString("instr")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "map", "localityHint", "isWrite", "isDataCache")
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

// verifyPrefetch is AffinePrefetchOp::verify, after the range of the
// locality hint that ODS checks.
func verifyPrefetch(op *ir.Operation) error {
	if h, ok := op.InherentAttr("localityHint").(*ir.IntegerAttr); ok && (h.Int64() < 0 || h.Int64() > 3) {
		return ir.OpError(op, "attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3")
	}
	m, ok := mapOf(op, "map")
	if !ok {
		return nil
	}
	if mt, ok := op.Operand(0).Type().(*ir.MemRefType); ok && len(m.Results) != len(mt.Shape) {
		return ir.OpError(op, "affine.prefetch affine map num results must equal memref rank")
	}
	if m.NumInputs()+1 != op.NumOperands() {
		return ir.OpError(op, "too few operands")
	}
	scope := affineScope(op)
	for _, idx := range op.Operands()[1:] {
		if !isValidDimIn(idx, scope) {
			return ir.OpError(op, "index must be a dimension or symbol identifier")
		}
	}
	return nil
}
