// Package neuron gives the neuron dialect its semantics in the
// interpreter, so that kernels lowered for Trainium run on the CPU with
// the numbers the NeuronCore computes:
//
//   - A tile is an array of partitions × free elements of its element
//     type; every write rounds to that type (to nearest even). A fresh
//     tile (neuron.alloc) holds NaN (0 for integers) until written: the
//     hardware's SBUF and PSUM hold whatever was there, and a kernel that
//     reads a tile before writing it must not get plausible numbers.
//   - The vector, scalar and GpSimd engines compute in f32: operands are
//     converted to f32, each arithmetic step rounds to f32 (a function of
//     the scalar engine is computed in float64 and rounded once to f32),
//     and the result is converted to the destination's type.
//   - nc_matmul adds stationaryᵀ·moving to its PSUM destination in f32:
//     dst[m][n] = round_f32(dst[m][n] + s[k][m]·mv[k][n]) for k ascending,
//     each product exact and each step rounded once (f32 inputs are
//     used as they are; the hardware's f32 path keeps them).
//   - activation computes f(round_f32(data·scale) + bias) with each step
//     rounded to f32; activation_reduce also sums the results of each
//     partition in f32, in free-index order, into its reduce tile.
//   - tensor_reduce folds each partition's elements in free-index order
//     in f32.
//   - bn_stats writes (count, mean, M2) of the even-indexed and then of
//     the odd-indexed elements of each partition, computed in float64 and
//     rounded to f32; bn_aggr merges (count, mean, M2) triples with
//     Chan's formula and writes (mean, population variance).
//   - slice is a view: a window of its source's columns that reads and
//     writes the source's elements.
//   - dma_copy copies a window of a view whose corner is the indices,
//     only the elements where its mask (base + p*channel + f*step cmp 0)
//     holds when it has one (with accumulate, adds the tile into the view, each element
//     rounded once to the view's type, as nl.atomic_rmw with nl.add);
//     with bounds_check, elements outside the view are skipped (a load
//     leaves the tile's element as it was, a store drops it); without, an
//     element outside is an error located at the operation.
//   - affine_range and sequential_range run their body for each value of
//     the induction variable in ascending order.
package neuron

import (
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/neuron"
)

// Tile is the run-time value of a tile: P partitions of F elements, held
// as float64 values exactly representable in Elem. Element (p, f) is
// Data[Off + p·Stride + f]: a slice shares the Data of its source.
type Tile struct {
	P, F        int64
	Elem        ir.Type
	Data        []float64
	Stride, Off int64
}

// At returns element (p, f).
func (t *Tile) At(p, f int64) float64 { return t.Data[t.Off+p*t.Stride+f] }

// Set writes x rounded to the element type at (p, f).
func (t *Tile) Set(p, f int64, x float64) { t.Data[t.Off+p*t.Stride+f] = Round(t.Elem, x) }

// snapshot returns a copy of t's elements in its own storage, so that an
// instruction whose source and destination overlap reads the source as
// it was.
func (t *Tile) snapshot() *Tile {
	c := &Tile{P: t.P, F: t.F, Elem: t.Elem, Data: make([]float64, t.P*t.F), Stride: t.F}
	for p := int64(0); p < t.P; p++ {
		copy(c.Data[p*t.F:(p+1)*t.F], t.Data[t.Off+p*t.Stride:t.Off+p*t.Stride+t.F])
	}
	return c
}

// Round returns x rounded to the type t: floats to nearest even,
// integers toward zero with saturation (NaN gives 0).
func Round(t ir.Type, x float64) float64 {
	switch tt := t.(type) {
	case *ir.FloatType:
		return interp.MakeFloat(tt, x).Float()
	case *ir.IntegerType:
		if math.IsNaN(x) {
			return 0
		}
		x = math.Trunc(x)
		w := float64(tt.Width)
		lo, hi := -math.Pow(2, w-1), math.Pow(2, w-1)-1
		if tt.Signedness == ir.Unsigned {
			lo, hi = 0, math.Pow(2, w)-1
		}
		return math.Max(lo, math.Min(hi, x))
	}
	return x
}

// f32 rounds x to f32.
func f32(x float64) float64 { return float64(float32(x)) }

