package irdl

import (
	"fmt"
	"strings"
)

// The declarative assembly format: a format string is parsed into a tree
// of elements (this file), resolved against an operation (opformat.go) or a
// type or attribute definition (defformat.go), and then run both ways.

type fkind uint8

const (
	fLiteral    fkind = iota // `kw` or punctuation
	fSpace                   // ` `, `` or `\n`
	fVar                     // $name
	fAttrDict                // attr-dict, attr-dict-with-keyword
	fPropDict                // prop-dict
	fOperands                // operands
	fResults                 // results
	fRegions                 // regions
	fSuccessors              // successors
	fParams                  // params (types and attributes)
	fType                    // type(arg)
	fFuncType                // functional-type(a, b)
	fCustom                  // custom<Name>(args)
	fRef                     // ref(arg), inside custom
	fOptional                // ( ... )? with an optional else group
	fOIList                  // oilist(`kw` ... | ...)
)

// varKind says what a variable refers to.
type varKind uint8

const (
	vOperand varKind = iota
	vResult
	vProp
	vRegion
	vSuccessor
	vParam
)

type fElem struct {
	kind fkind
	pos  int
	// text is the literal or whitespace text, or the custom directive name.
	text string
	// withKeyword marks attr-dict-with-keyword.
	withKeyword bool
	// name, vk and idx identify a variable.
	name string
	vk   varKind
	idx  int
	// qualified marks qualified($x) and qualified(type($x)).
	qualified bool
	// isAnchor marks the anchor (^) of an optional group.
	isAnchor bool
	args     []*fElem
	// Optional groups.
	then, els []*fElem
	anchor    *fElem
	// oilist clauses: each is a literal followed by elements.
	clauses [][]*fElem
	// space is the precomputed printing decision: whether a space goes
	// before the element (literals and plain elements).
	space bool
	// elided marks a unit-attribute anchor that is not printed.
	elided bool
	// unitProp marks a variable bound to a UnitAttr property.
	unitProp bool
}

type fmtError struct {
	off int
	msg string
}

func (e *fmtError) Error() string { return e.msg }

type fmtToken struct {
	kind byte // 'l' literal, 'v' variable, 'k' keyword, 'p' punctuation, 0 EOF
	text string
	pos  int
}

type fmtParser struct {
	src string
	off int
	tok fmtToken
}

func (p *fmtParser) fail(pos int, format string, args ...any) {
	panic(&fmtError{off: pos, msg: fmt.Sprintf(format, args...)})
}

func (p *fmtParser) next() {
	s := p.src
	for p.off < len(s) && (s[p.off] == ' ' || s[p.off] == '\t' || s[p.off] == '\n' || s[p.off] == '\r') {
		p.off++
	}
	start := p.off
	if p.off >= len(s) {
		p.tok = fmtToken{pos: start}
		return
	}
	c := s[p.off]
	switch {
	case c == '`':
		end := strings.IndexByte(s[p.off+1:], '`')
		if end < 0 {
			p.fail(start, "unterminated literal in format")
		}
		p.tok = fmtToken{kind: 'l', text: s[p.off+1 : p.off+1+end], pos: start}
		p.off += end + 2
	case c == '$':
		n := p.off + 1
		for n < len(s) && isIdentChar(s[n]) {
			n++
		}
		if n == p.off+1 {
			p.fail(start, "expected variable name after '$'")
		}
		p.tok = fmtToken{kind: 'v', text: s[p.off+1 : n], pos: start}
		p.off = n
	case isIdentStart(c):
		n := p.off + 1
		for n < len(s) && (isIdentChar(s[n]) || s[n] == '-') {
			n++
		}
		p.tok = fmtToken{kind: 'k', text: s[p.off:n], pos: start}
		p.off = n
	case strings.IndexByte("()^?:,<>|", c) >= 0:
		p.tok = fmtToken{kind: 'p', text: s[p.off : p.off+1], pos: start}
		p.off++
	default:
		p.fail(start, "unexpected character '%c' in format", c)
	}
}

func (p *fmtParser) isPunct(t string) bool { return p.tok.kind == 'p' && p.tok.text == t }

func (p *fmtParser) expect(t string) {
	if !p.isPunct(t) {
		p.fail(p.tok.pos, "expected '%s' in format", t)
	}
	p.next()
}

// parseFormat parses a format string into elements.
func parseFormat(src string) (elems []*fElem, err *fmtError) {
	p := &fmtParser{src: src}
	defer func() {
		if r := recover(); r != nil {
			fe, ok := r.(*fmtError)
			if !ok {
				panic(r)
			}
			elems, err = nil, fe
		}
	}()
	p.next()
	for p.tok.kind != 0 {
		elems = append(elems, p.parseElement(ctxTop))
	}
	return elems, nil
}

type elemCtx uint8

