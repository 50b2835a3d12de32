// Package canonicalize is the canonicalize pass: it applies every
// registered canonicalization pattern, folds and removes dead operations
// with the greedy driver.
package canonicalize

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
)

// Pass registers the canonicalize pass.
var Pass = pass.Registration{Argument: "canonicalize", New: New}

func init() { pass.Register(Pass) }

// canonicalize applies every registered canonicalization pattern, folds
// and removes dead operations with the greedy driver.
type canonicalize struct {
	pass.Info
	topDown         *bool
	regionSimplify  *string
	maxIterations   *int64
	maxNumRewrites  *int64
	testConvergence *bool
	disabled        *[]string
	enabled         *[]string
	patterns        *rewrite.PatternSet
}

// New returns the canonicalize pass with MLIR's options.
func New() pass.Pass {
	p := &canonicalize{Info: pass.Info{Argument: "canonicalize", Name: "Canonicalizer", Summary: "Canonicalize operations"}}
	p.topDown = p.Options.Bool("top-down", true, "Seed the worklist in general top-down order")
	p.regionSimplify = p.Options.Enum("region-simplify", "normal", []pass.EnumValue{
		{Name: "disabled", Desc: "Don't run any control-flow simplification."},
		{Name: "normal", Desc: "Perform simple control-flow simplifications (e.g. dead args elimination)."},
		{Name: "aggressive", Desc: "Perform aggressive control-flow simplification (e.g. block merging)."},
	}, "Perform control flow optimizations to the region tree")
	p.maxIterations = p.Options.Int("max-iterations", 10, "Max. iterations between applying patterns / simplifying regions")
	p.maxNumRewrites = p.Options.Int("max-num-rewrites", -1, "Max. number of pattern rewrites within an iteration")
	p.testConvergence = p.Options.Bool("test-convergence", false, "Test only: Fail pass on non-convergence to detect cyclic pattern")
	p.disabled = p.Options.StringList("disable-patterns", nil, "Labels of patterns that should be filtered out during application")
	p.enabled = p.Options.StringList("enable-patterns", nil, "Labels of patterns that should be used during application, all other patterns are filtered out")
	return p
}

// Initialize freezes the pattern set once per pass instance.
func (p *canonicalize) Initialize(ctx *ir.Context) error {
	var kept []rewrite.Pattern
	for _, pat := range rewrite.CanonicalizationPatterns(ctx) {
		if slices.Contains(*p.disabled, pat.Name()) || (len(*p.enabled) > 0 && !slices.Contains(*p.enabled, pat.Name())) {
			continue
		}
		kept = append(kept, pat)
	}
	p.patterns = rewrite.NewPatternSet(kept...)
	return nil
}

func (p *canonicalize) Run(op *ir.Operation, st *pass.State) error {
	cfg := rewrite.GreedyConfig{
		TopDown:        *p.topDown,
		MaxIterations:  int(*p.maxIterations),
		MaxNumRewrites: int(*p.maxNumRewrites),
	}
	if cfg.MaxIterations == 0 {
		cfg.MaxIterations = -1
	}
	switch *p.regionSimplify {
	case "disabled":
		cfg.Simplify = rewrite.SimplifyDisabled
	case "aggressive":
		cfg.Simplify = rewrite.SimplifyAggressive
	default:
		cfg.Simplify = rewrite.SimplifyNormal
	}
	converged := rewrite.ApplyPatternsGreedily(st.Context(), op, p.patterns, cfg)
	if *p.testConvergence && !converged {
		return st.EmitError(op, "Canonicalizer failed to converge")
	}
	return nil
}
