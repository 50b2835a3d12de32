package memref

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	memrefd "github.com/strata-ir/strata/dialects/memref"
)

// reshape is memref.reshape: a view of the source's elements, which must
// have the identity layout, with the sizes the shape operand (a 1-D
// memref of integers or indices) holds and row-major strides.
func reshape(f *interp.Frame, op *ir.Operation) error {
	r, ok := memrefd.AsReshapeOp(op)
	if !ok {
		return interp.Errorf(op, "malformed memref.reshape")
	}
	sv, err := f.Get(op, r.Source())
	if err != nil {
		return err
	}
	shv, err := f.Get(op, r.Shape())
	if err != nil {
		return err
	}
	src, shape := sv.MemRef(), shv.MemRef()
	if src == nil || shape == nil || shape.Rank() != 1 {
		return interp.Errorf(op, "expected a memref source and a 1-D memref shape")
	}
	if err := shape.Check(); err != nil {
		return interp.Errorf(op, err.Error())
	}
	if !src.IsContiguous() {
		return interp.Errorf(op, "the source of memref.reshape must have the identity layout")
	}
	if err := shape.Access(op, false); err != nil {
		return err
	}
	et := interp.ElementType(shape.Buf.Elem)
	if et == nil {
		et = shape.Buf.Elem
	}
	sizes := make([]int64, 0, shape.Sizes[0])
	shape.ForEach(func(_, p int64) {
		sizes = append(sizes, interp.FromBits(et, shape.Buf.Data[p]).Int())
	})
	rt, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok || len(rt.Shape) != len(sizes) {
		return interp.Errorf(op, "expected a ranked result with one dimension per shape element")
	}
	for d, s := range sizes {
		if s < 0 || rt.Shape[d] != ir.Dynamic && rt.Shape[d] != s {
			return interp.Errorf(op, fmt.Sprintf("size %d of dimension %d does not fit the result type", s, d))
		}
	}
	if n, have := interp.NumElements(sizes), src.NumElements(); n != have {
		return interp.Errorf(op, fmt.Sprintf("cannot reshape %d elements into %d", have, n))
	}
	v := &interp.MemRef{Buf: src.Buf, Offset: src.Offset, Sizes: sizes, Strides: interp.IdentityStrides(sizes)}
	f.SetResult(op, 0, interp.MakeMemRef(op.Result(0).Type(), v))
	return nil
}

// prefetch is memref.prefetch (and affine.prefetch): a hint to the
// cache, with no effect on the program's state.
func prefetch(f *interp.Frame, op *ir.Operation) error {
	_, err := f.Operands(op)
	return err
}

// distinctObjects is memref.distinct_objects: its results are its
// operands, which the program asserts do not alias; views of one buffer
// whose elements overlap are an error.
func distinctObjects(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	type span struct{ lo, hi int64 }
	spans := make([]span, len(vs))
	for i, v := range vs {
		m := v.MemRef()
		if m == nil {
			return interp.Errorf(op, fmt.Sprintf("operand #%d is not a memref", i))
		}
		lo, hi := m.Offset, m.Offset
		for d, s := range m.Sizes {
			if s == 0 {
				lo, hi = 0, -1
				break
			}
			if e := (s - 1) * m.Strides[d]; e < 0 {
				lo += e
			} else {
				hi += e
			}
		}
		spans[i] = span{lo, hi}
		for j := 0; j < i; j++ {
			if vs[j].MemRef().Buf == m.Buf && lo <= hi && spans[j].lo <= spans[j].hi && lo <= spans[j].hi && spans[j].lo <= hi {
				return interp.Errorf(op, fmt.Sprintf("operands #%d and #%d alias: they view elements [%d, %d] and [%d, %d] of one buffer", j, i, spans[j].lo, spans[j].hi, lo, hi))
			}
		}
	}
	for i, v := range vs {
		f.SetResult(op, i, v.WithType(op.Result(i).Type()))
	}
	return nil
}

// dmaOperands splits the operands of memref.dma_start: the source and
// its indices, the destination and its indices, the number of elements,
// the tag and its indices, and the optional stride and number of elements
// per stride.
type dmaOperands struct {
	src, dst, tag          *interp.MemRef
	srcIdx, dstIdx, tagIdx []int64
	n, stride, perStride   int64
	srcSpace0, dstSpace0   bool
}

