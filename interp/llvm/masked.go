package llvm

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// maskedLanes reads the address, the mask and the vector type of
// llvm.intr.masked.load and llvm.intr.masked.store, and checks that the
// address may be accessed at all. Only the lanes whose mask bit is set
// are accessed (each must be in bounds); a poison mask lane is an error.
func maskedLanes(f *interp.Frame, op *ir.Operation, addr, mask int, vt ir.Type, write bool) (*allocation, int64, *lanes, int, ir.Type, error) {
	n, elem, err := fixedVector(vt)
	if err != nil {
		return nil, 0, nil, 0, nil, interp.Errorf(op, err.Error())
	}
	w := laneBits(elem)
	if w%8 != 0 {
		return nil, 0, nil, 0, nil, interp.Errorf(op, "the interpreter supports masked accesses of whole bytes only")
	}
	p, err := f.Operand(op, addr)
	if err != nil {
		return nil, 0, nil, 0, nil, err
	}
	mv, err := f.Operand(op, mask)
	if err != nil {
		return nil, 0, nil, 0, nil, err
	}
	ml, err := lanesOf(mv)
	if err != nil || len(ml.data) != n {
		return nil, 0, nil, 0, nil, interp.Errorf(op, "expected a mask with one lane per vector lane")
	}
	for i, ps := range ml.poison {
		if ps != nil {
			return nil, 0, nil, 0, nil, ps.errorAt(op, fmt.Sprintf("lane %d of the mask", i))
		}
	}
	a, off, err := access(op, p, 0, write)
	if err != nil {
		return nil, 0, nil, 0, nil, err
	}
	es := int64(w / 8)
	for i, b := range ml.data {
		if b&1 != 0 && (off+int64(i)*es < 0 || off+int64(i+1)*es > a.size) {
			verb := "load from"
			if write {
				verb = "store to"
			}
			return nil, 0, nil, 0, nil, interp.Errorf(op, fmt.Sprintf("masked %s lane %d at offset %d of a %s: out of bounds", verb, i, off+int64(i)*es, a.describe()))
		}
	}
	return a, off, ml, w, elem, nil
}

// maskedLoad is llvm.intr.masked.load: the lanes whose mask bit is set
// are loaded, the others come from the pass-through vector (poison
// without one).
func maskedLoad(f *interp.Frame, op *ir.Operation) error {
	rt := op.Result(0).Type()
	a, off, ml, w, elem, err := maskedLanes(f, op, 0, 1, rt, false)
	if err != nil {
		return err
	}
	n := len(ml.data)
	out := newLanes(elem, n)
	if op.NumOperands() > 2 {
		pv, err := f.Operand(op, 2)
		if err != nil {
			return err
		}
		pl, err := lanesOf(pv)
		if err != nil || len(pl.data) != n {
			return interp.Errorf(op, "expected a pass-through vector of the result's type")
		}
		out = pl
	} else {
		out.poison = make([]*poison, n)
		for i := range out.poison {
			out.poison[i] = &poison{op: op, why: "a masked-off lane of llvm.intr.masked.load without a pass-through vector"}
		}
	}
	res := &lanes{elem: elem, data: append([]uint64(nil), out.data...)}
	if out.poison != nil {
		res.poison = append([]*poison(nil), out.poison...)
	}
	es := int64(w / 8)
	b := make([]byte, es)
	for i, m := range ml.data {
		if m&1 == 0 {
			continue
		}
		a.readBytes(off+int64(i)*es, b)
		res.set(i, interp.FromBits(elem, unpackLanes(b, w, 1)[0]))
	}
	f.SetResult(op, 0, res.value(rt))
	return nil
}

// maskedStore is llvm.intr.masked.store: the lanes whose mask bit is set
// are stored (none of them may be poison).
func maskedStore(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	a, off, ml, w, _, err := maskedLanes(f, op, 1, 2, v.Type, true)
	if err != nil {
		return err
	}
	vl, err := lanesOf(v)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	es := int64(w / 8)
	for i, m := range ml.data {
		if m&1 == 0 {
			continue
		}
		if vl.poison != nil && vl.poison[i] != nil {
			ps := vl.poison[i]
			return ps.errorAt(op, fmt.Sprintf("lane %d of the stored vector", i))
		}
		a.writeBytes(off+int64(i)*es, packLanes(vl.data[i:i+1], w))
	}
	return nil
}

// pointerLanes is the object of a vector of pointers (the result of a
// vector getelementptr): each lane a pointer value with its provenance,
// or poison.
type pointerLanes struct{ ptrs []interp.Value }

// pointerLanesOf returns the lanes of a vector of pointers.
func pointerLanesOf(v interp.Value) ([]interp.Value, error) {
	vt, ok := v.Type.(*ir.VectorType)
	if !ok || len(vt.Shape) != 1 || len(vt.Scalable) == 1 && vt.Scalable[0] {
		return nil, fmt.Errorf("the interpreter supports vectors of pointers of one fixed dimension only")
	}
	switch o := v.Object().(type) {
	case *pointerLanes:
		return o.ptrs, nil
	case *poison:
		ps := make([]interp.Value, vt.Shape[0])
		for i := range ps {
			ps[i] = interp.MakeObject(vt.Elem, 0, o)
		}
		return ps, nil
	}
	return nil, fmt.Errorf("the value of type %s is not a vector of pointers", asm.TypeString(v.Type))
}

