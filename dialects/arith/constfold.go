package arith

import (
	"math"
	"math/big"

	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/ir"
)

// Constant folding over integer and float attributes: scalars, splats and
// dense elements, as upstream's constFoldBinaryOp, constFoldUnaryOp and
// constFoldCastOp. Integer elements are bit patterns (non-negative big
// integers below 2^width); float elements are bit patterns too, computed
// with core/apfloat's rounding.

// Const is a constant operand seen by a folder: one scalar value or the
// elements of a dense attribute, as bit patterns.
type Const struct {
	// Type is the attribute's type: the scalar type or the shaped type.
	Type ir.Type
	// Elem is the element type (Type itself for a scalar).
	Elem ir.Type
	// Splat is set when Vals holds the single value of every element.
	Splat bool
	// Vals are the bit patterns.
	Vals []*big.Int
}

// Shaped reports whether c is a vector or tensor constant.
func (c *Const) Shaped() bool { _, ok := c.Type.(ir.ShapedType); return ok }

// At returns element i's bit pattern.
func (c *Const) At(i int) *big.Int {
	if c.Splat {
		return c.Vals[0]
	}
	return c.Vals[i]
}

// Len is the number of distinct values held (1 for a scalar or splat).
func (c *Const) Len() int { return len(c.Vals) }

// bitWidth is the storage width of integer, index (64) and float types.
func bitWidth(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IndexType:
		return 64
	case *ir.IntegerType:
		return int(t.Width)
	case *ir.FloatType:
		return t.Width()
	}
	return 0
}

// AsConst reads an integer, index or float attribute or dense elements of
// them; it returns nil for anything else.
func AsConst(a ir.Attribute) *Const {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return &Const{Type: a.Type, Elem: a.Type, Splat: true, Vals: []*big.Int{intBits(a)}}
	case *ir.FloatAttr:
		v := new(big.Int).SetUint64(a.Bits[1])
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(a.Bits[0]))
		return &Const{Type: a.Type, Elem: a.Type, Splat: true, Vals: []*big.Int{v}}
	case *ir.DenseElementsAttr:
		et := a.Type.ElementType()
		w := bitWidth(et)
		if w == 0 {
			return nil
		}
		size := (w + 7) / 8
		if len(a.Data)%size != 0 || len(a.Data) == 0 {
			return nil
		}
		c := &Const{Type: a.Type, Elem: et, Splat: a.Splat}
		for off := 0; off < len(a.Data); off += size {
			b := make([]byte, size)
			for i := 0; i < size; i++ {
				b[size-1-i] = a.Data[off+i]
			}
			v := new(big.Int).SetBytes(b)
			c.Vals = append(c.Vals, truncBits(v, w))
		}
		if a.Splat && len(c.Vals) != 1 {
			return nil
		}
		return c
	}
	return nil
}

func intBits(a *ir.IntegerAttr) *big.Int {
	if a.Big != nil {
		return new(big.Int).Set(a.Big)
	}
	return new(big.Int).SetUint64(a.Lo)
}

// truncBits reduces v modulo 2^w (v may be negative).
func truncBits(v *big.Int, w int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	r := new(big.Int).Mod(v, m)
	return r
}

// signed interprets the w-bit pattern v as a two's complement number.
func signed(v *big.Int, w int) *big.Int {
	if w > 0 && v.Bit(w-1) == 1 {
		return new(big.Int).Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(w)))
	}
	return new(big.Int).Set(v)
}

// MakeConst builds the attribute of type t (a scalar type or a statically
// shaped vector or tensor) from bit patterns: one value for a scalar or a
// splat, one per element otherwise. It returns nil when t cannot hold a
// constant.
func MakeConst(ctx *ir.Context, t ir.Type, vals []*big.Int) ir.Attribute {
	if len(vals) == 0 {
		return nil
	}
	st, shaped := t.(ir.ShapedType)
	if !shaped {
		return scalarAttr(ctx, t, vals[0])
	}
	switch t.(type) {
	case *ir.VectorType, *ir.RankedTensorType:
	default:
		return nil
	}
	dims, _ := st.ShapeDims()
	n := int64(1)
	for _, d := range dims {
		if d == ir.Dynamic {
			return nil
		}
		n *= d
	}
	et := st.ElementType()
	w := bitWidth(et)
	if w == 0 {
		return nil
	}
	splat := true
	for _, v := range vals[1:] {
		if v.Cmp(vals[0]) != 0 {
			splat = false
			break
		}
	}
	if !splat && int64(len(vals)) != n {
		return nil
	}
	if splat {
		vals = vals[:1]
	}
	size := (w + 7) / 8
	data := make([]byte, 0, size*len(vals))
	for _, v := range vals {
		b := v.Bytes()
		for i := 0; i < size; i++ {
			if i < len(b) {
				data = append(data, b[len(b)-1-i])
			} else {
				data = append(data, 0)
			}
		}
	}
	return ctx.DenseElementsAttr(st, splat, data)
}

