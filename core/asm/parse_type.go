package asm

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// parseType parses any type.
func (p *parser) parseType() ir.Type {
	t := p.parseOptionalType()
	if t == nil {
		p.errorHere("expected non-function type")
	}
	return t
}

// parseOptionalType returns nil without consuming anything if the current
// token cannot start a type.
func (p *parser) parseOptionalType() ir.Type {
	switch p.tok.Kind {
	case TokLParen:
		return p.parseFunctionType()
	case TokExclIdent:
		return p.parseExtendedType()
	case TokBareIdent:
		return p.parseBuiltinType()
	}
	return nil
}

func (p *parser) parseNonFunctionType() ir.Type {
	switch p.tok.Kind {
	case TokExclIdent:
		return p.parseExtendedType()
	case TokBareIdent:
		if t := p.parseBuiltinType(); t != nil {
			return t
		}
	}
	p.errorHere("expected non-function type")
	return nil
}

// parseTypeListParens parses `(t1, t2)` onto the parser's type stack; the
// caller reads p.tys[start:] and truncates the stack when done.
func (p *parser) parseTypeListParens() {
	p.expect(TokLParen, "expected '('")
	if p.consumeIf(TokRParen) {
		return
	}
	for {
		t := p.parseType()
		p.tys = append(p.tys, t)
		if !p.consumeIf(TokComma) {
			break
		}
	}
	p.expect(TokRParen, "expected ')'")
}

func (p *parser) parseFunctionType() ir.Type {
	p.enter()
	defer p.leave()
	start := len(p.tys)
	p.parseTypeListParens()
	mid := len(p.tys)
	p.expect(TokArrow, "expected '->' in function type")
	if p.tok.Kind == TokLParen {
		p.parseTypeListParens()
	} else {
		t := p.parseNonFunctionType()
		p.tys = append(p.tys, t)
	}
	ft := p.cachedFunctionType(p.tys[start:mid], p.tys[mid:])
	p.tys = p.tys[:start]
	return ft
}

// parseIntegerTypeSpelling recognizes iN, siN and uiN.
func parseIntegerTypeSpelling(s []byte) (width uint64, sign ir.Signedness, ok bool) {
	switch {
	case len(s) > 1 && s[0] == 'i':
		s, sign = s[1:], ir.Signless
	case len(s) > 2 && s[0] == 's' && s[1] == 'i':
		s, sign = s[2:], ir.Signed
	case len(s) > 2 && s[0] == 'u' && s[1] == 'i':
		s, sign = s[2:], ir.Unsigned
	default:
		return 0, 0, false
	}
	for _, c := range s {
		if !isDigit(c) {
			return 0, 0, false
		}
	}
	w, err := strconv.ParseUint(string(s), 10, 64)
	if err != nil {
		return ^uint64(0), sign, true
	}
	return w, sign, true
}

func (p *parser) parseBuiltinType() ir.Type {
	sp := p.spellingBytes()
	if w, sign, ok := parseIntegerTypeSpelling(sp); ok {
		// As MLIR: a width that does not fit in 32 bits is invalid, one
		// above the maximum is reported as such, both at the token.
		if w > 1<<32-1 {
			p.errorTok("invalid integer width")
		}
		if w > ir.MaxIntegerWidth {
			p.errorTok(fmt.Sprintf("integer bitwidth is limited to %d bits", ir.MaxIntegerWidth))
		}
		p.consume()
		return p.ctx.IntegerType(uint32(w), sign)
	}
	switch string(sp) {
	case "index":
		p.consume()
		return p.ctx.IndexType()
	case "none":
		p.consume()
		return p.ctx.NoneType()
	case "tensor":
		return p.parseTensorType()
	case "memref":
		return p.parseMemRefType()
	case "vector":
		return p.parseVectorType()
	case "complex":
		p.consume()
		p.enter()
		defer p.leave()
		p.expect(TokLess, "expected '<' in complex type")
		off := p.tok.Start
		t := p.parseType()
		switch t.(type) {
		case *ir.IntegerType, *ir.FloatType:
		default:
			p.errorAt(off, "invalid element type for complex")
		}
		p.expect(TokGreater, "expected '>' in complex type")
		return p.ctx.ComplexType(t)
	case "tuple":
		p.consume()
		p.enter()
		defer p.leave()
		p.expect(TokLess, "expected '<' in tuple type")
		var ts []ir.Type
		if !p.consumeIf(TokGreater) {
			for {
				ts = append(ts, p.parseType())
				if !p.consumeIf(TokComma) {
					break
				}
			}
			p.expect(TokGreater, "expected '>' in tuple type")
		}
		return p.ctx.TupleType(ts)
	}
	if k, ok := ir.FloatKindByName(string(sp)); ok {
		p.consume()
		return p.ctx.FloatType(k)
	}
	return nil
}

