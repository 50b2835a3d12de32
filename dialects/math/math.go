// Package math defines MLIR's math dialect. The operations are declared in
// math.irdl, loaded when the dialect is registered; this file adds the
// folders (fold.go).
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

// Register adds the math dialect to ctx, and the arith dialect whose
// fast-math attribute it uses when ctx does not have it yet. The
// definitions are embedded and checked by the package's tests, so a
// failure to load them is a bug in this package and panics.
func Register(ctx *ir.Context) {
	if ctx.LookupOpName("arith.constant") == nil {
		arith.Register(ctx)
	}
	if err := irdl.Load(ctx, "dialects/math/math.irdl", definitions); err != nil {
		panic("math: loading math.irdl: " + err.Error())
	}
	registerFolders(ctx)
	if d := ctx.Dialect("math"); d != nil {
		d.Inlinable = true
	}
}
