package asm

// The parts of OpParser (the ir.OpAsmParser handed to custom operation
// parsers) that work with source positions, operands and region
// arguments, following MLIR's AsmParserImpl / CustomOpAsmParser.

import (
	"math"
	"strconv"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
)

// CurrentPos returns the position of the next token.
func (o *OpParser) CurrentPos() ir.SourcePos { return ir.SourcePos(o.p.tok.Start) }

// errOffset maps a position to the offset a diagnostic points at: as
// errorTok does, a position at end of file moves back one character.
func (o *OpParser) errOffset(pos ir.SourcePos) int {
	off := int(pos)
	if o.p.tok.Kind == TokEOF && off == o.p.tok.Start && off > o.p.bufStart {
		off--
	}
	return off
}

// ErrorAt returns an error diagnostic located at pos. As MLIR's
// CustomOpAsmParser::emitError, the message is prefixed with
// "custom op 'NAME' ".
func (o *OpParser) ErrorAt(pos ir.SourcePos, msg string) error {
	if o.def != nil {
		msg = "custom op '" + o.def.Name + "' " + msg
	}
	return ir.NewError(o.p.locAt(o.errOffset(pos)), msg)
}

// LocAt returns the file location of pos.
func (o *OpParser) LocAt(pos ir.SourcePos) ir.Location { return o.p.locAt(int(pos)) }

var punctKinds = map[string]TokenKind{
	"(": TokLParen, ")": TokRParen, "->": TokArrow, ",": TokComma, ":": TokColon,
	"=": TokEqual, "[": TokLSquare, "]": TokRSquare, "{": TokLBrace, "}": TokRBrace,
	"<": TokLess, ">": TokGreater, "...": TokEllipsis, "?": TokQuestion, "*": TokStar,
	"+": TokPlus, "|": TokVerticalBar, "-": TokMinus,
}

// tokNever is a token kind the lexer never produces.
const tokNever TokenKind = 255

// punctKind returns the token kind of the punctuation tok, or tokNever for a string that is not
// punctuation, so that a literal an assembly format declares wrongly
// never matches and is reported as expected.
func punctKind(tok string) TokenKind {
	k, ok := punctKinds[tok]
	if !ok {
		return tokNever
	}
	return k
}

// ParseOptionalPunct consumes tok if it is next.
func (o *OpParser) ParseOptionalPunct(tok string) bool { return o.p.consumeIf(punctKind(tok)) }

// ParsePunct consumes tok or reports "expected 'tok'" as MLIR's parseToken
// does; for "^" (a block name) it reports "expected block name" as MLIR's
// parseSuccessor does.
func (o *OpParser) ParsePunct(tok string) {
	if tok == "^" {
		// A successor is expected: MLIR's parseSuccessor.
		o.p.expect(punctKind(tok), "expected block name")
		return
	}
	if k := punctKind(tok); o.p.tok.Kind == k {
		o.p.consume()
		return
	}
	o.p.errorHere("expected '" + tok + "'")
}

// ExpectPunct consumes tok or reports msg as MLIR's parseToken(kind, msg)
// does (emitWrongTokenError).
func (o *OpParser) ExpectPunct(tok, msg string) {
	if o.p.consumeIf(punctKind(tok)) {
		return
	}
	o.p.errorHere(msg)
}

// ParseSymbolName parses `@name`.
func (o *OpParser) ParseSymbolName() string {
	s, ok := o.ParseOptionalSymbolName()
	if !ok {
		if o.p.tok.Kind == TokError {
			o.p.errorAt(o.p.lex.errPos, o.p.lex.errMsg)
		}
		panic(parseError{o.ErrorAt(o.CurrentPos(), "expected valid '@'-identifier for symbol name").(*ir.Diagnostic)})
	}
	return s
}

// ParseOptionalOperand parses an SSA use if one is next.
func (o *OpParser) ParseOptionalOperand() (ir.UnresolvedOperand, bool) {
	if o.p.tok.Kind != TokPercentIdent {
		return ir.UnresolvedOperand{}, false
	}
	return o.ParseOperand(), true
}

// ParseOperand parses an SSA use `%name` or `%name#N`.
func (o *OpParser) ParseOperand() ir.UnresolvedOperand {
	u := o.p.parseSSAUse(true)
	return ir.UnresolvedOperand{Name: string(u.name), Number: u.number, Pos: ir.SourcePos(u.off)}
}

