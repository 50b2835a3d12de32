// Package math defines MLIR's math dialect. The operations are declared in
// math.irdl, loaded when the dialect is registered; Go adds the folders
// (fold.go), the elementwise verifier and arith's constant materializer.
package math

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o math_gen.go math.irdl

import (
	_ "embed"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/arith"
)

//go:embed math.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/math/math.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the math dialect to ctx, and the arith dialect whose
// fast-math attribute it uses when ctx does not have it yet. The
// definitions are embedded and checked by the package's tests, so a
// failure to load them is a bug in this package and panics.
func Register(ctx *ir.Context) {
	if ctx.LookupOpName("arith.constant") == nil {
		arith.Register(ctx)
	}
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("math: loading math.irdl: " + err.Error())
	}
	registerHooks(ctx)
	if d := ctx.Dialect("math"); d != nil {
		d.Inlinable = true
		d.MaterializeConstant = arith.MaterializeConstant
	}
}

// verifyElementwise checks MLIR's ElementwiseMappable trait after the
// declarations' own verification, for every math operation.
var verifyElementwise = arith.VerifyElementwise
