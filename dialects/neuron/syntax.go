package neuron

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
)

// ---- neuron.dma_copy ----

// printDmaCopy prints `%dst, %view[%i, %j] [bounds_check] [where %b
// channel C step S cmp] : T, V` for a load into SBUF and `%view[%i, %j],
// %src [bounds_check] [accumulate] [where ...] : V, T` for a store: the
// indices follow the operand that is the view.
func printDmaCopy(p ir.OpAsmPrinter, op DmaCopyOp) {
	idx := op.Indices()
	for i, v := range []ir.Value{op.Dst(), op.Src()} {
		if i > 0 {
			p.WriteString(",")
		}
		p.WriteString(" ")
		p.PrintOperand(v)
		if _, isTile := AsTileType(v.Type()); !isTile {
			p.WriteString("[")
			for j, x := range idx {
				if j > 0 {
					p.WriteString(", ")
				}
				p.PrintOperand(x)
			}
			p.WriteString("]")
		}
	}
	if op.BoundsCheck() {
		p.WriteString(" bounds_check")
	}
	if op.Accumulate() {
		p.WriteString(" accumulate")
	}
	if b := op.MaskBase(); b != nil {
		cp, _ := op.MaskChannelMultiplier()
		cf, _ := op.MaskStep()
		cmp, _ := op.MaskCmp()
		p.WriteString(" where ")
		p.PrintOperand(b)
		p.WriteString(fmt.Sprintf(" channel %d step %d %s", cp, cf, cmp))
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "bounds_check", "accumulate", "mask_cmp", "mask_channel_multiplier", "mask_step", "operandSegmentSizes")
	p.WriteString(" : ")
	p.PrintType(op.Dst().Type())
	p.WriteString(", ")
	p.PrintType(op.Src().Type())
}

func parseDmaCopy(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	var sides [2]ir.UnresolvedOperand
	var idx []ir.UnresolvedOperand
	indexed := -1
	for i := range sides {
		if i > 0 {
			p.ParsePunct(",")
		}
		sides[i] = p.ParseOperand()
		if p.ParseOptionalPunct("[") {
			if indexed >= 0 {
				return p.Errorf("only one operand of neuron.dma_copy takes indices")
			}
			indexed = i
			if !p.ParseOptionalPunct("]") {
				for {
					idx = append(idx, p.ParseOperand())
					if !p.ParseOptionalPunct(",") {
						break
					}
				}
				p.ParsePunct("]")
			}
		}
	}
	var attrs []ir.NamedAttr
	if p.ParseOptionalKeyword("bounds_check") {
		attrs = append(attrs, ir.NamedAttr{Name: "bounds_check", Value: ctx.Unit()})
	}
	if p.ParseOptionalKeyword("accumulate") {
		attrs = append(attrs, ir.NamedAttr{Name: "accumulate", Value: ctx.Unit()})
	}
	var maskBase *ir.UnresolvedOperand
	if p.ParseOptionalKeyword("where") {
		b := p.ParseOperand()
		maskBase = &b
		for _, name := range []string{"channel", "step"} {
			if !p.ParseOptionalKeyword(name) {
				return p.Errorf("expected '%s'", name)
			}
			neg := p.ParseOptionalPunct("-")
			v, ok := p.ParseOptionalInteger()
			if !ok {
				return p.Errorf("expected an integer after '%s'", name)
			}
			if neg {
				v = -v
			}
			attr := "mask_channel_multiplier"
			if name == "step" {
				attr = "mask_step"
			}
			attrs = append(attrs, ir.NamedAttr{Name: attr, Value: ctx.IntegerAttr(ctx.I(64), v)})
		}
		kw, _ := p.ParseOptionalKeywordAny()
		cmp, known := CmpOp(0), false
		for _, c := range []CmpOp{CmpOpGe, CmpOpGt, CmpOpEq} {
			if c.String() == kw {
				cmp, known = c, true
			}
		}
		if !known {
			return p.Errorf("expected a comparison: ge, gt or eq")
		}
		attrs = append(attrs, ir.NamedAttr{Name: "mask_cmp", Value: ctx.IntegerAttrBits(ctx.I(32), uint64(cmp))})
	}
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	p.ParsePunct(":")
	dt := p.ParseType()
	p.ParsePunct(",")
	srcT := p.ParseType()
	st.Operands = []ir.Value{p.ResolveOperand(sides[0], dt), p.ResolveOperand(sides[1], srcT)}
	for _, u := range idx {
		st.Operands = append(st.Operands, p.ResolveOperand(u, ctx.IndexType()))
	}
	nb := int32(0)
	if maskBase != nil {
		st.Operands = append(st.Operands, p.ResolveOperand(*maskBase, ctx.IndexType()))
		nb = 1
	}
	attrs = append(attrs, ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, 1, int32(len(idx)), nb)})
	if len(attrs) > 0 {
		st.Attributes = ctx.DictionaryAttr(attrs)
	}
	return nil
}

// ---- neuron.affine_range and neuron.sequential_range ----

// printRange prints `%i = %lb to %ub step %s { body }`.
func printRange(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	body := op.Region(0)
	if b := body.First(); b != nil && b.NumArguments() > 0 {
		p.PrintOperand(b.Argument(0))
	}
	p.WriteString(" = ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(" to ")
	p.PrintOperand(op.Operand(1))
	p.WriteString(" step ")
	p.PrintOperand(op.Operand(2))
	p.WriteString(" ")
	p.PrintRegion(body, false, false)
	p.PrintOptionalAttrDict(op.AllAttrs())
}

func parseRange(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	iv, ok := p.ParseOptionalArgument(false, false)
	if !ok {
		return p.ErrorAt(p.CurrentPos(), "expected SSA operand")
	}
	iv.Type = ctx.IndexType()
	p.ParsePunct("=")
	lb := p.ParseOperand()
	if !p.ParseOptionalKeyword("to") {
		return p.Errorf("expected 'to'")
	}
	ub := p.ParseOperand()
	if !p.ParseOptionalKeyword("step") {
		return p.Errorf("expected 'step'")
	}
	step := p.ParseOperand()
	body := &ir.Region{}
	p.ParseRegion(body, []ir.RegionArgument{iv})
	ir.EnsureTerminatorNamed(ctx, body, YieldOpName, st.Loc)
	idx := ctx.IndexType()
	st.Operands = []ir.Value{p.ResolveOperand(lb, idx), p.ResolveOperand(ub, idx), p.ResolveOperand(step, idx)}
	if attrs := p.ParseOptionalAttrDict(); len(attrs) > 0 {
		st.Attributes = ctx.DictionaryAttr(attrs)
	}
	st.Regions = []*ir.Region{body}
	return nil
}

func printAffineRange(p ir.OpAsmPrinter, op AffineRangeOp) { printRange(p, op.Operation) }
func parseAffineRange(p ir.OpAsmParser, st *ir.OperationState) error {
	return parseRange(p, st)
}
func printSequentialRange(p ir.OpAsmPrinter, op SequentialRangeOp) { printRange(p, op.Operation) }
func parseSequentialRange(p ir.OpAsmParser, st *ir.OperationState) error {
	return parseRange(p, st)
}
