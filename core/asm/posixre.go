package asm

import (
	"regexp"
	"strings"
)

// The messages of the POSIX regcomp errors, as LLVM's regerror words them.
const (
	reErrCtype   = "invalid character class"
	reErrEscape  = "trailing backslash (\\)"
	reErrBrack   = "brackets ([ ]) not balanced"
	reErrParen   = "parentheses not balanced"
	reErrBrace   = "braces not balanced"
	reErrBadBr   = "invalid repetition count(s)"
	reErrRange   = "invalid character range"
	reErrBadRpt  = "repetition-operator operand invalid"
	reErrEmpty   = "empty (sub)expression"
	reErrCollate = "invalid collating element"
)

// posixDupMax is the largest repetition count of a POSIX regex.
const posixDupMax = 255

var posixClasses = map[string]bool{
	"alnum": true, "alpha": true, "blank": true, "cntrl": true, "digit": true, "graph": true,
	"lower": true, "print": true, "punct": true, "space": true, "upper": true, "xdigit": true,
}

// posixERE translates a POSIX extended regular expression, as LLVM's
// Regex reads one, into Go's syntax (to be used with the s flag, as `.`
// matches a newline there). It returns the regcomp error message of the
// first problem instead when re is not valid. A backslash makes the
// character after it literal, a letter or digit included.
func posixERE(re string) (string, string) {
	p := &posixParser{s: re}
	p.ere(0)
	if p.err == "" && p.i < len(p.s) {
		// Only an unmatched ')' stops the top level early.
		p.err = reErrParen
	}
	if p.err != "" {
		return "", p.err
	}
	return p.out.String(), ""
}

type posixParser struct {
	s   string
	i   int
	out strings.Builder
	err string
}

func (p *posixParser) more() bool { return p.err == "" && p.i < len(p.s) }
func (p *posixParser) peek() byte { return p.s[p.i] }
func (p *posixParser) see(c byte) bool {
	return p.more() && p.s[p.i] == c
}
func (p *posixParser) fail(msg string) {
	if p.err == "" {
		p.err = msg
	}
}

// ere reads alternatives up to stop (0: the end).
func (p *posixParser) ere(stop byte) {
	for {
		start := p.i
		for p.more() && p.peek() != '|' && p.peek() != stop {
			if stop == 0 && p.peek() == ')' {
				p.fail(reErrParen)
				return
			}
			p.exp()
		}
		if p.err != "" {
			return
		}
		if p.i == start {
			p.fail(reErrEmpty)
			return
		}
		if !p.see('|') {
			return
		}
		p.i++
		p.out.WriteByte('|')
	}
}

// exp reads one atom and its repetition.
func (p *posixParser) exp() {
	c := p.s[p.i]
	p.i++
	switch c {
	case '(':
		if !p.more() {
			p.fail(reErrParen)
			return
		}
		p.out.WriteByte('(')
		if !p.see(')') {
			p.ere(')')
		}
		if !p.see(')') {
			p.fail(reErrParen)
			return
		}
		p.i++
		p.out.WriteByte(')')
	case '^', '$', '.':
		p.out.WriteByte(c)
	case '*', '+', '?':
		p.fail(reErrBadRpt)
		return
	case '{':
		if p.more() && isDigit(p.peek()) {
			p.fail(reErrBadRpt)
			return
		}
		p.out.WriteString(`\{`)
	case '[':
		p.bracket()
	case '\\':
		if !p.more() {
			p.fail(reErrEscape)
			return
		}
		p.literal(p.s[p.i])
		p.i++
	default:
		p.literal(c)
	}
	if p.err != "" || !p.more() {
		return
	}
	isRep := func() bool {
		c := p.peek()
		return c == '*' || c == '+' || c == '?' || (c == '{' && p.i+1 < len(p.s) && isDigit(p.s[p.i+1]))
	}
	if !isRep() {
		return
	}
	c = p.peek()
	p.i++
	if c != '{' {
		p.out.WriteByte(c)
	} else {
		lo := p.count()
		hi := lo
		p.out.WriteString("{" + lo.text)
		if p.see(',') {
			p.i++
			p.out.WriteByte(',')
			hi = countVal{n: -1}
			if p.more() && isDigit(p.peek()) {
				hi = p.count()
				if p.err == "" && lo.n > hi.n {
					p.fail(reErrBadBr)
				}
				p.out.WriteString(hi.text)
			}
		}
		if p.err != "" {
			return
		}
		if !p.see('}') {
			for p.more() && p.peek() != '}' {
				p.i++
			}
			if !p.more() {
				p.fail(reErrBrace)
			}
			p.fail(reErrBadBr)
			return
		}
		p.i++
		p.out.WriteByte('}')
	}
	if p.more() && isRep() {
		p.fail(reErrBadRpt)
	}
}

