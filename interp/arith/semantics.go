// Package arith gives the arith dialect its semantics in the interpreter
// (core/interp). Register adds them to a Registry:
//
//	reg := interp.NewRegistry()
//	arith.Register(reg)
//	results, err := interp.New(reg).Call(nil, fn, args)
//
// Integers of every width compute bit-exactly and wrap around at the width
// of their type. Poison is modelled as in the llvm dialect's semantics
// (interp.Poison): addi, subi, muli and shli that overflow with their nsw
// or nuw flags, trunci that changes the value with its flags, divsi, divui,
// shrsi and shrui with the exact flag that lose bits, and shifts by the
// width or more give poison, which propagates; a poison divisor is an
// error, as are division by zero and signed division
// overflow (undefined behaviour upstream); fptosi/fptoui saturate.
// Float arithmetic rounds to nearest even in the type; cmpf's ordered
// predicates are false and its unordered predicates true when an operand
// is NaN.
package arith

import (
	"math"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
)

// Register adds the semantics of the arith operations (on scalars, and
// elementwise on tensors and vectors) to reg.
func Register(reg *interp.Registry) {
	reg.AcceptPoison("arith.")
	registerArith(reg)
}

// checkType reports an unsupported result or operand type at op.
func checkType(op *ir.Operation, t ir.Type) error {
	if !interp.SupportedType(t) {
		return interp.Errorf(op, "the interpreter does not support values of type "+asm.TypeString(t)+" here (integers, index and floats other than f80 and f128, as scalars or elements)")
	}
	return nil
}

func constant(f *interp.Frame, op *ir.Operation) error {
	c, _ := arith.AsConstantOp(op)
	t := c.Result().Type()
	if _, dense := c.Value().(*ir.DenseElementsAttr); !dense {
		if err := checkType(op, t); err != nil {
			return err
		}
	}
	switch a := c.Value().(type) {
	case *ir.IntegerAttr:
		if a.Big != nil {
			f.SetResult(op, 0, interp.MakeBig(t, a.Big))
			break
		}
		f.SetResult(op, 0, interp.MakeInt(t, a.Lo))
	case *ir.FloatAttr:
		f.SetResult(op, 0, interp.FromBits(t, a.Bits[0]))
	case *ir.DenseElementsAttr:
		v, err := interp.ValueFromAttr(t, a)
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		f.SetResult(op, 0, v)
	default:
		return interp.Errorf(op, "the interpreter supports only integer and float constants")
	}
	return nil
}

func predicate(op *ir.Operation) (int64, error) {
	if a, ok := op.Attr("predicate").(*ir.IntegerAttr); ok {
		return a.Int64(), nil
	}
	return 0, interp.Errorf(op, "requires an integer 'predicate' attribute")
}

// CmpI evaluates an arith.cmpi predicate (MLIR's CmpIPredicate numbering)
// on integers of any width.
func CmpI(pred int64, a, b interp.Value) (bool, bool) {
	if interp.IsWide(a.Type) {
		return cmpIBig(pred, a, b)
	}
	switch pred {
	case 0:
		return a.Uint() == b.Uint(), true
	case 1:
		return a.Uint() != b.Uint(), true
	case 2:
		return a.Int() < b.Int(), true
	case 3:
		return a.Int() <= b.Int(), true
	case 4:
		return a.Int() > b.Int(), true
	case 5:
		return a.Int() >= b.Int(), true
	case 6:
		return a.Uint() < b.Uint(), true
	case 7:
		return a.Uint() <= b.Uint(), true
	case 8:
		return a.Uint() > b.Uint(), true
	case 9:
		return a.Uint() >= b.Uint(), true
	}
	return false, false
}

// CmpF evaluates an arith.cmpf predicate (MLIR's CmpFPredicate numbering):
// ordered predicates are false and unordered ones true when either operand
// is NaN.
func CmpF(pred int64, x, y float64) (bool, bool) {
	uno := math.IsNaN(x) || math.IsNaN(y)
	switch pred {
	case 0:
		return false, true
	case 1:
		return !uno && x == y, true
	case 2:
		return !uno && x > y, true
	case 3:
		return !uno && x >= y, true
	case 4:
		return !uno && x < y, true
	case 5:
		return !uno && x <= y, true
	case 6:
		return !uno && x != y, true
	case 7:
		return !uno, true
	case 8:
		return uno || x == y, true
	case 9:
		return uno || x > y, true
	case 10:
		return uno || x >= y, true
	case 11:
		return uno || x < y, true
	case 12:
		return uno || x <= y, true
	case 13:
		return uno || x != y, true
	case 14:
		return uno, true
	case 15:
		return true, true
	}
	return false, false
}
