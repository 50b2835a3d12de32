// Package bufferize holds the bufferization of the bufferization
// dialect's own tensor operations (alloc_tensor, to_tensor): Register
// attaches them to a context, for one-shot-bufferize.
package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
)

// Register attaches the bufferization models of the bufferization
// dialect's operations to ctx.
func Register(ctx *ir.Context) {
	bufferization.BufferizableOp.AttachTo(ctx, "bufferization.alloc_tensor", allocTensor{})
	bufferization.BufferizableOp.AttachTo(ctx, "bufferization.to_tensor", toTensor{})
}

// allocTensor is a new buffer, a copy of the copy operand when there is
// one.
type allocTensor struct{}

func (allocTensor) Bufferize(op *ir.Operation, s bufferization.State) error {
	b := s.Builder()
	var dyn []ir.Value
	for _, v := range op.Operands() {
		if !bufferization.IsTensor(s.TensorType(v)) {
			dyn = append(dyn, v)
		}
	}
	nb := memref.BuildAlloc(b, op.Loc(), dyn, nil, s.IdentityType(op.Result(0).Type()), memref.AllocOptions{Alignment: s.Alignment()}).Result(0)
	if op.NumOperands() > len(dyn) {
		src, err := s.Buffer(op, op.Operand(op.NumOperands()-1))
		if err != nil {
			return err
		}
		memref.BuildCopy(b, op.Loc(), src, nb)
	}
	s.SetResult(op.Result(0), nb, nil)
	s.Erase(op)
	return nil
}

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis.
func (allocTensor) BufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// AliasingResults implements bufferization.AliasAnalysis.
func (allocTensor) AliasingResults(*ir.Operation, int) []int { return nil }

// ResultBufferizesToMemoryWrite implements
// bufferization.ResultDefinition: the new buffer has defined contents
// only when it is a copy.
func (allocTensor) ResultBufferizesToMemoryWrite(op *ir.Operation, _ int) bool {
	for _, v := range op.Operands() {
		if bufferization.IsTensor(v.Type()) {
			return true
		}
	}
	return false
}

// toTensor is its buffer, which the tensor program may not write unless
// the to_tensor is marked `writable`. As
// upstream, only a to_tensor marked `restrict` (no other tensor shares
// its buffer) is accepted.
type toTensor struct{}

func (toTensor) Bufferize(op *ir.Operation, s bufferization.State) error {
	if t, ok := bufferization.AsToTensorOp(op); ok && !t.Restrict() {
		return ir.NewError(op.Loc(), "to_tensor ops without `restrict` are not supported by One-Shot Analysis")
	}
	s.SetResult(op.Result(0), op.Operand(0), nil)
	if t, ok := bufferization.AsToTensorOp(op); !ok || !t.Writable() {
		s.MarkReadOnly(op.Result(0))
	}
	s.Erase(op)
	return nil
}
