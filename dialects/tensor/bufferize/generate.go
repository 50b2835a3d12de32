package bufferize

import (
	affinemap "github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/linalg"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/tensor"
)

// destination is the new tensor that tensor.generate, tensor.splat and
// tensor.pad fill with a linalg.map, as upstream's
// allocateTensorForShapedValue makes it: a bufferization.alloc_tensor
// without copy, which reads no buffer and so is rewritten at once, into
// a memref.alloc, where the pass bufferizes it.
type destination struct {
	// buf is the buffer (nil: none is needed, the alloc_tensor stays and
	// so does the linalg.map).
	buf ir.Value
	// tensor is the tensor (nil: the buffer's rewriting needs none).
	tensor ir.Value
	// onTensors is set when the linalg.map stays on tensors.
	onTensors bool
}

// newDestination makes the destination of op, of type rt with the
// dynamic sizes dyn and its buffer in memory space space, at the
// builder's insertion point. The linalg.map filling it writes its buffer
// where the pass bufferizes linalg.map; otherwise (linalg outside
// dialect-filter) the map stays on tensors and writes the allocation
// read back as a tensor, as upstream's map over the alloc_tensor whose
// uses its rewriting replaced.
func (s *state) newDestination(op *ir.Operation, rt *ir.RankedTensorType, dyn []ir.Value, space ir.Attribute) destination {
	d := destination{onTensors: !s.Bufferizes(linalg.MapOpName)}
	mt := s.ctx.MemRefType(rt.Shape, rt.Elem, nil, space)
	if s.Bufferizes(bufferization.AllocTensorOpName) {
		d.buf = memref.BuildAlloc(s.b, op.Loc(), dyn, nil, mt, memref.AllocOptions{Alignment: s.Alignment()}).Result(0)
		if d.onTensors {
			d.tensor = bufferization.BuildToTensor(s.b, op.Loc(), d.buf, rt).Result()
		}
		return d
	}
	d.tensor = bufferization.BuildAllocTensor(s.b, op.Loc(), dyn, rt, bufferization.AllocTensorOptions{MemorySpace: space}).Result()
	if !d.onTensors {
		// The linalg.map reads the buffer of the alloc_tensor left on
		// tensors through a to_buffer (of the layout of
		// unknown-type-conversion, as any value left on tensors).
		bt, err := s.PredictedBufferType(d.tensor)
		if err != nil {
			bt = mt
		}
		d.buf = bufferization.BuildToBuffer(s.b, op.Loc(), d.tensor, bt).Result(0)
	}
	return d
}

// mapInto builds the linalg.map that writes d with one block argument
// of element type elem, and returns it with its block; the builder is
// left at the end of the block.
func (s *state) mapInto(op *ir.Operation, d destination, elem ir.Type) (linalg.MapOp, *ir.Block) {
	var m linalg.MapOp
	if d.onTensors {
		m = linalg.BuildMap(s.b, op.Loc(), nil, d.tensor, []ir.Type{d.tensor.Type()})
	} else {
		m = linalg.BuildMap(s.b, op.Loc(), nil, d.buf, nil)
	}
	blk := ir.NewBlock()
	m.Mapper().Append(blk)
	blk.AddArgument(elem, op.Loc())
	s.b.SetInsertionPointToEnd(blk)
	return m, blk
}

// filled gives op's result what the linalg.map m that filled d yields:
// the map's tensor result when it stays on tensors, else d's buffer.
func (s *state) filled(op *ir.Operation, d destination, m linalg.MapOp) {
	if d.onTensors {
		ir.ReplaceAllUsesWith(op.Result(0), m.Operation.Result(0))
	} else {
		s.SetResult(op.Result(0), d.buf, nil)
	}
}

// generate bufferizes tensor.generate as upstream does: a new tensor
// (newDestination) filled by its body (fill). A buffer outside the
// default memory space fails before anything is built
// (defaultSpaceOnly).
func (s *state) generate(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: tensor.generate of an unranked tensor")
	}
	if err := s.defaultSpaceOnly(op, rt); err != nil {
		return err
	}
	d := s.newDestination(op, rt, op.Operands(), memref.MemorySpaceOf(s.IdentityType(rt)))
	m, err := s.fill(op, d)
	if err != nil {
		return err
	}
	s.filled(op, d, m)
	s.Erase(op)
	return nil
}

