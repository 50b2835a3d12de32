package linalg

import (
	"fmt"

	affinemap "github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/tensor"
)

// This file implements MLIR's TilingInterface for the structured
// operations on tensors (Linalg/Transforms/TilingInterfaceImpl.cpp): the
// iteration domain is the loop nest with the sizes the operands' shapes
// give, and a tile of it reads tensor.extract_slice operations of every
// shaped operand, computed through the operand's indexing map.

// installTiling attaches the tiling model to a structured operation.

// structuredTiling is the structured operations' model of ir.TilingOp.
type structuredTiling struct{}

func (structuredTiling) LoopIteratorTypes(op *ir.Operation) []string {
	s, ok := AsStructuredOp(op)
	if !ok {
		return nil
	}
	its := s.IteratorTypes()
	out := make([]string, len(its))
	for i, it := range its {
		out[i] = "parallel"
		if it != IteratorTypeParallel {
			out[i] = "reduction"
		}
	}
	return out
}

func (structuredTiling) IterationDomain(b *ir.Builder, op *ir.Operation) []ir.LoopRange {
	return iterationDomain(b, op)
}

func (structuredTiling) TiledImplementation(b *ir.Builder, op *ir.Operation, offsets, sizes []ir.OpFoldResult) ([]*ir.Operation, []ir.Value, error) {
	return tiledImplementation(b, op, offsets, sizes)
}

func (structuredTiling) ResultTilePosition(b *ir.Builder, op *ir.Operation, result int, offsets, sizes []ir.OpFoldResult) ([]ir.OpFoldResult, []ir.OpFoldResult, error) {
	return resultTilePosition(b, op, result, offsets, sizes)
}

// iterationDomain returns one range per loop: offset 0, the loop's size
// and stride 1 (LinalgOp's getIterationDomain). The size of a loop is the
// first operand dimension indexed by that loop alone. When a loop's size
// is dynamic, every dynamic dimension of every tensor operand is read with
// tensor.dim first, in operand order, as upstream's
// createFlatListOfOperandDims does.
func iterationDomain(b *ir.Builder, op *ir.Operation) []ir.LoopRange {
	s, ok := AsStructuredOp(op)
	if !ok {
		return nil
	}
	static := s.StaticLoopRanges()
	out := make([]ir.LoopRange, len(static))
	dynamic := false
	for l, size := range static {
		out[l] = ir.LoopRange{Offset: ir.IndexConst(0), Size: ir.IndexConst(size), Stride: ir.IndexConst(1)}
		dynamic = dynamic || size == ir.Dynamic
	}
	if !dynamic {
		return out
	}
	maps := s.IndexingMaps()
	found := make([]bool, len(static))
	it := b.Ctx.IndexType()
	for i, v := range op.Operands() {
		t, ok := v.Type().(*ir.RankedTensorType)
		if !ok || i >= len(maps) {
			continue
		}
		for r, size := range t.Shape {
			dim := ir.IndexConst(size)
			if size == ir.Dynamic {
				c := arith.BuildConstant(b, b.Loc, b.Ctx.IntegerAttr(it, int64(r)), it)
				dim = ir.IndexValue(tensor.BuildDim(b, b.Loc, v, c.Result()).Result())
			}
			if r >= len(maps[i].Results) {
				continue
			}
			if e := maps[i].Results[r]; e.IsDim() && e.Position() < len(found) && !found[e.Position()] {
				found[e.Position()] = true
				out[e.Position()].Size = dim
			}
		}
	}
	return out
}

// operandTile returns the offsets and sizes, in an operand accessed
// through m, of the tile of the iteration domain at offsets with sizes.
// Every result of m must be a loop dimension or the constant 0 (a
// projected permutation, possibly with broadcast dimensions).
func operandTile(m affinemap.Map, shape []int64, offsets, sizes []ir.OpFoldResult) (o, s []ir.OpFoldResult, err error) {
	for r, e := range m.Results {
		switch {
		case e.IsDim() && e.Position() < len(offsets):
			o = append(o, offsets[e.Position()])
			s = append(s, sizes[e.Position()])
		case e.IsConstant() && e.Value() == 0 && r < len(shape) && shape[r] == 1:
			o = append(o, ir.IndexConst(0))
			s = append(s, ir.IndexConst(1))
		default:
			return nil, nil, fmt.Errorf("tiling supports indexing maps that are projected permutations, not %s", m)
		}
	}
	return o, s, nil
}

