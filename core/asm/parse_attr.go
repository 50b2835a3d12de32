package asm

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unsafe"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/ir"
)

// parseAttribute parses an attribute; t, if non-nil, is the expected type
// (which then is not written in the text).
func (p *parser) parseAttribute(t ir.Type) ir.Attribute {
	p.enter()
	defer p.leave()
	switch p.tok.Kind {
	case TokLSquare:
		p.consume()
		var elems []ir.Attribute
		if !p.consumeIf(TokRSquare) {
			for {
				elems = append(elems, p.parseAttribute(nil))
				if !p.consumeIf(TokComma) {
					break
				}
			}
			p.expect(TokRSquare, "expected ',' or ']'")
		}
		return p.ctx.ArrayAttr(elems)
	case TokLBrace:
		return p.parseAttrDict()
	case TokHashIdent:
		return p.parseExtendedAttr(t)
	case TokFloat:
		return p.parseFloatAttr(t, false)
	case TokInteger:
		return p.parseDecOrHexAttr(t, false)
	case TokMinus:
		p.consume()
		if p.tok.Kind == TokInteger {
			return p.parseDecOrHexAttr(t, true)
		}
		if p.tok.Kind == TokFloat {
			return p.parseFloatAttr(t, true)
		}
		p.errorHere("expected constant integer or floating point value")
	case TokString:
		v := p.stringValueTmp(p.tok)
		p.consume()
		if t == nil && p.consumeIf(TokColon) {
			t = p.parseType()
		}
		return p.ctx.StringAttr(v, t)
	case TokAtIdent:
		return p.parseSymbolRef()
	case TokBareIdent:
		switch string(p.spellingBytes()) {
		case "affine_map", "affine_set":
			return p.parseAffineAttr()
		case "true":
			p.consume()
			return p.ctx.Bool(true)
		case "false":
			p.consume()
			return p.ctx.Bool(false)
		case "dense":
			return p.parseDenseAttr(t)
		case "dense_resource":
			return p.parseDenseResourceAttr(t)
		case "array":
			return p.parseDenseArrayAttr()
		case "loc":
			p.consume()
			p.expect(TokLParen, "expected '(' in inline location")
			l := p.parseLocationInstance()
			p.expect(TokRParen, "expected ')' in inline location")
			return l
		case "sparse":
			return p.parseSparseAttr(t)
		case "strided":
			return p.parseStridedAttr()
		case "distinct":
			return p.parseDistinctAttr(t)
		case "unit":
			p.consume()
			return p.ctx.Unit()
		}
	}
	ty := p.parseOptionalType()
	if ty == nil {
		p.errorHere("expected attribute value")
	}
	return p.ctx.TypeAttr(ty)
}

// parseAttrDict parses `{k = v, ...}`.
func (p *parser) parseAttrDict() *ir.DictionaryAttr {
	p.expect(TokLBrace, "expected '{' in attribute dictionary")
	start := len(p.nas)
	defer func() {
		clear(p.nas[start:])
		p.nas = p.nas[:start]
	}()
	if !p.consumeIf(TokRBrace) {
		for {
			var name string
			switch p.tok.Kind {
			case TokString:
				name = p.stringValue(p.tok)
			case TokBareIdent:
				name = p.ident(p.tok)
			default:
				p.errorHere("expected attribute name")
			}
			if name == "" {
				p.errorTok("expected valid attribute name")
			}
			for _, e := range p.nas[start:] {
				if e.Name == name {
					p.errorTok("duplicate key '" + name + "' in dictionary attribute")
				}
			}
			p.consume()
			if !p.consumeIf(TokEqual) {
				p.nas = append(p.nas, ir.NamedAttr{Name: name, Value: p.ctx.Unit()})
			} else {
				v := p.parseAttribute(nil)
				p.nas = append(p.nas, ir.NamedAttr{Name: name, Value: v})
			}
			if !p.consumeIf(TokComma) {
				break
			}
		}
		p.expect(TokRBrace, "expected ',' or '}' in attribute dictionary")
	}
	return p.cachedDict(p.nas[start:])
}

