// Package vector defines MLIR's vector dialect: operations on n-D vectors
// (broadcast, extract, insert, strided slices, reductions, contractions,
// transfers to and from memory, masks, casts and printing). The operations
// are declared in vector.irdl; the Go files add the parsers and printers of
// the operations whose syntax a format cannot say (syntax.go), the
// verifiers (verify.go) and the folders (fold.go).
package vector

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o vector_gen.go vector.irdl

import (
	_ "embed"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
	"github.com/strata-ir/strata/dialects/ub"
)

//go:embed vector.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/vector/vector.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the vector dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	viewlike.Register()
	registerDirectives()
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("vector: loading vector.irdl: " + err.Error())
	}
	registerHooks(ctx)
	attachMaskableOps(ctx)
	// Folded values become ub.poison or arith.constant, as upstream's
	// VectorDialect::materializeConstant.
	if d := ctx.Dialect("vector"); d != nil {
		d.MaterializeConstant = func(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
			if ub.IsPoisonAttr(value) {
				return ub.BuildPoison(b, loc, value, t).Operation
			}
			return arith.MaterializeConstant(b, value, t, loc)
		}
	}
}

// MaskingOp is the trait of an operation that masks the operation its
// region holds (MLIR's MaskingOpInterface, vector.mask): the vector
// patterns leave a transfer whose parent has it alone.
var MaskingOp = ir.DeclareTrait("vector.MaskingOpInterface")