// tileInBounds checks that a tile known when the IR is built lies within
// the static dimensions of operand number i: an operand smaller than the
// loops that index it (an empty tensor read by a loop of 140 iterations,
// which the verifier does not reject) would give a slice out of bounds.
func tileInBounds(i int, shape []int64, offsets, sizes []ir.OpFoldResult) error {
	for r, o := range offsets {
		if r >= len(shape) || shape[r] == ir.Dynamic || !o.IsConst() || !sizes[r].IsConst() {
			continue
		}
		if end := o.Const + sizes[r].Const; o.Const < 0 || end > shape[r] {
			return fmt.Errorf("operand #%d has %d elements along dimension %d, fewer than its tile [%d, %d) of the iteration domain", i, shape[r], r, o.Const, end)
		}
	}
	return nil
}

// tiledImplementation creates, at b, a tensor.extract_slice of every
// shaped operand for the tile at offsets with sizes and a clone of op on
// those slices whose results have the shapes of the init slices
// (LinalgOp's getTiledImplementation through makeTiledShapes).
func tiledImplementation(b *ir.Builder, op *ir.Operation, offsets, sizes []ir.OpFoldResult) ([]*ir.Operation, []ir.Value, error) {
	s, ok := AsStructuredOp(op)
	if !ok || !s.HasPureTensorSemantics() {
		return nil, nil, fmt.Errorf("tiling requires tensor semantics")
	}
	maps := s.IndexingMaps()
	if len(maps) != len(op.Operands()) || len(offsets) != s.NumLoops() || len(sizes) != s.NumLoops() {
		return nil, nil, fmt.Errorf("tile of %d loops does not match the %d loops", len(offsets), s.NumLoops())
	}
	first, n := s.kind().inits(op)
	created := closedSizes(b, sizes, nil)
	// The slice parameters of every operand first, then the slices, as
	// upstream's makeTiledShapes orders them.
	type slice struct{ offsets, sizes []ir.OpFoldResult }
	slices := make([]*slice, len(op.Operands()))
	for i, v := range op.Operands() {
		t, ok := v.Type().(*ir.RankedTensorType)
		if !ok {
			continue
		}
		o, sz, err := operandTile(maps[i], t.Shape, offsets, sizes)
		if err == nil {
			err = tileInBounds(i, t.Shape, o, sz)
		}
		if err != nil {
			for j := len(created) - 1; j >= 0; j-- {
				created[j].Erase()
			}
			return nil, nil, err
		}
		created = closedSizes(b, sz, created)
		slices[i] = &slice{o, sz}
	}
	operands := make([]ir.Value, len(op.Operands()))
	for i, v := range op.Operands() {
		if slices[i] == nil {
			operands[i] = v
			continue
		}
		sl := ExtractSlice(b, v, slices[i].offsets, slices[i].sizes)
		created = append(created, sl)
		operands[i] = sl.Result(0)
	}
	resultTypes := make([]ir.Type, n)
	for i := range resultTypes {
		resultTypes[i] = operands[first+i].Type()
	}
	tiled := cloneWith(b, op, operands, resultTypes)
	created = append([]*ir.Operation{tiled}, created...)
	return created, tiled.Results(), nil
}

// resultTilePosition returns the tile of result number result: the init
// operand's indexing map applied to the tile of the iteration domain.
func resultTilePosition(b *ir.Builder, op *ir.Operation, result int, offsets, sizes []ir.OpFoldResult) ([]ir.OpFoldResult, []ir.OpFoldResult, error) {
	s, ok := AsStructuredOp(op)
	if !ok {
		return nil, nil, fmt.Errorf("is not a structured operation")
	}
	first, n := s.kind().inits(op)
	maps := s.IndexingMaps()
	if result < 0 || result >= n || first+result >= len(maps) {
		return nil, nil, fmt.Errorf("has no result %d", result)
	}
	init := op.Operand(first + result)
	t, ok := init.Type().(*ir.RankedTensorType)
	if !ok {
		return nil, nil, fmt.Errorf("result %d is not a ranked tensor", result)
	}
	closedSizes(b, sizes, nil)
	o, sz, err := operandTile(maps[first+result], t.Shape, offsets, sizes)
	if err == nil {
		closedSizes(b, sz, nil)
	}
	return o, sz, err
}

