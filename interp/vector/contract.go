package vector

import (
	"fmt"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/vector"
	arithi "github.com/strata-ir/strata/interp/arith"
	mathi "github.com/strata-ir/strata/interp/math"
)

// promoter returns the function that converts an element of type from to
// the accumulator's element type to: floats are extended, integers sign
// extended (vector.contract's promotion of narrower operands).
func promoter(op *ir.Operation, from, to ir.Type) (func(uint64) uint64, error) {
	if from == to {
		return func(b uint64) uint64 { return b }, nil
	}
	if ft, ok := to.(*ir.FloatType); ok {
		if _, ok := from.(*ir.FloatType); ok {
			return func(b uint64) uint64 { return interp.MakeFloat(ft, interp.FromBits(from, b).Float()).Bits() }, nil
		}
	}
	if interp.IntWidth(from) > 0 && interp.IntWidth(to) > 0 && interp.IntWidth(from) <= 64 && interp.IntWidth(to) <= 64 {
		return func(b uint64) uint64 { return interp.MakeInt(to, uint64(interp.FromBits(from, b).Int())).Bits() }, nil
	}
	return nil, interp.Errorf(op, fmt.Sprintf("cannot promote %s operands to %s", ir.TypeString(from), ir.TypeString(to)))
}

// multiplier returns the product of two elements of type elem.
func multiplier(op *ir.Operation, elem ir.Type) func(a, b uint64) (uint64, error) {
	name := "arith.muli"
	if _, ok := elem.(*ir.FloatType); ok {
		name = "arith.mulf"
	}
	fn := arithi.Scalar(name)
	args := make([]interp.Value, 2)
	return func(a, b uint64) (uint64, error) {
		args[0], args[1] = interp.FromBits(elem, a), interp.FromBits(elem, b)
		r, err := fn(op, args, elem)
		if err != nil {
			return 0, err
		}
		return r.Bits(), nil
	}
}

// elements returns the elements of a vector or scalar value, and its
// shape (nil for a scalar).
func elements(v interp.Value) ([]uint64, []int64) {
	if d := v.Dense(); d != nil {
		return d.Data, d.Shape
	}
	return []uint64{v.Bits()}, nil
}

// contract is vector.contract: for every point of the iteration space the
// product of the lhs and rhs elements (promoted to the accumulator's
// element type) is combined, with the contraction's kind, into the
// accumulator element the point maps to; the reduction points of one
// accumulator element are combined in row-major order, as upstream's
// lowering (products, then an ordered reduction into the accumulator)
// does.
func contract(f *interp.Frame, op *ir.Operation) error {
	if err := unmasked(op); err != nil {
		return err
	}
	c, ok := vector.AsContractOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.contract")
	}
	var vals [3]interp.Value
	for i, v := range []ir.Value{c.Lhs(), c.Rhs(), c.Acc()} {
		x, err := f.Get(op, v)
		if err != nil {
			return err
		}
		vals[i] = x
	}
	lhs, rhs := vals[0].Dense(), vals[1].Dense()
	if lhs == nil || rhs == nil {
		return interp.Errorf(op, "expected vector lhs and rhs")
	}
	accData, accShape := elements(vals[2])
	shapes := [3][]int64{lhs.Shape, rhs.Shape, accShape}
	arr, ok := c.IndexingMaps().(*ir.ArrayAttr)
	if !ok || len(arr.Elems) != 3 {
		return interp.Errorf(op, "expected three indexing maps")
	}
	var maps [3]affine.Map
	n := -1
	for i, a := range arr.Elems {
		m, ok := a.(*ir.AffineMapAttr)
		if !ok || (n >= 0 && m.Map.NumDims != n) || len(m.Map.Results) != len(shapes[i]) {
			return interp.Errorf(op, "expected indexing maps of one iteration space, one result per operand dimension")
		}
		n = m.Map.NumDims
		for _, e := range m.Map.Results {
			if !e.IsDim() {
				return interp.Errorf(op, "expected indexing maps of dimensions")
			}
		}
		maps[i] = m.Map
	}
	bounds := make([]int64, n)
	for i := range bounds {
		bounds[i] = -1
	}
	for i, m := range maps {
		for r, e := range m.Results {
			p := e.Position()
			if bounds[p] >= 0 && bounds[p] != shapes[i][r] {
				return interp.Errorf(op, fmt.Sprintf("iteration dimension %d has sizes %d and %d", p, bounds[p], shapes[i][r]))
			}
			bounds[p] = shapes[i][r]
		}
	}
	for p, b := range bounds {
		if b < 0 {
			return interp.Errorf(op, fmt.Sprintf("iteration dimension %d is used by no operand", p))
		}
	}
	accElem := interp.ElementType(vals[2].Type)
	if accElem == nil {
		accElem = vals[2].Type
	}
	kind := c.Kind().String()
	if c.KindAttr() == nil {
		kind = vector.CombiningKindAdd.String()
	}
	combine, err := combiner(op, kind, accElem)
	if err != nil {
		return err
	}
	promL, err := promoter(op, interp.ElementType(vals[0].Type), accElem)
	if err != nil {
		return err
	}
	promR, err := promoter(op, interp.ElementType(vals[1].Type), accElem)
	if err != nil {
		return err
	}
	mul := multiplier(op, accElem)
	out := append([]uint64(nil), accData...)
	strides := [3][]int64{interp.IdentityStrides(lhs.Shape), interp.IdentityStrides(rhs.Shape), interp.IdentityStrides(accShape)}
	pos := func(i int, iv []int64) int64 {
		q := int64(0)
		for r, e := range maps[i].Results {
			q += iv[e.Position()] * strides[i][r]
		}
		return q
	}
	err = eachIndex(bounds, func(iv []int64, _ int64) error {
		p, err := mul(promL(lhs.Data[pos(0, iv)]), promR(rhs.Data[pos(1, iv)]))
		if err != nil {
			return err
		}
		q := pos(2, iv)
		out[q], err = combine(out[q], p)
		return err
	})
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	if _, isVec := rt.(*ir.VectorType); isVec {
		f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: accShape, Data: out}))
	} else {
		f.SetResult(op, 0, interp.FromBits(rt, out[0]))
	}
	return nil
}

