// Package bufferize holds the bufferization of the arith dialect's
// operations on tensors (MLIR's arith BufferizableOpInterface external
// models): Register attaches them to a context, for one-shot-bufferize.
package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
)

// Register attaches the bufferization models of the arith dialect's
// operations to ctx.
func Register(ctx *ir.Context) {
	bufferization.BufferizableOp.AttachTo(ctx, "arith.constant", constant{})
}

// constant bufferizes a tensor constant into a memref.get_global of a
// constant global holding its value, shared by equal constants; the
// buffer is read-only.
type constant struct{}

func (constant) Bufferize(op *ir.Operation, s bufferization.State) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: a constant of an unranked tensor")
	}
	name := s.GlobalFor(op, op.InherentAttr("value"), rt)
	g := memref.BuildGetGlobal(s.Builder(), op.Loc(), name, s.IdentityType(rt)).Result()
	s.SetResult(op.Result(0), g, nil)
	s.MarkReadOnly(op.Result(0))
	s.Erase(op)
	return nil
}
