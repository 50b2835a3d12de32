// Package bufferize holds the bufferization of the tensor dialect's
// operations (MLIR's tensor BufferizableOpInterface external models):
// Register attaches them to a context, for one-shot-bufferize.
package bufferize

import (
	affinemap "github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/tensor"
)

// Register attaches the bufferization models of the tensor dialect's
// operations to ctx.
func Register(ctx *ir.Context) {
	// The operations the bottom-up analysis decides for.
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.empty", bufferization.Allocating{Reading: bufferization.Reading{BufferizableOpInterface: model((*state).empty)}})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.extract", bufferization.Reading{BufferizableOpInterface: model((*state).extract)})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.dim", metadata{bufferization.Reading{BufferizableOpInterface: model((*state).dim)}})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.insert", bufferization.WritingInto{BufferizableOpInterface: model((*state).insert), Dest: 1})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.rank", metadata{bufferization.Reading{BufferizableOpInterface: model((*state).rank)}})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.reshape", reshaping{model((*state).dynamicReshape)})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.cast", aliasing{model((*state).cast)})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.from_elements", bufferization.Reading{BufferizableOpInterface: model((*state).fromElements)})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.generate", bufferization.Reading{BufferizableOpInterface: model((*state).generate)})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.splat", bufferization.Reading{BufferizableOpInterface: model((*state).splat)})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.concat", bufferization.Reading{BufferizableOpInterface: model((*state).concat)})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.pad", newBuffer{bufferization.Reading{BufferizableOpInterface: model((*state).pad)}})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.extract_slice", slicing{aliasing{model((*state).extractSlice)}})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.insert_slice", insertSlice{bufferization.WritingInto{BufferizableOpInterface: model((*state).insertSlice), Dest: 1}})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.parallel_insert_slice", parallelInsert{model((*state).parallelInsertSlice)})
	bufferization.SubsetInsertionOp.AttachTo(ctx, tensor.InsertSliceOpName, sliceInsertion{})
	bufferization.SubsetInsertionOp.AttachTo(ctx, tensor.ParallelInsertSliceOpName, sliceInsertion{})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.collapse_shape", collapsing{aliasing{model((*state).collapseShape)}})
	bufferization.BufferizableOp.AttachTo(ctx, "tensor.expand_shape", aliasing{model((*state).expandShape)})
}

// newBuffer is the model of an operation whose result is a new buffer
// with the identity layout that it fills, in the memory space of its
// operand 0's buffer, and that tells its type before it is rewritten
// (tensor.pad; tensor.generate and tensor.concat do not, as upstream's).
type newBuffer struct{ bufferization.Reading }

// ResultBufferType implements bufferization.ResultBufferType: the
// identity layout in the source's memory space (MLIR's getBufferType of
// tensor.pad).
func (newBuffer) ResultBufferType(op *ir.Operation, result int, s bufferization.State) ir.Type {
	rt, ok := op.Result(result).Type().(*ir.RankedTensorType)
	if !ok || op.NumOperands() == 0 {
		return s.IdentityType(op.Result(result).Type())
	}
	return s.Context().MemRefType(rt.Shape, rt.Elem, nil, memref.MemorySpaceOf(s.BufferTypeAssuming(op.Operand(0), nil)))
}

// aliasing is the model of an operation whose result is a view of the
// buffer of its operand 0 that it does not write (tensor.cast,
// tensor.extract_slice, tensor.collapse_shape and expand_shape), for the
// bottom-up analysis.
type aliasing struct{ model }

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis.
func (aliasing) BufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// AliasingResults implements bufferization.AliasAnalysis: the result is
// a view of operand 0.
func (aliasing) AliasingResults(_ *ir.Operation, operand int) []int {
	if operand == 0 {
		return []int{0}
	}
	return nil
}

// BufferizesToMemoryRead implements bufferization.MemoryReader: a view
// reads nothing itself; what reads the view reads the buffer.
func (aliasing) BufferizesToMemoryRead(*ir.Operation, int) bool { return false }

