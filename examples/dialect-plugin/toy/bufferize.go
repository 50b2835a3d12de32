package toy

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// scaleModel is toy.scale's model of bufferization.BufferizableOpInterface:
// it scales its operand's buffer in place (toy.scale_buffer) when
// one-shot-bufferize allows the write, else a copy of it.
type scaleModel struct{}

// Bufferize implements bufferization.BufferizableOpInterface.
func (scaleModel) Bufferize(op *ir.Operation, s bufferization.State) error {
	buf, err := s.Writable(op, 0, true)
	if err != nil {
		return err
	}
	scale := ScaleOp{op}
	b := s.Builder()
	b.SetInsertionPoint(op)
	BuildScaleBuffer(b, op.Loc(), buf, scale.Factor())
	if err := b.Err(); err != nil {
		return err
	}
	s.SetResult(scale.Result(), buf, s.InPlaceAlias(scale.Input(), buf))
	s.Erase(op)
	return nil
}

// BufferizesToElementwiseAccess implements
// bufferization.ElementwiseAccessor: toy.scale reads each element where
// it writes it.
func (scaleModel) BufferizesToElementwiseAccess(*ir.Operation, int, int) bool { return true }
