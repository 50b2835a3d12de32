package bufferize

import (
	affinemap "github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/dialects/memref"
)

// concat bufferizes tensor.concat as upstream does: a new buffer, whose
// dynamic sizes are those of the first input or, along the concatenated
// dimension, the sum of the inputs' sizes (the op's reified shape); and
// for each input a memref.subview of the buffer at the input's offset
// along the concatenated dimension, into which the input is copied. A
// dynamic size of the buffer elsewhere is the buffer's own dimension.
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
	srcs := make([]ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		it, ok := s.TensorType(v).(*ir.RankedTensorType)
		if !ok || len(it.Shape) != len(rt.Shape) {
			return ir.NewError(op.Loc(), "failed to bufferize op: malformed tensor.concat")
		}
		types[i] = it
		b, err := s.Buffer(op, v)
		if err != nil {
			return err
		}
		srcs[i] = b
	}
	s.b.SetInsertionPoint(op)
	loc := op.Loc()
	// The dynamic sizes of the result, as the op's shape reification
	// builds them.
	var dyn []ir.Value
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
			dyn = append(dyn, s.Index(inferred))
		} else {
			dyn = append(dyn, memref.BuildDim(s.b, loc, srcs[0], s.Index(int64(d))).Result())
		}
	}
	var concatSize ir.Value
	if rt.Shape[dim] == ir.Dynamic {
		terms := make([]ir.OpFoldResult, len(srcs))
		for i, it := range types {
			if it.Shape[dim] != ir.Dynamic {
				terms[i] = ir.IndexConst(it.Shape[dim])
			} else {
				terms[i] = ir.IndexValue(memref.BuildDim(s.b, loc, srcs[i], s.Index(int64(dim))).Result())
			}
		}
		concatSize = s.foldResult(s.sumFold(op, terms))
	}
	if concatSize != nil {
		// The concatenated dimension's size comes at its place among the
		// dynamic sizes.
		k := 0
		for d := 0; d < dim; d++ {
			if rt.Shape[d] == ir.Dynamic {
				k++
			}
		}
		dyn = append(dyn[:k], append([]ir.Value{concatSize}, dyn[k:]...)...)
	}
	nb := memref.BuildAlloc(s.b, loc, dyn, nil, s.IdentityType(rt), memref.AllocOptions{Alignment: s.Alignment()}).Result(0)
	// The sizes of the subviews other than along dim: static, or the
	// buffer's dimension.
	sizes := make([]ir.OpFoldResult, len(rt.Shape))
	for d, sz := range rt.Shape {
		switch {
		case d == dim:
		case sz != ir.Dynamic:
			sizes[d] = ir.IndexConst(sz)
		default:
			sizes[d] = ir.IndexValue(memref.BuildDim(s.b, loc, nb, s.Index(int64(d))).Result())
		}
	}
	offset := ir.IndexConst(0)
	var prev ir.OpFoldResult
	for i, it := range types {
		if i > 0 {
			offset = s.sumFold(op, []ir.OpFoldResult{offset, prev})
		}
		if it.Shape[dim] != ir.Dynamic {
			sizes[dim] = ir.IndexConst(it.Shape[dim])
		} else {
			sizes[dim] = ir.IndexValue(memref.BuildDim(s.b, loc, srcs[i], s.Index(int64(dim))).Result())
		}
		prev = sizes[dim]
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
		memref.BuildCopy(s.b, loc, srcs[i], sv)
	}
	s.SetResult(op.Result(0), nb, nil)
	s.Erase(op)
	return nil
}

// sumFold returns the sum of terms as upstream's
// makeComposedFoldedAffineApply makes it: a constant when all are, the
// one value when the others are zero, else an affine.apply whose map
// folds in the constants.
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
			e = affinemap.Dim(0)
		} else {
			e = affinemap.Add(e, affinemap.Dim(i))
		}
	}
	ap := affine.BuildComposedApply(s.b, op.Loc(), affinemap.NewMap(len(terms), 0, e), operands)
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