// Register adds the semantics of the neuron dialect to reg.
func Register(reg *interp.Registry) {
	reg.Register("neuron.alloc", alloc)
	reg.Register("neuron.slice", sliceView)
	reg.Register("neuron.dma_copy", dmaCopy)
	reg.Register("neuron.memset", memset)
	reg.Register("neuron.iota", iota)
	reg.Register("neuron.nc_matmul", ncMatmul)
	reg.Register("neuron.nc_transpose", ncTranspose)
	reg.Register("neuron.activation", activation)
	reg.Register("neuron.activation_reduce", activation)
	reg.Register("neuron.tensor_tensor", tensorTensor)
	reg.Register("neuron.tensor_scalar", tensorScalar)
	reg.Register("neuron.tensor_reduce", tensorReduce)
	reg.Register("neuron.tensor_copy", tensorCopy)
	reg.Register("neuron.reciprocal", reciprocal)
	reg.Register("neuron.affine_select", affineSelect)
	reg.Register("neuron.bn_stats", bnStats)
	reg.Register("neuron.bn_aggr", bnAggr)
	reg.Register("neuron.affine_range", loop)
	reg.Register("neuron.sequential_range", loop)
	reg.Register("neuron.yield", interp.YieldOperands)
}

func get(f *interp.Frame, op *ir.Operation, v ir.Value) (*Tile, error) {
	x, err := f.Get(op, v)
	if err != nil {
		return nil, err
	}
	t, ok := x.Object().(*Tile)
	if !ok {
		return nil, interp.Errorf(op, "expected a neuron tile")
	}
	return t, nil
}

func alloc(f *interp.Frame, op *ir.Operation) error {
	shape, elem, _, ok := neuron.Info(op.Result(0))
	if !ok || len(shape) != 2 {
		return interp.Errorf(op, "neuron.alloc: malformed tile type")
	}
	t := &Tile{P: shape[0], F: shape[1], Elem: elem, Data: make([]float64, shape[0]*shape[1]), Stride: shape[1]}
	if _, isFloat := elem.(*ir.FloatType); isFloat {
		for i := range t.Data {
			t.Data[i] = math.NaN()
		}
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, t))
	return nil
}

func sliceView(f *interp.Frame, op *ir.Operation) error {
	o := neuron.SliceOp{Operation: op}
	src, err := get(f, op, o.Source())
	if err != nil {
		return err
	}
	shape, _, _, _ := neuron.Info(o.Result())
	off := o.Offset()
	if len(shape) != 2 || shape[0] != src.P || off < 0 || off+shape[1] > src.F {
		return interp.Errorf(op, "neuron.slice: the window is outside the tile")
	}
	t := &Tile{P: src.P, F: shape[1], Elem: src.Elem, Data: src.Data, Stride: src.Stride, Off: src.Off + off}
	f.SetResult(op, 0, interp.MakeObject(o.Result().Type(), 0, t))
	return nil
}

func dmaCopy(f *interp.Frame, op *ir.Operation) error {
	d, _ := neuron.AsDmaCopyOp(op)
	load := true
	tv, vv := d.Dst(), d.Src()
	if _, ok := neuron.AsTileType(vv.Type()); ok {
		load = false
		tv, vv = vv, tv
	}
	t, err := get(f, op, tv)
	if err != nil {
		return err
	}
	x, err := f.Get(op, vv)
	if err != nil {
		return err
	}
	m := x.MemRef()
	if m == nil {
		return interp.Errorf(op, "neuron.dma_copy: expected a view")
	}
	idx, err := f.Ints(op, d.Indices())
	if err != nil {
		return err
	}
	masked := d.MaskBase() != nil
	var mb int64
	if masked {
		b, err := f.Ints(op, []ir.Value{d.MaskBase()})
		if err != nil {
			return err
		}
		mb = b[0]
	}
	cmp, _ := d.MaskCmp()
	cp, _ := d.MaskChannelMultiplier()
	cf, _ := d.MaskStep()
	coord := make([]int64, len(idx))
	for p := int64(0); p < t.P; p++ {
		for q := int64(0); q < t.F; q++ {
			if masked && !holds(cmp, mb+p*cp+q*cf) {
				continue
			}
			if n := len(idx); n == 1 {
				coord[0] = idx[0] + p*t.F + q
			} else {
				// The window of the last two dimensions at the leading
				// indices.
				copy(coord, idx[:n-2])
				coord[n-2], coord[n-1] = idx[n-2]+p, idx[n-1]+q
			}
			inside := true
			for i, c := range coord {
				if c < 0 || c >= m.Sizes[i] {
					inside = false
				}
			}
			if !inside {
				if d.BoundsCheck() {
					continue
				}
				return interp.Errorf(op, fmt.Sprintf("element %v of the window is outside the view of shape %v", coord, m.Sizes))
			}
			pos, err := m.Index(coord)
			if err != nil {
				return interp.Errorf(op, err.Error())
			}
			if load {
				t.Data[t.Off+p*t.Stride+q] = interp.FromBits(m.Buf.Elem, m.Buf.Data[pos]).Float()
			} else {
				v := t.At(p, q)
				ft, ok := m.Buf.Elem.(*ir.FloatType)
				if !ok {
					if d.Accumulate() {
						v += float64(interp.FromBits(m.Buf.Elem, m.Buf.Data[pos]).Int())
					}
					m.Buf.Data[pos] = interp.MakeInt(m.Buf.Elem, uint64(int64(v))).Bits()
				} else {
					if d.Accumulate() {
						// One rounding of the sum to the element type
						// (exact in float64 for two f32 values, then
						// rounded once: a correctly rounded addf).
						v += interp.FromBits(ft, m.Buf.Data[pos]).Float()
					}
					m.Buf.Data[pos] = interp.MakeFloat(ft, v).Bits()
				}
			}
		}
	}
	return nil
}

