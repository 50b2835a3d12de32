// Package functollvm is convert-func-to-llvm: func.func becomes llvm.func
// (a private declaration keeps sym_visibility, as upstream), func.return
// llvm.return and func.call llvm.call, with index converted to i64.
// Functions with more than one result are not converted.
package functollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
)

func llvmFuncType(ctx *ir.Context, tc *rewrite.TypeConverter, ft *ir.FunctionType) (*llvm.FuncType, bool) {
	if len(ft.Results) > 1 {
		return nil, false
	}
	var res ir.Type = llvm.Void(ctx)
	if len(ft.Results) == 1 {
		res = tc.Convert(ft.Results[0])
	}
	ins := make([]ir.Type, len(ft.Inputs))
	for i, t := range ft.Inputs {
		ins[i] = tc.Convert(t)
	}
	return llvm.Func(ctx, res, ins, false), true
}

// Patterns returns the conversion patterns of convert-func-to-llvm.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	return []rewrite.ConversionPattern{
		&rewrite.ConversionFunc{RootName: "func.func", BenefitValue: 1, PatternName: "func-to-llvm",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				ta, ok := op.InherentAttr("function_type").(*ir.TypeAttr)
				if !ok {
					return false
				}
				ft, ok := ta.Type.(*ir.FunctionType)
				if !ok {
					return false
				}
				lft, ok := llvmFuncType(ctx, tc, ft)
				if !ok {
					return false
				}
				props := []ir.NamedAttr{
					{Name: "sym_name", Value: op.InherentAttr("sym_name")},
					{Name: "function_type", Value: ctx.TypeAttr(lft)},
				}
				if v := op.InherentAttr("sym_visibility"); v != nil {
					props = append(props, ir.NamedAttr{Name: "sym_visibility", Value: v})
				}
				for _, n := range []string{"arg_attrs", "res_attrs"} {
					if a := op.InherentAttr(n); a != nil {
						props = append(props, ir.NamedAttr{Name: n, Value: a})
					}
				}
				st := &ir.OperationState{Name: ctx.OpName("llvm.func"), Loc: op.Loc(), NumRegions: 1,
					Properties: ctx.DictionaryAttr(props), Attributes: discardable(ctx, op)}
				nf := r.Builder.Create(st)
				body := op.Region(0)
				for b := body.First(); b != nil; {
					next := b.Next()
					body.Remove(b)
					nf.Region(0).Append(b)
					b = next
				}
				if entry := nf.Region(0).First(); entry != nil {
					llvmcommon.ConvertBlockArguments(r, entry, tc)
				}
				r.ReplaceOp(op, nil)
				return true
			}},
		&rewrite.ConversionFunc{RootName: "func.return", BenefitValue: 1, PatternName: "return-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				if len(operands) > 1 {
					return false
				}
				llvmcommon.Create(r, "llvm.return", op.Loc(), operands, nil, nil)
				r.ReplaceOp(op, nil)
				return true
			}},
		&rewrite.ConversionFunc{RootName: "func.call", BenefitValue: 1, PatternName: "call-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				if op.NumResults() > 1 {
					return false
				}
				var res []ir.Type
				if op.NumResults() == 1 {
					res = []ir.Type{tc.Convert(op.Result(0).Type())}
				}
				props := []ir.NamedAttr{
					{Name: "callee", Value: op.InherentAttr("callee")},
					{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(len(operands)), 0)},
					{Name: "op_bundle_sizes", Value: ctx.DenseI32Array()},
				}
				n := llvmcommon.Create(r, "llvm.call", op.Loc(), operands, res, props)
				var with []ir.Value
				if n.NumResults() == 1 {
					with = []ir.Value{n.Result(0)}
				}
				r.ReplaceOp(op, with)
				return true
			}},
	}
}

// discardable returns op's discardable attributes, or nil.
func discardable(ctx *ir.Context, op *ir.Operation) *ir.DictionaryAttr {
	if d := op.Attrs(); d != nil && len(d.Entries) > 0 {
		return d
	}
	return nil
}

// Run converts the func operations nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	tc := llvmcommon.NewTypeConverter(ctx)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddIllegalDialect("func")
	return llvmcommon.Apply(ctx, op, target, Patterns(tc), tc)
}