func (p *parser) parseSymbolRef() ir.Attribute {
	root := p.symbolName(p.tok)
	p.consume()
	var nested []string
	for p.tok.Kind == TokColon {
		colonOff := p.tok.Start
		p.consume()
		// As MLIR, the two colons of `::` may be separated by blanks. A
		// lone colon is given back, except before the end of the input or
		// a lexer error, where MLIR leaves it consumed.
		if p.tok.Kind != TokColon {
			if p.tok.Kind != TokEOF && p.tok.Kind != TokError {
				p.resetTo(colonOff)
			}
			break
		}
		p.consume()
		if p.tok.Kind != TokAtIdent {
			p.errorAt(p.tok.Start, "expected nested symbol reference identifier")
		}
		nested = append(nested, p.symbolName(p.tok))
		p.consume()
	}
	return p.ctx.SymbolRefAttr(root, nested)
}

func (p *parser) parseExtendedAttr(t ir.Type) ir.Attribute {
	off := p.tok.Start
	ident := string(p.src[p.tok.Start+1 : p.tok.End])
	dialect, data, isAlias := p.parseExtendedSymbol()
	var a ir.Attribute
	if isAlias {
		var ok bool
		a, ok = p.attrAliases[dialect]
		if !ok {
			// Reported at the token after the alias, as MLIR's
			// emitWrongTokenError.
			p.errorHere("undefined symbol alias id '" + ident + "'")
		}
	} else {
		at := t
		if p.consumeIf(TokColon) {
			at = p.parseType()
		}
		if d := p.ctx.Dialect(dialect); d != nil && d.ParseAttr != nil {
			// The same dialect attribute repeats on many operations
			// (#arith.overflow<none>): parse each spelling once.
			key := dialectKey{dialect, data}
			if cached, ok := p.dialectAttrs[key]; ok {
				a = cached
			} else {
				var err error
				key.data = strings.Clone(data)
				a, err = d.ParseAttr(p.ctx, key.data)
				if err != nil {
					p.errorAt(off, err.Error())
				}
				if p.dialectAttrs == nil {
					p.dialectAttrs = map[dialectKey]ir.Attribute{}
				}
				p.dialectAttrs[key] = a
			}
		} else {
			if p.ctx.Dialect(dialect) == nil && !p.ctx.AllowUnregisteredDialects {
				ts := "none"
				if at != nil {
					ts = TypeString(at)
				}
				p.errorf(off, "#%s<\"%s\"> : %s attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used", dialect, data, ts)
			}
			p.checkDialectNamespace(dialect, off, ident)
			a = p.cachedOpaqueAttr(dialect, data, at)
		}
	}
	if ta, ok := a.(ir.TypedAttr); ok && t != nil && ta.AttrType() != t {
		p.errorHere("attribute type different than expected: expected " + TypeString(t) + ", but got " + TypeString(ta.AttrType()))
	}
	return a
}

// dialectKey is the spelling of a dialect attribute or type: the dialect
// and the body between its angle brackets.
type dialectKey struct{ dialect, data string }

// parseIntLiteral returns the magnitude of the integer token as a big int.
func (p *parser) intTokenValue() *big.Int {
	sp := p.spelling()
	v := new(big.Int)
	if len(sp) > 1 && sp[1] == 'x' {
		v.SetString(sp[2:], 16)
	} else {
		v.SetString(sp, 10)
	}
	return v
}

// buildAPInt applies MLIR's buildAttributeAPInt: it fits the literal into the
// type's width, returning the bit pattern, or ok=false when out of range.
func buildAPInt(t ir.Type, negative bool, mag *big.Int) (*big.Int, bool) {
	width := ir.IntOrFloatBitWidth(t)
	active := mag.BitLen()
	// The literal's own width is at least its active bits.
	if active > width {
		return nil, false
	}
	if width == 0 {
		if negative {
			return nil, false
		}
		return new(big.Int), true
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(width))
	v := new(big.Int).Set(mag)
	signBit := func(x *big.Int) bool { return x.Bit(width-1) == 1 }
	if negative {
		v.Neg(v)
		v.Mod(v, mod)
		if !signBit(v) {
			return nil, false
		}
		return v, true
	}
	isSignedOrIndex := false
	switch tt := t.(type) {
	case *ir.IndexType:
		isSignedOrIndex = true
	case *ir.IntegerType:
		isSignedOrIndex = tt.Signedness == ir.Signed
	}
	if isSignedOrIndex && signBit(v) {
		return nil, false
	}
	return v, true
}

