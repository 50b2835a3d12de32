// Package tile defines Strata's tile dialect, the block-level kernel IR
// between portable math (linalg) and the chips: a kernel (tile.func) is a
// grid of programs; each program loads blocks of its operands from views
// (!tile.view) over memrefs, computes on them as SSA values and stores
// blocks back; tile.launch runs a kernel over a grid from host code.
//
// Tiles are statically shaped builtin tensors (tensor<128x64xbf16>), as in
// Triton: arith and math operations apply to them elementwise, scf.for
// carries them through iter_args, and no new value type is needed. The
// operations are declared in tile.irdl; syntax.go holds the syntax a
// format cannot say, verify.go the verifiers and fold.go the folders.
// docs/dialects/tile.md documents every operation.
package tile

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o tile_gen.go tile.irdl

import (
	_ "embed"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/arith"
)

//go:embed tile.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/tile/tile.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the tile dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("tile: loading tile.irdl: " + err.Error())
	}
	registerHooks(ctx)
	if d := ctx.Dialect("tile"); d != nil {
		d.MaterializeConstant = arith.MaterializeConstant
	}
}

// The per-axis semantics of a kernel's grid.
const (
	// Parallel axes hold independent programs, run in any order.
	Parallel = "parallel"
	// Arbitrary axes run in ascending order for each point of the
	// parallel axes.
	Arbitrary = "arbitrary"
)

// GridAttr returns the grid property of a tile.func whose axes have the
// given semantics (Parallel or Arbitrary).
func GridAttr(ctx *ir.Context, semantics ...string) ir.Attribute {
	elems := make([]ir.Attribute, len(semantics))
	for i, s := range semantics {
		elems[i] = ctx.Str(s)
	}
	return ctx.ArrayAttr(elems)
}

// PadAttr returns the pad property of a tile.load or tile.gather for a pad
// keyword: "zero", "neg_inf", "pos_inf" or "nan". A constant pad is a
// FloatAttr or IntegerAttr of the element type.
func PadAttr(ctx *ir.Context, keyword string) ir.Attribute { return ctx.Str(keyword) }
