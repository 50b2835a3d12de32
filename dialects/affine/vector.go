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
