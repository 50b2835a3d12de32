package pipefuzz

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
)

// Mutation is one light change to an input.
type Mutation struct {
	// Kind is the name of the mutator: "int", "bound", "type", "dim",
	// "ssa", "swap", "attr", "operand" or "line".
	Kind string
	// Desc says what changed, e.g. `int: 4 -> 0 at byte 120`.
	Desc string
}

// A mutator changes one thing in text, or returns ok=false when text has
// nothing it can change.
type mutator struct {
	kind string
	fn   func(r *rand.Rand, text string) (out, desc string, ok bool)
}

var mutators = []mutator{
	{"int", mutateInt},
	{"bound", mutateBound},
	{"type", mutateType},
	{"dim", mutateDim},
	{"ssa", mutateSSA},
	{"swap", mutateSwap},
	{"attr", mutateAttr},
	{"operand", mutateOperand},
	{"line", mutateLine},
}

// weights makes the mutators that more often keep an input valid (and so
// reach the passes) more likely. Measured over the seeds, the share of
// runs whose input no longer parses or verifies is about 15% for swap,
// 20% for bound, 30% for attr, 50% for int, 65% for type, 75% for dim
// and over 90% for ssa, operand and line; those last three mostly test
// the parser's and verifier's diagnostics, which the parser's own fuzz
// tests cover, so they keep a small weight.
var weights = []int{5, 5, 3, 2, 1, 5, 4, 1, 1}

// order returns the mutator indices in a random order drawn by weight.
func order(r *rand.Rand) []int {
	left := append([]int(nil), weights...)
	var out []int
	for len(out) < len(mutators) {
		total := 0
		for _, w := range left {
			total += w
		}
		x := r.IntN(total)
		for i, w := range left {
			if x < w {
				out = append(out, i)
				left[i] = 0
				break
			}
			x -= w
		}
	}
	return out
}

// Mutate applies one randomly chosen mutation to text. It returns text
// unchanged and ok=false only when no mutator applies.
func Mutate(r *rand.Rand, text string) (string, Mutation, bool) {
	for _, i := range order(r) {
		m := mutators[i]
		if out, desc, ok := m.fn(r, text); ok && out != text {
			return out, Mutation{Kind: m.kind, Desc: m.kind + ": " + desc}, true
		}
	}
	return text, Mutation{}, false
}

// replaceAt replaces text[lo:hi] with s.
func replaceAt(text string, lo, hi int, s string) string {
	return text[:lo] + s + text[hi:]
}

// pick returns a random element of xs.
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// intLit matches a decimal integer that stands alone: not part of a name
// (%0, i32, @f1, #map0), a float (1.5, 1e3) or a shape (4x8).
var intLit = regexp.MustCompile(`(?:^|[^\w%@#^!$.\-])(-?[0-9]+)(?:[^\w.]|$)`)

func mutateInt(r *rand.Rand, text string) (string, string, bool) {
	ms := intLit.FindAllStringSubmatchIndex(text, -1)
	if len(ms) == 0 {
		return "", "", false
	}
	m := pick(r, ms)
	lit := text[m[2]:m[3]]
	n, err := strconv.ParseInt(lit, 10, 64)
	if err != nil {
		n = 0
	}
	vals := []string{
		"0", "1", "-1", "2", "255", "256", "-128",
		strconv.FormatInt(n+1, 10), strconv.FormatInt(n-1, 10), strconv.FormatInt(n*2, 10), strconv.FormatInt(-n, 10),
		"2147483647", "2147483648", "-2147483648", "4294967296",
		"9223372036854775807", "-9223372036854775808", "18446744073709551616",
	}
	v := pick(r, vals)
	return replaceAt(text, m[2], m[3], v), lit + " -> " + v + " at byte " + strconv.Itoa(m[2]), true
}

var scalarTypes = []string{"i1", "i8", "i16", "i32", "i64", "i128", "f16", "bf16", "f32", "f64", "index", "si32", "ui8", "f8E4M3FN", "none"}

// typeTok matches a builtin scalar type, alone or as the element type of a
// shaped type (4x8xf32).
var typeTok = regexp.MustCompile(`(?:^|[^\w%@#!^$.]|[0-9?]x)(i1|i8|i16|i32|i64|f16|bf16|f32|f64|index)(?:[^\w]|$)`)

func mutateType(r *rand.Rand, text string) (string, string, bool) {
	ms := typeTok.FindAllStringSubmatchIndex(text, -1)
	if len(ms) == 0 {
		return "", "", false
	}
	m := pick(r, ms)
	old := text[m[2]:m[3]]
	repl := map[string][]string{
		"i32": {"i64"}, "f32": {"f16"}, "index": {"i32"},
	}
	var v string
	if c, ok := repl[old]; ok && r.IntN(2) == 0 {
		v = pick(r, c)
	} else {
		for v = old; v == old; {
			v = pick(r, scalarTypes)
		}
	}
	if r.IntN(4) != 0 {
		// Change the type everywhere, which keeps uses consistent.
		var b strings.Builder
		last := 0
		for _, m := range ms {
			if text[m[2]:m[3]] == old {
				b.WriteString(text[last:m[2]])
				b.WriteString(v)
				last = m[3]
			}
		}
		b.WriteString(text[last:])
		return b.String(), old + " -> " + v + " everywhere", true
	}
	return replaceAt(text, m[2], m[3], v), old + " -> " + v + " at byte " + strconv.Itoa(m[2]), true
}