type countVal struct {
	n    int
	text string
}

// count reads a repetition count.
func (p *posixParser) count() countVal {
	start, n := p.i, 0
	for p.more() && isDigit(p.peek()) && n <= posixDupMax {
		n = n*10 + int(p.peek()-'0')
		p.i++
	}
	if p.i == start || n > posixDupMax {
		p.fail(reErrBadBr)
	}
	return countVal{n: n, text: p.s[start:p.i]}
}

func (p *posixParser) literal(c byte) {
	p.out.WriteString(regexp.QuoteMeta(string(c)))
}

// bracket reads a bracket expression after its '['.
func (p *posixParser) bracket() {
	if strings.HasPrefix(p.s[p.i:], "[:<:]]") || strings.HasPrefix(p.s[p.i:], "[:>:]]") {
		p.i += 6
		p.out.WriteString(`\b`)
		return
	}
	p.out.WriteByte('[')
	if p.see('^') {
		p.i++
		p.out.WriteByte('^')
	}
	if p.see(']') || p.see('-') {
		p.out.WriteString(regexp.QuoteMeta(string(p.peek())))
		p.i++
	}
	for p.more() && p.peek() != ']' && !strings.HasPrefix(p.s[p.i:], "-]") {
		p.term()
	}
	if p.see('-') {
		p.i++
		p.out.WriteString(`\-`)
	}
	if !p.see(']') {
		p.fail(reErrBrack)
		return
	}
	p.i++
	p.out.WriteByte(']')
}

// term reads one element of a bracket expression.
func (p *posixParser) term() {
	c := p.peek()
	if c == '-' {
		p.fail(reErrRange)
		return
	}
	if c == '[' && p.i+1 < len(p.s) && (p.s[p.i+1] == ':' || p.s[p.i+1] == '=') {
		kind := p.s[p.i+1]
		p.i += 2
		if !p.more() {
			p.fail(reErrBrack)
			return
		}
		bad := reErrCtype
		if kind == '=' {
			bad = reErrCollate
		}
		if p.peek() == '-' || p.peek() == ']' {
			p.fail(bad)
			return
		}
		start := p.i
		for p.more() && p.peek() != kind {
			p.i++
		}
		name := p.s[start:p.i]
		if kind == ':' && !posixClasses[name] {
			p.fail(reErrCtype)
			return
		}
		if !p.more() {
			p.fail(reErrBrack)
			return
		}
		if !strings.HasPrefix(p.s[p.i:], string(kind)+"]") {
			p.fail(bad)
			return
		}
		p.i += 2
		if kind == ':' {
			p.out.WriteString("[:" + name + ":]")
		} else {
			p.out.WriteString(regexp.QuoteMeta(name))
		}
		return
	}
	start := p.symbol()
	finish := start
	if p.see('-') && p.i+1 < len(p.s) && p.s[p.i+1] != ']' {
		p.i++
		if p.see('-') {
			p.i++
			finish = '-'
		} else {
			finish = p.symbol()
		}
	}
	if p.err != "" {
		return
	}
	if start > finish {
		p.fail(reErrRange)
		return
	}
	p.out.WriteString(regexp.QuoteMeta(string(rune(start))))
	if finish != start {
		p.out.WriteString("-" + regexp.QuoteMeta(string(rune(finish))))
	}
}

// symbol reads one character of a bracket expression.
func (p *posixParser) symbol() byte {
	if !p.more() {
		p.fail(reErrBrack)
		return 0
	}
	if strings.HasPrefix(p.s[p.i:], "[.") {
		p.i += 2
		if !p.more() {
			p.fail(reErrBrack)
			return 0
		}
		c := p.peek()
		p.i++
		if !strings.HasPrefix(p.s[p.i:], ".]") {
			p.fail(reErrCollate)
			return 0
		}
		p.i += 2
		return c
	}
	c := p.peek()
	p.i++
	return c
}
