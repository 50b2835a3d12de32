// Package filecheck checks text against LLVM FileCheck-style directives
// embedded in a test file: CHECK, CHECK-NEXT, CHECK-SAME, CHECK-NOT,
// CHECK-LABEL, CHECK-EMPTY, CHECK-DAG and CHECK-COUNT-n, with {{regex}} parts and
// [[VAR:regex]] / [[VAR]] variables. Horizontal whitespace runs match any
// horizontal whitespace run, as in FileCheck's default mode.
package filecheck

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Kind is a directive kind.
type Kind int

// The supported directive kinds.
const (
	Check Kind = iota
	Next
	Same
	Not
	Label
	Empty
	DAG
)

// Directive is one CHECK line of the test file.
type Directive struct {
	Kind    Kind
	Pattern string
	Line    int // 1-based line in the test file
}

var directiveRE = regexp.MustCompile(`\b(CHECK(?:-NEXT|-SAME|-NOT|-LABEL|-EMPTY|-DAG|-COUNT-[0-9]+)?):(.*)$`)

// Parse extracts the directives with the given prefix ("CHECK") from src.
func Parse(src, prefix string) []Directive {
	re := directiveRE
	if prefix != "CHECK" {
		re = regexp.MustCompile(`\b(` + regexp.QuoteMeta(prefix) + `(?:-NEXT|-SAME|-NOT|-LABEL|-EMPTY|-DAG|-COUNT-[0-9]+)?):(.*)$`)
	}
	var out []Directive
	for i, line := range strings.Split(src, "\n") {
		m := re.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		k := Check
		suffix := strings.TrimPrefix(m[1], prefix)
		if n, ok := strings.CutPrefix(suffix, "-COUNT-"); ok {
			// CHECK-COUNT-n is n CHECK directives of one pattern.
			count, _ := strconv.Atoi(n)
			for range count {
				out = append(out, Directive{Kind: Check, Pattern: strings.TrimSpace(m[2]), Line: i + 1})
			}
			continue
		}
		switch suffix {
		case "-NEXT":
			k = Next
		case "-SAME":
			k = Same
		case "-NOT":
			k = Not
		case "-LABEL":
			k = Label
		case "-EMPTY":
			k = Empty
		case "-DAG":
			k = DAG
		}
		out = append(out, Directive{Kind: k, Pattern: strings.TrimSpace(m[2]), Line: i + 1})
	}
	return out
}

// compile turns a pattern into a regular expression, resolving [[VAR]]
// uses from vars and recording the names of [[VAR:re]] definitions.
func compile(pat string, vars map[string]string) (*regexp.Regexp, []string, error) {
	var b strings.Builder
	var defs []string
	for len(pat) > 0 {
		i := strings.Index(pat, "{{")
		j := strings.Index(pat, "[[")
		if i < 0 && j < 0 {
			b.WriteString(literal(pat))
			break
		}
		if j < 0 || (i >= 0 && i < j) {
			b.WriteString(literal(pat[:i]))
			end := strings.Index(pat[i+2:], "}}")
			if end < 0 {
				return nil, nil, fmt.Errorf("unterminated {{ in %q", pat)
			}
			b.WriteString("(?:" + pat[i+2:i+2+end] + ")")
			pat = pat[i+2+end+2:]
			continue
		}
		b.WriteString(literal(pat[:j]))
		end := strings.Index(pat[j+2:], "]]")
		if end < 0 {
			return nil, nil, fmt.Errorf("unterminated [[ in %q", pat)
		}
		body := pat[j+2 : j+2+end]
		pat = pat[j+2+end+2:]
		if name, re, ok := strings.Cut(body, ":"); ok {
			defs = append(defs, name)
			b.WriteString("(?P<" + name + ">" + re + ")")
			continue
		}
		v, ok := vars[body]
		if !ok {
			return nil, nil, fmt.Errorf("undefined variable %s", body)
		}
		b.WriteString(literal(v))
	}
	re, err := regexp.Compile(b.String())
	return re, defs, err
}

// literal quotes text, letting horizontal whitespace runs match any run.
func literal(s string) string {
	var b strings.Builder
	for _, f := range splitSpace(s) {
		if strings.TrimSpace(f) == "" {
			b.WriteString(`[ \t]+`)
		} else {
			b.WriteString(regexp.QuoteMeta(f))
		}
	}
	return b.String()
}

