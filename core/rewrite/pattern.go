// Package rewrite applies rewrite patterns to IR: the Pattern interface and
// pattern sets, a Rewriter that notifies listeners of every change, the
// greedy fixpoint driver with folding and constant deduplication, and a
// single-walk driver.
package rewrite

import (
	"sort"
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// Pattern rewrites operations. MatchAndRewrite must not change the IR
// unless it returns true, and must make every change through the rewriter.
type Pattern interface {
	// Root is the operation name the pattern matches, or "" for any op.
	Root() string
	// Benefit orders patterns: higher benefits are tried first.
	Benefit() int
	// Name identifies the pattern in debugging output and filters.
	Name() string
	// MatchAndRewrite tries the pattern on op.
	MatchAndRewrite(op *ir.Operation, r *Rewriter) bool
}

// Func is a Pattern made of a function.
type Func struct {
	// RootName is the matched operation name ("" for any).
	RootName string
	// BenefitValue is the pattern benefit.
	BenefitValue int
	// PatternName identifies the pattern.
	PatternName string
	// Fn is the match-and-rewrite function.
	Fn func(op *ir.Operation, r *Rewriter) bool
}

// Root returns the matched operation name.
func (f *Func) Root() string { return f.RootName }

// Benefit returns the benefit.
func (f *Func) Benefit() int { return f.BenefitValue }

// Name returns the pattern name.
func (f *Func) Name() string { return f.PatternName }

// MatchAndRewrite calls Fn.
func (f *Func) MatchAndRewrite(op *ir.Operation, r *Rewriter) bool { return f.Fn(op, r) }

// PatternSet is an immutable, indexed set of patterns, safe to share
// between goroutines.
type PatternSet struct {
	byRoot map[string][]Pattern
	any    []Pattern
}

// NewPatternSet indexes patterns by root and orders each list by decreasing
// benefit (insertion order breaks ties).
func NewPatternSet(patterns ...Pattern) *PatternSet {
	s := &PatternSet{byRoot: map[string][]Pattern{}}
	for _, p := range patterns {
		if p.Root() == "" {
			s.any = append(s.any, p)
		} else {
			s.byRoot[p.Root()] = append(s.byRoot[p.Root()], p)
		}
	}
	for _, l := range s.byRoot {
		sortByBenefit(l)
	}
	sortByBenefit(s.any)
	return s
}

func sortByBenefit(l []Pattern) {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Benefit() > l[j].Benefit() })
}

// Len returns the number of patterns.
func (s *PatternSet) Len() int {
	n := len(s.any)
	for _, l := range s.byRoot {
		n += len(l)
	}
	return n
}

// Apply tries the patterns for op in decreasing benefit order, merging the
// op-specific and match-any lists, and stops at the first success.
func (s *PatternSet) Apply(op *ir.Operation, r *Rewriter) bool {
	if s == nil {
		return false
	}
	spec := s.byRoot[op.Name()]
	i, j := 0, 0
	for i < len(spec) || j < len(s.any) {
		var p Pattern
		if j >= len(s.any) || (i < len(spec) && spec[i].Benefit() >= s.any[j].Benefit()) {
			p = spec[i]
			i++
		} else {
			p = s.any[j]
			j++
		}
		if p.MatchAndRewrite(op, r) {
			return true
		}
	}
	return false
}

// canonical is the registry of canonicalization patterns contributed by
// dialects, safe for concurrent use.
var canonical = struct {
	sync.RWMutex
	byOp map[string][]func() Pattern
}{byOp: map[string][]func() Pattern{}}

// RegisterCanonicalization records patterns that the canonicalize pass
// applies to operations named opName. Dialect packages call it from their
// Register function (or init). It is safe for concurrent use.
func RegisterCanonicalization(opName string, mk ...func() Pattern) {
	canonical.Lock()
	defer canonical.Unlock()
	canonical.byOp[opName] = append(canonical.byOp[opName], mk...)
}

// CanonicalizationPatterns returns fresh instances of the canonicalization
// patterns of every operation registered in ctx.
func CanonicalizationPatterns(ctx *ir.Context) []Pattern {
	canonical.RLock()
	var names []string
	makers := map[string][]func() Pattern{}
	for n, mks := range canonical.byOp {
		if ctx.LookupOpName(n) != nil {
			names = append(names, n)
			makers[n] = mks
		}
	}
	canonical.RUnlock()
	sort.Strings(names)
	var out []Pattern
	for _, n := range names {
		for _, mk := range makers[n] {
			out = append(out, mk())
		}
	}
	return out
}

// RootedAt returns the patterns of table whose root is root, in table
// order: the canonicalizer hook of a dialect that keeps its patterns in
// one table (`hooks [canonicalizer = F]` in its .irdl, where F(root)
// calls RootedAt).
func RootedAt(root string, table []*Func) []Pattern {
	var out []Pattern
	for _, f := range table {
		if f.RootName == root {
			out = append(out, f)
		}
	}
	return out
}
