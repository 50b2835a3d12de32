package irdl

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// sema resolves a parsed file into dialect definitions, reporting the
// first semantic error as an *Error.
type sema struct {
	ctx  *ir.Context
	file string
	// compiled is set for a dialect compiled into the program
	// (LoadCompiled).
	compiled bool
	// dialects being defined, by name.
	dialects map[string]*dialectDef
}

type semaError struct{ e *Error }

func (s *sema) errorf(pos lexer.Position, format string, args ...any) {
	line, col := pos.Line, pos.Column
	if line == 0 {
		line, col = 1, 1
	}
	panic(semaError{&Error{File: s.file, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}})
}

// errorAtCol reports an error at a column offset from pos on the same line
// (used for positions inside string literals).
func (s *sema) errorAtOffset(pos lexer.Position, delta int, msg string) {
	pos.Column += delta
	s.errorf(pos, "%s", msg)
}

// str decodes a string literal.
func (s *sema) str(x *Str) string {
	if x == nil {
		return ""
	}
	raw := x.Raw
	if len(raw) >= 2 && (raw[0] == '`' || !strings.Contains(raw, "\\")) {
		return raw[1 : len(raw)-1]
	}
	v, _ := decodeStr(raw)
	return v
}

// decodeStr decodes a double-quoted (Go escapes) or raw string literal and
// returns, for each byte of the result, its offset in raw.
func decodeStr(raw string) (string, []int) {
	if len(raw) < 2 {
		return "", nil
	}
	if raw[0] == '`' {
		body := raw[1 : len(raw)-1]
		offs := make([]int, len(body)+1)
		for i := range offs {
			offs[i] = i + 1
		}
		return body, offs
	}
	body := raw[1 : len(raw)-1]
	var sb strings.Builder
	var offs []int
	i := 0
	for i < len(body) {
		start := i
		if body[i] != '\\' {
			sb.WriteByte(body[i])
			offs = append(offs, start+1)
			i++
			continue
		}
		r, _, tail, err := strconv.UnquoteChar(body[i:], '"')
		if err != nil {
			sb.WriteByte(body[i])
			offs = append(offs, start+1)
			i++
			continue
		}
		n := sb.Len()
		sb.WriteRune(r)
		for k := n; k < sb.Len(); k++ {
			offs = append(offs, start+1)
		}
		i = len(body) - len(tail)
	}
	offs = append(offs, len(body)+1)
	return sb.String(), offs
}

func (s *sema) run(f *File) (ds []*dialectDef, err error) {
	defer func() {
		if r := recover(); r != nil {
			se, ok := r.(semaError)
			if !ok {
				panic(r)
			}
			ds, err = nil, se.e
		}
	}()
	for _, dd := range f.Dialects {
		if _, dup := s.dialects[dd.Name]; dup {
			s.errorf(dd.Pos, "dialect '%s' is defined twice", dd.Name)
		}
		d := s.declareDialect(dd)
		s.dialects[d.name] = d
		ds = append(ds, d)
	}
	return ds, nil
}

// declareDialect collects the names of a dialect's items and resolves its
// enums, types and attributes; operations are resolved by resolveOps once
// the dialect's types can be parsed.
func (s *sema) declareDialect(dd *DialectDecl) *dialectDef {
	d := &dialectDef{name: dd.Name, file: s.file, enums: map[string]*enumDef{}, types: map[string]*symDef{},
		attrs: map[string]*symDef{}, named: map[string]*namedConstraint{}}
	if !isValidNamespace(d.name) {
		s.errorf(dd.Pos, "invalid dialect name '%s'", d.name)
	}
	var sawSummary, sawDesc bool
	opNames := map[string]bool{}
	for _, it := range dd.Items {
		switch {
		case it.Summary != nil:
			if sawSummary {
				s.errorf(it.Pos, "duplicate 'summary' in dialect '%s'", d.name)
			}
			sawSummary = true
			d.summary = s.str(it.Summary)
		case it.Description != nil:
			if sawDesc {
				s.errorf(it.Pos, "duplicate 'description' in dialect '%s'", d.name)
			}
			sawDesc = true
			d.description = s.str(it.Description)
		case it.Constraint != nil:
			c := it.Constraint
			if _, dup := d.named[c.Name]; dup {
				s.errorf(c.Pos, "constraint '%s' is defined twice", c.Name)
			}
			if builtinName(s.ctx, c.Name) {
				s.errorf(c.Pos, "constraint '%s' redefines a builtin constraint", c.Name)
			}
			d.named[c.Name] = &namedConstraint{decl: c}
		case it.Enum != nil:
			s.declareEnum(d, it.Enum)
		case it.Type != nil:
			s.declareSym(d, it.Type.Pos, it.Type.Name, false)
		case it.Attr != nil:
			s.declareSym(d, it.Attr.Pos, it.Attr.Name, true)
		case it.Op != nil:
			if opNames[it.Op.Name] {
				s.errorf(it.Op.Pos, "op '%s' is defined twice", it.Op.Name)
			}
			opNames[it.Op.Name] = true
		}
	}
	for _, e := range d.enums {
		if _, clash := d.named[e.name]; clash {
			s.errorf(dd.Pos, "enum '%s' has the name of a constraint", e.name)
		}
	}
	// Parameters and formats of types and attributes.
	for _, it := range dd.Items {
		switch {
		case it.Type != nil:
			s.defineSym(d.types[it.Type.Name], it.Type.Items)
		case it.Attr != nil:
			s.defineSym(d.attrs[it.Attr.Name], it.Attr.Items)
		}
	}
	return d
}

func isValidNamespace(n string) bool {
	if n == "" {
		return false
	}
	for i := 0; i < len(n); i++ {
		c := n[i]
		if !(isIdentStart(c) || i > 0 && (c >= '0' && c <= '9' || c == '$')) {
			return false
		}
	}
	return true
}