// dimTok matches a dimension and its x; dimMatches keeps those that follow
// the < of a shaped type or the x of a previous dimension.
var dimTok = regexp.MustCompile(`([0-9]+|\?)x`)

// dimMatches returns the dimensions of shaped types in text (the 4 and 8
// of tensor<4x8xf32>) as submatch indices: [lo, hi, dimLo, dimHi].
func dimMatches(text string) [][]int {
	var out [][]int
	for _, m := range dimTok.FindAllStringSubmatchIndex(text, -1) {
		if m[0] > 0 && (text[m[0]-1] == '<' || text[m[0]-1] == 'x') {
			out = append(out, m)
		}
	}
	return out
}

func mutateDim(r *rand.Rand, text string) (string, string, bool) {
	ms := dimMatches(text)
	if len(ms) == 0 {
		return "", "", false
	}
	m := pick(r, ms)
	old := text[m[2]:m[3]]
	var v string
	for v = old; v == old; {
		v = pick(r, []string{"0", "1", "7", "?", "3", "1099511627776", "9223372036854775807"})
	}
	if lo, hi, ok := enclosingType(text, m[2]); ok && r.IntN(4) != 0 {
		// Change every occurrence of the whole shaped type.
		typ := text[lo:hi]
		nt := typ[:m[2]-lo] + v + typ[m[3]-lo:]
		return strings.ReplaceAll(text, typ, nt), typ + " -> " + nt + " everywhere", true
	}
	return replaceAt(text, m[2], m[3], v), old + " -> " + v + " at byte " + strconv.Itoa(m[2]), true
}

// enclosingType returns the extent of the shaped type (tensor<...>,
// memref<...>, vector<...>) around byte i.
func enclosingType(text string, i int) (lo, hi int, ok bool) {
	lo = -1
	for _, kw := range []string{"tensor<", "memref<", "vector<"} {
		if j := strings.LastIndex(text[:i], kw); j > lo {
			lo = j
		}
	}
	if lo < 0 {
		return 0, 0, false
	}
	depth := 0
	for j := lo; j < len(text); j++ {
		switch text[j] {
		case '<':
			depth++
		case '>':
			depth--
			if depth == 0 {
				return lo, j + 1, j+1 > i
			}
		case '\n':
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// ssaTok matches an SSA value use or definition.
var ssaTok = regexp.MustCompile(`%[\w$.\-]+(?:#[0-9]+)?`)

func mutateSSA(r *rand.Rand, text string) (string, string, bool) {
	ms := ssaTok.FindAllStringIndex(text, -1)
	if len(ms) < 2 {
		return "", "", false
	}
	a := pick(r, ms)
	an := text[a[0]:a[1]]
	switch r.IntN(3) {
	case 0: // swap two occurrences of different names
		for range 8 {
			b := pick(r, ms)
			bn := text[b[0]:b[1]]
			if bn == an {
				continue
			}
			lo, hi := a, b
			if lo[0] > hi[0] {
				lo, hi = hi, lo
			}
			ln, hn := text[lo[0]:lo[1]], text[hi[0]:hi[1]]
			out := text[:lo[0]] + hn + text[lo[1]:hi[0]] + ln + text[hi[1]:]
			return out, "swap " + an + " and " + bn, true
		}
		return "", "", false
	case 1: // use another existing name
		b := pick(r, ms)
		bn := text[b[0]:b[1]]
		return replaceAt(text, a[0], a[1], bn), an + " -> " + bn + " at byte " + strconv.Itoa(a[0]), true
	default: // rename to a name defined nowhere
		return replaceAt(text, a[0], a[1], "%fz"), an + " -> %fz at byte " + strconv.Itoa(a[0]), true
	}
}

// operandPair matches two adjacent operands of a list.
var operandPair = regexp.MustCompile(`(%[\w$.\-]+(?:#[0-9]+)?)(, %[\w$.\-]+(?:#[0-9]+)?)`)

func mutateOperand(r *rand.Rand, text string) (string, string, bool) {
	if r.IntN(2) == 0 {
		ms := operandPair.FindAllStringSubmatchIndex(text, -1)
		if len(ms) == 0 {
			return "", "", false
		}
		m := pick(r, ms)
		return replaceAt(text, m[4], m[5], ""), "drop " + strings.TrimPrefix(text[m[4]:m[5]], ", ") + " at byte " + strconv.Itoa(m[4]), true
	}
	ms := ssaTok.FindAllStringIndex(text, -1)
	if len(ms) == 0 {
		return "", "", false
	}
	m := pick(r, ms)
	n := text[m[0]:m[1]]
	return replaceAt(text, m[0], m[1], n+", "+n), "duplicate " + n + " at byte " + strconv.Itoa(m[0]), true
}

func mutateLine(r *rand.Rand, text string) (string, string, bool) {
	lines := strings.SplitAfter(text, "\n")
	var idx []int
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			idx = append(idx, i)
		}
	}
	if len(idx) < 2 {
		return "", "", false
	}
	i := pick(r, idx)
	l := lines[i]
	if !strings.HasSuffix(l, "\n") {
		l += "\n"
	}
	var out []string
	var desc string
	if r.IntN(2) == 0 {
		out = append(append(append(out, lines[:i]...), l), lines[i:]...)
		desc = "duplicate line " + strconv.Itoa(i+1)
	} else {
		out = append(append(out, lines[:i]...), lines[i+1:]...)
		desc = "drop line " + strconv.Itoa(i+1)
	}
	return strings.Join(out, ""), desc, true
}
