// Package linalggeneralize is linalg-generalize-named-ops: every linalg
// structured operation other than linalg.generic (the named operations,
// linalg.elementwise, linalg.contract, map, reduce, transpose, broadcast)
// becomes the linalg.generic with the same operands, indexing maps,
// iterator types and body, applied with the greedy driver (which also
// folds, hoists the constants of the bodies and erases operations left
// dead), as MLIR's LinalgGeneralizeNamedOpsPass.
package linalggeneralize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/linalg"
)

// Argument is the pass's command-line name.
const Argument = "linalg-generalize-named-ops"

// New returns the pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: Argument, Name: "LinalgGeneralizeNamedOpsPass", Summary: "Convert named ops into generic ops"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			return Run(st.Context(), op)
		},
	}
}

// Run generalizes the structured operations nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	patterns := rewrite.NewPatternSet(&rewrite.Func{PatternName: "linalg-generalization", BenefitValue: 1, Fn: linalg.Generalize})
	rewrite.ApplyPatternsGreedily(ctx, op, patterns, rewrite.GreedyConfig{})
	return nil
}
