package arith

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// scale returns the scale operand of arith.scaling_extf or
// scaling_truncf as the power of two it stands for: rounded to
// f8E8M0FNU (an exponent only) when it has another type, as upstream's
// expansion of the operations truncates it, and then extended to t.
func scale(op *ir.Operation, s interp.Value, t *ir.FloatType) interp.Value {
	x := s.Float()
	if ft, ok := s.Type.(*ir.FloatType); !ok || ft.Kind != ir.F8E8M0FNU {
		x = interp.MakeFloat(op.Context().FloatType(ir.F8E8M0FNU), x).Float()
	}
	return interp.MakeFloat(t, x)
}

// scalingExtF is arith.scaling_extf (OCP MX): the input extended to the
// result type times the scale, one rounding to the result type.
func scalingExtF(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	ft, ok := rt.(*ir.FloatType)
	if !ok {
		return interp.Value{}, interp.Errorf(op, "expected a float result")
	}
	return interp.MakeFloat(ft, args[0].Float()*scale(op, args[1], ft).Float()), nil
}

// scalingTruncF is arith.scaling_truncf (OCP MX): the input divided by
// the scale in the input's type, then truncated to the result type.
func scalingTruncF(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
	ft, ok := rt.(*ir.FloatType)
	it, iok := args[0].Type.(*ir.FloatType)
	if !ok || !iok {
		return interp.Value{}, interp.Errorf(op, "expected float operands and result")
	}
	if m, ok := op.Attr("roundingmode").(*ir.IntegerAttr); ok && m.Int64() != 0 {
		return interp.Value{}, interp.Errorf(op, "the interpreter supports only the to_nearest_even rounding mode")
	}
	q := interp.MakeFloat(it, args[0].Float()/scale(op, args[1], it).Float())
	return interp.MakeFloat(ft, q.Float()), nil
}
