package vector

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/vector"
)

// resultVector returns op's first result type as a vector type of fixed
// size.
func resultVector(op *ir.Operation) (*ir.VectorType, error) {
	return fixedVector(op, op.Result(0).Type())
}

// eachIndex calls fn with every position of shape, in row-major order,
// and its row-major offset. The slice passed to fn is reused.
func eachIndex(shape []int64, fn func(iv []int64, n int64) error) error {
	iv := make([]int64, len(shape))
	n := interp.NumElements(shape)
	for i := int64(0); i < n; i++ {
		if err := fn(iv, i); err != nil {
			return err
		}
		for d := len(iv) - 1; d >= 0; d-- {
			iv[d]++
			if iv[d] < shape[d] {
				break
			}
			iv[d] = 0
		}
	}
	return nil
}

// boxMask returns the mask of shape whose lanes are set where every index
// is below the bound of its dimension (vector.constant_mask and
// vector.create_mask); a 0-D mask has one bound, and is set when it is
// positive.
func boxMask(shape, bounds []int64) *interp.Dense {
	out := &interp.Dense{Shape: shape, Data: interp.NewElements(interp.NumElements(shape))}
	if len(shape) == 0 {
		if len(bounds) == 1 && bounds[0] > 0 {
			out.Data[0] = 1
		}
		return out
	}
	_ = eachIndex(shape, func(iv []int64, n int64) error {
		for d, i := range iv {
			if i >= bounds[d] {
				return nil
			}
		}
		out.Data[n] = 1
		return nil
	})
	return out
}

// constantMask is vector.constant_mask: the lanes below mask_dim_sizes in
// every dimension are set.
func constantMask(f *interp.Frame, op *ir.Operation) error {
	c, ok := vector.AsConstantMaskOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.constant_mask")
	}
	vt, err := resultVector(op)
	if err != nil {
		return err
	}
	sizes := interp.DenseArray(c.MaskDimSizes())
	if len(sizes) != max(len(vt.Shape), 1) {
		return interp.Errorf(op, "expected one mask dimension size per vector dimension")
	}
	f.SetResult(op, 0, interp.MakeDense(vt, boxMask(vt.Shape, sizes)))
	return nil
}

// createMask is vector.create_mask: the lanes below the operands in every
// dimension are set (a negative or zero operand sets none, one beyond the
// dimension's size sets all of it).
func createMask(f *interp.Frame, op *ir.Operation) error {
	c, ok := vector.AsCreateMaskOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.create_mask")
	}
	vt, err := resultVector(op)
	if err != nil {
		return err
	}
	bounds, err := f.Ints(op, c.Dims())
	if err != nil {
		return err
	}
	if len(bounds) != max(len(vt.Shape), 1) {
		return interp.Errorf(op, "expected one operand per vector dimension")
	}
	f.SetResult(op, 0, interp.MakeDense(vt, boxMask(vt.Shape, bounds)))
	return nil
}

// step is vector.step: the lanes hold 0, 1, ..., n-1.
func step(f *interp.Frame, op *ir.Operation) error {
	vt, err := resultVector(op)
	if err != nil {
		return err
	}
	if len(vt.Shape) != 1 {
		return interp.Errorf(op, "expected a 1-D vector result")
	}
	data := interp.NewElements(vt.Shape[0])
	for i := range data {
		data[i] = interp.MakeInt(vt.Elem, uint64(i)).Bits()
	}
	f.SetResult(op, 0, interp.MakeDense(vt, &interp.Dense{Shape: vt.Shape, Data: data}))
	return nil
}

// fromElements is vector.from_elements: the operands are the elements in
// row-major order.
func fromElements(f *interp.Frame, op *ir.Operation) error {
	vt, err := resultVector(op)
	if err != nil {
		return err
	}
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	if int64(len(vs)) != interp.NumElements(vt.Shape) {
		return interp.Errorf(op, fmt.Sprintf("expected %d elements, got %d", interp.NumElements(vt.Shape), len(vs)))
	}
	data := interp.NewElements(int64(len(vs)))
	for i, v := range vs {
		if v.IsDense() {
			return interp.Errorf(op, "expected scalar elements")
		}
		data[i] = v.Bits()
	}
	f.SetResult(op, 0, interp.MakeDense(vt, &interp.Dense{Shape: vt.Shape, Data: data}))
	return nil
}

