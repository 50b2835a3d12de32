// Package bufferize holds the models of the memref dialect's operations
// for the buffer analyses of the bufferization passes (MLIR's memref
// BufferViewFlowOpInterface external models): Register attaches them to a
// context.
package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
)

// Register attaches the view-flow models of the memref dialect's
// operations to ctx.
func Register(ctx *ir.Context) {
	bufferization.BufferViewFlowOp.AttachTo(ctx, memref.ReallocOpName, reallocViewFlow{})
}

// reallocViewFlow is memref.realloc's BufferViewFlowOpInterface: the
// result may be the source buffer (grown in place) or a new allocation.
type reallocViewFlow struct{}

func (reallocViewFlow) PopulateDependencies(op *ir.Operation, register func(from, to ir.Value)) {
	r, _ := memref.AsReallocOp(op)
	register(r.Source(), r.Result())
}

func (reallocViewFlow) MayBeTerminalBuffer(*ir.Operation, ir.Value) bool { return true }
