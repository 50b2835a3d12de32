// Package tile gives the tile dialect its reference semantics in the
// interpreter. tile.launch runs a kernel's body once per program of its
// grid; views are interp.MemRef values over the memref they view; tiles
// are interp.Dense values (tensors), so arith, math and scf apply to them
// as to any tensor.
//
// The semantics are the contract every lowering of tile is checked
// against:
//
//   - Programs of a grid run one after the other. Points that differ in a
//     parallel axis may run in any order (SetProgramOrder shuffles them, so
//     that a kernel depending on their order fails its tests); for one
//     point of the parallel axes, the arbitrary axes run in ascending
//     row-major order.
//   - A guarded load (one with a pad) reads the pad value where the mask is
//     false or the element is out of the view; a guarded store, scatter or
//     atomic_add (with a mask or bounds_check) drops those elements. An
//     unguarded access out of the view is an error located at the
//     operation.
//   - tile.dot computes each product of its inputs exactly and adds it to
//     the accumulator with one rounding to the accumulator's type, k
//     ascending: acc[m][n] = round(acc[m][n] + a[m][k]*b[k][n]) for k = 0,
//     1, ..., K-1. With precision tf32, f32 inputs are first rounded to
//     tf32 (to nearest even). Leading batch dimensions multiply each
//     batch's matrices the same way.
//   - tile.cat is its first operand's elements followed by its second's;
//     tile.join puts them side by side along a new minor dimension
//     (result[..., 0] from the first, result[..., 1] from the second).
//   - tile.reduce and tile.scan combine along their dimension in index
//     order (from the last index for a reverse scan), starting from the
//     first element: r = x0, r = r ⊕ x1, ...; sum, prod, max and min are
//     arith.addf/addi, mulf/muli, maximumf/maxsi and minimumf/minsi of the
//     element type.
//   - tile.cast rounds once from the exact value with its rounding mode
//     (to nearest even unless given; toward zero from float to integer);
//     float to integer saturates and NaN gives 0.
package tile

import (
	"fmt"
	"math/rand"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	tiled "github.com/strata-ir/strata/dialects/tile"
)

// Register adds the semantics of the tile dialect to reg.
func Register(reg *interp.Registry) {
	reg.Register("tile.launch", launch)
	reg.ExecutedBy("tile.func", "tile.launch")
	reg.Register("tile.return", func(f *interp.Frame, _ *ir.Operation) error { f.Return(nil); return nil })
	reg.Register("tile.program_id", programID(false))
	reg.Register("tile.num_programs", programID(true))
	reg.Register("tile.view", view)
	reg.Register("tile.dim", dim)
	reg.Register("tile.num_blocks", numBlocks)
	reg.Register("tile.load", load)
	reg.Register("tile.store", store)
	reg.Register("tile.atomic_add", store)
	reg.Register("tile.gather", load)
	reg.Register("tile.scatter", store)
	reg.Register("tile.dot", dot)
	reg.Register("tile.reduce", combine)
	reg.Register("tile.scan", combine)
	reg.Register("tile.yield", interp.YieldOperands)
	reg.Register("tile.splat", splat)
	reg.Register("tile.iota", iota)
	reg.Register("tile.broadcast", broadcast)
	reg.Register("tile.expand_dims", reshape)
	reg.Register("tile.squeeze", reshape)
	reg.Register("tile.reshape", reshape)
	reg.Register("tile.transpose", transpose)
	reg.Register("tile.cat", cat)
	reg.Register("tile.join", join)
	reg.Register("tile.cast", cast)
}

// orderKey keys the program order option in an interpreter's data.
type orderKey struct{}

// programKey keys the running program in an interpreter's data.
type programKey struct{}

// program is the running program: its coordinates and the grid's sizes.
type program struct {
	id, grid []int64
}

// SetProgramOrder makes the launches of in run the programs of parallel
// axes in an order shuffled by seed, rather than in row-major order. A
// correct kernel gives the same results for every seed.
func SetProgramOrder(in *interp.Interpreter, seed int64) { in.SetData(orderKey{}, seed) }

// launch runs the kernel over its grid.
func launch(f *interp.Frame, op *ir.Operation) error {
	l, _ := tiled.AsLaunchOp(op)
	k := tiled.LaunchedKernel(l)
	if k == nil {
		return interp.Errorf(op, "tile.launch: no kernel to run")
	}
	grid, err := f.Ints(op, l.Grid())
	if err != nil {
		return err
	}
	for i, g := range grid {
		if g < 0 {
			return interp.Errorf(op, fmt.Sprintf("grid size %d of axis %d is negative", g, i))
		}
	}
	args, err := f.Values(op, l.Args())
	if err != nil {
		return err
	}
	in := f.Interpreter()
	sem := tiled.GridSemantics(k)
	var par, arb []int
	for i, s := range sem {
		if s == tiled.Parallel {
			par = append(par, i)
		} else {
			arb = append(arb, i)
		}
	}
	outer := points(grid, par)
	if seed, ok := in.Data(orderKey{}).(int64); ok {
		r := rand.New(rand.NewSource(seed))
		r.Shuffle(len(outer), func(i, j int) { outer[i], outer[j] = outer[j], outer[i] })
	}
	inner := points(grid, arb)
	saved := in.Data(programKey{})
	defer in.SetData(programKey{}, saved)
	for _, po := range outer {
		for _, pi := range inner {
			id := make([]int64, len(grid))
			for i, a := range par {
				id[a] = po[i]
			}
			for i, a := range arb {
				id[a] = pi[i]
			}
			in.SetData(programKey{}, &program{id: id, grid: grid})
			if _, err := in.Call(op, k, args); err != nil {
				return err
			}
		}
	}
	return nil
}