func (s *sema) declareEnum(d *dialectDef, e *EnumDecl) {
	if _, dup := d.enums[e.Name]; dup {
		s.errorf(e.Pos, "enum '%s' is defined twice", e.Name)
	}
	st, err := asm.ParseTypeString(s.ctx, e.Storage)
	it, ok := st.(*ir.IntegerType)
	if err != nil || !ok || it.Signedness != ir.Signless || it.Width > 64 {
		s.errorf(e.Pos, "enum '%s' must be stored in a signless integer type of at most 64 bits, not '%s'", e.Name, e.Storage)
	}
	en := &enumDef{name: e.Name, bit: e.Kind == "bitenum", storage: it, dialect: d, sep: ", "}
	en.summary = s.str(e.Summary)
	if e.Separator != nil {
		en.sep = s.str(e.Separator)
		if t := strings.TrimSpace(en.sep); t != "," && t != "|" {
			s.errorf(e.Separator.Pos, "the separator of a bit enum must be \",\" or \"|\" (with optional spaces)")
		}
		if !en.bit {
			s.errorf(e.Separator.Pos, "only bit enums have a separator")
		}
	}
	seen := map[string]bool{}
	for _, c := range e.Cases {
		if seen[c.Name] {
			s.errorf(c.Pos, "enum case '%s' is defined twice", c.Name)
		}
		seen[c.Name] = true
		v, err := strconv.ParseInt(c.Value, 10, 64)
		if err != nil || v < 0 || it.Width < 64 && uint64(v) >= 1<<it.Width {
			s.errorf(c.Pos, "enum case value %s does not fit in %s", c.Value, e.Storage)
		}
		en.cases = append(en.cases, enumCase{name: c.Name, value: uint64(v)})
	}
	if len(en.cases) == 0 {
		s.errorf(e.Pos, "enum '%s' has no cases", e.Name)
	}
	if en.summary == "" {
		var vals []string
		for _, c := range en.cases {
			vals = append(vals, strconv.FormatUint(c.value, 10))
		}
		en.summary = fmt.Sprintf("allowed %d-bit signless integer cases: %s", it.Width, strings.Join(vals, ", "))
	}
	if e.Mnemonic != nil {
		en.mnemonic = s.str(e.Mnemonic)
		if !isValidMnemonic(en.mnemonic) {
			s.errorf(e.Mnemonic.Pos, "invalid attribute mnemonic '%s'", en.mnemonic)
		}
		if _, dup := d.attrs[en.mnemonic]; dup {
			s.errorf(e.Mnemonic.Pos, "attribute '%s' is defined twice", en.mnemonic)
		}
		a := &symDef{dialect: d, isAttr: true, name: en.mnemonic, summary: en.summary, enum: en,
			params: []*paramDef{{name: "value", kind: pEnum, enum: en}}}
		a.format = mustDefFormat("`<` $value `>`", a)
		d.attrs[a.name] = a
		d.attrOrder = append(d.attrOrder, a)
		en.attr = a
	}
	d.enums[e.Name] = en
}

func isValidMnemonic(m string) bool {
	if m == "" || !isIdentStart(m[0]) {
		return false
	}
	for i := 1; i < len(m); i++ {
		if !isIdentChar(m[i]) && m[i] != '.' {
			return false
		}
	}
	return true
}

func (s *sema) declareSym(d *dialectDef, pos lexer.Position, name string, isAttr bool) {
	m := d.types
	what := "type"
	if isAttr {
		m, what = d.attrs, "attribute"
	}
	if _, dup := m[name]; dup {
		s.errorf(pos, "%s '%s' is defined twice", what, name)
	}
	if !isValidMnemonic(name) {
		s.errorf(pos, "invalid %s mnemonic '%s'", what, name)
	}
	sd := &symDef{dialect: d, isAttr: isAttr, name: name, qualified: d.name + "." + name}
	m[name] = sd
	if isAttr {
		d.attrOrder = append(d.attrOrder, sd)
	} else {
		d.typeOrder = append(d.typeOrder, sd)
	}
}

func (s *sema) defineSym(sd *symDef, items []*DefItem) {
	var fmtStr *Str
	var sawSummary, sawDesc, sawParams bool
	for _, it := range items {
		switch {
		case it.Summary != nil:
			if sawSummary {
				s.errorf(it.Pos, "duplicate 'summary' in '%s'", sd.name)
			}
			sawSummary = true
			sd.summary = s.str(it.Summary)
		case it.Description != nil:
			if sawDesc {
				s.errorf(it.Pos, "duplicate 'description' in '%s'", sd.name)
			}
			sawDesc = true
		case it.Params != nil:
			if sawParams {
				s.errorf(it.Pos, "duplicate 'parameters' in '%s'", sd.name)
			}
			sawParams = true
			seen := map[string]bool{}
			for _, p := range it.Params.Params {
				if seen[p.Name] {
					s.errorf(p.Pos, "duplicate parameter '%s'", p.Name)
				}
				seen[p.Name] = true
				sd.params = append(sd.params, s.param(sd.dialect, p))
			}
		case it.Format != nil:
			if fmtStr != nil {
				s.errorf(it.Pos, "duplicate 'format' in '%s'", sd.name)
			}
			fmtStr = it.Format
		}
	}
	if fmtStr != nil {
		text, offs := decodeStr(fmtStr.Raw)
		f, err := parseDefFormat(text, sd)
		if err != nil {
			s.errorAtOffset(fmtStr.Pos, mapOff(offs, err.off), err.msg)
		}
		sd.format = f
	}
}

func mapOff(offs []int, i int) int {
	if i >= 0 && i < len(offs) {
		return offs[i]
	}
	if len(offs) > 0 {
		return offs[len(offs)-1]
	}
	return 0
}

