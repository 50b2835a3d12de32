package irdl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// DynType is a type of a dialect defined in the language: `!dialect.name`
// or `!dialect.name<params>`.
type DynType struct {
	ir.TypeStorage
	def    *symDef
	params []any
	body   string
	models *ir.TypeModels
}

// TypeModels returns the type interface models attached to the type's
// definition (ir.TypeInterface).
func (t *DynType) TypeModels() *ir.TypeModels { return t.models }

// DialectName returns the dialect namespace.
func (t *DynType) DialectName() string { return t.def.dialect.name }

// Body returns the text after `!dialect.`.
func (t *DynType) Body() string { return t.body }

// Mnemonic returns the type's name within its dialect.
func (t *DynType) Mnemonic() string { return t.def.name }

// Param returns the value of the named parameter: an ir.Type, an
// ir.Attribute, []int64 (Shape), int64 (integers), string, uint64 (enums),
// or nil for an absent optional parameter.
func (t *DynType) Param(name string) any { return paramByName(t.def, t.params, name) }

// DynAttr is an attribute of a dialect defined in the language.
type DynAttr struct {
	ir.AttrStorage
	def    *symDef
	params []any
	body   string
}

// DialectName returns the dialect namespace.
func (a *DynAttr) DialectName() string { return a.def.dialect.name }

// Body returns the text after `#dialect.`.
func (a *DynAttr) Body() string { return a.body }

// Mnemonic returns the attribute's name within its dialect.
func (a *DynAttr) Mnemonic() string { return a.def.name }

// Param returns the value of the named parameter (see DynType.Param).
func (a *DynAttr) Param(name string) any { return paramByName(a.def, a.params, name) }

// GetType returns the type !dialect.name with the given parameters, in
// the order the definition declares them (values as DynType.Param returns
// them; nil for an absent optional one). The dialect must have been loaded
// into ctx from a definition file.
func GetType(ctx *ir.Context, dialect, name string, params ...any) (*DynType, error) {
	d, err := lookupSym(ctx, dialect, name, true)
	if err != nil {
		return nil, err
	}
	return buildType(ctx, d, params)
}

// GetAttr returns the attribute #dialect.name with the given parameters
// (see GetType).
func GetAttr(ctx *ir.Context, dialect, name string, params ...any) (*DynAttr, error) {
	d, err := lookupSym(ctx, dialect, name, false)
	if err != nil {
		return nil, err
	}
	return buildAttr(ctx, d, params)
}

func lookupSym(ctx *ir.Context, dialect, name string, isType bool) (*symDef, error) {
	kind, syms := "attribute", func(d *dialectDef) map[string]*symDef { return d.attrs }
	if isType {
		kind, syms = "type", func(d *dialectDef) map[string]*symDef { return d.types }
	}
	if dl := ctx.Dialect(dialect); dl != nil {
		if dd, ok := dl.Definitions.(*dialectDef); ok {
			if sd := syms(dd)[name]; sd != nil {
				return sd, nil
			}
		}
	}
	return nil, fmt.Errorf("no %s '%s.%s' is defined in this context", kind, dialect, name)
}

func paramByName(d *symDef, params []any, name string) any {
	for i, p := range d.params {
		if p.name == name && i < len(params) {
			return params[i]
		}
	}
	return nil
}

// symKey builds the interning key of a type or attribute instance.
func symKey(d *symDef, params []any) string {
	var sb strings.Builder
	sb.WriteString(d.dialect.name)
	sb.WriteByte('.')
	sb.WriteString(d.name)
	for _, p := range params {
		sb.WriteByte(0)
		switch p := p.(type) {
		case nil:
			sb.WriteByte('N')
		case ir.Type:
			sb.WriteByte('T')
			sb.WriteString(strconv.FormatUint(p.ID(), 16))
		case ir.Attribute:
			sb.WriteByte('A')
			sb.WriteString(strconv.FormatUint(p.ID(), 16))
		case []int64:
			sb.WriteByte('S')
			for _, d := range p {
				sb.WriteString(strconv.FormatInt(d, 16))
				sb.WriteByte(',')
			}
		case int64:
			sb.WriteByte('I')
			sb.WriteString(strconv.FormatInt(p, 16))
		case uint64:
			sb.WriteByte('E')
			sb.WriteString(strconv.FormatUint(p, 16))
		case string:
			sb.WriteByte('s')
			sb.WriteString(strconv.Itoa(len(p)))
			sb.WriteByte(':')
			sb.WriteString(p)
		}
	}
	return sb.String()
}

