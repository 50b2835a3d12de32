package asm

// Methods of OpPrinter and OpParser used by declarative assembly formats
// (package irdl): keyword and string probes, optional attributes, types and
// successors, and dimension lists.

import (
	"slices"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// PrintKeywordOrString prints s bare if it is a valid identifier, else as
// an escaped string.
func (o *OpPrinter) PrintKeywordOrString(s string) { o.p.printKeywordOrString(s) }

// PrintNewline starts a new line at the current indentation.
func (o *OpPrinter) PrintNewline() {
	o.p.w.WriteByte('\n')
	o.p.writeIndent()
}

// ParseOptionalKeywordAny parses a bare identifier or keyword if one is next.
func (o *OpParser) ParseOptionalKeywordAny() (string, bool) {
	if o.p.tok.Kind != TokBareIdent {
		return "", false
	}
	s := o.p.spelling()
	o.p.consume()
	return s, true
}

// ParseOptionalString parses a string literal if one is next.
func (o *OpParser) ParseOptionalString() (string, bool) {
	if o.p.tok.Kind != TokString {
		return "", false
	}
	s := strings.Clone(o.p.stringValueTmp(o.p.tok))
	o.p.consume()
	return s, true
}

// attrKeywords are the keywords that start a builtin attribute.
var attrKeywords = map[string]bool{"affine_map": true, "affine_set": true, "dense": true,
	"dense_resource": true, "false": true, "loc": true, "sparse": true, "true": true,
	"unit": true, "array": true, "strided": true, "distinct": true}

// ParseOptionalAttribute parses an attribute if the next token can start
// one, as MLIR's parseOptionalAttribute: a type is parsed as a type
// attribute.
func (o *OpParser) ParseOptionalAttribute(t ir.Type) (ir.Attribute, bool) {
	switch o.p.tok.Kind {
	case TokAtIdent, TokFloat, TokInteger, TokHashIdent, TokLBrace, TokLSquare, TokMinus, TokString:
		return o.p.parseAttribute(t), true
	case TokBareIdent:
		if attrKeywords[string(o.p.spellingBytes())] {
			return o.p.parseAttribute(t), true
		}
	}
	ty := o.p.parseOptionalType()
	if ty == nil {
		return nil, false
	}
	return o.p.ctx.TypeAttr(ty), true
}

// ParseOptionalType parses a type if the next token can start one.
func (o *OpParser) ParseOptionalType() (ir.Type, bool) {
	t := o.p.parseOptionalType()
	return t, t != nil
}

// ParseOptionalSuccessor parses `^name` if one is next.
func (o *OpParser) ParseOptionalSuccessor() (*ir.Block, bool) {
	if o.p.tok.Kind != TokCaretIdent {
		return nil, false
	}
	return o.p.parseSuccessor(), true
}

// ParseDimensionList parses `4x?x` up to the element type.
func (o *OpParser) ParseDimensionList(allowDynamic bool) []int64 {
	dims := o.p.parseDimensionList(allowDynamic)
	out := slices.Clone(dims)
	o.p.popDims(dims)
	return out
}

// BodyError is the error ParseDialectBody returns: a message and the byte
// offset in the body where the problem is.
type BodyError struct {
	Offset int
	Msg    string
}

func (e *BodyError) Error() string { return e.Msg }

// ParseDialectBody parses body, the text of a dialect type or attribute
// after `!dialect.` or `#dialect.` (as ir.Dialect's ParseType and ParseAttr
// receive it), with fn reading through an ir.OpAsmParser. The whole body must
// be consumed. Errors are *BodyError values.
func ParseDialectBody(ctx *ir.Context, body string, fn func(p ir.OpAsmParser) error) (err error) {
	return parseDialectBody(ctx, body, nil, fn)
}

// parseDialectBody is ParseDialectBody; a non-nil outer lends its aliases.
func parseDialectBody(ctx *ir.Context, body string, outer *parser, fn func(p ir.OpAsmParser) error) (err error) {
	src := []byte(body)
	p := newParser(ctx, src, Config{Filename: "<dialect body>"})
	if outer != nil {
		p.typeAliases, p.attrAliases = outer.typeAliases, outer.attrAliases
	}
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(parseError)
			if !ok {
				panic(r)
			}
			off := 0
			if fl, ok := pe.d.Loc.(*ir.FileLineColLoc); ok {
				off = p.offsetOf(int(fl.Line), int(fl.Col))
			}
			err = &BodyError{Offset: off, Msg: pe.d.Message}
		}
	}()
	if p.tok.Kind == TokError {
		p.errorAt(p.lex.errPos, p.lex.errMsg)
	}
	o := &OpParser{p: p}
	if e := fn(o); e != nil {
		if d, ok := e.(*ir.Diagnostic); ok {
			panic(parseError{d})
		}
		return &BodyError{Offset: p.tok.Start, Msg: e.Error()}
	}
	if p.tok.Kind != TokEOF {
		return &BodyError{Offset: p.tok.Start, Msg: "unexpected '" + p.spelling() + "' at the end of the body"}
	}
	return nil
}

func (p *parser) offsetOf(line, col int) int {
	if line < 1 || line > len(p.lineStarts) {
		return 0
	}
	return p.lineStarts[line-1] + col - 1
}

// ParseTypeString parses s as one type.
func ParseTypeString(ctx *ir.Context, s string) (ir.Type, error) {
	var t ir.Type
	err := ParseDialectBody(ctx, s, func(p ir.OpAsmParser) error {
		t = p.ParseType()
		return nil
	})
	return t, err
}

// ParseAttrString parses s as one attribute; typ, if non-nil, is its
// expected type.
func ParseAttrString(ctx *ir.Context, s string, typ ir.Type) (ir.Attribute, error) {
	var a ir.Attribute
	err := ParseDialectBody(ctx, s, func(p ir.OpAsmParser) error {
		a = p.ParseAttribute(typ)
		return nil
	})
	return a, err
}
