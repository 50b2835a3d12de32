package bufferize

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/linalg"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
)

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
	rt, ok2 := result.(*ir.RankedTensorType)
	if !ok || !ok2 {
		return nil, ir.NewError(op.Loc(), "failed to bufferize op: slices of unranked tensors are not supported")
	}
	off, srcStrides := mt.OffsetAndStrides()
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
	ty := s.ctx.MemRefType(rt.Shape, rt.Elem, s.ctx.StridedLayoutAttr(off, kept), nil)
	return memref.BuildSubview(s.b, op.Loc(), src, offsets, sizes, strides,
		s.ctx.DenseI64Array(so...), s.ctx.DenseI64Array(ss...), s.ctx.DenseI64Array(st...), ty).Result(), nil
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
	src, err := s.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	o, z, st := segments(op, 1)
	v, err := s.subview(op, src, o, z, st, op.Result(0).Type())
	if err != nil {
		return err
	}
	s.setResult(op.Result(0), v, op.Operand(0))
	s.dead = append(s.dead, op)
	return nil
}

// insertSlice writes the source into a subview of the destination's
// buffer (in place) or of a copy of it.
func (s *state) insertSlice(op *ir.Operation) error {
	src, err := s.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	dst, err := s.writable(op, 1, false)
	if err != nil {
		return err
	}
	s.b.SetInsertionPoint(op)
	o, z, st := segments(op, 2)
	v, err := s.subview(op, dst, o, z, st, s.tt(op.Operand(0)))
	if err != nil {
		return err
	}
	memref.BuildCopy(s.b, op.Loc(), src, v)
	s.setResult(op.Result(0), dst, s.aliasIf(op.Operand(1), dst))
	s.dead = append(s.dead, op)
	return nil
}

// splat bufferizes tensor.splat as upstream does: a new buffer (dynamic
// sizes from the splat's operands) filled by a linalg.map that yields the
// value.
func (s *state) splat(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: tensor.splat of an unranked tensor")
	}
	nb := memref.BuildAlloc(s.b, op.Loc(), op.Operands()[1:], nil, s.identityType(rt), memref.AllocOptions{Alignment: s.alignment()}).Result(0)
	m := linalg.BuildMap(s.b, op.Loc(), nil, nb, nil)
	blk := ir.NewBlock()
	blk.AddArgument(rt.Elem, op.Loc())
	m.Operation.Region(0).Append(blk)
	s.b.SetInsertionPointToEnd(blk)
	linalg.BuildYield(s.b, op.Loc(), []ir.Value{op.Operand(0)})
	s.b.SetInsertionPoint(op)
	s.setResult(op.Result(0), nb, nil)
	s.dead = append(s.dead, op)
	return nil
}

// concat bufferizes tensor.concat as upstream does: a new buffer, and for
// each input a memref.subview of it at the input's offset along the
// concatenated dimension, into which the input is copied.
func (s *state) concat(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: tensor.concat of an unranked tensor")
	}
	dimAttr, ok := op.InherentAttr("dim").(*ir.IntegerAttr)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed tensor.concat")
	}
	dim := int(dimAttr.Int64())
	for _, d := range rt.Shape {
		if d == ir.Dynamic {
			return ir.NewError(op.Loc(), "failed to bufferize op: tensor.concat with a dynamic result shape is not supported")
		}
	}
	srcs := make([]ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		b, err := s.bufferOf(op, v)
		if err != nil {
			return err
		}
		srcs[i] = b
	}
	s.b.SetInsertionPoint(op)
	nb := memref.BuildAlloc(s.b, op.Loc(), nil, nil, s.identityType(rt), memref.AllocOptions{Alignment: s.alignment()}).Result(0)
	at := int64(0)
	for i, v := range op.Operands() {
		it, ok := s.tt(v).(*ir.RankedTensorType)
		if !ok || dim < 0 || dim >= len(it.Shape) || it.Shape[dim] == ir.Dynamic {
			return ir.NewError(op.Loc(), "failed to bufferize op: tensor.concat with a dynamic input shape is not supported")
		}
		offs := make([]int64, len(rt.Shape))
		ones := make([]int64, len(rt.Shape))
		for d := range ones {
			ones[d] = 1
		}
		offs[dim] = at
		sv, err := s.subviewRaw(op, nb, nil, nil, nil, offs, it.Shape, ones, it)
		if err != nil {
			return err
		}
		memref.BuildCopy(s.b, op.Loc(), srcs[i], sv)
		at += it.Shape[dim]
	}
	s.setResult(op.Result(0), nb, nil)
	s.dead = append(s.dead, op)
	return nil
}

