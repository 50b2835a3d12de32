package vector

import (
	"math"
	"slices"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/vector"
)

// mask runs the operation a vector.mask predicates. That operation reads
// the mask of its vector.mask itself (effectiveMask, maskOf): a transfer
// neither reads nor writes its masked-off lanes (a read gives them the
// padding), a reduction leaves them out. With a passthru, the masked-off
// lanes of the result then take the passthru's.
func mask(f *interp.Frame, op *ir.Operation) error {
	m, ok := vector.AsMaskOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.mask")
	}
	results, err := f.RunRegion(m.MaskRegion(), nil)
	if err != nil {
		return err
	}
	if len(results) != op.NumResults() {
		return interp.Errorf(op, "expected the mask region to yield one value per result")
	}
	if pt := m.Passthru(); pt != nil && len(results) == 1 {
		mv, err := f.Get(op, m.Mask())
		if err != nil {
			return err
		}
		pv, err := f.Get(op, pt)
		if err != nil {
			return err
		}
		md, pd, rd := mv.Dense(), pv.Dense(), results[0].Dense()
		if md == nil || pd == nil || rd == nil || !slices.Equal(md.Shape, rd.Shape) || !slices.Equal(pd.Shape, rd.Shape) {
			return interp.Errorf(op, "the interpreter supports a passthru only with a mask of the result's shape")
		}
		out := append([]uint64(nil), rd.Data...)
		for i, b := range md.Data {
			if b&1 == 0 {
				out[i] = pd.Data[i]
			}
		}
		results[0] = interp.MakeDense(results[0].Type, &interp.Dense{Shape: rd.Shape, Data: out})
	}
	for i, r := range results {
		f.SetResult(op, i, r)
	}
	return nil
}

// effectiveMask returns the mask of a transfer: its own mask operand, or
// the mask of the vector.mask that predicates it.
func effectiveMask(op *ir.Operation, own ir.Value) ir.Value {
	if own != nil {
		return own
	}
	if m, ok := vector.MaskingOpOf(op); ok {
		return m.Mask()
	}
	return nil
}

// maskOf returns the mask of the vector.mask that predicates op, which
// must have the shape of the vector op iterates over, or nil when op is
// not masked.
func maskOf(f *interp.Frame, op *ir.Operation, shape []int64) (*interp.Dense, error) {
	m, ok := vector.MaskingOpOf(op)
	if !ok {
		return nil, nil
	}
	mv, err := f.Get(op, m.Mask())
	if err != nil {
		return nil, err
	}
	d := mv.Dense()
	if d == nil || !slices.Equal(d.Shape, shape) {
		return nil, interp.Errorf(op, "expected a vector mask of the shape of the masked vector")
	}
	return d, nil
}

// activeLanes returns the elements of d that the mask of op leaves on
// (all of them when op is not masked).
func activeLanes(f *interp.Frame, op *ir.Operation, d *interp.Dense) ([]uint64, error) {
	m, err := maskOf(f, op, d.Shape)
	if err != nil || m == nil {
		return d.Data, err
	}
	var on []uint64
	for i, x := range d.Data {
		if m.Data[i]&1 != 0 {
			on = append(on, x)
		}
	}
	return on, nil
}

// neutralElement is the value a reduction of kind over no element gives
// (the start value of upstream's lowering of a masked reduction without
// accumulator): 0 for add, or, xor and maxui, 1 for mul, all ones for and
// and minui, the extreme integers for minsi and maxsi, and infinities for
// the float minima and maxima.
func neutralElement(op *ir.Operation, kind string, t ir.Type) (interp.Value, error) {
	switch t := t.(type) {
	case *ir.IntegerType:
		w := uint(t.Width)
		if w == 0 || w > 64 {
			break
		}
		ones := ^uint64(0) >> (64 - w)
		switch kind {
		case "add", "or", "xor", "maxui":
			return interp.FromBits(t, 0), nil
		case "mul":
			return interp.FromBits(t, 1), nil
		case "and", "minui":
			return interp.FromBits(t, ones), nil
		case "minsi":
			return interp.FromBits(t, ones>>1), nil
		case "maxsi":
			return interp.FromBits(t, 1<<(w-1)), nil
		}
	case *ir.FloatType:
		switch kind {
		case "add":
			return interp.MakeFloat(t, 0), nil
		case "mul":
			return interp.MakeFloat(t, 1), nil
		case "minnumf", "minimumf":
			return interp.MakeFloat(t, math.Inf(1)), nil
		case "maxnumf", "maximumf":
			return interp.MakeFloat(t, math.Inf(-1)), nil
		}
	}
	return interp.Value{}, interp.Errorf(op, "no neutral element for a fully masked "+kind+" reduction of this type")
}

// unmasked reports an error when op is predicated by a vector.mask: the
// operations whose masked semantics the interpreter does not implement.
func unmasked(op *ir.Operation) error {
	if _, ok := vector.MaskingOpOf(op); ok {
		return interp.Errorf(op, "the interpreter does not support a masked "+op.Name())
	}
	return nil
}
