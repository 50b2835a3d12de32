// Package bufferize holds the bufferization of the linalg dialect's
// destination-style operations (MLIR's linalg BufferizableOpInterface
// external models): Register attaches them to a context, for
// one-shot-bufferize.
package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/linalg"
)

// Register attaches the bufferization models of the linalg dialect's
// operations to ctx: structured operations read an init only when their
// payload uses it, and a parallel one reads its inputs at the element it
// writes; linalg.softmax reads every operand. As upstream, the winograd
// transforms, linalg.pack and linalg.unpack have no bufferization:
// one-shot-bufferize rejects them, or leaves them on tensors with
// allow-unknown-ops.
func Register(ctx *ir.Context) {
	for _, name := range linalg.StructuredOpNames() {
		bufferization.BufferizableOp.AttachTo(ctx, name, structured{})
	}
	bufferization.BufferizableOp.AttachTo(ctx, "linalg.softmax", bufferization.DestinationStyle{})
}

// structured is the model of structured operations.
type structured struct{ bufferization.DestinationStyle }

// Bufferize implements bufferization.BufferizableOpInterface.
func (structured) Bufferize(op *ir.Operation, s bufferization.State) error {
	return bufferization.BufferizeDestinationStyle(op, s)
}

// BufferizesToMemoryRead implements bufferization.MemoryReader: an
// operand is read unless it is an init whose payload argument is unused.
func (structured) BufferizesToMemoryRead(op *ir.Operation, operand int) bool {
	st, ok := linalg.AsStructuredOp(op)
	if !ok || st.Body() == nil || operand >= st.Body().NumArguments() {
		return true
	}
	dps, ok := ir.DestinationStyleOp.Of(op)
	if !ok {
		return true
	}
	first, n := dps.DPSInits(op)
	if operand < first || operand >= first+n {
		return true
	}
	return ir.HasUses(st.Body().Argument(operand))
}

// BufferizesToElementwiseAccess implements
// bufferization.ElementwiseAccessor: a parallel operation reads operand
// read at the element it writes through written when both have the same
// indexing map.
func (structured) BufferizesToElementwiseAccess(op *ir.Operation, read, written int) bool {
	st, ok := linalg.AsStructuredOp(op)
	if !ok {
		return false
	}
	for _, it := range st.IteratorTypes() {
		if it != linalg.IteratorTypeParallel {
			return false
		}
	}
	maps := st.IndexingMaps()
	return read < len(maps) && written < len(maps) && maps[read].String() == maps[written].String()
}
