// Package index gives the index dialect its semantics in the interpreter,
// where index is 64 bits wide. A division by zero and a signed division
// of the minimum by -1 are errors; a shift by 64 or more gives poison.
package index

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/index"
)

// indexWidth is the width of index in the interpreter.
const indexWidth = 64

// binaryOps are the binary operations of the dialect, by the name that
// index.Compute takes.
var binaryOps = []string{"add", "sub", "mul", "divs", "divu", "ceildivs", "ceildivu", "floordivs", "rems", "remu",
	"maxs", "maxu", "mins", "minu", "shl", "shrs", "shru", "and", "or", "xor"}

// Register adds the semantics of the index operations to reg.
func Register(reg *interp.Registry) {
	for _, name := range binaryOps {
		reg.Register("index."+name, binary(name))
	}
	reg.Register(index.CastsOpName, cast(true))
	reg.Register(index.CastuOpName, cast(false))
	reg.Register(index.CmpOpName, cmp)
	reg.Register(index.SizeofOpName, func(f *interp.Frame, op *ir.Operation) error {
		f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), indexWidth))
		return nil
	})
	reg.Register(index.ConstantOpName, constant)
	reg.Register(index.BoolConstantOpName, constant)
}

func binary(name string) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		args, err := f.OperandsScratch(op)
		if err != nil {
			return err
		}
		a, b := args[0].Uint(), args[1].Uint()
		rt := op.Result(0).Type()
		r, ok := index.Compute(name, a, b, indexWidth)
		if !ok {
			if strings.HasPrefix(name, "sh") {
				f.SetResult(op, 0, interp.MakePoison(rt, op, fmt.Sprintf("shift by %d bits of a %d-bit index", b, indexWidth)))
				return nil
			}
			if b == 0 {
				return interp.Errorf(op, "index division by zero")
			}
			return interp.Errorf(op, "signed index division overflows")
		}
		f.SetResult(op, 0, interp.MakeInt(rt, r))
		return nil
	}
}

func cast(signed bool) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		x, err := f.Get(op, op.Operand(0))
		if err != nil {
			return err
		}
		in, out := op.Operand(0).Type(), op.Result(0).Type()
		if interp.IntWidth(in) > 64 || interp.IntWidth(out) > 64 {
			return interp.Errorf(op, "casts of integers wider than 64 bits are not supported by the interpreter")
		}
		f.SetResult(op, 0, interp.MakeInt(out, index.Cast(x.Uint(), in, out, signed, indexWidth)))
		return nil
	}
}

func cmp(f *interp.Frame, op *ir.Operation) error {
	args, err := f.OperandsScratch(op)
	if err != nil {
		return err
	}
	c, _ := index.AsCmpOp(op)
	r, ok := index.Compare(index.Predicate(c), args[0].Uint(), args[1].Uint(), indexWidth)
	if !ok {
		return interp.Errorf(op, "unknown index.cmp predicate")
	}
	f.SetResult(op, 0, interp.MakeBool(op.Result(0).Type(), r))
	return nil
}

func constant(f *interp.Frame, op *ir.Operation) error {
	a, ok := op.InherentAttr("value").(*ir.IntegerAttr)
	if !ok {
		return interp.Errorf(op, "expected an integer value")
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), a.Lo))
	return nil
}
