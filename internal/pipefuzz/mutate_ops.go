package pipefuzz

import (
	"math/big"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
)

// typedInt matches an integer literal with its integer type, as in an
// attribute (`4 : i64`, `-1 : si8`, `7 : index`).
var typedInt = regexp.MustCompile(`(?:^|[^\w%@#^!$.\-])(-?[0-9]+) : (i|si|ui)([0-9]+)\b`)

// mutateBound sets a typed integer literal to a boundary value of its
// width: the signed and unsigned extremes, and one past them, which a
// parser must reject with a diagnostic.
func mutateBound(r *rand.Rand, text string) (string, string, bool) {
	ms := typedInt.FindAllStringSubmatchIndex(text, -1)
	if len(ms) == 0 {
		return "", "", false
	}
	m := pick(r, ms)
	width, err := strconv.Atoi(text[m[6]:m[7]])
	if err != nil || width == 0 || width > 256 {
		return "", "", false
	}
	one := big.NewInt(1)
	pow := func(n int) *big.Int { return new(big.Int).Lsh(one, uint(n)) }
	half, full := pow(width-1), pow(width)
	vals := []*big.Int{
		big.NewInt(0), big.NewInt(-1),
		new(big.Int).Sub(half, one), new(big.Int).Neg(half), // signed extremes
		new(big.Int).Sub(full, one), half, full, // unsigned extreme, one past each
	}
	v := pick(r, vals).String()
	old := text[m[2]:m[3]]
	return replaceAt(text, m[2], m[3], v), old + " -> " + v + " (" + text[m[4]:m[7]] + ") at byte " + strconv.Itoa(m[2]), true
}

// useTok matches an SSA value use, with its result number.
var useTok = regexp.MustCompile(`%[\w$.\-]+(?:#[0-9]+)?`)

// span is a byte range of text.
type span struct{ lo, hi int }

// sameTypePairs returns pairs of operand uses on one line that have the
// same type, read from the line's syntax:
//   - the indices between brackets (`%m[%i, %j]`), which are all index;
//   - the operands of a group `(%a, %b : T1, T2)` (linalg's ins and outs)
//     whose types are listed beside them;
//   - the two operands of an operation whose trailing type is one type and
//     that has no indices (`arith.addf %a, %b : f32`);
//   - the operands of an operation whose trailing type is a function type,
//     matched to its inputs (`"op"(%a, %b) : (i32, i32) -> i1`).
func sameTypePairs(line string, base int) [][2]span {
	var pairs [][2]span
	addEqual := func(uses []span, types []string) {
		if len(uses) != len(types) {
			return
		}
		for i := range uses {
			for j := i + 1; j < len(uses); j++ {
				if types[i] == types[j] && line[uses[i].lo:uses[i].hi] != line[uses[j].lo:uses[j].hi] {
					pairs = append(pairs, [2]span{shift(uses[i], base), shift(uses[j], base)})
				}
			}
		}
	}
	usesIn := func(lo, hi int) []span {
		var out []span
		for _, m := range useTok.FindAllStringIndex(line[lo:hi], -1) {
			out = append(out, span{lo + m[0], lo + m[1]})
		}
		return out
	}
	for _, g := range groups(line, '[', ']') {
		uses := usesIn(g.lo, g.hi)
		addEqual(uses, repeat("index", len(uses)))
	}
	for _, g := range groups(line, '(', ')') {
		inner := line[g.lo:g.hi]
		colon := topLevelIndex(inner, " : ")
		if colon < 0 || !strings.HasPrefix(strings.TrimSpace(inner), "%") {
			continue
		}
		addEqual(usesIn(g.lo, g.lo+colon), splitTypes(inner[colon+3:]))
	}
	// The operation's own operands: after the `=` of its results, up to
	// its trailing type.
	start := 0
	if eq := strings.Index(line, " = "); eq >= 0 {
		start = eq + 3
	}
	colon := lastTopLevelIndex(line, " : ")
	if colon < start {
		return pairs
	}
	d := depths(line)
	generic := strings.HasPrefix(strings.TrimSpace(line[start:]), "\"")
	var uses []span
	for _, u := range usesIn(start, colon) {
		if d[u.lo] == 0 || generic && d[u.lo] == 1 && enclosedBy(line, u.lo) == '(' {
			uses = append(uses, u)
		}
	}
	typ := strings.TrimSpace(line[colon+3:])
	if arrow := topLevelIndex(typ, "->"); arrow >= 0 && strings.HasPrefix(typ, "(") {
		if in := strings.TrimSpace(typ[:arrow]); len(in) >= 2 && in[len(in)-1] == ')' {
			addEqual(uses, splitTypes(in[1:len(in)-1]))
		}
	} else if len(uses) == 2 && len(splitTypes(typ)) == 1 && !strings.Contains(line[start:colon], "[") {
		// Without indices, the two operands of an operation with one
		// trailing type both have it (a store's value and memref do
		// not).
		addEqual(uses, []string{typ, typ})
	}
	return pairs
}

// isArrow reports whether byte i of s is a > that closes no bracket: that
// of a function type's -> or of an affine constraint's >=.
func isArrow(s string, i int) bool {
	return s[i] == '>' && (i > 0 && s[i-1] == '-' || i+1 < len(s) && s[i+1] == '=')
}

