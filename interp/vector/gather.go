package vector

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/vector"
)

// gatherSite is what vector.gather and vector.scatter address: the
// elements of a memref or tensor base in row-major order, lane k of the
// vector at the base's element at the indices plus the k-th offset of the
// index vector (each offset counts elements of the base in row-major
// order, as the LLVM lowering's pointer arithmetic does on a contiguous
// memref), for the lanes whose mask is set.
type gatherSite struct {
	mem    *interp.MemRef
	tensor *interp.Dense
	sizes  []int64
	start  int64
	offs   []int64
	mask   []bool
}

// newGatherSite reads the base, indices, index vector and mask of a
// gather or scatter of n lanes; a vector.mask around op clears the lanes
// its own mask clears.
func newGatherSite(f *interp.Frame, op *ir.Operation, base ir.Value, indices []ir.Value, indexVec, mask ir.Value, n int64) (*gatherSite, error) {
	g := &gatherSite{}
	bv, err := f.Get(op, base)
	if err != nil {
		return nil, err
	}
	if g.mem = bv.MemRef(); g.mem != nil {
		if g.mem.Buf.Freed {
			return nil, interp.Errorf(op, "access to a deallocated memref")
		}
		g.sizes = g.mem.Sizes
	} else if g.tensor = bv.Dense(); g.tensor != nil {
		g.sizes = g.tensor.Shape
	} else {
		return nil, interp.Errorf(op, "expected a memref or tensor base")
	}
	idx, err := f.Ints(op, indices)
	if err != nil {
		return nil, err
	}
	if len(idx) != len(g.sizes) {
		return nil, interp.Errorf(op, fmt.Sprintf("expected %d indices, got %d", len(g.sizes), len(idx)))
	}
	for d, i := range idx {
		g.start = g.start*g.sizes[d] + i
	}
	iv, err := f.Get(op, indexVec)
	if err != nil {
		return nil, err
	}
	id := iv.Dense()
	if id == nil || int64(len(id.Data)) != n {
		return nil, interp.Errorf(op, "expected an index vector of the vector's shape")
	}
	w := 64
	if vt, ok := indexVec.Type().(*ir.VectorType); ok {
		if iw := interp.IntWidth(vt.Elem); iw > 0 && iw < 64 {
			w = iw
		}
	}
	g.offs = make([]int64, n)
	for k, b := range id.Data {
		sh := uint(64 - w)
		g.offs[k] = int64(b<<sh) >> sh
	}
	mv, err := f.Get(op, mask)
	if err != nil {
		return nil, err
	}
	md := mv.Dense()
	if md == nil || int64(len(md.Data)) != n {
		return nil, interp.Errorf(op, "expected a mask of the vector's shape")
	}
	outer, err := maskOf(f, op, md.Shape)
	if err != nil {
		return nil, err
	}
	g.mask = make([]bool, n)
	for k := range g.mask {
		g.mask[k] = md.Data[k]&1 != 0 && (outer == nil || outer.Data[k]&1 != 0)
	}
	return g, nil
}

// position returns the position of lane k's element in the memref's
// buffer or the tensor's data; a set lane out of the base is an error
// (upstream leaves it undefined).
func (g *gatherSite) position(op *ir.Operation, k int) (int64, error) {
	e := g.start + g.offs[k]
	n := interp.NumElements(g.sizes)
	if e < 0 || e >= n {
		return 0, interp.Errorf(op, fmt.Sprintf("lane %d is set in the mask but out of bounds: element %d of a base of sizes %v", k, e, g.sizes))
	}
	if g.tensor != nil {
		return e, nil
	}
	idx := make([]int64, len(g.sizes))
	for d := len(g.sizes) - 1; d >= 0; d-- {
		idx[d] = e % g.sizes[d]
		e /= g.sizes[d]
	}
	q, err := g.mem.Index(idx)
	if err != nil {
		return 0, interp.Errorf(op, err.Error())
	}
	return q, nil
}

// gather is vector.gather: a lane whose mask is set is read from the
// base, any other is the pass-through's lane.
func gather(f *interp.Frame, op *ir.Operation) error {
	g, ok := vector.AsGatherOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.gather")
	}
	vt, err := resultVector(op)
	if err != nil {
		return err
	}
	n := interp.NumElements(vt.Shape)
	site, err := newGatherSite(f, op, g.Base(), g.Indices(), g.IndexVec(), g.Mask(), n)
	if err != nil {
		return err
	}
	pv, err := f.Get(op, g.PassThru())
	if err != nil {
		return err
	}
	pass := pv.Dense()
	if pass == nil || int64(len(pass.Data)) != n {
		return interp.Errorf(op, "expected a pass-through vector of the result's shape")
	}
	data := append([]uint64(nil), pass.Data...)
	for k, set := range site.mask {
		if !set {
			continue
		}
		q, err := site.position(op, k)
		if err != nil {
			return err
		}
		if site.tensor != nil {
			data[k] = site.tensor.Data[q]
			continue
		}
		if err := site.mem.Buf.Access(op, q, 1, false); err != nil {
			return err
		}
		data[k] = site.mem.Buf.Data[q]
	}
	f.SetResult(op, 0, interp.MakeDense(vt, &interp.Dense{Shape: vt.Shape, Data: data}))
	return nil
}

// scatter is vector.scatter: a lane whose mask is set is written to the
// base, in place for a memref, into a new tensor, its result, for a
// tensor; lanes written to the same element are written in lane order.
func scatter(f *interp.Frame, op *ir.Operation) error {
	s, ok := vector.AsScatterOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.scatter")
	}
	vt, err := fixedVector(op, s.ValueToStore().Type())
	if err != nil {
		return err
	}
	n := interp.NumElements(vt.Shape)
	site, err := newGatherSite(f, op, s.Base(), s.Indices(), s.IndexVec(), s.Mask(), n)
	if err != nil {
		return err
	}
	vv, err := f.Get(op, s.ValueToStore())
	if err != nil {
		return err
	}
	src := vv.Dense()
	if src == nil || int64(len(src.Data)) != n {
		return interp.Errorf(op, "expected a vector to store")
	}
	var out *interp.Dense
	if site.tensor != nil {
		if op.NumResults() != 1 {
			return interp.Errorf(op, "expected a result for a scatter into a tensor")
		}
		out = &interp.Dense{Shape: site.tensor.Shape, Data: append([]uint64(nil), site.tensor.Data...)}
	} else if op.NumResults() != 0 {
		return interp.Errorf(op, "expected no result for a scatter into a memref")
	}
	for k, set := range site.mask {
		if !set {
			continue
		}
		q, err := site.position(op, k)
		if err != nil {
			return err
		}
		if out != nil {
			out.Data[q] = src.Data[k]
			continue
		}
		if err := site.mem.Buf.Access(op, q, 1, true); err != nil {
			return err
		}
		site.mem.Buf.Data[q] = src.Data[k]
	}
	if out != nil {
		f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	}
	return nil
}