const (
	ctxTop elemCtx = iota
	ctxOptional
	ctxCustom
	ctxType
)

var punctLiterals = map[string]bool{"->": true, ":": true, ",": true, "=": true, "<": true, ">": true, "(": true,
	")": true, "{": true, "}": true, "[": true, "]": true, "?": true, "+": true, "*": true, "...": true, "|": true}

// isKeywordLiteral reports whether s can be a keyword literal: a letter or
// underscore, then letters, digits, '_', '$' or '.' (ODS's
// canFormatStringAsKeyword).
func isKeywordLiteral(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isIdentChar(c) && c != '$' && c != '.' {
			return false
		}
	}
	return true
}

func (p *fmtParser) parseElement(ctx elemCtx) *fElem {
	t := p.tok
	switch t.kind {
	case 'l':
		p.next()
		switch t.text {
		case " ", "", "\\n":
			return &fElem{kind: fSpace, text: t.text, pos: t.pos}
		}
		if !punctLiterals[t.text] && !isKeywordLiteral(t.text) {
			p.fail(t.pos, "expected valid literal but got '%s': keywords should contain only alphanumeric, '_', '$' and '.' characters", t.text)
		}
		return &fElem{kind: fLiteral, text: t.text, pos: t.pos}
	case 'v':
		p.next()
		e := &fElem{kind: fVar, name: t.text, pos: t.pos}
		p.maybeAnchor(e, ctx)
		return e
	case 'k':
		return p.parseDirective(ctx)
	case 'p':
		if t.text == "(" && (ctx == ctxTop || ctx == ctxOptional) {
			return p.parseOptionalGroup(ctx)
		}
	case 0:
		p.fail(t.pos, "unexpected end of format")
	}
	p.fail(t.pos, "unexpected '%s' in format", t.text)
	return nil
}

func (p *fmtParser) maybeAnchor(e *fElem, ctx elemCtx) {
	if p.isPunct("^") {
		if ctx != ctxOptional {
			p.fail(p.tok.pos, "'^' is only valid within optional groups")
		}
		e.isAnchor = true
		p.next()
	}
}

func (p *fmtParser) parseDirective(ctx elemCtx) *fElem {
	t := p.tok
	p.next()
	e := &fElem{pos: t.pos}
	switch t.text {
	case "attr-dict", "attr-dict-with-keyword":
		e.kind, e.withKeyword = fAttrDict, t.text == "attr-dict-with-keyword"
	case "prop-dict":
		e.kind = fPropDict
	case "operands":
		e.kind = fOperands
	case "results":
		e.kind = fResults
	case "regions":
		e.kind = fRegions
	case "successors":
		e.kind = fSuccessors
	case "params":
		e.kind = fParams
	case "type":
		e.kind = fType
		p.expect("(")
		e.args = []*fElem{p.parseTypeArg()}
		p.expect(")")
		p.maybeAnchor(e, ctx)
	case "functional-type":
		e.kind = fFuncType
		p.expect("(")
		a := p.parseTypeArg()
		p.expect(",")
		b := p.parseTypeArg()
		p.expect(")")
		e.args = []*fElem{a, b}
	case "qualified":
		p.expect("(")
		var inner *fElem
		switch {
		case p.tok.kind == 'v':
			inner = &fElem{kind: fVar, name: p.tok.text, pos: p.tok.pos}
			p.next()
		case p.tok.kind == 'k' && p.tok.text == "type":
			inner = p.parseDirective(ctxType)
		default:
			p.fail(p.tok.pos, "expected a variable or a 'type' directive in 'qualified'")
		}
		p.expect(")")
		inner.qualified = true
		p.maybeAnchor(inner, ctx)
		return inner
	case "custom":
		e.kind = fCustom
		p.expect("<")
		if p.tok.kind != 'k' {
			p.fail(p.tok.pos, "expected custom directive name identifier")
		}
		e.text = p.tok.text
		p.next()
		p.expect(">")
		p.expect("(")
		if !p.isPunct(")") {
			for {
				e.args = append(e.args, p.parseCustomArg())
				if !p.isPunct(",") {
					break
				}
				p.next()
			}
		}
		p.expect(")")
		p.maybeAnchor(e, ctx)
	case "ref":
		if ctx != ctxCustom {
			p.fail(t.pos, "'ref' is only valid within a `custom` directive")
		}
		e.kind = fRef
		p.expect("(")
		e.args = []*fElem{p.parseCustomArg()}
		p.expect(")")
	case "oilist":
		e.kind = fOIList
		p.expect("(")
		for {
			if p.tok.kind != 'l' {
				p.fail(p.tok.pos, "expected literal, but got '%s'", p.tok.text)
			}
			kw := p.parseElement(ctxTop)
			clause := []*fElem{kw}
			for p.tok.kind != 0 && !p.isPunct("|") && !p.isPunct(")") {
				clause = append(clause, p.parseElement(ctxTop))
			}
			e.clauses = append(e.clauses, clause)
			if !p.isPunct("|") {
				break
			}
			p.next()
		}
		p.expect(")")
	default:
		p.fail(t.pos, "unknown directive '%s' in format", t.text)
	}
	return e
}

