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
)

// Ops are the scf operations whose types the conversion rewrites.
var Ops = []string{"scf.for", "scf.if", "scf.while", "scf.yield", "scf.condition", "scf.execute_region", "scf.index_switch"}

// AddLegality makes the scf operations legal exactly when tc leaves their
// operand, result and block argument types unchanged.
func AddLegality(target *rewrite.ConversionTarget, tc *rewrite.TypeConverter) {
	for _, name := range Ops {
		target.AddDynamicallyLegalOp(name, func(op *ir.Operation) bool { return legal(op, tc) })
	}
}

func legal(op *ir.Operation, tc *rewrite.TypeConverter) bool {
	if !tc.IsLegal(op) {
		return false
	}
	for i := 0; i < op.NumRegions(); i++ {
		for b := op.Region(i).First(); b != nil; b = b.Next() {
			for _, a := range b.Arguments() {
				if tc.Convert(a.Type()) != a.Type() {
					return false
				}
			}
		}
	}
	return true
}

// Patterns returns the patterns that rebuild the scf operations with
// converted types.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	var ps []rewrite.ConversionPattern
	for _, name := range Ops {
		ps = append(ps, &rewrite.ConversionFunc{RootName: name, BenefitValue: 1, PatternName: name + "-structural-types",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				return convert(op, operands, r, tc)
			}})
	}
	return ps
}

// convert rebuilds op with the converted operands and result types, moves
// its regions into the new operation and converts their block arguments.
func convert(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter, tc *rewrite.TypeConverter) bool {
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
