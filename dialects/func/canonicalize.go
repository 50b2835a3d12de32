package function

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// setMaterializer sets the dialect's constant materializer; func.constant's
// folder and call_indirect's canonicalization are hooks of func.irdl.
func setMaterializer(ctx *ir.Context) {
	if d := ctx.Dialect(Namespace); d != nil {
		d.MaterializeConstant = materializeConstant
	}
}

// callIndirectCanonicalizationPatterns are func.call_indirect's
// canonicalization patterns.
func callIndirectCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: CallIndirectOpName, BenefitValue: 1,
		PatternName: "SimplifyIndirectCallWithKnownCallee", Fn: simplifyIndirectCall}}
}

// foldConstant folds func.constant to its symbol reference.
func foldConstant(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	v := op.InherentAttr("value")
	if v == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: v}}, true
}

// materializeConstant builds func.constant for a flat symbol reference of
// a function type (FuncDialect::materializeConstant).
func materializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	ref, ok := value.(*ir.SymbolRefAttr)
	if !ok || len(ref.Nested) != 0 {
		return nil
	}
	if _, ok := t.(*ir.FunctionType); !ok {
		return nil
	}
	return b.Create(&ir.OperationState{
		Name:        b.Ctx.OpName("func.constant"),
		Loc:         loc,
		ResultTypes: []ir.Type{t},
		Properties:  b.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: value}}),
	})
}

// simplifyIndirectCall replaces a call_indirect of a constant callee with
// a direct call (upstream's SimplifyIndirectCallWithKnownCallee).
func simplifyIndirectCall(op *ir.Operation, r *rewrite.Rewriter) bool {
	def := ir.DefiningOp(op.Operand(0))
	if def == nil {
		return false
	}
	v, ok := rewrite.ConstantValue(def)
	if !ok {
		return false
	}
	ref, ok := v.(*ir.SymbolRefAttr)
	if !ok || len(ref.Nested) != 0 {
		return false
	}
	call := r.Create(&ir.OperationState{
		Name:        r.Ctx.OpName("func.call"),
		Loc:         op.Loc(),
		Operands:    append([]ir.Value(nil), op.Operands()[1:]...),
		ResultTypes: op.ResultTypes(),
		Properties:  r.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "callee", Value: ref}}),
	})
	r.ReplaceOp(op, call.Results())
	return true
}
