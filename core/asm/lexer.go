package asm

// TokenKind classifies a token.
type TokenKind uint8

// The token kinds of the MLIR textual format.
const (
	TokEOF TokenKind = iota
	TokError
	TokBareIdent    // foo, i32, dense, ...
	TokAtIdent      // @foo or @"foo"
	TokHashIdent    // #foo
	TokPercentIdent // %foo
	TokCaretIdent   // ^bb0
	TokExclIdent    // !foo
	TokInteger      // 42, 0x2A
	TokFloat        // 1.5e3
	TokString       // "..."
	TokArrow        // ->
	TokColon
	TokComma
	TokEllipsis
	TokEqual
	TokGreater
	TokLBrace
	TokLParen
	TokLSquare
	TokLess
	TokMinus
	TokPlus
	TokQuestion
	TokRBrace
	TokRParen
	TokRSquare
	TokStar
	TokVerticalBar
	TokFileMetadataBegin // {-#
	TokFileMetadataEnd   // #-}
)

var tokNames = [...]string{"end of file", "error", "identifier", "symbol", "'#' identifier", "SSA value",
	"block name", "'!' identifier", "integer", "float", "string", "'->'", "':'", "','", "'...'", "'='",
	"'>'", "'{'", "'('", "'['", "'<'", "'-'", "'+'", "'?'", "'}'", "')'", "']'", "'*'", "'|'", "'{-#'", "'#-}'"}

func (k TokenKind) String() string { return tokNames[k] }

// Token is a lexed token: its kind and byte range in the buffer.
type Token struct {
	Kind       TokenKind
	Start, End int
}

