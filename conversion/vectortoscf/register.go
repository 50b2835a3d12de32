package vectortoscf

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
)

// Pass registers the pass (imported packages register their passes in
// init, see docs/passes.md).
var Pass = pass.Registration{Argument: Argument, New: New, Lowers: func(*ir.Context) []string {
	var roots []rewrite.ConversionPattern
	for _, p := range conversionPatterns(Options{}) {
		roots = append(roots, &rewrite.ConversionFunc{RootName: p.Root()})
	}
	return rewrite.ConversionRoots(roots)
}}

func init() { pass.Register(Pass) }