func splitSpace(s string) []string {
	var out []string
	start := 0
	for i := 1; i <= len(s); i++ {
		if i == len(s) || isSpace(s[i]) != isSpace(s[start]) {
			out = append(out, s[start:i])
			start = i
		}
	}
	return out
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

var spaceRun = regexp.MustCompile(`[ \t]+`)

// Match checks output against the directives and returns the first
// failure, described with the directive's line.
func Match(output string, ds []Directive) error {
	lines := strings.Split(output, "\n")
	for i := range lines {
		// As FileCheck does without --strict-whitespace, runs of
		// horizontal whitespace in the input read as one space.
		lines[i] = spaceRun.ReplaceAllString(strings.TrimRight(lines[i], " \t\r"), " ")
	}
	vars := map[string]string{}
	line, col := 0, 0 // position after the last match
	var pendingNot []Directive
	lastMatchLine := -1
	for _, d := range ds {
		if d.Kind == Not {
			pendingNot = append(pendingNot, d)
			continue
		}
		re, defs, err := compile(d.Pattern, vars)
		if err != nil {
			return fmt.Errorf("line %d: %v", d.Line, err)
		}
		found := -1
		var m []int
		var text string
		switch d.Kind {
		case Next, Empty:
			if lastMatchLine+1 >= len(lines) {
				return fmt.Errorf("line %d: %s: no next line", d.Line, d.Pattern)
			}
			text = lines[lastMatchLine+1]
			if d.Kind == Empty {
				if text != "" {
					return fmt.Errorf("line %d: expected an empty line, found %q", d.Line, text)
				}
				found, m = lastMatchLine+1, []int{0, 0}
				break
			}
			if m = re.FindStringSubmatchIndex(text); m == nil {
				return fmt.Errorf("line %d: CHECK-NEXT: %q does not match next line %q", d.Line, d.Pattern, text)
			}
			found = lastMatchLine + 1
		case Same:
			if lastMatchLine < 0 {
				return fmt.Errorf("line %d: CHECK-SAME with no previous match", d.Line)
			}
			text = lines[lastMatchLine][col:]
			if m = re.FindStringSubmatchIndex(text); m == nil {
				return fmt.Errorf("line %d: CHECK-SAME: %q not found in %q", d.Line, d.Pattern, lines[lastMatchLine])
			}
			m[0], m[1] = m[0]+col, m[1]+col
			for k := 2; k < len(m); k++ {
				if m[k] >= 0 {
					m[k] += col
				}
			}
			text = lines[lastMatchLine]
			found = lastMatchLine
		default:
			for l := line; l < len(lines); l++ {
				t := lines[l]
				off := 0
				if l == line {
					off = col
				}
				if mm := re.FindStringSubmatchIndex(t[off:]); mm != nil {
					for k := range mm {
						if mm[k] >= 0 {
							mm[k] += off
						}
					}
					found, m, text = l, mm, t
					break
				}
			}
			if found < 0 {
				return fmt.Errorf("line %d: %q not found in output", d.Line, d.Pattern)
			}
		}
		// CHECK-NOT directives apply between the previous match and this one.
		for _, n := range pendingNot {
			nre, _, err := compile(n.Pattern, vars)
			if err != nil {
				return fmt.Errorf("line %d: %v", n.Line, err)
			}
			for l := max(line, 0); l <= found && l < len(lines); l++ {
				t := lines[l]
				lo, hi := 0, len(t)
				if l == line {
					lo = col
				}
				if l == found {
					hi = m[0]
				}
				if lo < hi && nre.MatchString(t[lo:hi]) {
					return fmt.Errorf("line %d: CHECK-NOT: %q found in output line %q", n.Line, n.Pattern, t)
				}
			}
		}
		pendingNot = nil
		for _, name := range defs {
			idx := re.SubexpIndex(name)
			if idx >= 0 && m[2*idx] >= 0 {
				vars[name] = text[m[2*idx]:m[2*idx+1]]
			}
		}
		line, col, lastMatchLine = found, m[1], found
	}
	for _, n := range pendingNot {
		nre, _, err := compile(n.Pattern, vars)
		if err != nil {
			return fmt.Errorf("line %d: %v", n.Line, err)
		}
		for l := max(line, 0); l < len(lines); l++ {
			t := lines[l]
			if l == line {
				t = t[min(col, len(t)):]
			}
			if nre.MatchString(t) {
				return fmt.Errorf("line %d: CHECK-NOT: %q found in output line %q", n.Line, n.Pattern, lines[l])
			}
		}
	}
	return nil
}
