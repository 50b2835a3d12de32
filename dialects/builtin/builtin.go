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
