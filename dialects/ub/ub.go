// Package ub defines MLIR's ub dialect: ub.poison, a constant whose value
// is poison (any value may stand for it). The operation is declared in
// ub.irdl; this file adds its custom syntax (`ub.poison : type`, with the
// value shown only when it is not #ub.poison), its folder (ub.poison is a
// constant) and the dialect's constant materialization.
package ub

import (
	_ "embed"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o ub_gen.go ub.irdl

//go:embed ub.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/ub/ub.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the ub dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("ub: loading ub.irdl: " + err.Error())
	}
	registerHooks(ctx)
	if d := ctx.Dialect("ub"); d != nil {
		d.MaterializeConstant = func(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
			if !IsPoisonAttr(value) {
				return nil
			}
			return BuildPoison(b, loc, value, t).Operation
		}
	}
}

// PoisonAttr returns #ub.poison.
func PoisonAttr(ctx *ir.Context) ir.Attribute { return ctx.OpaqueAttr("ub", "poison", nil) }

// IsPoisonAttr reports whether a is #ub.poison.
func IsPoisonAttr(a ir.Attribute) bool {
	o, ok := a.(*ir.OpaqueAttr)
	return ok && o.Dialect == "ub" && o.Data == "poison" && o.Type == nil
}

func printPoison(p ir.OpAsmPrinter, op PoisonOp) {
	v := op.Value()
	if v != nil && !IsPoisonAttr(v) {
		p.WriteString(" <")
		p.PrintAttribute(v)
		p.WriteString(">")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "value")
	p.WriteString(" : ")
	p.PrintType(op.Result().Type())
}

func parsePoison(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	var v ir.Attribute
	if p.ParseOptionalPunct("<") {
		v = p.ParseAttribute(nil)
		p.ParsePunct(">")
	}
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	t := p.ParseType()
	if v == nil {
		v = PoisonAttr(ctx)
	}
	if st.Attributes != nil {
		attrs = append(append([]ir.NamedAttr(nil), st.Attributes.Entries...), attrs...)
	}
	st.Attributes = ctx.DictionaryAttr(append(attrs, ir.NamedAttr{Name: "value", Value: v}))
	st.ResultTypes = append(st.ResultTypes, t)
	return nil
}

// foldPoison folds ub.poison to its value, as a constant.
func foldPoison(op PoisonOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if v := op.Value(); v != nil {
		return []ir.FoldResult{{Attr: v}}, true
	}
	return nil, false
}