// EquivalentResult implements bufferization.EquivalentResult: a cast's
// or a reshape's result is its operand's buffer, a slice only a part of
// it.
func (aliasing) EquivalentResult(op *ir.Operation, operand int) bool {
	_, isSlice := tensor.AsExtractSliceOp(op)
	return !isSlice && operand == 0
}

// slicing is the model of tensor.extract_slice, whose result is a
// memref.subview of its source's buffer.
type slicing struct{ aliasing }

// ViewBufferType implements bufferization.ViewBufferType: the type of
// the memref.subview the slice bufferizes to.
func (slicing) ViewBufferType(op *ir.Operation, _ int, src ir.Type) ir.Type {
	mt, ok := src.(*ir.MemRefType)
	if !ok {
		return nil
	}
	t, err := subviewType(op.Context(), op, mt, interp.DenseArray(op.InherentAttr("static_offsets")),
		interp.DenseArray(op.InherentAttr("static_sizes")), interp.DenseArray(op.InherentAttr("static_strides")), op.Result(0).Type())
	if err != nil {
		return nil
	}
	return t
}

// setView gives op's result the view v of its operand 0's buffer, or a
// copy of it when the analysis decided that the result may not share
// that buffer (a new buffer only, when the result is never read or the
// operand's contents are undefined, as upstream's canOmitTensorCopy).
func (s *state) setView(op *ir.Operation, v ir.Value) error {
	if s.OutOfPlace(op, 0) {
		if _, ok := op.Result(0).Type().(*ir.RankedTensorType); !ok {
			return ir.NewError(op.Loc(), "failed to bufferize op: an unranked tensor needs a copy")
		}
		s.b.SetInsertionPoint(op)
		if !s.ValueRead(op.Result(0)) || s.UndefinedContents(op.Operand(0)) {
			// Without contents, the new buffer takes the sizes
			// op states for its result.
			s.SetResult(op.Result(0), s.Alloc(op.Result(0).Type(), v, s.ReifiedSizes(op.Result(0))), nil)
			return nil
		}
		nb := s.Alloc(op.Result(0).Type(), v, nil)
		memref.BuildCopy(s.b, op.Loc(), v, nb)
		s.SetResult(op.Result(0), nb, nil)
		return nil
	}
	s.SetResult(op.Result(0), v, op.Operand(0))
	return nil
}

// insertSlice is the model of tensor.insert_slice, which writes its
// source into a subset of its destination.
type insertSlice struct{ bufferization.WritingInto }

// parallelInsert is the model of tensor.parallel_insert_slice, which
// reads its source and writes a part of the shared output it names
// without reading it (MLIR's bufferizesToMemoryRead).
type parallelInsert struct{ model }

// BufferizesToMemoryRead implements bufferization.MemoryReader: only the
// source is read.
func (parallelInsert) BufferizesToMemoryRead(_ *ir.Operation, operand int) bool { return operand == 0 }

// BufferizesToMemoryWrite implements bufferization.AliasAnalysis: as
// upstream's analysis finds, the write into the shared output is no
// write the in-place analysis weighs against the reads of its buffer: it
// is the scf.forall's, whose shared output operand is always written and
// read, and whose iterations each write their own part of it.
func (parallelInsert) BufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// AliasingResults implements bufferization.AliasAnalysis: the operation
// has no results.
func (parallelInsert) AliasingResults(*ir.Operation, int) []int { return nil }

// ImplicitlyInPlace implements bufferization.ImplicitlyInPlace: the
// shared output is written where the scf.forall keeps it, and a source
// read out of place is read where it is.
func (parallelInsert) ImplicitlyInPlace(*ir.Operation) bool { return true }

// model is a bufferization.BufferizableOpInterface given by a function.
type model func(s *state, op *ir.Operation) error

// Bufferize implements bufferization.BufferizableOpInterface.
func (m model) Bufferize(op *ir.Operation, s bufferization.State) error {
	return m(&state{State: s, b: s.Builder(), ctx: s.Context()}, op)
}

