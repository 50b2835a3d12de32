package irdl

import (
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// defFormat is the resolved format of a type or attribute definition.
type defFormat struct {
	elems []*fElem
}

func mustDefFormat(src string, d *symDef) *defFormat {
	f, err := parseDefFormat(src, d)
	if err != nil {
		panic(err)
	}
	return f
}

// parseDefFormat parses and checks the format of a type or attribute.
func parseDefFormat(src string, d *symDef) (f *defFormat, ferr *fmtError) {
	elems, err := parseFormat(src)
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			fe, ok := r.(*fmtError)
			if !ok {
				panic(r)
			}
			f, ferr = nil, fe
		}
	}()
	seen := make([]bool, len(d.params))
	allParams := false
	var resolve func(list []*fElem, inOptional bool)
	resolve = func(list []*fElem, inOptional bool) {
		for _, e := range list {
			switch e.kind {
			case fLiteral, fSpace:
			case fVar:
				idx := -1
				for i, p := range d.params {
					if p.name == e.name {
						idx = i
					}
				}
				if idx < 0 {
					panic(&fmtError{e.pos, "'" + e.name + "' is not a parameter"})
				}
				if seen[idx] {
					panic(&fmtError{e.pos, "duplicate parameter '" + e.name + "'"})
				}
				seen[idx] = true
				e.vk, e.idx = vParam, idx
				if e.isAnchor && !d.params[idx].optional {
					panic(&fmtError{e.pos, "only optional parameters can be used to anchor an optional group"})
				}
			case fParams:
				if allParams {
					panic(&fmtError{e.pos, "duplicate 'params' directive"})
				}
				allParams = true
				for i := range seen {
					seen[i] = true
				}
			case fOptional:
				if inOptional {
					panic(&fmtError{e.pos, "optional groups cannot be nested"})
				}
				resolve(e.then, true)
				resolve(e.els, true)
				if e.anchor.kind != fVar {
					panic(&fmtError{e.anchor.pos, "the anchor of an optional group must be a parameter"})
				}
				first := firstParsable(e.then)
				if first.kind != fLiteral && first.kind != fVar {
					panic(&fmtError{first.pos, "first parsable element of an optional group must be a literal or a parameter"})
				}
			default:
				panic(&fmtError{e.pos, "this directive is not valid in the format of a type or attribute"})
			}
		}
	}
	resolve(elems, false)
	for i, ok := range seen {
		if !ok {
			panic(&fmtError{len(src), "format is missing a reference to parameter '" + d.params[i].name + "'"})
		}
	}
	sp := &spacer{shouldEmitSpace: true}
	spaceDef(elems, sp)
	return &defFormat{elems: elems}, nil
}

// spaceDef records the printing decisions of AttrOrTypeFormatGen.
func spaceDef(list []*fElem, sp *spacer) {
	for _, e := range list {
		switch e.kind {
		case fLiteral:
			sp.literal(e)
		case fSpace:
			sp.whitespace(e)
		case fOptional:
			spaceDef(e.then, sp)
			spaceDef(e.els, sp)
		default:
			sp.element(e)
		}
	}
}

// ---- Printing ----

// printDefBody prints the part of a type or attribute after its mnemonic.
func printDefBody(d *symDef, params []any) string {
	var sb strings.Builder
	if d.format == nil {
		if len(d.params) == 0 {
			return ""
		}
		sb.WriteByte('<')
		first := true
		for i, pd := range d.params {
			if params[i] == nil {
				continue
			}
			if !first {
				sb.WriteString(", ")
			}
			first = false
			printParam(&sb, pd, params[i], false, true)
		}
		sb.WriteByte('>')
		return sb.String()
	}
	printDefElems(&sb, d, params, d.format.elems)
	return sb.String()
}