// holds reports whether e (cmp) 0.
func holds(cmp neuron.CmpOp, e int64) bool {
	switch cmp {
	case neuron.CmpOpGt:
		return e > 0
	case neuron.CmpOpEq:
		return e == 0
	}
	return e >= 0
}

func memset(f *interp.Frame, op *ir.Operation) error {
	o := neuron.MemsetOp{Operation: op}
	t, err := get(f, op, o.Dst())
	if err != nil {
		return err
	}
	for p := int64(0); p < t.P; p++ {
		for q := int64(0); q < t.F; q++ {
			t.Set(p, q, o.Value())
		}
	}
	return nil
}

func iota(f *interp.Frame, op *ir.Operation) error {
	o := neuron.IotaOp{Operation: op}
	t, err := get(f, op, o.Dst())
	if err != nil {
		return err
	}
	base, err := f.Ints(op, []ir.Value{o.Base()})
	if err != nil {
		return err
	}
	cm, st := o.ChannelMultiplier(), o.Step()
	for p := int64(0); p < t.P; p++ {
		for q := int64(0); q < t.F; q++ {
			t.Set(p, q, float64(base[0]+p*cm+q*st))
		}
	}
	return nil
}

// fmaF32 returns x*y + acc rounded once to f32: the product of two values
// of at most 24 significant bits is exact in float64, and the sum is
// rounded to odd in float64 before rounding to f32, which rounds the
// exact sum once.
func fmaF32(x, y, acc float64) float64 {
	p := x * y
	s := p + acc
	if bits := math.Float64bits(s); bits&1 == 0 && bits&(0x7ff<<52) != 0x7ff<<52 {
		// s rounded to odd: an inexact s is not zero and its neighbour
		// toward the exact sum (one step of its magnitude) is odd.
		bb := s - acc
		if e := (acc - (s - bb)) + (p - bb); e != 0 {
			if (e > 0) == (s > 0) {
				s = math.Float64frombits(bits + 1)
			} else {
				s = math.Float64frombits(bits - 1)
			}
		}
	}
	return f32(s)
}

func ncMatmul(f *interp.Frame, op *ir.Operation) error {
	o := neuron.NcMatmulOp{Operation: op}
	d, err := get(f, op, o.Dst())
	if err != nil {
		return err
	}
	s, err := get(f, op, o.Stationary())
	if err != nil {
		return err
	}
	mv, err := get(f, op, o.Moving())
	if err != nil {
		return err
	}
	if s.P != mv.P || d.P != s.F || d.F != mv.F {
		return interp.Errorf(op, "neuron.nc_matmul: mismatched shapes")
	}
	for m := int64(0); m < s.F; m++ {
		for n := int64(0); n < mv.F; n++ {
			acc := d.At(m, n)
			for k := int64(0); k < s.P; k++ {
				acc = fmaF32(s.At(k, m), mv.At(k, n), acc)
			}
			d.Set(m, n, acc)
		}
	}
	return nil
}