func (p *parser) parseDecOrHexAttr(t ir.Type, negative bool) ir.Attribute {
	tok := p.tok
	off := tok.Start
	small, isSmall := smallDecimal(p.src[tok.Start:tok.End])
	var mag *big.Int
	if !isSmall {
		mag = p.intTokenValue()
	}
	p.consume()
	if t == nil {
		if p.consumeIf(TokColon) {
			t = p.parseType()
		} else {
			t = p.ctx.I(64)
		}
	}
	if ft, ok := t.(*ir.FloatType); ok {
		lo, hi := p.floatFromIntegerLiteral(tok, negative, ft)
		return p.ctx.FloatAttrBits(ft, lo, hi)
	}
	if !ir.IsIntOrIndex(t) {
		p.errorAt(off, "integer literal not valid for specified type")
	}
	if it, ok := t.(*ir.IntegerType); ok && negative && it.Signedness == ir.Unsigned {
		p.errorAt(off, "negative integer literal not valid for unsigned integer type")
	}
	if isSmall {
		if bits, ok := buildAPInt64(t, negative, small); ok {
			return p.ctx.IntegerAttrBits(t, bits)
		}
		mag = new(big.Int).SetUint64(small)
	}
	v, ok := buildAPInt(t, negative, mag)
	if !ok {
		p.errorAt(off, "integer constant out of range for attribute")
	}
	return p.ctx.IntegerAttrBig(t, v)
}

// smallDecimal parses a decimal literal below 2^63 without allocating.
func smallDecimal(b []byte) (uint64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	return v, true
}

// buildAPInt64 is buildAPInt for magnitudes below 2^63 and widths of 1 to 64
// bits; ok is false when the slow path must decide (including errors).
func buildAPInt64(t ir.Type, negative bool, mag uint64) (uint64, bool) {
	width := ir.IntOrFloatBitWidth(t)
	if width < 1 || width > 64 {
		return 0, false
	}
	if width < 64 && mag>>uint(width) != 0 {
		return 0, false
	}
	signBit := uint64(1) << uint(width-1)
	mask := ^uint64(0)
	if width < 64 {
		mask = (uint64(1) << uint(width)) - 1
	}
	if negative {
		v := (-mag) & mask
		if v&signBit == 0 {
			return 0, false
		}
		return v, true
	}
	signed := false
	switch tt := t.(type) {
	case *ir.IndexType:
		signed = true
	case *ir.IntegerType:
		signed = tt.Signedness == ir.Signed
	}
	if signed && mag&signBit != 0 {
		return 0, false
	}
	return mag, true
}

