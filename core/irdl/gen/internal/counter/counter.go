// Package counter is a dialect whose operations name Go hooks in
// counter.irdl; its tests check the code strata-tblgen generates for them.
package counter

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o counter_gen.go counter.irdl

import (
	_ "embed"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/core/rewrite"
)

//go:embed counter.irdl
var definitions []byte

// Register loads the dialect into ctx and attaches its hooks.
func Register(ctx *ir.Context) error {
	if err := irdl.LoadCompiled(ctx, "counter.irdl", definitions); err != nil {
		return err
	}
	registerHooks(ctx)
	if d := ctx.Dialect("counter"); d != nil {
		d.MaterializeConstant = func(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
			a, ok := value.(*ir.IntegerAttr)
			if !ok {
				return nil
			}
			return BuildConst(b, loc, a.Int64()).Operation
		}
	}
	return nil
}

// verifyConst rejects negative constants.
func verifyConst(op ConstOp) error {
	if op.Value() < 0 {
		return ir.OpError(op.Operation, "requires a non-negative value")
	}
	return nil
}

// foldConst folds a constant to its value.
func foldConst(op ConstOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return []ir.FoldResult{{Attr: op.InherentAttr("value")}}, true
}

// foldNeg folds the negation of a constant.
func foldNeg(op NegOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	c, ok := operands[0].(*ir.IntegerAttr)
	if !ok {
		return nil, false
	}
	return []ir.FoldResult{{Attr: op.Context().IntegerAttr(c.Type, -c.Int64())}}, true
}

// negCanonicalizationPatterns returns the pattern neg(neg(x)) -> x.
func negCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: "counter.neg", PatternName: "NegNeg", BenefitValue: 1,
		Fn: func(op *ir.Operation, rw *rewrite.Rewriter) bool {
			inner, ok := AsNegOp(ir.DefiningOp(op.Operand(0)))
			if !ok {
				return false
			}
			rw.ReplaceOp(op, []ir.Value{inner.Input()})
			return true
		}}}
}

// printShow prints `counter.show <%x>`.
func printShow(p ir.OpAsmPrinter, op ShowOp) {
	p.WriteString(" <")
	p.PrintOperand(op.Input())
	p.WriteString(">")
}

// parseShow parses `counter.show <%x>`.
func parseShow(p ir.OpAsmParser, st *ir.OperationState) error {
	p.ParsePunct("<")
	u := p.ParseOperand()
	p.ParsePunct(">")
	st.Operands = []ir.Value{p.ResolveOperand(u, p.Context().I(64))}
	return nil
}
