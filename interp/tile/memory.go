package tile

import (
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	tiled "github.com/strata-ir/strata/dialects/tile"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// access is the addressing of one memory operation: for the tile element
// at linear position pos, coords fills the coordinates it addresses in
// the view.
type access struct {
	view   *interp.MemRef
	shape  []int64
	coords func(pos int64, out []int64)
	mask   *interp.Dense
	// guarded: out-of-bounds and masked-off elements are padded or
	// dropped rather than errors.
	guarded bool
	what    string
}

// memOp is a memory operation's operands, split by its segment sizes,
// and its properties, read through its typed wrapper.
type memOp struct {
	// value is the stored value (nil for loads), view the view, idx the
	// indices or offset tiles, mask the mask (or nil).
	value, view ir.Value
	idx         []ir.Value
	mask        ir.Value
	// pad is the pad value of a load or gather (or nil).
	pad ir.Attribute
	// at addresses elements rather than blocks; boundsCheck guards the
	// elements of a store past the bounds.
	at, boundsCheck bool
}

// memOperands reads a memory operation through its typed wrapper; the
// zero memOp for other operations.
func memOperands(op *ir.Operation) memOp {
	if l, ok := tiled.AsLoadOp(op); ok {
		return memOp{view: l.View(), idx: l.Indices(), mask: l.Mask(), pad: l.Pad(), at: l.At()}
	}
	if g, ok := tiled.AsGatherOp(op); ok {
		return memOp{view: g.View(), idx: g.Offsets(), mask: g.Mask(), pad: g.Pad()}
	}
	if s, ok := tiled.AsStoreOp(op); ok {
		return memOp{value: s.Value(), view: s.View(), idx: s.Indices(), mask: s.Mask(), at: s.At(), boundsCheck: s.BoundsCheck()}
	}
	if s, ok := tiled.AsAtomicAddOp(op); ok {
		return memOp{value: s.Value(), view: s.View(), idx: s.Indices(), mask: s.Mask(), at: s.At(), boundsCheck: s.BoundsCheck()}
	}
	if s, ok := tiled.AsScatterOp(op); ok {
		return memOp{value: s.Value(), view: s.View(), idx: s.Offsets(), mask: s.Mask(), boundsCheck: s.BoundsCheck()}
	}
	return memOp{}
}

func isOp[T any](op *ir.Operation, as func(*ir.Operation) (T, bool)) bool {
	_, ok := as(op)
	return ok
}

// newAccess reads the addressing operands of op for a tile of shape.
func newAccess(f *interp.Frame, op *ir.Operation, mo memOp, shape []int64, guarded bool) (*access, error) {
	viewV, idx, maskV := mo.view, mo.idx, mo.mask
	if viewV == nil {
		return nil, interp.Errorf(op, "malformed memory operation")
	}
	m, err := viewOf(f, op, viewV)
	if err != nil {
		return nil, err
	}
	a := &access{view: m, shape: shape, guarded: guarded, what: op.Name()[len("tile."):]}
	if len(idx) != len(m.Sizes) {
		return nil, interp.Errorf(op, "expected as many indices as the view has dimensions")
	}
	if maskV != nil {
		mv, err := f.Get(op, maskV)
		if err != nil {
			return nil, err
		}
		a.mask = mv.Dense()
	}
	if isOp(op, tiled.AsGatherOp) || isOp(op, tiled.AsScatterOp) {
		offs := make([]*interp.Dense, len(idx))
		var ets []ir.Type
		for i, v := range idx {
			x, err := f.Get(op, v)
			if err != nil {
				return nil, err
			}
			offs[i] = x.Dense()
			if offs[i] == nil || len(offs[i].Data) != int(interp.NumElements(shape)) {
				return nil, interp.Errorf(op, "offset tiles must have the tile's shape")
			}
			ets = append(ets, interp.ElementType(v.Type()))
		}
		a.coords = func(pos int64, out []int64) {
			for d, o := range offs {
				out[d] = interp.FromBits(ets[d], o.Data[pos]).Int()
			}
		}
		return a, nil
	}
	base, err := f.Ints(op, idx)
	if err != nil {
		return nil, err
	}
	if !mo.at {
		for d := range base {
			base[d] *= shape[d]
		}
	}
	a.coords = func(pos int64, out []int64) {
		for d := len(shape) - 1; d >= 0; d-- {
			out[d] = base[d] + pos%shape[d]
			pos /= shape[d]
		}
	}
	return a, nil
}

// element returns the buffer position of the element addressed by tile
// position pos, whether to access it, and an error for an unguarded access
// out of the view.
func (a *access) element(op *ir.Operation, pos int64, c []int64) (int64, bool, error) {
	a.coords(pos, c)
	if a.mask != nil && a.mask.Data[pos] == 0 {
		return 0, false, nil
	}
	lin := a.view.Offset
	for d, x := range c {
		if x < 0 || x >= a.view.Sizes[d] {
			if a.guarded {
				return 0, false, nil
			}
			return 0, false, interp.Errorf(op, fmt.Sprintf("%s out of bounds: element %v of a view of sizes %v, without a mask, pad or bounds_check", a.what, c, a.view.Sizes))
		}
		lin += x * a.view.Strides[d]
	}
	if lin < 0 || lin >= int64(len(a.view.Buf.Data)) {
		return 0, false, interp.Errorf(op, fmt.Sprintf("%s: element %v lies outside its buffer", a.what, c))
	}
	if a.view.Buf.Freed {
		return 0, false, interp.Errorf(op, a.what+" of a deallocated buffer")
	}
	return lin, true, nil
}

// load gives tile.load and tile.gather.
func load(f *interp.Frame, op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return interp.Errorf(op, "expected a tile result")
	}
	mo := memOperands(op)
	pad := mo.pad
	a, err := newAccess(f, op, mo, rt.Shape, pad != nil)
	if err != nil {
		return err
	}
	padBits, err := padValue(op, pad, rt.Elem)
	if err != nil {
		return err
	}
	n := interp.NumElements(rt.Shape)
	out := &interp.Dense{Shape: rt.Shape, Data: make([]uint64, n)}
	c := make([]int64, len(a.view.Sizes))
	for pos := int64(0); pos < n; pos++ {
		lin, ok, err := a.element(op, pos, c)
		if err != nil {
			return err
		}
		if ok {
			out.Data[pos] = a.view.Buf.Data[lin]
		} else {
			out.Data[pos] = padBits
		}
	}
	f.SetResult(op, 0, interp.MakeDense(rt, out))
	return nil
}

