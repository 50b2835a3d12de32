// Package stripdebuginfo replaces every location with loc(unknown), as
// MLIR's strip-debuginfo pass does.
package stripdebuginfo

import "github.com/strata-ir/strata/core/ir"

// Run strips the locations of op, everything nested in it, and their block
// arguments.
func Run(ctx *ir.Context, op *ir.Operation) {
	unknown := ctx.UnknownLoc()
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		o.SetLoc(unknown)
		for i := 0; i < o.NumRegions(); i++ {
			for b := o.Region(i).First(); b != nil; b = b.Next() {
				for _, a := range b.Arguments() {
					a.Loc = unknown
				}
			}
		}
		return true
	})
}
