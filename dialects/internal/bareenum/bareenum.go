// Package bareenum holds the enum attributes that upstream prints without
// angle brackets (#nvvm<shfl_kind bfly>, #amdgpu<dpp_perm row_ror>,
// #nvgpu<rcp_rounding_mode rn>): written in full as the dialect's
// attribute, and as a bare keyword inside an operation's custom syntax.
// The attributes are kept opaque; the operations' constraints check the
// case.
package bareenum

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// Enum is one bare enum attribute of a dialect.
type Enum struct {
	// Dialect is the dialect's namespace, Mnemonic the attribute's first
	// word, What its description in diagnostics.
	Dialect, Mnemonic, What string
	// Cases are the valid cases.
	Cases []string
	// SpaceUnknown prints a space before an attribute that is not one of
	// the enum's (amdgpu's ODS format spaces the directive and the
	// attribute printer adds its own).
	SpaceUnknown bool
}

// Valid reports whether v is a case of e.
func (e Enum) Valid(v string) bool {
	for _, c := range e.Cases {
		if c == v {
			return true
		}
	}
	return false
}

// Attr returns the attribute #dialect<mnemonic value>.
func (e Enum) Attr(ctx *ir.Context, value string) (ir.Attribute, error) {
	return Attr(ctx, e.Dialect, e.Mnemonic, value)
}

// Attr returns the attribute #dialect<mnemonic value>.
func Attr(ctx *ir.Context, dialect, mnemonic, value string) (ir.Attribute, error) {
	return asm.ParseAttrString(ctx, "#"+dialect+"<"+mnemonic+" "+value+">", nil)
}

// Value returns the case of a bare enum attribute #dialect<mnemonic case>,
// opaque or parsed by the dialect.
func Value(a ir.Attribute, dialect, mnemonic string) (string, bool) {
	var body string
	switch d := a.(type) {
	case *ir.OpaqueAttr:
		if d.Dialect != dialect {
			return "", false
		}
		body = d.Data
	case ir.DialectAttr:
		if d.DialectName() != dialect {
			return "", false
		}
		body = d.Body()
	default:
		return "", false
	}
	body = strings.TrimSpace(body)
	body = strings.TrimPrefix(body, "<")
	body = strings.TrimSuffix(body, ">")
	v, ok := strings.CutPrefix(body, mnemonic+" ")
	return strings.TrimSpace(v), ok
}

// Register registers the custom directive `directive` that reads and
// writes e as a bare keyword, and the attribute constraint directive+"Attr"
// that accepts e's cases.
func (e Enum) Register(directive string) {
	irdl.RegisterCustomDirective(directive, e.parse, e.print)
	irdl.RegisterAttrConstraint(directive+"Attr", e.What, nil, func(a ir.Attribute) bool {
		v, ok := Value(a, e.Dialect, e.Mnemonic)
		return ok && e.Valid(v)
	})
}

// ParseKeyword reads a bare case of e at the parser's position and returns
// its attribute, or a located error listing the cases.
func (e Enum) ParseKeyword(p ir.OpAsmParser) (ir.Attribute, error) {
	pos := p.CurrentPos()
	kw, ok := p.ParseOptionalKeywordAny()
	if !ok || !e.Valid(kw) {
		return nil, p.ErrorAt(pos, "expected "+e.What+" to be one of: "+strings.Join(e.Cases, ", "))
	}
	a, err := e.Attr(p.Context(), kw)
	if err != nil {
		return nil, p.ErrorAt(pos, err.Error())
	}
	return a, nil
}

func (e Enum) parse(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	a, err := e.ParseKeyword(p)
	if err != nil {
		return false, err
	}
	args[0].Attr = a
	return true, nil
}

func (e Enum) print(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	v, ok := Value(args[0].Attr, e.Dialect, e.Mnemonic)
	if !ok {
		if e.SpaceUnknown {
			p.WriteString(" ")
		}
		p.PrintAttribute(args[0].Attr)
		return
	}
	p.WriteString(" " + v)
}

// ParseAttr extends a dialect's attribute parser (next, which may be nil)
// with the bare enums: `mnemonic case` becomes an opaque attribute of the
// dialect once the case is checked.
func ParseAttr(dialect string, enums []Enum, next func(*ir.Context, string) (ir.Attribute, error)) func(*ir.Context, string) (ir.Attribute, error) {
	return func(ctx *ir.Context, body string) (ir.Attribute, error) {
		for _, e := range enums {
			if v, ok := strings.CutPrefix(body, e.Mnemonic+" "); ok {
				if !e.Valid(strings.TrimSpace(v)) {
					return nil, fmt.Errorf("expected %s to be one of: %s", e.What, strings.Join(e.Cases, ", "))
				}
				return ctx.OpaqueAttr(dialect, body, nil), nil
			}
		}
		if next == nil {
			return nil, fmt.Errorf("unknown attribute in dialect '%s'", dialect)
		}
		return next(ctx, body)
	}
}