func readDma(f *interp.Frame, op *ir.Operation) (*dmaOperands, error) {
	vs, err := f.Operands(op)
	if err != nil {
		return nil, err
	}
	d := &dmaOperands{}
	i := 0
	next := func(what string) (*interp.MemRef, []int64, bool, error) {
		if i >= len(vs) || vs[i].MemRef() == nil {
			return nil, nil, false, interp.Errorf(op, "expected a memref "+what)
		}
		m := vs[i].MemRef()
		mt, _ := op.Operand(i).Type().(*ir.MemRefType)
		i++
		if i+m.Rank() > len(vs) {
			return nil, nil, false, interp.Errorf(op, "expected indices for the "+what)
		}
		idx := make([]int64, m.Rank())
		for k := range idx {
			idx[k] = vs[i+k].Int()
		}
		i += m.Rank()
		return m, idx, mt != nil && mt.MemorySpace == nil, nil
	}
	if d.src, d.srcIdx, d.srcSpace0, err = next("source"); err != nil {
		return nil, err
	}
	if d.dst, d.dstIdx, d.dstSpace0, err = next("destination"); err != nil {
		return nil, err
	}
	if i >= len(vs) {
		return nil, interp.Errorf(op, "expected the number of elements")
	}
	d.n = vs[i].Int()
	i++
	if d.tag, d.tagIdx, _, err = next("tag"); err != nil {
		return nil, err
	}
	switch len(vs) - i {
	case 0:
	case 2:
		d.stride, d.perStride = vs[i].Int(), vs[i+1].Int()
	default:
		return nil, interp.Errorf(op, "incorrect number of operands")
	}
	return d, nil
}

// flatPosition returns the buffer position of the element k elements,
// in row-major order, after idx in m, or an error when it lies outside m.
func flatPosition(m *interp.MemRef, idx []int64, k int64) (int64, error) {
	lin := int64(0)
	for d, i := range idx {
		if i < 0 || i >= m.Sizes[d] {
			return 0, fmt.Errorf("index %d out of bounds for dimension %d of size %d", i, d, m.Sizes[d])
		}
		lin = lin*m.Sizes[d] + i
	}
	lin += k
	if lin < 0 || lin >= m.NumElements() {
		return 0, fmt.Errorf("element %d of the transfer is beyond the memref's %d elements", k, m.NumElements())
	}
	at := make([]int64, len(idx))
	for d := len(idx) - 1; d >= 0; d-- {
		at[d] = lin % m.Sizes[d]
		lin /= m.Sizes[d]
	}
	return m.Index(at)
}

// dmaStart is memref.dma_start, which the interpreter completes at once:
// num_elements elements, consecutive in row-major order, are copied from
// the source at its indices to the destination at its indices. With a
// stride, the side in the default memory space (memory space 0) holds
// chunks of num_elt_per_stride elements stride elements apart, and the
// other side holds them consecutively. The tag element must be in
// bounds; dma_wait on it then has nothing left to wait for.
func dmaStart(f *interp.Frame, op *ir.Operation) error {
	d, err := readDma(f, op)
	if err != nil {
		return err
	}
	if _, err := d.tag.Index(d.tagIdx); err != nil {
		return interp.Errorf(op, "tag: "+err.Error())
	}
	if d.n < 0 {
		return interp.Errorf(op, fmt.Sprintf("negative number of elements %d", d.n))
	}
	srcAt, dstAt := func(k int64) int64 { return k }, func(k int64) int64 { return k }
	if d.perStride != 0 || d.stride != 0 {
		if d.perStride <= 0 || d.stride < d.perStride {
			return interp.Errorf(op, fmt.Sprintf("invalid stride %d with %d elements per stride", d.stride, d.perStride))
		}
		if d.srcSpace0 == d.dstSpace0 {
			return interp.Errorf(op, "a strided transfer needs exactly one side in memory space 0, the strided one")
		}
		strided := func(k int64) int64 { return k/d.perStride*d.stride + k%d.perStride }
		if d.srcSpace0 {
			srcAt = strided
		} else {
			dstAt = strided
		}
	}
	for k := int64(0); k < d.n; k++ {
		p, err := flatPosition(d.src, d.srcIdx, srcAt(k))
		if err != nil {
			return interp.Errorf(op, "source: "+err.Error())
		}
		q, err := flatPosition(d.dst, d.dstIdx, dstAt(k))
		if err != nil {
			return interp.Errorf(op, "destination: "+err.Error())
		}
		if err := d.src.Buf.Access(op, p, 1, false); err != nil {
			return err
		}
		if err := d.dst.Buf.Access(op, q, 1, true); err != nil {
			return err
		}
		d.dst.Buf.Data[q] = d.src.Buf.Data[p]
	}
	return nil
}

// dmaWait is memref.dma_wait: the transfers of the interpreter's
// dma_start are complete when it returns, so waiting checks the tag
// element only.
func dmaWait(f *interp.Frame, op *ir.Operation) error {
	w, ok := memrefd.AsDmaWaitOp(op)
	if !ok {
		return interp.Errorf(op, "malformed memref.dma_wait")
	}
	tv, err := f.Get(op, w.TagMemRef())
	if err != nil {
		return err
	}
	idx, err := f.Ints(op, w.TagIndices())
	if err != nil {
		return err
	}
	if tv.MemRef() == nil {
		return interp.Errorf(op, "expected a memref tag")
	}
	if _, err := tv.MemRef().Index(idx); err != nil {
		return interp.Errorf(op, "tag: "+err.Error())
	}
	return nil
}