// checkParams verifies parameter values against their constraints.
func checkParams(d *symDef, params []any) error {
	if len(params) != len(d.params) {
		return fmt.Errorf("expected %d parameters, but got %d", len(d.params), len(params))
	}
	for i, pd := range d.params {
		v := params[i]
		if v == nil {
			if !pd.optional {
				return fmt.Errorf("missing parameter '%s'", pd.name)
			}
			continue
		}
		ok := true
		switch pd.kind {
		case pType:
			t, isT := v.(ir.Type)
			ok = isT && pd.tc.pred(t)
			if isT && !ok {
				return fmt.Errorf("failed to verify '%s': %s, but got '%s'", pd.name, pd.tc.summary, asm.TypeString(t))
			}
		case pAttr:
			a, isA := v.(ir.Attribute)
			ok = isA && pd.ac.pred(a)
			if isA && !ok {
				return fmt.Errorf("failed to verify '%s': %s, but got '%s'", pd.name, pd.ac.summary, asm.AttrString(a))
			}
		case pShape:
			_, ok = v.([]int64)
		case pInt:
			_, ok = v.(int64)
		case pString:
			_, ok = v.(string)
		case pEnum:
			e, isE := v.(uint64)
			ok = isE && pd.enum.valid(e)
		}
		if !ok {
			return fmt.Errorf("invalid value for parameter '%s'", pd.name)
		}
	}
	return nil
}

// buildType returns the interned type of d with params.
func buildType(ctx *ir.Context, d *symDef, params []any) (*DynType, error) {
	if err := checkParams(d, params); err != nil {
		return nil, err
	}
	ps := append([]any(nil), params...)
	models := ctx.TypeModels(d.qualified)
	return ir.InternType(ctx, "irdl:"+symKey(d, ps), func(id uint64) *DynType {
		return &DynType{TypeStorage: ir.NewTypeStorage(id), def: d, params: ps, body: d.name + printDefBody(d, ps), models: models}
	}), nil
}

// buildAttr returns the interned attribute of d with params.
func buildAttr(ctx *ir.Context, d *symDef, params []any) (*DynAttr, error) {
	if err := checkParams(d, params); err != nil {
		return nil, err
	}
	ps := append([]any(nil), params...)
	return ir.InternAttr(ctx, "irdl:"+symKey(d, ps), func(id uint64) *DynAttr {
		return &DynAttr{AttrStorage: ir.NewAttrStorage(id), def: d, params: ps, body: d.name + printDefBody(d, ps)}
	}), nil
}

func (s *sema) buildSym(d *symDef, params []any) (ir.Type, error) {
	if params == nil {
		params = make([]any, len(d.params))
	}
	t, err := buildType(s.ctx, d, params)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// strippedBody returns the text of a dialect type or attribute after its
// mnemonic, or "" (ODS's printStrippedAttrOrType prints the full form
// when the stripped one is empty).
func strippedBody(x any) string {
	switch x := x.(type) {
	case *DynType:
		return x.body[len(x.def.name):]
	case *DynAttr:
		return x.body[len(x.def.name):]
	}
	return ""
}

// KeepUndefinedTypesOpaque makes the types of the dialect name of ctx that
// its definition file does not define parse as opaque types
// (`!name.anything<...>`), as they do in a namespace without types: for a
// dialect that defines some of its upstream counterpart's types and
// passes the others through, such as the test dialect.
func KeepUndefinedTypesOpaque(ctx *ir.Context, name string) {
	dl := ctx.Dialect(name)
	if dl == nil || dl.ParseType == nil {
		return
	}
	dd, _ := dl.Definitions.(*dialectDef)
	next := dl.ParseType
	dl.ParseType = func(ctx *ir.Context, body string) (ir.Type, error) {
		if mn, _ := splitMnemonic(body); dd == nil || dd.types[mn] == nil {
			return ctx.OpaqueType(name, body), nil
		}
		return next(ctx, body)
	}
}
