package tile

import (
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	tiled "github.com/strata-ir/strata/dialects/tile"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// denseOperand returns operand i of op as a tile.
func denseOperand(f *interp.Frame, op *ir.Operation, i int) (*interp.Dense, ir.Type, error) {
	v, err := f.Operand(op, i)
	if err != nil {
		return nil, nil, err
	}
	d := v.Dense()
	if d == nil {
		return nil, nil, interp.Errorf(op, fmt.Sprintf("operand #%d is not a tile", i))
	}
	return d, interp.ElementType(v.Type), nil
}

// ---- tile.dot ----

// dot computes acc + a×b, k ascending, each step rounded once to the
// accumulator type; leading batch dimensions multiply matrix by matrix.
func dot(f *interp.Frame, op *ir.Operation) error {
	a, at, err := denseOperand(f, op, 0)
	if err != nil {
		return err
	}
	b, bt, err := denseOperand(f, op, 1)
	if err != nil {
		return err
	}
	c, ct, err := denseOperand(f, op, 2)
	if err != nil {
		return err
	}
	r := len(a.Shape)
	if r < 2 || len(b.Shape) != r || len(c.Shape) != r || a.Shape[r-1] != b.Shape[r-2] || c.Shape[r-2] != a.Shape[r-2] || c.Shape[r-1] != b.Shape[r-1] {
		return interp.Errorf(op, "tile.dot: mismatched shapes")
	}
	batches := int64(1)
	for i := 0; i < r-2; i++ {
		if a.Shape[i] != b.Shape[i] || a.Shape[i] != c.Shape[i] {
			return interp.Errorf(op, "tile.dot: mismatched batch dimensions")
		}
		batches *= a.Shape[i]
	}
	M, K, N := a.Shape[r-2], a.Shape[r-1], b.Shape[r-1]
	out := &interp.Dense{Shape: c.Shape, Data: make([]uint64, len(c.Data))}
	if _, ok := ct.(*ir.IntegerType); ok {
		w := interp.IntWidth(ct)
		for q := int64(0); q < batches; q++ {
			ao, bo, co := q*M*K, q*K*N, q*M*N
			for m := int64(0); m < M; m++ {
				for n := int64(0); n < N; n++ {
					acc := interp.FromBits(ct, c.Data[co+m*N+n]).Int()
					for k := int64(0); k < K; k++ {
						acc += interp.FromBits(at, a.Data[ao+m*K+k]).Int() * interp.FromBits(bt, b.Data[bo+k*N+n]).Int()
					}
					out.Data[co+m*N+n] = interp.MakeInt(ct, uint64(acc)).Bits() & widthMask(w)
				}
			}
		}
		f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
		return nil
	}
	cft, ok := ct.(*ir.FloatType)
	if !ok {
		return interp.Errorf(op, "tile.dot: unsupported accumulator type")
	}
	tf32 := false
	if d, ok := tiled.AsDotOp(op); ok {
		if p, has := d.Precision(); has && p == tiled.PrecisionTf32 {
			tf32 = true
		}
	}
	read := func(t ir.Type, bits uint64) float64 {
		x := interp.FromBits(t, bits).Float()
		if tf32 {
			v, _ := apfloat.FromFloat64(apfloat.TF32, x)
			x = v.Float64()
		}
		return x
	}
	av := make([]float64, len(a.Data))
	for i, x := range a.Data {
		av[i] = read(at, x)
	}
	bv := make([]float64, len(b.Data))
	for i, x := range b.Data {
		bv[i] = read(bt, x)
	}
	for q := int64(0); q < batches; q++ {
		ao, bo, co := q*M*K, q*K*N, q*M*N
		for m := int64(0); m < M; m++ {
			for n := int64(0); n < N; n++ {
				acc := interp.FromBits(ct, c.Data[co+m*N+n]).Float()
				for k := int64(0); k < K; k++ {
					acc = FMARound(cft, av[ao+m*K+k], bv[bo+k*N+n], acc)
				}
				out.Data[co+m*N+n] = interp.MakeFloat(cft, acc).Bits()
			}
		}
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}

func widthMask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

// FMARound returns x*y + acc rounded once to t, as a float64. For f64 it
// is a fused multiply-add; for narrower types the product of two inputs
// of at most 24 significant bits is exact in float64, and the sum is
// rounded to odd in float64 before rounding to t, which rounds the exact
// sum once (53 >= 2p + 2 for every p <= 24 and t's precision p).
func FMARound(t *ir.FloatType, x, y, acc float64) float64 {
	if t.Kind == ir.F64 {
		return math.FMA(x, y, acc)
	}
	p := x * y
	s := p + acc
	if bits := math.Float64bits(s); bits&1 == 0 && bits&(0x7ff<<52) != 0x7ff<<52 {
		// TwoSum: e is the exact error of s. An inexact s is not zero
		// and its neighbour toward the exact sum is odd: one step of
		// its magnitude up or down.
		bb := s - acc
		if e := (acc - (s - bb)) + (p - bb); e != 0 {
			if (e > 0) == (s > 0) {
				s = math.Float64frombits(bits + 1)
			} else {
				s = math.Float64frombits(bits - 1)
			}
		}
	}
	if t.Kind == ir.F32 {
		return float64(float32(s))
	}
	return interp.MakeFloat(t, s).Float()
}

// ---- tile.reduce and tile.scan ----

// reduction reads tile.reduce or tile.scan through its typed wrapper: its
// combining kind and dimension attributes (nil when absent) and whether it
// scans in reverse.
func reduction(op *ir.Operation) (kind, dim ir.Attribute, reverse bool) {
	if r, ok := tiled.AsReduceOp(op); ok {
		return r.KindAttr(), r.DimAttr(), false
	}
	if s, ok := tiled.AsScanOp(op); ok {
		return s.KindAttr(), s.DimAttr(), s.Reverse()
	}
	return nil, nil, false
}

// combiner returns the binary function of a reduce or scan whose
// combining kind attribute is kind (nil: its region).
func combiner(f *interp.Frame, op *ir.Operation, kind ir.Attribute, et ir.Type) (func(x, y interp.Value) (interp.Value, error), error) {
	if k, ok := kind.(*ir.IntegerAttr); ok {
		_, isFloat := et.(*ir.FloatType)
		var name string
		switch tiled.CombiningKind(k.Int64()) {
		case tiled.CombiningKindSum:
			name = pick(isFloat, "arith.addf", "arith.addi")
		case tiled.CombiningKindProd:
			name = pick(isFloat, "arith.mulf", "arith.muli")
		case tiled.CombiningKindMax:
			name = pick(isFloat, "arith.maximumf", "arith.maxsi")
		case tiled.CombiningKindMin:
			name = pick(isFloat, "arith.minimumf", "arith.minsi")
		}
		fn := arithi.Scalar(name)
		if fn == nil {
			return nil, interp.Errorf(op, "unknown combining kind")
		}
		return func(x, y interp.Value) (interp.Value, error) { return fn(op, []interp.Value{x, y}, et) }, nil
	}
	r := op.Region(0)
	if r.Empty() {
		return nil, interp.Errorf(op, "no combining kind or region")
	}
	return func(x, y interp.Value) (interp.Value, error) {
		vs, err := f.RunRegion(r, []interp.Value{x, y})
		if err != nil {
			return interp.Value{}, err
		}
		if len(vs) != 1 {
			return interp.Value{}, interp.Errorf(op, "the combining region must yield one value")
		}
		return vs[0], nil
	}, nil
}

func pick(first bool, a, b string) string {
	if first {
		return a
	}
	return b
}

// combine gives tile.reduce and tile.scan.
func combine(f *interp.Frame, op *ir.Operation) error {
	in, et, err := denseOperand(f, op, 0)
	if err != nil {
		return err
	}
	kind, dimAttr, reverse := reduction(op)
	fn, err := combiner(f, op, kind, et)
	if err != nil {
		return err
	}
	dim := int64(-1)
	if d, ok := dimAttr.(*ir.IntegerAttr); ok {
		dim = d.Int64()
	}
	if dim < 0 || dim >= int64(len(in.Shape)) {
		return interp.Errorf(op, "dimension out of range")
	}
	_, scan := tiled.AsScanOp(op)
	// outer × size × inner layout around dim.
	outer, inner := int64(1), int64(1)
	for i, d := range in.Shape {
		if int64(i) < dim {
			outer *= d
		} else if int64(i) > dim {
			inner *= d
		}
	}
	size := in.Shape[dim]
	var out []uint64
	if scan {
		out = make([]uint64, len(in.Data))
	} else {
		out = make([]uint64, outer*inner)
	}
	for o := int64(0); o < outer; o++ {
		for i := int64(0); i < inner; i++ {
			var acc interp.Value
			for s := int64(0); s < size; s++ {
				j := s
				if reverse {
					j = size - 1 - s
				}
				pos := (o*size+j)*inner + i
				x := interp.FromBits(et, in.Data[pos])
				if s == 0 {
					acc = x
				} else if acc, err = fn(acc, x); err != nil {
					return err
				}
				if scan {
					out[pos] = acc.Bits()
				}
			}
			if !scan {
				if size == 0 {
					return interp.Errorf(op, "reduction of an empty dimension")
				}
				out[o*inner+i] = acc.Bits()
			}
		}
	}
	rt := op.Result(0).Type()
	if rs, ok := rt.(*ir.RankedTensorType); ok {
		f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: rs.Shape, Data: out}))
	} else {
		f.SetResult(op, 0, interp.FromBits(rt, out[0]))
	}
	return nil
}