// state is the pass's state with its builder and context at hand.
type state struct {
	bufferization.State
	b   *ir.Builder
	ctx *ir.Context
}

// empty is a new buffer of undefined contents. Upstream replaces the
// tensor.empty, when it is used, by a bufferization.alloc_tensor without
// copy, bufferized in turn into the allocation; outside dialect-filter
// that alloc_tensor stays, on tensors, and its users read its buffer
// through bufferization.to_buffer.
func (s *state) empty(op *ir.Operation) error {
	if !s.Bufferizes(bufferization.AllocTensorOpName) {
		if ir.HasUses(op.Result(0)) {
			var space ir.Attribute
			if mt, ok := s.IdentityType(op.Result(0).Type()).(*ir.MemRefType); ok {
				space = mt.MemorySpace
			}
			at := bufferization.BuildAllocTensor(s.b, op.Loc(), op.Operands(), op.Result(0).Type(), bufferization.AllocTensorOptions{MemorySpace: space})
			ir.ReplaceAllUsesWith(op.Result(0), at.Result())
		}
		s.Erase(op)
		return nil
	}
	nb := memref.BuildAlloc(s.b, op.Loc(), op.Operands(), nil, s.IdentityType(op.Result(0).Type()), memref.AllocOptions{Alignment: s.Alignment()}).Result(0)
	s.SetResult(op.Result(0), nb, nil)
	s.MarkUndefinedContents(op.Result(0))
	s.Erase(op)
	return nil
}

func (s *state) extract(op *ir.Operation) error {
	src, err := s.Buffer(op, op.Operand(0))
	if err != nil {
		return err
	}
	v := memref.BuildLoad(s.b, op.Loc(), src, op.Operands()[1:]).Result()
	ir.ReplaceAllUsesWith(op.Result(0), v)
	s.Erase(op)
	return nil
}

func (s *state) insert(op *ir.Operation) error {
	// A copy of a destination without defined contents needs none of
	// them (upstream's canOmitTensorCopy).
	dst, err := s.Writable(op, 1, !s.UndefinedContents(op.Operand(1)))
	if err != nil {
		return err
	}
	s.b.SetInsertionPoint(op)
	memref.BuildStore(s.b, op.Loc(), op.Operand(0), dst, op.Operands()[2:])
	s.SetResult(op.Result(0), dst, s.InPlaceAlias(op.Operand(1), dst))
	s.Erase(op)
	return nil
}

func (s *state) dim(op *ir.Operation) error {
	src, err := s.Buffer(op, op.Operand(0))
	if err != nil {
		return err
	}
	ir.ReplaceAllUsesWith(op.Result(0), memref.BuildDim(s.b, op.Loc(), src, op.Operand(1)).Result())
	s.Erase(op)
	return nil
}

func (s *state) rank(op *ir.Operation) error {
	src, err := s.Buffer(op, op.Operand(0))
	if err != nil {
		return err
	}
	ir.ReplaceAllUsesWith(op.Result(0), memref.BuildRank(s.b, op.Loc(), src).Result())
	s.Erase(op)
	return nil
}

// dynamicReshape is tensor.reshape as memref.reshape, which needs a source
// of the identity layout: a source of another layout is copied first.
// The result aliases the source buffer it reshapes.
func (s *state) dynamicReshape(op *ir.Operation) error {
	src, err := s.Buffer(op, op.Operand(0))
	if err != nil {
		return err
	}
	shape, err := s.Buffer(op, op.Operand(1))
	if err != nil {
		return err
	}
	var aliasOf ir.Value = op.Operand(0)
	if mt, ok := src.Type().(*ir.MemRefType); ok && mt.Layout != nil {
		nb := s.Alloc(s.TensorType(op.Operand(0)), src, nil)
		memref.BuildCopy(s.b, op.Loc(), src, nb)
		src, aliasOf = nb, nil
	}
	// The result is of the identity layout, in the source's memory space.
	rt := s.IdentityType(op.Result(0).Type())
	if m, ok := rt.(*ir.MemRefType); ok {
		if sm, ok := src.Type().(*ir.MemRefType); ok {
			rt = s.ctx.MemRefType(m.Shape, m.Elem, m.Layout, sm.MemorySpace)
		}
	}
	r := memref.BuildReshape(s.b, op.Loc(), src, shape, rt).Result()
	s.Erase(op)
	if s.OutOfPlace(op, 0) {
		// As upstream, the result of an operation that does not write
		// is copied when it may not share its source's buffer.
		return s.setView(op, r)
	}
	s.SetResult(op.Result(0), r, aliasOf)
	return nil
}

