package memref

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// This file holds the canonicalizations of memref.alloca_scope: inlining
// a scope that cannot extend an allocation's lifetime, and hoisting
// allocations out of nested scopes into the enclosing allocation scope.

// isStackAllocation reports whether op is guaranteed to allocate on the
// stack of the enclosing automatic allocation scope (memref.alloca).
func isStackAllocation(op *ir.Operation) bool {
	return op.Name() == "memref.alloca"
}

// mayAllocateOnStack reports whether op itself (not what it holds) might
// allocate on the stack: an operation whose effects are unknown might.
func mayAllocateOnStack(op *ir.Operation) bool {
	if op.HasTrait(ir.RecursiveMemoryEffects) {
		return false
	}
	if _, known := op.Effects(); !known {
		return true
	}
	return isStackAllocation(op)
}

// lastBeforeTerminator reports whether op is in a single-block region and
// followed only by the block's terminator.
func lastBeforeTerminator(op *ir.Operation) bool {
	b := op.Block()
	if b == nil || b.Last() == nil || !b.Last().MightHaveTrait(ir.IsTerminator) {
		return false
	}
	return op.Next() == b.Last() && b.Parent().NumBlocks() == 1
}

// inlineAllocaScope is AllocaScopeInliner: a scope whose body cannot
// allocate on the stack, or that is the last operation of a parent that is
// itself an allocation scope, is replaced by its body.
func inlineAllocaScope(op *ir.Operation, r *rewrite.Rewriter) bool {
	potential := false
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if potential {
			return false
		}
		if o == op {
			return true
		}
		if mayAllocateOnStack(o) {
			potential = true
			return false
		}
		return !o.HasTrait(ir.AutomaticAllocationScope)
	})
	if potential {
		parent := op.ParentOp()
		if parent == nil || !parent.HasTrait(ir.AutomaticAllocationScope) || !lastBeforeTerminator(op) {
			return false
		}
	}
	block := op.Region(0).First()
	if block == nil || block.Last() == nil {
		return false
	}
	term := block.Last()
	results := term.Operands()
	r.InlineBlockBefore(block, op.Block(), op, nil)
	r.ReplaceOp(op, results)
	r.EraseOp(term)
	return true
}

// hoistAllocaScopeAllocations is AllocaScopeHoister: the stack allocations
// of a scope that ends a chain of last operations below an allocation
// scope move before the outermost operation of the chain, when their
// operands are defined outside it.
func hoistAllocaScopeAllocations(op *ir.Operation, r *rewrite.Rewriter) bool {
	hasScope := false
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.AutomaticAllocationScope) {
			hasScope = true
			break
		}
	}
	if !hasScope {
		return false
	}
	last := op.ParentOp()
	if last == nil || last.HasTrait(ir.AutomaticAllocationScope) {
		return false
	}
	if !lastBeforeTerminator(op) || !lastBeforeTerminator(last) {
		return false
	}
	for {
		p := last.ParentOp()
		if p == nil {
			return false
		}
		if p.HasTrait(ir.AutomaticAllocationScope) {
			break
		}
		last = p
		if !lastBeforeTerminator(last) {
			return false
		}
	}
	var containing *ir.Region
	for i := 0; i < last.NumRegions(); i++ {
		if last.Region(i).IsAncestor(op.ParentRegion()) {
			containing = last.Region(i)
		}
	}
	if containing == nil {
		return false
	}
	var hoist []*ir.Operation
	op.Walk(ir.PostOrder, func(o *ir.Operation) bool {
		if !isStackAllocation(o) {
			return true
		}
		for i := 0; i < o.NumOperands(); i++ {
			if b := ir.ParentBlock(o.Operand(i)); b != nil && containing.IsAncestor(b.Parent()) {
				return true
			}
		}
		hoist = append(hoist, o)
		return true
	})
	if len(hoist) == 0 {
		return false
	}
	r.SetInsertionPoint(last)
	for _, o := range hoist {
		c := r.Insert(o.Clone(nil))
		r.ReplaceOp(o, c.Results())
	}
	return true
}
