package tile

import (
	"fmt"
	"math"
	"math/big"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	tiled "github.com/strata-ir/strata/dialects/tile"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// cast gives tile.cast.
func cast(f *interp.Frame, op *ir.Operation) error {
	in, it, err := denseOperand(f, op, 0)
	if err != nil {
		return err
	}
	c, _ := tiled.AsCastOp(op)
	mode, has := c.Rounding()
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return interp.Errorf(op, "expected a tile result")
	}
	out := make([]uint64, len(in.Data))
	for i, b := range in.Data {
		v, err := Convert(interp.FromBits(it, b), rt.Elem, mode, has, c.Unsigned())
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		out[i] = v.Bits()
	}
	f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: rt.Shape, Data: out}))
	return nil
}

// Convert converts the scalar v to type to as tile.cast does: integers
// are read unsigned when unsigned is set, and results are rounded with
// mode (when has is false: to nearest even for a float result, toward
// zero for an integer one). Float to integer saturates, NaN giving 0.
func Convert(v interp.Value, to ir.Type, mode tiled.RoundingMode, has, unsigned bool) (interp.Value, error) {
	fw, tw := interp.IntWidth(v.Type), interp.IntWidth(to)
	if fw > 64 || tw > 64 {
		return interp.Value{}, fmt.Errorf("tile.cast of integers wider than 64 bits is not supported")
	}
	ft, toFloat := to.(*ir.FloatType)
	_, fromFloat := v.Type.(*ir.FloatType)
	switch {
	case !fromFloat && !toFloat:
		if unsigned {
			return interp.MakeInt(to, v.Uint()), nil
		}
		return interp.MakeInt(to, uint64(v.Int())), nil
	case fromFloat && !toFloat:
		x := v.Float()
		if !has {
			mode = tiled.RoundingModeTowardZero
		}
		switch mode {
		case tiled.RoundingModeToNearestEven:
			x = math.RoundToEven(x)
		case tiled.RoundingModeToNearestAway:
			x = math.Round(x)
		case tiled.RoundingModeUpward:
			x = math.Ceil(x)
		case tiled.RoundingModeDownward:
			x = math.Floor(x)
		}
		return interp.MakeInt(to, uint64(arithi.FloatToInt(x, tw, !unsigned))), nil
	}
	var exact *big.Float
	if fromFloat {
		x := v.Float()
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return interp.MakeFloat(ft, x), nil
		}
		exact = new(big.Float).SetFloat64(x)
	} else if unsigned {
		exact = new(big.Float).SetUint64(v.Uint())
	} else {
		exact = new(big.Float).SetInt64(v.Int())
	}
	if !has {
		mode = tiled.RoundingModeToNearestEven
	}
	return RoundFloat(exact, ft, mode), nil
}

// nearestEven rounds the exact value x to t, to nearest even, once.
func nearestEven(x *big.Float, t *ir.FloatType) interp.Value {
	d, acc := x.Float64()
	if t.Kind == ir.F64 || acc == big.Exact {
		return interp.MakeFloat(t, d)
	}
	// Round to odd in float64, then to t: one rounding of x, as float64
	// has at least two more bits than t.
	if math.Float64bits(d)&1 == 0 && !math.IsInf(d, 0) {
		if acc == big.Below {
			d = math.Nextafter(d, math.Inf(1))
		} else {
			d = math.Nextafter(d, math.Inf(-1))
		}
	}
	return interp.MakeFloat(t, d)
}

// RoundFloat rounds the exact finite value x to the float type t with the
// rounding mode: once, from the exact value. Beyond the largest finite
// value, rounding toward zero (and away from the overflow's direction)
// gives the largest finite value; the other modes give infinity (NaN in
// types without infinities).
func RoundFloat(x *big.Float, t *ir.FloatType, mode tiled.RoundingMode) interp.Value {
	rne := nearestEven(x, t)
	if mode == tiled.RoundingModeToNearestEven {
		return rne
	}
	neg := x.Sign() < 0
	max := largestFinite(t)
	ax := new(big.Float).Abs(x)
	if ax.Cmp(new(big.Float).SetFloat64(max.Float())) > 0 {
		away := mode == tiled.RoundingModeToNearestAway ||
			(mode == tiled.RoundingModeUpward && !neg) || (mode == tiled.RoundingModeDownward && neg)
		if away {
			if neg {
				return interp.MakeFloat(t, math.Inf(-1))
			}
			return interp.MakeFloat(t, math.Inf(1))
		}
		if neg {
			return interp.MakeFloat(t, -max.Float())
		}
		return max
	}
	r := rne.Float()
	if math.IsInf(r, 0) || math.IsNaN(r) {
		// x is finite and at most the largest finite value.
		r = max.Float()
		if neg {
			r = -r
		}
		rne = interp.MakeFloat(t, r)
	}
	rb := new(big.Float).SetFloat64(r)
	cmp := rb.Cmp(x)
	if cmp == 0 {
		return rne
	}
	// The neighbour of r on x's side: one step of magnitude toward x.
	w := ir.IntOrFloatBitWidth(t)
	sign := uint64(1) << uint(w-1)
	mag := rne.Bits() &^ sign
	if new(big.Float).Abs(rb).Cmp(ax) < 0 {
		mag++
	} else {
		mag--
	}
	ob := mag
	if neg {
		ob |= sign
	}
	o := interp.FromBits(t, ob)
	// r and o bracket x; pick by mode.
	lo, hi := rne, o
	if cmp > 0 {
		lo, hi = o, rne
	}
	switch mode {
	case tiled.RoundingModeUpward:
		return hi
	case tiled.RoundingModeDownward:
		return lo
	case tiled.RoundingModeTowardZero:
		if neg {
			return hi
		}
		return lo
	case tiled.RoundingModeToNearestAway:
		d1 := new(big.Float).SetPrec(256).Sub(x, rb)
		d2 := new(big.Float).SetPrec(256).Sub(x, new(big.Float).SetFloat64(o.Float()))
		if d1.Abs(d1).Cmp(d2.Abs(d2)) == 0 {
			if neg {
				return lo
			}
			return hi
		}
	}
	return rne
}

// largestFinite returns the largest finite positive value of t.
func largestFinite(t *ir.FloatType) interp.Value {
	switch t.Kind {
	case ir.F64:
		return interp.MakeFloat(t, math.MaxFloat64)
	case ir.F32:
		return interp.MakeFloat(t, math.MaxFloat32)
	}
	return largest(t, 1)
}
