package arithtollvm

import (
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
)

// foldFirst folds the arith operations nested in root, in order, before
// they are converted, as MLIR's conversion driver tries an illegal
// operation's folder before its patterns: a result that folds to a
// constant becomes an arith.constant at the operation's place (converted
// after), one that folds to an existing value is replaced by it.
func foldFirst(ctx *ir.Context, root *ir.Operation) {
	var work []*ir.Operation
	root.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o != root && o.Name() != arith.ConstantOpName && strings.HasPrefix(o.Name(), "arith.") {
			work = append(work, o)
		}
		return true
	})
	b := ir.NewBuilder(ctx)
	for _, op := range work {
		d := op.Def()
		if d == nil || d.Fold == nil || d.HasTrait(ir.ConstantLike) {
			continue
		}
		operands := make([]ir.Attribute, op.NumOperands())
		for i, v := range op.Operands() {
			if def := ir.DefiningOp(v); def != nil {
				if a, ok := rewrite.ConstantValue(def); ok {
					operands[i] = a
				}
			}
		}
		results, ok := d.Fold(op, operands)
		if !ok || len(results) == 0 || len(results) != op.NumResults() {
			continue
		}
		b.SetInsertionPoint(op)
		vals := make([]ir.Value, len(results))
		var made []*ir.Operation
		for i, r := range results {
			if r.Value != nil {
				vals[i] = r.Value
				continue
			}
			c := arith.MaterializeConstant(b, r.Attr, op.Result(i).Type(), op.Loc())
			if c == nil {
				break
			}
			made = append(made, c)
			vals[i] = c.Result(0)
		}
		complete := true
		for _, v := range vals {
			complete = complete && v != nil
		}
		if !complete {
			for _, c := range made {
				c.Erase()
			}
			continue
		}
		for i, r := range op.Results() {
			ir.ReplaceAllUsesWith(r, vals[i])
		}
		op.Erase()
	}
}