// fill stores into every element of d the value op's region yields for
// its indices, as upstream's lowerGenerateLikeOpBody: a linalg.map on d
// whose body computes the indices with linalg.index, then runs the
// region's operations (moved there and bufferized), its tensor.yield
// becoming a linalg.yield. The builder is left before op.
func (s *state) fill(op *ir.Operation, d destination) (linalg.MapOp, error) {
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	body := op.Region(0).First()
	if body == nil || body.NumArguments() != len(rt.Shape) {
		return linalg.MapOp{}, ir.NewError(op.Loc(), "failed to bufferize op: the body does not take one index per dimension")
	}
	m, blk := s.mapInto(op, d, rt.Elem)
	for i, a := range body.Arguments() {
		ir.ReplaceAllUsesWith(a, linalg.BuildIndex(s.b, op.Loc(), int64(i)).Result())
	}
	var yielded ir.Value
	for o := body.First(); o != nil; {
		next := o.Next()
		if y, ok := tensor.AsYieldOp(o); ok {
			yielded = y.Operand(0)
			y.Erase()
		} else {
			o.Remove()
			blk.Append(o)
		}
		o = next
	}
	if yielded == nil {
		return linalg.MapOp{}, ir.NewError(op.Loc(), "failed to bufferize op: the body yields nothing")
	}
	s.b.SetInsertionPointToEnd(blk)
	linalg.BuildYield(s.b, op.Loc(), []ir.Value{yielded})
	if err := s.BufferizeBlock(blk); err != nil {
		return linalg.MapOp{}, err
	}
	s.b.SetInsertionPoint(op)
	return m, nil
}

// splat bufferizes tensor.splat as upstream does: a new tensor (dynamic
// sizes from the splat's operands, newDestination) filled by a
// linalg.map that yields the value. The new tensor is made before a
// buffer outside the default memory space fails (defaultSpaceOnly), or
// one without a memory space under must-infer-memory-space.
func (s *state) splat(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: tensor.splat of an unranked tensor")
	}
	d := s.newDestination(op, rt, op.Operands()[1:], memref.MemorySpaceOf(s.IdentityType(rt)))
	if s.MemorySpaceMissing() {
		return nil
	}
	if err := s.defaultSpaceOnly(op, rt); err != nil {
		return err
	}
	m, _ := s.mapInto(op, d, rt.Elem)
	linalg.BuildYield(s.b, op.Loc(), []ir.Value{op.Operand(0)})
	s.b.SetInsertionPoint(op)
	s.filled(op, d, m)
	s.Erase(op)
	return nil
}

// dimLater builds a tensor.dim of dimension d of the tensor v (after an
// index constant for d, as tensor.dim's builder from an integer), to be
// bufferized after the function's other operations, as upstream's
// rewriting bufferizes the operations it builds; it returns its result.
func (s *state) dimLater(op *ir.Operation, v ir.Value, d int64) ir.Value {
	dim := tensor.BuildDim(s.b, op.Loc(), v, s.Index(d))
	s.BufferizeLater(dim.Operation)
	return dim.Result()
}

