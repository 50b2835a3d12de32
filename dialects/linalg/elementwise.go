package linalg

import (
	"strings"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// linalg.elementwise: `kind=#linalg.elementwise_kind<k> [indexing_maps =
// [...]] {attrs} ins(...) outs(...) -> types`, whose body applies the
// unary, binary or ternary function of its kind.

// elementwiseKind returns the case name of the kind attribute, or "".
func elementwiseKind(a ir.Attribute) string {
	d, ok := a.(ir.DialectAttr)
	if !ok || d.DialectName() != "linalg" {
		return ""
	}
	body := d.Body()
	if !strings.HasPrefix(body, "elementwise_kind<") || !strings.HasSuffix(body, ">") {
		return ""
	}
	return body[len("elementwise_kind<") : len(body)-1]
}

// elementwiseArity returns the number of inputs of a kind (MLIR's
// getArityGroupAsUInt): unary kinds before add, binary ones up to powf,
// then select.
func elementwiseArity(kind string) int {
	k, ok := parseElementwiseKind(kind)
	if !ok {
		return 0
	}
	switch {
	case k < ElementwiseKindAdd:
		return 1
	case k < ElementwiseKindSelect:
		return 2
	}
	return 3
}

func parseElementwiseKind(s string) (ElementwiseKind, bool) {
	for k := ElementwiseKind(0); k <= ElementwiseKindSelect; k++ {
		if k.String() == s {
			return k, true
		}
	}
	return 0, false
}

// elementwiseDefaultMaps returns n identity maps over rank dims.
func elementwiseDefaultMaps(n, rank int) []affine.Map { return identities(n, rank) }

func printElementwise(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" kind=")
	p.PrintAttribute(op.InherentAttr("kind"))
	maps, _ := affineMaps(op.InherentAttr("indexing_maps"))
	n := elementwiseArity(elementwiseKind(op.InherentAttr("kind"))) + 1
	def := elementwiseDefaultMaps(n, len(StructuredOp{op}.IteratorTypes()))
	same := len(def) == len(maps)
	for i := 0; same && i < len(maps); i++ {
		same = maps[i].Equal(def[i])
	}
	if !same {
		p.WriteString(" indexing_maps = [")
		for i, m := range maps {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintAttribute(op.Context().AffineMapAttr(m))
		}
		p.WriteString("]")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "operandSegmentSizes", "kind", "indexing_maps")
	s := StructuredOp{op}
	printInsOuts(p, s.Inputs(), s.Outputs())
	printArrowTypes(p, op.ResultTypes())
}

