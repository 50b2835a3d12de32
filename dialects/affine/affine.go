// Package affine defines MLIR's affine dialect: affine.for, affine.if,
// affine.yield, affine.apply, affine.min, affine.max, affine.load,
// affine.store, affine.prefetch, affine.vector_load and affine.vector_store.
// The operations are
// declared in affine.irdl, loaded when the dialect is registered; the Go
// files add what the declarations cannot say: the custom syntax of maps
// and integer sets with their dimension and symbol operands (syntax.go),
// the verifiers and the rules for valid dimensions and symbols
// (verify.go), the region-branch and loop interfaces and the folders
// (interfaces.go). Affine maps and integer sets are those of core/affine.
package affine

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o affine_gen.go affine.irdl

import (
	_ "embed"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed affine.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/affine/affine.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the affine dialect to ctx. The definitions are embedded
// and checked by the package's tests, so a failure to load them is a bug
// in this package and panics.
func Register(ctx *ir.Context) {
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("affine: loading affine.irdl: " + err.Error())
	}
	registerHooks(ctx)
	if d := ctx.Dialect("affine"); d != nil {
		// Folded operations become arith.constant, as upstream's affine
		// dialect materializes constants through arith.
		d.MaterializeConstant = func(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
			a := b.Ctx.Dialect("arith")
			if a == nil || a.MaterializeConstant == nil {
				return nil
			}
			return a.MaterializeConstant(b, value, t, loc)
		}
	}
}
