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

// ViewFlow is MLIR's BufferViewFlowAnalysis: for every buffer, the
// buffers that may be views of it or be it after control flow (the
// results of view-like operations, the block and region arguments it is
// forwarded to, the results of calls taking it).
type ViewFlow struct {
	deps map[ir.Value][]ir.Value
}

// NewViewFlow computes the view flow of the buffers in root.
func NewViewFlow(root *ir.Operation) *ViewFlow {
	f := &ViewFlow{deps: map[ir.Value][]ir.Value{}}
	register := func(from, to ir.Value) { f.deps[from] = append(f.deps[from], to) }
	link := func(from, to []ir.Value) {
		for i := range from {
			if i < len(to) {
				register(from[i], to[i])
			}
		}
	}
	root.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		if m, ok := BufferViewFlowOp.Of(op); ok {
			m.PopulateDependencies(op, register)
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
		if ir.CallOp.Implements(op) {
			// Any operand of a call may come back as any result.
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
// after control flow, transitively.
func (f *ViewFlow) Resolve(v ir.Value) []ir.Value {
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
		out = append(out, x)
		work = append(work, f.deps[x]...)
	}
	return out
}