// parseXInDimensionList consumes an 'x', splitting it off a longer
// identifier such as "xf32".
func (p *parser) parseXInDimensionList() {
	if p.tok.Kind != TokBareIdent || p.src[p.tok.Start] != 'x' {
		p.errorHere("expected 'x' in dimension list")
	}
	if p.tok.End-p.tok.Start != 1 {
		p.resetTo(p.tok.Start + 1)
		return
	}
	p.consume()
}

// parseDimensionList parses `4x?x` prefixes. It stops at the first token
// that is not a dimension.
//
// The dimensions are pushed on the parser's dimension stack, which the
// type parsers pop once the type is interned (popDims): the interned type
// keeps a copy, and parsing a file does not allocate one list per type.
func (p *parser) parseDimensionList(allowDynamic bool) []int64 {
	start := len(p.dims)
	for p.tok.Kind == TokInteger || p.tok.Kind == TokQuestion {
		if p.tok.Kind == TokQuestion {
			if !allowDynamic {
				p.errorTok("expected static shape")
			}
			p.consume()
			p.dims = append(p.dims, ir.Dynamic)
		} else {
			sp := p.spellingBytes()
			if len(sp) > 1 && sp[1] == 'x' {
				p.dims = append(p.dims, 0)
				p.resetTo(p.tok.Start + 1)
			} else {
				v, err := strconv.ParseUint(string(sp), 10, 63)
				if err != nil {
					p.errorTok("invalid dimension")
				}
				p.dims = append(p.dims, int64(v))
				p.consume()
			}
		}
		p.parseXInDimensionList()
	}
	if len(p.dims) == start {
		return nil
	}
	return p.dims[start:len(p.dims):len(p.dims)]
}

// popDims pops the dimensions dims that parseDimensionList pushed.
func (p *parser) popDims(dims []int64) { p.dims = p.dims[:len(p.dims)-len(dims)] }

func (p *parser) parseElementType() ir.Type {
	return p.parseType()
}

func (p *parser) parseTensorType() ir.Type {
	p.consume()
	p.enter()
	defer p.leave()
	p.expect(TokLess, "expected '<' in tensor type")
	if p.consumeIf(TokStar) {
		p.parseXInDimensionList()
		off := p.tok.Start
		elem := p.parseElementType()
		p.checkTensorElem(elem, off)
		if p.consumeIf(TokComma) {
			// As MLIR: parse the encoding, then reject it.
			p.parseAttribute(nil)
			p.expect(TokGreater, "expected '>' in tensor type")
			p.errorTok("cannot apply encoding to unranked tensor")
		}
		p.expect(TokGreater, "expected '>' in tensor type")
		return p.ctx.UnrankedTensorType(elem)
	}
	dims := p.parseDimensionList(true)
	off := p.tok.Start
	elem := p.parseElementType()
	p.checkTensorElem(elem, off)
	var enc ir.Attribute
	if p.consumeIf(TokComma) {
		enc = p.parseAttribute(nil)
	}
	p.expect(TokGreater, "expected '>' in tensor type")
	t := p.ctx.RankedTensorType(dims, elem, enc)
	p.popDims(dims)
	return t
}

// checkTensorElem applies TensorType::isValidElementType: builtin scalars,
// complex, vectors, and any type of another dialect.
func (p *parser) checkTensorElem(t ir.Type, off int) {
	switch t.(type) {
	case *ir.ComplexType, *ir.FloatType, *ir.IntegerType, *ir.OpaqueType, *ir.VectorType, *ir.IndexType, ir.DialectType:
		return
	}
	p.errorAt(off, "invalid tensor element type")
}

func isMemRefLayout(a ir.Attribute) bool {
	switch a.(type) {
	case *ir.AffineMapAttr, *ir.StridedLayoutAttr:
		return true
	}
	return false
}