func ncTranspose(f *interp.Frame, op *ir.Operation) error {
	o := neuron.NcTransposeOp{Operation: op}
	d, err := get(f, op, o.Dst())
	if err != nil {
		return err
	}
	s, err := get(f, op, o.Src())
	if err != nil {
		return err
	}
	if d.P != s.F || d.F != s.P {
		return interp.Errorf(op, "neuron.nc_transpose: mismatched shapes")
	}
	s = s.snapshot()
	for p := int64(0); p < s.P; p++ {
		for q := int64(0); q < s.F; q++ {
			d.Set(q, p, s.At(p, q))
		}
	}
	return nil
}

// ActFunc returns the scalar engine's function f as computed on an f32
// argument (in float64, rounded once to f32 by the caller).
func ActFunc(fn neuron.ActFunc) func(float64) float64 {
	switch fn {
	case neuron.ActFuncExp:
		return math.Exp
	case neuron.ActFuncTanh:
		return math.Tanh
	case neuron.ActFuncRelu:
		return func(x float64) float64 {
			if x > 0 || math.IsNaN(x) {
				return x
			}
			return 0
		}
	case neuron.ActFuncSigmoid:
		return func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	case neuron.ActFuncRsqrt:
		return func(x float64) float64 { return 1 / f32(math.Sqrt(x)) }
	case neuron.ActFuncSqrt:
		return math.Sqrt
	case neuron.ActFuncSquare:
		return func(x float64) float64 { return x * x }
	case neuron.ActFuncLog:
		return math.Log
	case neuron.ActFuncSilu:
		return func(x float64) float64 { return x / (1 + math.Exp(-x)) }
	case neuron.ActFuncSin:
		return math.Sin
	case neuron.ActFuncCos:
		return math.Cos
	}
	return func(x float64) float64 { return x }
}

func activation(f *interp.Frame, op *ir.Operation) error {
	var dstV, dataV, biasV, redV ir.Value
	var scaleAttr ir.Attribute
	var fn neuron.ActFunc
	if a, ok := neuron.AsActivationOp(op); ok {
		dstV, dataV, biasV, fn, scaleAttr = a.Dst(), a.Data(), a.Bias(), a.Func(), a.ScaleAttr()
	} else if a, ok := neuron.AsActivationReduceOp(op); ok {
		dstV, dataV, biasV, redV, fn, scaleAttr = a.Dst(), a.Data(), a.Bias(), a.Reduce(), a.Func(), a.ScaleAttr()
	}
	d, err := get(f, op, dstV)
	if err != nil {
		return err
	}
	x, err := get(f, op, dataV)
	if err != nil {
		return err
	}
	var bias, red *Tile
	if biasV != nil {
		if bias, err = get(f, op, biasV); err != nil {
			return err
		}
	}
	if redV != nil {
		if red, err = get(f, op, redV); err != nil {
			return err
		}
	}
	scale := 1.0
	if a, ok := scaleAttr.(*ir.FloatAttr); ok {
		scale = interp.FromBits(a.Type, a.Bits[0]).Float()
	}
	scale = f32(scale)
	g := ActFunc(fn)
	for p := int64(0); p < x.P; p++ {
		b := 0.0
		if bias != nil {
			b = f32(bias.At(p, 0))
		}
		sum := 0.0
		for q := int64(0); q < x.F; q++ {
			v := f32(f32(x.At(p, q)*scale) + b)
			r := f32(g(v))
			d.Set(p, q, r)
			if q == 0 {
				sum = r
			} else {
				sum = f32(sum + r)
			}
		}
		if red != nil {
			red.Set(p, 0, sum)
		}
	}
	return nil
}