// points lists the points of the sub-grid of axes in row-major order.
func points(grid []int64, axes []int) [][]int64 {
	n := int64(1)
	for _, a := range axes {
		n *= grid[a]
	}
	out := make([][]int64, 0, n)
	for i := int64(0); i < n; i++ {
		p := make([]int64, len(axes))
		r := i
		for j := len(axes) - 1; j >= 0; j-- {
			p[j] = r % grid[axes[j]]
			r /= grid[axes[j]]
		}
		out = append(out, p)
	}
	return out
}

// programID gives tile.program_id (or, with num, tile.num_programs).
func programID(num bool) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		p, _ := f.Interpreter().Data(programKey{}).(*program)
		if p == nil {
			return interp.Errorf(op, "'"+op.Name()+"' outside a launched kernel")
		}
		axisAttr := tiled.ProgramIdOp{Operation: op}.AxisAttr()
		if num {
			axisAttr = tiled.NumProgramsOp{Operation: op}.AxisAttr()
		}
		axis := int64(-1)
		if a, ok := axisAttr.(*ir.IntegerAttr); ok {
			axis = a.Int64()
		}
		if axis < 0 || axis >= int64(len(p.grid)) {
			return interp.Errorf(op, fmt.Sprintf("axis %d is out of range for a grid of rank %d", axis, len(p.grid)))
		}
		v := p.id[axis]
		if num {
			v = p.grid[axis]
		}
		f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(v)))
		return nil
	}
}

// ---- views ----

func view(f *interp.Frame, op *ir.Operation) error {
	v, _ := tiled.AsViewOp(op)
	src, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	m := src.MemRef()
	if m == nil {
		return interp.Errorf(op, "tile.view of a value that is not a memref")
	}
	info, ok := tiled.ViewOf(v.Result().Type())
	if !ok {
		return interp.Errorf(op, "malformed view type")
	}
	out := &interp.MemRef{Buf: m.Buf, Offset: m.Offset, Sizes: m.Sizes, Strides: m.Strides}
	if v.Offset() != nil || len(v.Sizes()) > 0 {
		off := int64(0)
		if v.Offset() != nil {
			o, err := f.Ints(op, []ir.Value{v.Offset()})
			if err != nil {
				return err
			}
			off = o[0]
		}
		sizes, err := f.Ints(op, v.Sizes())
		if err != nil {
			return err
		}
		strides, err := f.Ints(op, v.Strides())
		if err != nil {
			return err
		}
		out = &interp.MemRef{Buf: m.Buf, Offset: m.Offset + off, Sizes: sizes, Strides: strides}
		lo, hi := out.Offset, out.Offset
		for i, s := range sizes {
			if s < 0 {
				return interp.Errorf(op, fmt.Sprintf("size %d of the view is negative (%d)", i, s))
			}
			if s == 0 {
				lo, hi = 0, -1
				break
			}
			if d := (s - 1) * strides[i]; d > 0 {
				hi += d
			} else {
				lo += d
			}
		}
		if hi >= lo && (lo < 0 || hi >= int64(len(m.Buf.Data))) {
			return interp.Errorf(op, fmt.Sprintf("the view reaches elements %d to %d of a buffer of %d elements", lo, hi, len(m.Buf.Data)))
		}
	}
	for i := range info.Shape {
		if i >= len(out.Sizes) {
			break
		}
		if d := info.Shape[i]; d != ir.Dynamic && d != out.Sizes[i] {
			return interp.Errorf(op, fmt.Sprintf("size %d of the view is %d, but its type says %d", i, out.Sizes[i], d))
		}
		if s := info.Strides[i]; s != ir.Dynamic && s != out.Strides[i] && out.Sizes[i] > 1 {
			return interp.Errorf(op, fmt.Sprintf("stride %d of the view is %d, but its type says %d", i, out.Strides[i], s))
		}
	}
	f.SetResult(op, 0, interp.MakeMemRef(v.Result().Type(), out))
	return nil
}

// viewOf returns the view operand i of op.
func viewOf(f *interp.Frame, op *ir.Operation, v ir.Value) (*interp.MemRef, error) {
	x, err := f.Get(op, v)
	if err != nil {
		return nil, err
	}
	m := x.MemRef()
	if m == nil {
		return nil, interp.Errorf(op, "expected a view operand")
	}
	return m, nil
}

func dim(f *interp.Frame, op *ir.Operation) error {
	d, _ := tiled.AsDimOp(op)
	m, err := viewOf(f, op, d.View())
	if err != nil {
		return err
	}
	i := d.Index()
	if i < 0 || i >= int64(len(m.Sizes)) {
		return interp.Errorf(op, "dimension out of range")
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(m.Sizes[i])))
	return nil
}

func numBlocks(f *interp.Frame, op *ir.Operation) error {
	nb, _ := tiled.AsNumBlocksOp(op)
	m, err := viewOf(f, op, nb.View())
	if err != nil {
		return err
	}
	i, b := nb.Dim(), nb.Block()
	if i < 0 || i >= int64(len(m.Sizes)) || b <= 0 {
		return interp.Errorf(op, "dimension or block size out of range")
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64((m.Sizes[i]+b-1)/b)))
	return nil
}
