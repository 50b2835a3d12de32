package tensor

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	tensord "github.com/strata-ir/strata/dialects/tensor"
)

// coordinates is the part of tensor.gather and tensor.scatter they
// share: the indices tensor, whose last dimension holds one coordinate
// per gathered (scattered) dimension of the big tensor, and for each
// position of its leading dimensions, the slice of the big tensor that
// position names (the listed dimensions fixed at the coordinates, the
// others whole).
type coordinates struct {
	op      *ir.Operation
	big     []int64 // the shape of the gathered source or scattered dest
	dims    []int64 // the gathered (scattered) dimensions
	idx     *interp.Dense
	idxElem ir.Type
	batch   []int64 // the leading dimensions of the indices
	slice   []int64 // the shape of one slice, the dimensions of dims 1
	reduced []int64 // the same without the dimensions of dims
}

func newCoordinates(op *ir.Operation, big []int64, dimsAttr ir.Attribute, iv interp.Value, unique bool) (*coordinates, error) {
	idx := iv.Dense()
	if idx == nil {
		return nil, interp.Errorf(op, "expected a tensor of indices")
	}
	c := &coordinates{op: op, big: big, dims: interp.DenseArray(dimsAttr), idx: idx, idxElem: interp.ElementType(iv.Type)}
	if len(idx.Shape) == 0 || idx.Shape[len(idx.Shape)-1] != int64(len(c.dims)) {
		return nil, interp.Errorf(op, "the last dimension of the indices must hold one coordinate per listed dimension")
	}
	c.batch = idx.Shape[:len(idx.Shape)-1]
	listed := make([]bool, len(big))
	for _, d := range c.dims {
		if d < 0 || int(d) >= len(big) || listed[d] {
			return nil, interp.Errorf(op, fmt.Sprintf("invalid dimension %d", d))
		}
		listed[d] = true
	}
	for d, s := range big {
		if listed[d] {
			c.slice = append(c.slice, 1)
		} else {
			c.slice = append(c.slice, s)
			c.reduced = append(c.reduced, s)
		}
	}
	if unique {
		seen := map[string]int64{}
		n := interp.NumElements(c.batch)
		for p := int64(0); p < n; p++ {
			key := fmt.Sprint(idx.Data[p*int64(len(c.dims)) : (p+1)*int64(len(c.dims))])
			if q, dup := seen[key]; dup {
				return nil, interp.Errorf(op, fmt.Sprintf("the coordinates at positions %d and %d of the indices are both %s, but the operation is marked unique", q, p, key))
			}
			seen[key] = p
		}
	}
	return c, nil
}

// smallShape returns the shape of the gathered result or the scattered
// source: the indices' leading dimensions, then a slice, with its unit
// dimensions or without them (the rank-reduced form), per the rank of t.
func (c *coordinates) smallShape(t ir.Type) ([]int64, error) {
	st, ok := t.(ir.ShapedType)
	if !ok {
		return nil, interp.Errorf(c.op, "expected a ranked tensor")
	}
	shape, ranked := st.ShapeDims()
	if !ranked {
		return nil, interp.Errorf(c.op, "expected a ranked tensor")
	}
	full := append(append([]int64(nil), c.batch...), c.slice...)
	if len(shape) == len(full) {
		return full, nil
	}
	red := append(append([]int64(nil), c.batch...), c.reduced...)
	if len(shape) == len(red) {
		return red, nil
	}
	return nil, interp.Errorf(c.op, "the type does not match the indices and the listed dimensions")
}

// each calls fn with every element of the small tensor, in row-major
// order, and the position in the big tensor it corresponds to, checking
// the coordinates against the big tensor's sizes.
func (c *coordinates) each(fn func(small, big int64)) error {
	n := interp.NumElements(c.batch)
	per := interp.NumElements(c.slice)
	bigStrides := interp.IdentityStrides(c.big)
	nd := int64(len(c.dims))
	at := make([]int64, len(c.big))
	for p := int64(0); p < n; p++ {
		base := int64(0)
		for k, d := range c.dims {
			x := interp.FromBits(c.idxElem, c.idx.Data[p*nd+int64(k)]).Int()
			if x < 0 || x >= c.big[d] {
				return interp.Errorf(c.op, fmt.Sprintf("coordinate %d out of bounds for dimension %d of size %d", x, d, c.big[d]))
			}
			base += x * bigStrides[d]
		}
		for i := int64(0); i < per; i++ {
			rem := i
			for d := len(c.slice) - 1; d >= 0; d-- {
				at[d] = rem % c.slice[d]
				rem /= c.slice[d]
			}
			q := base
			for d, x := range at {
				q += x * bigStrides[d]
			}
			fn(p*per+i, q)
		}
	}
	return nil
}

// gather is tensor.gather: for each position of the indices' leading
// dimensions, the result holds the slice of the source at the
// coordinates the indices' last dimension gives.
func gather(f *interp.Frame, op *ir.Operation) error {
	g, ok := tensord.AsGatherOp(op)
	if !ok {
		return interp.Errorf(op, "malformed tensor.gather")
	}
	sv, err := f.Get(op, g.Source())
	if err != nil {
		return err
	}
	iv, err := f.Get(op, g.Indices())
	if err != nil {
		return err
	}
	src := sv.Dense()
	if src == nil {
		return interp.Errorf(op, "expected a tensor source")
	}
	c, err := newCoordinates(op, src.Shape, g.GatherDims(), iv, g.Unique())
	if err != nil {
		return err
	}
	shape, err := c.smallShape(op.Result(0).Type())
	if err != nil {
		return err
	}
	out := &interp.Dense{Shape: shape, Data: interp.NewElements(interp.NumElements(shape))}
	if err := c.each(func(small, big int64) { out.Data[small] = src.Data[big] }); err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}

// scatter is tensor.scatter: the result is the destination with, for
// each position of the indices' leading dimensions, the slice at the
// coordinates the indices' last dimension gives replaced by the source's
// slice at that position.
func scatter(f *interp.Frame, op *ir.Operation) error {
	s, ok := tensord.AsScatterOp(op)
	if !ok {
		return interp.Errorf(op, "malformed tensor.scatter")
	}
	var vals [3]interp.Value
	for i, v := range []ir.Value{s.Source(), s.Dest(), s.Indices()} {
		x, err := f.Get(op, v)
		if err != nil {
			return err
		}
		vals[i] = x
	}
	src, dst := vals[0].Dense(), vals[1].Dense()
	if src == nil || dst == nil {
		return interp.Errorf(op, "expected tensor source and destination")
	}
	c, err := newCoordinates(op, dst.Shape, s.ScatterDims(), vals[2], s.Unique())
	if err != nil {
		return err
	}
	shape, err := c.smallShape(s.Source().Type())
	if err != nil {
		return err
	}
	if interp.NumElements(shape) != int64(len(src.Data)) {
		return interp.Errorf(op, "the source does not match the indices and the scattered dimensions")
	}
	out := &interp.Dense{Shape: dst.Shape, Data: append([]uint64(nil), dst.Data...)}
	if err := c.each(func(small, big int64) { out.Data[big] = src.Data[small] }); err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}