func scalarAttr(ctx *ir.Context, t ir.Type, v *big.Int) ir.Attribute {
	switch tt := t.(type) {
	case *ir.IntegerType, *ir.IndexType:
		return ctx.IntegerAttrBig(t, v)
	case *ir.FloatType:
		lo := new(big.Int).And(v, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
		hi := new(big.Int).Rsh(v, 64).Uint64()
		return ctx.FloatAttrBits(tt, lo, hi)
	}
	return nil
}

// MapConsts applies f to the elements of constants of one shape and builds
// an attribute of type t; f returns nil to refuse the fold.
func MapConsts(ctx *ir.Context, t ir.Type, f func(vs []*big.Int) *big.Int, cs ...*Const) ir.Attribute {
	shaped := false
	n := 1
	allSplat := true
	for i, c := range cs {
		if c == nil {
			return nil
		}
		if i == 0 {
			shaped = c.Shaped()
		} else if c.Shaped() != shaped {
			return nil
		}
		if !c.Splat {
			allSplat = false
			if n != 1 && n != c.Len() {
				return nil
			}
			n = c.Len()
		}
	}
	if allSplat {
		n = 1
	}
	out := make([]*big.Int, n)
	args := make([]*big.Int, len(cs))
	for i := 0; i < n; i++ {
		for j, c := range cs {
			args[j] = c.At(i)
		}
		r := f(args)
		if r == nil {
			return nil
		}
		out[i] = r
	}
	return MakeConst(ctx, t, out)
}

// SemanticsOf returns the float semantics of an element type, or nil.
func SemanticsOf(t ir.Type) *apfloat.Semantics {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return nil
	}
	return apfloat.ByName(ft.Kind.String())
}

// exactInF64 reports whether arithmetic on sem can be done in float64 and
// rounded once without double-rounding errors (precision at most 25 bits,
// or float64 itself).
func exactInF64(sem *apfloat.Semantics) bool {
	return sem != nil && (sem == apfloat.F64 || sem.Precision() <= 25)
}

func toFloat(sem *apfloat.Semantics, v *big.Int) apfloat.Float {
	lo := new(big.Int).And(v, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
	hi := new(big.Int).Rsh(v, 64).Uint64()
	return apfloat.FromBits(sem, lo, hi)
}

func fromFloat(f apfloat.Float) *big.Int {
	lo, hi := f.Bits()
	v := new(big.Int).SetUint64(hi)
	v.Lsh(v, 64)
	return v.Or(v, new(big.Int).SetUint64(lo))
}

// canonicalNaN is APFloat's default NaN: positive and quiet.
var canonicalNaN = math.Float64frombits(0x7FF8000000000000)

// quiet sets the quiet bit of a float64 NaN.
func quiet(f float64) float64 {
	return math.Float64frombits(math.Float64bits(f) | 1<<51)
}

// roundTo converts a float64 result to sem (nearest-even), the NaN of an
// invalid operation becoming the default NaN.
func roundTo(sem *apfloat.Semantics, r float64, inputs ...float64) *big.Int {
	if math.IsNaN(r) {
		nan := canonicalNaN
		for _, in := range inputs {
			if math.IsNaN(in) {
				nan = quiet(in)
				break
			}
		}
		r = nan
	}
	f, _ := apfloat.FromFloat64(sem, r)
	return fromFloat(f)
}

// FloatBinary folds a float operation computed in float64 over constants
// of a format that float64 computes exactly, or returns nil.
func FloatBinary(ctx *ir.Context, t ir.Type, a, b *Const, f func(x, y float64) float64) ir.Attribute {
	if a == nil || b == nil {
		return nil
	}
	sem := SemanticsOf(a.Elem)
	if !exactInF64(sem) || a.Elem != b.Elem {
		return nil
	}
	return MapConsts(ctx, t, func(vs []*big.Int) *big.Int {
		x, y := toFloat(sem, vs[0]).Float64(), toFloat(sem, vs[1]).Float64()
		return roundTo(sem, f(x, y), x, y)
	}, a, b)
}

// FloatUnary folds a float operation computed in float64 over a constant
// of a format that float64 computes exactly, or returns nil.
func FloatUnary(ctx *ir.Context, t ir.Type, a *Const, f func(x float64) float64) ir.Attribute {
	if a == nil {
		return nil
	}
	sem := SemanticsOf(a.Elem)
	if !exactInF64(sem) {
		return nil
	}
	return MapConsts(ctx, t, func(vs []*big.Int) *big.Int {
		x := toFloat(sem, vs[0]).Float64()
		return roundTo(sem, f(x), x)
	}, a)
}

// IntBinary folds an integer operation on bit patterns of width w; f
// returns nil to refuse.
func IntBinary(ctx *ir.Context, t ir.Type, a, b *Const, f func(x, y *big.Int, w int) *big.Int) ir.Attribute {
	if a == nil || b == nil {
		return nil
	}
	w := bitWidth(a.Elem)
	if w == 0 || a.Elem != b.Elem || SemanticsOf(a.Elem) != nil {
		return nil
	}
	return MapConsts(ctx, t, func(vs []*big.Int) *big.Int {
		r := f(vs[0], vs[1], w)
		if r == nil {
			return nil
		}
		return truncBits(r, w)
	}, a, b)
}

// FloatValue returns the bit pattern v of format sem as a float64 (rounded
// for formats wider than float64).
func FloatValue(sem *apfloat.Semantics, v *big.Int) float64 { return toFloat(sem, v).Float64() }

// BitWidth is the storage width of an integer (index: 64) or float type,
// and 0 for other types.
func BitWidth(t ir.Type) int { return bitWidth(t) }

// MaterializeConstant builds arith.constant for an integer, index or float
// attribute or dense elements of type t, or returns nil; dialects whose
// folders produce such constants (math) use it as their materializer.
func MaterializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	return materializeConstant(b, value, t, loc)
}