// floatFromIntegerLiteral interprets a hexadecimal integer token as the bit
// pattern of a float of type ft.
func (p *parser) floatFromIntegerLiteral(tok Token, negative bool, ft *ir.FloatType) (lo, hi uint64) {
	sp := string(p.src[tok.Start:tok.End])
	if len(sp) < 2 || sp[1] != 'x' {
		d := ir.NewError(p.locAt(tok.Start), "unexpected decimal integer literal for a floating point value")
		d.Note(p.locAt(tok.Start), "add a trailing dot to make the literal a float")
		panic(parseError{d})
	}
	if negative {
		p.errorAt(tok.Start, "hexadecimal float literal should not have a leading minus")
	}
	v := new(big.Int)
	v.SetString(sp[2:], 16)
	if v.BitLen() > ft.Width() {
		p.errorAt(tok.Start, "hexadecimal float constant out of range for type")
	}
	lo = new(big.Int).And(v, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
	hi = new(big.Int).Rsh(v, 64).Uint64()
	return lo, hi
}

// floatLiteralValue parses a float token as a double, as MLIR's lexer does.
// Like StringRef::getAsDouble with inexact results allowed, an overflowing
// literal becomes an infinity rather than an error.
func (p *parser) floatLiteralValue(negative bool) float64 {
	v, _ := strconv.ParseFloat(p.spelling(), 64)
	if negative {
		v = -v
	}
	return v
}

func floatBits(ft *ir.FloatType, v float64) (lo, hi uint64) {
	f, _ := apfloat.FromFloat64(apfloat.ByName(ft.Kind.String()), v)
	return f.Bits()
}

func (p *parser) parseFloatAttr(t ir.Type, negative bool) ir.Attribute {
	v := p.floatLiteralValue(negative)
	p.consume()
	if t == nil {
		if p.consumeIf(TokColon) {
			t = p.parseType()
		} else {
			t = p.ctx.FloatType(ir.F64)
		}
	}
	ft, ok := t.(*ir.FloatType)
	if !ok {
		// MLIR reports this at the token after the type.
		p.errorTok("floating point value not valid for specified type")
	}
	lo, hi := floatBits(ft, v)
	return p.ctx.FloatAttrBits(ft, lo, hi)
}

func (p *parser) parseAffineAttr() ir.Attribute {
	isSet := p.isKeyword("affine_set")
	p.consume()
	if p.tok.Kind != TokLess {
		if isSet {
			p.errorHere("expected '<' in integer set")
		}
		p.errorHere("expected '<' in affine map")
	}
	// As MLIR, the map or set is parsed from the buffer itself, right after
	// the '<', so that errors (and the end of the buffer) are located as
	// mlir-opt locates them; the closing '>' is then expected.
	bodyOff := p.tok.End
	gotSet, m, s, n, err := affine.ParseMapOrSetPrefix(p.bufString(bodyOff))
	if err != nil {
		p.affineError(bodyOff, err)
	}
	if isSet != gotSet {
		start := bodyOff
		for start < len(p.lex.buf) && strings.IndexByte(" \t\r\n", p.lex.buf[start]) >= 0 {
			start++
		}
		if isSet {
			p.errorAt(start, "expected IntegerSet, but got AffineMap")
		}
		p.errorAt(start, "expected AffineMap, but got IntegerSet")
	}
	p.resetTo(bodyOff + n)
	if isSet {
		p.expect(TokGreater, "expected '>' in integer set")
		return p.ctx.IntegerSetAttr(s)
	}
	p.expect(TokGreater, "expected '>' in affine map")
	return p.ctx.AffineMapAttr(m)
}

// bufString returns the rest of the lexed buffer from off without copying;
// like srcString, it must not escape into the IR.
func (p *parser) bufString(off int) string {
	buf := p.lex.buf
	if off >= len(buf) {
		return ""
	}
	return unsafe.String(&buf[off], len(buf)-off)
}

// affineError reports an error of the affine parser run on the buffer from
// off, with the further errors MLIR emits after the first one.
func (p *parser) affineError(off int, err error) {
	pe, ok := err.(*affine.ParseError)
	if !ok {
		p.errorAt(off, err.Error())
	}
	d := ir.NewError(p.locAt(off+pe.Offset), pe.Msg)
	if len(pe.Also) > 0 {
		p.moreErrors = []*ir.Diagnostic{d}
		for _, a := range pe.Also {
			p.moreErrors = append(p.moreErrors, ir.NewError(p.locAt(off+a.Offset), a.Msg))
		}
	}
	panic(parseError{d})
}

func (p *parser) parseStridedAttr() ir.Attribute {
	p.consume()
	p.expect(TokLess, "expected '<' after 'strided'")
	p.expect(TokLSquare, "expected '['")
	parseVal := func() int64 {
		if p.consumeIf(TokQuestion) {
			return ir.Dynamic
		}
		off := p.tok.Start
		neg := p.consumeIf(TokMinus)
		if p.tok.Kind == TokInteger {
			v, err := strconv.ParseUint(p.spelling(), 0, 64)
			if err != nil || v > math.MaxInt64 {
				p.errorAt(off, "expected a 64-bit signed integer or '?'")
			}
			p.consume()
			if neg {
				return -int64(v)
			}
			return int64(v)
		}
		p.errorAt(off, "expected a 64-bit signed integer or '?'")
		return 0
	}
	var strides []int64
	if !p.consumeIf(TokRSquare) {
		for {
			strides = append(strides, parseVal())
			if !p.consumeIf(TokComma) {
				break
			}
		}
		p.expect(TokRSquare, "expected ']'")
	}
	var offset int64
	if p.consumeIf(TokComma) {
		if !p.isKeyword("offset") {
			p.errorHere("expected 'offset' after comma")
		}
		p.consume()
		p.expect(TokColon, "expected ':' after 'offset'")
		offset = parseVal()
	}
	p.expect(TokGreater, "expected '>'")
	return p.ctx.StridedLayoutAttr(offset, strides)
}

func (p *parser) parseDistinctAttr(t ir.Type) ir.Attribute {
	kwOff := p.tok.Start
	p.consume()
	p.expect(TokLSquare, "expected '[' after 'distinct'")
	if p.tok.Kind != TokInteger {
		p.errorHere("expected distinct ID")
	}
	id, err := strconv.ParseUint(p.spelling(), 0, 64)
	p.consume()
	if err != nil {
		p.errorTok("expected an unsigned 64-bit integer")
	}
	p.expect(TokRSquare, "expected ']' to close distinct ID")
	p.expect(TokLess, "expected '<' after distinct ID")
	var ref ir.Attribute
	if p.consumeIf(TokGreater) {
		ref = p.ctx.Unit()
	} else {
		ref = p.parseDistinctRef(t)
		p.expect(TokGreater, "expected '>' to close distinct attribute")
	}
	if d, ok := p.distinct[id]; ok {
		if d.Ref != ref {
			p.errorAt(kwOff, "referenced attribute does not match previous definition: "+AttrString(d.Ref))
		}
		return d
	}
	d := p.ctx.NewDistinctAttr(ref)
	p.distinct[id] = d
	return d
}

// parseDistinctRef parses the attribute a distinct attribute refers to.
// When that fails, MLIR adds "expected attribute" at the token where the
// parse stopped after the errors of the failure itself.
func (p *parser) parseDistinctRef(t ir.Type) ir.Attribute {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		pe, ok := r.(parseError)
		if !ok {
			panic(r)
		}
		if len(p.moreErrors) == 0 || p.moreErrors[0] != pe.d {
			p.moreErrors = []*ir.Diagnostic{pe.d}
		}
		p.moreErrors = append(p.moreErrors, ir.NewError(p.locAt(p.tok.Start), "expected attribute"))
		panic(pe)
	}()
	return p.parseAttribute(t)
}

