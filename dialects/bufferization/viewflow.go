package bufferization

import "github.com/strata-ir/strata/core/ir"

// BufferViewFlowOpInterface is MLIR's BufferViewFlowOpInterface: an
// operation that tells the buffer view-flow analysis (the alias analysis
// of buffer-deallocation-simplification) which buffers it defines may be
// which other buffers, in place of what the analysis would infer from its
// other interfaces.
type BufferViewFlowOpInterface interface {
	// PopulateDependencies calls register(from, to) for every buffer to
	// defined by op that may be (a view of) the buffer from.
	PopulateDependencies(op *ir.Operation, register func(from, to ir.Value))
	// MayBeTerminalBuffer reports whether v, a buffer result of op or a
	// buffer argument of an entry block of its regions, may be a buffer
	// that cannot be traced back further (a new allocation, say).
	MayBeTerminalBuffer(op *ir.Operation, v ir.Value) bool
}

// BufferViewFlowOp is the handle of BufferViewFlowOpInterface.
var BufferViewFlowOp = ir.DeclareOpInterface[BufferViewFlowOpInterface]("bufferization.BufferViewFlowOpInterface")

// ViewFlow is MLIR's BufferViewFlowAnalysis: how buffers flow into each
// other through views (the results of view-like operations), control
// flow (the block and region arguments a buffer is forwarded to) and
// calls (whose results may be any operand), and which buffers cannot be
// traced further back (terminals): the buffer results of operations the
// analysis does not understand (an allocation, a call, a load of a
// buffer), the buffer arguments of their regions' entry blocks (a
// function's arguments), and the buffers a BufferViewFlowOpInterface
// marks.
type ViewFlow struct {
	deps      map[ir.Value][]ir.Value // from -> the buffers it flows into
	sources   map[ir.Value][]ir.Value // to -> the buffers flowing into it
	terminals map[ir.Value]bool
}

// NewViewFlow computes the view flow of the buffers in root.
func NewViewFlow(root *ir.Operation) *ViewFlow {
	f := &ViewFlow{deps: map[ir.Value][]ir.Value{}, sources: map[ir.Value][]ir.Value{}, terminals: map[ir.Value]bool{}}
	register := func(from, to ir.Value) {
		f.deps[from] = append(f.deps[from], to)
		f.sources[to] = append(f.sources[to], from)
	}
	link := func(from, to []ir.Value) {
		for i := range from {
			if i < len(to) {
				register(from[i], to[i])
			}
		}
	}
	// terminal marks the buffer results of op and the buffer arguments of
	// its regions' entry blocks for which may holds.
	terminal := func(op *ir.Operation, may func(ir.Value) bool) {
		mark := func(v ir.Value) {
			if isMemRef(v.Type()) && may(v) {
				f.terminals[v] = true
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
	always := func(ir.Value) bool { return true }
	root.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		if m, ok := BufferViewFlowOp.Of(op); ok {
			m.PopulateDependencies(op, register)
			terminal(op, func(v ir.Value) bool { return m.MayBeTerminalBuffer(op, v) })
			return true
		}
		if m, ok := ir.ViewLikeOp.Of(op); ok {
			if src := m.ViewSource(op); src != nil && op.NumResults() > 0 {
				register(src, op.Result(0))
			}
			return true
		}
		if m, ok := ir.BranchOp.Of(op); ok {
			for i := 0; i < op.NumSuccessors(); i++ {
				link(m.BranchSuccessorOperands(op, i), blockArgs(op.Successor(i)))
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
		terminal(op, always)
		if ir.CallOp.Implements(op) {
			// The callee may return a new buffer or any of its operands.
			for _, v := range op.Operands() {
				for _, r := range op.Results() {
					register(v, r)
				}
			}
		}
		return true
	})
	return f
}

func blockArgs(b *ir.Block) []ir.Value {
	var out []ir.Value
	for _, a := range b.Arguments() {
		out = append(out, a)
	}
	return out
}

// Resolve returns v and every buffer that may be a view of v or v itself
// after control flow, transitively (MLIR's BufferViewFlowAnalysis::resolve).
func (f *ViewFlow) Resolve(v ir.Value) []ir.Value {
	return closure(v, f.deps, func(ir.Value) bool { return true })
}

// Origins returns the terminal buffers v may come from (MLIR's
// BufferOriginAnalysis).
func (f *ViewFlow) Origins(v ir.Value) map[ir.Value]bool {
	out := map[ir.Value]bool{}
	for _, x := range closure(v, f.sources, func(x ir.Value) bool { return isMemRef(x.Type()) && f.terminals[x] }) {
		out[x] = true
	}
	return out
}

// closure returns the values reachable from v along edges for which keep
// holds (v included when it does).
func closure(v ir.Value, edges map[ir.Value][]ir.Value, keep func(ir.Value) bool) []ir.Value {
	seen := map[ir.Value]bool{}
	var out []ir.Value
	work := []ir.Value{v}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		if keep(x) {
			out = append(out, x)
		}
		work = append(work, edges[x]...)
	}
	return out
}
