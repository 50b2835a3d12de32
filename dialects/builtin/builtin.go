// Package builtin defines MLIR's builtin dialect operations: builtin.module
// and builtin.unrealized_conversion_cast, with their upstream syntax.
package builtin

import (
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// Register adds the builtin operations to ctx.
func Register(ctx *ir.Context) {
	ctx.RegisterOp(ModuleDef)
	ctx.RegisterOp(UnrealizedConversionCastDef)
}

// ModuleDef is builtin.module: a top-level container holding a single
// block without terminator; a symbol table that may have a name.
var ModuleDef = &ir.OpDef{
	Name:           "builtin.module",
	Summary:        "A top level container operation",
	Traits:         ir.IsolatedFromAbove | ir.NoTerminator | ir.SymbolTableTrait | ir.GraphRegions | ir.SingleBlock | ir.AffineScope,
	InherentAttrs:  []string{"sym_name", "sym_visibility"},
	DefaultDialect: "builtin",
	Verify:         verifyModule,
	Print:          printModule,
	Parse:          parseModule,
}

func verifyModule(op *ir.Operation) error {
	if op.NumRegions() != 1 {
		return ir.OpError(op, "requires one region")
	}
	if op.Region(0).NumBlocks() != 1 {
		return ir.OpError(op, "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks")
	}
	if d := op.Attrs(); d != nil {
		for _, e := range d.Entries {
			if !strings.Contains(e.Name, ".") {
				return ir.OpError(op, "can only contain attributes with dialect-prefixed names, found: '"+e.Name+"'")
			}
		}
	}
	if op.NumOperands() != 0 || op.NumResults() != 0 {
		return ir.OpError(op, "requires zero operands and results")
	}
	if a := op.InherentAttr("sym_name"); a != nil {
		if _, ok := a.(*ir.StringAttr); !ok {
			return ir.OpError(op, "attribute 'sym_name' failed to satisfy constraint: string attribute")
		}
	}
	if a := op.InherentAttr("sym_visibility"); a != nil {
		if _, ok := a.(*ir.StringAttr); !ok {
			return ir.OpError(op, "attribute 'sym_visibility' failed to satisfy constraint: string attribute")
		}
	}
	return nil
}

// printModule prints `module @name attributes {...} { ... }`.
func printModule(p ir.OpAsmPrinter, op *ir.Operation) {
	entries := op.AllAttrs()
	if s, ok := op.InherentAttr("sym_name").(*ir.StringAttr); ok {
		p.WriteString(" ")
		p.PrintSymbolName(s.Value)
	}
	p.PrintOptionalAttrDictWithKeyword(entries, "sym_name")
	p.WriteString(" ")
	p.PrintRegion(op.Region(0), true, true)
}

func parseModule(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	var attrs []ir.NamedAttr
	if name, ok := p.ParseOptionalSymbolName(); ok {
		attrs = append(attrs, ir.NamedAttr{Name: "sym_name", Value: ctx.Str(name)})
	}
	attrs = append(attrs, p.ParseOptionalAttrDictWithKeyword()...)
	r := &ir.Region{}
	p.ParseRegion(r, nil)
	if r.Empty() {
		r.Append(ir.NewBlock())
	}
	st.Regions = []*ir.Region{r}
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

// UnrealizedConversionCastDef is builtin.unrealized_conversion_cast, which
// bridges types during partial dialect conversion.
var UnrealizedConversionCastDef = &ir.OpDef{
	Name:    "builtin.unrealized_conversion_cast",
	Summary: "An unrealized conversion from one set of types to another",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if op.NumResults() == 0 {
			return ir.OpError(op, "expected at least one result for cast operation")
		}
		return nil
	},
}
