// Package ctr is the dialect built step by step in
// docs/defining-a-dialect.md: its operations are declared in ctr.irdl,
// which names the Go hooks of this file (a verifier, two folders, a
// canonicalization pattern); ctr_gen.go is generated from it, and a
// constant materializer and a pass complete the dialect.
package ctr

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o ctr_gen.go ctr.irdl

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

// Register adds the ctr dialect to ctx: the declarations of ctr.irdl, the
// hooks they name (generated registerHooks) and the constant
// materializer.
func Register(ctx *ir.Context) error {
	if err := irdl.LoadCompiled(ctx, "ctr.irdl", definitions); err != nil {
		return err
	}
	registerHooks(ctx)
	ctx.Dialect("ctr").MaterializeConstant = func(b *ir.Builder, v ir.Attribute, _ ir.Type, loc ir.Location) *ir.Operation {
		a, ok := v.(*ir.IntegerAttr)
		if !ok {
			return nil
		}
		return BuildConst(b, loc, a.Int64()).Operation
	}
	return nil
}

var registerPasses sync.Once

// verifyConst is ctr.const's verifier hook: a range check the declaration
// cannot express, run after the checks of ctr.irdl.
func verifyConst(op ConstOp) error {
	if v := op.Value(); v < -1000000 || v > 1000000 {
		return ir.OpError(op.Operation, fmt.Sprintf("value %d is outside the counter range", v))
	}
	return nil
}

// foldConst folds ctr.const to its value, which makes it a constant to
// the framework.
func foldConst(op ConstOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return []ir.FoldResult{{Attr: op.ValueAttr()}}, true
}

// foldAdd folds ctr.add of two constants to their sum and x + 0 to x.
func foldAdd(op AddOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	lhs, lok := operands[0].(*ir.IntegerAttr)
	rhs, rok := operands[1].(*ir.IntegerAttr)
	switch {
	case lok && rok:
		return []ir.FoldResult{{Attr: op.Context().IntegerAttr(lhs.Type, lhs.Int64()+rhs.Int64())}}, true
	case rok && rhs.Int64() == 0:
		return []ir.FoldResult{{Value: op.Lhs()}}, true
	}
	return nil, false
}

// negCanonicalizationPatterns is ctr.neg's canonicalizer hook.
func negCanonicalizationPatterns() []rewrite.Pattern { return []rewrite.Pattern{NegNeg} }

// NegNeg rewrites ctr.neg(ctr.neg(x)) to x.
var NegNeg = &rewrite.Func{RootName: NegOpName, BenefitValue: 1, PatternName: "ctr-neg-neg",
	Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
		outer, _ := AsNegOp(op)
		inner, ok := AsNegOp(ir.DefiningOp(outer.Input()))
		if !ok {
			return false
		}
		r.ReplaceOp(op, []ir.Value{inner.Input()})
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
