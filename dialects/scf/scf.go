// Package scf defines MLIR's scf (structured control flow) dialect:
// scf.for, scf.forall, scf.if, scf.while, scf.parallel, scf.reduce,
// scf.execute_region, scf.index_switch and their terminators. The
// operations are declared in scf.irdl, loaded when the dialect is
// registered; the Go files add what the declarations cannot say: the
// custom syntax (syntax.go), the two operations whose names have two parts
// (ops.go), the verifiers (verify.go), the region-branch and loop
// interfaces (interfaces.go), and the folders and canonicalization
// patterns (canonicalize.go).
package scf

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o scf_gen.go scf.irdl

import (
	_ "embed"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed scf.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/scf/scf.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the scf dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("scf: loading scf.irdl: " + err.Error())
	}
	registerHooks(ctx)
	ctx.RegisterOp(inParallelDef())
	ctx.RegisterOp(reduceReturnDef())
	if d := ctx.Dialect("scf"); d != nil {
		d.Inlinable = true
	}
}
