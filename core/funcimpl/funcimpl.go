// Package funcimpl holds the custom syntax shared by function-like
// operations (func.func, llvm.func, gpu.func and those of out-of-tree
// dialects): MLIR's function_interface_impl and call_interface_impl
// helpers. A dialect's printer writes its keywords and symbol name, then
// PrintSignature; its parser reads them, then ParseSignature, and records
// the argument and result attributes with ArgAndResultAttrs.
package funcimpl

import (
	"github.com/strata-ir/strata/core/ir"
)

// ParseSignature is function_interface_impl::
// parseFunctionSignatureWithArguments: the parenthesized argument list
// (all `%name: type {attrs} loc(...)` or all `type {attrs} loc(...)`;
// with allowVariadic a trailing `...`), then an optional `-> results`.
func ParseSignature(p ir.OpAsmParser, allowVariadic bool) (args []ir.RegionArgument, variadic bool, results []ir.Type, resultAttrs []*ir.DictionaryAttr, err error) {
	ctx := p.Context()
	p.ParsePunct("(")
	if !p.ParseOptionalPunct(")") {
		for {
			if variadic {
				return nil, false, nil, nil, p.ErrorAt(p.CurrentPos(), "variadic arguments must be in the end of the argument list")
			}
			if allowVariadic && p.ParseOptionalPunct("...") {
				variadic = true
			} else if a, ok := p.ParseOptionalArgument(true, true); ok {
				if len(args) > 0 && args[len(args)-1].Name == "" {
					return nil, false, nil, nil, p.ErrorAt(a.Pos, "expected type instead of SSA identifier")
				}
				args = append(args, a)
			} else {
				pos := p.CurrentPos()
				if len(args) > 0 && args[len(args)-1].Name != "" {
					return nil, false, nil, nil, p.ErrorAt(pos, "expected SSA identifier")
				}
				a := ir.RegionArgument{Pos: pos, Type: p.ParseType()}
				if d := p.ParseOptionalAttrDict(); d != nil {
					a.Attrs = ctx.DictionaryAttr(d)
				}
				a.Loc, _ = p.ParseOptionalLocationSpecifier()
				args = append(args, a)
			}
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct(")")
	}
	if p.ParseOptionalPunct("->") {
		results, resultAttrs = ParseResultList(p)
	}
	return args, variadic, results, resultAttrs, nil
}

// ParseResultList is call_interface_impl::parseFunctionResultList: one
// type, or a parenthesized list of types with attribute dictionaries.
func ParseResultList(p ir.OpAsmParser) ([]ir.Type, []*ir.DictionaryAttr) {
	ctx := p.Context()
	if !p.ParseOptionalPunct("(") {
		return []ir.Type{p.ParseType()}, []*ir.DictionaryAttr{nil}
	}
	if p.ParseOptionalPunct(")") {
		return nil, nil
	}
	var types []ir.Type
	var attrs []*ir.DictionaryAttr
	for {
		types = append(types, p.ParseType())
		var d *ir.DictionaryAttr
		if e := p.ParseOptionalAttrDict(); e != nil {
			d = ctx.DictionaryAttr(e)
		}
		attrs = append(attrs, d)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(")")
	return types, attrs
}

// ArgTypes returns the types of parsed arguments.
func ArgTypes(args []ir.RegionArgument) []ir.Type {
	ins := make([]ir.Type, len(args))
	for i, a := range args {
		ins[i] = a.Type
	}
	return ins
}

// ArgAndResultAttrs is call_interface_impl::addArgAndResultAttrs: the
// properties arg_attrs and res_attrs, each present only when one of its
// dictionaries is not empty.
func ArgAndResultAttrs(ctx *ir.Context, args []ir.RegionArgument, resultAttrs []*ir.DictionaryAttr) []ir.NamedAttr {
	var out []ir.NamedAttr
	argDicts := make([]*ir.DictionaryAttr, len(args))
	for i, a := range args {
		argDicts[i] = a.Attrs
	}
	if a := dictArray(ctx, argDicts); a != nil {
		out = append(out, ir.NamedAttr{Name: "arg_attrs", Value: a})
	}
	if a := dictArray(ctx, resultAttrs); a != nil {
		out = append(out, ir.NamedAttr{Name: "res_attrs", Value: a})
	}
	return out
}

// dictArray returns the array of dicts (empty ones for nil) when one of
// them is not empty, else nil.
func dictArray(ctx *ir.Context, dicts []*ir.DictionaryAttr) ir.Attribute {
	any := false
	for _, d := range dicts {
		if d != nil && len(d.Entries) > 0 {
			any = true
		}
	}
	if !any {
		return nil
	}
	elems := make([]ir.Attribute, len(dicts))
	for i, d := range dicts {
		if d == nil {
			d = ctx.DictionaryAttr(nil)
		}
		elems[i] = d
	}
	return ctx.ArrayAttr(elems)
}

// PrintSignature is function_interface_impl::printFunctionSignature: the
// arguments (the entry block's, with their attributes, when op's first
// region has a body; the types otherwise), `...` when variadic, and
// `-> results` with their attributes when there are results. The
// attributes are op's arg_attrs and res_attrs.
func PrintSignature(p ir.OpAsmPrinter, op *ir.Operation, argTypes []ir.Type, variadic bool, resultTypes []ir.Type) {
	var entry *ir.Block
	if op.NumRegions() > 0 {
		entry = op.Region(0).First()
	}
	argAttrs := dicts(op.InherentAttr("arg_attrs"))
	p.WriteString("(")
	for i, t := range argTypes {
		if i > 0 {
			p.WriteString(", ")
		}
		var attrs []ir.NamedAttr
		if i < len(argAttrs) {
			attrs = entries(argAttrs[i])
		}
		if entry != nil && i < entry.NumArguments() {
			p.PrintRegionArgument(entry.Argument(i), attrs)
		} else {
			p.PrintType(t)
			p.PrintOptionalAttrDict(attrs)
		}
	}
	if variadic {
		if len(argTypes) > 0 {
			p.WriteString(", ")
		}
		p.WriteString("...")
	}
	p.WriteString(")")
	if len(resultTypes) > 0 {
		p.WriteString(" -> ")
		PrintResultList(p, resultTypes, dicts(op.InherentAttr("res_attrs")))
	}
}

// PrintResultList is call_interface_impl::printFunctionResultList: the
// types with their attribute dictionaries, in parentheses when there are
// several, the only one is a function type, or it has attributes.
func PrintResultList(p ir.OpAsmPrinter, types []ir.Type, attrs []ir.Attribute) {
	if len(types) == 0 {
		return
	}
	_, fnType := types[0].(*ir.FunctionType)
	parens := len(types) > 1 || fnType || (len(attrs) > 0 && len(entries(attrs[0])) > 0)
	if parens {
		p.WriteString("(")
	}
	for i, t := range types {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(t)
		if i < len(attrs) {
			p.PrintOptionalAttrDict(entries(attrs[i]))
		}
	}
	if parens {
		p.WriteString(")")
	}
}

// dicts returns the dictionaries of an arg_attrs or res_attrs array, or
// nil.
func dicts(a ir.Attribute) []ir.Attribute {
	if arr, ok := a.(*ir.ArrayAttr); ok {
		return arr.Elems
	}
	return nil
}

func entries(a ir.Attribute) []ir.NamedAttr {
	if d, ok := a.(*ir.DictionaryAttr); ok {
		return d.Entries
	}
	return nil
}

// AddEntryBlock gives the first region of the function-like op an entry
// block with one argument per type of argTypes, located at the op, and
// returns it. A region that has blocks already is an error.
func AddEntryBlock(op *ir.Operation, argTypes []ir.Type) (*ir.Block, error) {
	if op.NumRegions() == 0 {
		return nil, ir.OpError(op, "has no region for an entry block")
	}
	body := op.Region(0)
	if !body.Empty() {
		return nil, ir.OpError(op, "already has an entry block")
	}
	b := ir.NewBlock()
	for _, t := range argTypes {
		b.AddArgument(t, op.Loc())
	}
	body.Append(b)
	return b, nil
}