// ---- shape operations ----

func splat(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return interp.Errorf(op, "expected a tile result")
	}
	data := make([]uint64, interp.NumElements(rt.Shape))
	bits := v.Bits()
	for i := range data {
		data[i] = bits
	}
	f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: rt.Shape, Data: data}))
	return nil
}

func iota(f *interp.Frame, op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || len(rt.Shape) != 1 {
		return interp.Errorf(op, "expected a 1-D tile result")
	}
	data := make([]uint64, rt.Shape[0])
	for i := range data {
		data[i] = interp.MakeInt(rt.Elem, uint64(i)).Bits()
	}
	f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: rt.Shape, Data: data}))
	return nil
}

// reshape gives reshape, expand_dims and squeeze: the elements in
// row-major order with the result's shape.
func reshape(f *interp.Frame, op *ir.Operation) error {
	in, _, err := denseOperand(f, op, 0)
	if err != nil {
		return err
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || interp.NumElements(rt.Shape) != int64(len(in.Data)) {
		return interp.Errorf(op, "expected a result of as many elements")
	}
	f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: rt.Shape, Data: in.Data}))
	return nil
}

// gatherPositions builds the result of shape out whose element at
// position p (multi-index) is the input element at src(p).
func gatherPositions(in *interp.Dense, out []int64, src func(idx []int64) int64) []uint64 {
	n := interp.NumElements(out)
	data := make([]uint64, n)
	idx := make([]int64, len(out))
	for pos := int64(0); pos < n; pos++ {
		r := pos
		for d := len(out) - 1; d >= 0; d-- {
			idx[d] = r % out[d]
			r /= out[d]
		}
		data[pos] = in.Data[src(idx)]
	}
	return data
}

