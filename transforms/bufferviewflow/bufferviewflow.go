// Package bufferviewflow is MLIR's BufferViewFlowAnalysis: for the IR under
// an operation it records which buffers may be views of (or be forwarded
// as) which other buffers, and which buffers cannot be traced back any
// further. The buffer deallocation passes use it to ask where a buffer
// comes from (Origins), optimize-allocation-liveness to find every buffer
// derived from an allocation (Resolve).
//
// Operations say how buffers flow through them with their interfaces, in
// this order: bufferization.BufferViewFlowOpInterface, ViewLikeOpInterface
// (the result is a view of the source), BranchOpInterface (the forwarded
// operands flow into the successors' arguments), RegionBranchOpInterface
// (operands and terminator operands flow into region arguments and
// results) and CallOpInterface (every operand may flow into every result,
// which may also be a new buffer). The buffer results of any other
// operation, and the buffer arguments of its regions, are new buffers.
package bufferviewflow

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// Analysis is the view flow of the buffers under one operation.
type Analysis struct {
	// deps maps a buffer to the buffers that may be derived from it, rev
	// the other way round; both keep the order the edges were found in.
	deps, rev map[ir.Value][]ir.Value
	// terminals holds the buffers that may not be derived from any other
	// buffer (an allocation, a function argument, a buffer loaded from
	// memory).
	terminals map[ir.Value]bool
}

// New analyses the IR nested under root (root included).
func New(root *ir.Operation) *Analysis {
	a := &Analysis{deps: map[ir.Value][]ir.Value{}, rev: map[ir.Value][]ir.Value{}, terminals: map[ir.Value]bool{}}
	link := func(from, to []ir.Value) {
		for i := range from {
			if i < len(to) {
				a.register(from[i], to[i])
			}
		}
	}
	root.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if m, ok := bufferization.BufferViewFlowOp.Of(op); ok {
			m.PopulateDependencies(op, a.register)
			a.markTerminals(op, func(v ir.Value) bool { return m.MayBeTerminalBuffer(op, v) })
			return true
		}
		if m, ok := ir.ViewLikeOp.Of(op); ok {
			if src := m.ViewSource(op); src != nil && op.NumResults() > 0 {
				a.register(src, op.Result(0))
			}
			return true
		}
		if br, ok := ir.BranchOp.Of(op); ok {
			for i := 0; i < op.NumSuccessors(); i++ {
				var args []ir.Value
				for _, x := range op.Successor(i).Arguments() {
					args = append(args, x)
				}
				link(br.BranchSuccessorOperands(op, i), args)
			}
			return true
		}
		if rb, ok := ir.RegionBranchOp.Of(op); ok {
			for _, s := range rb.SuccessorRegions(op, nil, nil) {
				link(rb.EntrySuccessorOperands(op, s.Region), s.Inputs)
			}
			for i := 0; i < op.NumRegions(); i++ {
				r := op.Region(i)
				for _, s := range rb.SuccessorRegions(op, r, nil) {
					for _, b := range r.Blocks() {
						if last := b.Last(); last != nil {
							if t, ok := ir.RegionBranchTerminator.Of(last); ok {
								link(t.SuccessorOperands(last, s.Region), s.Inputs)
							}
						}
					}
				}
			}
			return true
		}
		if ir.RegionBranchTerminator.Implements(op) {
			// Handled with the operation whose regions it ends.
			return true
		}
		always := func(ir.Value) bool { return true }
		if ir.CallOp.Implements(op) {
			// The analysis sees one function at a time: the callee may
			// return a new buffer or any of its operands.
			a.markTerminals(op, always)
			for _, v := range op.Operands() {
				for _, r := range op.Results() {
					a.register(v, r)
				}
			}
			return true
		}
		a.markTerminals(op, always)
		return true
	})
	return a
}

// register records that to may be derived from from.
func (a *Analysis) register(from, to ir.Value) {
	a.deps[from] = append(a.deps[from], to)
	a.rev[to] = append(a.rev[to], from)
}

// markTerminals marks the buffer results of op and the buffer arguments of
// its regions' entry blocks for which may holds.
func (a *Analysis) markTerminals(op *ir.Operation, may func(ir.Value) bool) {
	mark := func(v ir.Value) {
		if IsBuffer(v) && may(v) {
			a.terminals[v] = true
		}
	}
	for _, r := range op.Results() {
		mark(r)
	}
	for i := 0; i < op.NumRegions(); i++ {
		if r := op.Region(i); !r.Empty() {
			for _, x := range r.Blocks()[0].Arguments() {
				mark(x)
			}
		}
	}
}

// Resolve returns v and every buffer that may be derived from it, directly
// or through other buffers, in the order a depth-first search meets them.
func (a *Analysis) Resolve(v ir.Value) []ir.Value {
	return closure(v, a.deps)
}

// Origins returns the buffers that v may be derived from and that cannot
// be traced back further (v itself when it is one).
func (a *Analysis) Origins(v ir.Value) map[ir.Value]bool {
	out := map[ir.Value]bool{}
	for _, x := range closure(v, a.rev) {
		if IsBuffer(x) && a.terminals[x] {
			out[x] = true
		}
	}
	return out
}

// closure returns v and the values reachable from it through edges.
func closure(v ir.Value, edges map[ir.Value][]ir.Value) []ir.Value {
	var out []ir.Value
	seen := map[ir.Value]bool{}
	work := []ir.Value{v}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		out = append(out, x)
		work = append(work, edges[x]...)
	}
	return out
}

// IsBuffer reports whether v is a ranked or unranked memref.
func IsBuffer(v ir.Value) bool {
	switch v.Type().(type) {
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return true
	}
	return false
}
