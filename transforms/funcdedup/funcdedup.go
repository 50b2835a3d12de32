// Package funcdedup merges func.func operations that are identical apart
// from their names, as MLIR's duplicate-function-elimination pass does:
// the first of each group of equivalent functions is kept, every reference
// to the others is redirected to it, and the others are erased.
package funcdedup

import (
	"hash/maphash"

	"github.com/strata-ir/strata/core/ir"
	function "github.com/strata-ir/strata/dialects/func"
)

var seed = maphash.MakeSeed()

// Run deduplicates the func.func operations nested in op and returns how
// many it erased. Two functions are duplicates when their discardable
// attributes are equal, their properties are equal once sym_name is set
// aside (so type, visibility and argument attributes must match) and their
// bodies are structurally equivalent, locations ignored.
func Run(op *ir.Operation) int {
	buckets := map[uint64][]*ir.Operation{}
	representative := map[*ir.Operation]*ir.Operation{}
	var dups []*ir.Operation
	op.Walk(ir.PreOrder, func(f *ir.Operation) bool {
		if _, ok := function.AsFuncOp(f); !ok {
			return true
		}
		h := hash(f)
		for _, cand := range buckets[h] {
			if equivalent(f, cand) {
				representative[f] = cand
				dups = append(dups, f)
				return false
			}
		}
		buckets[h] = append(buckets[h], f)
		return false
	})
	if len(dups) == 0 {
		return 0
	}
	// Redirect every reference to a duplicate before erasing anything, so
	// that references still resolve. As in MLIR, a reference is resolved
	// in the symbol table that contains its user (the parent table for a
	// table's own attributes), without searching enclosing tables.
	op.Walk(ir.PreOrder, func(user *ir.Operation) bool {
		table := user.ParentOp()
		if !user.HasTrait(ir.SymbolTableTrait) {
			table = user
		}
		table = ir.NearestSymbolTable(table)
		if table == nil {
			return true
		}
		ir.ReplaceSymbolRefs(user, func(ref *ir.SymbolRefAttr) *ir.SymbolRefAttr {
			repr, ok := representative[ir.LookupSymbolIn(table, ref)]
			if !ok {
				return ref
			}
			name, _ := ir.SymbolName(repr)
			if len(ref.Nested) == 0 {
				return user.Context().SymbolRefAttr(name, nil)
			}
			nested := append([]string(nil), ref.Nested...)
			nested[len(nested)-1] = name
			return user.Context().SymbolRefAttr(ref.Root, nested)
		})
		return true
	})
	for _, d := range dups {
		d.Erase()
	}
	return len(dups)
}

// propsWithoutName returns the entries of f's properties other than
// sym_name.
func propsWithoutName(f *ir.Operation) []ir.NamedAttr {
	d, _ := f.Properties().(*ir.DictionaryAttr)
	if d == nil {
		return nil
	}
	out := make([]ir.NamedAttr, 0, len(d.Entries))
	for _, e := range d.Entries {
		if e.Name != "sym_name" {
			out = append(out, e)
		}
	}
	return out
}

func hash(f *ir.Operation) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	for _, e := range propsWithoutName(f) {
		h.WriteString(e.Name)
		maphash.WriteComparable(&h, e.Value.ID())
	}
	if d := f.Attrs(); d != nil {
		maphash.WriteComparable(&h, d.ID())
	}
	// The sequence of operation names in the body separates most
	// non-equivalent functions cheaply.
	f.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o != f {
			h.WriteString(o.Name())
		}
		return true
	})
	return h.Sum64()
}

func equivalent(a, b *ir.Operation) bool {
	if a.Attrs() != b.Attrs() {
		return false
	}
	pa, pb := propsWithoutName(a), propsWithoutName(b)
	if len(pa) != len(pb) {
		return false
	}
	for i := range pa {
		if pa[i] != pb[i] {
			return false
		}
	}
	return a.NumRegions() == b.NumRegions() && (a.NumRegions() == 0 || ir.RegionsEquivalent(a.Region(0), b.Region(0)))
}