func printDefElems(sb *strings.Builder, d *symDef, params []any, list []*fElem) {
	for _, e := range list {
		switch e.kind {
		case fLiteral:
			if e.space {
				sb.WriteByte(' ')
			}
			sb.WriteString(e.text)
		case fSpace:
			switch e.text {
			case " ":
				sb.WriteByte(' ')
			case "\\n":
				sb.WriteByte('\n')
			}
		case fVar:
			if e.space {
				sb.WriteByte(' ')
			}
			if params[e.idx] != nil {
				printParam(sb, d.params[e.idx], params[e.idx], e.qualified, false)
			}
		case fParams:
			if e.space {
				sb.WriteByte(' ')
			}
			for i, pd := range d.params {
				if i > 0 {
					sb.WriteString(", ")
				}
				if params[i] != nil {
					printParam(sb, pd, params[i], false, true)
				}
			}
		case fOptional:
			if params[e.anchor.idx] != nil {
				printDefElems(sb, d, params, e.then)
			} else {
				printDefElems(sb, d, params, e.els)
			}
		}
	}
}

func printParam(sb *strings.Builder, pd *paramDef, v any, qualified, generic bool) {
	switch pd.kind {
	case pType:
		t := v.(ir.Type)
		if !qualified && !generic && pd.tc.def != nil {
			if s := strippedBody(t); s != "" {
				sb.WriteString(s)
				return
			}
		}
		sb.WriteString(asm.TypeString(t))
	case pAttr:
		a := v.(ir.Attribute)
		if !qualified && !generic && pd.ac.def != nil {
			if s := strippedBody(a); s != "" {
				sb.WriteString(s)
				return
			}
		}
		sb.WriteString(asm.AttrString(a))
	case pShape:
		dims := v.([]int64)
		if generic {
			sb.WriteByte('[')
			for i, d := range dims {
				if i > 0 {
					sb.WriteString(", ")
				}
				sb.WriteString(dimString(d))
			}
			sb.WriteByte(']')
			return
		}
		for _, d := range dims {
			sb.WriteString(dimString(d))
			sb.WriteByte('x')
		}
	case pInt:
		sb.WriteString(strconv.FormatInt(v.(int64), 10))
	case pString:
		sb.WriteString(quoteString(v.(string)))
	case pEnum:
		sb.WriteString(pd.enum.stringify(v.(uint64)))
	}
}

func dimString(d int64) string {
	if d == ir.Dynamic {
		return "?"
	}
	return strconv.FormatInt(d, 10)
}

// quoteString quotes s as MLIR's printEscapedString does.
func quoteString(s string) string {
	const hexd = "0123456789ABCDEF"
	b := []byte{'"'}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b = append(b, '\\', '\\')
		case c >= 0x20 && c < 0x7F && c != '"':
			b = append(b, c)
		default:
			b = append(b, '\\', hexd[c>>4], hexd[c&15])
		}
	}
	return string(append(b, '"'))
}

// ---- Parsing ----

// parseDefBody parses the part of a type or attribute after its mnemonic
// and returns the parameter values.
func parseDefBody(p ir.OpAsmParser, d *symDef) ([]any, error) {
	params := make([]any, len(d.params))
	if d.format == nil {
		if len(d.params) == 0 {
			return params, nil
		}
		p.ParsePunct("<")
		for i, pd := range d.params {
			if pd.optional && i > 0 && !p.ParseOptionalPunct(",") {
				break
			}
			if i > 0 && !pd.optional {
				p.ParsePunct(",")
			}
			v, err := parseParam(p, pd, false, true)
			if err != nil {
				return nil, err
			}
			params[i] = v
		}
		p.ParsePunct(">")
		return params, nil
	}
	if err := parseDefElems(p, d, params, d.format.elems); err != nil {
		return nil, err
	}
	return params, nil
}

func parseLiteral(p ir.OpAsmParser, text string) error {
	if punctLiterals[text] {
		p.ParsePunct(text)
		return nil
	}
	pos := p.CurrentPos()
	if !p.ParseOptionalKeyword(text) {
		return p.ErrorAt(pos, "expected '"+text+"'")
	}
	return nil
}

func parseOptionalLiteral(p ir.OpAsmParser, text string) bool {
	if punctLiterals[text] {
		return p.ParseOptionalPunct(text)
	}
	return p.ParseOptionalKeyword(text)
}