func (p *parser) parseMemRefType() ir.Type {
	typeOff := p.tok.Start // MemRefType::verify errors point at `memref`
	p.consume()
	p.enter()
	defer p.leave()
	p.expect(TokLess, "expected '<' in memref type")
	unranked := false
	var dims []int64
	if p.consumeIf(TokStar) {
		unranked = true
		p.parseXInDimensionList()
	} else {
		dims = p.parseDimensionList(true)
	}
	off := p.tok.Start
	elem := p.parseElementType()
	// BaseMemRefType::isValidElementType.
	switch elem.(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType, *ir.ComplexType, *ir.MemRefType, *ir.VectorType, *ir.UnrankedMemRefType, ir.DialectType:
	default:
		if !p.registeredOpaque(elem) {
			p.errorAt(off, "invalid memref element type")
		}
	}
	var layout, space ir.Attribute
	for first := true; p.consumeIf(TokComma); first = false {
		if first && p.tok.Kind == TokGreater {
			// MLIR's parseCommaSeparatedListUntil with no empty list.
			p.errorHere("expected list element")
		}
		// Both errors point at the token after the attribute, as MLIR's.
		a := p.parseAttribute(nil)
		if !unranked && isMemRefLayout(a) {
			if layout != nil || space != nil {
				p.errorTok("expected memory space to be last in memref type")
			}
			layout = a
			continue
		}
		if space != nil {
			p.errorTok("multiple memory spaces specified in memref type")
		}
		space = a
	}
	p.expect(TokGreater, "expected '>' in memref type")
	if unranked {
		p.checkMemorySpace(typeOff, space)
		return p.ctx.UnrankedMemRefType(elem, space)
	}
	if m, ok := layout.(*ir.AffineMapAttr); ok && m.Map.NumDims != len(dims) {
		p.errorf(typeOff, "memref layout mismatch between rank and affine map: %d != %d", len(dims), m.Map.NumDims)
	}
	if s, ok := layout.(*ir.StridedLayoutAttr); ok && len(s.Strides) != len(dims) {
		p.errorAt(typeOff, "expected the number of strides to match the rank")
	}
	p.checkMemorySpace(typeOff, space)
	t := p.ctx.MemRefType(dims, elem, layout, space)
	p.popDims(dims)
	return t
}

// checkMemorySpace reports a memory space that MLIR's
// isSupportedMemorySpace rejects: builtin attributes other than integers,
// strings and dictionaries, including opaque attributes of unregistered
// dialects.
func (p *parser) checkMemorySpace(off int, space ir.Attribute) {
	switch a := space.(type) {
	case nil, *ir.IntegerAttr, *ir.StringAttr, *ir.DictionaryAttr, ir.DialectAttr:
		return
	case *ir.OpaqueAttr:
		if p.ctx.Dialect(a.Dialect) != nil {
			return
		}
	}
	p.errorAt(off, "unsupported memory space Attribute")
}

func (p *parser) parseVectorType() ir.Type {
	off := p.tok.Start
	p.consume()
	p.enter()
	defer p.leave()
	p.expect(TokLess, "expected '<' in vector type")
	var dims []int64
	var scal []bool
	for {
		scalable := false
		if p.tok.Kind == TokLSquare {
			p.consume()
			scalable = true
			if p.tok.Kind != TokInteger {
				p.errorHere("expected integer value")
			}
		} else if p.tok.Kind != TokInteger {
			if p.tok.Kind == TokQuestion {
				p.errorHere("expected static shape")
			}
			break
		}
		sp := p.spellingBytes()
		if len(sp) > 1 && sp[1] == 'x' {
			if scalable {
				p.errorHere("expected ']' to close scalable dimension")
			}
			dims = append(dims, 0)
			scal = append(scal, false)
			p.resetTo(p.tok.Start + 1)
		} else {
			v, err := strconv.ParseUint(string(sp), 10, 63)
			if err != nil {
				p.errorTok("invalid dimension")
			}
			dims = append(dims, int64(v))
			scal = append(scal, scalable)
			p.consume()
			if scalable {
				p.expect(TokRSquare, "missing ']' closing scalable dimension")
			}
		}
		p.parseXInDimensionList()
	}
	elemOff := p.tok.Start
	elem := p.parseElementType()
	_ = elemOff
	for _, d := range dims {
		if d <= 0 {
			p.errorAt(off, "vector types must have positive constant sizes but got "+dimsString(dims))
		}
	}
	switch elem.(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType, ir.VectorElementType:
	default:
		if !p.registeredOpaque(elem) {
			p.errorAt(off, "failed to verify 'elementType': VectorElementTypeInterface instance")
		}
	}
	p.expect(TokGreater, "expected '>' in vector type")
	return p.ctx.VectorType(dims, scal, elem)
}

