// Package symboldce deletes private symbols that nothing references, as
// MLIR's symbol-dce pass does.
package symboldce

import (
	"github.com/strata-ir/strata/core/ir"
)

// Run removes unreferenced private symbols from the symbol tables nested in
// op (op itself included) and returns how many it erased. A symbol is live
// when it is public (no or "public" sym_visibility, for a symbol table
// whose parent cannot see it otherwise) or referenced, transitively, from a
// live operation.
func Run(op *ir.Operation) int {
	erased := 0
	for changed := true; changed; {
		changed = false
		live := liveSymbols(op)
		var dead []*ir.Operation
		walkTables(op, func(table *ir.Operation) {
			if table.NumRegions() == 0 || table.Region(0).First() == nil {
				return
			}
			for s := table.Region(0).First().First(); s != nil; s = s.Next() {
				if !isSymbol(s) || !isPrivate(s) || live[s] {
					continue
				}
				dead = append(dead, s)
			}
		})
		for _, d := range dead {
			d.Erase()
			erased++
			changed = true
		}
	}
	return erased
}

// isSymbol reports whether op defines a symbol (has the Symbol trait and a
// name).
func isSymbol(op *ir.Operation) bool {
	_, named := ir.SymbolName(op)
	return named && op.HasTrait(ir.SymbolTrait)
}

func isPrivate(op *ir.Operation) bool {
	v, ok := op.Attr("sym_visibility").(*ir.StringAttr)
	return ok && (v.Value == "private" || v.Value == "nested")
}

func walkTables(op *ir.Operation, f func(*ir.Operation)) {
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o.HasTrait(ir.SymbolTableTrait) {
			f(o)
		}
		return true
	})
}

// liveSymbols finds the symbols reachable from non-private operations.
func liveSymbols(root *ir.Operation) map[*ir.Operation]bool {
	live := map[*ir.Operation]bool{}
	var work []*ir.Operation
	// Every operation that is not a private symbol is a root of liveness.
	root.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if isSymbol(o) && isPrivate(o) {
			// Its body matters only once something references it.
			return false
		}
		work = append(work, o)
		return true
	})
	seen := map[*ir.Operation]bool{}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[o] {
			continue
		}
		seen[o] = true
		ir.ForEachSymbolRef(o, func(ref *ir.SymbolRefAttr) {
			if s := ir.LookupNearestSymbolFrom(o, ref); s != nil && !live[s] {
				live[s] = true
				s.Walk(ir.PreOrder, func(inner *ir.Operation) bool {
					if inner != s && isSymbol(inner) && isPrivate(inner) {
						return false
					}
					work = append(work, inner)
					return true
				})
			}
		})
	}
	return live
}
