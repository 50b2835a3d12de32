package affine

// This file holds a lexer that splits text into tokens the way MLIR's
// AsmParser Lexer does, as far as the affine parser can observe.

type tokKind uint8

const (
	tokEOF tokKind = iota
	tokError
	tokBareID // bare identifier, keyword or integer type: all usable as identifiers
	tokFloorDiv
	tokCeilDiv
	tokMod
	tokSymbol
	tokInteger
	tokFloat
	tokLParen
	tokRParen
	tokLSquare
	tokRSquare
	tokComma
	tokColon
	tokArrow
	tokMinus
	tokPlus
	tokStar
	tokGreater
	tokLess
	tokEqual
	tokPercentID
	tokOther // any other valid MLIR token (strings, @id, #id, braces, ...)
)

type token struct {
	kind       tokKind
	start, end int
}

type lexer struct {
	src string
	pos int
	// onError receives lexer diagnostics.
	onError func(off int, msg string)
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isHex(c byte) bool   { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// at returns the byte at i, or 0 past the end (like MLIR's NUL-terminated
// buffers).
func (l *lexer) at(i int) byte {
	if i < len(l.src) {
		return l.src[i]
	}
	return 0
}

func (l *lexer) errorTok(start, at int, msg string) token {
	l.onError(at, msg)
	return token{kind: tokError, start: start, end: l.pos}
}

func (l *lexer) next() token {
	for {
		start := l.pos
		if start >= len(l.src) {
			return token{kind: tokEOF, start: len(l.src), end: len(l.src)}
		}
		c := l.src[start]
		l.pos++
		tok := func(k tokKind) token { return token{kind: k, start: start, end: l.pos} }
		switch c {
		case ' ', '\t', '\n', '\r', 0:
			continue
		case ':':
			return tok(tokColon)
		case ',':
			return tok(tokComma)
		case '(':
			return tok(tokLParen)
		case ')':
			return tok(tokRParen)
		case '[':
			return tok(tokLSquare)
		case ']':
			return tok(tokRSquare)
		case '<':
			return tok(tokLess)
		case '>':
			return tok(tokGreater)
		case '=':
			return tok(tokEqual)
		case '+':
			return tok(tokPlus)
		case '*':
			return tok(tokStar)
		case '}', '?', '|':
			return tok(tokOther)
		case '{':
			if l.at(l.pos) == '-' && l.at(l.pos+1) == '#' {
				l.pos += 2
			}
			return tok(tokOther)
		case '-':
			if l.at(l.pos) == '>' {
				l.pos++
				return tok(tokArrow)
			}
			return tok(tokMinus)
		case '.':
			if l.at(l.pos) != '.' || l.at(l.pos+1) != '.' {
				return l.errorTok(start, l.pos, "expected three consecutive dots for an ellipsis")
			}
			l.pos += 2
			return tok(tokOther)
		case '/':
			if l.at(l.pos) == '/' {
				for l.pos < len(l.src) && l.src[l.pos] != '\n' && l.src[l.pos] != '\r' {
					l.pos++
				}
				continue
			}
			return tok(tokOther) // Token::slash
		case '@':
			return l.lexAtIdentifier(start)
		case '#':
			if l.at(l.pos) == '-' && l.at(l.pos+1) == '}' {
				l.pos += 2
				return tok(tokOther)
			}
			return l.lexPrefixed(start)
		case '!', '^', '%':
			return l.lexPrefixed(start)
		case '"':
			return l.lexString(start)
		}
		if isDigit(c) {
			return l.lexNumber(start)
		}
		if isAlpha(c) || c == '_' {
			return l.lexBareID(start)
		}
		return l.errorTok(start, start, "unexpected character")
	}
}

func (l *lexer) lexBareID(start int) token {
	for p := l.at(l.pos); isAlpha(p) || isDigit(p) || p == '_' || p == '$' || p == '.'; p = l.at(l.pos) {
		l.pos++
	}
	t := token{kind: tokBareID, start: start, end: l.pos}
	switch l.src[start:l.pos] {
	case "floordiv":
		t.kind = tokFloorDiv
	case "ceildiv":
		t.kind = tokCeilDiv
	case "mod":
		t.kind = tokMod
	case "symbol":
		t.kind = tokSymbol
	}
	return t
}

func (l *lexer) lexNumber(start int) token {
	if l.src[start] == '0' && l.at(l.pos) == 'x' {
		// "0xi32" is the integer 0 followed by the identifier xi32.
		if !isHex(l.at(l.pos + 1)) {
			return token{kind: tokInteger, start: start, end: l.pos}
		}
		l.pos += 2
		for isHex(l.at(l.pos)) {
			l.pos++
		}
		return token{kind: tokInteger, start: start, end: l.pos}
	}
	for isDigit(l.at(l.pos)) {
		l.pos++
	}
	if l.at(l.pos) != '.' {
		return token{kind: tokInteger, start: start, end: l.pos}
	}
	l.pos++
	for isDigit(l.at(l.pos)) {
		l.pos++
	}
	if e := l.at(l.pos); e == 'e' || e == 'E' {
		n1, n2 := l.at(l.pos+1), l.at(l.pos+2)
		if isDigit(n1) || (n1 == '-' || n1 == '+') && isDigit(n2) {
			l.pos += 2
			for isDigit(l.at(l.pos)) {
				l.pos++
			}
		}
	}
	return token{kind: tokFloat, start: start, end: l.pos}
}

func (l *lexer) lexAtIdentifier(start int) token {
	c := l.at(l.pos)
	l.pos++
	if c == '"' {
		t := l.lexString(l.pos - 1)
		if t.kind == tokError {
			return t
		}
		return token{kind: tokOther, start: start, end: l.pos}
	}
	if !isAlpha(c) && c != '_' {
		return l.errorTok(start, l.pos-1, "@ identifier expected to start with letter or '_'")
	}
	for p := l.at(l.pos); isAlpha(p) || isDigit(p) || p == '_' || p == '$' || p == '.'; p = l.at(l.pos) {
		l.pos++
	}
	return token{kind: tokOther, start: start, end: l.pos}
}

func isPunct(c byte) bool { return c == '$' || c == '.' || c == '_' || c == '-' }

func (l *lexer) lexPrefixed(start int) token {
	kind, msg := tokOther, ""
	switch l.src[start] {
	case '#':
		msg = "invalid attribute name"
	case '%':
		kind, msg = tokPercentID, "invalid SSA name"
	case '^':
		msg = "invalid block name"
	default:
		msg = "invalid type identifier"
	}
	c := l.at(l.pos)
	switch {
	case isDigit(c):
		for isDigit(l.at(l.pos)) {
			l.pos++
		}
	case isAlpha(c) || isPunct(c):
		for p := l.at(l.pos); isAlpha(p) || isDigit(p) || isPunct(p); p = l.at(l.pos) {
			l.pos++
		}
	default:
		return l.errorTok(start, l.pos-1, msg)
	}
	return token{kind: kind, start: start, end: l.pos}
}

func (l *lexer) lexString(start int) token {
	for {
		if l.pos >= len(l.src) {
			return l.errorTok(start, len(l.src), "expected '\"' in string literal")
		}
		c := l.src[l.pos]
		l.pos++
		switch c {
		case '"':
			return token{kind: tokOther, start: start, end: l.pos}
		case '\n', '\v', '\f':
			return l.errorTok(start, l.pos-1, "expected '\"' in string literal")
		case '\\':
			n := l.at(l.pos)
			switch {
			case n == '"' || n == '\\' || n == 'n' || n == 't':
				l.pos++
			case isHex(n) && isHex(l.at(l.pos+1)):
				l.pos += 2
			default:
				return l.errorTok(start, l.pos-1, "unknown escape in string literal")
			}
		}
	}
}