// forall bufferizes scf.forall as upstream does: each shared output is
// written in its buffer (that of the init when the loop may write it in
// place, else a new one), the loop loses its outputs and results, and
// the body reads the outputs' buffers.
func (s *state) forall(op *ir.Operation) error {
	seg := interp.DenseArray(op.InherentAttr("operandSegmentSizes"))
	if len(seg) != 4 || op.NumRegions() != 1 || !op.Region(0).HasOneBlock() {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed scf.forall")
	}
	nb := int(seg[0] + seg[1] + seg[2])
	outs := op.Operands()[nb:]
	body := op.Region(0).First()
	rank := body.NumArguments() - len(outs)
	if rank < 0 {
		return ir.NewError(op.Loc(), "failed to bufferize op: malformed scf.forall")
	}
	bufs := make([]ir.Value, len(outs))
	for i, v := range outs {
		noCopy := false
		if d := ir.DefiningOp(v); d != nil && d.Name() == "tensor.empty" {
			noCopy = true
		}
		b, err := s.writable(op, nb+i, noCopy)
		if err != nil {
			return err
		}
		bufs[i] = b
	}
	s.b.SetInsertionPoint(op)
	ops := op.Operands()
	nf := scf.BuildForall(s.b, op.Loc(), ops[:seg[0]], ops[seg[0]:seg[0]+seg[1]], ops[seg[0]+seg[1]:nb], nil,
		op.InherentAttr("staticLowerBound"), op.InherentAttr("staticUpperBound"), op.InherentAttr("staticStep"),
		nil, scf.ForallOptions{Mapping: op.InherentAttr("mapping")},
	)
	nf.Operation.Region(0).TakeBody(op.Region(0))
	for i, v := range outs {
		a := body.Argument(rank + i)
		s.orig[a] = a.Type()
		s.buf[a] = bufs[i]
		s.parent[a] = a
		s.union(a, v)
		s.setResult(op.Result(i), bufs[i], s.aliasIf(v, bufs[i]))
	}
	if err := s.block(body); err != nil {
		return err
	}
	for i := len(outs) - 1; i >= 0; i-- {
		if ir.HasUses(body.Argument(rank + i)) {
			return ir.NewError(op.Loc(), "failed to bufferize op: a shared output is still used")
		}
		body.EraseArgument(rank + i)
	}
	s.dead = append(s.dead, op)
	return nil
}

// parallelInsertSlice bufferizes tensor.parallel_insert_slice: a
// memref.subview of the shared output's buffer and a memref.copy of the
// source into it, before the scf.forall.in_parallel terminator.
func (s *state) parallelInsertSlice(op *ir.Operation) error {
	src, err := s.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	dst, err := s.bufferOf(op, op.Operand(1))
	if err != nil {
		return err
	}
	term := op.ParentOp()
	if term == nil {
		return ir.NewError(op.Loc(), "failed to bufferize op: tensor.parallel_insert_slice outside scf.forall.in_parallel")
	}
	s.b.SetInsertionPoint(term)
	o, z, st := segments(op, 2)
	v, err := s.subview(op, dst, o, z, st, s.tt(op.Operand(0)))
	if err != nil {
		return err
	}
	memref.BuildCopy(s.b, op.Loc(), src, v)
	// It has no results: erased now, so that the shared output it writes
	// loses its last use before its loop drops it.
	op.Erase()
	return nil
}
