package bufferize

import (
	"slices"

	affinemap "github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
)

// concat bufferizes tensor.concat as upstream does: a new buffer, of the
// op's reified shape when it is dynamic (its tensor.dim operations built
// to be bufferized after the function's others, BufferizeLater), whose
// dynamic sizes are then read back with memref.dim; and for each input,
// read through a buffer of its own (bufferization.to_buffer of a value
// outside the bufferized program, one for each read), a memref.subview of
// the new buffer at the input's offset along the concatenated dimension,
// into which the input is copied. The offset is summed after every
// input, the last included. A buffer outside the default memory space
// fails once the new buffer is made (defaultSpaceOnly), as does one
// without a memory space under must-infer-memory-space.
func (s *state) concat(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: tensor.concat of an unranked tensor")
	}
	dimAttr, ok := op.InherentAttr("dim").(*ir.IntegerAttr)
	if !ok || dimAttr.Int64() < 0 || int(dimAttr.Int64()) >= len(rt.Shape) || op.NumOperands() == 0 {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed tensor.concat")
	}
	dim := int(dimAttr.Int64())
	types := make([]*ir.RankedTensorType, op.NumOperands())
	for i, v := range op.Operands() {
		it, ok := s.TensorType(v).(*ir.RankedTensorType)
		if !ok || len(it.Shape) != len(rt.Shape) {
			return ir.NewError(op.Loc(), "failed to bufferize op: malformed tensor.concat")
		}
		types[i] = it
	}
	s.b.SetInsertionPoint(op)
	loc := op.Loc()
	var dyn []ir.Value
	if slices.Contains(rt.Shape, ir.Dynamic) {
		dyn = s.concatShape(op, rt, types, dim)
	}
	// The new buffer: upstream's bufferization.alloc_tensor, rewritten
	// at once (it reads no buffer) into a memref.alloc where the pass
	// bufferizes it, else read through a to_buffer.
	var nb ir.Value
	if s.Bufferizes(bufferization.AllocTensorOpName) {
		nb = memref.BuildAlloc(s.b, loc, dyn, nil, s.IdentityType(rt), memref.AllocOptions{Alignment: s.Alignment()}).Result(0)
	} else {
		at := bufferization.BuildAllocTensor(s.b, loc, dyn, rt, bufferization.AllocTensorOptions{MemorySpace: memref.MemorySpaceOf(s.IdentityType(rt))})
		nb = bufferization.BuildToBuffer(s.b, loc, at.Result(), s.IdentityType(rt)).Result(0)
	}
	if s.MemorySpaceMissing() {
		return nil
	}
	if err := s.defaultSpaceOnly(op, rt); err != nil {
		return err
	}
	// The sizes of the subviews: static, or the new buffer's dimension
	// (that along dim is replaced for each input).
	sizes := make([]ir.OpFoldResult, len(rt.Shape))
	for d, sz := range rt.Shape {
		if sz != ir.Dynamic {
			sizes[d] = ir.IndexConst(sz)
		} else {
			sizes[d] = ir.IndexValue(memref.BuildDim(s.b, loc, nb, s.Index(int64(d))).Result())
		}
	}
	offset := ir.IndexConst(0)
	for i, it := range types {
		src, err := s.Buffer(op, op.Operand(i))
		if err != nil {
			return err
		}
		s.b.SetInsertionPoint(op)
		if it.Shape[dim] != ir.Dynamic {
			sizes[dim] = ir.IndexConst(it.Shape[dim])
		} else {
			sizes[dim] = ir.IndexValue(memref.BuildDim(s.b, loc, src, s.Index(int64(dim))).Result())
		}
		offs := make([]ir.OpFoldResult, len(rt.Shape))
		ones := make([]int64, len(rt.Shape))
		for d := range ones {
			ones[d] = 1
			offs[d] = ir.IndexConst(0)
		}
		offs[dim] = offset
		so, dynOffs := splitFold(offs)
		ss, dynSizes := splitFold(sizes)
		sv, err := s.subviewRaw(op, nb, dynOffs, dynSizes, nil, so, ss, ones, it)
		if err != nil {
			return err
		}
		memref.BuildCopy(s.b, loc, src, sv)
		offset = s.sumFold(op, []ir.OpFoldResult{offset, sizes[dim]})
	}
	s.SetResult(op.Result(0), nb, nil)
	s.Erase(op)
	return nil
}