// castType returns the buffer type of a tensor.cast to result type rt of
// a buffer of type src, as upstream's: a cast between ranked tensors keeps
// the source buffer's layout; one from or to an unranked tensor knows no
// offset or strides, and has the fully dynamic layout. The memory space
// is the source buffer's.
func castType(ctx *ir.Context, src, rt ir.Type) ir.Type {
	mt, ranked := src.(*ir.MemRefType)
	var space ir.Attribute
	if ranked {
		space = mt.MemorySpace
	} else if ut, ok := src.(*ir.UnrankedMemRefType); ok {
		space = ut.MemorySpace
	}
	switch rt := rt.(type) {
	case *ir.RankedTensorType:
		if ranked {
			return ctx.MemRefType(rt.Shape, rt.Elem, mt.Layout, space)
		}
		strides := make([]int64, len(rt.Shape))
		for i := range strides {
			strides[i] = ir.Dynamic
		}
		return ctx.MemRefType(rt.Shape, rt.Elem, ctx.StridedLayoutAttr(ir.Dynamic, strides), space)
	case *ir.UnrankedTensorType:
		return ctx.UnrankedMemRefType(rt.Elem, space)
	}
	return rt
}

// cast casts the source buffer to the buffer type of the result
// (castType).
func (s *state) cast(op *ir.Operation) error {
	src, err := s.Buffer(op, op.Operand(0))
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	_, unranked := rt.(*ir.UnrankedTensorType)
	if _, ranked := s.TensorType(op.Operand(0)).(*ir.RankedTensorType); ranked && unranked && s.OutOfPlace(op, 0) {
		// The unranked result cannot be copied: as upstream, the
		// ranked operand is, and the copy cast.
		s.b.SetInsertionPoint(op)
		nb := s.Alloc(s.TensorType(op.Operand(0)), src, nil)
		memref.BuildCopy(s.b, op.Loc(), src, nb)
		s.SetResult(op.Result(0), memref.BuildCast(s.b, op.Loc(), nb, s.IdentityType(rt)).Result(0), nil)
		s.Erase(op)
		return nil
	}
	to := castType(s.Context(), src.Type(), rt)
	if to == src.Type() {
		// A cast between equal types (unranked to unranked) is its
		// source's buffer.
		s.Erase(op)
		return s.setView(op, src)
	}
	if err := s.setView(op, memref.BuildCast(s.b, op.Loc(), src, to).Result(0)); err != nil {
		return err
	}
	s.Erase(op)
	return nil
}

