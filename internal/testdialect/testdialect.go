// Package testdialect models the few operations of MLIR's own test dialect
// whose semantics show in generic printing and verification (mlir-opt-22,
// the reference, registers that dialect). Tests register it to compare
// Strata with mlir-opt on upstream inputs that use it.
package testdialect

import (
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// parseAttr keeps test attributes as opaque text, except that
// #test.custom_location<...> is a location, as upstream defines it.
func parseAttr(ctx *ir.Context, body string) (ir.Attribute, error) {
	a := ctx.OpaqueAttr("test", body, nil)
	if strings.HasPrefix(body, "custom_location<") {
		return ctx.AttrLoc(a), nil
	}
	return a, nil
}

// Register adds the test dialect namespace and its modelled ops to ctx.
func Register(ctx *ir.Context) {
	ctx.RegisterDialect(&ir.Dialect{Name: "test", ParseAttr: parseAttr,
		VerifyRegionArgAttr: func(op *ir.Operation, _, _ int, a ir.NamedAttr) error {
			return verifyInvalidAttr(op, a)
		},
		VerifyRegionResultAttr: func(op *ir.Operation, _, _ int, a ir.NamedAttr) error {
			return verifyInvalidAttr(op, a)
		}})
	ctx.RegisterOp(&ir.OpDef{Name: "test.graph_region", Traits: ir.GraphRegions | ir.NoTerminator | ir.SingleBlock,
		Parse: parseRegionOp, Print: printRegionOp})
	// test.ssacfg_region has SSACFG regions: their values must dominate
	// their uses.
	ctx.RegisterOp(&ir.OpDef{Name: "test.ssacfg_region"})
	// test.cse_of_single_block_op is a pure op with one single-block
	// region ended by test.region_yield.
	ctx.RegisterOp(&ir.OpDef{Name: "test.cse_of_single_block_op", Traits: ir.Pure | ir.SingleBlock,
		Parse: parseCSEOfSingleBlockOp, Print: printCSEOfSingleBlockOp})
	ctx.RegisterOp(&ir.OpDef{Name: "test.region_yield", Traits: ir.Pure | ir.IsTerminator | ir.ReturnLike,
		Parse: parseRegionYield, Print: printRegionYield})
	// Ops with fixed memory effects on the default resource.
	for name, effects := range map[string]func(*ir.Operation) []ir.MemoryEffect{
		"test.op_with_memread":  fixedEffect(ir.EffectRead),
		"test.op_with_memwrite": fixedEffect(ir.EffectWrite),
		// test.side_effect_op takes its effects from its `effects`
		// attribute.
		"test.side_effect_op": attributeEffects,
	} {
		d := &ir.OpDef{Name: name}
		ir.MemoryEffectsOp.Attach(d, ir.EffectsFunc(effects))
		ctx.RegisterOp(d)
	}
}

// parseRegionOp parses the `attr-dict-with-keyword $region` assembly
// format.
func parseRegionOp(p ir.OpAsmParser, st *ir.OperationState) error {
	attrs := p.ParseOptionalAttrDictWithKeyword()
	body := &ir.Region{}
	p.ParseRegion(body, nil)
	st.Regions = []*ir.Region{body}
	st.Attributes = p.Context().DictionaryAttr(attrs)
	return nil
}

// printRegionOp prints the `attr-dict-with-keyword $region` format.
func printRegionOp(p ir.OpAsmPrinter, op *ir.Operation) {
	if d := op.Attrs(); d != nil {
		p.PrintOptionalAttrDictWithKeyword(d.Entries)
	}
	p.WriteString(" ")
	p.PrintRegion(op.Region(0), true, true)
}

// parseCSEOfSingleBlockOp parses the format
// `attr-dict "inputs" "(" $inputs ")" $region ":" type($inputs) "->" type($outputs)`.
func parseCSEOfSingleBlockOp(p ir.OpAsmParser, st *ir.OperationState) error {
	attrs := p.ParseOptionalAttrDict()
	if !p.ParseOptionalKeyword("inputs") {
		return p.Errorf("expected 'inputs'")
	}
	p.ParsePunct("(")
	var inputs []ir.UnresolvedOperand
	if !p.ParseOptionalPunct(")") {
		for {
			inputs = append(inputs, p.ParseOperand())
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct(")")
	}
	body := &ir.Region{}
	p.ParseRegion(body, nil)
	p.ParsePunct(":")
	inTypes := parseTypeList(p)
	p.ParsePunct("->")
	outTypes := parseTypeList(p)
	if len(inTypes) != len(inputs) {
		return p.Errorf("%d operands present, but expected %d", len(inputs), len(inTypes))
	}
	for i, u := range inputs {
		st.Operands = append(st.Operands, p.ResolveOperand(u, inTypes[i]))
	}
	st.ResultTypes = outTypes
	st.Regions = []*ir.Region{body}
	st.Attributes = p.Context().DictionaryAttr(attrs)
	return nil
}

// parseTypeList parses a non-empty comma-separated list of types, as
// MLIR's generated parsers do for type($variadic).
func parseTypeList(p ir.OpAsmParser) []ir.Type {
	list := []ir.Type{p.ParseType()}
	for p.ParseOptionalPunct(",") {
		list = append(list, p.ParseType())
	}
	return list
}

func printCSEOfSingleBlockOp(p ir.OpAsmPrinter, op *ir.Operation) {
	printAttrs(p, op)
	p.WriteString(" inputs(")
	ir.PrintOperandList(p, op.Operands())
	p.WriteString(") ")
	p.PrintRegion(op.Region(0), true, true)
	p.WriteString(" : ")
	ir.PrintTypeList(p, op.OperandTypes())
	p.WriteString(" -> ")
	ir.PrintTypeList(p, op.ResultTypes())
}

func printAttrs(p ir.OpAsmPrinter, op *ir.Operation) {
	if d := op.Attrs(); d != nil {
		p.PrintOptionalAttrDict(d.Entries)
	}
}

// parseRegionYield parses the format `$result ":" type($result) attr-dict`.
func parseRegionYield(p ir.OpAsmParser, st *ir.OperationState) error {
	u := p.ParseOperand()
	p.ParsePunct(":")
	st.Operands = []ir.Value{p.ResolveOperand(u, p.ParseType())}
	st.Attributes = p.Context().DictionaryAttr(p.ParseOptionalAttrDict())
	return nil
}

func printRegionYield(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	printAttrs(p, op)
}

func fixedEffect(k ir.EffectKind) func(*ir.Operation) []ir.MemoryEffect {
	return func(*ir.Operation) []ir.MemoryEffect { return []ir.MemoryEffect{{Kind: k}} }
}

// attributeEffects reads test.side_effect_op's effects from its
// `effects` attribute: an array of dictionaries whose `effect` entry is
// "read", "write", "allocate" or "free", the effect being on the first
// result when the dictionary has `on_result`. Resources are not modelled:
// every effect is on the default resource.
func attributeEffects(op *ir.Operation) []ir.MemoryEffect {
	arr, _ := op.Attr("effects").(*ir.ArrayAttr)
	if arr == nil {
		return nil
	}
	kinds := map[string]ir.EffectKind{"read": ir.EffectRead, "write": ir.EffectWrite, "allocate": ir.EffectAllocate, "free": ir.EffectFree}
	var out []ir.MemoryEffect
	for _, e := range arr.Elems {
		d, _ := e.(*ir.DictionaryAttr)
		if d == nil {
			continue
		}
		var eff ir.MemoryEffect
		known := false
		for _, n := range d.Entries {
			switch n.Name {
			case "effect":
				if s, ok := n.Value.(*ir.StringAttr); ok {
					eff.Kind, known = kinds[s.Value]
				}
			case "on_result":
				if op.NumResults() > 0 {
					eff.Value = op.Result(0)
				}
			}
		}
		if known {
			out = append(out, eff)
		}
	}
	return out
}

// verifyInvalidAttr is the test dialect's region argument and result
// attribute verifier: `test.invalid_attr` is rejected.
func verifyInvalidAttr(op *ir.Operation, a ir.NamedAttr) error {
	if a.Name == "test.invalid_attr" {
		return ir.EmitError(op, "invalid to use 'test.invalid_attr'")
	}
	return nil
}
