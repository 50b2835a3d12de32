// Package builtin defines MLIR's builtin dialect operations: builtin.module
// and builtin.unrealized_conversion_cast, with their upstream syntax.
package builtin

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o builtin_gen.go builtin.irdl

import (
	_ "embed"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed builtin.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/builtin/builtin.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the builtin operations to ctx. The definitions are
// embedded and checked by the package's tests, so a failure to load them
// is a bug in this package and panics.
func Register(ctx *ir.Context) {
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("builtin: loading builtin.irdl: " + err.Error())
	}
	registerHooks(ctx)
	on := ctx.LookupOpName("builtin.module")
	on.Def.DefaultDialect = "builtin"
	on = ctx.LookupOpName("builtin.unrealized_conversion_cast")
	on.Def.Verify = func(op *ir.Operation) error {
		if op.NumResults() == 0 {
			return ir.OpError(op, "expected at least one result for cast operation")
		}
		return nil
	}
	on.Def.Fold = foldUnrealizedCast
}

// foldUnrealizedCast is MLIR's UnrealizedConversionCastOp::fold: a cast
// to its operands' own types is its operands, and a cast that undoes
// another (all of that cast's results, in order, back to that cast's
// operand types) is that cast's operands.
func foldUnrealizedCast(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	ins, outs := op.Operands(), op.Results()
	same := len(ins) == len(outs)
	for i := 0; same && i < len(ins); i++ {
		same = ins[i].Type() == outs[i].Type()
	}
	if same {
		return valuesFold(ins), true
	}
	if len(ins) == 0 {
		return nil, false
	}
	in := ir.DefiningOp(ins[0])
	if in == nil || in.Name() != op.Name() || in.NumResults() != len(ins) || in.NumOperands() != len(outs) {
		return nil, false
	}
	for i, v := range ins {
		if v != ir.Value(in.Result(i)) {
			return nil, false
		}
	}
	for i, r := range outs {
		if in.Operand(i).Type() != r.Type() {
			return nil, false
		}
	}
	return valuesFold(in.Operands()), true
}

func valuesFold(vs []ir.Value) []ir.FoldResult {
	out := make([]ir.FoldResult, len(vs))
	for i, v := range vs {
		out[i] = ir.FoldResult{Value: v}
	}
	return out
}

// verifyModule checks that a module's discardable attributes all have a
// dialect prefix (MLIR's ModuleOp::verify).
func verifyModule(op *ir.Operation) error {
	if d := op.Attrs(); d != nil {
		for _, e := range d.Entries {
			if !strings.Contains(e.Name, ".") {
				return ir.OpError(op, "can only contain attributes with dialect-prefixed names, found: '"+e.Name+"'")
			}
		}
	}
	return nil
}