func (s *sema) param(d *dialectDef, p *Param) *paramDef {
	pd := &paramDef{name: p.Name, optional: p.Optional}
	c := p.C
	if c.Lit == "" && len(c.Args) == 0 {
		switch c.Name {
		case "Shape":
			pd.kind = pShape
			return pd
		case "Type":
			pd.kind, pd.tc = pType, anyType()
			return pd
		case "Attr":
			pd.kind, pd.ac = pAttr, anyAttr()
			return pd
		case "String":
			pd.kind = pString
			return pd
		}
		if e, ok := d.enums[c.Name]; ok {
			pd.kind, pd.enum = pEnum, e
			return pd
		}
		if IsIntegerTypeName(c.Name) {
			t, err := asm.ParseTypeString(s.ctx, c.Name)
			if err == nil {
				pd.kind, pd.intType = pInt, t
				if it, ok := t.(*ir.IntegerType); ok && it.Width > 64 {
					s.errorf(c.Pos, "integer parameters are limited to 64 bits")
				}
				return pd
			}
		}
	}
	if c.Lit != "" && c.Lit[0] == '#' || c.Lit == "" && s.isAttrName(d, c.Name) {
		pd.kind, pd.ac = pAttr, s.attrConstraint(d, c)
		return pd
	}
	pd.kind, pd.tc = pType, s.typeConstraint(d, c, nil)
	return pd
}

// IsIntegerTypeName reports whether n is the spelling of an integer type:
// index, or iN, siN or uiN with a width that does not start with 0.
func IsIntegerTypeName(n string) bool {
	rest := n
	switch {
	case n == "index":
		return true
	case strings.HasPrefix(n, "si"), strings.HasPrefix(n, "ui"):
		rest = n[2:]
	case strings.HasPrefix(n, "i"):
		rest = n[1:]
	default:
		return false
	}
	if rest == "" || rest[0] == '0' {
		return false
	}
	for i := 0; i < len(rest); i++ {
		if rest[i] < '0' || rest[i] > '9' {
			return false
		}
	}
	return true
}

var typeCombinators = map[string]bool{"TensorOf": true, "RankedTensorOf": true, "UnrankedTensorOf": true,
	"MemRefOf": true, "VectorOf": true, "ShapedOf": true, "ComplexOf": true, "HasRank": true,
	"HasStaticShape": true}

var attrCombinators = map[string]bool{"EnumAttr": true, "TypeAttrOf": true, "ArrayAttrOf": true}

// builtinName reports whether n names a builtin constraint.
func builtinName(ctx *ir.Context, n string) bool {
	return builtinTypeC(ctx, n) != nil || builtinAttrC(ctx, n) != nil || typeCombinators[n] || attrCombinators[n] ||
		n == "AnyOf" || n == "AllOf" || n == "Not"
}

// isAttrName reports whether a constraint name denotes an attribute
// constraint.
func (s *sema) isAttrName(d *dialectDef, n string) bool {
	return s.isAttrNameSeen(d, n, map[string]bool{})
}

func (s *sema) isAttrNameSeen(d *dialectDef, n string, seen map[string]bool) bool {
	if builtinAttrC(s.ctx, n) != nil || attrCombinators[n] {
		return true
	}
	if _, ok := d.enums[n]; ok {
		return true
	}
	if nc, ok := d.named[n]; ok && !seen[n] {
		seen[n] = true
		return s.isAttrNode(d, nc.decl.C, seen)
	}
	return false
}

func (s *sema) isAttrNode(d *dialectDef, c *Constraint, seen map[string]bool) bool {
	if c.Lit != "" {
		return c.Lit[0] == '#'
	}
	if c.Name == "AnyOf" || c.Name == "AllOf" || c.Name == "Not" {
		for _, a := range c.Args {
			if a.C != nil {
				return s.isAttrNode(d, a.C, seen)
			}
		}
		return false
	}
	return s.isAttrNameSeen(d, c.Name, seen)
}