// Alu returns the vector engine's arithmetic operation on f32 values,
// rounded to f32.
func Alu(op neuron.AluOp) func(a, b float64) float64 {
	switch op {
	case neuron.AluOpAdd:
		return func(a, b float64) float64 { return f32(a + b) }
	case neuron.AluOpSubtract:
		return func(a, b float64) float64 { return f32(a - b) }
	case neuron.AluOpMultiply:
		return func(a, b float64) float64 { return f32(a * b) }
	case neuron.AluOpDivide:
		return func(a, b float64) float64 { return f32(a / b) }
	case neuron.AluOpMaximum:
		return func(a, b float64) float64 {
			if math.IsNaN(a) || math.IsNaN(b) {
				return math.NaN()
			}
			return math.Max(a, b)
		}
	case neuron.AluOpMinimum:
		return func(a, b float64) float64 {
			if math.IsNaN(a) || math.IsNaN(b) {
				return math.NaN()
			}
			return math.Min(a, b)
		}
	case neuron.AluOpMod:
		// nki.language.mod: Python's x % y, the sign of the divisor.
		return func(a, b float64) float64 {
			r := math.Mod(a, b)
			if r != 0 && (r < 0) != (b < 0) {
				r += b
			}
			return f32(r)
		}
	}
	return nil
}

func tensorTensor(f *interp.Frame, op *ir.Operation) error {
	tt, _ := neuron.AsTensorTensorOp(op)
	d, err := get(f, op, tt.Dst())
	if err != nil {
		return err
	}
	a, err := get(f, op, tt.Data1())
	if err != nil {
		return err
	}
	b, err := get(f, op, tt.Data2())
	if err != nil {
		return err
	}
	fn := Alu(tt.Op())
	if a.P != d.P || a.F != d.F || b.P != d.P || b.F != d.F {
		return interp.Errorf(op, "neuron.tensor_tensor: mismatched shapes")
	}
	a, b = a.snapshot(), b.snapshot()
	for p := int64(0); p < d.P; p++ {
		for q := int64(0); q < d.F; q++ {
			d.Set(p, q, fn(f32(a.At(p, q)), f32(b.At(p, q))))
		}
	}
	return nil
}

func tensorScalar(f *interp.Frame, op *ir.Operation) error {
	ts, _ := neuron.AsTensorScalarOp(op)
	d, err := get(f, op, ts.Dst())
	if err != nil {
		return err
	}
	x, err := get(f, op, ts.Data())
	if err != nil {
		return err
	}
	var s *Tile
	immF, _ := ts.Imm()
	imm := f32(immF)
	if sc := ts.Scalar(); sc != nil {
		if _, isFloat := sc.Type().(*ir.FloatType); isFloat {
			// A run-time f32 (a kernel argument).
			v, err := f.Get(op, sc)
			if err != nil {
				return err
			}
			imm = f32(v.Float())
		} else if s, err = get(f, op, sc); err != nil {
			return err
		}
	}
	fn := Alu(ts.Op())
	for p := int64(0); p < x.P; p++ {
		c := imm
		if s != nil {
			c = f32(s.At(p, 0))
		}
		for q := int64(0); q < x.F; q++ {
			a, b := f32(x.At(p, q)), c
			if ts.Reverse() {
				a, b = b, a
			}
			d.Set(p, q, fn(a, b))
		}
	}
	return nil
}

func tensorReduce(f *interp.Frame, op *ir.Operation) error {
	tr, _ := neuron.AsTensorReduceOp(op)
	d, err := get(f, op, tr.Dst())
	if err != nil {
		return err
	}
	x, err := get(f, op, tr.Data())
	if err != nil {
		return err
	}
	fn := Alu(tr.Op())
	for p := int64(0); p < x.P; p++ {
		acc := f32(x.At(p, 0))
		for q := int64(1); q < x.F; q++ {
			acc = fn(acc, f32(x.At(p, q)))
		}
		d.Set(p, 0, acc)
	}
	return nil
}

func tensorCopy(f *interp.Frame, op *ir.Operation) error {
	o := neuron.TensorCopyOp{Operation: op}
	d, err := get(f, op, o.Dst())
	if err != nil {
		return err
	}
	s, err := get(f, op, o.Src())
	if err != nil {
		return err
	}
	if s.P != d.P || s.F != d.F {
		return interp.Errorf(op, "neuron.tensor_copy: mismatched shapes")
	}
	s = s.snapshot()
	for p := int64(0); p < d.P; p++ {
		for q := int64(0); q < d.F; q++ {
			d.Set(p, q, f32(s.At(p, q)))
		}
	}
	return nil
}