// lexer is the hand-written MLIR lexer. It tracks line starts so that byte
// offsets map to line and column cheaply.
type lexer struct {
	buf []byte
	pos int
	// errMsg is set when the last token is TokError.
	errMsg string
	errPos int
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHex(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
func isBareIdentChar(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.'
}
func isSuffixIdentChar(c byte) bool { return isBareIdentChar(c) || c == '-' }

func (l *lexer) errorf(pos int, msg string) Token {
	l.errMsg = msg
	l.errPos = pos
	return Token{Kind: TokError, Start: pos, End: pos}
}

// next lexes the next token.
func (l *lexer) next() Token {
	buf := l.buf
	for {
		if l.pos >= len(buf) {
			return Token{Kind: TokEOF, Start: len(buf), End: len(buf)}
		}
		start := l.pos
		c := buf[l.pos]
		l.pos++
		switch c {
		case ' ', '\t', '\n', '\r', 0:
			continue
		case '/':
			if l.pos < len(buf) && buf[l.pos] == '/' {
				for l.pos < len(buf) && buf[l.pos] != '\n' && buf[l.pos] != '\r' {
					l.pos++
				}
				continue
			}
			return l.errorf(start, "unexpected character")
		case ':':
			return Token{TokColon, start, l.pos}
		case ',':
			return Token{TokComma, start, l.pos}
		case '.':
			if l.pos+1 < len(buf) && buf[l.pos] == '.' && buf[l.pos+1] == '.' {
				l.pos += 2
				return Token{TokEllipsis, start, l.pos}
			}
			// MLIR points past the first dot.
			return l.errorf(l.pos, "expected three consecutive dots for an ellipsis")
		case '(':
			return Token{TokLParen, start, l.pos}
		case ')':
			return Token{TokRParen, start, l.pos}
		case '{':
			if l.pos+1 < len(buf) && buf[l.pos] == '-' && buf[l.pos+1] == '#' {
				l.pos += 2
				return Token{TokFileMetadataBegin, start, l.pos}
			}
			return Token{TokLBrace, start, l.pos}
		case '}':
			return Token{TokRBrace, start, l.pos}
		case '[':
			return Token{TokLSquare, start, l.pos}
		case ']':
			return Token{TokRSquare, start, l.pos}
		case '<':
			return Token{TokLess, start, l.pos}
		case '>':
			return Token{TokGreater, start, l.pos}
		case '=':
			return Token{TokEqual, start, l.pos}
		case '+':
			return Token{TokPlus, start, l.pos}
		case '*':
			return Token{TokStar, start, l.pos}
		case '?':
			return Token{TokQuestion, start, l.pos}
		case '|':
			return Token{TokVerticalBar, start, l.pos}
		case '-':
			if l.pos < len(buf) && buf[l.pos] == '>' {
				l.pos++
				return Token{TokArrow, start, l.pos}
			}
			return Token{TokMinus, start, l.pos}
		case '"':
			return l.lexString(start)
		case '@':
			return l.lexAtIdent(start)
		case '#':
			if l.pos+1 < len(buf) && buf[l.pos] == '-' && buf[l.pos+1] == '}' {
				l.pos += 2
				return Token{TokFileMetadataEnd, start, l.pos}
			}
			return l.lexPrefixed(start, TokHashIdent, "invalid attribute name")
		case '%':
			return l.lexPrefixed(start, TokPercentIdent, "invalid SSA name")
		case '^':
			return l.lexPrefixed(start, TokCaretIdent, "invalid block name")
		case '!':
			return l.lexPrefixed(start, TokExclIdent, "invalid type identifier")
		default:
			if isLetter(c) || c == '_' {
				for l.pos < len(buf) && isBareIdentChar(buf[l.pos]) {
					l.pos++
				}
				return Token{TokBareIdent, start, l.pos}
			}
			if isDigit(c) {
				return l.lexNumber(start)
			}
			return l.errorf(start, "unexpected character")
		}
	}
}

func (l *lexer) lexNumber(start int) Token {
	buf := l.buf
	// Hex integer: 0x followed by at least one hex digit.
	if buf[start] == '0' && l.pos+1 < len(buf) && buf[l.pos] == 'x' && isHex(buf[l.pos+1]) {
		l.pos += 2
		for l.pos < len(buf) && isHex(buf[l.pos]) {
			l.pos++
		}
		return Token{TokInteger, start, l.pos}
	}
	for l.pos < len(buf) && isDigit(buf[l.pos]) {
		l.pos++
	}
	if l.pos >= len(buf) || buf[l.pos] != '.' {
		return Token{TokInteger, start, l.pos}
	}
	l.pos++
	for l.pos < len(buf) && isDigit(buf[l.pos]) {
		l.pos++
	}
	if l.pos < len(buf) && (buf[l.pos] == 'e' || buf[l.pos] == 'E') {
		p := l.pos + 1
		if p < len(buf) && (buf[p] == '+' || buf[p] == '-') {
			p++
		}
		if p < len(buf) && isDigit(buf[p]) {
			l.pos = p
			for l.pos < len(buf) && isDigit(buf[l.pos]) {
				l.pos++
			}
		}
	}
	return Token{TokFloat, start, l.pos}
}

func (l *lexer) lexString(start int) Token {
	buf := l.buf
	for {
		// As MLIR, an unterminated string is reported where it ends: at
		// the end of the line or of the buffer.
		if l.pos >= len(buf) {
			return l.errorf(l.pos, "expected '\"' in string literal")
		}
		c := buf[l.pos]
		l.pos++
		switch c {
		case '"':
			return Token{TokString, start, l.pos}
		case '\n', '\v', '\f':
			return l.errorf(l.pos-1, "expected '\"' in string literal")
		case '\\':
			if l.pos >= len(buf) {
				return l.errorf(l.pos-1, "unknown escape in string literal")
			}
			e := buf[l.pos]
			if e == '"' || e == '\\' || e == 'n' || e == 't' {
				l.pos++
				continue
			}
			if l.pos+1 < len(buf) && isHex(e) && isHex(buf[l.pos+1]) {
				l.pos += 2
				continue
			}
			return l.errorf(l.pos-1, "unknown escape in string literal")
		}
	}
}

func (l *lexer) lexAtIdent(start int) Token {
	buf := l.buf
	if l.pos < len(buf) && buf[l.pos] == '"' {
		l.pos++
		t := l.lexString(l.pos - 1)
		if t.Kind == TokError {
			return t
		}
		return Token{TokAtIdent, start, l.pos}
	}
	if l.pos >= len(buf) || !(isLetter(buf[l.pos]) || buf[l.pos] == '_') {
		return l.errorf(start+1, "@ identifier expected to start with letter or '_'")
	}
	for l.pos < len(buf) && isBareIdentChar(buf[l.pos]) {
		l.pos++
	}
	return Token{TokAtIdent, start, l.pos}
}

func (l *lexer) lexPrefixed(start int, kind TokenKind, errMsg string) Token {
	buf := l.buf
	if l.pos < len(buf) && isDigit(buf[l.pos]) {
		for l.pos < len(buf) && isDigit(buf[l.pos]) {
			l.pos++
		}
		return Token{kind, start, l.pos}
	}
	if l.pos < len(buf) && (isLetter(buf[l.pos]) || buf[l.pos] == '$' || buf[l.pos] == '.' || buf[l.pos] == '_' || buf[l.pos] == '-') {
		l.pos++
		for l.pos < len(buf) && isSuffixIdentChar(buf[l.pos]) {
			l.pos++
		}
		return Token{kind, start, l.pos}
	}
	return l.errorf(start, errMsg)
}
