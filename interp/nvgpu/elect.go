package nvgpu

import (
	"math"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dnvgpu "github.com/strata-ir/strata/dialects/nvgpu"
)

// Elect is elect.sync over the lanes of mask, a warp collective: it
// reports whether the running thread is the lowest lane of mask.
// nvgpu.elect.sync elects over the whole warp; nvvm.elect.sync takes
// the mask as an operand.
func Elect(f *interp.Frame, op *ir.Operation, mask uint32) (bool, error) {
	t, err := simt.Of(f, op)
	if err != nil {
		return false, err
	}
	out, err := t.WarpCollective(f, op, mask, nil, func(group []*simt.Arrival) error {
		for i, a := range group {
			a.Out = i == 0
		}
		return nil
	})
	if err != nil {
		return false, err
	}
	return out.(bool), nil
}

// electSync is nvgpu.elect.sync: true in the lowest lane of the warp.
func electSync(f *interp.Frame, op *ir.Operation) error {
	ok, err := Elect(f, op, 0xffffffff)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeBool(op.Result(0).Type(), ok))
	return nil
}

// rcp is nvgpu.rcp: the reciprocal of each f32 lane. The approx rounding
// (rcp.approx.f32) allows an error the exact reciprocal, rounded to
// nearest, is within; with ftz, subnormal inputs and results are
// flushed to zero of their sign.
func rcp(f *interp.Frame, op *ir.Operation) error {
	r, ok := dnvgpu.AsRcpOp(op)
	if !ok {
		return interp.Errorf(op, "malformed nvgpu.rcp")
	}
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	d := v.Dense()
	if d == nil {
		return interp.Errorf(op, "expected a vector of f32")
	}
	ftz := func(x float32) float32 {
		if r.Ftz() && x != 0 && math.Abs(float64(x)) < 0x1p-126 {
			return float32(math.Copysign(0, float64(x)))
		}
		return x
	}
	out := make([]uint64, len(d.Data))
	for i, b := range d.Data {
		x := ftz(math.Float32frombits(uint32(b)))
		out[i] = uint64(math.Float32bits(ftz(1 / x)))
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), &interp.Dense{Shape: d.Shape, Data: out}))
	return nil
}