// fromElements stores each element into a new buffer, in row-major
// order.
func (s *state) fromElements(op *ir.Operation) error {
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	nb := memref.BuildAlloc(s.b, op.Loc(), nil, nil, s.IdentityType(rt), memref.AllocOptions{Alignment: s.Alignment()}).Result(0)
	// As upstream: the index constants 0 .. the largest dimension - 1
	// first, then the stores.
	var cst []ir.Value
	if op.NumOperands() > 0 {
		largest := int64(0)
		for _, d := range rt.Shape {
			largest = max(largest, d)
		}
		for i := int64(0); i < largest; i++ {
			cst = append(cst, s.Index(i))
		}
	}
	idx := make([]int64, len(rt.Shape))
	for _, v := range op.Operands() {
		ivs := make([]ir.Value, len(idx))
		for i, x := range idx {
			ivs[i] = cst[x]
		}
		memref.BuildStore(s.b, op.Loc(), v, nb, ivs)
		for d := len(idx) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < rt.Shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	s.SetResult(op.Result(0), nb, nil)
	s.Erase(op)
	return nil
}

// mixedFold returns the n entries of a static array whose ir.Dynamic
// entries are taken in order from dyn, as ir.OpFoldResults, and whether
// the two agree.
func (s *state) mixedFold(static []int64, dyn []ir.Value, n int) ([]ir.OpFoldResult, bool) {
	if len(static) != n {
		return nil, false
	}
	out := make([]ir.OpFoldResult, n)
	k := 0
	for i, v := range static {
		if v != ir.Dynamic {
			out[i] = ir.IndexConst(v)
			continue
		}
		if k >= len(dyn) {
			return nil, false
		}
		out[i] = ir.IndexValue(dyn[k])
		k++
	}
	return out, k == len(dyn)
}

// foldResult returns f as a value: an index constant for a constant.
func (s *state) foldResult(f ir.OpFoldResult) ir.Value {
	if f.IsConst() {
		return s.Index(f.Const)
	}
	return f.Value
}

// foldedSum returns n + lo + hi as upstream's makeComposedFoldedAffineApply
// makes it: an affine.apply whose map folds in the constants (the
// constants lo and hi add no operation), or n itself when nothing is
// added.
func (s *state) foldedSum(op *ir.Operation, n ir.Value, lo, hi ir.OpFoldResult) ir.Value {
	var tmp []*ir.Operation
	operand := func(f ir.OpFoldResult) ir.Value {
		if !f.IsConst() {
			return f.Value
		}
		v := s.Index(f.Const)
		tmp = append(tmp, ir.DefiningOp(v))
		return v
	}
	sum := affinemap.NewMap(3, 0, affinemap.Add(affinemap.Add(affinemap.Dim(0), affinemap.Dim(1)), affinemap.Dim(2)))
	ap := affine.BuildComposedApply(s.b, op.Loc(), sum, []ir.Value{n, operand(lo), operand(hi)})
	for _, t := range tmp {
		if !ir.HasUses(t.Result(0)) {
			t.Erase()
		}
	}
	m := ap.Map().(*ir.AffineMapAttr).Map
	if len(m.Results) == 1 && ap.NumOperands() == 1 && (m.Results[0].IsSym() || m.Results[0].IsDim()) {
		v := ap.Operand(0)
		ap.Erase()
		return v
	}
	return ap.Result()
}

// expandShape is memref.expand_shape of the operand's buffer: any strided
// buffer expands, into the strides its groups imply.
func (s *state) expandShape(op *ir.Operation) error {
	src, mt, rt, err := s.reshapeSource(op)
	if err != nil {
		return err
	}
	t, ok := memref.ExpandedType(s.ctx, mt, rt.Shape, memref.Reassociation(op))
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: the buffer's layout is not strided")
	}
	return s.reshape(op, memref.ExpandShapeOpName, src, t)
}

// collapseShape is memref.collapse_shape of the operand's buffer, or of a
// copy of it with the identity layout when its groups may not be
// contiguous, as upstream.
func (s *state) collapseShape(op *ir.Operation) error {
	src, mt, rt, err := s.reshapeSource(op)
	if err != nil {
		return err
	}
	reassoc := memref.Reassociation(op)
	if !memref.GuaranteedCollapsible(s.ctx, mt, reassoc) {
		nb := s.Alloc(s.TensorType(op.Operand(0)), src, nil)
		memref.BuildCopy(s.b, op.Loc(), src, nb)
		src, mt = nb, nb.Type().(*ir.MemRefType)
	}
	t, ok := memref.CollapsedType(s.ctx, mt, rt.Shape, reassoc)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: the buffer's layout is not strided")
	}
	return s.reshape(op, memref.CollapseShapeOpName, src, t)
}

// reshapeSource returns the buffer of reshape op's operand, its type and
// op's result type.
func (s *state) reshapeSource(op *ir.Operation) (ir.Value, *ir.MemRefType, *ir.RankedTensorType, error) {
	src, err := s.Buffer(op, op.Operand(0))
	if err != nil {
		return nil, nil, nil, err
	}
	mt, ok := src.Type().(*ir.MemRefType)
	rt, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !ok2 {
		return nil, nil, nil, ir.NewError(op.Loc(), "failed to bufferize op: reshapes of unranked buffers are not supported")
	}
	return src, mt, rt, nil
}

