// Package ubtollvm is convert-ub-to-llvm: ub.poison becomes
// llvm.mlir.poison of the converted type.
package ubtollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
)

// Run converts the ub.poison operations nested in op whose type converts
// to an LLVM type; the others stay.
func Run(ctx *ir.Context, op *ir.Operation) error {
	tc := llvmcommon.NewTypeConverter(ctx)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddDynamicallyLegalOp("ub.poison", func(o *ir.Operation) bool { return !convertible(tc, o) })
	return llvmcommon.Apply(ctx, op, target, Patterns(tc), tc)
}

// convertible reports whether the type of a ub.poison converts to an LLVM
// type.
func convertible(tc *rewrite.TypeConverter, o *ir.Operation) bool {
	t := tc.Convert(o.Result(0).Type())
	return t != nil && llvm.IsCompatibleType(t)
}

// Patterns returns the conversion patterns of convert-ub-to-llvm.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	return []rewrite.ConversionPattern{&rewrite.ConversionFunc{RootName: "ub.poison", BenefitValue: 1, PatternName: "ub.poison-to-llvm",
		Fn: func(o *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
			if !convertible(tc, o) {
				return false
			}
			r.ReplaceOp(o, []ir.Value{llvmcommon.Poison(r, o.Loc(), tc.Convert(o.Result(0).Type()))})
			return true
		}}}
}
