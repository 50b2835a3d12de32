package bufferize

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
	"github.com/strata-ir/strata/dialects/tensor"
)

// metadata is the model of an operation that reads only the shape of its
// tensor operand, not its contents (tensor.dim, tensor.rank; MLIR's
// bufferizesToMemoryRead is false for them): a write into the operand's
// buffer before it is no conflict.
type metadata struct{ bufferization.Reading }

// BufferizesToMemoryRead implements bufferization.MemoryReader.
func (metadata) BufferizesToMemoryRead(*ir.Operation, int) bool { return false }

// collapsing is the model of tensor.collapse_shape: a view of its
// operand's buffer that counts as a read of it, since a buffer whose
// layout cannot be collapsed is copied (MLIR's model conservatively
// answers true, not knowing yet whether a copy is made).
type collapsing struct{ aliasing }

// BufferizesToMemoryRead implements bufferization.MemoryReader.
func (collapsing) BufferizesToMemoryRead(*ir.Operation, int) bool { return true }

// reshaping is the model of tensor.reshape: the result is its source's
// whole buffer, reshaped; the shape operand is read.
type reshaping struct{ model }

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis.
func (reshaping) BufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// AliasingResults implements bufferization.AliasAnalysis: only the source
// shares its buffer with the result.
func (reshaping) AliasingResults(_ *ir.Operation, operand int) []int {
	if operand == 0 {
		return []int{0}
	}
	return nil
}

// BufferizesToMemoryRead implements bufferization.MemoryReader: the shape
// is read, the source only viewed.
func (reshaping) BufferizesToMemoryRead(_ *ir.Operation, operand int) bool { return operand == 1 }

// EquivalentResult implements bufferization.EquivalentResult.
func (reshaping) EquivalentResult(_ *ir.Operation, operand int) bool { return operand == 0 }

// BufferizesToMemoryRead implements bufferization.MemoryReader: the source
// is read, and the destination unless the slice overwrites all of it.
func (insertSlice) BufferizesToMemoryRead(op *ir.Operation, operand int) bool {
	ins, ok := tensor.AsInsertSliceOp(op)
	if !ok || operand != 1 {
		return operand == 0
	}
	return !overwritesAll(ins, ins.Dest().Type())
}

// overwritesAll reports whether the tensor.insert_slice ins writes every
// element of its destination, of tensor type dest: zero offsets, unit
// strides and the destination's static sizes, as MLIR's model decides.
func overwritesAll(ins tensor.InsertSliceOp, dest ir.Type) bool {
	dt, ok := dest.(*ir.RankedTensorType)
	if !ok {
		return false
	}
	ctx := ins.Context()
	offsets := viewlike.MixedValues(ctx, interp.DenseArray(ins.StaticOffsets()), ins.Offsets())
	sizes := viewlike.MixedValues(ctx, interp.DenseArray(ins.StaticSizes()), ins.Sizes())
	strides := viewlike.MixedValues(ctx, interp.DenseArray(ins.StaticStrides()), ins.Strides())
	if len(offsets) != len(dt.Shape) || len(sizes) != len(dt.Shape) || len(strides) != len(dt.Shape) {
		return false
	}
	for i := range dt.Shape {
		if c, ok := viewlike.ConstantIndex(offsets[i]); !ok || c != 0 {
			return false
		}
		if c, ok := viewlike.ConstantIndex(strides[i]); !ok || c != 1 {
			return false
		}
		if c, ok := viewlike.ConstantIndex(sizes[i]); !ok || c != dt.Shape[i] {
			return false
		}
	}
	return true
}
