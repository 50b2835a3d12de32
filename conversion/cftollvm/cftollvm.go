// Package cftollvm is convert-cf-to-llvm: cf.br, cf.cond_br and cf.switch
// become llvm.br, llvm.cond_br and llvm.switch, and cf.assert a branch to
// a block that prints its message with puts and calls abort.
package cftollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

func branch(to string, tc *rewrite.TypeConverter) func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	return func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
		for _, v := range operands {
			if tc.Convert(v.Type()) != v.Type() {
				return false
			}
		}
		ctx := r.Builder.Ctx
		at := op
		for i := 0; i < op.NumSuccessors(); i++ {
			llvmcommon.ConvertBlockArguments(r, op.Successor(i), tc)
		}
		r.SetInsertionPoint(at)
		var props []ir.NamedAttr
		for _, n := range []string{"operandSegmentSizes", "branch_weights", "case_values", "case_operand_segments"} {
			if a := op.InherentAttr(n); a != nil {
				props = append(props, ir.NamedAttr{Name: n, Value: a})
			}
		}
		succs := make([]*ir.Block, op.NumSuccessors())
		for i := range succs {
			succs[i] = op.Successor(i)
		}
		st := &ir.OperationState{Name: ctx.OpName(to), Loc: op.Loc(), Operands: operands, Successors: succs}
		if len(props) > 0 {
			st.Properties = ctx.DictionaryAttr(props)
		}
		r.Builder.Create(st)
		r.ReplaceOp(op, nil)
		return true
	}
}

// Patterns returns the conversion patterns of convert-cf-to-llvm.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	return []rewrite.ConversionPattern{
		&rewrite.ConversionFunc{RootName: "cf.br", BenefitValue: 1, PatternName: "br-to-llvm", Fn: branch("llvm.br", tc)},
		&rewrite.ConversionFunc{RootName: "cf.cond_br", BenefitValue: 1, PatternName: "cond-br-to-llvm", Fn: branch("llvm.cond_br", tc)},
		&rewrite.ConversionFunc{RootName: "cf.switch", BenefitValue: 1, PatternName: "switch-to-llvm", Fn: branch("llvm.switch", tc)},
	}
}

// Run converts the cf branches and assertions nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	if err := (&asserts{ctx: ctx}).run(op); err != nil {
		return err
	}
	tc := llvmcommon.NewTypeConverter(ctx)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddIllegalOp("cf.br", "cf.cond_br", "cf.switch")
	return llvmcommon.Apply(ctx, op, target, Patterns(tc), tc)
}
