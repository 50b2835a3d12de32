// Package ctr is the dialect built step by step in
// docs/defining-a-dialect.md: its operations are declared in ctr.irdl, and
// this file adds a verifier, a folder, a constant materializer, a
// canonicalization pattern and a pass.
package ctr

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
)

//go:embed ctr.irdl
var definitions []byte

// Register adds the ctr dialect to ctx.
func Register(ctx *ir.Context) error {
	if err := irdl.Load(ctx, "ctr.irdl", definitions); err != nil {
		return err
	}
	// Step 3: a verifier the declaration cannot express. The constraint
	// checks from ctr.irdl run first; this adds a range check.
	constDef := ctx.LookupOpName("ctr.const").Def
	declared := constDef.Verify
	constDef.Verify = func(op *ir.Operation) error {
		if declared != nil {
			if err := declared(op); err != nil {
				return err
			}
		}
		if v := op.InherentAttr("value").(*ir.IntegerAttr).Int64(); v < -1000000 || v > 1000000 {
			return ir.OpError(op, fmt.Sprintf("value %d is outside the counter range", v))
		}
		return nil
	}
	// Step 4: folding. ctr.const folds to its value, ctr.add of two
	// constants to their sum, and x + 0 to x.
	constDef.Fold = func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		return []ir.FoldResult{{Attr: op.InherentAttr("value")}}, true
	}
	ctx.LookupOpName("ctr.add").Def.Fold = foldAdd
	ctx.Dialect("ctr").MaterializeConstant = func(b *ir.Builder, v ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		return b.Create(&ir.OperationState{Name: b.Ctx.OpName("ctr.const"), Loc: loc, ResultTypes: []ir.Type{t},
			Properties: b.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: v}})})
	}
	// Step 5: a canonicalization pattern.
	registerPatterns.Do(func() {
		rewrite.RegisterCanonicalization("ctr.neg", func() rewrite.Pattern { return NegNeg })
	})
	return nil
}

var registerPatterns, registerPasses sync.Once

func foldAdd(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	lhs, lok := operands[0].(*ir.IntegerAttr)
	rhs, rok := operands[1].(*ir.IntegerAttr)
	switch {
	case lok && rok:
		return []ir.FoldResult{{Attr: op.Context().IntegerAttr(lhs.Type, lhs.Int64()+rhs.Int64())}}, true
	case rok && rhs.Int64() == 0:
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	return nil, false
}

// NegNeg rewrites ctr.neg(ctr.neg(x)) to x.
var NegNeg = &rewrite.Func{RootName: "ctr.neg", BenefitValue: 1, PatternName: "ctr-neg-neg",
	Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
		inner := ir.DefiningOp(op.Operand(0))
		if inner == nil || inner.Name() != "ctr.neg" {
			return false
		}
		r.ReplaceOp(op, []ir.Value{inner.Operand(0)})
		return true
	}}

// RegisterPasses adds the tutorial's pass, ctr-count, which reports how many
// ctr operations each function holds as a remark.
func RegisterPasses() {
	registerPasses.Do(func() {
		pass.Register(pass.Registration{Argument: "ctr-count", Summary: "Count ctr operations", New: newCount})
	})
}

type count struct {
	pass.Info
	total *pass.Statistic
}

func newCount() pass.Pass {
	p := &count{Info: pass.Info{Argument: "ctr-count", Name: "CtrCount", Summary: "Count ctr operations", OpName: "func.func"}}
	p.total = p.Stats.New("num-ctr-ops", "Number of ctr operations")
	return p
}

func (p *count) Run(op *ir.Operation, st *pass.State) error {
	n := 0
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o.OpName().DialectNamespace() == "ctr" {
			n++
		}
		return true
	})
	p.total.Add(uint64(n))
	st.Emit(&ir.Diagnostic{Severity: ir.SeverityRemark, Loc: op.Loc(), Message: fmt.Sprintf("%d ctr operations", n)})
	st.MarkAllPreserved()
	return nil
}