func dimsString(dims []int64) string {
	var b bytes.Buffer
	for i, d := range dims {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(d, 10))
	}
	return b.String()
}

// parseExtendedType parses `!alias`, `!dialect.type<...>` or `!dialect<...>`.
func (p *parser) parseExtendedType() ir.Type {
	ident := p.spellingBytes()[1:]
	off := p.tok.Start
	dialect, data, isAlias := p.parseExtendedSymbol()
	if isAlias {
		t, ok := p.typeAliases[dialect]
		if !ok {
			// Reported at the token after the alias, as MLIR's
			// emitWrongTokenError.
			p.errorHere("undefined symbol alias id '" + string(ident) + "'")
		}
		return t
	}
	if t, ok := p.dialectTypes[dialectKey{dialect, data}]; ok {
		return t
	}
	dialect = strings.Clone(dialect)
	if d := p.ctx.Dialect(dialect); d != nil && (d.ParseTypeBody != nil || d.ParseType != nil) {
		t := p.parseDialectType(d, data, off)
		if p.dialectTypes == nil {
			p.dialectTypes = map[dialectKey]ir.Type{}
		}
		p.dialectTypes[dialectKey{dialect, strings.Clone(data)}] = t
		return t
	}
	if p.ctx.Dialect(dialect) == nil && !p.ctx.AllowUnregisteredDialects {
		p.errorf(off, "!%s<\"%s\"> type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used", dialect, data)
	}
	p.checkDialectNamespace(dialect, off, string(ident))
	return p.ctx.OpaqueType(dialect, data)
}

// parseDialectType parses the body of a type of dialect d, the same
// spelling giving the same type within one parse (aliases are defined
// before they are used). off is the offset of the type's `!`.
func (p *parser) parseDialectType(d *ir.Dialect, data string, off int) ir.Type {
	if d.ParseTypeBody != nil {
		var t ir.Type
		err := parseDialectBody(p.ctx, strings.Clone(data), p, func(o ir.OpAsmParser) error {
			var err error
			t, err = d.ParseTypeBody(o)
			return err
		})
		if err != nil {
			p.dialectTypeError(d, off, err)
		}
		return t
	}
	t, err := d.ParseType(p.ctx, strings.Clone(data))
	if err != nil {
		p.dialectTypeError(d, off, err)
	}
	return t
}

// dialectTypeError reports err, the failure to parse the body of a type of
// dialect d written at off. A *BodyError is located where it is in the
// file: the body follows `!dialect.` or `!dialect<`, and MLIR's dialect
// parsers read it in place. Other errors point at the `!`.
func (p *parser) dialectTypeError(d *ir.Dialect, off int, err error) {
	if be, ok := err.(*BodyError); ok {
		p.errorAt(off+len(d.Name)+2+be.Offset, be.Msg)
	}
	p.errorAt(off, err.Error())
}

// checkDialectNamespace rejects an opaque type or attribute whose dialect
// namespace is not valid (Dialect::isValidNamespace), as OpaqueType::verify
// and OpaqueAttr::verify do. The error points at the symbol data of a
// pretty name (just after the dot), otherwise at the token.
func (p *parser) checkDialectNamespace(dialect string, tokOff int, ident string) {
	valid := dialect != ""
	for i := 0; i < len(dialect) && valid; i++ {
		c := dialect[i]
		valid = isLetter(c) || c == '_' || i > 0 && (isDigit(c) || c == '$')
	}
	if valid {
		return
	}
	off := tokOff
	if i := bytes.IndexByte([]byte(ident), '.'); i >= 0 {
		off = tokOff + 1 + i + 1
	}
	p.errorAt(off, "invalid dialect namespace '\""+string(appendEscaped(nil, dialect))+"\"'")
}