// cat concatenates its operands along their first dimension: the first
// operand's elements, then the second's, in row-major order.
func cat(f *interp.Frame, op *ir.Operation) error {
	l, _, err := denseOperand(f, op, 0)
	if err != nil {
		return err
	}
	r, _, err := denseOperand(f, op, 1)
	if err != nil {
		return err
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || int64(len(l.Data)+len(r.Data)) != interp.NumElements(rt.Shape) {
		return interp.Errorf(op, "tile.cat: mismatched shapes")
	}
	data := append(append(make([]uint64, 0, len(l.Data)+len(r.Data)), l.Data...), r.Data...)
	f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: rt.Shape, Data: data}))
	return nil
}

// join interleaves its operands along a new minor dimension:
// result[..., 0] is the first operand, result[..., 1] the second.
func join(f *interp.Frame, op *ir.Operation) error {
	l, _, err := denseOperand(f, op, 0)
	if err != nil {
		return err
	}
	r, _, err := denseOperand(f, op, 1)
	if err != nil {
		return err
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || len(l.Data) != len(r.Data) || int64(2*len(l.Data)) != interp.NumElements(rt.Shape) {
		return interp.Errorf(op, "tile.join: mismatched shapes")
	}
	data := make([]uint64, 2*len(l.Data))
	for i := range l.Data {
		data[2*i], data[2*i+1] = l.Data[i], r.Data[i]
	}
	f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: rt.Shape, Data: data}))
	return nil
}

func broadcast(f *interp.Frame, op *ir.Operation) error {
	in, _, err := denseOperand(f, op, 0)
	if err != nil {
		return err
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || len(rt.Shape) != len(in.Shape) {
		return interp.Errorf(op, "expected a result of the input's rank")
	}
	st := interp.IdentityStrides(in.Shape)
	data := gatherPositions(in, rt.Shape, func(idx []int64) int64 {
		p := int64(0)
		for d, i := range idx {
			if in.Shape[d] != 1 {
				p += i * st[d]
			}
		}
		return p
	})
	f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: rt.Shape, Data: data}))
	return nil
}

func transpose(f *interp.Frame, op *ir.Operation) error {
	in, _, err := denseOperand(f, op, 0)
	if err != nil {
		return err
	}
	t, _ := tiled.AsTransposeOp(op)
	perm := tiled.Permutation(t)
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || len(perm) != len(in.Shape) {
		return interp.Errorf(op, "malformed transpose")
	}
	st := interp.IdentityStrides(in.Shape)
	data := gatherPositions(in, rt.Shape, func(idx []int64) int64 {
		p := int64(0)
		for d, i := range idx {
			p += i * st[perm[d]]
		}
		return p
	})
	f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: rt.Shape, Data: data}))
	return nil
}
