package llvm

import (
	"strconv"

	"github.com/strata-ir/strata/core/ir"
)

// printAssume is upstream's assembly of llvm.intr.assume:
// `$cond (custom<OpBundles>(...)^)? : type($cond) attr-dict`, a bundle
// being `"tag"(operands : types)`.
func printAssume(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	tags, _ := op.InherentAttr("op_bundle_tags").(*ir.ArrayAttr)
	sizes := i32s(op.InherentAttr("op_bundle_sizes"))
	if tags != nil && len(tags.Elems) > 0 {
		p.WriteString(" [")
		rest := op.Operands()[1:]
		for i, t := range tags.Elems {
			if i > 0 {
				p.WriteString(", ")
			}
			tag := ""
			if s, ok := t.(*ir.StringAttr); ok {
				tag = s.Value
			}
			p.WriteString(strconv.Quote(tag))
			p.WriteString("(")
			n := 0
			if i < len(sizes) {
				n = int(sizes[i])
			}
			if n > len(rest) {
				n = len(rest)
			}
			group := rest[:n]
			rest = rest[n:]
			if len(group) > 0 {
				ir.PrintOperandsAndTypes(p, group)
			}
			p.WriteString(")")
		}
		p.WriteString("]")
	}
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.PrintOptionalAttrDict(op.AllAttrs(), "op_bundle_sizes", "op_bundle_tags")
}

// parseAssume parses what printAssume prints.
func parseAssume(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	cond := p.ParseOperand()
	var tags []ir.Attribute
	var sizes []int32
	var uses []ir.UnresolvedOperand
	var types []ir.Type
	if p.ParseOptionalPunct("[") {
		for {
			pos := p.CurrentPos()
			tag, ok := p.ParseOptionalString()
			if !ok {
				return p.ErrorAt(pos, "expected operand bundle tag")
			}
			tags = append(tags, ctx.StringAttr(tag, nil))
			p.ParsePunct("(")
			n := 0
			if !p.ParseOptionalPunct(")") {
				for {
					uses = append(uses, p.ParseOperand())
					n++
					if !p.ParseOptionalPunct(",") {
						break
					}
				}
				p.ParsePunct(":")
				for i := 0; i < n; i++ {
					if i > 0 {
						p.ParsePunct(",")
					}
					types = append(types, p.ParseType())
				}
				p.ParsePunct(")")
			}
			sizes = append(sizes, int32(n))
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct("]")
	}
	p.ParsePunct(":")
	ct := p.ParseType()
	attrs := p.ParseOptionalAttrDict()
	st.Operands = append(st.Operands, p.ResolveOperand(cond, ct))
	for i, u := range uses {
		if i < len(types) {
			st.Operands = append(st.Operands, p.ResolveOperand(u, types[i]))
		}
	}
	attrs = append(attrs, ir.NamedAttr{Name: "op_bundle_sizes", Value: ctx.DenseI32Array(sizes...)})
	if len(tags) > 0 {
		attrs = append(attrs, ir.NamedAttr{Name: "op_bundle_tags", Value: ctx.ArrayAttr(tags)})
	}
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}
