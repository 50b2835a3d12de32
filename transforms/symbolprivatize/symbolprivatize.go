// Package symbolprivatize marks the top-level symbols of an operation
// private, as MLIR's symbol-privatize pass does.
package symbolprivatize

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
)

// Run sets sym_visibility = "private" on every symbol directly nested in
// op's regions whose name is not in exclude.
func Run(op *ir.Operation, exclude []string) {
	ctx := op.Context()
	for i := 0; i < op.NumRegions(); i++ {
		for b := op.Region(i).First(); b != nil; b = b.Next() {
			for o := b.First(); o != nil; o = o.Next() {
				name, ok := ir.SymbolName(o)
				if !ok || !o.HasTrait(ir.SymbolTrait) || slices.Contains(exclude, name) {
					continue
				}
				o.SetAttr("sym_visibility", ctx.Str("private"))
			}
		}
	}
}