func (p *fmtParser) parseTypeArg() *fElem {
	t := p.tok
	switch {
	case t.kind == 'v':
		p.next()
		return &fElem{kind: fVar, name: t.text, pos: t.pos}
	case t.kind == 'k' && t.text == "operands":
		p.next()
		return &fElem{kind: fOperands, pos: t.pos}
	case t.kind == 'k' && t.text == "results":
		p.next()
		return &fElem{kind: fResults, pos: t.pos}
	}
	p.fail(t.pos, "expected a variable, 'operands' or 'results' in type directive")
	return nil
}

func (p *fmtParser) parseCustomArg() *fElem {
	t := p.tok
	switch {
	case t.kind == 'v':
		p.next()
		return &fElem{kind: fVar, name: t.text, pos: t.pos}
	case t.kind == 'k':
		switch t.text {
		case "type", "ref", "attr-dict", "attr-dict-with-keyword", "prop-dict", "operands", "results", "regions", "successors", "qualified", "functional-type":
			return p.parseDirective(ctxCustom)
		}
	case t.kind == 'l':
		p.next()
		return &fElem{kind: fLiteral, text: t.text, pos: t.pos}
	}
	p.fail(t.pos, "unexpected '%s' in custom directive arguments", t.text)
	return nil
}

func (p *fmtParser) parseOptionalGroup(ctx elemCtx) *fElem {
	e := &fElem{kind: fOptional, pos: p.tok.pos}
	p.next()
	for !p.isPunct(")") {
		if p.tok.kind == 0 {
			p.fail(e.pos, "expected ')' to end optional group")
		}
		e.then = append(e.then, p.parseElement(ctxOptional))
	}
	p.next()
	if p.isPunct(":") {
		p.next()
		if !p.isPunct("(") {
			p.fail(p.tok.pos, "expected '(' to start else branch of optional group")
		}
		p.next()
		for !p.isPunct(")") {
			if p.tok.kind == 0 {
				p.fail(e.pos, "expected ')' to end else branch of optional group")
			}
			e.els = append(e.els, p.parseElement(ctxOptional))
		}
		p.next()
	}
	if !p.isPunct("?") {
		p.fail(p.tok.pos, "expected '?' after optional group")
	}
	p.next()
	if len(e.then) == 0 {
		p.fail(e.pos, "optional group has no elements")
	}
	// Find the anchor among the direct elements.
	for _, list := range [][]*fElem{e.then, e.els} {
		for _, x := range list {
			if x.isAnchor {
				if e.anchor != nil {
					p.fail(x.pos, "only one element can be marked as the anchor of an optional group")
				}
				e.anchor = x
			}
		}
	}
	if e.anchor == nil {
		p.fail(e.pos, "optional group has no anchor element")
	}
	return e
}

// firstParsable returns the first element of a group that parsing looks at
// (skipping whitespace).
func firstParsable(list []*fElem) *fElem {
	for _, e := range list {
		if e.kind != fSpace {
			return e
		}
	}
	return nil
}

// shouldEmitSpaceBefore is ODS's rule for the space before a literal.
func shouldEmitSpaceBefore(value string, lastWasPunctuation bool) bool {
	if len(value) != 1 && value != "->" {
		return true
	}
	if lastWasPunctuation {
		return !strings.ContainsRune(">)}],", rune(value[0]))
	}
	return !strings.ContainsRune("<>(){}[],", rune(value[0]))
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// spacer tracks ODS's printer generator state (shouldEmitSpace,
// lastWasPunctuation) while walking the elements in generation order, and
// records the decisions in the elements.
type spacer struct {
	shouldEmitSpace, lastWasPunctuation bool
}

func (s *spacer) literal(e *fElem) {
	e.space = s.shouldEmitSpace && shouldEmitSpaceBefore(e.text, s.lastWasPunctuation)
	s.shouldEmitSpace = len(e.text) != 1 || !strings.ContainsRune("<({[", rune(e.text[0]))
	s.lastWasPunctuation = e.text[0] != '_' && !isAlpha(e.text[0])
}

func (s *spacer) whitespace(e *fElem) {
	switch e.text {
	case "\\n":
		// printNewline: no change to the state.
	case " ":
		s.lastWasPunctuation = false
		s.shouldEmitSpace = false
	default:
		s.lastWasPunctuation = true
		s.shouldEmitSpace = false
	}
}

func (s *spacer) element(e *fElem) {
	e.space = s.shouldEmitSpace || !s.lastWasPunctuation
	s.lastWasPunctuation = false
	s.shouldEmitSpace = true
}
