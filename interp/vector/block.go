package vector

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/vector"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// blockBase returns the memref indices of op (the operands after the
// memref at position mi, len(m.Sizes) of them).
func blockBase(op *ir.Operation, f *interp.Frame, m *interp.MemRef, mi int) ([]int64, error) {
	var idx []int64
	for i := mi + 1; i < op.NumOperands() && len(idx) < m.Rank(); i++ {
		v, err := f.Operand(op, i)
		if err != nil {
			return nil, err
		}
		idx = append(idx, v.Int())
	}
	if len(idx) != m.Rank() {
		return nil, interp.Errorf(op, "expected one index per memref dimension")
	}
	return idx, nil
}

// ReadBlock reads the n-D block of shape at op's indices (operands after
// the memref operand 0): the vector's dimensions run along the memref's
// trailing ones.
func ReadBlock(op *ir.Operation, f *interp.Frame, m *interp.MemRef, shape []int64) (*interp.Dense, error) {
	base, err := blockBase(op, f, m, 0)
	if err != nil {
		return nil, err
	}
	return ReadBlockAt(op, m, base, shape)
}

// ReadBlockAt reads the n-D block of shape at the indices base of m: the
// vector's dimensions run along the memref's trailing ones.
func ReadBlockAt(op *ir.Operation, m *interp.MemRef, base, shape []int64) (*interp.Dense, error) {
	out := &interp.Dense{Shape: shape, Data: make([]uint64, interp.NumElements(shape))}
	err := eachElement(op, m, base, shape, func(i, q int64) error {
		if err := m.Buf.Access(op, q, 1, false); err != nil {
			return err
		}
		out.Data[i] = m.Buf.Data[q]
		return nil
	})
	return out, err
}

// WriteBlock writes d at op's indices (operands after the memref operand
// 1), only where mask (broadcast to d's shape) is set when mask is given.
func WriteBlock(op *ir.Operation, f *interp.Frame, m *interp.MemRef, d *interp.Dense, mask *interp.Dense) error {
	base, err := blockBase(op, f, m, 1)
	if err != nil {
		return err
	}
	return WriteBlockAt(op, m, base, d, mask)
}

// WriteBlockAt writes d at the indices base of m, only where mask
// (broadcast to d's shape) is set when mask is given.
func WriteBlockAt(op *ir.Operation, m *interp.MemRef, base []int64, d *interp.Dense, mask *interp.Dense) error {
	return eachElement(op, m, base, d.Shape, func(i, q int64) error {
		if mask != nil && !MaskAt(mask, d.Shape, i) {
			return nil
		}
		if err := m.Buf.Access(op, q, 1, true); err != nil {
			return err
		}
		m.Buf.Data[q] = d.Data[i]
		return nil
	})
}

// MaskAt reads a mask broadcast to shape at linear position i.
func MaskAt(mask *interp.Dense, shape []int64, i int64) bool {
	idx := make([]int64, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		idx[d] = i % shape[d]
		i /= shape[d]
	}
	p := int64(0)
	off := len(shape) - len(mask.Shape)
	for d, n := range mask.Shape {
		x := idx[off+d]
		if n == 1 {
			x = 0
		}
		p = p*n + x
	}
	return mask.Data[p] != 0
}

// eachElement calls fn with each element's linear position in shape and
// its position in m's buffer, checking bounds.
func eachElement(op *ir.Operation, m *interp.MemRef, base, shape []int64, fn func(i, q int64) error) error {
	r := m.Rank()
	if len(shape) > r {
		return interp.Errorf(op, "the vector has more dimensions than the memref")
	}
	off := r - len(shape)
	idx := make([]int64, r)
	n := interp.NumElements(shape)
	for i := int64(0); i < n; i++ {
		copy(idx, base)
		rem := i
		for d := len(shape) - 1; d >= 0; d-- {
			idx[off+d] += rem % shape[d]
			rem /= shape[d]
		}
		q, err := m.Index(idx)
		if err != nil {
			return interp.Errorf(op, fmt.Sprintf("vector access out of bounds: element %v of a memref of sizes %v", idx, m.Sizes))
		}
		if err := fn(i, q); err != nil {
			return err
		}
	}
	return nil
}

// multiReduction gives vector.multi_reduction: each result element is the
// accumulator combined with the reduced elements in index order.
func multiReduction(f *interp.Frame, op *ir.Operation) error {
	src, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	acc, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	d := src.Dense()
	if d == nil {
		return interp.Errorf(op, "expected a vector source")
	}
	dims := interp.DenseArray(vector.MultiReductionOp{Operation: op}.ReductionDims())
	reduced := make([]bool, len(d.Shape))
	for _, x := range dims {
		if x < 0 || int(x) >= len(d.Shape) {
			return interp.Errorf(op, "reduction dimension out of range")
		}
		reduced[x] = true
	}
	elem := interp.ElementType(src.Type)
	combine, err := combiner(op, enumName(op.Attr("kind")), elem)
	if err != nil {
		return err
	}
	var outShape []int64
	for i, n := range d.Shape {
		if !reduced[i] {
			outShape = append(outShape, n)
		}
	}
	var accData []uint64
	if ad := acc.Dense(); ad != nil {
		accData = append([]uint64(nil), ad.Data...)
	} else {
		accData = []uint64{acc.Bits()}
	}
	if int64(len(accData)) != interp.NumElements(outShape) {
		return interp.Errorf(op, "accumulator shape mismatch")
	}
	m, err := maskOf(f, op, d.Shape)
	if err != nil {
		return err
	}
	idx := make([]int64, len(d.Shape))
	for i := range d.Data {
		if m != nil && m.Data[i]&1 == 0 {
			continue
		}
		rem := int64(i)
		for k := len(d.Shape) - 1; k >= 0; k-- {
			idx[k] = rem % d.Shape[k]
			rem /= d.Shape[k]
		}
		p := int64(0)
		for k, n := range d.Shape {
			if !reduced[k] {
				p = p*n + idx[k]
			}
		}
		accData[p], err = combine(accData[p], d.Data[i])
		if err != nil {
			return err
		}
	}
	rt := op.Result(0).Type()
	if _, ok := rt.(*ir.VectorType); ok {
		f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: outShape, Data: accData}))
	} else {
		f.SetResult(op, 0, interp.FromBits(rt, accData[0]))
	}
	return nil
}

// combiner returns the scalar combining function of the reduction kind
// named kind ("add", "maxsi", ...) on elements of type elem.
func combiner(op *ir.Operation, kind string, elem ir.Type) (func(a, b uint64) (uint64, error), error) {
	names, ok := reductionOps[kind]
	name := names[1]
	if _, isFloat := elem.(*ir.FloatType); isFloat {
		name = names[0]
	}
	if !ok || name == "" {
		return nil, interp.Errorf(op, "unsupported reduction kind for this element type")
	}
	fn := arithi.Scalar(name)
	args := make([]interp.Value, 2)
	return func(a, b uint64) (uint64, error) {
		args[0], args[1] = interp.FromBits(elem, a), interp.FromBits(elem, b)
		r, err := fn(op, args, elem)
		if err != nil {
			return 0, err
		}
		return r.Bits(), nil
	}, nil
}
