package memref

import (
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// atomicKinds are the arith::AtomicRMWKind values in their numbering, with
// the arith operation each applies as op(value, current).
var atomicKinds = []struct{ name, op string }{
	{"addf", "arith.addf"}, {"addi", "arith.addi"}, {"andi", "arith.andi"}, {"assign", ""},
	{"maximumf", "arith.maximumf"}, {"maxnumf", "arith.maxnumf"}, {"maxs", "arith.maxsi"},
	{"maxu", "arith.maxui"}, {"minimumf", "arith.minimumf"}, {"minnumf", "arith.minnumf"},
	{"mins", "arith.minsi"}, {"minu", "arith.minui"}, {"mulf", "arith.mulf"}, {"muli", "arith.muli"},
	{"ori", "arith.ori"}, {"xori", "arith.xori"},
}

// atomicOp returns the arith operation of op's 'kind' ("" for assign).
func atomicOp(op *ir.Operation) (string, bool) {
	switch a := op.Attr("kind").(type) {
	case *ir.IntegerAttr:
		if k := a.Int64(); k >= 0 && int(k) < len(atomicKinds) {
			return atomicKinds[k].op, true
		}
	case nil:
	default:
		s := asm.AttrString(a)
		if i, j := strings.LastIndexByte(s, '<'), strings.LastIndexByte(s, '>'); i >= 0 && j > i {
			s = s[i+1 : j]
		}
		for _, k := range atomicKinds {
			if k.name == strings.TrimSpace(s) {
				return k.op, true
			}
		}
	}
	return "", false
}

// atomicRMW applies its kind to the element and returns the old value;
// execution is sequential, so atomicity is trivial. In a GPU kernel, the
// other threads run first (see spin).
func atomicRMW(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	m, err := MemRefOperand(f, op, 1)
	if err != nil {
		return err
	}
	var buf [8]int64
	idx, err := indices(f, op, 2, buf[:])
	if err != nil {
		return err
	}
	p, err := m.Index(idx)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	name, ok := atomicOp(op)
	if !ok {
		return interp.Errorf(op, "unknown atomic_rmw kind")
	}
	if err := spin(f, op); err != nil {
		return err
	}
	t := op.Result(0).Type()
	old := interp.FromBits(t, m.Buf.Data[p])
	nv := v
	if name != "" {
		if nv, err = arithi.Scalar(name)(op, []interp.Value{v, old}, t); err != nil {
			return err
		}
	}
	changed(f, m.Buf.Data[p], nv.Bits())
	m.Buf.Data[p] = nv.Bits()
	f.SetResult(op, 0, old)
	return nil
}

// genericAtomicRMW runs its region on the current element and stores the
// value it yields, returning the old value.
func genericAtomicRMW(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	var buf [8]int64
	idx, err := indices(f, op, 1, buf[:])
	if err != nil {
		return err
	}
	p, err := m.Index(idx)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	if err := spin(f, op); err != nil {
		return err
	}
	t := op.Result(0).Type()
	old := interp.FromBits(t, m.Buf.Data[p])
	vs, err := f.RunRegion(op.Region(0), []interp.Value{old})
	if err != nil || f.Returned() {
		return err
	}
	if len(vs) != 1 {
		return interp.Errorf(op, "the body must yield one value")
	}
	changed(f, m.Buf.Data[p], vs[0].Bits())
	m.Buf.Data[p] = vs[0].Bits()
	f.SetResult(op, 0, old)
	return nil
}

// spin lets the other threads of a GPU kernel run before an atomic
// operation: atomics are how threads wait for each other through memory,
// and the SIMT model runs one thread at a time.
func spin(f *interp.Frame, op *ir.Operation) error {
	if t := simt.Current(f.Interpreter()); t != nil {
		return t.Spin(f, op)
	}
	return nil
}

// changed records the progress of a GPU thread whose atomic operation
// changes memory.
func changed(f *interp.Frame, old, new uint64) {
	if t := simt.Current(f.Interpreter()); t != nil && old != new {
		t.Progress()
	}
}