func parseDefElems(p ir.OpAsmParser, d *symDef, params []any, list []*fElem) error {
	for _, e := range list {
		switch e.kind {
		case fLiteral:
			if err := parseLiteral(p, e.text); err != nil {
				return err
			}
		case fVar:
			v, err := parseParam(p, d.params[e.idx], e.qualified, false)
			if err != nil {
				return err
			}
			params[e.idx] = v
		case fParams:
			for i, pd := range d.params {
				if i > 0 {
					p.ParsePunct(",")
				}
				v, err := parseParam(p, pd, false, true)
				if err != nil {
					return err
				}
				params[i] = v
			}
		case fOptional:
			first := firstParsable(e.then)
			present := false
			rest := e.then
			for i, x := range e.then {
				if x == first {
					rest = e.then[i+1:]
				}
			}
			switch first.kind {
			case fLiteral:
				present = parseOptionalLiteral(p, first.text)
			case fVar:
				v, ok, err := parseOptionalParam(p, d.params[first.idx], first.qualified)
				if err != nil {
					return err
				}
				if ok {
					params[first.idx] = v
					present = true
				}
			}
			if present {
				if err := parseDefElems(p, d, params, rest); err != nil {
					return err
				}
			} else if err := parseDefElems(p, d, params, e.els); err != nil {
				return err
			}
		}
	}
	return nil
}

func parseOptionalParam(p ir.OpAsmParser, pd *paramDef, qualified bool) (any, bool, error) {
	switch pd.kind {
	case pType:
		if t, ok := p.ParseOptionalType(); ok {
			return t, true, nil
		}
		if !qualified && pd.tc.def != nil && p.ParseOptionalPunct("<") {
			// A stripped dialect type always starts with its body.
			return nil, false, p.ErrorAt(p.CurrentPos(), "expected a full type in an optional group")
		}
		return nil, false, nil
	case pAttr:
		if a, ok := p.ParseOptionalAttribute(nil); ok {
			return a, true, nil
		}
		return nil, false, nil
	case pString:
		if s, ok := p.ParseOptionalString(); ok {
			return s, true, nil
		}
		return nil, false, nil
	case pInt:
		if a, ok := p.ParseOptionalAttribute(pd.intType); ok {
			ia, isInt := a.(*ir.IntegerAttr)
			if !isInt {
				return nil, false, p.ErrorAt(p.CurrentPos(), "expected integer value")
			}
			return ia.Int64(), true, nil
		}
		return nil, false, nil
	case pEnum:
		pos := p.CurrentPos()
		kw, ok := p.ParseOptionalKeywordAny()
		if !ok {
			return nil, false, nil
		}
		v, err := finishEnum(p, pd.enum, kw, pos)
		return v, err == nil, err
	}
	v, err := parseParam(p, pd, qualified, false)
	return v, err == nil, err
}

func parseParam(p ir.OpAsmParser, pd *paramDef, qualified, generic bool) (any, error) {
	switch pd.kind {
	case pType:
		if !qualified && !generic && pd.tc.def != nil {
			if t, ok := p.ParseOptionalType(); ok {
				return t, nil
			}
			return parseStrippedType(p, pd.tc.def)
		}
		return p.ParseType(), nil
	case pAttr:
		if !qualified && !generic && pd.ac.def != nil {
			if a, ok := p.ParseOptionalAttribute(nil); ok {
				return a, nil
			}
			return parseStrippedAttr(p, pd.ac.def)
		}
		return p.ParseAttribute(nil), nil
	case pShape:
		if generic {
			var dims []int64
			p.ParsePunct("[")
			if !p.ParseOptionalPunct("]") {
				for {
					if p.ParseOptionalPunct("?") {
						dims = append(dims, ir.Dynamic)
					} else {
						a := p.ParseAttribute(p.Context().I(64))
						ia, ok := a.(*ir.IntegerAttr)
						if !ok {
							return nil, p.ErrorAt(p.CurrentPos(), "expected dimension")
						}
						dims = append(dims, ia.Int64())
					}
					if !p.ParseOptionalPunct(",") {
						break
					}
				}
				p.ParsePunct("]")
			}
			return dims, nil
		}
		dims := p.ParseDimensionList(true)
		if dims == nil {
			dims = []int64{}
		}
		return dims, nil
	case pInt:
		pos := p.CurrentPos()
		a, ok := p.ParseOptionalAttribute(pd.intType)
		ia, isInt := a.(*ir.IntegerAttr)
		if !ok || !isInt {
			return nil, p.ErrorAt(pos, "expected integer value")
		}
		return ia.Int64(), nil
	case pString:
		pos := p.CurrentPos()
		s, ok := p.ParseOptionalString()
		if !ok {
			return nil, p.ErrorAt(pos, "expected string")
		}
		return s, nil
	case pEnum:
		pos := p.CurrentPos()
		kw, ok := p.ParseOptionalKeywordAny()
		if !ok {
			return nil, p.ErrorAt(pos, "expected keyword")
		}
		return finishEnum(p, pd.enum, kw, pos)
	}
	return nil, nil
}

