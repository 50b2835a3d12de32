package linalg

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	dlinalg "github.com/strata-ir/strata/dialects/linalg"
	"github.com/strata-ir/strata/interp/memref"
)

// tiling is the layout linalg.pack and linalg.unpack share: an unpacked
// tensor of rank n, the k dimensions of it that are tiled (inner_dims_pos)
// with the tiles' sizes, and the order of the packed tensor's n outer
// dimensions (outer_dims_perm: outer dimension i is unpacked dimension
// perm[i]). The packed tensor's last k dimensions index within the tiles.
type tiling struct {
	op       *ir.Operation
	n        int
	innerPos []int64
	tiles    []int64
	perm     []int64
}

func newTiling(f *interp.Frame, op *ir.Operation, n int, innerPos, staticTiles, perm ir.Attribute, dynTiles []ir.Value) (*tiling, error) {
	t := &tiling{op: op, n: n, innerPos: interp.DenseArray(innerPos), perm: interp.DenseArray(perm)}
	dyn, err := f.Ints(op, dynTiles)
	if err != nil {
		return nil, err
	}
	if t.tiles, err = memref.Mixed(op, interp.DenseArray(staticTiles), dyn); err != nil {
		return nil, err
	}
	if len(t.tiles) != len(t.innerPos) {
		return nil, interp.Errorf(op, "expected one tile size per tiled dimension")
	}
	for j, d := range t.innerPos {
		if d < 0 || int(d) >= n {
			return nil, interp.Errorf(op, fmt.Sprintf("tiled dimension %d out of range", d))
		}
		if t.tiles[j] <= 0 {
			return nil, interp.Errorf(op, fmt.Sprintf("tile size %d of dimension %d is not positive", t.tiles[j], d))
		}
	}
	if t.perm == nil {
		t.perm = make([]int64, n)
		for i := range t.perm {
			t.perm[i] = int64(i)
		}
	}
	if len(t.perm) != n {
		return nil, interp.Errorf(op, "expected outer_dims_perm to permute every dimension")
	}
	return t, nil
}

// unpacked returns the unpacked index u of the packed index p.
func (t *tiling) unpacked(p, u []int64) {
	for i, d := range t.perm {
		u[d] = p[i]
	}
	for j, d := range t.innerPos {
		u[d] = u[d]*t.tiles[j] + p[t.n+j]
	}
}

// packed returns the packed index p of the unpacked index u.
func (t *tiling) packed(u, p []int64) {
	outer := append([]int64(nil), u...)
	for j, d := range t.innerPos {
		outer[d] = u[d] / t.tiles[j]
		p[t.n+j] = u[d] % t.tiles[j]
	}
	for i, d := range t.perm {
		p[i] = outer[d]
	}
}

// rowMajor returns the row-major position of idx in shape, or false when
// idx lies outside it.
func rowMajor(shape, idx []int64) (int64, bool) {
	q := int64(0)
	for d, i := range idx {
		if i < 0 || i >= shape[d] {
			return 0, false
		}
		q = q*shape[d] + i
	}
	return q, true
}

// each calls fn with every index of shape in row-major order and its
// row-major position.
func each(shape []int64, fn func(idx []int64, n int64) error) error {
	idx := make([]int64, len(shape))
	total := interp.NumElements(shape)
	for n := int64(0); n < total; n++ {
		if err := fn(idx, n); err != nil {
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

// pack is linalg.pack: element p of the packed result is the source's
// element at the unpacked index of p, or the padding value where that
// index lies past the source's end (an error without a padding value,
// which upstream leaves undefined).
func pack(f *interp.Frame, op *ir.Operation) error {
	p, ok := dlinalg.AsPackOp(op)
	if !ok {
		return interp.Errorf(op, "malformed linalg.pack")
	}
	sv, err := f.Get(op, p.Source())
	if err != nil {
		return err
	}
	dv, err := f.Get(op, p.Dest())
	if err != nil {
		return err
	}
	src, dst := sv.Dense(), dv.Dense()
	if src == nil || dst == nil {
		return interp.Errorf(op, "expected tensor source and destination")
	}
	t, err := newTiling(f, op, len(src.Shape), p.InnerDimsPos(), p.StaticInnerTiles(), p.OuterDimsPerm(), p.InnerTiles())
	if err != nil {
		return err
	}
	if len(dst.Shape) != t.n+len(t.tiles) {
		return interp.Errorf(op, "the destination's rank is not the source's plus the number of tiled dimensions")
	}
	var pad *uint64
	if pv := p.PaddingValue(); pv != nil {
		x, err := f.Get(op, pv)
		if err != nil {
			return err
		}
		b := x.Bits()
		pad = &b
	}
	out := &interp.Dense{Shape: dst.Shape, Data: interp.NewElements(interp.NumElements(dst.Shape))}
	u := make([]int64, t.n)
	err = each(dst.Shape, func(idx []int64, n int64) error {
		t.unpacked(idx, u)
		q, in := rowMajor(src.Shape, u)
		switch {
		case in:
			out.Data[n] = src.Data[q]
		case pad != nil:
			out.Data[n] = *pad
		default:
			return interp.Errorf(op, fmt.Sprintf("element %v of the result is past the end of the source %v, and there is no padding value", idx, src.Shape))
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}

// unpack is linalg.unpack: element u of the unpacked result is the
// source's element at the packed index of u; the source's padding is
// dropped.
func unpack(f *interp.Frame, op *ir.Operation) error {
	p, ok := dlinalg.AsUnpackOp(op)
	if !ok {
		return interp.Errorf(op, "malformed linalg.unpack")
	}
	sv, err := f.Get(op, p.Source())
	if err != nil {
		return err
	}
	dv, err := f.Get(op, p.Dest())
	if err != nil {
		return err
	}
	src, dst := sv.Dense(), dv.Dense()
	if src == nil || dst == nil {
		return interp.Errorf(op, "expected tensor source and destination")
	}
	t, err := newTiling(f, op, len(dst.Shape), p.InnerDimsPos(), p.StaticInnerTiles(), p.OuterDimsPerm(), p.InnerTiles())
	if err != nil {
		return err
	}
	if len(src.Shape) != t.n+len(t.tiles) {
		return interp.Errorf(op, "the source's rank is not the destination's plus the number of tiled dimensions")
	}
	out := &interp.Dense{Shape: dst.Shape, Data: interp.NewElements(interp.NumElements(dst.Shape))}
	pk := make([]int64, len(src.Shape))
	err = each(dst.Shape, func(idx []int64, n int64) error {
		t.packed(idx, pk)
		q, in := rowMajor(src.Shape, pk)
		if !in {
			return interp.Errorf(op, fmt.Sprintf("element %v of the result comes from %v, outside the source %v", idx, pk, src.Shape))
		}
		out.Data[n] = src.Data[q]
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}