// concatShape returns the dynamic sizes of the result of op (of type rt,
// inputs of types types, concatenated along dim) as tensor.concat's shape
// reification builds them: along another dimension, the static size of
// an input, else the first input's tensor.dim; along dim, the sum of the
// inputs' sizes (a static size is a tensor.dim folded to a constant).
func (s *state) concatShape(op *ir.Operation, rt *ir.RankedTensorType, types []*ir.RankedTensorType, dim int) []ir.Value {
	sizes := make([]ir.Value, len(rt.Shape))
	for d, sz := range rt.Shape {
		if d == dim || sz != ir.Dynamic {
			continue
		}
		inferred := ir.Dynamic
		for _, it := range types {
			if it.Shape[d] != ir.Dynamic {
				inferred = it.Shape[d]
			}
		}
		if inferred != ir.Dynamic {
			sizes[d] = s.Index(inferred)
		} else {
			sizes[d] = s.dimLater(op, op.Operand(0), int64(d))
		}
	}
	if rt.Shape[dim] == ir.Dynamic {
		terms := make([]ir.Value, len(types))
		for i, it := range types {
			if it.Shape[dim] != ir.Dynamic {
				s.Index(int64(dim))
				terms[i] = s.Index(it.Shape[dim])
			} else {
				terms[i] = s.dimLater(op, op.Operand(i), int64(dim))
			}
		}
		sizes[dim] = s.composedSum(op, terms)
	}
	var dyn []ir.Value
	for d, sz := range rt.Shape {
		if sz == ir.Dynamic {
			dyn = append(dyn, sizes[d])
		}
	}
	return dyn
}

// composedSum returns the sum of vals as upstream's
// makeComposedFoldedAffineApply makes it, as a value: an affine.apply
// whose map folds in the constants, the one value it leaves, or a
// constant when nothing else is left.
func (s *state) composedSum(op *ir.Operation, vals []ir.Value) ir.Value {
	e := affinemap.Dim(0)
	for i := 1; i < len(vals); i++ {
		e = affinemap.Add(e, affinemap.Dim(i))
	}
	ap := affine.BuildComposedApply(s.b, op.Loc(), affinemap.NewMap(len(vals), 0, e), vals)
	m := ap.Map().(*ir.AffineMapAttr).Map
	if len(m.Results) == 1 {
		switch r := m.Results[0]; {
		case r.IsConstant():
			ap.Erase()
			return s.Index(r.Value())
		case ap.NumOperands() == 1 && (r.IsDim() || r.IsSym()):
			v := ap.Operand(0)
			ap.Erase()
			return v
		}
	}
	return ap.Result()
}

// sumFold returns the sum of terms as upstream's
// makeComposedFoldedAffineApply makes it of s0 + s1 + ...: a constant
// when all are, the one value when the others are zero, else an
// affine.apply whose map folds in the constants. The terms are symbols,
// so that an affine.apply term composed into the sum appends its
// operands after the other terms (a running offset summed with the next
// size lists that size first).
func (s *state) sumFold(op *ir.Operation, terms []ir.OpFoldResult) ir.OpFoldResult {
	var c int64
	var vals []ir.OpFoldResult
	for _, t := range terms {
		if t.IsConst() {
			c += t.Const
			continue
		}
		vals = append(vals, t)
	}
	switch {
	case len(vals) == 0:
		return ir.IndexConst(c)
	case len(vals) == 1 && c == 0:
		return vals[0]
	}
	var tmp []*ir.Operation
	operands := make([]ir.Value, len(terms))
	var e affinemap.Expr
	for i, t := range terms {
		if t.IsConst() {
			operands[i] = s.Index(t.Const)
			tmp = append(tmp, ir.DefiningOp(operands[i]))
		} else {
			operands[i] = t.Value
		}
		if i == 0 {
			e = affinemap.Sym(0)
		} else {
			e = affinemap.Add(e, affinemap.Sym(i))
		}
	}
	ap := affine.BuildComposedApply(s.b, op.Loc(), affinemap.NewMap(0, len(terms), e), operands)
	for _, t := range tmp {
		if t != nil && !ir.HasUses(t.Result(0)) {
			t.Erase()
		}
	}
	return ir.IndexValue(ap.Result())
}

// splitFold splits mixed entries into static ones (ir.Dynamic for a
// value) and the values.
func splitFold(fs []ir.OpFoldResult) ([]int64, []ir.Value) {
	static := make([]int64, len(fs))
	var vals []ir.Value
	for i, f := range fs {
		if f.IsConst() {
			static[i] = f.Const
			continue
		}
		static[i] = ir.Dynamic
		vals = append(vals, f.Value)
	}
	return static, vals
}
