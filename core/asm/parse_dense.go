package asm

import (
	"encoding/binary"
	"encoding/hex"
	"math/big"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/ir"
)

// literalElem is one scalar token of a tensor literal.
type literalElem struct {
	neg bool
	tok Token
}

// tensorLiteral collects a parsed dense/sparse literal before its type is
// known, as MLIR's TensorLiteralParser does.
type tensorLiteral struct {
	p       *parser
	storage []literalElem
	shape   []int64
	isList  bool
	hex     *Token
}

func (l *tensorLiteral) parse(allowHex bool) {
	p := l.p
	if allowHex && p.tok.Kind == TokString {
		t := p.tok
		l.hex = &t
		p.consume()
		return
	}
	if p.tok.Kind == TokLSquare {
		l.isList = true
		l.shape = l.parseList()
		return
	}
	l.parseElement()
}

func (l *tensorLiteral) parseElement() {
	p := l.p
	switch p.tok.Kind {
	case TokFloat, TokInteger, TokString:
		l.storage = append(l.storage, literalElem{tok: p.tok})
		p.consume()
	case TokBareIdent:
		if p.isKeyword("true") || p.isKeyword("false") {
			l.storage = append(l.storage, literalElem{tok: p.tok})
			p.consume()
			return
		}
		p.errorTok("expected element literal of primitive type")
	case TokMinus:
		p.consume()
		if p.tok.Kind != TokFloat && p.tok.Kind != TokInteger {
			p.errorTok("expected integer or floating point literal")
		}
		l.storage = append(l.storage, literalElem{neg: true, tok: p.tok})
		p.consume()
	case TokLParen:
		// Complex elements nest recursively: bound the depth.
		p.enter()
		defer p.leave()
		p.consume()
		l.parseElement()
		p.expect(TokComma, "expected ',' between complex elements")
		l.parseElement()
		p.expect(TokRParen, "expected ')' after complex elements")
	default:
		p.errorTok("expected element literal of primitive type")
	}
}

func (l *tensorLiteral) parseList() []int64 {
	p := l.p
	p.enter()
	defer p.leave()
	p.expect(TokLSquare, "expected '['")
	var newDims []int64
	first := true
	size := int64(0)
	if !p.consumeIf(TokRSquare) {
		for {
			var dims []int64
			if p.tok.Kind == TokLSquare {
				dims = l.parseList()
			} else {
				l.parseElement()
			}
			size++
			if first {
				newDims = dims
				first = false
			} else if !equalDims(newDims, dims) {
				p.errorTok("tensor literal is invalid; ranks are not consistent between elements")
			}
			if !p.consumeIf(TokComma) {
				break
			}
		}
		p.expect(TokRSquare, "expected ',' or ']'")
	}
	return append([]int64{size}, newDims...)
}

