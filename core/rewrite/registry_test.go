package rewrite_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// TestConcurrentCanonicalizationRegistration registers canonicalization
// patterns from many goroutines while others collect them (run with
// -race); every pattern of a registered operation is returned once.
func TestConcurrentCanonicalizationRegistration(t *testing.T) {
	ctx := ir.NewContext()
	ctx.RegisterDialect(&ir.Dialect{Name: "canonconc"})
	const n = 16
	for i := range n {
		ctx.RegisterOp(&ir.OpDef{Name: fmt.Sprintf("canonconc.op%d", i)})
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(2)
		go func() {
			defer wg.Done()
			name := fmt.Sprintf("canonconc.op%d", i)
			rewrite.RegisterCanonicalization(name, func() rewrite.Pattern {
				return &rewrite.Func{RootName: name, PatternName: name + "-pattern",
					Fn: func(*ir.Operation, *rewrite.Rewriter) bool { return false }}
			})
		}()
		go func() {
			defer wg.Done()
			_ = rewrite.CanonicalizationPatterns(ctx)
		}()
	}
	wg.Wait()
	seen := map[string]int{}
	for _, p := range rewrite.CanonicalizationPatterns(ctx) {
		seen[p.Name()]++
	}
	for i := range n {
		if name := fmt.Sprintf("canonconc.op%d-pattern", i); seen[name] != 1 {
			t.Errorf("%s returned %d times, want once", name, seen[name])
		}
	}
}
