package memref

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// deallocOp is bufferization.dealloc: each buffer whose condition holds is
// freed once, unless it is (a view of) the same allocation as a retained
// buffer; the result for each retained buffer is whether a buffer of the
// list with a true condition is the same allocation.
func deallocOp(f *interp.Frame, op *ir.Operation) error {
	d, ok := bufferization.AsDeallocOp(op)
	if !ok {
		return interp.Errorf(op, "expected bufferization.dealloc")
	}
	nm, nc := len(d.Memrefs()), len(d.Conditions())
	if nm != nc {
		return interp.Errorf(op, "as many conditions as memrefs expected")
	}
	bufs := make([]*interp.Buffer, nm)
	conds := make([]bool, nm)
	for i := 0; i < nm; i++ {
		m, err := MemRefOperand(f, op, i)
		if err != nil {
			return err
		}
		c, err := f.Operand(op, nm+i)
		if err != nil {
			return err
		}
		bufs[i], conds[i] = m.Buf, c.Bool()
	}
	retained := map[*interp.Buffer]bool{}
	for j := range d.Retained() {
		m, err := MemRefOperand(f, op, 2*nm+j)
		if err != nil {
			return err
		}
		owned := false
		for i, b := range bufs {
			owned = owned || (conds[i] && b == m.Buf)
		}
		retained[m.Buf] = true
		f.SetResult(op, j, interp.MakeBool(op.Result(j).Type(), owned))
	}
	freed := map[*interp.Buffer]bool{}
	for i, b := range bufs {
		if !conds[i] || retained[b] || freed[b] {
			continue
		}
		if b.Freed {
			return interp.Errorf(op, "double deallocation of a memref")
		}
		b.Freed = true
		freed[b] = true
	}
	return nil
}

// realloc is memref.realloc: a buffer at least as large as the requested
// size is reinterpreted with that size; a smaller one is copied into a new
// buffer and freed.
func realloc(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	if m.Rank() != 1 {
		return interp.Errorf(op, "expected a memref of rank 1")
	}
	t := op.Result(0).Type()
	var dyn []int64
	if op.NumOperands() > 1 {
		if dyn, err = f.Ints(op, op.Operands()[1:]); err != nil {
			return err
		}
	}
	sizes, err := ShapeOf(op, t, dyn)
	if err != nil {
		return err
	}
	if m.Buf.Freed {
		return interp.Errorf(op, "access to a deallocated memref")
	}
	if sizes[0] <= m.Sizes[0] {
		v := &interp.MemRef{Buf: m.Buf, Offset: 0, Sizes: sizes, Strides: []int64{1}}
		f.SetResult(op, 0, interp.MakeMemRef(t, v))
		return nil
	}
	n := interp.NewMemRef(m.Buf.Elem, sizes)
	view := &interp.MemRef{Buf: n.Buf, Offset: 0, Sizes: append([]int64(nil), m.Sizes...), Strides: []int64{1}}
	if err := CopyView(m, view); err != nil {
		return interp.Errorf(op, err.Error())
	}
	m.Buf.Freed = true
	f.Interpreter().TrackAllocation(n.Buf, op)
	f.SetResult(op, 0, interp.MakeMemRef(t, n))
	return nil
}
