// Package tensor gives the tensor dialect its semantics in the
// interpreter. Tensors are immutable interp.Dense values: insert,
// insert_slice and the like build a new tensor.
package tensor

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	tensord "github.com/strata-ir/strata/dialects/tensor"
	"github.com/strata-ir/strata/interp/memref"
)

// Register adds the semantics of the tensor operations to reg.
func Register(reg *interp.Registry) {
	reg.Register("tensor.empty", empty)
	reg.Register("tensor.extract", extract)
	reg.Register("tensor.insert", insert)
	reg.Register("tensor.extract_slice", extractSlice)
	reg.Register("tensor.insert_slice", insertSlice)
	reg.Register("tensor.from_elements", fromElements)
	reg.Register("tensor.splat", splat)
	reg.Register("tensor.generate", generate)
	reg.Register("tensor.pad", pad)
	reg.Register("tensor.cast", cast)
	reg.Register("tensor.bitcast", cast)
	reg.Register("tensor.dim", dim)
	reg.Register("tensor.rank", rank)
	reg.Register("tensor.collapse_shape", reshape)
	reg.Register("tensor.expand_shape", reshape)
	reg.Register("tensor.reshape", reshape)
	reg.Register("tensor.concat", concat)
	reg.Register("tensor.yield", interp.YieldOperands)
	reg.Register("tensor.gather", gather)
	reg.Register("tensor.scatter", scatter)
}

// DenseOperand returns op's operand i as a tensor.
func DenseOperand(f *interp.Frame, op *ir.Operation, i int) (*interp.Dense, error) {
	v, err := f.Operand(op, i)
	if err != nil {
		return nil, err
	}
	d := v.Dense()
	if d == nil {
		return nil, interp.Errorf(op, fmt.Sprintf("operand #%d is not a tensor", i))
	}
	return d, nil
}

// View returns a memref view of a tensor's data (sharing it).
func View(d *interp.Dense) *interp.MemRef {
	return &interp.MemRef{Buf: &interp.Buffer{Data: d.Data}, Sizes: d.Shape, Strides: interp.IdentityStrides(d.Shape)}
}

func slice(d *interp.Dense, offs, sizes, strides []int64) (*interp.MemRef, error) {
	if len(offs) != len(d.Shape) || len(sizes) != len(d.Shape) || len(strides) != len(d.Shape) {
		return nil, fmt.Errorf("slice offsets, sizes and strides must match the rank %d", len(d.Shape))
	}
	v := View(d)
	s := &interp.MemRef{Buf: v.Buf, Sizes: sizes, Strides: make([]int64, len(sizes))}
	for i := range sizes {
		if offs[i] < 0 || sizes[i] < 0 || sizes[i] > 0 && offs[i]+(sizes[i]-1)*strides[i] >= d.Shape[i] {
			return nil, fmt.Errorf("slice out of bounds in dimension %d (offset %d, size %d, stride %d, dimension size %d)", i, offs[i], sizes[i], strides[i], d.Shape[i])
		}
		s.Offset += offs[i] * v.Strides[i]
		s.Strides[i] = v.Strides[i] * strides[i]
	}
	return s, nil
}

// ExtractSlice returns the slice of d at offs, sizes, strides.
func ExtractSlice(d *interp.Dense, offs, sizes, strides []int64) (*interp.Dense, error) {
	s, err := slice(d, offs, sizes, strides)
	if err != nil {
		return nil, err
	}
	return &interp.Dense{Shape: sizes, Data: s.Load()}, nil
}

// InsertSlice returns a copy of dest with src written at offs, sizes,
// strides (src may be rank-reduced: only its element count must match).
func InsertSlice(src, dest *interp.Dense, offs, sizes, strides []int64) (*interp.Dense, error) {
	if src == nil || dest == nil {
		return nil, fmt.Errorf("expected tensor operands")
	}
	out := &interp.Dense{Shape: dest.Shape, Data: append([]uint64(nil), dest.Data...)}
	s, err := slice(out, offs, sizes, strides)
	if err != nil {
		return nil, err
	}
	if s.NumElements() != int64(len(src.Data)) {
		return nil, fmt.Errorf("source of %d elements does not fill the slice of %d", len(src.Data), s.NumElements())
	}
	s.Store(src.Data)
	return out, nil
}