// closedSizes creates the affine.apply (d0 - 1) of every size that is a
// value, appending the operations to created: the closed-interval sizes
// upstream's computeSliceParameters and computeTileSizes compute before
// folding them back into the sizes. They are unused, as upstream leaves
// them, so that the tiled code is upstream's operation for operation.
func closedSizes(b *ir.Builder, sizes []ir.OpFoldResult, created []*ir.Operation) []*ir.Operation {
	for _, sz := range sizes {
		if sz.IsConst() {
			continue
		}
		// A value valid as an affine symbol becomes a symbol of the map,
		// as makeComposedFoldedAffineApply canonicalizes it.
		m := affinemap.NewMap(1, 0, affinemap.Sub(affinemap.Dim(0), affinemap.Const(1)))
		if affine.IsValidSymbol(sz.Value) {
			m = affinemap.NewMap(0, 1, affinemap.Sub(affinemap.Sym(0), affinemap.Const(1)))
		}
		created = append(created, affine.BuildApply(b, b.Loc, []ir.Value{sz.Value}, b.Ctx.AffineMapAttr(m)).Operation)
	}
	return created
}

// ExtractSlice creates the tensor.extract_slice of v at offsets with sizes
// and unit strides; constant offsets and sizes are static, the others
// dynamic operands, as upstream's mixed-operand builder makes them.
func ExtractSlice(b *ir.Builder, v ir.Value, offsets, sizes []ir.OpFoldResult) *ir.Operation {
	t := v.Type().(*ir.RankedTensorType)
	var dynOff, dynSize []ir.Value
	stOff, stSize, stStride := splitStatic(offsets, &dynOff), splitStatic(sizes, &dynSize), make([]int64, len(sizes))
	for i := range stStride {
		stStride[i] = 1
	}
	ctx := b.Ctx
	resType := ctx.RankedTensorType(stSize, t.Elem, nil)
	return tensor.BuildExtractSlice(b, b.Loc, v, dynOff, dynSize, nil,
		ctx.DenseI64Array(stOff...), ctx.DenseI64Array(stSize...), ctx.DenseI64Array(stStride...), resType).Operation
}

// InsertSlice creates the tensor.insert_slice of src into dest at offsets
// with sizes and unit strides.
func InsertSlice(b *ir.Builder, src, dest ir.Value, offsets, sizes []ir.OpFoldResult) *ir.Operation {
	var dynOff, dynSize []ir.Value
	stOff, stSize, stStride := splitStatic(offsets, &dynOff), splitStatic(sizes, &dynSize), make([]int64, len(sizes))
	for i := range stStride {
		stStride[i] = 1
	}
	ctx := b.Ctx
	return tensor.BuildInsertSlice(b, b.Loc, src, dest, dynOff, dynSize, nil,
		ctx.DenseI64Array(stOff...), ctx.DenseI64Array(stSize...), ctx.DenseI64Array(stStride...)).Operation
}

// splitStatic returns the static form of rs (ir.Dynamic for values) and
// appends the values to dyn.
func splitStatic(rs []ir.OpFoldResult, dyn *[]ir.Value) []int64 {
	out := make([]int64, len(rs))
	for i, r := range rs {
		if r.IsConst() {
			out[i] = r.Const
			continue
		}
		out[i] = ir.Dynamic
		*dyn = append(*dyn, r.Value)
	}
	return out
}

// cloneWith creates at b a copy of op, with its regions, on operands and
// with result types resultTypes (MLIR's clone(b, op, resultTypes,
// operands)).
func cloneWith(b *ir.Builder, op *ir.Operation, operands []ir.Value, resultTypes []ir.Type) *ir.Operation {
	c := op.Clone(nil)
	st := &ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands, ResultTypes: resultTypes,
		NumRegions: op.NumRegions(), Properties: op.Properties(), Attributes: op.Attrs()}
	n := b.Create(st)
	for i := 0; i < op.NumRegions(); i++ {
		n.Region(i).TakeBody(c.Region(i))
	}
	c.Erase()
	return n
}
