package vector

import (
	"fmt"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/vector"
)

// transferView is what vector.transfer_read and transfer_write share: the
// base (a memref or a tensor), the starting indices, the permutation map,
// the in_bounds flags and the mask.
type transferView struct {
	op       *ir.Operation
	mem      *interp.MemRef
	tensor   *interp.Dense
	sizes    []int64
	start    []int64
	perm     affine.Map
	inBounds []bool
	mask     *interp.Dense
	vt       *ir.VectorType
}

func newTransferView(f *interp.Frame, op *ir.Operation, base ir.Value, indices []ir.Value, mask ir.Value, permA, ibA ir.Attribute, vt *ir.VectorType) (*transferView, error) {
	x := &transferView{op: op, vt: vt}
	pm, ok := permA.(*ir.AffineMapAttr)
	if !ok || len(pm.Map.Results) != len(vt.Shape) || pm.Map.NumDims != len(indices) {
		return nil, interp.Errorf(op, "expected a permutation map with one result per vector dimension")
	}
	x.perm = pm.Map
	for _, e := range x.perm.Results {
		if !e.IsDim() && !e.IsConstantValue(0) {
			return nil, interp.Errorf(op, "expected a permutation map of dimensions and broadcasts")
		}
	}
	x.inBounds = make([]bool, len(vt.Shape))
	if arr, ok := ibA.(*ir.ArrayAttr); ok {
		for i, e := range arr.Elems {
			if b, ok := e.(*ir.IntegerAttr); ok && i < len(x.inBounds) {
				x.inBounds[i] = b.Lo != 0
			}
		}
	}
	bv, err := f.Get(op, base)
	if err != nil {
		return nil, err
	}
	if x.mem = bv.MemRef(); x.mem != nil {
		if x.mem.Buf.Freed {
			return nil, interp.Errorf(op, "access to a deallocated memref")
		}
		x.sizes = x.mem.Sizes
	} else if x.tensor = bv.Dense(); x.tensor != nil {
		x.sizes = x.tensor.Shape
	} else {
		return nil, interp.Errorf(op, "expected a memref or tensor base")
	}
	if len(x.sizes) != len(indices) {
		return nil, interp.Errorf(op, "the interpreter does not support transfers on memrefs of vectors")
	}
	if x.start, err = f.Ints(op, indices); err != nil {
		return nil, err
	}
	if mask != nil {
		mv, err := f.Get(op, mask)
		if err != nil {
			return nil, err
		}
		if x.mask = mv.Dense(); x.mask == nil {
			return nil, interp.Errorf(op, "expected a vector mask")
		}
	}
	return x, nil
}

// position returns the position in the base's data of the element that
// vector position iv accesses, or ok=false when the element is masked
// off or out of bounds in a dimension that may be out of bounds. An
// access out of bounds in a dimension declared in bounds, or in a
// dimension the vector does not span, is an error.
func (x *transferView) position(iv []int64) (p int64, ok bool, err error) {
	idx := append([]int64(nil), x.start...)
	if x.mask != nil {
		// The mask's dimensions are the vector's non-broadcast
		// dimensions in the order of the base's dimensions they map to.
		var mi []int64
		for j := range x.sizes {
			for k, e := range x.perm.Results {
				if e.IsDim() && e.Position() == j {
					mi = append(mi, iv[k])
				}
			}
		}
		if len(mi) != len(x.mask.Shape) {
			return 0, false, interp.Errorf(x.op, "the mask's shape does not match the transfer")
		}
		q := int64(0)
		for d, i := range mi {
			q = q*x.mask.Shape[d] + i
		}
		if x.mask.Data[q]&1 == 0 {
			return 0, false, nil
		}
	}
	for k, e := range x.perm.Results {
		if e.IsDim() {
			j := e.Position()
			idx[j] += iv[k]
			if idx[j] >= x.sizes[j] && !x.inBounds[k] {
				return 0, false, nil
			}
		}
	}
	for j, i := range idx {
		if i < 0 || i >= x.sizes[j] {
			return 0, false, interp.Errorf(x.op, fmt.Sprintf("transfer out of bounds: index %d of dimension %d of size %d", i, j, x.sizes[j]))
		}
	}
	if x.mem != nil {
		p, err := x.mem.Index(idx)
		if err != nil {
			return 0, false, interp.Errorf(x.op, err.Error())
		}
		return p, true, nil
	}
	for j, i := range idx {
		p = p*x.sizes[j] + i
	}
	return p, true, nil
}

// each calls fn with every position of the vector, in row-major order,
// and its row-major offset.
func (x *transferView) each(fn func(iv []int64, n int) error) error {
	iv := make([]int64, len(x.vt.Shape))
	n := int(interp.NumElements(x.vt.Shape))
	for i := 0; i < n; i++ {
		if err := fn(iv, i); err != nil {
			return err
		}
		for d := len(iv) - 1; d >= 0; d-- {
			iv[d]++
			if iv[d] < x.vt.Shape[d] {
				break
			}
			iv[d] = 0
		}
	}
	return nil
}

