package pipefuzz

import (
	"strings"
)

// Minimize shrinks a finding while the same signature reproduces: first
// the pipeline (dropping passes, then their options), then the input, by
// line-level delta debugging. It makes at most budget checks and returns
// the smallest input and pipeline found.
func Minimize(r Runner, input string, p Pipeline, sig string, budget int) (string, Pipeline) {
	tries := 0
	same := func(in string, q Pipeline) bool {
		if tries >= budget {
			return false
		}
		tries++
		return Check(r, in, q).Sig == sig
	}
	// Drop passes.
	for i := 0; i < len(p) && len(p) > 1; {
		q := append(append(Pipeline{}, p[:i]...), p[i+1:]...)
		if same(input, q) {
			p = q
			continue
		}
		i++
	}
	// Drop options.
	for i := range p {
		if p[i].Options == "" {
			continue
		}
		q := append(Pipeline{}, p...)
		q[i].Options = ""
		if same(input, q) {
			p = q
		}
	}
	lines := strings.SplitAfter(input, "\n")
	keep := func(ls []string) bool { return same(strings.Join(ls, ""), p) }
	lines = DropBlocks(lines, keep)
	lines = DeltaLines(lines, keep)
	return strings.Join(lines, ""), p
}

// DropBlocks removes whole brace blocks (a line that opens a region and
// the lines up to the one that closes it: a function, a loop, a region
// of an operation) while keep holds, outermost first; line-level delta
// debugging rarely finds such a block on its own.
func DropBlocks(lines []string, keep func([]string) bool) []string {
	for i := 0; i < len(lines); i++ {
		if !strings.HasSuffix(strings.TrimSpace(lines[i]), "{") {
			continue
		}
		depth := 0
		end := -1
		for j := i; j < len(lines) && end < 0; j++ {
			depth += strings.Count(lines[j], "{") - strings.Count(lines[j], "}")
			if depth <= 0 {
				end = j
			}
		}
		if end < 0 {
			continue
		}
		cand := append(append([]string{}, lines[:i]...), lines[end+1:]...)
		if len(cand) > 0 && keep(cand) {
			lines = cand
			i--
		}
	}
	return lines
}

// DeltaLines removes chunks of lines while keep reports that the smaller
// list still shows the problem (the complement step of ddmin): it tries
// halves, then quarters, down to single lines.
func DeltaLines(lines []string, keep func([]string) bool) []string {
	n := 2
	for len(lines) >= 2 {
		size := (len(lines) + n - 1) / n
		removed := false
		for lo := 0; lo < len(lines); lo += size {
			hi := min(lo+size, len(lines))
			cand := append(append([]string{}, lines[:lo]...), lines[hi:]...)
			if len(cand) > 0 && keep(cand) {
				lines = cand
				n = max(n-1, 2)
				removed = true
				break
			}
		}
		if !removed {
			if n >= len(lines) {
				break
			}
			n = min(2*n, len(lines))
		}
	}
	return lines
}
