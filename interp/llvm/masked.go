package llvm

import (
	"fmt"

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
