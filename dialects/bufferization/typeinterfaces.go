package bufferization

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// TensorLikeModel is the behaviour of a tensor-like type (MLIR's
// TensorLikeTypeInterface): a value type with value semantics that
// one-shot-bufferize turns into a buffer-like type. Builtin tensors are
// tensor-like through the pass's own rules; a dialect type becomes one by
// attaching a model to TensorLikeType (a hardware dialect's tile or
// register-file tensor, the test dialect's !test.test_tensor). The pass
// then carries values of the type through function boundaries, calls,
// loops and branches as it carries builtin tensors, and an operation on
// them bufferizes through its own BufferizableOpInterface model.
type TensorLikeModel interface {
	// BufferType returns the buffer-like type of the buffer of a value
	// of tensor-like type t (MLIR's TensorLikeType::getBufferType).
	BufferType(ctx *ir.Context, t ir.Type, opts Options) (ir.Type, error)
	// CompatibleBufferType reports whether a buffer of buffer-like type
	// b may hold a value of tensor-like type t: the check of
	// bufferization.to_tensor and to_buffer (MLIR's
	// TensorLikeType::verifyCompatibleBufferType).
	CompatibleBufferType(t, b ir.Type) bool
}

// BufferLikeModel marks a buffer-like type (MLIR's BufferLikeTypeInterface):
// the type of the buffer of a tensor-like value. Builtin memrefs are
// buffer-like without a model.
type BufferLikeModel struct{}

// TensorLikeType is the tensor-like type interface.
var TensorLikeType = ir.DeclareTypeInterface[TensorLikeModel]("bufferization.TensorLikeTypeInterface")

// BufferLikeType is the buffer-like type interface.
var BufferLikeType = ir.DeclareTypeInterface[BufferLikeModel]("bufferization.BufferLikeTypeInterface")

// IsTensor reports whether t is tensor-like: a ranked or unranked tensor
// type, or a dialect type with a TensorLikeType model, whose values
// one-shot-bufferize gives buffers.
func IsTensor(t ir.Type) bool { return IsBuiltinTensor(t) || TensorLikeType.Implements(t) }

// IsBuiltinTensor reports whether t is a ranked or unranked builtin tensor
// type: the tensor-like values the in-place analysis decides.
func IsBuiltinTensor(t ir.Type) bool {
	switch t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	}
	return false
}

// IsBufferLike reports whether t is a builtin memref type or a dialect
// type with a BufferLikeType model.
func IsBufferLike(t ir.Type) bool {
	switch t.(type) {
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return true
	}
	return BufferLikeType.Implements(t)
}

// IsDialectTensor reports whether t is a dialect type with a
// TensorLikeType model (a tensor-like type other than a builtin tensor).
func IsDialectTensor(t ir.Type) bool { return TensorLikeType.Implements(t) }

// compatibleBufferType is the check of bufferization.to_tensor and
// to_buffer: a dialect tensor-like type decides through its model; a
// builtin tensor requires a builtin memref buffer to have its shape and
// element type (other buffer-like types are its model's business, as
// upstream's).
func compatibleBufferType(tensor, buffer ir.Type) bool {
	if m, ok := TensorLikeType.Of(tensor); ok {
		return m.CompatibleBufferType(tensor, buffer)
	}
	bt, ok := buffer.(ir.ShapedType)
	if !ok {
		return true
	}
	tt, ok := tensor.(ir.ShapedType)
	if !ok {
		return false
	}
	ts, tr := tt.ShapeDims()
	bs, br := bt.ShapeDims()
	if tr != br || len(ts) != len(bs) {
		return false
	}
	for i := range ts {
		if ts[i] != bs[i] {
			return false
		}
	}
	return tt.ElementType() == bt.ElementType()
}

func init() {
	// The operand and result constraints of bufferization.to_tensor and
	// to_buffer and of other dialects' operations on tensor-like values,
	// with ODS's summaries.
	irdl.RegisterTypeConstraint("TensorLikeType", "TensorLikeType instance", IsTensor)
	irdl.RegisterTypeConstraint("BufferLikeType", "BufferLikeType instance", IsBufferLike)
}
