package gpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
)

// The thread-local view of an !gpu.mma_matrix. Upstream leaves the
// mapping of a matrix's elements to the lanes of the subgroup to the
// lowering; it requires only that the lanes' indices 0 to M*N/S - 1 (S
// the subgroup's size) cover the matrix. The interpreter gives lane l the
// M*N/S consecutive elements from l*M*N/S on, in row-major order.

// laneElement returns the position in m of the element index of the
// running thread's share, the lane's index operand given.
func laneElement(op *ir.Operation, t *simt.Thread, m *mmaMatrix, lane int, index int64) (int64, error) {
	s := int64(t.Block.Launch.Lanes())
	n := m.rows * m.cols
	if n%s != 0 {
		return 0, interp.Errorf(op, fmt.Sprintf("a %dx%d matrix does not spread evenly over a subgroup of %d lanes", m.rows, m.cols, s))
	}
	per := n / s
	if index < 0 || index >= per {
		return 0, interp.Errorf(op, fmt.Sprintf("index %d out of the %d elements each lane holds", index, per))
	}
	return int64(lane)*per + index, nil
}

// threadIndex reads the one index of a thread-local extract or insert.
func threadIndex(f *interp.Frame, op *ir.Operation, vs []ir.Value) (int64, error) {
	idx, err := f.Ints(op, vs)
	if err != nil {
		return 0, err
	}
	if len(idx) != 1 {
		return 0, interp.Errorf(op, "the interpreter supports one index into a lane's elements")
	}
	return idx[0], nil
}

// mmaExtractThreadLocal is gpu.subgroup_mma_extract_thread_local: the
// element at the index of the running lane's share of the matrix.
func mmaExtractThreadLocal(f *interp.Frame, op *ir.Operation) error {
	e, ok := gpu.AsSubgroupMmaExtractThreadLocalOp(op)
	if !ok {
		return interp.Errorf(op, "malformed gpu.subgroup_mma_extract_thread_local")
	}
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	mv, err := f.Get(op, e.Matrix())
	if err != nil {
		return err
	}
	m, err := matrixOf(op, mv)
	if err != nil {
		return err
	}
	i, err := threadIndex(f, op, e.Indices())
	if err != nil {
		return err
	}
	p, err := laneElement(op, t, m, t.Lane(), i)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.FromBits(op.Result(0).Type(), m.bits[p]))
	return nil
}

// insertion is a lane's contribution to a thread-local insert.
type insertion struct {
	lane   int
	index  int64
	bits   uint64
	matrix *mmaMatrix
}

// mmaInsertThreadLocal is gpu.subgroup_mma_insert_thread_local, a
// subgroup collective: every lane writes its value at the index of its
// share, and every lane gets the matrix with all of them written.
func mmaInsertThreadLocal(f *interp.Frame, op *ir.Operation) error {
	in, ok := gpu.AsSubgroupMmaInsertThreadLocalOp(op)
	if !ok {
		return interp.Errorf(op, "malformed gpu.subgroup_mma_insert_thread_local")
	}
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	v, err := f.Get(op, in.Value())
	if err != nil {
		return err
	}
	mv, err := f.Get(op, in.Matrix())
	if err != nil {
		return err
	}
	m, err := matrixOf(op, mv)
	if err != nil {
		return err
	}
	i, err := threadIndex(f, op, in.Indices())
	if err != nil {
		return err
	}
	if _, err := laneElement(op, t, m, t.Lane(), i); err != nil {
		return err
	}
	out, err := t.Collective(f, op, simt.Warp, insertion{t.Lane(), i, v.Bits(), m}, func(group []*simt.Arrival) error {
		first := group[0].In.(insertion).matrix
		r := &mmaMatrix{rows: first.rows, cols: first.cols, elem: first.elem, bits: append([]uint64(nil), first.bits...)}
		for _, a := range group {
			x := a.In.(insertion)
			p, err := laneElement(op, a.Thread, r, x.lane, x.index)
			if err != nil {
				return err
			}
			r.bits[p] = x.bits
		}
		for _, a := range group {
			a.Out = r
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, out.(*mmaMatrix)))
	return nil
}