func resultShape(f *interp.Frame, op *ir.Operation, dynOps []ir.Value) ([]int64, error) {
	dyn, err := f.Ints(op, dynOps)
	if err != nil {
		return nil, err
	}
	return memref.ShapeOf(op, op.Result(0).Type(), dyn)
}

func empty(f *interp.Frame, op *ir.Operation) error {
	shape, err := resultShape(f, op, op.Operands())
	if err != nil {
		return err
	}
	if interp.NumElements(shape) < 0 {
		return interp.Errorf(op, (&interp.AllocationError{Elements: -1}).Error())
	}
	// The contents of tensor.empty are unspecified: zeros, made only if
	// something reads them element by element.
	f.SetResult(op, 0, interp.MakeSplat(op.Result(0).Type(), shape, 0))
	return nil
}

func position(op *ir.Operation, d *interp.Dense, idx []int64) (int64, error) {
	return positionIn(op, d.Shape, idx)
}

func positionIn(op *ir.Operation, shape []int64, idx []int64) (int64, error) {
	if len(idx) != len(shape) {
		return 0, interp.Errorf(op, fmt.Sprintf("expected %d indices, got %d", len(shape), len(idx)))
	}
	p := int64(0)
	for i, x := range idx {
		if x < 0 || x >= shape[i] {
			return 0, interp.Errorf(op, fmt.Sprintf("index %d out of bounds for dimension %d of size %d", x, i, shape[i]))
		}
		p = p*shape[i] + x
	}
	return p, nil
}

// ShapeOperand returns the shape of op's tensor operand i without making
// the elements of a splat.
func ShapeOperand(f *interp.Frame, op *ir.Operation, i int) ([]int64, interp.Value, error) {
	v, err := f.Operand(op, i)
	if err != nil {
		return nil, v, err
	}
	shape, ok := v.Shape()
	if !ok {
		return nil, v, interp.Errorf(op, fmt.Sprintf("operand #%d is not a tensor", i))
	}
	return shape, v, nil
}

func extract(f *interp.Frame, op *ir.Operation) error {
	shape, v, err := ShapeOperand(f, op, 0)
	if err != nil {
		return err
	}
	idx, err := f.Ints(op, op.Operands()[1:])
	if err != nil {
		return err
	}
	p, err := positionIn(op, shape, idx)
	if err != nil {
		return err
	}
	if bits, ok := v.Splat(); ok {
		f.SetResult(op, 0, interp.FromBits(op.Result(0).Type(), bits))
		return nil
	}
	f.SetResult(op, 0, interp.FromBits(op.Result(0).Type(), v.Dense().Data[p]))
	return nil
}

func insert(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	d, err := DenseOperand(f, op, 1)
	if err != nil {
		return err
	}
	idx, err := f.Ints(op, op.Operands()[2:])
	if err != nil {
		return err
	}
	p, err := position(op, d, idx)
	if err != nil {
		return err
	}
	out := &interp.Dense{Shape: d.Shape, Data: append([]uint64(nil), d.Data...)}
	out.Data[p] = v.Bits()
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}

func extractSlice(f *interp.Frame, op *ir.Operation) error {
	d, err := DenseOperand(f, op, 0)
	if err != nil {
		return err
	}
	offs, sizes, strides, err := memref.OffsetsSizesStrides(f, op, 1)
	if err != nil {
		return err
	}
	r, err := ExtractSlice(d, offs, sizes, strides)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	t := op.Result(0).Type()
	want, _ := t.(ir.ShapedType).ShapeDims()
	drop := memref.DroppedDims(sizes, want)
	var shape []int64
	for i, s := range sizes {
		if !drop[i] {
			shape = append(shape, s)
		}
	}
	r.Shape = shape
	f.SetResult(op, 0, interp.MakeDense(t, r))
	return nil
}