func (s *sema) constraintArgs(c *Constraint, n int) []*Constraint {
	if len(c.Args) != n {
		s.errorf(c.Pos, "'%s' expects %d argument%s, but got %d", c.Name, n, plural(n), len(c.Args))
	}
	var out []*Constraint
	for _, a := range c.Args {
		if a.C == nil {
			s.errorf(a.Pos, "'%s' expects a constraint argument", c.Name)
		}
		out = append(out, a.C)
	}
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// typeConstraint resolves c as a type constraint; vars are the equality
// variables in scope.
func (s *sema) typeConstraint(d *dialectDef, c *Constraint, vars map[string]*eqVar) *typeC {
	if c.Lit != "" {
		if c.Lit[0] == '#' {
			s.errorf(c.Pos, "expected a type constraint, but found the attribute literal '%s'", c.Lit)
		}
		return s.typeLiteral(d, c)
	}
	if v, ok := vars[c.Name]; ok {
		if len(c.Args) > 0 {
			s.errorf(c.Pos, "variable '%s' takes no arguments", c.Name)
		}
		return &typeC{summary: v.c.summary, pred: v.c.pred, fixed: v.c.fixed, def: v.c.def, v: v}
	}
	if nc, ok := d.named[c.Name]; ok {
		if len(c.Args) > 0 {
			s.errorf(c.Pos, "constraint '%s' takes no arguments", c.Name)
		}
		if nc.tc == nil {
			if nc.resolving {
				s.errorf(c.Pos, "constraint '%s' is defined in terms of itself", c.Name)
			}
			nc.resolving = true
			tc := s.typeConstraint(d, nc.decl.C, nil)
			nc.resolving = false
			cp := *tc
			if nc.decl.Summary != nil {
				cp.summary = s.str(nc.decl.Summary)
			}
			nc.tc = &cp
		}
		return nc.tc
	}
	switch c.Name {
	case "AnyOf", "AllOf":
		if len(c.Args) == 0 {
			s.errorf(c.Pos, "'%s' expects at least one argument", c.Name)
		}
		var cs []*typeC
		for _, a := range c.Args {
			if a.C == nil {
				s.errorf(a.Pos, "'%s' expects constraint arguments", c.Name)
			}
			cs = append(cs, s.typeConstraint(d, a.C, vars))
		}
		if c.Name == "AnyOf" {
			return anyOfT(cs)
		}
		return allOfT(cs)
	case "Not":
		return notT(s.typeConstraint(d, s.constraintArgs(c, 1)[0], vars))
	case "TensorOf", "RankedTensorOf", "UnrankedTensorOf", "MemRefOf", "VectorOf", "ShapedOf", "ComplexOf", "HasStaticShape":
		e := s.typeConstraint(d, s.constraintArgs(c, 1)[0], vars)
		switch c.Name {
		case "TensorOf":
			return tensorOf(e, "tensor", true, true)
		case "RankedTensorOf":
			return tensorOf(e, "ranked tensor", true, false)
		case "UnrankedTensorOf":
			return tensorOf(e, "unranked tensor", false, true)
		case "MemRefOf":
			return memrefOf(e)
		case "VectorOf":
			return vectorOf(e)
		case "ShapedOf":
			return shapedOf(e)
		case "ComplexOf":
			return complexOf(e)
		}
		return hasStaticShape(e)
	case "HasRank":
		if len(c.Args) != 2 || c.Args[0].C == nil || c.Args[1].Int == "" {
			s.errorf(c.Pos, "'HasRank' expects a constraint and a rank: HasRank<C, N>")
		}
		n, err := strconv.Atoi(c.Args[1].Int)
		if err != nil || n < 0 {
			s.errorf(c.Args[1].Pos, "invalid rank %s", c.Args[1].Int)
		}
		return hasRank(s.typeConstraint(d, c.Args[0].C, vars), n)
	}
	if tc := builtinTypeC(s.ctx, c.Name); tc != nil {
		if len(c.Args) > 0 {
			s.errorf(c.Pos, "constraint '%s' takes no arguments", c.Name)
		}
		return tc
	}
	if s.isAttrName(d, c.Name) {
		s.errorf(c.Pos, "'%s' is an attribute constraint, but a type constraint is expected here", c.Name)
	}
	// A builtin type written by its keyword: i32, f16, index, ...
	if len(c.Args) == 0 {
		if t, err := asm.ParseTypeString(s.ctx, c.Name); err == nil && t != nil {
			return fixedType(t, builtinTypeSummary(t))
		}
	}
	s.errorf(c.Pos, "unknown constraint '%s'", c.Name)
	return nil
}

// builtinTypeSummary is the ODS summary of a builtin type used as a
// constraint.
func builtinTypeSummary(t ir.Type) string {
	switch t := t.(type) {
	case *ir.IntegerType:
		return intSummary(int(t.Width), t.Signedness)
	case *ir.IndexType:
		return "index"
	case *ir.FloatType:
		switch t.Kind {
		case ir.BF16:
			return "bfloat16 type"
		case ir.TF32:
			return "tf32 type"
		case ir.F16, ir.F32, ir.F64, ir.F80, ir.F128:
			return fmt.Sprintf("%d-bit float", t.Width())
		}
		return t.Kind.String() + " type"
	case *ir.NoneType:
		return "none type"
	}
	return "type " + asm.TypeString(t)
}

// typeLiteral resolves `!dialect.name` or `!dialect.name<...>`.
func (s *sema) typeLiteral(d *dialectDef, c *Constraint) *typeC {
	dn, rest, _ := strings.Cut(c.Lit[1:], ".")
	if dd, ok := s.dialects[dn]; ok || dn == d.name {
		if !ok {
			dd = d
		}
		mn, body, hasBody := strings.Cut(rest, "<")
		td, ok := dd.types[mn]
		if !ok {
			s.errorf(c.Pos, "dialect '%s' defines no type '%s'", dn, mn)
		}
		summary := td.summary
		if summary == "" {
			summary = "!" + dn + "." + mn
		}
		if !hasBody {
			if len(td.params) == 0 || allOptional(td.params) {
				if t, err := s.buildSym(td, nil); err == nil && len(td.params) == 0 {
					return &typeC{summary: summary, fixed: t, def: td, pred: func(x ir.Type) bool { return x == t }}
				}
			}
			return &typeC{summary: summary, def: td, pred: func(x ir.Type) bool {
				dt, ok := x.(*DynType)
				return ok && dt.def == td
			}}
		}
		_ = body
	}
	t, err := asm.ParseTypeString(s.ctx, c.Lit)
	if err != nil {
		s.errorf(c.Pos, "invalid type literal '%s': %s", c.Lit, err.Error())
	}
	tc := fixedType(t, builtinTypeSummary(t))
	if dt, ok := t.(*DynType); ok {
		tc.def = dt.def
		if dt.def.summary != "" {
			tc.summary = dt.def.summary
		}
	}
	return tc
}

func allOptional(ps []*paramDef) bool {
	for _, p := range ps {
		if !p.optional {
			return false
		}
	}
	return true
}

// attrConstraint resolves c as an attribute constraint.
func (s *sema) attrConstraint(d *dialectDef, c *Constraint) *attrC {
	if c.Lit != "" {
		if c.Lit[0] == '!' {
			s.errorf(c.Pos, "expected an attribute constraint, but found the type literal '%s'", c.Lit)
		}
		dn, rest, _ := strings.Cut(c.Lit[1:], ".")
		if dd, ok := s.dialects[dn]; ok || dn == d.name {
			if !ok {
				dd = d
			}
			mn, _, hasBody := strings.Cut(rest, "<")
			ad, ok := dd.attrs[mn]
			if !ok {
				s.errorf(c.Pos, "dialect '%s' defines no attribute '%s'", dn, mn)
			}
			if !hasBody {
				summary := ad.summary
				if summary == "" {
					summary = "#" + dn + "." + mn
				}
				return classIsPred(&attrC{summary: summary, def: ad, enum: ad.enum, pred: func(x ir.Attribute) bool {
					da, ok := x.(*DynAttr)
					return ok && da.def == ad
				}})
			}
		}
		a, err := asm.ParseAttrString(s.ctx, c.Lit, nil)
		if err != nil {
			s.errorf(c.Pos, "invalid attribute literal '%s': %s", c.Lit, err.Error())
		}
		ac := &attrC{summary: "constant attribute " + c.Lit, pred: func(x ir.Attribute) bool { return x == a }}
		if da, ok := a.(*DynAttr); ok {
			ac.def = da.def
		}
		return ac
	}
	if nc, ok := d.named[c.Name]; ok {
		if len(c.Args) > 0 {
			s.errorf(c.Pos, "constraint '%s' takes no arguments", c.Name)
		}
		if nc.ac == nil {
			if nc.resolving {
				s.errorf(c.Pos, "constraint '%s' is defined in terms of itself", c.Name)
			}
			nc.resolving = true
			ac := s.attrConstraint(d, nc.decl.C)
			nc.resolving = false
			cp := *ac
			if nc.decl.Summary != nil {
				cp.summary = s.str(nc.decl.Summary)
			}
			nc.ac = &cp
		}
		return nc.ac
	}
	if e, ok := d.enums[c.Name]; ok && len(c.Args) == 0 {
		return enumAttrC(s.ctx, e)
	}
	switch c.Name {
	case "AnyOf", "AllOf":
		if len(c.Args) == 0 {
			s.errorf(c.Pos, "'%s' expects at least one argument", c.Name)
		}
		var cs []*attrC
		for _, a := range c.Args {
			if a.C == nil {
				s.errorf(a.Pos, "'%s' expects constraint arguments", c.Name)
			}
			cs = append(cs, s.attrConstraint(d, a.C))
		}
		if c.Name == "AnyOf" {
			return anyOfA(cs)
		}
		return allOfA(cs)
	case "Not":
		return notA(s.attrConstraint(d, s.constraintArgs(c, 1)[0]))
	case "EnumAttr":
		a := s.constraintArgs(c, 1)[0]
		e, ok := d.enums[a.Name]
		if a.Lit != "" {
			// `#dialect.mnemonic`: an enum of a dialect loaded before.
			e, ok = loadedEnum(s.ctx, a.Lit)
		}
		if !ok || len(a.Args) > 0 {
			s.errorf(a.Pos, "'EnumAttr' expects the name of an enum of dialect '%s'", d.name)
		}
		return enumAttrC(s.ctx, e)
	case "TypeAttrOf":
		return typeAttrOf(s.typeConstraint(d, s.constraintArgs(c, 1)[0], nil))
	case "ArrayAttrOf":
		return arrayAttrOf(s.attrConstraint(d, s.constraintArgs(c, 1)[0]))
	}
	if ac := builtinAttrC(s.ctx, c.Name); ac != nil {
		if len(c.Args) > 0 {
			s.errorf(c.Pos, "constraint '%s' takes no arguments", c.Name)
		}
		return ac
	}
	if builtinTypeC(s.ctx, c.Name) != nil || typeCombinators[c.Name] {
		s.errorf(c.Pos, "'%s' is a type constraint, but an attribute constraint is expected here", c.Name)
	}
	s.errorf(c.Pos, "unknown constraint '%s'", c.Name)
	return nil
}

// enumAttrC is the constraint of an enum: an IntegerAttr of the storage
// type holding a case (or a combination of bit cases), or the dialect
// attribute of an `as attr` enum.
func enumAttrC(ctx *ir.Context, e *enumDef) *attrC {
	if e.attr != nil {
		ad := e.attr
		summary := e.summary
		return classIsPred(&attrC{summary: summary, enum: e, def: ad, pred: func(x ir.Attribute) bool {
			da, ok := x.(*DynAttr)
			return ok && da.def == ad
		}})
	}
	st := ir.Type(e.storage)
	return &attrC{summary: e.summary, enum: e, valueType: st, kind: isIntegerAttr, pred: func(x ir.Attribute) bool {
		ia, ok := x.(*ir.IntegerAttr)
		if !ok || ia.Type != st {
			return false
		}
		return e.valid(ia.Lo)
	}}
}

// ---- Operations ----

var traitBits = map[string]ir.Trait{
	"Pure": ir.Pure, "Commutative": ir.Commutative, "ConstantLike": ir.ConstantLike,
	"Terminator": ir.IsTerminator, "ReturnLike": ir.ReturnLike, "NoTerminator": ir.NoTerminator,
	"IsolatedFromAbove": ir.IsolatedFromAbove, "SymbolTable": ir.SymbolTableTrait, "Symbol": ir.SymbolTrait,
	"SingleBlock": ir.SingleBlock, "GraphRegions": ir.GraphRegions,
	"RecursiveMemoryEffects": ir.RecursiveMemoryEffects, "AutomaticAllocationScope": ir.AutomaticAllocationScope,
	"AffineScope": ir.AffineScope, "Elementwise": 0, "MemoryEffects": 0,
}

var verifyingTraits = map[string]traitKind{
	"SameOperandsAndResultType":        tSameOperandsAndResultType,
	"SameTypeOperands":                 tSameTypeOperands,
	"SameOperandsAndResultShape":       tSameOperandsAndResultShape,
	"SameOperandsAndResultElementType": tSameOperandsAndResultElementType,
}

var hookNames = map[string]bool{"verifier": true, "regionVerifier": true, "folder": true, "canonicalizer": true, "printer": true, "parser": true, "interfaces": true}

// resolveOps resolves the operations of dialect dd.
func (s *sema) resolveOps(d *dialectDef, dd *DialectDecl) (err error) {
	defer func() {
		if r := recover(); r != nil {
			se, ok := r.(semaError)
			if !ok {
				panic(r)
			}
			err = se.e
		}
	}()
	for _, it := range dd.Items {
		if it.Op != nil {
			d.ops = append(d.ops, s.resolveOp(d, it.Op))
		}
	}
	return nil
}

func (s *sema) resolveOp(d *dialectDef, od *OpDecl) *opDef {
	o := &opDef{d: d, name: od.Name, full: d.name + "." + od.Name}
	if !isValidMnemonic(od.Name) {
		s.errorf(od.Pos, "invalid op name '%s'", od.Name)
	}
	seen := map[string]bool{}
	once := func(pos lexer.Position, what string) {
		if seen[what] {
			s.errorf(pos, "duplicate '%s' in op '%s'", what, od.Name)
		}
		seen[what] = true
	}
	vars := map[string]*eqVar{}
	names := map[string]bool{}
	useName := func(pos lexer.Position, n string) {
		if names[n] {
			s.errorf(pos, "duplicate name '%s' in op '%s'", n, od.Name)
		}
		names[n] = true
	}
	var fmtStr *Str
	var traitList *TraitList
	var entries []*EntryBlock
	var effects *EffectList
	// Variables first, so that operands may use them wherever declared.
	for _, it := range od.Items {
		if v := it.Var; v != nil {
			if _, dup := vars[v.Name]; dup {
				s.errorf(v.Pos, "variable '%s' is declared twice", v.Name)
			}
			if _, clash := d.named[v.Name]; clash || builtinName(s.ctx, v.Name) {
				s.errorf(v.Pos, "variable '%s' has the name of a constraint", v.Name)
			}
			ev := &eqVar{name: v.Name, c: s.typeConstraint(d, v.C, nil)}
			vars[v.Name] = ev
			o.vars = append(o.vars, ev)
		}
	}
	for _, it := range od.Items {
		switch {
		case it.Summary != nil:
			once(it.Pos, "summary")
			o.summary = s.str(it.Summary)
		case it.Description != nil:
			once(it.Pos, "description")
		case it.Traits != nil:
			once(it.Pos, "traits")
			traitList = it.Traits
		case it.Var != nil:
		case it.Operands != nil, it.Results != nil, it.Regions != nil, it.Successors != nil:
			l := it.Operands
			if l == nil {
				l = it.Results
			}
			if l == nil {
				l = it.Regions
			}
			if l == nil {
				l = it.Successors
			}
			once(it.Pos, l.Kw)
			for _, a := range l.Args {
				useName(a.Pos, a.Name)
				switch l.Kw {
				case "operands", "results":
					v := &valueDef{name: a.Name, c: s.typeConstraint(d, a.C, vars)}
					switch a.Mod {
					case "optional":
						v.mod = optional
					case "variadic":
						v.mod = variadic
					}
					if l.Kw == "operands" {
						o.operands = append(o.operands, v)
					} else {
						o.results = append(o.results, v)
					}
				case "regions":
					if a.Mod == "optional" {
						s.errorf(a.Pos, "regions cannot be optional; use 'variadic'")
					}
					r := &regionDef{name: a.Name, variadic: a.Mod == "variadic", blocks: -1}
					switch {
					case a.C.Lit == "" && a.C.Name == "AnyRegion" && len(a.C.Args) == 0:
					case a.C.Lit == "" && a.C.Name == "SizedRegion" && len(a.C.Args) == 1 && a.C.Args[0].Int != "":
						n, err := strconv.Atoi(a.C.Args[0].Int)
						if err != nil || n < 0 {
							s.errorf(a.C.Pos, "invalid region size")
						}
						r.blocks = n
					default:
						s.errorf(a.C.Pos, "a region constraint must be 'AnyRegion' or 'SizedRegion<N>'")
					}
					o.regions = append(o.regions, r)
				case "successors":
					if a.Mod == "optional" {
						s.errorf(a.Pos, "successors cannot be optional; use 'variadic'")
					}
					if a.C.Lit != "" || a.C.Name != "Successor" && a.C.Name != "AnySuccessor" || len(a.C.Args) > 0 {
						s.errorf(a.C.Pos, "a successor constraint must be 'Successor'")
					}
					o.succs = append(o.succs, &succDef{name: a.Name, variadic: a.Mod == "variadic"})
				}
			}
		case it.Properties != nil:
			once(it.Pos, "properties")
			for _, p := range it.Properties.Props {
				useName(p.Pos, p.Name)
				pd := &propDef{name: p.Name, optional: p.Optional, c: s.attrConstraint(d, p.C)}
				// As ODS's UnitAttr, a unit property is optional: absent
				// means false.
				if pd.c.unit {
					pd.optional = true
				}
				// An optional property with a default is ODS's
				// DefaultValuedOptionalAttr: the default is not stored
				// when the property is absent, but formats and accessors
				// read it.
				if p.Default != nil {
					if pd.c.unit {
						s.errorf(p.Default.Pos, "a unit property cannot have a default value")
					}
					pd.def = s.defaultValue(pd, p.Default)
				}
				o.props = append(o.props, pd)
			}
		case it.Effects != nil:
			once(it.Pos, "effects")
			effects = it.Effects
		case it.Format != nil:
			once(it.Pos, "format")
			fmtStr = it.Format
		case it.Hooks != nil:
			once(it.Pos, "hooks")
			o.hooksPos = it.Pos
			for _, h := range it.Hooks.Hooks {
				if !hookNames[h.Kind] {
					s.errorf(h.Pos, "unknown hook '%s' (expected verifier, regionVerifier, folder, canonicalizer, printer, parser or interfaces)", h.Kind)
				}
				o.hooks = append(o.hooks, h.Kind)
			}
		case it.Entry != nil:
			entries = append(entries, it.Entry)
		case it.ResultNames != nil:
			once(it.Pos, "resultNames")
			rn := it.ResultNames
			if rn.Namer != "" {
				if _, ok := lookupNamer(rn.Namer); !ok {
					s.errorf(rn.Pos, "unknown result namer '%s'", rn.Namer)
				}
				o.namer = rn.Namer
			}
			for _, n := range rn.Names {
				o.names = append(o.names, s.str(n))
			}
		}
	}
	for _, e := range entries {
		if !slices.ContainsFunc(o.regions, func(r *regionDef) bool { return r.name == e.Region }) {
			s.errorf(e.Pos, "'%s' is not a region of op '%s'", e.Region, o.name)
		}
		for _, a := range e.Args {
			if indexOf(o.operands, a) < 0 {
				s.errorf(e.Pos, "'%s' is not an operand of op '%s'", a, o.name)
			}
		}
	}
	if segmented(o.operands) {
		names["operandSegmentSizes"] = true
	}
	if traitList != nil {
		s.resolveTraits(o, traitList)
	}
	if effects != nil {
		o.hasEffects = true
		for _, e := range effects.Effects {
			ed := effectDef{operand: -1, result: -1}
			switch e.Kind {
			case "Read":
				ed.kind = ir.EffectRead
			case "Write":
				ed.kind = ir.EffectWrite
			case "Allocate":
				ed.kind = ir.EffectAllocate
			case "Free":
				ed.kind = ir.EffectFree
			default:
				s.errorf(e.Pos, "unknown effect '%s' (expected Read, Write, Allocate or Free)", e.Kind)
			}
			if e.Value != "" {
				ed.operand = indexOf(o.operands, e.Value)
				if ed.operand < 0 {
					ed.result = indexOf(o.results, e.Value)
				}
				if ed.operand < 0 && ed.result < 0 {
					s.errorf(e.Pos, "effect on '%s', which is not an operand or result of op '%s'", e.Value, od.Name)
				}
			}
			o.effects = append(o.effects, ed)
		}
		if o.traits&ir.Pure != 0 {
			s.errorf(effects.Pos, "a Pure op cannot declare effects")
		}
	}
	s.buildGroups(o)
	o.deriveCounts()
	if fmtStr != nil {
		if f, ok := opFormats.Load(fmtStr); ok && s.compiled {
			o.format = f.(*opFormat)
			return o
		}
		text, offs := decodeStr(fmtStr.Raw)
		f, err := parseOpFormat(text, o)
		if err != nil {
			s.errorAtOffset(fmtStr.Pos, mapOff(offs, err.off), err.msg)
		}
		o.format = f
		if s.compiled {
			opFormats.Store(fmtStr, f)
		}
	}
	return o
}

// opFormats holds the resolved formats of the operations of compiled
// dialects, by the format string of their (cached, shared) syntax tree:
// every context loads the same definition, whose format resolves alike,
// and formats are read-only once resolved.
var opFormats sync.Map // *Str -> *opFormat

func (s *sema) resolveTraits(o *opDef, tl *TraitList) {
	seen := map[string]bool{}
	for _, t := range tl.Traits {
		// TypesMatchWith may appear once per pair of members, as in ODS.
		if seen[t.Name] && t.Name != "TypesMatchWith" {
			s.errorf(t.Pos, "duplicate trait '%s'", t.Name)
		}
		seen[t.Name] = true
		if bit, ok := traitBits[t.Name]; ok {
			if len(t.Args) > 0 {
				s.errorf(t.Pos, "trait '%s' takes no arguments", t.Name)
			}
			o.traits |= bit
			continue
		}
		if k, ok := verifyingTraits[t.Name]; ok {
			if len(t.Args) > 0 {
				s.errorf(t.Pos, "trait '%s' takes no arguments", t.Name)
			}
			o.checks = append(o.checks, traitCheck{kind: k})
			continue
		}
		strArgs := func(min, max int) []string {
			if len(t.Args) < min || max >= 0 && len(t.Args) > max {
				switch {
				case min == max:
					s.errorf(t.Pos, "trait '%s' expects %d string argument%s", t.Name, min, plural(min))
				default:
					s.errorf(t.Pos, "trait '%s' expects at least %d string argument%s", t.Name, min, plural(min))
				}
			}
			var out []string
			for _, a := range t.Args {
				if a.Str == nil {
					s.errorf(a.Pos, "trait '%s' expects string arguments", t.Name)
				}
				out = append(out, s.str(a.Str))
			}
			return out
		}
		switch t.Name {
		case "HasParent":
			names := strArgs(1, -1)
			for i, n := range names {
				if !strings.Contains(n, ".") {
					s.errorf(t.Args[i].Pos, "'%s' is not an operation name (expected \"dialect.op\")", n)
				}
			}
			o.checks = append(o.checks, traitCheck{kind: tHasParent, names: names})
		case "SingleBlockImplicitTerminator":
			n := strArgs(1, 1)[0]
			if !strings.Contains(n, ".") {
				s.errorf(t.Args[0].Pos, "'%s' is not an operation name (expected \"dialect.op\")", n)
			}
			o.implicitTerm = n
			o.traits |= ir.SingleBlock
			o.checks = append(o.checks, traitCheck{kind: tImplicitTerminator, names: []string{n}})
		case "AllTypesMatch":
			names := strArgs(2, -1)
			for i, n := range names {
				if indexOf(o.operands, n) < 0 && indexOf(o.results, n) < 0 && o.propIndex(n) < 0 {
					s.errorf(t.Args[i].Pos, "'%s' is not an operand, result or property of op '%s'", n, o.name)
				}
			}
			o.checks = append(o.checks, traitCheck{kind: tAllTypesMatch, names: names})
		case "TypesMatchWith":
			args := strArgs(4, 4)
			from, to := args[1], args[2]
			fm, tm := o.member(from), o.member(to)
			if fm == nil || fm.kind == 2 {
				s.errorf(t.Args[1].Pos, "'%s' is not an operand or result of op '%s'", from, o.name)
			}
			if tm == nil || tm.kind == 2 {
				s.errorf(t.Args[2].Pos, "'%s' is not an operand or result of op '%s'", to, o.name)
			}
			fn, ok := typeTransforms[args[3]]
			if !ok {
				s.errorf(t.Args[3].Pos, "unknown type transform '%s' (expected one of %s)", args[3], strings.Join(sortedNames(typeTransforms), ", "))
			}
			o.checks = append(o.checks, traitCheck{kind: tTypesMatchWith, names: []string{from, to}, summary: args[0], transform: fn})
		default:
			// A trait that a Go package declared with ir.DeclareTrait.
			switch id := ir.LookupInterfaceID(t.Name); {
			case id == nil:
				s.errorf(t.Pos, "unknown trait '%s'", t.Name)
			case !id.IsTrait():
				s.errorf(t.Pos, "'%s' is an operation interface, not a trait: a dialect attaches its implementation in Go", t.Name)
			case len(t.Args) > 0:
				s.errorf(t.Pos, "trait '%s' takes no arguments", t.Name)
			default:
				o.declared = append(o.declared, id)
			}
		}
	}
}

// buildGroups collects the type-equality groups of an op.
func (s *sema) buildGroups(o *opDef) {
	for _, v := range o.vars {
		var g []member
		for i, x := range o.operands {
			if x.c.v == v {
				g = append(g, member{0, i})
			}
		}
		for i, x := range o.results {
			if x.c.v == v {
				g = append(g, member{1, i})
			}
		}
		if len(g) > 1 {
			o.groups = append(o.groups, g)
		}
	}
	for _, c := range o.checks {
		var g []member
		switch c.kind {
		case tSameOperandsAndResultType:
			for i := range o.operands {
				g = append(g, member{0, i})
			}
			for i := range o.results {
				g = append(g, member{1, i})
			}
		case tSameTypeOperands:
			for i := range o.operands {
				g = append(g, member{0, i})
			}
		case tAllTypesMatch:
			for _, n := range c.names {
				if i := indexOf(o.operands, n); i >= 0 {
					g = append(g, member{0, i})
				} else if i := indexOf(o.results, n); i >= 0 {
					g = append(g, member{1, i})
				} else {
					g = append(g, member{2, o.propIndex(n)})
				}
			}
		}
		if len(g) > 1 {
			o.groups = append(o.groups, g)
		}
	}
}

// defaultValue parses the default of a property.
func (s *sema) defaultValue(p *propDef, l *Literal) ir.Attribute {
	c := p.c
	if c.enum != nil {
		v, ok := c.enum.symbolize(l.Value)
		if !ok {
			s.errorf(l.Pos, "'%s' is not a case of enum '%s'", l.Value, c.enum.name)
		}
		return c.enum.attrOf(s.ctx, v)
	}
	text := l.Value
	var a ir.Attribute
	var err error
	if c.unit && text == "unit" {
		a = s.ctx.Unit()
	} else if c.valueType != nil {
		a, err = asm.ParseAttrString(s.ctx, text, c.valueType)
	} else {
		a, err = asm.ParseAttrString(s.ctx, text, nil)
	}
	if err != nil {
		s.errorf(l.Pos, "invalid default value %s: %s", text, err.Error())
	}
	if !c.pred(a) {
		s.errorf(l.Pos, "default value %s does not satisfy the constraint: %s", text, c.summary)
	}
	return a
}

// sortedNames returns the keys of m in order.
func sortedNames[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// member returns the operand or result called name.
func (o *opDef) member(name string) *member {
	if i := indexOf(o.operands, name); i >= 0 {
		return &member{0, i}
	}
	if i := indexOf(o.results, name); i >= 0 {
		return &member{1, i}
	}
	if i := o.propIndex(name); i >= 0 {
		return &member{2, i}
	}
	return nil
}

// TransformType applies the type transform called name (one a
// TypesMatchWith trait may name: Self, ElementType, I1SameShape) to t; an
// unknown name gives nil. Generated builders infer result types with it.
func TransformType(ctx *ir.Context, name string, t ir.Type) ir.Type {
	if f, ok := typeTransforms[name]; ok && t != nil {
		return f(ctx, t)
	}
	return nil
}

// typeTransforms are the type transformers TypesMatchWith may name (ODS
// writes them in C++).
var typeTransforms = map[string]func(ctx *ir.Context, t ir.Type) ir.Type{
	"Self":        func(_ *ir.Context, t ir.Type) ir.Type { return t },
	"ElementType": func(_ *ir.Context, t ir.Type) ir.Type { return elementTypeOrSelf(t) },
	// I1SameShape is getI1SameShape: i1, or a shaped type of i1 with the
	// same shape.
	"I1SameShape": func(ctx *ir.Context, t ir.Type) ir.Type {
		i1 := ctx.I(1)
		switch t := t.(type) {
		case *ir.VectorType:
			return ctx.VectorType(t.Shape, t.Scalable, i1)
		case *ir.RankedTensorType:
			return ctx.RankedTensorType(t.Shape, i1, nil)
		case *ir.UnrankedTensorType:
			return ctx.UnrankedTensorType(i1)
		}
		return i1
	},
}
