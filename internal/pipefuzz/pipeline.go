package pipefuzz

import (
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/pass"
)

// Step is one pass of a pipeline: the registered argument, its option
// string and the operation it is nested on ("" for the top-level module).
type Step struct {
	Anchor  string
	Pass    string
	Options string
}

func (s Step) String() string {
	p := s.Pass
	if s.Options != "" {
		p += "{" + s.Options + "}"
	}
	if s.Anchor != "" {
		p = s.Anchor + "(" + p + ")"
	}
	return p
}

// Pipeline is a list of steps run in order on a builtin.module.
type Pipeline []Step

// String returns the textual pipeline for --pass-pipeline.
func (p Pipeline) String() string {
	parts := make([]string, len(p))
	for i, s := range p {
		parts[i] = s.String()
	}
	return "builtin.module(" + strings.Join(parts, ",") + ")"
}

// Names returns the pass arguments joined with commas.
func (p Pipeline) Names() string {
	parts := make([]string, len(p))
	for i, s := range p {
		parts[i] = s.Pass
	}
	return strings.Join(parts, ",")
}

// ParsePipeline reads back what Pipeline.String printed: a builtin.module
// whose elements are passes or one-pass nestings.
func ParsePipeline(text string) (Pipeline, bool) {
	inner, ok := strings.CutPrefix(strings.TrimSpace(text), "builtin.module(")
	if !ok || !strings.HasSuffix(inner, ")") {
		return nil, false
	}
	inner = inner[:len(inner)-1]
	var p Pipeline
	for _, el := range splitTop(inner) {
		var s Step
		if i := strings.IndexAny(el, "({"); i >= 0 && el[i] == '(' && strings.HasSuffix(el, ")") {
			s.Anchor, el = el[:i], el[i+1:len(el)-1]
		}
		if i := strings.IndexByte(el, '{'); i >= 0 && strings.HasSuffix(el, "}") {
			s.Options, el = el[i+1:len(el)-1], el[:i]
		}
		s.Pass = el
		p = append(p, s)
	}
	return p, len(p) > 0
}

// splitTop splits s at commas outside brackets.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// Candidate is a registered pass or pipeline the generator may use.
type Candidate struct {
	Argument string
	// OpName is the operation the pass is restricted to ("" when it may
	// run on any operation).
	OpName  string
	Options []*pass.Option
}

// Candidates enumerates the pass and pipeline registry.
func Candidates() []Candidate {
	var cs []Candidate
	for _, r := range pass.Registered() {
		cs = append(cs, Candidate{Argument: r.Argument, OpName: r.New().PassInfo().OpName, Options: r.Options()})
	}
	for _, r := range pass.RegisteredPipelines() {
		cs = append(cs, Candidate{Argument: r.Argument})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].Argument < cs[j].Argument })
	return cs
}

// RandomPipeline returns a pipeline of 1 to 4 passes with random valid
// option values, each checked by the pass registry's pipeline parser.
func RandomPipeline(r *rand.Rand, cs []Candidate) Pipeline {
	n := 1 + r.IntN(4)
	var p Pipeline
	for len(p) < n {
		c := pick(r, cs)
		s := Step{Pass: c.Argument, Options: randomOptions(r, c.Options)}
		switch c.OpName {
		case "", "builtin.module":
			if c.OpName == "" && r.IntN(5) < 2 {
				s.Anchor = "func.func"
			}
		default:
			s.Anchor = c.OpName
		}
		if _, err := pass.ParsePipeline(Pipeline{s}.String()); err != nil {
			continue
		}
		p = append(p, s)
	}
	return p
}

// randomOptions sets each option to a random valid value with probability
// 1/3 and leaves the others at their defaults.
func randomOptions(r *rand.Rand, opts []*pass.Option) string {
	var parts []string
	for _, o := range opts {
		if r.IntN(3) != 0 {
			continue
		}
		var v string
		switch o.Kind {
		case pass.BoolOption:
			v = strconv.FormatBool(r.IntN(2) == 0)
		case pass.IntOption:
			v = pick(r, []string{"-1", "0", "1", "2", "3", "4", "8", "100"})
		case pass.UintOption:
			v = pick(r, []string{"0", "1", "2", "3", "8", "100", "4294967295"})
		case pass.EnumOption:
			if len(o.Values) == 0 {
				continue
			}
			v = pick(r, o.Values).Name
		case pass.IntListOption:
			k := 1 + r.IntN(3)
			var xs []string
			for range k {
				xs = append(xs, pick(r, []string{"0", "1", "2", "3", "4", "8", "32"}))
			}
			v = strings.Join(xs, ",")
		case pass.StringOption:
			// Strings are free-form (pipelines, file names): only the
			// ones naming a pipeline get values.
			if !strings.Contains(o.Name, "pipeline") {
				continue
			}
			v = pick(r, []string{"canonicalize", "cse", "symbol-dce"})
		case pass.StringListOption:
			// Lists of symbol names (symbol-privatize's exclusions,
			// one-shot-bufferize's functions left unanalysed).
			if o.Name != "exclude" && o.Name != "no-analysis-func-filter" {
				continue
			}
			v = pick(r, []string{"main", "f", "main,f"})
		default:
			continue
		}
		parts = append(parts, o.Name+"="+v)
	}
	return strings.Join(parts, " ")
}