func equalDims(a, b []int64) bool {
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

// elemStorageBytes returns the bytes one scalar of type t takes in dense
// storage.
func elemStorageBytes(t ir.Type) int {
	w := ir.IntOrFloatBitWidth(t)
	if w < 0 {
		return 0
	}
	return (w + 7) / 8
}

// denseElemBytes returns the bytes one element (complex: both parts) takes.
func denseElemBytes(t ir.Type) int {
	if c, ok := t.(*ir.ComplexType); ok {
		return 2 * elemStorageBytes(c.Elem)
	}
	return elemStorageBytes(t)
}

// getAttr builds the attribute for the literal under the given type.
func (l *tensorLiteral) getAttr(off int, st ir.ShapedType) ir.Attribute {
	p := l.p
	elem := st.ElementType()
	shape, _ := st.ShapeDims()
	n := ir.NumElements(shape)
	scalar := elem
	if c, ok := elem.(*ir.ComplexType); ok {
		scalar = c.Elem
	}
	_, isFloat := scalar.(*ir.FloatType)
	numeric := ir.IsIntOrIndex(scalar) || isFloat
	if l.hex != nil && numeric {
		s := p.stringValue(*l.hex)
		if len(s) < 2 || s[0] != '0' || s[1] != 'x' {
			p.errorAt(l.hex.Start, "expected string containing hex digits starting with `0x`")
		}
		data, err := hex.DecodeString(s[2:])
		if err != nil {
			p.errorAt(l.hex.Start, "expected string containing hex digits starting with `0x`")
		}
		if it, ok := elem.(*ir.IntegerType); ok && it.Width == 1 {
			splat, bits := p.unpackBoolHex(data, n, off, st)
			return p.ctx.DenseElementsAttr(st, splat, bits)
		}
		eb := denseElemBytes(elem)
		if eb == 0 || (len(data) != eb && int64(len(data)) != n*int64(eb)) {
			p.errorAt(off, "elements hex data size is invalid for provided type: "+TypeString(st))
		}
		return p.ctx.DenseElementsAttr(st, splatOf(data, eb, n), compactSplat(data, eb, n))
	}
	if l.isList && !equalDims(l.shape, shape) {
		p.errorf(off, "inferred shape of elements literal ([%s]) does not match type ([%s])", dimsString(l.shape), dimsString(shape))
	}
	if l.hex == nil && len(l.storage) == 0 && n != 0 {
		p.errorf(off, "parsed zero elements, but type ('%s') expected at least 1", TypeString(st))
	}
	if !numeric {
		var strs []string
		for _, e := range l.storage {
			if e.tok.Kind != TokString {
				p.errorAt(e.tok.Start, "expected string token, got "+string(p.src[e.tok.Start:e.tok.End]))
			}
			strs = append(strs, p.stringValue(e.tok))
		}
		if l.hex != nil {
			strs = append(strs, p.stringValue(*l.hex))
		}
		splat := len(strs) == 1 && n != 1
		if !splat && len(strs) > 1 {
			all := true
			for _, s := range strs[1:] {
				if s != strs[0] {
					all = false
					break
				}
			}
			if all {
				strs, splat = strs[:1], true
			}
		}
		return p.ctx.DenseStringElementsAttr(st, splat || n == 1, strs)
	}
	sb := elemStorageBytes(scalar)
	data := make([]byte, 0, len(l.storage)*sb)
	for _, e := range l.storage {
		data = append(data, l.scalarBits(e, scalar, sb)...)
	}
	eb := denseElemBytes(elem)
	if int64(len(data)) != int64(eb) && int64(len(data)) != n*int64(eb) {
		p.errorf(off, "inferred shape of elements literal ([%s]) does not match type ([%s])", dimsString(l.shape), dimsString(shape))
	}
	return p.ctx.DenseElementsAttr(st, splatOf(data, eb, n), compactSplat(data, eb, n))
}

// splatOf reports whether data (one element or n elements of eb bytes) is a
// splat: one element, or all elements equal.
func splatOf(data []byte, eb int, n int64) bool {
	if len(data) == 0 {
		return false
	}
	if len(data) == eb {
		return true
	}
	for i := eb; i < len(data); i += eb {
		for j := 0; j < eb; j++ {
			if data[i+j] != data[j] {
				return false
			}
		}
	}
	return true
}

func compactSplat(data []byte, eb int, n int64) []byte {
	if splatOf(data, eb, n) {
		return data[:eb]
	}
	return data
}

// scalarBits converts one literal element to its little-endian storage.
func (l *tensorLiteral) scalarBits(e literalElem, t ir.Type, nbytes int) []byte {
	p := l.p
	tok := e.tok
	if ft, ok := t.(*ir.FloatType); ok {
		var lo, hi uint64
		switch {
		case tok.Kind == TokInteger:
			// A decimal integer is an error (with MLIR's note); a
			// hexadecimal one is the float's bit pattern.
			lo, hi = p.floatFromIntegerLiteral(tok, e.neg, ft)
			// MLIR stores the element through an APFloat, which
			// canonicalizes non-canonical f80 encodings.
			lo, hi = apfloat.FromBits(apfloat.ByName(ft.Kind.String()), lo, hi).Canonical().Bits()
		case tok.Kind == TokFloat:
			save := p.tok
			p.tok = tok
			v := p.floatLiteralValue(e.neg)
			p.tok = save
			lo, hi = floatBits(ft, v)
		default:
			p.errorAt(tok.Start, "expected floating point literal")
		}
		v := new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
		v.Or(v, new(big.Int).SetUint64(lo))
		return appendBits(nil, v, nbytes)
	}
	if it, ok := t.(*ir.IntegerType); ok && e.neg && it.Signedness == ir.Unsigned {
		p.errorAt(tok.Start, "expected unsigned integer elements, but parsed negative value")
	}
	switch tok.Kind {
	case TokFloat:
		p.errorAt(tok.Start, "expected integer elements, but parsed floating-point")
	case TokString:
		p.errorAt(tok.Start, "expected integer elements, but parsed string")
	case TokBareIdent:
		if it, ok := t.(*ir.IntegerType); !ok || it.Width != 1 {
			p.errorAt(tok.Start, "expected i1 type for 'true' or 'false' values")
		}
		if string(p.src[tok.Start:tok.End]) == "true" {
			return []byte{1}
		}
		return []byte{0}
	}
	save := p.tok
	p.tok = tok
	mag := p.intTokenValue()
	p.tok = save
	v, ok := buildAPInt(t, e.neg, mag)
	if !ok {
		p.errorAt(tok.Start, "integer constant out of range for type")
	}
	return appendBits(nil, v, nbytes)
}

// parseElementsLiteralType parses the `: type` of a dense or sparse literal
// (unless t is given); errors point at the attribute keyword at off, as in
// MLIR.
func (p *parser) parseElementsLiteralType(off int, t ir.Type) ir.ShapedType {
	if t == nil {
		p.expect(TokColon, "expected ':'")
		t = p.parseType()
	}
	st, ok := t.(ir.ShapedType)
	if !ok {
		p.errorAt(off, "elements literal must be a shaped type")
	}
	shape, ranked := st.ShapeDims()
	if !ranked || ir.NumElements(shape) < 0 {
		p.errorAt(off, "elements literal type must have static shape")
	}
	return st
}

func (p *parser) parseDenseAttr(t ir.Type) ir.Attribute {
	attrOff := p.tok.Start
	p.consume()
	p.expect(TokLess, "expected '<' after 'dense'")
	lit := &tensorLiteral{p: p}
	if !p.consumeIf(TokGreater) {
		lit.parse(true)
		p.expect(TokGreater, "expected '>'")
	}
	st := p.parseElementsLiteralType(attrOff, t)
	return lit.getAttr(attrOff, st)
}

func (p *parser) parseSparseAttr(t ir.Type) ir.Attribute {
	attrOff := p.tok.Start
	p.consume()
	p.expect(TokLess, "Expected '<' after 'sparse'")
	i64 := p.ctx.I(64)
	if p.consumeIf(TokGreater) {
		st := p.parseElementsLiteralType(attrOff, t)
		shape, _ := st.ShapeDims()
		it := p.ctx.RankedTensorType([]int64{0, int64(len(shape))}, i64, nil)
		vt := p.ctx.RankedTensorType([]int64{0}, st.ElementType(), nil)
		return p.ctx.SparseElementsAttr(st, p.ctx.DenseElementsAttr(it, false, nil), p.emptyDense(vt))
	}
	idxOff := p.tok.Start
	idx := &tensorLiteral{p: p}
	idx.parse(false)
	p.expect(TokComma, "expected ','")
	valOff := p.tok.Start
	vals := &tensorLiteral{p: p}
	vals.parse(true)
	p.expect(TokGreater, "expected '>'")
	st := p.parseElementsLiteralType(attrOff, t)
	shape, _ := st.ShapeDims()
	var it *ir.RankedTensorType
	if !idx.isList {
		it = p.ctx.RankedTensorType([]int64{1, int64(len(shape))}, i64, nil)
	} else {
		it = p.ctx.RankedTensorType(idx.shape, i64, nil)
	}
	indices := idx.getAttr(idxOff, it)
	var vt *ir.RankedTensorType
	if !vals.isList {
		vt = p.ctx.RankedTensorType([]int64{it.Shape[0]}, st.ElementType(), nil)
	} else {
		vt = p.ctx.RankedTensorType(vals.shape, st.ElementType(), nil)
	}
	values := vals.getAttr(valOff, vt)
	p.verifySparse(attrOff, st, it, vt, indices)
	return p.ctx.SparseElementsAttr(st, indices, values)
}

// verifySparse reports what MLIR's SparseElementsAttr::verify rejects: values
// that are not 1-d, index and value shapes that do not fit the type, and
// indices outside the shape.
func (p *parser) verifySparse(off int, st ir.ShapedType, it, vt *ir.RankedTensorType, indices ir.Attribute) {
	if len(vt.Shape) != 1 {
		p.errorAt(off, "expected 1-d tensor for sparse element values")
	}
	shape, _ := st.ShapeDims()
	rank := len(shape)
	if (len(it.Shape) == 2 && it.Shape[1] != int64(rank)) || (len(it.Shape) != 2 && (len(it.Shape) != 1 || rank != 1)) ||
		it.Shape[0] != vt.Shape[0] {
		p.errorf(off, "expected shape ([%s]); inferred shape of indices literal ([%s]); inferred shape of values literal ([%s])",
			dimsString(shape), dimsString(it.Shape), dimsString(vt.Shape))
	}
	d, ok := indices.(*ir.DenseElementsAttr)
	if !ok || it.Shape[0] == 0 {
		return
	}
	index := func(i int) []uint64 {
		idx := make([]uint64, rank)
		for j := range idx {
			k := i*rank + j
			if d.Splat {
				k = 0
			}
			idx[j] = binary.LittleEndian.Uint64(d.Data[8*k:])
		}
		return idx
	}
	n := int(it.Shape[0])
	if d.Splat {
		n = 1
	}
	for i := 0; i < n; i++ {
		idx := index(i)
		valid := true
		for j, v := range idx {
			if v >= uint64(shape[j]) {
				valid = false
			}
		}
		if !valid {
			var parts []string
			for _, v := range idx {
				parts = append(parts, strconv.FormatUint(v, 10))
			}
			p.errorf(off, "sparse index #%d is not contained within the value shape, with index=[%s], and type='%s'",
				i, strings.Join(parts, ", "), TypeString(st))
		}
	}
}

func (p *parser) emptyDense(t ir.ShapedType) ir.Attribute {
	if _, ok := t.ElementType().(*ir.OpaqueType); ok {
		return p.ctx.DenseStringElementsAttr(t, false, nil)
	}
	return p.ctx.DenseElementsAttr(t, false, nil)
}

// unpackBoolHex reads the hex form of i1 elements, which MLIR packs one bit
// per element (least significant bit first): a single 0x00 or 0xFF byte is a
// splat, otherwise the data must hold exactly ceil(n/8) bytes. The result
// uses Strata's storage of one byte per element.
func (p *parser) unpackBoolHex(data []byte, n int64, off int, st ir.ShapedType) (bool, []byte) {
	if len(data) == 1 && (data[0] == 0 || data[0] == 0xFF) {
		return true, []byte{data[0] & 1}
	}
	if int64(len(data)) != (n+7)/8 {
		p.errorAt(off, "elements hex data size is invalid for provided type: "+TypeString(st))
	}
	out := make([]byte, n)
	for i := int64(0); i < n; i++ {
		out[i] = data[i/8] >> uint(i%8) & 1
	}
	return splatOf(out, 1, n), compactSplat(out, 1, n)
}
