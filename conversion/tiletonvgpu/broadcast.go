package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/tile"
)

// lowerBroadcast repeats the registers of the source of a broadcast: the
// source's layout is the result's, sliced along the broadcast dimensions
// and compacted (see Layout.Compact), so that every register of the
// result takes the source register of the same coordinates, on the same
// thread.
func lowerBroadcast(k *kernel, op *ir.Operation) error {
	bc, _ := tile.AsBroadcastOp(op)
	src := k.get(bc.Operand(0))
	ls, okS := k.layouts[bc.Operand(0)]
	rt, lr, err := k.regType(op.Result(0))
	if err != nil || !okS {
		return k.errorf(op, "tile without a layout")
	}
	shape, elem, _ := tileShape(bc.Operand(0))
	sliced := lr.Sliced(shape)
	if ls.NumRegs() == lr.NumRegs() {
		// The registers correspond one to one.
		k.vals[op.Result(0)] = k.val("vector.shape_cast", []ir.Value{src}, rt)
		if src.Type() == ir.Type(rt) {
			k.vals[op.Result(0)] = src
		}
		return nil
	}
	at := map[string]int{}
	for s := 0; s < ls.NumRegs(); s++ {
		at[coordKey(ls.RegCoord(s))] = s
	}
	st := src.Type().(*ir.VectorType)
	var out ir.Value
	for r := 0; r < lr.NumRegs(); r++ {
		s, ok := at[coordKey(sliced.RegCoord(r))]
		if !ok {
			return k.errorf(op, "tile-to-nvgpu: the layout of a broadcast's source does not hold its result's elements")
		}
		x := k.extract(src, elem, unflatten(s, st.Shape))
		if out == nil {
			out = k.val("vector.broadcast", []ir.Value{x}, rt)
		}
		out = k.insert(x, out, unflatten(r, rt.Shape))
	}
	k.vals[op.Result(0)] = out
	return nil
}

func coordKey(c []int64) string {
	b := make([]byte, 0, 8*len(c))
	for _, x := range c {
		for i := 0; i < 8; i++ {
			b = append(b, byte(x>>(8*i)))
		}
	}
	return string(b)
}