// outerproduct is vector.outerproduct: result[i][j] = lhs[i] * rhs[j]
// (result[i] = lhs[i] * rhs for a scalar rhs), combined with the
// accumulator's element by the kind when there is one. A float add is
// fused (one rounding), as upstream lowers it to vector.fma.
func outerproduct(f *interp.Frame, op *ir.Operation) error {
	if err := unmasked(op); err != nil {
		return err
	}
	o, ok := vector.AsOuterproductOp(op)
	if !ok {
		return interp.Errorf(op, "malformed vector.outerproduct")
	}
	lv, err := f.Get(op, o.Lhs())
	if err != nil {
		return err
	}
	rv, err := f.Get(op, o.Rhs())
	if err != nil {
		return err
	}
	vt, err := resultVector(op)
	if err != nil {
		return err
	}
	lhs := lv.Dense()
	rhsData, rhsShape := elements(rv)
	if lhs == nil || len(lhs.Shape) != 1 || len(rhsShape) > 1 {
		return interp.Errorf(op, "expected a 1-D lhs and a 1-D or scalar rhs")
	}
	cols := int64(1)
	if len(rhsShape) == 1 {
		cols = rhsShape[0]
	}
	total := lhs.Shape[0] * cols
	if interp.NumElements(vt.Shape) != total {
		return interp.Errorf(op, "the result's shape does not match the operands")
	}
	var acc []uint64
	if a := o.Acc(); a != nil {
		av, err := f.Get(op, a)
		if err != nil {
			return err
		}
		ad := av.Dense()
		if ad == nil || int64(len(ad.Data)) != total {
			return interp.Errorf(op, "expected an accumulator of the result's shape")
		}
		acc = ad.Data
	}
	elem := vt.Elem
	kind := o.Kind().String()
	if o.KindAttr() == nil {
		kind = vector.CombiningKindAdd.String()
	}
	mul := multiplier(op, elem)
	var combine func(a, b uint64) (uint64, error)
	if acc != nil {
		if combine, err = combiner(op, kind, elem); err != nil {
			return err
		}
	}
	ft, isFloat := elem.(*ir.FloatType)
	fma := mathi.Scalar("math.fma")
	args := make([]interp.Value, 3)
	out := interp.NewElements(total)
	for i := int64(0); i < lhs.Shape[0]; i++ {
		for j := int64(0); j < cols; j++ {
			k := i*cols + j
			a, b := lhs.Data[i], rhsData[j]
			switch {
			case acc != nil && isFloat && kind == "add":
				args[0], args[1], args[2] = interp.FromBits(ft, a), interp.FromBits(ft, b), interp.FromBits(ft, acc[k])
				r, err := fma(op, args, ft)
				if err != nil {
					return err
				}
				out[k] = r.Bits()
			default:
				p, err := mul(a, b)
				if err != nil {
					return err
				}
				if acc != nil {
					if p, err = combine(acc[k], p); err != nil {
						return err
					}
				}
				out[k] = p
			}
		}
	}
	f.SetResult(op, 0, interp.MakeDense(vt, &interp.Dense{Shape: vt.Shape, Data: out}))
	return nil
}