// scalarLanes returns the lanes of an integer or float vector as scalars
// (poison lanes as poison scalars).
func scalarLanes(v interp.Value) ([]interp.Value, error) {
	l, err := lanesOf(v)
	if err != nil {
		return nil, err
	}
	out := make([]interp.Value, len(l.data))
	for i := range out {
		out[i] = l.at(i)
	}
	return out, nil
}

// gatherLanes reads the vector of pointers ptrs and the mask of
// llvm.intr.masked.gather or llvm.intr.masked.scatter and returns, for
// each lane, where its element of type elem is (a nil allocation for a
// masked-off lane). Every lane whose mask bit is set must address an
// element inside a live allocation; a poison mask lane is an error.
func gatherLanes(f *interp.Frame, op *ir.Operation, ptrs, mask int, elem ir.Type, write bool) ([]*allocation, []int64, error) {
	pv, err := f.Operand(op, ptrs)
	if err != nil {
		return nil, nil, err
	}
	ps, err := pointerLanesOf(pv)
	if err != nil {
		return nil, nil, interp.Errorf(op, err.Error())
	}
	ml, _, err := operandLanes(f, op, mask)
	if err != nil {
		return nil, nil, err
	}
	if len(ml.data) != len(ps) {
		return nil, nil, interp.Errorf(op, "expected a mask with one lane per pointer")
	}
	es, err := sizeOf(elem)
	if err != nil {
		return nil, nil, interp.Errorf(op, err.Error())
	}
	verb := "masked gather from"
	if write {
		verb = "masked scatter to"
	}
	as := make([]*allocation, len(ps))
	offs := make([]int64, len(ps))
	for i, p := range ps {
		if ml.poison != nil && ml.poison[i] != nil {
			return nil, nil, ml.poison[i].errorAt(op, fmt.Sprintf("lane %d of the mask", i))
		}
		if ml.data[i]&1 == 0 {
			continue
		}
		if pp := poisonOf(p); pp != nil {
			return nil, nil, pp.errorAt(op, fmt.Sprintf("the address of lane %d", i))
		}
		if a, off := target(p); a != nil && !a.isFreed() && (off < 0 || off+es > a.size) {
			return nil, nil, interp.Errorf(op, fmt.Sprintf("%s lane %d at offset %d of a %s: out of bounds", verb, i, off, a.describe()))
		}
		if as[i], offs[i], err = access(op, p, es, write); err != nil {
			return nil, nil, err
		}
	}
	return as, offs, nil
}

// maskedGather is llvm.intr.masked.gather: each lane whose mask bit is
// set is loaded through its pointer, the others come from the
// pass-through vector (poison without one).
func maskedGather(f *interp.Frame, op *ir.Operation) error {
	rt := op.Result(0).Type()
	n, elem, err := fixedVector(rt)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	as, offs, err := gatherLanes(f, op, 0, 1, elem, false)
	if err != nil {
		return err
	}
	if len(as) != n {
		return interp.Errorf(op, "expected one pointer per result lane")
	}
	res := newLanes(elem, n)
	if op.NumOperands() > 2 {
		pl, _, err := operandLanes(f, op, 2)
		if err != nil {
			return err
		}
		if len(pl.data) != n {
			return interp.Errorf(op, "expected a pass-through vector of the result's type")
		}
		res.data = append(res.data[:0], pl.data...)
		if pl.poison != nil {
			res.poison = append([]*poison(nil), pl.poison...)
		}
	} else {
		res.poison = make([]*poison, n)
		for i := range res.poison {
			res.poison[i] = &poison{op: op, why: "a masked-off lane of llvm.intr.masked.gather without a pass-through vector"}
		}
	}
	m := memOf(f)
	for i, a := range as {
		if a == nil {
			continue
		}
		v, err := m.loadValue(elem, a, offs[i])
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		res.set(i, v)
	}
	f.SetResult(op, 0, res.value(rt))
	return nil
}

// maskedScatter is llvm.intr.masked.scatter: each lane whose mask bit is
// set is stored through its pointer, in lane order (a later lane wins
// where two pointers alias); none of them may be poison.
func maskedScatter(f *interp.Frame, op *ir.Operation) error {
	vl, v, err := operandLanes(f, op, 0)
	if err != nil {
		return err
	}
	as, offs, err := gatherLanes(f, op, 1, 2, vl.elem, true)
	if err != nil {
		return err
	}
	if len(as) != len(vl.data) {
		return interp.Errorf(op, fmt.Sprintf("expected one pointer per lane of the stored %s", asm.TypeString(v.Type)))
	}
	for i, a := range as {
		if a != nil && vl.poison != nil && vl.poison[i] != nil {
			return vl.poison[i].errorAt(op, fmt.Sprintf("lane %d of the stored vector", i))
		}
	}
	m := memOf(f)
	for i, a := range as {
		if a == nil {
			continue
		}
		if err := m.storeValue(op, vl.at(i), a, offs[i]); err != nil {
			return err
		}
	}
	return nil
}