func (p *parser) parseDenseArrayAttr() ir.Attribute {
	p.consume()
	p.expect(TokLess, "expected '<' after 'array'")
	off := p.tok.Start
	et := p.parseOptionalType()
	if et == nil {
		p.errorAt(off, "expected an integer or floating point type")
	}
	var width int
	switch tt := et.(type) {
	case *ir.IntegerType:
		width = int(tt.Width)
	case *ir.FloatType:
		width = tt.Width()
	default:
		p.errorAt(off, "expected integer or float type, got: '"+TypeString(et)+"'")
	}
	isBool := false
	if it, ok := et.(*ir.IntegerType); ok && it.Width == 1 {
		isBool = true
		width = 8
	}
	if width%8 != 0 {
		p.errorAt(off, "element type bitwidth must be a multiple of 8")
	}
	if p.consumeIf(TokGreater) {
		return p.ctx.DenseArrayAttr(et, 0, nil)
	}
	p.expect(TokColon, "expected ':' after dense array type")
	var data []byte
	n := 0
	for {
		var bits *big.Int
		switch ft := et.(type) {
		case *ir.FloatType:
			neg := p.consumeIf(TokMinus)
			tok := p.tok
			if tok.Kind == TokInteger {
				lo, hi := p.floatFromIntegerLiteral(tok, neg, ft)
				bits = new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
				bits.Or(bits, new(big.Int).SetUint64(lo))
			} else if tok.Kind == TokFloat {
				lo, hi := floatBits(ft, p.floatLiteralValue(neg))
				bits = new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
				bits.Or(bits, new(big.Int).SetUint64(lo))
			} else {
				p.errorAt(tok.Start, "expected floating point literal")
			}
			p.consume()
		default:
			// As MLIR's DenseArrayElementParser::parseIntegerElement.
			neg := p.consumeIf(TokMinus)
			if p.isKeyword("true") || p.isKeyword("false") {
				if !isBool {
					p.errorTok("expected i1 type for 'true' or 'false' values")
				}
				bits = big.NewInt(0)
				if p.isKeyword("true") {
					bits.SetInt64(1)
				}
				p.consume()
				break
			}
			if p.tok.Kind != TokInteger {
				p.errorTok("expected integer literal")
			}
			mag := p.intTokenValue()
			p.consume()
			if isBool {
				p.errorTok("expected 'true' or 'false' values for i1 type")
			}
			var ok bool
			bits, ok = buildAPInt(et, neg, mag)
			if !ok {
				p.errorTok("integer constant out of range")
			}
		}
		data = appendBits(data, bits, width/8)
		n++
		if !p.consumeIf(TokComma) {
			break
		}
	}
	p.expect(TokGreater, "expected '>' to close an array attribute")
	return p.ctx.DenseArrayAttr(et, n, data)
}

