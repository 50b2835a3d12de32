package ir

// EffectKind is the kind of a memory side effect.
type EffectKind uint8

// The memory effect kinds of MLIR's MemoryEffects.
const (
	EffectRead EffectKind = iota
	EffectWrite
	EffectAllocate
	EffectFree
)

// MemoryEffect is one side effect of an operation, optionally on a value
// (an operand or result) of it.
type MemoryEffect struct {
	Kind  EffectKind
	Value Value
}

// FoldResult is one result of folding an operation: either an attribute
// (a constant to materialize) or an existing value.
type FoldResult struct {
	Attr  Attribute
	Value Value
}

// Effects returns the memory effects of op and whether they are known.
// Pure operations have none; operations with RecursiveMemoryEffects have
// the effects of their nested operations (and their own, if any);
// otherwise the operation's MemoryEffectOpInterface decides, and
// operations without one (including unregistered ones) have unknown
// effects.
func (op *Operation) Effects() ([]MemoryEffect, bool) {
	d := op.Def()
	if d == nil {
		return nil, false
	}
	if d.HasTrait(Pure) {
		return nil, true
	}
	var own []MemoryEffect
	known := false
	if m, ok := MemoryEffectsOp.OfDef(d); ok {
		own, known = m.Effects(op), true
	}
	if d.HasTrait(RecursiveMemoryEffects) {
		all := append([]MemoryEffect(nil), own...)
		ok := true
		for i := range op.regions {
			for b := op.regions[i].first; b != nil && ok; b = b.next {
				for o := b.first; o != nil && ok; o = o.next {
					e, k := o.Effects()
					ok = k
					all = append(all, e...)
				}
			}
		}
		return all, ok
	}
	return own, known
}

// IsMemoryEffectFree reports whether op is known to have no side effects.
func (op *Operation) IsMemoryEffectFree() bool {
	e, known := op.Effects()
	return known && len(e) == 0
}

// WouldBeTriviallyDead reports whether op could be erased if it had no
// uses: it is not a terminator, not a symbol, and its only effects are
// reads or allocations of its own results (MLIR's wouldOpBeTriviallyDead).
// As in MLIR, an operation with RecursiveMemoryEffects is judged by each
// nested operation in turn, so that an allocation inside a region, whose
// effect is on a result of the nested operation, does not keep the
// enclosing operation alive.
func (op *Operation) WouldBeTriviallyDead() bool {
	if op.MightHaveTrait(IsTerminator) || op.HasTrait(SymbolTrait) {
		return false
	}
	work := []*Operation{op}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		d := o.Def()
		if d == nil {
			return false
		}
		recursive := d.HasTrait(RecursiveMemoryEffects)
		if recursive {
			for i := range o.regions {
				for b := o.regions[i].first; b != nil; b = b.next {
					for n := b.first; n != nil; n = n.next {
						work = append(work, n)
					}
				}
			}
		}
		if d.HasTrait(Pure) {
			continue
		}
		m, ok := MemoryEffectsOp.OfDef(d)
		if !ok {
			if recursive {
				continue
			}
			return false
		}
		for _, e := range m.Effects(o) {
			switch e.Kind {
			case EffectRead:
				continue
			case EffectAllocate:
				if r, ok := e.Value.(*OpResult); ok && r.owner == o {
					continue
				}
			}
			return false
		}
	}
	return true
}

// IsTriviallyDead reports whether op has no uses and would be trivially
// dead.
func (op *Operation) IsTriviallyDead() bool { return !op.HasUses() && op.WouldBeTriviallyDead() }

// AutomaticAllocation is the trait of an operation whose Allocate effects
// are on MLIR's AutomaticAllocationScopeResource: what it allocates is
// released when control leaves the nearest enclosing
// AutomaticAllocationScope (memref.alloca), so no deallocation is ever
// inserted for it.
var AutomaticAllocation = DeclareTrait("ir.AutomaticAllocation")
