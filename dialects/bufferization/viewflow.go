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