// appendBits appends the low nbytes of v little-endian.
func appendBits(dst []byte, v *big.Int, nbytes int) []byte {
	words := v.Bits()
	for i := 0; i < nbytes; i++ {
		w := i / 8
		var b byte
		if w < len(words) {
			b = byte(uint64(words[w]) >> (8 * uint(i%8)))
		}
		dst = append(dst, b)
	}
	return dst
}

func (p *parser) parseDenseResourceAttr(t ir.Type) ir.Attribute {
	kwOff := p.tok.Start
	p.consume()
	p.expect(TokLess, "expected '<' after 'dense_resource'")
	var key string
	switch p.tok.Kind {
	case TokBareIdent:
		key = p.spelling()
	case TokString:
		key = p.stringValue(p.tok)
	default:
		p.errorTok("expected identifier key for 'resource' entry")
	}
	p.consume()
	p.expect(TokGreater, "expected '>'")
	typeOff := kwOff
	if t == nil {
		typeOff = p.tok.Start
		p.expect(TokColon, "expected ':'")
		t = p.parseType()
	}
	st, ok := t.(ir.ShapedType)
	if !ok {
		p.errorAt(typeOff, "`dense_resource` expected a shaped type")
	}
	return p.ctx.DenseResourceAttr(st, key)
}

// cachedDict interns a dictionary, trying a small most-recently-used cache
// first: the properties of generic-form operations repeat line after line.
func (p *parser) cachedDict(entries []ir.NamedAttr) *ir.DictionaryAttr {
	for i, d := range p.dictCache {
		if d != nil && sameEntries(d.Entries, entries) {
			if i != 0 {
				copy(p.dictCache[1:i+1], p.dictCache[:i])
				p.dictCache[0] = d
			}
			return d
		}
	}
	d := p.ctx.DictionaryAttr(entries)
	copy(p.dictCache[1:], p.dictCache[:len(p.dictCache)-1])
	p.dictCache[0] = d
	return d
}

// sameEntries compares sorted dictionary entries with parsed ones (which
// are sorted when they match).
func sameEntries(a, b []ir.NamedAttr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Value != b[i].Value || a[i].Name != b[i].Name {
			return false
		}
	}
	return true
}

// cachedOpaqueAttr interns an opaque attribute through a parser-local table
// keyed by its text, sparing the context's locked table the repeats.
func (p *parser) cachedOpaqueAttr(dialect, data string, t ir.Type) ir.Attribute {
	if t != nil {
		return p.ctx.OpaqueAttr(dialect, data, t)
	}
	if m := p.opaqueCache[dialect]; m != nil {
		if a, ok := m[data]; ok {
			return a
		}
	}
	a := p.ctx.OpaqueAttr(dialect, data, nil)
	m := p.opaqueCache[a.Dialect]
	if m == nil {
		m = map[string]*ir.OpaqueAttr{}
		p.opaqueCache[a.Dialect] = m
	}
	m[a.Data] = a
	return a
}