func insertSlice(f *interp.Frame, op *ir.Operation) error {
	src, err := DenseOperand(f, op, 0)
	if err != nil {
		return err
	}
	dest, err := DenseOperand(f, op, 1)
	if err != nil {
		return err
	}
	offs, sizes, strides, err := memref.OffsetsSizesStrides(f, op, 2)
	if err != nil {
		return err
	}
	r, err := InsertSlice(src, dest, offs, sizes, strides)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), r))
	return nil
}

func fromElements(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	t := op.Result(0).Type()
	shape, err := memref.ShapeOf(op, t, nil)
	if err != nil {
		return err
	}
	data := make([]uint64, len(vs))
	for i, v := range vs {
		data[i] = v.Bits()
	}
	f.SetResult(op, 0, interp.MakeDense(t, &interp.Dense{Shape: shape, Data: data}))
	return nil
}

func splat(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	shape, err := resultShape(f, op, op.Operands()[1:])
	if err != nil {
		return err
	}
	if interp.NumElements(shape) < 0 {
		return interp.Errorf(op, (&interp.AllocationError{Elements: -1}).Error())
	}
	f.SetResult(op, 0, interp.MakeSplat(op.Result(0).Type(), shape, v.Bits()))
	return nil
}

// indexArgs runs region r once per element of shape with the element's
// indices as index arguments, storing the single yielded value.
func indexArgs(f *interp.Frame, op *ir.Operation, r *ir.Region, shape []int64, put func(linear int64, idx []int64, v interp.Value) error) error {
	b := r.First()
	if b == nil || b.NumArguments() != len(shape) {
		return interp.Errorf(op, "the body must take one index per dimension")
	}
	n := interp.NumElements(shape)
	idx := make([]int64, len(shape))
	args := make([]interp.Value, len(shape))
	for i := int64(0); i < n; i++ {
		for d := range idx {
			args[d] = interp.MakeInt(b.Argument(d).Type(), uint64(idx[d]))
		}
		vs, err := f.RunRegion(r, args)
		if err != nil {
			return err
		}
		if len(vs) != 1 {
			return interp.Errorf(op, "the body must yield one value")
		}
		if err := put(i, idx, vs[0]); err != nil {
			return err
		}
		for d := len(idx) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	return nil
}

func generate(f *interp.Frame, op *ir.Operation) error {
	shape, err := resultShape(f, op, op.Operands())
	if err != nil {
		return err
	}
	data := interp.NewElements(interp.NumElements(shape))
	err = indexArgs(f, op, op.Region(0), shape, func(i int64, _ []int64, v interp.Value) error {
		data[i] = v.Bits()
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), &interp.Dense{Shape: shape, Data: data}))
	return nil
}

func pad(f *interp.Frame, op *ir.Operation) error {
	src, err := DenseOperand(f, op, 0)
	if err != nil {
		return err
	}
	get := func(seg int, name string) ([]int64, error) {
		vs, ok := interp.Segment(op, seg)
		if !ok {
			return nil, interp.Errorf(op, "requires an 'operandSegmentSizes' property")
		}
		dyn, err := f.Ints(op, vs)
		if err != nil {
			return nil, err
		}
		return memref.Mixed(op, interp.DenseArray(op.Attr(name)), dyn)
	}
	low, err := get(1, "static_low")
	if err != nil {
		return err
	}
	high, err := get(2, "static_high")
	if err != nil {
		return err
	}
	r := len(src.Shape)
	if len(low) != r || len(high) != r {
		return interp.Errorf(op, "low and high padding must match the source rank")
	}
	shape := make([]int64, r)
	for i := range shape {
		shape[i] = low[i] + src.Shape[i] + high[i]
		if shape[i] < 0 {
			return interp.Errorf(op, "negative padded size")
		}
	}
	data := interp.NewElements(interp.NumElements(shape))
	srcStrides := interp.IdentityStrides(src.Shape)
	inside := func(idx []int64) (int64, bool) {
		p := int64(0)
		for d, x := range idx {
			y := x - low[d]
			if y < 0 || y >= src.Shape[d] {
				return 0, false
			}
			p += y * srcStrides[d]
		}
		return p, true
	}
	// The padding value is computed once when the body does not depend on
	// the indices (the common `tensor.yield %cst`), else per element.
	body := op.Region(0).First()
	var constPad *interp.Value
	if body != nil && body.NumOps() == 1 {
		y := body.Terminator()
		if y.NumOperands() == 1 {
			if _, isArg := y.Operand(0).(*ir.BlockArgument); !isArg {
				v, err := f.Get(y, y.Operand(0))
				if err == nil {
					constPad = &v
				}
			}
		}
	}
	if constPad == nil {
		err = indexArgs(f, op, op.Region(0), shape, func(i int64, idx []int64, v interp.Value) error {
			if p, ok := inside(idx); ok {
				data[i] = src.Data[p]
			} else {
				data[i] = v.Bits()
			}
			return nil
		})
	} else {
		idx := make([]int64, r)
		for i := range data {
			if p, ok := inside(idx); ok {
				data[i] = src.Data[p]
			} else {
				data[i] = constPad.Bits()
			}
			for d := r - 1; d >= 0; d-- {
				idx[d]++
				if idx[d] < shape[d] {
					break
				}
				idx[d] = 0
			}
		}
	}
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), &interp.Dense{Shape: shape, Data: data}))
	return nil
}