// pad bufferizes tensor.pad as upstream does, building tensor operations
// that are bufferized after the function's others (BufferizeLater): the
// size of each dynamic dimension (a tensor.dim of the source plus the
// low and high padding) is computed, left unused, and computed again as
// the pad's reified shape (with the static terms folded into the affine
// map) for a new tensor (newDestination, in the memory space of the
// source's buffer), which is filled with the padding value (see fill);
// a tensor.insert_slice of the source into its interior replaces the
// pad.
func (s *state) pad(op *ir.Operation) error {
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	src := op.Operand(0)
	st, ok := s.TensorType(src).(*ir.RankedTensorType)
	if !ok || len(st.Shape) != len(rt.Shape) {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed tensor.pad")
	}
	seg := interp.DenseArray(op.InherentAttr("operandSegmentSizes"))
	if len(seg) != 3 || int(1+seg[1]+seg[2]) > op.NumOperands() {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed tensor.pad")
	}
	low := op.Operands()[1 : 1+seg[1]]
	high := op.Operands()[1+seg[1] : 1+seg[1]+seg[2]]
	staticLow := interp.DenseArray(op.InherentAttr("static_low"))
	staticHigh := interp.DenseArray(op.InherentAttr("static_high"))
	lows, okLow := s.mixedFold(staticLow, low, len(rt.Shape))
	highs, okHigh := s.mixedFold(staticHigh, high, len(rt.Shape))
	if !okLow || !okHigh {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed tensor.pad")
	}
	sum := affinemap.NewMap(0, 3, affinemap.Add(affinemap.Add(affinemap.Sym(0), affinemap.Sym(1)), affinemap.Sym(2)))
	for d, sz := range rt.Shape {
		if sz != ir.Dynamic {
			continue
		}
		n := s.dimLater(op, src, int64(d))
		affine.BuildApply(s.b, op.Loc(), []ir.Value{n, s.foldResult(lows[d]), s.foldResult(highs[d])}, s.ctx.AffineMapAttr(sum))
	}
	var dyn []ir.Value
	for d, sz := range rt.Shape {
		if sz != ir.Dynamic {
			continue
		}
		var n ir.Value
		if st.Shape[d] == ir.Dynamic {
			n = s.dimLater(op, src, int64(d))
		} else {
			// The tensor.dim folds to the static size.
			s.Index(int64(d))
			n = s.Index(st.Shape[d])
		}
		dyn = append(dyn, s.foldedSum(op, n, lows[d], highs[d]))
	}
	// The padded buffer is in the memory space of the source's, as
	// upstream's getBufferType of tensor.pad.
	d := s.newDestination(op, rt, dyn, memref.MemorySpaceOf(s.BufferTypeAssuming(src, nil)))
	m, err := s.fill(op, d)
	if err != nil {
		return err
	}
	var dest ir.Value
	if d.onTensors {
		dest = m.Operation.Result(0)
	} else {
		// The map was rewritten on the buffer: the insert_slice writes
		// it through the tensor that upstream's rewriting of the map
		// replaces it with.
		tt := bufferization.BuildToTensor(s.b, op.Loc(), d.buf, rt)
		s.SetResult(tt.Result(), d.buf, nil)
		s.Erase(tt.Operation)
		dest = tt.Result()
	}
	var sizes []ir.Value
	for i, sz := range st.Shape {
		if sz == ir.Dynamic {
			sizes = append(sizes, s.dimLater(op, src, int64(i)))
		}
	}
	ones := make([]int64, len(st.Shape))
	for i := range ones {
		ones[i] = 1
	}
	ins := tensor.BuildInsertSlice(s.b, op.Loc(), src, dest, low, sizes, nil,
		s.ctx.DenseI64Array(staticLow...), s.ctx.DenseI64Array(st.Shape...), s.ctx.DenseI64Array(ones...))
	s.BufferizeLater(ins.Operation)
	ir.ReplaceAllUsesWith(op.Result(0), ins.Result())
	s.Erase(op)
	return nil
}

// defaultSpaceOnly fails the bufferization of op, whose buffer of
// tensor type rt upstream's model can only make in the default memory
// space (tensor.generate, tensor.splat, tensor.concat), when the pass's
// default memory space for rt is another one: under
// must-infer-memory-space, which has none, or use-encoding-for-memory-
// space for a type with an encoding (upstream's
// defaultMemorySpaceFn(type) != Attribute()).
func (s *state) defaultSpaceOnly(op *ir.Operation, rt *ir.RankedTensorType) error {
	o := s.Options()
	if !o.MustInferMemorySpace && (!o.UseEncodingForMemorySpace || rt.Encoding == nil) {
		return nil
	}
	return ir.Diagnostics{ir.EmitError(op, "memory space not implemented yet"), ir.EmitError(op, "failed to bufferize op")}
}