// parseExtendedSymbol parses the current `!` or `#` identifier. For an alias
// it returns the alias name and isAlias; otherwise the dialect namespace and
// the symbol data (pretty form: the text after the dot including any <...>
// body; verbose form: the text between the angle brackets).
func (p *parser) parseExtendedSymbol() (dialect, data string, isAlias bool) {
	// The returned strings alias the source; callers copy what they keep.
	tok := p.tok
	ident := p.srcString(Token{Start: tok.Start + 1, End: tok.End})
	identEnd := tok.End
	p.consume()
	hasTrailing := p.tok.Kind == TokLess && p.tok.Start == identEnd
	dn, _, hasDot := cut(ident, '.')
	if !hasTrailing && !hasDot {
		return ident, "", true
	}
	if !hasDot {
		bodyStart := p.tok.Start
		body := p.parseDialectSymbolBody()
		_ = bodyStart
		return ident, body[1 : len(body)-1], false
	}
	dataStart := tok.Start + 1 + len(dn) + 1
	dataEnd := identEnd
	if hasTrailing {
		p.parseDialectSymbolBody()
		dataEnd = p.lastBodyEnd
	}
	return dn, p.srcString(Token{Start: dataStart, End: dataEnd}), false
}

func cut(s string, c byte) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// parseDialectSymbolBody scans a balanced `<...>` starting at the current
// `<` token and returns its text including the brackets, as MLIR's
// parseDialectSymbolBody does: brackets must nest properly, strings are
// skipped, and `->` does not close an angle bracket.
func (p *parser) parseDialectSymbolBody() string {
	start := p.tok.Start
	src := p.src
	var stack []byte
	i := start
	punctErr := func() {
		p.errorf(start, "unbalanced '%c' character in pretty dialect name", stack[len(stack)-1])
	}
	check := func(want byte) {
		if stack[len(stack)-1] != want {
			punctErr()
		}
		stack = stack[:len(stack)-1]
	}
	for {
		if i >= len(src) {
			if len(stack) > 0 {
				punctErr()
			}
			p.errorAt(start, "unexpected nul or EOF in pretty dialect name")
		}
		c := src[i]
		i++
		switch c {
		case 0:
			if len(stack) > 0 {
				punctErr()
			}
			p.errorAt(start, "unexpected nul or EOF in pretty dialect name")
		case '<', '[', '(', '{':
			// The scan is iterative, so, as in MLIR, any depth is fine.
			stack = append(stack, c)
			continue
		case '-':
			if i < len(src) && src[i] == '>' {
				i++
			}
			continue
		case '>':
			check('<')
		case ']':
			check('[')
		case ')':
			check('(')
		case '}':
			check('{')
		case '"':
			l := lexer{buf: src, pos: i}
			t := l.lexString(i - 1)
			if t.Kind == TokError {
				p.errorAt(l.errPos, l.errMsg)
			}
			i = t.End
		default:
			continue
		}
		if len(stack) == 0 {
			break
		}
	}
	p.lastBodyEnd = i
	p.resetTo(i)
	return p.srcString(Token{Start: start, End: i})
}

// registeredOpaque reports whether t is an opaque type of a registered
// dialect: such a dialect, not the builtin one, decides which interfaces its
// types implement, so the builtin checks give it the benefit of the doubt.
func (p *parser) registeredOpaque(t ir.Type) bool {
	o, ok := t.(*ir.OpaqueType)
	return ok && p.ctx.Dialect(o.Dialect) != nil
}

// cachedFunctionType returns the function type of ins and outs, trying a
// small most-recently-used cache before the context's interning table:
// generic-form files repeat a handful of signatures on every line.
func (p *parser) cachedFunctionType(ins, outs []ir.Type) *ir.FunctionType {
	for i, ft := range p.fnCache {
		if ft != nil && sameTypes(ft.Inputs, ins) && sameTypes(ft.Results, outs) {
			if i != 0 {
				copy(p.fnCache[1:i+1], p.fnCache[:i])
				p.fnCache[0] = ft
			}
			return ft
		}
	}
	ft := p.ctx.FunctionType(ins, outs)
	copy(p.fnCache[1:], p.fnCache[:len(p.fnCache)-1])
	p.fnCache[0] = ft
	return ft
}

func sameTypes(a, b []ir.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