// reshape replaces op by the memref reshape name of buffer src, of type t.
func (s *state) reshape(op *ir.Operation, name string, src ir.Value, t *ir.MemRefType) error {
	r := s.b.Create(&ir.OperationState{Name: s.ctx.OpName(name), Loc: op.Loc(), Operands: append([]ir.Value{src}, op.Operands()[1:]...),
		ResultTypes: []ir.Type{t}, Properties: op.Properties(), Attributes: op.Attrs()})
	// A reshape writes nothing and its result is a view of its operand's
	// buffer: when the two may not share it, the view is copied (setView),
	// as upstream copies the one result of an operation that does not
	// write rather than its operand.
	if err := s.setView(op, r.Result(0)); err != nil {
		return err
	}
	s.Erase(op)
	return nil
}

// mulDyn and addDyn are MLIR's SaturatedInteger arithmetic, which the
// subview type inference uses: a dynamic value absorbs everything, except
// that zero times anything is zero.
func mulDyn(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a * b
}

func addDyn(a, b int64) int64 {
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a + b
}

// subview makes the memref.subview of buffer src that the slice operation
// op (tensor.extract_slice or insert_slice, whose static_* properties it
// takes) selects; result is the slice's tensor type (rank-reduced when
// its rank is lower: unit dimensions are dropped).
func (s *state) subview(op *ir.Operation, src ir.Value, offsets, sizes, strides []ir.Value, result ir.Type) (ir.Value, error) {
	return s.subviewRaw(op, src, offsets, sizes, strides, interp.DenseArray(op.InherentAttr("static_offsets")),
		interp.DenseArray(op.InherentAttr("static_sizes")), interp.DenseArray(op.InherentAttr("static_strides")), result)
}

// subviewRaw is subview with explicit static offsets, sizes and strides.
func (s *state) subviewRaw(op *ir.Operation, src ir.Value, offsets, sizes, strides []ir.Value, so, ss, st []int64, result ir.Type) (ir.Value, error) {
	mt, ok := src.Type().(*ir.MemRefType)
	if !ok {
		return nil, ir.NewError(op.Loc(), "failed to bufferize op: slices of unranked tensors are not supported")
	}
	ty, err := subviewType(s.ctx, op, mt, so, ss, st, result)
	if err != nil {
		return nil, err
	}
	return memref.BuildSubview(s.b, op.Loc(), src, offsets, sizes, strides, s.ctx.DenseI64Array(so...), s.ctx.DenseI64Array(ss...), s.ctx.DenseI64Array(st...), ty).Result(), nil
}

// subviewType returns the type of the memref.subview of a buffer of type
// mt with static offsets so, sizes ss and strides st, for the slice
// operation op whose tensor type is result (rank-reduced when its rank
// is lower: unit dimensions are dropped).
func subviewType(ctx *ir.Context, op *ir.Operation, mt *ir.MemRefType, so, ss, st []int64, result ir.Type) (ir.Type, error) {
	rt, ok := result.(*ir.RankedTensorType)
	if !ok {
		return nil, ir.NewError(op.Loc(), "failed to bufferize op: slices of unranked tensors are not supported")
	}
	// The source's strides, also those an affine map layout states.
	srcStrides, off, ok := viewlike.StridesAndOffset(mt)
	if !ok {
		off, srcStrides = mt.OffsetAndStrides()
	}
	if len(so) != len(srcStrides) || len(ss) != len(so) || len(st) != len(so) {
		return nil, ir.NewError(op.Loc(), "failed to bufferize op: malformed slice")
	}
	for i, o := range so {
		off = addDyn(off, mulDyn(o, srcStrides[i]))
	}
	var kept []int64
	j := 0
	for i, sz := range ss {
		if j < len(rt.Shape) && (sz == rt.Shape[j] || (sz == ir.Dynamic && rt.Shape[j] == ir.Dynamic)) && len(ss)-i >= len(rt.Shape)-j {
			kept = append(kept, mulDyn(srcStrides[i], st[i]))
			j++
			continue
		}
		if sz != 1 {
			return nil, ir.NewError(op.Loc(), "failed to bufferize op: cannot infer the rank reduction of the slice")
		}
	}
	if j != len(rt.Shape) {
		return nil, ir.NewError(op.Loc(), "failed to bufferize op: cannot infer the rank reduction of the slice")
	}
	return ctx.MemRefType(rt.Shape, rt.Elem, ctx.StridedLayoutAttr(off, kept), mt.MemorySpace), nil
}

