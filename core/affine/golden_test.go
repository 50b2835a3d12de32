package affine

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// goldenCase is one line of testdata/golden.jsonl (testdata/regen_golden.py
// regenerates it). The expectations were recorded by running
// mlir-opt-22 --mlir-print-local-scope on
// `"test.op"() {a = affine_<kind><in>} : () -> ()`:
//   - out: the printed body, or err: the diagnostics as [offset, message]
//     pairs (offsets are byte offsets into in);
//   - out2 / err2: what mlir-opt printed (or reported) for a second round,
//     parsing out again. MLIR's printer is not always a fixed point (for
//     example d0 + (-d0 + d1) prints as "d0 + -d0 + d1", which re-parses as
//     d1), so out2 may differ from out.
//
// src tells where the input came from: "corpus" (maps and sets found in
// ../shared/conformance, including the invalid-affinemap tests), "random"
// (generated expressions), "error" (generated invalid ones) or "mutation"
// (corpus and random inputs with random edits).
type goldenCase struct {
	Src  string  `json:"src"`
	Kind string  `json:"kind"`
	In   string  `json:"in"`
	Out  *string `json:"out"`
	Err  [][]any `json:"err"`
	Out2 *string `json:"out2"`
	Err2 [][]any `json:"err2"`
}

func loadGolden(t testing.TB) []goldenCase {
	t.Helper()
	f, err := os.Open("testdata/golden.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []goldenCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var c goldenCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("golden line %d: %v", len(cases)+1, err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// parseKind parses text as the body of affine_map<> or affine_set<> and
// returns the printed result or the diagnostics in the golden format.
func parseKind(kind, text string) (string, []string) {
	var out string
	var err error
	if kind == "map" {
		var m Map
		m, err = ParseMap(text)
		out = m.String()
	} else {
		var s Set
		s, err = ParseSet(text)
		out = s.String()
	}
	if err == nil {
		return out, nil
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		return "", []string{"not a *ParseError: " + err.Error()}
	}
	diags := []string{fmt.Sprintf("%d: %s", pe.Offset, pe.Msg)}
	for _, a := range pe.Also {
		diags = append(diags, fmt.Sprintf("%d: %s", a.Offset, a.Msg))
	}
	return "", diags
}

func goldenDiags(d [][]any) []string {
	var out []string
	for _, e := range d {
		out = append(out, fmt.Sprintf("%v: %v", e[0], e[1]))
	}
	return out
}

func TestGolden(t *testing.T) {
	cases := loadGolden(t)
	if len(cases) < 1000 {
		t.Fatalf("only %d golden cases", len(cases))
	}
	for i, c := range cases {
		got, diags := parseKind(c.Kind, c.In)
		if c.Out != nil {
			if diags != nil || got != *c.Out {
				t.Errorf("#%d affine_%s<%s>:\n got  %q %v\n want %q", i, c.Kind, c.In, got, diags, *c.Out)
				continue
			}
			// Second round: parse what was printed.
			got2, diags2 := parseKind(c.Kind, got)
			if c.Out2 != nil {
				if diags2 != nil || got2 != *c.Out2 {
					t.Errorf("#%d round 2 of affine_%s<%s>:\n got  %q %v\n want %q", i, c.Kind, got, got2, diags2, *c.Out2)
				}
			} else if want := goldenDiags(c.Err2); strings.Join(diags2, "\n") != strings.Join(want, "\n") {
				t.Errorf("#%d round 2 of affine_%s<%s>:\n got  %q %v\n want errors %v", i, c.Kind, got, got2, diags2, want)
			}
			continue
		}
		want := goldenDiags(c.Err)
		if strings.Join(diags, "\n") != strings.Join(want, "\n") {
			t.Errorf("#%d affine_%s<%q>:\n got  %q %v\n want errors %v", i, c.Kind, c.In, got, diags, want)
		}
	}
}

// TestFixedPoint checks print(parse(print(x))) == print(x) over every golden
// input whose printed form MLIR itself re-prints unchanged, and that the
// re-parsed structure is then identical (same Key).
func TestFixedPoint(t *testing.T) {
	n := 0
	for i, c := range loadGolden(t) {
		if c.Out == nil || c.Out2 == nil || *c.Out2 != *c.Out {
			continue
		}
		n++
		if c.Kind == "map" {
			m, err := ParseMap(*c.Out)
			if err != nil {
				t.Errorf("#%d: %q: %v", i, *c.Out, err)
				continue
			}
			m2, err := ParseMap(m.String())
			if err != nil || m2.String() != m.String() || m2.Key() != m.Key() {
				t.Errorf("#%d: %q is not a fixed point: %q %v", i, m.String(), m2.String(), err)
			}
		} else {
			s, err := ParseSet(*c.Out)
			if err != nil {
				t.Errorf("#%d: %q: %v", i, *c.Out, err)
				continue
			}
			s2, err := ParseSet(s.String())
			if err != nil || s2.String() != s.String() || s2.Key() != s.Key() {
				t.Errorf("#%d: %q is not a fixed point: %q %v", i, s.String(), s2.String(), err)
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d fixed-point cases", n)
	}
}

// TestCorpusFixedPoint: every map and set of the conformance corpus that
// parses prints to a fixed point.
func TestCorpusFixedPoint(t *testing.T) {
	for _, c := range loadGolden(t) {
		if c.Src != "corpus" || c.Out == nil {
			continue
		}
		if c.Out2 == nil || *c.Out2 != *c.Out {
			t.Errorf("corpus case %q is not a fixed point in MLIR either", c.In)
		}
	}
}

// TestErrors covers diagnostics with hand-written inputs (offsets and
// messages checked against mlir-opt-22).
func TestErrors(t *testing.T) {
	tests := []struct{ kind, in, want string }{
		{"map", "(i, j) -> (i, 3*d0 + )", "16: use of undeclared identifier"},
		{"map", "(i, j) -> (i,   *j)", "16: missing left operand of binary operator"},
		{"map", "(i, j) -> (i  j)", "12: expected ')' in affine map range"},
		{"map", "(i, j) -> (i", "12: expected ')' in affine map range"},
		{"map", "(i, j) -> (i   ", "12: expected ')' in affine map range"},
		{"map", "(i, j) -> (i, j floordiv i)", "16: non-affine expression: right operand of floordiv has to be either a constant or symbolic"},
		{"map", "(d0) -> (99999999999999999999)", "9: constant too large for index"},
		{"map", "(d0) -> (d0 - 9223372036854775808)", "14: constant too large for index"},
		{"map", "(d0) -> (-9223372036854775808)", "10: constant too large for index\n10: missing operand of negation"},
		{"map", "(d0)  (d0)", "4: expected '->' or ':'"},
		{"set", "(d0) : (d0 > 0)", "13: expected '== affine-expr' or '>= affine-expr' at end of affine constraint"},
		{"map", "(d0) : ()", "0: expected AffineMap, but got IntegerSet"},
		{"set", "(d0) -> ()", "0: expected IntegerSet, but got AffineMap"},
		{"map", "(d0) -> (d0) x", "12: expected '>' in affine map"},
		{"map", "(d0) -> (d0 ~ 1)", "12: unexpected character"},
		{"map", "(d0) -> (d0 / 2)", "11: expected ')' in affine map range"},
		{"map", "(d0) -> (%x)", "9: unexpected ssa identifier"},
		{"map", "(d0) -> (symbol(%x))", "16: unexpected ssa identifier"},
		{"map", "(d0, d0) -> (d0)", "5: redefinition of identifier 'd0'"},
		{"map", "(d0) -> ((((d0)))", "17: expected ')' in affine map range"},
		{"map", "(d0) -> (d0 * 2.5)", "14: missing right operand of binary operator"},
	}
	for _, tc := range tests {
		_, diags := parseKind(tc.kind, tc.in)
		if got := strings.Join(diags, "\n"); got != tc.want {
			t.Errorf("affine_%s<%s>: got %q, want %q", tc.kind, tc.in, got, tc.want)
		}
	}
}

func TestParseMapOrSet(t *testing.T) {
	isSet, m, _, err := ParseMapOrSet("(i)[N] -> (i + N)")
	if err != nil || isSet || m.String() != "(d0)[s0] -> (d0 + s0)" {
		t.Fatalf("map: %v %v %v", isSet, m, err)
	}
	isSet, _, s, err := ParseMapOrSet("(i)[N] : (i >= 0, N - i - 1 >= 0)")
	if err != nil || !isSet || s.String() != "(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)" {
		t.Fatalf("set: %v %v %v", isSet, s, err)
	}
	if _, _, _, err := ParseMapOrSet("(d0) -> (d0))"); err == nil || err.(*ParseError).Msg != "encountered unexpected token" {
		t.Fatalf("trailing token: %v", err)
	}
}

func TestParsePrefix(t *testing.T) {
	text := "(d0, d1) -> (d0 floordiv 2, d1)>, b = 1}"
	isSet, m, _, n, err := ParseMapOrSetPrefix(text)
	if err != nil || isSet || m.String() != "(d0, d1) -> (d0 floordiv 2, d1)" || text[n:] != ">, b = 1}" {
		t.Fatalf("prefix map: %v %v %d %v", isSet, m, n, err)
	}
	text = "(d0) : (d0 >= 0) >"
	isSet, _, s, n, err := ParseMapOrSetPrefix(text)
	if err != nil || !isSet || s.String() != "(d0) : (d0 >= 0)" || text[n:] != " >" {
		t.Fatalf("prefix set: %v %v %d %v", isSet, s, n, err)
	}
	// At the real end of the text MLIR reports one character back.
	_, _, _, _, err = ParseMapOrSetPrefix("(d0) -> (d0 +")
	if pe, ok := err.(*ParseError); !ok || pe.Offset != 12 || pe.Msg != "missing right operand of binary operator" {
		t.Fatalf("prefix error: %v", err)
	}
}

func TestDeepNesting(t *testing.T) {
	deep := "(d0) -> (" + strings.Repeat("(", 20000) + "d0" + strings.Repeat(")", 20000) + ")"
	if _, err := ParseMap(deep); err == nil {
		t.Fatalf("expected a nesting error")
	}
	ok := "(d0) -> (" + strings.Repeat("(", 500) + "d0" + strings.Repeat(")", 500) + ")"
	if m, err := ParseMap(ok); err != nil || m.String() != "(d0) -> (d0)" {
		t.Fatalf("%v %v", m, err)
	}
	neg := "(d0) -> (" + strings.Repeat("-", 20001) + "d0)"
	if _, err := ParseMap(neg); err == nil {
		t.Fatalf("expected a nesting error")
	}
	long := "(d0)[s0] -> (" + strings.Repeat("d0 floordiv 3 + s0 * 2 + ", 20000) + "1)"
	m, err := ParseMap(long)
	if err != nil {
		t.Fatal(err)
	}
	if m2, err := ParseMap(m.String()); err != nil || m2.String() != m.String() {
		t.Fatalf("long chain does not round-trip: %v", err)
	}
}
