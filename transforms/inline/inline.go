// Package inline inlines calls to callables with known bodies, as MLIR's
// inline pass does: callees are processed before their callers (strongly
// connected components of the call graph, so recursion is never inlined),
// a call is inlined when every operation of the callee belongs to a dialect
// that allows inlining and neither side is marked no_inline, and private
// callables left without uses are erased.
package inline

import (
	"github.com/strata-ir/strata/core/ir"
)

// Options tune the inliner.
type Options struct {
	// MaxIterations bounds the rounds of inlining (MLIR's max-iterations).
	MaxIterations int
	// Simplify, if set, runs after a callable received inlined code (MLIR's
	// default-pipeline, canonicalize).
	Simplify func(callable *ir.Operation)
}

// Run inlines calls within the symbol table operation op and returns how
// many calls it inlined.
func Run(op *ir.Operation, opts Options) int {
	if opts.MaxIterations <= 0 {
		opts.MaxIterations = 4
	}
	total := 0
	for iter := 0; iter < opts.MaxIterations; iter++ {
		n := runOnce(op, opts)
		total += n
		if n == 0 {
			break
		}
	}
	eraseDeadCallables(op)
	return total
}

func callables(op *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o != op && isCallable(o) {
			out = append(out, o)
		}
		return true
	})
	return out
}

func isCallable(o *ir.Operation) bool { return ir.CallableOp.Implements(o) }

func body(o *ir.Operation) *ir.Region {
	c, ok := ir.CallableOp.Of(o)
	if !ok {
		return nil
	}
	r := c.CallableRegion(o)
	if r == nil || r.Empty() {
		return nil
	}
	return r
}

// calls returns the call operations nested in callable, in order.
func calls(callable *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	callable.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o != callable && isCallable(o) {
			return false
		}
		if c, ok := ir.CallOp.Of(o); ok && c.CallTarget(o) != nil {
			out = append(out, o)
		}
		return true
	})
	return out
}

func resolve(call *ir.Operation) *ir.Operation {
	c, ok := ir.CallOp.Of(call)
	if !ok {
		return nil
	}
	ref := c.CallTarget(call)
	if ref == nil {
		return nil
	}
	s := ir.LookupNearestSymbolFrom(call, ref)
	if s == nil || !isCallable(s) {
		return nil
	}
	return s
}

// sccOrder returns the callables in post-order of the call graph's
// strongly connected components (callees first) and each one's component.
func sccOrder(nodes []*ir.Operation) ([]*ir.Operation, map[*ir.Operation]int) {
	edges := map[*ir.Operation][]*ir.Operation{}
	for _, n := range nodes {
		for _, c := range calls(n) {
			if t := resolve(c); t != nil {
				edges[n] = append(edges[n], t)
			}
		}
	}
	index, low := map[*ir.Operation]int{}, map[*ir.Operation]int{}
	onStack := map[*ir.Operation]bool{}
	var stack, order []*ir.Operation
	comp := map[*ir.Operation]int{}
	next, ncomp := 0, 0
	var strong func(v *ir.Operation)
	strong = func(v *ir.Operation) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range edges[v] {
			if _, seen := index[w]; !seen {
				strong(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp[w] = ncomp
				order = append(order, w)
				if w == v {
					break
				}
			}
			ncomp++
		}
	}
	for _, n := range nodes {
		if _, seen := index[n]; !seen {
			strong(n)
		}
	}
	return order, comp
}

func runOnce(op *ir.Operation, opts Options) int {
	order, comp := sccOrder(callables(op))
	inlined := 0
	for _, caller := range order {
		changed := false
		for _, call := range calls(caller) {
			callee := resolve(call)
			if callee == nil || comp[callee] == comp[caller] || !legal(call, callee) {
				continue
			}
			inlineCall(call, callee)
			inlined++
			changed = true
		}
		if changed && opts.Simplify != nil {
			opts.Simplify(caller)
		}
	}
	return inlined
}

// legal reports whether callee may be inlined at call: it has a body of
// one block ending in a return-like terminator, nothing is marked
// no_inline, and every nested operation belongs to an inlinable dialect.
func legal(call, callee *ir.Operation) bool {
	if call.Attr("no_inline") != nil || callee.Attr("no_inline") != nil {
		return false
	}
	r := body(callee)
	if r == nil || !r.HasOneBlock() {
		return false
	}
	term := r.First().Last()
	if term == nil || !term.HasTrait(ir.ReturnLike) || term.NumOperands() != call.NumResults() {
		return false
	}
	if r.First().NumArguments() != call.NumOperands() {
		return false
	}
	ok := true
	for o := r.First().First(); o != nil && ok; o = o.Next() {
		o.Walk(ir.PreOrder, func(n *ir.Operation) bool {
			if d := n.OpName().Dialect; d == nil || !d.Inlinable || !n.IsRegistered() {
				ok = false
			}
			return ok
		})
	}
	return ok
}

// inlineCall clones the callee's body before call, with its arguments
// mapped to the call's operands, and replaces the call's results with the
// returned values.
func inlineCall(call, callee *ir.Operation) {
	entry := body(callee).First()
	mapping := map[ir.Value]ir.Value{}
	for i, a := range entry.Arguments() {
		mapping[a] = call.Operand(i)
	}
	blk := call.Block()
	term := entry.Last()
	for o := entry.First(); o != term; o = o.Next() {
		clone := o.Clone(mapping)
		blk.InsertBefore(call, clone)
	}
	for i := 0; i < call.NumResults(); i++ {
		v := term.Operand(i)
		if m, ok := mapping[v]; ok {
			v = m
		}
		ir.ReplaceAllUsesWith(call.Result(i), v)
	}
	call.Erase()
}

// eraseDeadCallables removes private callables that nothing references.
func eraseDeadCallables(op *ir.Operation) {
	for changed := true; changed; {
		changed = false
		used := map[*ir.Operation]bool{}
		op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
			ir.ForEachSymbolRef(o, func(ref *ir.SymbolRefAttr) {
				if s := ir.LookupNearestSymbolFrom(o, ref); s != nil && s != o {
					used[s] = true
				}
			})
			return true
		})
		for _, c := range callables(op) {
			if v, ok := c.Attr("sym_visibility").(*ir.StringAttr); ok && v.Value == "private" && !used[c] && c.HasTrait(ir.SymbolTrait) {
				c.Erase()
				changed = true
			}
		}
	}
}
