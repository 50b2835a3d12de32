package function

import (
	"fmt"

	"github.com/strata-ir/strata/core/funcimpl"
	"github.com/strata-ir/strata/core/ir"
)

// FuncDef is func.func: a named function with a single SSACFG region, or
// an external declaration without a body.
var FuncDef = newFuncDef()

func newFuncDef() *ir.OpDef {
	d := &ir.OpDef{
		Name:           "func.func",
		Summary:        "An operation with a name containing a single `SSACFG` region",
		Traits:         ir.IsolatedFromAbove | ir.SymbolTrait | ir.AutomaticAllocationScope | ir.AffineScope,
		InherentAttrs:  []string{"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs", "no_inline"},
		DefaultDialect: "func",
		Verify:         verifyFunc,
		Print:          printFunc,
		Parse:          parseFunc,
	}
	ir.CallableOp.Attach(d, ir.CallableRegionFunc(func(op *ir.Operation) *ir.Region { return op.Region(0) }))
	return d
}

var funcAttrs = []attrConstraint{
	{"sym_name", true, "string attribute", isString},
	{"function_type", true, "type attribute of function type", isFunctionTypeAttr},
	{"sym_visibility", false, "string attribute", isString},
	{"arg_attrs", false, "Array of dictionary attributes", isDictArray},
	{"res_attrs", false, "Array of dictionary attributes", isDictArray},
	{"no_inline", false, "unit attribute", isUnit},
}

// verifyFunc runs, in MLIR's order, the structural traits, the ODS
// attribute constraints, FunctionOpInterface's verifyTrait (argument and
// result attributes, entry block arguments) and SymbolOpInterface's verify.
func verifyFunc(op *ir.Operation) error {
	if err := firstErr(op, oneRegion, zeroResults, zeroSuccessors, zeroOperands); err != nil {
		return err
	}
	if err := verifyAttrs(op, funcAttrs); err != nil {
		return err
	}
	ft := functionType(op)
	if err := funcimpl.VerifyArgResAttrs(op, true, op.InherentAttr("arg_attrs"), len(ft.Inputs)); err != nil {
		return err
	}
	if err := funcimpl.VerifyArgResAttrs(op, false, op.InherentAttr("res_attrs"), len(ft.Results)); err != nil {
		return err
	}
	body := op.Region(0)
	if entry := body.First(); entry != nil {
		if entry.NumArguments() != len(ft.Inputs) {
			return ir.OpError(op, fmt.Sprintf("entry block must have %d arguments to match function signature", len(ft.Inputs)))
		}
		for i, in := range ft.Inputs {
			if t := entry.Argument(i).Type(); t != in {
				return ir.OpError(op, fmt.Sprintf("type of entry block argument #%d(%s) must match the type of the corresponding argument in function signature(%s)", i, typeString(t), typeString(in)))
			}
		}
	}
	return funcimpl.VerifySymbol(op, body.Empty())
}

// printFunc is function_interface_impl::printFunctionOp.
func printFunc(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	if vis, ok := op.InherentAttr("sym_visibility").(*ir.StringAttr); ok {
		p.WriteString(vis.Value)
		p.WriteString(" ")
	}
	p.PrintSymbolName(symName(op))
	var ins, outs []ir.Type
	if ft := functionType(op); ft != nil {
		ins, outs = ft.Inputs, ft.Results
	}
	funcimpl.PrintSignature(p, op, ins, false, outs)
	// Function attributes: the discardable and inherent ones, sorted by
	// name, less those the signature shows (MLIR's printFunctionAttributes).
	p.PrintOptionalAttrDictWithKeyword(op.AllAttrs(), "sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs")
	if body := op.Region(0); !body.Empty() {
		p.WriteString(" ")
		p.PrintRegion(body, false, true)
	}
}

// parseFunc is function_interface_impl::parseFunctionOp.
func parseFunc(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	var attrs []ir.NamedAttr
	for _, kw := range []string{"public", "private", "nested"} {
		if p.ParseOptionalKeyword(kw) {
			attrs = append(attrs, ir.NamedAttr{Name: "sym_visibility", Value: ctx.Str(kw)})
			break
		}
	}
	attrs = append(attrs, ir.NamedAttr{Name: "sym_name", Value: ctx.Str(p.ParseSymbolName())})

	args, _, results, resAttrs, err := funcimpl.ParseSignature(p, false)
	if err != nil {
		return err
	}
	attrs = append(attrs, ir.NamedAttr{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(funcimpl.ArgTypes(args), results))})

	dictPos := p.CurrentPos()
	parsed := p.ParseOptionalAttrDictWithKeyword()
	for _, n := range []string{"sym_visibility", "sym_name", "function_type"} {
		for _, e := range parsed {
			if e.Name == n {
				return p.ErrorAt(dictPos, "'"+n+"' is an inferred attribute and should not be specified in the explicit attribute dictionary")
			}
		}
	}
	attrs = append(attrs, parsed...)
	attrs = append(attrs, funcimpl.ArgAndResultAttrs(ctx, args, resAttrs)...)

	body := &ir.Region{}
	bodyPos := p.CurrentPos()
	if p.ParseOptionalRegion(body, args) && body.Empty() {
		return p.ErrorAt(bodyPos, "expected non-empty function body")
	}
	st.Regions = []*ir.Region{body}
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

// IsBoundaryOp reports whether op belongs to the func dialect: the
// operations that one-shot-bufferize rewrites only when it bufferizes
// function boundaries.
func IsBoundaryOp(op *ir.Operation) bool {
	return op.OpName().DialectNamespace() == Namespace
}
