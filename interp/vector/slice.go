package vector

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/vector"
)

// intArray returns the elements of an array of integer attributes
// ([1, 2] : the I64ArrayAttr of the strided-slice operations), or nil
// when a is not one.
func intArray(a ir.Attribute) []int64 {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int64, 0, len(arr.Elems))
	for _, e := range arr.Elems {
		i, ok := e.(*ir.IntegerAttr)
		if !ok {
			return nil
		}
		out = append(out, i.Int64())
	}
	return out
}

// extractStridedSlice is vector.extract_strided_slice: along each of the
// leading dimensions that offsets name, the result takes sizes[d]
// elements from offsets[d] with stride strides[d]; the trailing
// dimensions are taken whole.
func extractStridedSlice(f *interp.Frame, op *ir.Operation) error {
	e, ok := vector.AsExtractStridedSliceOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.extract_strided_slice")
	}
	v, err := f.Get(op, e.Source())
	if err != nil {
		return err
	}
	src := v.Dense()
	vt, err := resultVector(op)
	if err != nil {
		return err
	}
	offs, sizes, strides := intArray(e.Offsets()), intArray(e.Sizes()), intArray(e.Strides())
	if src == nil || len(offs) != len(sizes) || len(offs) != len(strides) || len(offs) > len(src.Shape) || len(vt.Shape) != len(src.Shape) {
		return interp.Errorf(op, "expected offsets, sizes and strides for leading dimensions of the source vector")
	}
	for d := range offs {
		if strides[d] < 1 {
			return interp.Errorf(op, "expected positive strides")
		}
		if vt.Shape[d] != sizes[d] || offs[d] < 0 || sizes[d] > 0 && offs[d]+(sizes[d]-1)*strides[d] >= src.Shape[d] {
			return interp.Errorf(op, fmt.Sprintf("slice out of bounds in dimension %d", d))
		}
	}
	st := interp.IdentityStrides(src.Shape)
	data := interp.NewElements(interp.NumElements(vt.Shape))
	_ = eachIndex(vt.Shape, func(iv []int64, n int64) error {
		q := int64(0)
		for d, i := range iv {
			if d < len(offs) {
				i = offs[d] + i*strides[d]
			}
			q += i * st[d]
		}
		data[n] = src.Data[q]
		return nil
	})
	f.SetResult(op, 0, interp.MakeDense(vt, &interp.Dense{Shape: vt.Shape, Data: data}))
	return nil
}

// insertStridedSlice is vector.insert_strided_slice: the source, of rank
// k, is written into the destination, of rank n >= k, at offsets; along
// the trailing k dimensions element i goes to offsets[d] + i*strides.
func insertStridedSlice(f *interp.Frame, op *ir.Operation) error {
	s, ok := vector.AsInsertStridedSliceOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.insert_strided_slice")
	}
	sv, err := f.Get(op, s.ValueToStore())
	if err != nil {
		return err
	}
	dv, err := f.Get(op, s.Dest())
	if err != nil {
		return err
	}
	src, dst := sv.Dense(), dv.Dense()
	offs, strides := intArray(s.Offsets()), intArray(s.Strides())
	if src == nil || dst == nil || len(offs) != len(dst.Shape) || len(strides) != len(src.Shape) || len(src.Shape) > len(dst.Shape) {
		return interp.Errorf(op, "expected an offset per destination dimension and a stride per source dimension")
	}
	lead := len(dst.Shape) - len(src.Shape)
	for _, s := range strides {
		if s < 1 {
			return interp.Errorf(op, "expected positive strides")
		}
	}
	for d, o := range offs {
		last := o
		if d >= lead && src.Shape[d-lead] > 0 {
			last = o + (src.Shape[d-lead]-1)*strides[d-lead]
		}
		if o < 0 || last >= dst.Shape[d] {
			return interp.Errorf(op, fmt.Sprintf("slice out of bounds in dimension %d", d))
		}
	}
	st := interp.IdentityStrides(dst.Shape)
	base := int64(0)
	for d := 0; d < lead; d++ {
		base += offs[d] * st[d]
	}
	out := &interp.Dense{Shape: dst.Shape, Data: append([]uint64(nil), dst.Data...)}
	_ = eachIndex(src.Shape, func(iv []int64, n int64) error {
		q := base
		for d, i := range iv {
			q += (offs[lead+d] + i*strides[d]) * st[lead+d]
		}
		out.Data[q] = src.Data[n]
		return nil
	})
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}
