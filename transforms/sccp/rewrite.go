package sccp

import "github.com/strata-ir/strata/core/ir"

// constKey identifies a materialized constant within an insertion region.
type constKey struct {
	region  *ir.Region
	dialect *ir.Dialect
	attr    ir.Attribute
	typ     ir.Type
}

type rewriter struct {
	s      *solver
	consts map[constKey]ir.Value
}

// rewrite replaces every value with a constant lattice by a materialized
// constant and erases operations left dead, visiting blocks as MLIR's
// sccp does (a stack of blocks, the regions of an operation after the rest
// of its block).
func (s *solver) rewrite(top *ir.Operation) int {
	rw := &rewriter{s: s, consts: map[constKey]ir.Value{}}
	replaced := 0
	var stack []*ir.Block
	push := func(op *ir.Operation) {
		for i := op.NumRegions() - 1; i >= 0; i-- {
			r := op.Region(i)
			var blocks []*ir.Block
			for b := r.First(); b != nil; b = b.Next() {
				blocks = append(blocks, b)
			}
			for j := len(blocks) - 1; j >= 0; j-- {
				stack = append(stack, blocks[j])
			}
		}
	}
	push(top)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for op := b.First(); op != nil; {
			next := op.Next()
			all := op.NumResults() != 0
			for i := 0; i < op.NumResults(); i++ {
				if rw.replace(op.Result(i), b) {
					replaced++
				} else {
					all = false
				}
			}
			if all && op.WouldBeTriviallyDead() {
				op.Erase()
				op = next
				continue
			}
			push(op)
			op = next
		}
		for i := 0; i < b.NumArguments(); i++ {
			if rw.replace(b.Argument(i), b) {
				replaced++
			}
		}
	}
	return replaced
}

// replace replaces the uses of v with a constant when its lattice is one.
func (rw *rewriter) replace(v ir.Value, in *ir.Block) bool {
	l := rw.s.values[v]
	if l == nil || l.state != constant {
		return false
	}
	c := rw.constant(in, l, v.Type())
	if c == nil {
		return false
	}
	ir.ReplaceAllUsesWith(v, c)
	return true
}

// constant returns the constant of value l and type t for block in,
// materializing it at the front of the entry block of the nearest region
// that is isolated from above, once per region (as MLIR's OperationFolder).
func (rw *rewriter) constant(in *ir.Block, l *lattice, t ir.Type) ir.Value {
	region := in.Parent()
	for region != nil {
		p := region.ParentOp()
		if p == nil || p.HasTrait(ir.IsolatedFromAbove) || p.Block() == nil {
			break
		}
		region = p.Block().Parent()
	}
	key := constKey{region, l.dialect, l.attr, t}
	if c, ok := rw.consts[key]; ok {
		return c
	}
	if l.dialect == nil || l.dialect.MaterializeConstant == nil || region == nil || region.First() == nil {
		return nil
	}
	b := ir.NewBuilder(rw.s.ctx)
	entry := region.First()
	if entry.First() != nil {
		b.SetInsertionPoint(entry.First())
	} else {
		b.SetInsertionPointToEnd(entry)
	}
	op := l.dialect.MaterializeConstant(b, l.attr, t, rw.s.ctx.UnknownLoc())
	if op == nil {
		return nil
	}
	rw.consts[key] = op.Result(0)
	return op.Result(0)
}
