package test

import (
	"fmt"
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// testTensorModel makes !test.test_tensor<[shape], element> tensor-like
// (upstream's TestTensorType): its buffer is !test.test_memref of the same
// shape and element type, in the default memory space.
type testTensorModel struct{}

// BufferType implements bufferization.TensorLikeModel.
func (testTensorModel) BufferType(ctx *ir.Context, t ir.Type, _ bufferization.Options) (ir.Type, error) {
	tt, ok := AsTestTensorType(t)
	if !ok {
		return nil, fmt.Errorf("'%s' is not a !test.test_tensor", ir.TypeString(t))
	}
	m, err := GetTestMemrefType(ctx, tt.Shape(), tt.ElementType(), nil)
	if err != nil {
		return nil, err
	}
	return m.DynType, nil
}

// CompatibleBufferType implements bufferization.TensorLikeModel: a
// !test.test_memref buffer must have the tensor's shape and element type;
// other buffer-like types may hold it.
func (testTensorModel) CompatibleBufferType(t, b ir.Type) bool {
	tt, ok := AsTestTensorType(t)
	m, isMemref := AsTestMemrefType(b)
	if !ok || !isMemref {
		return true
	}
	return slices.Equal(tt.Shape(), m.Shape()) && tt.ElementType() == m.ElementType()
}

// registerTypeModels attaches the type interfaces of the test dialect's
// types.
func registerTypeModels(ctx *ir.Context) {
	bufferization.TensorLikeType.AttachTo(ctx, Namespace+".test_tensor", testTensorModel{})
	bufferization.BufferLikeType.AttachTo(ctx, Namespace+".test_memref", bufferization.BufferLikeModel{})
}