func cast(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, v.WithType(op.Result(0).Type()))
	return nil
}

func dim(f *interp.Frame, op *ir.Operation) error {
	shape, _, err := ShapeOperand(f, op, 0)
	if err != nil {
		return err
	}
	i, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	if i.Int() < 0 || i.Int() >= int64(len(shape)) {
		return interp.Errorf(op, fmt.Sprintf("dimension index %d out of range for rank %d", i.Int(), len(shape)))
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(shape[i.Int()])))
	return nil
}

func rank(f *interp.Frame, op *ir.Operation) error {
	shape, _, err := ShapeOperand(f, op, 0)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(len(shape))))
	return nil
}

// reshape keeps the row-major data and takes the result shape: collapse,
// expand (its output_shape operands) and reshape (a shape tensor).
func reshape(f *interp.Frame, op *ir.Operation) error {
	d, err := DenseOperand(f, op, 0)
	if err != nil {
		return err
	}
	var shape []int64
	switch op.Name() {
	case tensord.ExpandShapeOpName:
		shape, err = memref.ExpandedSizes(f, op)
	case tensord.ReshapeOpName:
		var s *interp.Dense
		s, err = DenseOperand(f, op, 1)
		if err == nil {
			for _, x := range s.Data {
				shape = append(shape, int64(x))
			}
		}
	default:
		var groups [][]int
		groups, err = memref.Reassociation(op)
		for _, g := range groups {
			n := int64(1)
			for _, dd := range g {
				if dd < len(d.Shape) {
					n *= d.Shape[dd]
				}
			}
			shape = append(shape, n)
		}
	}
	if err != nil {
		return err
	}
	if interp.NumElements(shape) != int64(len(d.Data)) {
		return interp.Errorf(op, fmt.Sprintf("cannot reshape %v into %v", d.Shape, shape))
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), &interp.Dense{Shape: shape, Data: d.Data}))
	return nil
}

func concat(f *interp.Frame, op *ir.Operation) error {
	da, ok := op.Attr("dim").(*ir.IntegerAttr)
	if !ok {
		return interp.Errorf(op, "requires a 'dim' attribute")
	}
	axis := int(da.Int64())
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	if len(vs) == 0 || vs[0].Dense() == nil || axis < 0 || axis >= len(vs[0].Dense().Shape) {
		return interp.Errorf(op, "malformed tensor.concat")
	}
	shape := append([]int64(nil), vs[0].Dense().Shape...)
	shape[axis] = 0
	for _, v := range vs {
		shape[axis] += v.Dense().Shape[axis]
	}
	out := &interp.Dense{Shape: shape, Data: interp.NewElements(interp.NumElements(shape))}
	offs := make([]int64, len(shape))
	ones := make([]int64, len(shape))
	for i := range ones {
		ones[i] = 1
	}
	for _, v := range vs {
		d := v.Dense()
		s, err := slice(out, offs, d.Shape, ones)
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		s.Store(d.Data)
		offs[axis] += d.Shape[axis]
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}