// store gives tile.store, tile.scatter and tile.atomic_add.
func store(f *interp.Frame, op *ir.Operation) error {
	mo := memOperands(op)
	valueV, maskV := mo.value, mo.mask
	if valueV == nil {
		return interp.Errorf(op, "malformed memory operation")
	}
	x, err := f.Get(op, valueV)
	if err != nil {
		return err
	}
	d := x.Dense()
	if d == nil {
		return interp.Errorf(op, "expected a tile value")
	}
	guarded := maskV != nil || mo.boundsCheck
	a, err := newAccess(f, op, mo, d.Shape, guarded)
	if err != nil {
		return err
	}
	var add arithi.ScalarFunc
	et := interp.ElementType(valueV.Type())
	if isOp(op, tiled.AsAtomicAddOp) {
		if _, ok := et.(*ir.FloatType); ok {
			add = arithi.Scalar("arith.addf")
		} else {
			add = arithi.Scalar("arith.addi")
		}
	}
	c := make([]int64, len(a.view.Sizes))
	for pos := range d.Data {
		lin, ok, err := a.element(op, int64(pos), c)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if add == nil {
			a.view.Buf.Data[lin] = d.Data[pos]
			continue
		}
		r, err := add(op, []interp.Value{interp.FromBits(et, a.view.Buf.Data[lin]), interp.FromBits(et, d.Data[pos])}, et)
		if err != nil {
			return err
		}
		a.view.Buf.Data[lin] = r.Bits()
	}
	return nil
}

// padValue returns the bit pattern of a pad attribute in element type t.
func padValue(op *ir.Operation, pad ir.Attribute, t ir.Type) (uint64, error) {
	switch p := pad.(type) {
	case nil:
		return 0, nil
	case *ir.FloatAttr:
		return p.Bits[0], nil
	case *ir.IntegerAttr:
		return interp.MakeInt(t, uint64(p.Int64())).Bits(), nil
	case *ir.StringAttr:
		ft, isFloat := t.(*ir.FloatType)
		if p.Value == "zero" {
			if isFloat {
				return interp.MakeFloat(ft, 0).Bits(), nil
			}
			return 0, nil
		}
		if !isFloat {
			break
		}
		switch p.Value {
		case "nan":
			return interp.MakeFloat(ft, math.NaN()).Bits(), nil
		case "neg_inf":
			return infinity(ft, -1), nil
		case "pos_inf":
			return infinity(ft, 1), nil
		}
	}
	return 0, interp.Errorf(op, "unsupported pad value")
}

// infinity returns the infinity of sign s in t, or its largest finite
// value of that sign when t has no infinities.
func infinity(t *ir.FloatType, s int) uint64 {
	v := interp.MakeFloat(t, math.Inf(s))
	if math.IsInf(v.Float(), s) {
		return v.Bits()
	}
	return largest(t, s).Bits()
}

// largest returns the finite value of t of largest magnitude and sign s:
// the pattern below infinity's, or found among the (at most 256)
// patterns of a type without infinities.
func largest(t *ir.FloatType, s int) interp.Value {
	var best interp.Value
	if inf := interp.MakeFloat(t, math.Inf(1)); math.IsInf(inf.Float(), 1) {
		best = interp.FromBits(t, inf.Bits()-1)
	} else {
		best = interp.MakeFloat(t, 0)
		for b := uint64(0); b < 1<<uint(ir.IntOrFloatBitWidth(t)); b++ {
			if x := interp.FromBits(t, b).Float(); !math.IsNaN(x) && x > best.Float() {
				best = interp.FromBits(t, b)
			}
		}
	}
	if s < 0 {
		return interp.MakeFloat(t, -best.Float())
	}
	return best
}