func shift(s span, by int) span { return span{s.lo + by, s.hi + by} }

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// groups returns the insides of the outermost open...close groups of line.
func groups(line string, open, close byte) []span {
	var out []span
	depth, lo := 0, 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case open:
			if depth == 0 {
				lo = i + 1
			}
			depth++
		case close:
			if depth > 0 {
				depth--
				if depth == 0 {
					out = append(out, span{lo, i})
				}
			}
		}
	}
	return out
}

// depths returns the bracket nesting depth before each byte of s, and
// one more entry for its end.
func depths(s string) []int {
	d := make([]int, len(s)+1)
	for i := 0; i < len(s); i++ {
		d[i+1] = d[i]
		switch s[i] {
		case '(', '[', '{', '<':
			d[i+1]++
		case ')', ']', '}', '>':
			if !isArrow(s, i) {
				d[i+1]--
			}
		}
	}
	return d
}

// enclosedBy returns the innermost open bracket around byte i of line when
// exactly one encloses it, or 0.
func enclosedBy(line string, i int) byte {
	var stack []byte
	for j := 0; j < i; j++ {
		switch c := line[j]; c {
		case '(', '[', '{', '<':
			stack = append(stack, c)
		case ')', ']', '}', '>':
			if len(stack) > 0 && !isArrow(line, j) {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) != 1 {
		return 0
	}
	return stack[0]
}

// topLevelIndex returns the first index of sep in s outside brackets, or -1.
func topLevelIndex(s, sep string) int {
	d := depths(s)
	for i := 0; i+len(sep) <= len(s); i++ {
		if d[i] == 0 && s[i:i+len(sep)] == sep {
			return i
		}
	}
	return -1
}

// lastTopLevelIndex returns the last index of sep in s outside brackets,
// or -1.
func lastTopLevelIndex(s, sep string) int {
	d := depths(s)
	for i := len(s) - len(sep); i >= 0; i-- {
		if d[i] == 0 && s[i:i+len(sep)] == sep {
			return i
		}
	}
	return -1
}

// splitTypes splits a type list at its commas outside brackets.
func splitTypes(s string) []string {
	var out []string
	d := depths(s)
	lo := 0
	for i := 0; i < len(s); i++ {
		if s[i] == ',' && d[i] == 0 {
			out = append(out, strings.TrimSpace(s[lo:i]))
			lo = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[lo:]))
}

// mutateSwap swaps two operands of one operation that have the same type,
// which keeps the input valid and changes what the passes compute.
func mutateSwap(r *rand.Rand, text string) (string, string, bool) {
	var pairs [][2]span
	base := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		pairs = append(pairs, sameTypePairs(line, base)...)
		base += len(line)
	}
	if len(pairs) == 0 {
		return "", "", false
	}
	p := pick(r, pairs)
	a, b := p[0], p[1]
	an, bn := text[a.lo:a.hi], text[b.lo:b.hi]
	out := text[:a.lo] + bn + text[a.hi:b.lo] + an + text[b.hi:]
	return out, "swap " + an + " and " + bn + " at byte " + strconv.Itoa(a.lo), true
}

// attrEntry matches the start of an entry `name = ` of an attribute or
// property dictionary, after its `{` or the comma before it.
var attrEntry = regexp.MustCompile(`([{,][ \t]*)([A-Za-z_][\w.$]*)[ \t]*=[ \t]*[^=>]`)

// mutateAttr drops one entry of an attribute or property dictionary
// (`{a = 1, b}` becomes `{b}`), which leaves an operation without an
// attribute it may require.
func mutateAttr(r *rand.Rand, text string) (string, string, bool) {
	var entries []span
	for _, m := range attrEntry.FindAllStringSubmatchIndex(text, -1) {
		lo := m[4]
		if hi, ok := valueEnd(text, m[1]-1); ok {
			entries = append(entries, span{lo, hi})
		}
	}
	if len(entries) == 0 {
		return "", "", false
	}
	e := pick(r, entries)
	lo, hi := e.lo, e.hi
	rest := strings.TrimLeft(text[hi:], " \t")
	if strings.HasPrefix(rest, ",") {
		// Drop the entry with the comma after it.
		hi = len(text) - len(rest) + 1
		for hi < len(text) && (text[hi] == ' ' || text[hi] == '\t') {
			hi++
		}
	} else if j := strings.LastIndexByte(text[:lo], ','); j >= 0 && strings.TrimSpace(text[j+1:lo]) == "" {
		// The last entry: drop the comma before it.
		lo = j
	}
	name := text[e.lo:e.hi]
	if i := strings.IndexByte(name, '='); i >= 0 {
		name = strings.TrimSpace(name[:i])
	}
	return replaceAt(text, lo, hi, ""), "drop " + name + " at byte " + strconv.Itoa(e.lo), true
}

// valueEnd returns the end of the attribute value starting at byte i: the
// first comma or closing brace outside brackets and strings on its line.
func valueEnd(text string, i int) (int, bool) {
	depth := 0
	for j := i; j < len(text); j++ {
		switch c := text[j]; c {
		case '"':
			for j++; j < len(text) && text[j] != '"'; j++ {
				if text[j] == '\\' {
					j++
				}
			}
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '>':
			if isArrow(text, j) {
				continue
			}
			if depth == 0 {
				return 0, false
			}
			depth--
		case '}':
			if depth == 0 {
				return j, j > i
			}
			depth--
		case ',':
			if depth == 0 {
				return j, j > i
			}
		case '\n':
			return 0, false
		}
	}
	return 0, false
}
