// Package bufferize holds the bufferization of the test dialect's
// operations on tensor-like values (upstream's BufferizableOpInterface
// implementations of test.dummy_tensor_op and test.create_tensor_op):
// Register attaches them to a context, for one-shot-bufferize.
package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/test"
)

// Register attaches the bufferization models of the test dialect's
// operations to ctx.
func Register(ctx *ir.Context) {
	bufferization.BufferizableOp.AttachTo(ctx, test.DummyTensorOpOpName, dummyTensor{})
	bufferization.BufferizableOp.AttachTo(ctx, test.CreateTensorOpOpName, createTensor{})
}

// dummyTensor bufferizes test.dummy_tensor_op into test.dummy_memref_op on
// its operand's buffer, whose result is the buffer of the tensor-like
// type of its result. It reads and writes its operand; its result is a
// new value that aliases nothing.
type dummyTensor struct{}

func (dummyTensor) Bufferize(op *ir.Operation, s bufferization.State) error {
	d, ok := test.AsDummyTensorOpOp(op)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: not a test.dummy_tensor_op")
	}
	in, err := s.Buffer(op, d.Input())
	if err != nil {
		return err
	}
	b := s.Builder()
	b.SetInsertionPoint(op)
	r := test.BuildDummyMemrefOp(b, op.Loc(), in, s.IdentityType(d.Output().Type())).Output()
	s.SetResult(op.Result(0), r, nil)
	s.Erase(op)
	return nil
}

// BufferizesToMemoryRead implements bufferization.MemoryReader.
func (dummyTensor) BufferizesToMemoryRead(*ir.Operation, int) bool { return true }

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis.
func (dummyTensor) BufferizesToMemoryWrite(*ir.Operation, int) bool { return true }

// AliasingResults implements bufferization.AliasAnalysis: the result is
// a buffer of its own.
func (dummyTensor) AliasingResults(*ir.Operation, int) []int { return nil }

// createTensor bufferizes test.create_tensor_op into test.create_memref_op
// of the buffer type of its result.
type createTensor struct{}

func (createTensor) Bufferize(op *ir.Operation, s bufferization.State) error {
	c, ok := test.AsCreateTensorOpOp(op)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: not a test.create_tensor_op")
	}
	b := s.Builder()
	b.SetInsertionPoint(op)
	r := test.BuildCreateMemrefOp(b, op.Loc(), s.IdentityType(c.Output().Type())).Output()
	s.SetResult(op.Result(0), r, nil)
	s.Erase(op)
	return nil
}

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis.
func (createTensor) BufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// AliasingResults implements bufferization.AliasAnalysis.
func (createTensor) AliasingResults(*ir.Operation, int) []int { return nil }
