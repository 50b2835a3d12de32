package affine

import (
	"strconv"
	"strings"
)

// ParseError is a diagnostic from the parser. Offset is the byte offset
// inside the parsed text where MLIR would point its caret, and Msg is MLIR's
// message. Some inputs make MLIR emit further errors after the first one (for
// example "missing operand of negation" after "no expression inside
// parentheses"); those are listed, in order, in Also.
type ParseError struct {
	Offset int
	Msg    string
	Also   []ParseError
}

// Error implements error.
func (e *ParseError) Error() string {
	return "offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// maxNesting bounds the nesting of parentheses and negations so that hostile
// input cannot exhaust the stack. MLIR itself would overflow its stack long
// before inputs this deep.
const maxNesting = 10000

type parser struct {
	src     string
	lex     lexer
	tok     token
	prevEnd int // end offset of the last consumed token
	// bodyEOF makes the end of the text behave like the '>' that follows the
	// body of affine_map<...> in a real file, rather than like the end of an
	// MLIR buffer.
	bodyEOF bool
	diags   []ParseError
	names   map[string]Expr
	nesting int
}

func newParser(src string, bodyEOF bool) *parser {
	p := &parser{src: src, bodyEOF: bodyEOF}
	p.lex = lexer{src: src, onError: func(off int, msg string) {
		p.diags = append(p.diags, ParseError{Offset: off, Msg: msg})
	}}
	p.tok = p.lex.next()
	return p
}

func (p *parser) consume() {
	p.prevEnd = p.tok.end
	p.tok = p.lex.next()
}

func (p *parser) consumeIf(k tokKind) bool {
	if p.tok.kind != k {
		return false
	}
	p.consume()
	return true
}

// errorAt records an error at off (MLIR's Parser::emitError(loc, msg)); it is
// dropped when the current token is a lexer error, which was reported
// already.
func (p *parser) errorAt(off int, msg string) {
	if p.tok.kind == tokError {
		return
	}
	p.diags = append(p.diags, ParseError{Offset: off, Msg: msg})
}

// errorHere is MLIR's Parser::emitError(msg): at the current token.
func (p *parser) errorHere(msg string) {
	off := p.tok.start
	if p.tok.kind == tokEOF && !p.bodyEOF && off > 0 {
		off--
	}
	p.errorAt(off, msg)
}

// wrongToken is MLIR's emitWrongTokenError: the location backs up over
// blanks (and blank or comment-only line ends) to just after the previous
// text.
func (p *parser) wrongToken(msg string) {
	loc := p.tok.start
	if p.tok.kind == tokEOF && !p.bodyEOF && loc > 0 {
		loc--
	}
	buf := p.src[:loc]
	for {
		buf = strings.TrimRight(buf, " \t")
		if buf == "" {
			// In a real file the body follows "affine_map<", so MLIR reports
			// the position right after '<'.
			p.errorAt(0, msg)
			return
		}
		if last := buf[len(buf)-1]; last != '\n' && last != '\r' {
			p.errorAt(len(buf), msg)
			return
		}
		buf = buf[:len(buf)-1]
		prevLine := buf
		if i := strings.LastIndexAny(prevLine, "\n\r"); i >= 0 {
			prevLine = prevLine[i:]
		}
		if c := strings.Index(prevLine, "//"); c >= 0 {
			buf = buf[:len(buf)-(len(prevLine)-c)]
		}
	}
}

func (p *parser) expect(k tokKind, msg string) bool {
	if p.consumeIf(k) {
		return true
	}
	p.wrongToken(msg)
	return false
}

func (p *parser) spelling() string { return p.src[p.tok.start:p.tok.end] }

func (p *parser) isIdentifier() bool {
	switch p.tok.kind {
	case tokBareID, tokFloorDiv, tokCeilDiv, tokMod, tokSymbol:
		return true
	}
	return false
}

// commaList is MLIR's parseCommaSeparatedList with a paren or square
// delimiter.
func (p *parser) commaList(square bool, elt func() bool, context string) bool {
	open, close, openS, closeS := tokLParen, tokRParen, "'('", "')'"
	if square {
		open, close, openS, closeS = tokLSquare, tokRSquare, "'['", "']'"
	}
	if !p.expect(open, "expected "+openS+context) {
		return false
	}
	if p.consumeIf(close) {
		return true
	}
	if !elt() {
		return false
	}
	for p.consumeIf(tokComma) {
		if !elt() {
			return false
		}
	}
	return p.expect(close, "expected "+closeS+context)
}

func (p *parser) defineIdentifier(e Expr) bool {
	if !p.isIdentifier() {
		p.wrongToken("expected bare identifier")
		return false
	}
	name := p.spelling()
	if _, dup := p.names[name]; dup {
		p.errorHere("redefinition of identifier '" + name + "'")
		return false
	}
	p.consume()
	p.names[name] = e
	return true
}

// parseMapOrSet parses "(dims)[syms] -> (results)" or
// "(dims)[syms] : (constraints)".
func (p *parser) parseMapOrSet() (isSet bool, m Map, s Set, ok bool) {
	p.names = map[string]Expr{}
	numDims, numSyms := 0, 0
	if !p.commaList(false, func() bool {
		numDims++
		return p.defineIdentifier(Dim(numDims - 1))
	}, " in dimensional identifier list") {
		return
	}
	if p.tok.kind == tokLSquare {
		if !p.commaList(true, func() bool {
			numSyms++
			return p.defineIdentifier(Sym(numSyms - 1))
		}, " in symbol list") {
			return
		}
	}
	if p.consumeIf(tokArrow) {
		var results []Expr
		if !p.commaList(false, func() bool {
			e := p.parseExpr()
			if !e.IsValid() {
				return false
			}
			results = append(results, e)
			return true
		}, " in affine map range") {
			return
		}
		return false, Map{NumDims: numDims, NumSyms: numSyms, Results: results}, Set{}, true
	}
	if !p.expect(tokColon, "expected '->' or ':'") {
		return
	}
	var cons []Expr
	var eqs []bool
	if !p.commaList(false, func() bool {
		e, eq, ok := p.parseConstraint()
		if ok {
			cons = append(cons, e)
			eqs = append(eqs, eq)
		}
		return ok
	}, " in integer set constraint list") {
		return
	}
	if len(cons) == 0 {
		// No constraints: the degenerate "true" set 0 == 0.
		cons, eqs = []Expr{Const(0)}, []bool{true}
	}
	return true, Map{}, Set{NumDims: numDims, NumSyms: numSyms, Constraints: cons, EqFlags: eqs}, true
}

// parseConstraint parses "e1 >= e2", "e1 <= e2" or "e1 == e2" and
// normalizes it to "e >= 0" or "e == 0".
func (p *parser) parseConstraint() (Expr, bool, bool) {
	lhs := p.parseExpr()
	if !lhs.IsValid() {
		return Expr{}, false, false
	}
	if p.consumeIf(tokGreater) && p.consumeIf(tokEqual) {
		rhs := p.parseExpr()
		return Sub(lhs, rhs), false, rhs.IsValid()
	}
	if p.consumeIf(tokLess) && p.consumeIf(tokEqual) {
		rhs := p.parseExpr()
		return Sub(rhs, lhs), false, rhs.IsValid()
	}
	if p.consumeIf(tokEqual) {
		// `==` is two '=' tokens.
		if p.consumeIf(tokEqual) {
			rhs := p.parseExpr()
			return Sub(lhs, rhs), true, rhs.IsValid()
		}
	}
	p.errorHere("expected '== affine-expr' or '>= affine-expr' at end of affine constraint")
	return Expr{}, false, false
}

type highOp uint8

const (
	hNone highOp = iota
	hMul
	hFloorDiv
	hCeilDiv
	hMod
)

func (p *parser) consumeHigh() highOp {
	var op highOp
	switch p.tok.kind {
	case tokStar:
		op = hMul
	case tokFloorDiv:
		op = hFloorDiv
	case tokCeilDiv:
		op = hCeilDiv
	case tokMod:
		op = hMod
	default:
		return hNone
	}
	p.consume()
	return op
}

// consumeLow consumes '+' or '-' and returns KindAdd for '+', KindMul
// (standing for subtraction) for '-', or KindInvalid.
func (p *parser) consumeLow() ExprKind {
	switch p.tok.kind {
	case tokPlus:
		p.consume()
		return KindAdd
	case tokMinus:
		p.consume()
		return KindMul
	}
	return KindInvalid
}

func lowBinary(op ExprKind, lhs, rhs Expr) Expr {
	if op == KindAdd {
		return Add(lhs, rhs)
	}
	return Sub(lhs, rhs)
}

// highBinary builds a multiplicative operation, reporting non-affine operands
// at opLoc as MLIR does.
func (p *parser) highBinary(op highOp, lhs, rhs Expr, opLoc int) Expr {
	switch op {
	case hMul:
		if !lhs.IsSymbolicOrConstant() && !rhs.IsSymbolicOrConstant() {
			p.errorAt(opLoc, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic")
			return Expr{}
		}
		return Mul(lhs, rhs)
	case hFloorDiv:
		if !rhs.IsSymbolicOrConstant() {
			p.errorAt(opLoc, "non-affine expression: right operand of floordiv has to be either a constant or symbolic")
			return Expr{}
		}
		return FloorDiv(lhs, rhs)
	case hCeilDiv:
		if !rhs.IsSymbolicOrConstant() {
			p.errorAt(opLoc, "non-affine expression: right operand of ceildiv has to be either a constant or symbolic")
			return Expr{}
		}
		return CeilDiv(lhs, rhs)
	}
	if !rhs.IsSymbolicOrConstant() {
		p.errorAt(opLoc, "non-affine expression: right operand of mod has to be either a constant or symbolic")
		return Expr{}
	}
	return Mod(lhs, rhs)
}

// parseExpr parses an affine expression: MLIR's parseAffineLowPrecOpExpr
// with its left-associating recursion turned into a loop.
func (p *parser) parseExpr() Expr {
	var acc Expr // llhs
	accOp := KindInvalid
	for {
		lhs := p.parseOperand(acc)
		if !lhs.IsValid() {
			return Expr{}
		}
		if op := p.consumeLow(); op != KindInvalid {
			if acc.IsValid() {
				acc = lowBinary(accOp, acc, lhs)
			} else {
				acc = lhs
			}
			accOp = op
			continue
		}
		opLoc := p.tok.start
		if hop := p.consumeHigh(); hop != hNone {
			high := p.parseHigh(lhs, hop, opLoc)
			if !high.IsValid() {
				return Expr{}
			}
			expr := high
			if acc.IsValid() {
				expr = lowBinary(accOp, acc, high)
			}
			if op := p.consumeLow(); op != KindInvalid {
				acc, accOp = expr, op
				continue
			}
			return expr
		}
		if acc.IsValid() {
			return lowBinary(accOp, acc, lhs)
		}
		return lhs
	}
}

// parseHigh parses the rest of "llhs op ..." at multiplicative precedence
// (MLIR's parseAffineHighPrecOpExpr as a loop).
func (p *parser) parseHigh(llhs Expr, op highOp, opLoc int) Expr {
	for {
		lhs := p.parseOperand(llhs)
		if !lhs.IsValid() {
			return Expr{}
		}
		loc := p.tok.start
		next := p.consumeHigh()
		if next == hNone {
			return p.highBinary(op, llhs, lhs, opLoc)
		}
		llhs = p.highBinary(op, llhs, lhs, loc)
		if !llhs.IsValid() {
			return Expr{}
		}
		op, opLoc = next, loc
	}
}

// parseOperand is MLIR's parseAffineOperandExpr; lhs is the expression to
// the left of the operator whose operand is parsed, if any.
func (p *parser) parseOperand(lhs Expr) Expr {
	switch p.tok.kind {
	case tokSymbol:
		// symbol(%ssa) is only valid where SSA ids are allowed.
		p.consume()
		if !p.expect(tokLParen, "expected '(' at start of SSA symbol") {
			return Expr{}
		}
		p.wrongToken("unexpected ssa identifier")
		return Expr{}
	case tokPercentID:
		p.wrongToken("unexpected ssa identifier")
		return Expr{}
	case tokInteger:
		return p.parseInteger()
	case tokLParen:
		return p.parseParen()
	case tokMinus:
		return p.parseNegate(lhs)
	case tokPlus, tokStar:
		if lhs.IsValid() {
			p.errorHere("missing right operand of binary operator")
		} else {
			p.errorHere("missing left operand of binary operator")
		}
		return Expr{}
	}
	if p.isIdentifier() {
		e, ok := p.names[p.spelling()]
		if !ok {
			p.wrongToken("use of undeclared identifier")
			return Expr{}
		}
		p.consume()
		return e
	}
	if lhs.IsValid() {
		p.errorHere("missing right operand of binary operator")
	} else {
		p.errorHere("expected affine expression")
	}
	return Expr{}
}

func (p *parser) parseInteger() Expr {
	s := p.spelling()
	var v uint64
	var err error
	if len(s) > 1 && s[1] == 'x' {
		v, err = strconv.ParseUint(s[2:], 16, 64)
	} else {
		v, err = strconv.ParseUint(s, 10, 64)
	}
	if err != nil || v > 1<<63-1 {
		p.errorHere("constant too large for index")
		return Expr{}
	}
	p.consume()
	return Const(int64(v))
}

func (p *parser) enter() bool {
	p.nesting++
	if p.nesting > maxNesting {
		p.errorHere("affine expression nested too deeply")
		return false
	}
	return true
}

func (p *parser) parseParen() Expr {
	p.consume() // '('
	if p.tok.kind == tokRParen {
		p.errorHere("no expression inside parentheses")
		return Expr{}
	}
	if !p.enter() {
		return Expr{}
	}
	e := p.parseExpr()
	p.nesting--
	if !e.IsValid() || !p.expect(tokRParen, "expected ')'") {
		return Expr{}
	}
	return e
}

func (p *parser) parseNegate(lhs Expr) Expr {
	p.consume() // '-'
	if !p.enter() {
		return Expr{}
	}
	operand := p.parseOperand(lhs)
	p.nesting--
	if !operand.IsValid() {
		p.errorHere("missing operand of negation")
		return Expr{}
	}
	return Mul(operand, Const(-1))
}

func (p *parser) failure() *ParseError {
	if len(p.diags) == 0 {
		// Cannot happen: every failure path records a diagnostic. Keep a
		// sensible error anyway.
		return &ParseError{Offset: p.tok.start, Msg: "invalid affine structure"}
	}
	e := p.diags[0]
	if len(p.diags) > 1 {
		e.Also = append([]ParseError(nil), p.diags[1:]...)
	}
	return &e
}

// parseBody parses a whole body and checks that nothing follows it. want
// selects what the caller expects: 'm' (map), 's' (set) or 0 (either).
func parseBody(text string, want byte) (bool, Map, Set, *ParseError) {
	p := newParser(text, true)
	start := p.tok.start
	isSet, m, s, ok := p.parseMapOrSet()
	if !ok {
		return false, Map{}, Set{}, p.failure()
	}
	switch {
	case want == 'm' && isSet:
		p.errorAt(start, "expected AffineMap, but got IntegerSet")
	case want == 's' && !isSet:
		p.errorAt(start, "expected IntegerSet, but got AffineMap")
	case p.tok.kind != tokEOF:
		switch want {
		case 'm':
			p.wrongToken("expected '>' in affine map")
		case 's':
			p.wrongToken("expected '>' in integer set")
		default:
			p.wrongToken("encountered unexpected token")
		}
	}
	if len(p.diags) > 0 {
		return false, Map{}, Set{}, p.failure()
	}
	return isSet, m, s, nil
}

// ParseMap parses the body of affine_map<...>, e.g.
// "(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)". Identifier names are free
// (any bare identifier bound in the dim and symbol lists). The expressions
// are built with the simplifying constructors, exactly as MLIR builds them.
// Errors are *ParseError with offsets into text and MLIR's messages, as
// MLIR reports them for affine_map<text> in a file.
func ParseMap(text string) (Map, error) {
	_, m, _, err := parseBody(text, 'm')
	if err != nil {
		return Map{}, err
	}
	return m, nil
}

// ParseSet parses the body of affine_set<...>, e.g.
// "(d0)[s0] : (d0 - s0 >= 0, d0 == 2)". Constraints "a >= b", "a <= b" and
// "a == b" are normalized to "a - b >= 0", "b - a >= 0" and "a - b == 0"; an
// empty constraint list gives the set "0 == 0".
func ParseSet(text string) (Set, error) {
	_, _, s, err := parseBody(text, 's')
	if err != nil {
		return Set{}, err
	}
	return s, nil
}

// ParseMapOrSet parses text that is either an affine map or an integer set
// (MLIR's parseAffineMapOrIntegerSetReference) and reports which it was.
func ParseMapOrSet(text string) (isSet bool, m Map, s Set, err error) {
	isSet, m, s, perr := parseBody(text, 0)
	if perr != nil {
		return false, Map{}, Set{}, perr
	}
	return isSet, m, s, nil
}

// ParseMapOrSetPrefix parses an affine map or integer set at the start of
// text and stops after it, returning in n the offset just past its last
// token; text may continue with anything (typically the closing '>' of
// affine_map<...> and the rest of the file). Use it when the end of the body
// is not known in advance. Errors point into text; the end of text is
// treated as the end of an MLIR buffer.
func ParseMapOrSetPrefix(text string) (isSet bool, m Map, s Set, n int, err error) {
	p := newParser(text, false)
	isSet, m, s, ok := p.parseMapOrSet()
	if !ok {
		return false, Map{}, Set{}, 0, p.failure()
	}
	// Diagnostics recorded while lexing the token after the structure belong
	// to whatever follows; the caller lexes it again.
	return isSet, m, s, p.prevEnd, nil
}
