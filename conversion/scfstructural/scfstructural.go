// Package scfstructural is upstream's
// populateSCFStructuralTypeConversionsAndLegality: in a dialect
// conversion whose type converter changes the types of values that flow
// through scf control flow (loop-carried accumulators, values yielded by
// an scf.if), the scf operations are rebuilt with converted operand,
// result and block argument types, and count as legal only once their
// types are. Uses of a converted block argument inside the body go
// through a cast back to the old type until their own users convert.
package scfstructural

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/scf"
)

// Ops are the scf operations whose types the conversion rewrites.
var Ops = []string{"scf.for", "scf.if", "scf.while", "scf.yield", "scf.condition"}

// AddLegality gives the scf operations upstream's legality: scf.for and
// scf.if are legal when their result types are, scf.yield when its
// operands are (inside scf.for, scf.if and scf.while), scf.while and
// scf.condition when their operand and result types are.
func AddLegality(target *rewrite.ConversionTarget, tc *rewrite.TypeConverter) {
	resultsLegal := func(op *ir.Operation) bool {
		for i := 0; i < op.NumResults(); i++ {
			if t := op.Result(i).Type(); tc.Convert(t) != t {
				return false
			}
		}
		return true
	}
	target.AddDynamicallyLegalOp("scf.for", resultsLegal)
	target.AddDynamicallyLegalOp("scf.if", resultsLegal)
	target.AddDynamicallyLegalOp("scf.yield", func(op *ir.Operation) bool {
		p := op.ParentOp()
		if p == nil {
			return true
		}
		_, isFor := scf.AsForOp(p)
		_, isIf := scf.AsIfOp(p)
		_, isWhile := scf.AsWhileOp(p)
		if isFor || isIf || isWhile {
			return tc.IsLegal(op)
		}
		return true
	})
	target.AddDynamicallyLegalOp("scf.while", tc.IsLegal)
	target.AddDynamicallyLegalOp("scf.condition", tc.IsLegal)
}

// Patterns returns the patterns that rebuild the scf operations with
// converted types.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	var ps []rewrite.ConversionPattern
	for _, name := range Ops {
		ps = append(ps, &rewrite.ConversionFunc{RootName: name, BenefitValue: 1, PatternName: name + "-structural-types",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				return Rebuild(op, operands, r, tc)
			}})
	}
	return ps
}

// Rebuild rebuilds op with the converted operands and result types, moves
// its regions into the new operation and converts their block arguments:
// the rewrite of every structural type conversion (scf's here, async's in
// asyncstructural).
func Rebuild(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter, tc *rewrite.TypeConverter) bool {
	results := make([]ir.Type, op.NumResults())
	for i := range results {
		results[i] = tc.Convert(op.Result(i).Type())
		if results[i] == nil {
			return false
		}
	}
	st := &ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands, ResultTypes: results,
		NumRegions: op.NumRegions(), Properties: op.Properties(), Attributes: op.Attrs()}
	for i := 0; i < op.NumSuccessors(); i++ {
		st.Successors = append(st.Successors, op.Successor(i))
	}
	n := r.Builder.Create(st)
	for i := 0; i < op.NumRegions(); i++ {
		n.Region(i).TakeBody(op.Region(i))
		r.ConvertRegionTypes(n.Region(i))
	}
	vals := make([]ir.Value, n.NumResults())
	for i := range vals {
		vals[i] = n.Result(i)
	}
	r.ReplaceOp(op, vals)
	return true
}