func fixedVector(op *ir.Operation, t ir.Type) (*ir.VectorType, error) {
	vt, ok := t.(*ir.VectorType)
	if !ok {
		return nil, interp.Errorf(op, "expected a vector type")
	}
	for _, s := range vt.Scalable {
		if s {
			return nil, interp.Errorf(op, "the interpreter does not support scalable vectors")
		}
	}
	return vt, nil
}

// transferRead is vector.transfer_read: each element comes from the base
// where the mask is set and the access is in bounds, else it is the
// padding.
func transferRead(f *interp.Frame, op *ir.Operation) error {
	r, ok := vector.AsTransferReadOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.transfer_read")
	}
	vt, err := fixedVector(op, r.Vector().Type())
	if err != nil {
		return err
	}
	x, err := newTransferView(f, op, r.Base(), r.Indices(), effectiveMask(op, r.Mask()), r.PermutationMap(), r.InBounds(), vt)
	if err != nil {
		return err
	}
	pad, err := f.Get(op, r.Padding())
	if err != nil {
		return err
	}
	if pad.Dense() != nil {
		return interp.Errorf(op, "the interpreter does not support transfers of vectors of vectors")
	}
	data := interp.NewElements(interp.NumElements(vt.Shape))
	err = x.each(func(iv []int64, n int) error {
		p, ok, err := x.position(iv)
		if err != nil {
			return err
		}
		switch {
		case !ok:
			data[n] = pad.Bits()
		case x.mem != nil:
			if err := x.mem.Buf.Access(op, p, 1, false); err != nil {
				return err
			}
			data[n] = x.mem.Buf.Data[p]
		default:
			data[n] = x.tensor.Data[p]
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeDense(vt, &interp.Dense{Shape: vt.Shape, Data: data}))
	return nil
}

// transferWrite is vector.transfer_write: each element goes to the base
// where the mask is set and the access is in bounds. On a tensor, the
// result is the updated copy.
func transferWrite(f *interp.Frame, op *ir.Operation) error {
	w, ok := vector.AsTransferWriteOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.transfer_write")
	}
	vt, err := fixedVector(op, w.ValueToStore().Type())
	if err != nil {
		return err
	}
	x, err := newTransferView(f, op, w.Base(), w.Indices(), effectiveMask(op, w.Mask()), w.PermutationMap(), w.InBounds(), vt)
	if err != nil {
		return err
	}
	vv, err := f.Get(op, w.ValueToStore())
	if err != nil {
		return err
	}
	src := vv.Dense()
	if src == nil || int64(len(src.Data)) != interp.NumElements(vt.Shape) {
		return interp.Errorf(op, "expected a vector to store")
	}
	var out []uint64
	if x.tensor != nil {
		out = append([]uint64(nil), x.tensor.Data...)
	}
	err = x.each(func(iv []int64, n int) error {
		p, ok, err := x.position(iv)
		if err != nil || !ok {
			return err
		}
		if x.mem != nil {
			if err := x.mem.Buf.Access(op, p, 1, true); err != nil {
				return err
			}
			x.mem.Buf.Data[p] = src.Data[n]
		} else {
			out[p] = src.Data[n]
		}
		return nil
	})
	if err != nil {
		return err
	}
	if x.tensor != nil {
		if op.NumResults() != 1 {
			return interp.Errorf(op, "expected a result for a transfer on a tensor")
		}
		f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), &interp.Dense{Shape: x.tensor.Shape, Data: out}))
	}
	return nil
}

// typeCast is vector.type_cast: memrefs of vectors are stored with the
// vector's dimensions after the memref's (see interp/memref), so moving
// dimensions between the memref and its vector element keeps the view.
func typeCast(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	if v.MemRef() == nil {
		return interp.Errorf(op, "expected a memref operand")
	}
	f.SetResult(op, 0, v.WithType(op.Result(0).Type()))
	return nil
}

// transpose is vector.transpose: result dimension i is dimension
// permutation[i] of the source.
func transpose(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	src := v.Dense()
	perm := interp.DenseArray(op.Attr("permutation"))
	if src == nil || len(perm) != len(src.Shape) {
		return interp.Errorf(op, "expected a vector and a permutation of its dimensions")
	}
	shape := make([]int64, len(perm))
	for i, p := range perm {
		if p < 0 || int(p) >= len(src.Shape) {
			return interp.Errorf(op, "invalid permutation")
		}
		shape[i] = src.Shape[p]
	}
	st := interp.IdentityStrides(src.Shape)
	data := make([]uint64, len(src.Data))
	iv := make([]int64, len(shape))
	for n := range data {
		q := int64(0)
		for i, p := range perm {
			q += iv[i] * st[p]
		}
		data[n] = src.Data[q]
		for d := len(iv) - 1; d >= 0; d-- {
			iv[d]++
			if iv[d] < shape[d] {
				break
			}
			iv[d] = 0
		}
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), &interp.Dense{Shape: shape, Data: data}))
	return nil
}