func parseElementwise(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	loc := p.CurrentPos()
	if !p.ParseOptionalKeyword("kind") {
		return p.ErrorAt(p.CurrentPos(), "expected 'kind'")
	}
	p.ParsePunct("=")
	pos := p.CurrentPos()
	kindAttr := p.ParseAttribute(nil)
	kind := elementwiseKind(kindAttr)
	if kind == "" {
		return p.ErrorAt(pos, "expected ElementwiseKind attribute")
	}
	attrs := []ir.NamedAttr{{Name: "kind", Value: kindAttr}}
	var maps ir.Attribute
	if p.ParseOptionalKeyword("indexing_maps") {
		p.ParsePunct("=")
		p.ParsePunct("[")
		var elems []ir.Attribute
		for {
			mpos := p.CurrentPos()
			a := p.ParseAttribute(nil)
			if _, ok := a.(*ir.AffineMapAttr); !ok {
				return p.ErrorAt(mpos, "expected affine map attribute")
			}
			elems = append(elems, a)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct("]")
		maps = ctx.ArrayAttr(elems)
	}
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	ins, outs, err := parseInsOuts(p)
	if err != nil {
		return err
	}
	numArgs := elementwiseArity(kind) + 1
	if got := len(ins) + len(outs); got != numArgs {
		return p.ErrorAt(p.CurrentPos(), "[parseNamedStructuredOpRegion] ods-gen generated region expects "+itoa(numArgs)+" args, got "+itoa(got))
	}
	attrs = append(attrs, segments(ctx, len(ins), len(outs)))
	st.ResultTypes = parseArrowTypes(p)
	st.Operands = append(append(st.Operands, ins...), outs...)
	if maps == nil {
		if _, ok := outs[len(outs)-1].Type().(ir.ShapedType); !ok {
			return p.ErrorAt(p.CurrentPos(), "return type needs to be shaped type")
		}
		maps = mapsAttr(ctx, elementwiseDefaultMaps(numArgs, rankOf(outs[len(outs)-1].Type())))
	}
	attrs = append(attrs, ir.NamedAttr{Name: "indexing_maps", Value: maps})
	st.Attributes = attrDict(ctx, attrs)
	r := &ir.Region{}
	st.Regions = []*ir.Region{r}
	if msg := elementwiseOp.fillRegion(ctx, r, types(ins), types(outs), attrs); msg != "" {
		return p.ErrorAt(loc, msg)
	}
	return nil
}

// elementwiseBody applies the function of the kind attribute (MLIR's
// ElementwiseOp::regionBuilder).
func elementwiseBody(h *regionBuilder, args []ir.Value, a opAttrs) []ir.Value {
	k, _ := parseElementwiseKind(elementwiseKind(a.get("kind")))
	switch elementwiseArity(k.String()) {
	case 1:
		return []ir.Value{h.unary(UnaryFn(k), args[0])}
	case 2:
		return []ir.Value{h.binary(BinaryFn(k-ElementwiseKindAdd), args[0], args[1])}
	}
	return []ir.Value{h.selectFn(args[0], args[1], args[2])}
}

// selectFn builds TernaryFn select (MLIR's buildTernaryFn).
func (h *regionBuilder) selectFn(c, a, b ir.Value) ir.Value {
	if h.err != "" || a == nil {
		return nil
	}
	return h.create("arith.select", []ir.Value{c, a, b}, a.Type())
}

// unary builds a UnaryFn (MLIR's buildUnaryFn).
func (h *regionBuilder) unary(fn UnaryFn, a ir.Value) ir.Value {
	if h.err != "" || a == nil {
		return nil
	}
	t := a.Type()
	if !isFloat(t) {
		return h.fail("unsupported non numeric type")
	}
	switch fn {
	case UnaryFnReciprocal:
		one, err := asm.ParseAttrString(h.ctx, "1.000000e+00", t)
		if err != nil {
			return a
		}
		c := h.b.CreateOp("arith.constant", nil, []ir.Type{t}, ir.NamedAttr{Name: "value", Value: one}).Result(0)
		return h.create("arith.divf", []ir.Value{c, a}, t)
	case UnaryFnSquare:
		return h.create("arith.mulf", []ir.Value{a, a}, t)
	}
	names := map[UnaryFn]string{
		UnaryFnExp: "math.exp", UnaryFnLog: "math.log", UnaryFnAbs: "math.absf",
		UnaryFnCeil: "math.ceil", UnaryFnFloor: "math.floor", UnaryFnNegf: "arith.negf",
		UnaryFnRound: "math.round", UnaryFnSqrt: "math.sqrt", UnaryFnRsqrt: "math.rsqrt",
		UnaryFnTanh: "math.tanh", UnaryFnErf: "math.erf",
	}
	return h.create(names[fn], []ir.Value{a}, t)
}

// elementwiseOp is the named-op description of linalg.elementwise: its
// maps are the indexing_maps property and its loops all parallel.
var elementwiseOp = &namedOp{name: "elementwise", body: elementwiseBody}

func init() {
	k := elementwiseOp.kind()
	k.print, k.parse = printElementwise, parseElementwise
	k.maps = func(op *ir.Operation) []affine.Map {
		maps, _ := affineMaps(op.InherentAttr("indexing_maps"))
		return maps
	}
	k.iterators = func(op *ir.Operation) []IteratorType {
		maps, ok := affineMaps(op.InherentAttr("indexing_maps"))
		if !ok || len(maps) == 0 {
			return nil
		}
		return make([]IteratorType, maps[0].NumDims)
	}
	structuredKinds["linalg.elementwise"] = k
}
