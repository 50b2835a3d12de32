// Package asyncstructural is upstream's
// populateAsyncStructuralTypeConversionsAndLegality: in a dialect
// conversion whose type converter changes the types of values that flow
// through async.execute (its body operands and yielded values, as
// !async.value<T>), async.execute, async.await and async.yield are
// rebuilt with converted types, !async.value<T> converting to
// !async.value of T's conversion, and count as legal only once their
// operand and result types are.
package asyncstructural

import (
	"github.com/strata-ir/strata/conversion/scfstructural"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/async"
)

// Ops are the async operations whose types the conversion rewrites.
var Ops = []string{async.ExecuteOpName, async.AwaitOpName, async.YieldOpName}

// AddTypeConversion makes tc convert !async.value<T> to !async.value of
// T's conversion.
func AddTypeConversion(ctx *ir.Context, tc *rewrite.TypeConverter) {
	tc.AddConversion(func(t ir.Type) ir.Type {
		v, ok := async.AsValueType(t)
		if !ok {
			return nil
		}
		inner := tc.Convert(v.ValueType())
		if inner == nil || inner == v.ValueType() {
			return nil
		}
		nv, err := async.GetValueType(ctx, inner)
		if err != nil {
			return nil
		}
		return nv.DynType
	})
}

// AddLegality makes the async operations legal once their operand and
// result types are converted.
func AddLegality(target *rewrite.ConversionTarget, tc *rewrite.TypeConverter) {
	for _, name := range Ops {
		target.AddDynamicallyLegalOp(name, tc.IsLegal)
	}
}

// Patterns returns the patterns that rebuild the async operations with
// converted types.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	var ps []rewrite.ConversionPattern
	for _, name := range Ops {
		ps = append(ps, &rewrite.ConversionFunc{RootName: name, BenefitValue: 1, PatternName: name + "-structural-types",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				return scfstructural.Rebuild(op, operands, r, tc)
			}})
	}
	return ps
}