func reciprocal(f *interp.Frame, op *ir.Operation) error {
	o := neuron.ReciprocalOp{Operation: op}
	d, err := get(f, op, o.Dst())
	if err != nil {
		return err
	}
	s, err := get(f, op, o.Data())
	if err != nil {
		return err
	}
	if s.P != d.P || s.F != d.F {
		return interp.Errorf(op, "neuron.reciprocal: mismatched shapes")
	}
	s = s.snapshot()
	for p := int64(0); p < d.P; p++ {
		for q := int64(0); q < d.F; q++ {
			d.Set(p, q, f32(1/f32(s.At(p, q))))
		}
	}
	return nil
}

func affineSelect(f *interp.Frame, op *ir.Operation) error {
	as, _ := neuron.AsAffineSelectOp(op)
	d, err := get(f, op, as.Dst())
	if err != nil {
		return err
	}
	x, err := get(f, op, as.Data())
	if err != nil {
		return err
	}
	base, err := f.Ints(op, []ir.Value{as.Base()})
	if err != nil {
		return err
	}
	cm, st := as.ChannelMultiplier(), as.Step()
	fill := as.Value()
	for p := int64(0); p < x.P; p++ {
		for q := int64(0); q < x.F; q++ {
			e := base[0] + p*cm + q*st
			keep := e >= 0
			switch as.Cmp() {
			case neuron.CmpOpGt:
				keep = e > 0
			case neuron.CmpOpEq:
				keep = e == 0
			}
			if keep {
				d.Set(p, q, x.At(p, q))
			} else {
				d.Set(p, q, fill)
			}
		}
	}
	return nil
}

// bnStats writes, per partition, the count, mean and M2 (the sum of the
// squared deviations from the mean, variance·count) of the even-indexed
// elements and then of the odd-indexed ones, as nki.isa.bn_stats
// documents its six results; each statistic is computed in float64 from
// the f32 values and rounded once to f32.
func bnStats(f *interp.Frame, op *ir.Operation) error {
	o := neuron.BnStatsOp{Operation: op}
	d, err := get(f, op, o.Dst())
	if err != nil {
		return err
	}
	x, err := get(f, op, o.Data())
	if err != nil {
		return err
	}
	x = x.snapshot()
	for p := int64(0); p < x.P; p++ {
		for half := int64(0); half < 2; half++ {
			n, mean, m2 := 0.0, 0.0, 0.0
			for q := half; q < x.F; q += 2 {
				mean += f32(x.At(p, q))
				n++
			}
			if n > 0 {
				mean /= n
			}
			for q := half; q < x.F; q += 2 {
				dv := f32(x.At(p, q)) - mean
				m2 += dv * dv
			}
			d.Set(p, 3*half, n)
			d.Set(p, 3*half+1, mean)
			d.Set(p, 3*half+2, m2)
		}
	}
	return nil
}

// bnAggr merges the (count, mean, M2) triples of each partition with
// Chan's formula, in float64 from the f32 statistics, and writes the mean
// and the population variance (M2 / count) rounded to f32.
func bnAggr(f *interp.Frame, op *ir.Operation) error {
	o := neuron.BnAggrOp{Operation: op}
	d, err := get(f, op, o.Dst())
	if err != nil {
		return err
	}
	x, err := get(f, op, o.Data())
	if err != nil {
		return err
	}
	x = x.snapshot()
	for p := int64(0); p < x.P; p++ {
		var n, mean, m2 float64
		for c := int64(0); c+3 <= x.F; c += 3 {
			nb, mb, m2b := x.At(p, c), x.At(p, c+1), x.At(p, c+2)
			if nb == 0 {
				continue
			}
			delta := mb - mean
			tot := n + nb
			mean += delta * nb / tot
			m2 += m2b + delta*delta*n*nb/tot
			n = tot
		}
		v := math.NaN()
		if n > 0 {
			v = m2 / n
		}
		d.Set(p, 0, mean)
		d.Set(p, 1, v)
	}
	return nil
}

func loop(f *interp.Frame, op *ir.Operation) error {
	b, err := f.Ints(op, op.Operands()[:3])
	if err != nil {
		return err
	}
	if b[2] <= 0 {
		return interp.Errorf(op, fmt.Sprintf("the step must be positive, but is %d", b[2]))
	}
	idx := op.Context().IndexType()
	for i := b[0]; i < b[1]; i += b[2] {
		if _, err := f.RunRegion(op.Region(0), []interp.Value{interp.MakeInt(idx, uint64(i))}); err != nil {
			return err
		}
		if f.Returned() {
			return nil
		}
	}
	return nil
}
