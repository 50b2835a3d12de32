package bufferize

import (
	"slices"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/tensor"
)

// sliceInsertion is the bufferization.SubsetInsertionOpInterface of
// tensor.insert_slice and tensor.parallel_insert_slice: operand 0, the
// source, goes into the part of operand 1, the destination, at the
// operation's offsets, sizes and strides.
type sliceInsertion struct{}

// SourceOperand implements bufferization.SubsetInsertionOpInterface.
func (sliceInsertion) SourceOperand(*ir.Operation) int { return 0 }

// DestinationOperand implements bufferization.SubsetInsertionOpInterface.
func (sliceInsertion) DestinationOperand(*ir.Operation) int { return 1 }

// EquivalentSubset implements bufferization.SubsetInsertionOpInterface:
// v is a tensor.extract_slice of op's destination at op's place.
func (sliceInsertion) EquivalentSubset(op *ir.Operation, v ir.Value, equiv func(a, b ir.Value) bool) bool {
	dest, p, ok := insertionPlace(op)
	if !ok {
		return false
	}
	return extractedAt(v, dest, p, equiv)
}

// ValuesNeededToBuildSubsetExtraction implements
// bufferization.SubsetInsertionOpInterface: the dynamic offsets, sizes
// and strides, and the destination.
func (sliceInsertion) ValuesNeededToBuildSubsetExtraction(op *ir.Operation) []ir.Value {
	dest, p, ok := insertionPlace(op)
	if !ok {
		return nil
	}
	return slices.Concat(p.offsets, p.sizes, p.strides, []ir.Value{dest})
}

// BuildSubsetExtraction implements
// bufferization.SubsetInsertionOpInterface: a tensor.extract_slice of
// the destination at op's place, of the source's type.
func (sliceInsertion) BuildSubsetExtraction(op *ir.Operation, b *ir.Builder, loc ir.Location) ir.Value {
	dest, p, ok := insertionPlace(op)
	if !ok || op.NumOperands() == 0 {
		return nil
	}
	ext := tensor.BuildExtractSlice(b, loc, dest, p.offsets, p.sizes, p.strides, p.staticOffsets, p.staticSizes, p.staticStrides, op.Operand(0).Type())
	if ext.Operation == nil {
		return nil
	}
	return ext.Result()
}

// insertionPlace returns the destination of the slice insertion op and
// where it writes into it.
func insertionPlace(op *ir.Operation) (ir.Value, slicePlace, bool) {
	if ins, ok := tensor.AsInsertSliceOp(op); ok {
		return ins.Dest(), slicePlace{ins.Offsets(), ins.Sizes(), ins.Strides(), ins.StaticOffsets(), ins.StaticSizes(), ins.StaticStrides()}, true
	}
	if ins, ok := tensor.AsParallelInsertSliceOp(op); ok {
		return ins.Dest(), slicePlace{ins.Offsets(), ins.Sizes(), ins.Strides(), ins.StaticOffsets(), ins.StaticSizes(), ins.StaticStrides()}, true
	}
	return nil, slicePlace{}, false
}

// slicePlace is where a slice operation reads or writes its subset.
type slicePlace struct {
	offsets, sizes, strides                   []ir.Value
	staticOffsets, staticSizes, staticStrides ir.Attribute
}

// extractedAt reports whether v is a tensor.extract_slice, at place p, of
// a tensor that equiv says is dest.
func extractedAt(v, dest ir.Value, p slicePlace, equiv func(a, b ir.Value) bool) bool {
	ext, ok := tensor.AsExtractSliceOp(ir.DefiningOp(v))
	if !ok || !equiv(ext.Source(), dest) {
		return false
	}
	return slices.Equal(ext.Offsets(), p.offsets) && slices.Equal(ext.Sizes(), p.sizes) && slices.Equal(ext.Strides(), p.strides) &&
		slices.Equal(interp.DenseArray(ext.StaticOffsets()), interp.DenseArray(p.staticOffsets)) &&
		slices.Equal(interp.DenseArray(ext.StaticSizes()), interp.DenseArray(p.staticSizes)) &&
		slices.Equal(interp.DenseArray(ext.StaticStrides()), interp.DenseArray(p.staticStrides))
}