// finishEnum parses the rest of an enum value whose first keyword has been
// read: for bit enums, more keywords after the separator.
func finishEnum(p ir.OpAsmParser, e *enumDef, kw string, pos ir.SourcePos) (uint64, error) {
	bad := func(kw string) error {
		return p.ErrorAt(pos, "expected "+e.name+" to be one of: "+strings.Join(e.caseNames(), ", "))
	}
	v, ok := e.symbolizeOne(kw)
	if !ok {
		return 0, bad(kw)
	}
	if !e.bit {
		return v, nil
	}
	sep := strings.TrimSpace(e.sep)
	if sep == "" {
		sep = ","
	}
	for p.ParseOptionalPunct(sep) {
		pos = p.CurrentPos()
		kw, ok := p.ParseOptionalKeywordAny()
		if !ok {
			return 0, p.ErrorAt(pos, "expected keyword")
		}
		v1, ok := e.symbolizeOne(kw)
		if !ok {
			return 0, bad(kw)
		}
		v |= v1
	}
	return v, nil
}

// parseStrippedType parses a type of d written without `!dialect.mnemonic`.
func parseStrippedType(p ir.OpAsmParser, d *symDef) (ir.Type, error) {
	params, err := parseDefBody(p, d)
	if err != nil {
		return nil, err
	}
	t, err := buildType(p.Context(), d, params)
	if err != nil {
		return nil, p.ErrorAt(p.CurrentPos(), err.Error())
	}
	return t, nil
}

// parseStrippedAttr parses an attribute of d written without its prefix.
func parseStrippedAttr(p ir.OpAsmParser, d *symDef) (ir.Attribute, error) {
	params, err := parseDefBody(p, d)
	if err != nil {
		return nil, err
	}
	a, err := buildAttr(p.Context(), d, params)
	if err != nil {
		return nil, p.ErrorAt(p.CurrentPos(), err.Error())
	}
	return a, nil
}

// dialectParseType is the dialect's ParseType hook.
func dialectParseType(d *dialectDef) func(ctx *ir.Context, body string) (ir.Type, error) {
	return func(ctx *ir.Context, body string) (ir.Type, error) {
		mn, rest := splitMnemonic(body)
		td, ok := d.types[mn]
		if !ok {
			return nil, &asm.BodyError{Msg: "unknown type '" + mn + "' in dialect '" + d.name + "'"}
		}
		var t ir.Type
		err := asm.ParseDialectBody(ctx, rest, func(p ir.OpAsmParser) error {
			var err error
			t, err = parseStrippedType(p, td)
			return err
		})
		if be, ok := err.(*asm.BodyError); ok {
			// Located in the body, past the mnemonic.
			return nil, &asm.BodyError{Offset: len(body) - len(rest) + be.Offset, Msg: be.Msg}
		}
		if err != nil {
			return nil, err
		}
		return t, nil
	}
}

// dialectParseAttr is the dialect's ParseAttr hook.
func dialectParseAttr(d *dialectDef) func(ctx *ir.Context, body string) (ir.Attribute, error) {
	return func(ctx *ir.Context, body string) (ir.Attribute, error) {
		mn, rest := splitMnemonic(body)
		ad, ok := d.attrs[mn]
		if !ok {
			return nil, &asm.BodyError{Msg: "unknown attribute '" + mn + "' in dialect '" + d.name + "'"}
		}
		var a ir.Attribute
		err := asm.ParseDialectBody(ctx, rest, func(p ir.OpAsmParser) error {
			var err error
			a, err = parseStrippedAttr(p, ad)
			return err
		})
		if err != nil {
			return nil, err
		}
		return a, nil
	}
}

func splitMnemonic(body string) (string, string) {
	i := 0
	for i < len(body) && (isIdentChar(body[i]) || body[i] == '.') {
		i++
	}
	return body[:i], body[i:]
}
