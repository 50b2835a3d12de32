// Package ruletest holds a rules file that uses every construct of the
// rules language, its generated patterns and the Go helpers they name; its
// tests check what the generated patterns do.
package ruletest

//go:generate go run github.com/strata-ir/strata/tools/strata-rulegen -func patterns -o ruletest_gen.go ruletest.rules

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// invertible reports whether a t.cmp predicate (0 = eq, 1 = ne) has an
// inverse.
func invertible(pred ir.Attribute) bool {
	p, ok := pred.(*ir.IntegerAttr)
	return ok && p.Lo <= 1
}

// invert returns the inverse predicate, or nil for a malformed one.
func invert(ctx *ir.Context, pred ir.Attribute) ir.Attribute {
	p, ok := pred.(*ir.IntegerAttr)
	if !ok {
		return nil
	}
	return ctx.IntegerAttr(p.Type, int64(1-p.Lo))
}

// sum adds two integer attributes at the type of res, or refuses when the
// sum is 100 or more.
func sum(ctx *ir.Context, res ir.Value, a, b ir.Attribute) ir.Attribute {
	x, y := a.(*ir.IntegerAttr), b.(*ir.IntegerAttr)
	if x.Lo+y.Lo >= 100 {
		return nil
	}
	return ctx.IntegerAttrBits(res.Type(), x.Lo+y.Lo)
}

// Patterns returns the patterns of ruletest.rules.
func Patterns() []rewrite.Pattern { return patterns() }