// maskedBlock calls fn with the row-major offset of each lane of a vector
// of shape, read from or written to m at base (the vector's dimensions
// along the memref's trailing ones), whose mask lane is set, and the
// lane's position in m's buffer. A lane whose mask is clear touches no
// memory and may lie out of bounds; a set lane out of bounds is an error
// (upstream leaves it undefined).
func maskedBlock(op *ir.Operation, m *interp.MemRef, base []int64, shape []int64, mask *interp.Dense, fn func(n, q int64) error) error {
	r := m.Rank()
	if len(shape) > r || len(base) != r {
		return interp.Errorf(op, "the vector has more dimensions than the memref")
	}
	if interp.NumElements(mask.Shape) != interp.NumElements(shape) {
		return interp.Errorf(op, "the mask's shape does not match the vector's")
	}
	off := r - len(shape)
	idx := make([]int64, r)
	return eachIndex(shape, func(iv []int64, n int64) error {
		if mask.Data[n]&1 == 0 {
			return nil
		}
		copy(idx, base)
		for d, i := range iv {
			idx[off+d] += i
		}
		q, err := m.Index(idx)
		if err != nil {
			return interp.Errorf(op, fmt.Sprintf("lane %d is set in the mask but out of bounds: element %v of a memref of sizes %v", n, idx, m.Sizes))
		}
		return fn(n, q)
	})
}

// maskedOperands reads the memref, indices and mask of a masked load or
// store.
func maskedOperands(f *interp.Frame, op *ir.Operation, base ir.Value, indices []ir.Value, mask ir.Value) (*interp.MemRef, []int64, *interp.Dense, error) {
	bv, err := f.Get(op, base)
	if err != nil {
		return nil, nil, nil, err
	}
	m := bv.MemRef()
	if m == nil {
		return nil, nil, nil, interp.Errorf(op, "expected a memref base")
	}
	if m.Buf.Freed {
		return nil, nil, nil, interp.Errorf(op, "access to a deallocated memref")
	}
	idx, err := f.Ints(op, indices)
	if err != nil {
		return nil, nil, nil, err
	}
	mv, err := f.Get(op, mask)
	if err != nil {
		return nil, nil, nil, err
	}
	md := mv.Dense()
	if md == nil {
		return nil, nil, nil, interp.Errorf(op, "expected a vector mask")
	}
	return m, idx, md, nil
}

// maskedLoad is vector.maskedload: a lane whose mask is set is read from
// memory, any other is the pass-through's lane.
func maskedLoad(f *interp.Frame, op *ir.Operation) error {
	l, ok := vector.AsMaskedloadOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.maskedload")
	}
	vt, err := resultVector(op)
	if err != nil {
		return err
	}
	m, idx, mask, err := maskedOperands(f, op, l.Base(), l.Indices(), l.Mask())
	if err != nil {
		return err
	}
	pv, err := f.Get(op, l.PassThru())
	if err != nil {
		return err
	}
	pass := pv.Dense()
	if pass == nil || int64(len(pass.Data)) != interp.NumElements(vt.Shape) {
		return interp.Errorf(op, "expected a pass-through vector of the result's shape")
	}
	data := append([]uint64(nil), pass.Data...)
	err = maskedBlock(op, m, idx, vt.Shape, mask, func(n, q int64) error {
		if err := m.Buf.Access(op, q, 1, false); err != nil {
			return err
		}
		data[n] = m.Buf.Data[q]
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeDense(vt, &interp.Dense{Shape: vt.Shape, Data: data}))
	return nil
}

// maskedStore is vector.maskedstore: a lane whose mask is set is written
// to memory, any other leaves memory as it is.
func maskedStore(f *interp.Frame, op *ir.Operation) error {
	s, ok := vector.AsMaskedstoreOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.maskedstore")
	}
	vt, err := fixedVector(op, s.ValueToStore().Type())
	if err != nil {
		return err
	}
	m, idx, mask, err := maskedOperands(f, op, s.Base(), s.Indices(), s.Mask())
	if err != nil {
		return err
	}
	vv, err := f.Get(op, s.ValueToStore())
	if err != nil {
		return err
	}
	src := vv.Dense()
	if src == nil || int64(len(src.Data)) != interp.NumElements(vt.Shape) {
		return interp.Errorf(op, "expected a vector to store")
	}
	return maskedBlock(op, m, idx, vt.Shape, mask, func(n, q int64) error {
		if err := m.Buf.Access(op, q, 1, true); err != nil {
			return err
		}
		m.Buf.Data[q] = src.Data[n]
		return nil
	})
}
