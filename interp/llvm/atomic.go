package llvm

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// atomicArith is the arith operation of each llvm.atomicrmw binary
// operation, applied to the old value and the operand.
var atomicArith = map[string]string{
	"add": "arith.addi", "sub": "arith.subi", "_and": "arith.andi", "_or": "arith.ori", "_xor": "arith.xori",
	"max": "arith.maxsi", "min": "arith.minsi", "umax": "arith.maxui", "umin": "arith.minui",
	"fadd": "arith.addf", "fsub": "arith.subf", "fmax": "arith.maxnumf", "fmin": "arith.minnumf",
	"fmaximum": "arith.maximumf", "fminimum": "arith.minimumf",
}

// atomicRMW stores the result of its binary operation on the value in
// memory and its operand, and returns the old value. Execution is
// sequential, so atomicity is trivial; in a GPU kernel the other threads
// run first, so that threads waiting for each other through memory make
// progress.
func atomicRMW(f *interp.Frame, op *ir.Operation) error {
	a, _ := lt.AsAtomicrmwOp(op)
	kind := a.BinOp().String()
	p, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	v, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	t := op.Result(0).Type()
	n, err := sizeOf(t)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	th := simt.Current(f.Interpreter())
	if th != nil {
		if err := th.Spin(f, op); err != nil {
			return err
		}
	}
	al, off, err := access(op, p, n, true)
	if err != nil {
		return err
	}
	m := memOf(f)
	old, err := m.loadValue(t, al, off)
	if err != nil {
		return err
	}
	var nv interp.Value
	switch kind {
	case "xchg":
		nv = v
	case "nand":
		nv = interp.MakeInt(t, ^(old.Bits() & v.Bits()))
	default:
		name, ok := atomicArith[kind]
		fn := arithi.Scalar(name)
		if !ok || fn == nil {
			return interp.Errorf(op, "the interpreter does not run llvm.atomicrmw "+kind)
		}
		if nv, err = fn(op, []interp.Value{old, v}, t); err != nil {
			return err
		}
	}
	if err := m.storeValue(op, nv, al, off); err != nil {
		return err
	}
	if th != nil && nv.Bits() != old.Bits() {
		th.Progress()
	}
	f.SetResult(op, 0, old)
	return nil
}