// ResolveOperand resolves an SSA use to a value of type t.
func (o *OpParser) ResolveOperand(u ir.UnresolvedOperand, t ir.Type) ir.Value {
	return o.p.resolveUse(ssaUse{name: u.Name, number: u.Number, off: int(u.Pos)}, t)
}

// ParseOptionalArgument parses `%name [: type] [{attrs}] [loc(...)]`.
func (o *OpParser) ParseOptionalArgument(allowType, allowAttrs bool) (ir.RegionArgument, bool) {
	if o.p.tok.Kind != TokPercentIdent {
		return ir.RegionArgument{}, false
	}
	u := o.p.parseSSAUse(false)
	a := ir.RegionArgument{Name: string(u.name), Pos: ir.SourcePos(u.off)}
	if allowType {
		o.ParsePunct(":")
		a.Type = o.p.parseType()
	}
	if allowAttrs && o.p.tok.Kind == TokLBrace {
		a.Attrs = o.p.parseAttrDict()
	}
	n := len(o.p.deferredLocs)
	if l, ok := o.ParseOptionalLocationSpecifier(); ok {
		a.Loc = l
		if len(o.p.deferredLocs) > n {
			// The location is an alias defined later in the file: remember
			// which deferred entry must update the block argument.
			if o.argDeferred == nil {
				o.argDeferred = map[ir.SourcePos]int{}
			}
			o.argDeferred[a.Pos] = n
		}
	}
	return a, true
}

// ParseOptionalLocationSpecifier parses `loc(...)` if present.
func (o *OpParser) ParseOptionalLocationSpecifier() (ir.Location, bool) {
	if !o.p.isKeyword("loc") {
		return nil, false
	}
	var loc ir.Location
	o.p.parseTrailingLocation(func(l ir.Location) { loc = l })
	return loc, true
}

// ParseOptionalRegion parses a region if a '{' is next.
func (o *OpParser) ParseOptionalRegion(r *ir.Region, args []ir.RegionArgument) bool {
	if o.p.tok.Kind != TokLBrace {
		return false
	}
	o.ParseRegion(r, args)
	return true
}

// bindArgLocs points the deferred location aliases of region arguments at
// the block arguments created for them.
func (o *OpParser) bindArgLocs(r *ir.Region, args []ir.RegionArgument) {
	if len(o.argDeferred) == 0 || r.First() == nil || len(args) == 0 || args[0].Name == "" {
		return
	}
	entry := r.First()
	for i, a := range args {
		idx, ok := o.argDeferred[a.Pos]
		if !ok || i >= entry.NumArguments() {
			continue
		}
		arg := entry.Argument(i)
		o.p.deferredLocs[idx].set = func(l ir.Location) { arg.Loc = l }
	}
}

// ParseOptionalInteger parses `-?integer` if one is next.
func (o *OpParser) ParseOptionalInteger() (int64, bool) {
	p := o.p
	off := p.tok.Start
	neg := false
	if p.tok.Kind == TokMinus {
		p.consume()
		neg = true
		if p.tok.Kind != TokInteger {
			p.errorTok("expected integer value")
		}
	} else if p.tok.Kind != TokInteger {
		return 0, false
	}
	v, err := strconv.ParseUint(p.spelling(), 0, 64)
	if err != nil || (!neg && v > math.MaxInt64) || (neg && v > 1<<63) {
		p.errorAt(off, "integer value too large")
	}
	p.consume()
	if neg {
		return -int64(v), true
	}
	return int64(v), true
}

// ParseAffineMap parses a bare affine map such as `(d0, d1) -> (d1, d0)`.
func (o *OpParser) ParseAffineMap() affine.Map {
	p := o.p
	start := p.tok.Start
	isSet, m, _, n, err := affine.ParseMapOrSetPrefix(p.bufString(start))
	if err != nil {
		off, msg := start, err.Error()
		if pe, ok := err.(*affine.ParseError); ok {
			off += pe.Offset
			msg = pe.Msg
		}
		p.errorAt(off, msg)
	}
	if isSet {
		p.errorAt(start, "expected AffineMap, but got IntegerSet")
	}
	p.resetTo(start + n)
	return m
}