// segments returns the dynamic offsets, sizes and strides of a slice
// operation whose first n operands are tensors.
func segments(op *ir.Operation, n int) (offsets, sizes, strides []ir.Value) {
	seg := interp.DenseArray(op.InherentAttr("operandSegmentSizes"))
	vs := op.Operands()
	if len(seg) != n+3 {
		return nil, nil, nil
	}
	at := n
	offsets = vs[at : at+int(seg[n])]
	at += int(seg[n])
	sizes = vs[at : at+int(seg[n+1])]
	at += int(seg[n+1])
	strides = vs[at : at+int(seg[n+2])]
	return
}

func (s *state) extractSlice(op *ir.Operation) error {
	src, err := s.Buffer(op, op.Operand(0))
	if err != nil {
		return err
	}
	o, z, st := segments(op, 1)
	v, err := s.subview(op, src, o, z, st, op.Result(0).Type())
	if err != nil {
		return err
	}
	if err := s.setView(op, v); err != nil {
		return err
	}
	s.Erase(op)
	return nil
}

// insertSlice writes the source into a subview of the destination's
// buffer (in place) or of a copy of it.
func (s *state) insertSlice(op *ir.Operation) error {
	// As upstream, the destination's buffer is asked for first.
	// A copy of the destination needs its contents unless they are
	// undefined or all overwritten (upstream's canOmitTensorCopy).
	ins, ok := tensor.AsInsertSliceOp(op)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: not a tensor.insert_slice")
	}
	dst, err := s.Writable(op, 1, !s.UndefinedContents(op.Operand(1)) && !overwritesAll(ins, s.TensorType(op.Operand(1))))
	if err != nil {
		return err
	}
	src, err := s.Buffer(op, op.Operand(0))
	if err != nil {
		return err
	}
	s.b.SetInsertionPoint(op)
	o, z, st := segments(op, 2)
	v, err := s.subview(op, dst, o, z, st, s.TensorType(op.Operand(0)))
	if err != nil {
		return err
	}
	memref.BuildCopy(s.b, op.Loc(), src, v)
	s.SetResult(op.Result(0), dst, s.InPlaceAlias(op.Operand(1), dst))
	s.Erase(op)
	return nil
}

// parallelInsertSlice bufferizes tensor.parallel_insert_slice: a
// memref.subview of the shared output's buffer and a memref.copy of the
// source into it, before the scf.forall.in_parallel terminator.
func (s *state) parallelInsertSlice(op *ir.Operation) error {
	src, err := s.Buffer(op, op.Operand(0))
	if err != nil {
		return err
	}
	dst, err := s.Buffer(op, op.Operand(1))
	if err != nil {
		return err
	}
	term := op.ParentOp()
	if term == nil {
		return ir.NewError(op.Loc(), "failed to bufferize op: tensor.parallel_insert_slice outside scf.forall.in_parallel")
	}
	s.b.SetInsertionPoint(term)
	o, z, st := segments(op, 2)
	v, err := s.subview(op, dst, o, z, st, s.TensorType(op.Operand(0)))
	if err != nil {
		return err
	}
	memref.BuildCopy(s.b, op.Loc(), src, v)
	// It has no results: erased now, so that the shared output it writes
	// loses its last use before its loop drops it.
	op.Erase()
	return nil
}
