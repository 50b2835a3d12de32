package irdl

import (
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types of the definition language.
const (
	tokEOF   lexer.TokenType = lexer.EOF
	tokIdent lexer.TokenType = iota + 1
	tokInt
	tokString
	tokRawString
	tokTypeLit
	tokAttrLit
	tokPunct
	tokFloat
)

// defLexer is the hand-written lexer of the definition language, plugged
// into participle. It knows MLIR type and attribute literals (`!toy.t<...>`,
// `#toy.a<...>`), whose angle brackets are balanced, which a regular
// expression lexer cannot do.
type defLexer struct{}

// Symbols builds the map each time: participle calls it while package
// variables are being initialized.
func (defLexer) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": tokEOF, "Ident": tokIdent, "Int": tokInt, "String": tokString,
		"RawString": tokRawString, "TypeLit": tokTypeLit, "AttrLit": tokAttrLit, "Punct": tokPunct, "Float": tokFloat,
	}
}

func (d defLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

func (defLexer) LexString(filename, s string) (lexer.Lexer, error) {
	return &lexState{src: s, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}, nil
}

func (d defLexer) LexBytes(filename string, b []byte) (lexer.Lexer, error) {
	return d.LexString(filename, string(b))
}

type lexState struct {
	src string
	off int
	pos lexer.Position
}

func (l *lexState) advance(n int) {
	for i := 0; i < n; i++ {
		if l.src[l.off] == '\n' {
			l.pos.Line++
			l.pos.Column = 1
		} else {
			l.pos.Column++
		}
		l.off++
	}
	l.pos.Offset = l.off
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func (l *lexState) errorf(pos lexer.Position, format string, args ...any) error {
	return &lexer.Error{Msg: fmt.Sprintf(format, args...), Pos: pos}
}

func (l *lexState) Next() (lexer.Token, error) {
	// Skip blanks and comments.
	for l.off < len(l.src) {
		c := l.src[l.off]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			l.advance(1)
			continue
		}
		if strings.HasPrefix(l.src[l.off:], "//") {
			n := strings.IndexByte(l.src[l.off:], '\n')
			if n < 0 {
				n = len(l.src) - l.off
			}
			l.advance(n)
			continue
		}
		break
	}
	start := l.pos
	if l.off >= len(l.src) {
		return lexer.EOFToken(start), nil
	}
	s := l.src[l.off:]
	c := s[0]
	tok := func(t lexer.TokenType, n int) (lexer.Token, error) {
		v := s[:n]
		l.advance(n)
		return lexer.Token{Type: t, Value: v, Pos: start}, nil
	}
	switch {
	case isIdentStart(c):
		// A dot followed by a letter or digit continues the identifier, so
		// that op names such as `mlir.constant`, `intr.sqrt` or
		// `mfma.f32.32x32x8f16` are one token.
		n := 1
		for n < len(s) && (isIdentChar(s[n]) || s[n] == '.' && n+1 < len(s) && isIdentChar(s[n+1])) {
			n++
		}
		return tok(tokIdent, n)
	case c >= '0' && c <= '9' || c == '-' && len(s) > 1 && s[1] >= '0' && s[1] <= '9':
		n := 1
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if n+1 < len(s) && s[n] == '.' && s[n+1] >= '0' && s[n+1] <= '9' {
			n++
			for n < len(s) && s[n] >= '0' && s[n] <= '9' {
				n++
			}
			if n < len(s) && (s[n] == 'e' || s[n] == 'E') {
				m := n + 1
				if m < len(s) && (s[m] == '+' || s[m] == '-') {
					m++
				}
				if m < len(s) && s[m] >= '0' && s[m] <= '9' {
					n = m
					for n < len(s) && s[n] >= '0' && s[n] <= '9' {
						n++
					}
				}
			}
			return tok(tokFloat, n)
		}
		return tok(tokInt, n)
	case c == '"':
		n := 1
		for n < len(s) && s[n] != '"' {
			if s[n] == '\\' {
				n++
			}
			if n < len(s) && s[n] == '\n' {
				return lexer.Token{}, l.errorf(start, "unterminated string")
			}
			n++
		}
		if n >= len(s) {
			return lexer.Token{}, l.errorf(start, "unterminated string")
		}
		return tok(tokString, n+1)
	case c == '`':
		n := strings.IndexByte(s[1:], '`')
		if n < 0 {
			return lexer.Token{}, l.errorf(start, "unterminated raw string")
		}
		return tok(tokRawString, n+2)
	case c == '!' || c == '#':
		n := 1
		for n < len(s) && (isIdentChar(s[n]) || s[n] == '.' || s[n] == '$') {
			n++
		}
		if n == 1 {
			return lexer.Token{}, l.errorf(start, "expected a name after '%c'", c)
		}
		if n < len(s) && s[n] == '<' {
			m, err := balanced(s[n:])
			if err != "" {
				return lexer.Token{}, l.errorf(start, "%s", err)
			}
			n += m
		}
		if c == '!' {
			return tok(tokTypeLit, n)
		}
		return tok(tokAttrLit, n)
	case strings.ContainsRune("{}()[]<>,:=|?*", rune(c)):
		return tok(tokPunct, 1)
	}
	return lexer.Token{}, l.errorf(start, "unexpected character %q", c)
}

// balanced returns the length of the `<...>` group at the start of s,
// skipping string literals and matching nested brackets.
func balanced(s string) (int, string) {
	var stack []byte
	closer := map[byte]byte{'<': '>', '(': ')', '[': ']', '{': '}'}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '<', '(', '[', '{':
			stack = append(stack, closer[c])
		case '>', ')', ']', '}':
			if c == '>' && i > 0 && s[i-1] == '-' {
				continue // the arrow of a function type
			}
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return 0, "unbalanced '<' in literal"
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i + 1, ""
			}
		case '"':
			i++
			for i < len(s) && s[i] != '"' && s[i] != '\n' {
				if s[i] == '\\' {
					i++
				}
				i++
			}
		case '\n':
			return 0, "unbalanced '<' in literal"
		}
	}
	return 0, "unbalanced '<' in literal"
}
