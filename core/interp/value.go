package interp

import (
	"fmt"
	"math"
	"math/big"

	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// Value is a run-time value: a small tagged type whose tag is its IR type.
//
// Integers (signless, signed or unsigned, of width 1 to 64) are kept as the
// bit pattern of their width, zero-extended into 64 bits; Int and Uint read
// it signed or unsigned. Wider integers carry their bit pattern as a
// *big.Int (see MakeBig and Big). index is a 64-bit integer. Floats are kept as the
// bit pattern of their type: f32 and f64 map to Go's float32 and float64,
// f16, bf16, tf32 and the f8, f6 and f4 formats round through core/apfloat.
// Memrefs, tensors and vectors carry their aggregate (MemRef or Dense) in
// the value. The zero Value has no type.
type Value struct {
	Type ir.Type
	bits uint64
	// obj holds the aggregate of a memref (*MemRef), tensor or vector
	// (*Dense) value; nil for scalars.
	obj any
}

// IntWidth returns the bit width of an integer or index type (index is 64
// bits), or 0 for any other type.
func IntWidth(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		return int(t.Width)
	case *ir.IndexType:
		return 64
	}
	return 0
}

func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return uint64(1)<<uint(w) - 1
}

// MakeInt returns the integer or index value of type t whose bit pattern is
// the low bits of v (wrap-around: bits above the width are dropped).
func MakeInt(t ir.Type, v uint64) Value {
	w := IntWidth(t)
	if w > 64 {
		return Value{Type: t, bits: v, obj: new(big.Int).SetUint64(v)}
	}
	return Value{Type: t, bits: v & mask(w)}
}

// MakeBool returns an i1 value of type t (which should be i1).
func MakeBool(t ir.Type, b bool) Value {
	if b {
		return Value{Type: t, bits: 1}
	}
	return Value{Type: t}
}

// floatSem returns the apfloat semantics of a supported float type.
func floatSem(t *ir.FloatType) *apfloat.Semantics {
	switch t.Kind {
	case ir.F16:
		return apfloat.F16
	case ir.BF16:
		return apfloat.BF16
	case ir.F32:
		return apfloat.F32
	case ir.F64:
		return apfloat.F64
	case ir.F80, ir.F128:
		return nil
	}
	// The 8-, 6- and 4-bit formats and tf32 are subsets of float64.
	return apfloat.ByName(t.Kind.String())
}

// SupportedType reports whether values of t can be represented: integers
// of every width, index, and every float type except f80 and f128.
func SupportedType(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Width >= 1
	case *ir.IndexType:
		return true
	case *ir.FloatType:
		return floatSem(t) != nil
	}
	return false
}

// MakeFloat returns f rounded (to nearest even) to the float type t.
func MakeFloat(t *ir.FloatType, f float64) Value {
	switch t.Kind {
	case ir.F64:
		return Value{Type: t, bits: math.Float64bits(f)}
	case ir.F32:
		return Value{Type: t, bits: uint64(math.Float32bits(float32(f)))}
	case ir.BF16:
		if bits, ok := roundIEEE(f, 8, 8); ok {
			return Value{Type: t, bits: bits}
		}
	case ir.F16:
		if bits, ok := roundIEEE(f, 11, 5); ok {
			return Value{Type: t, bits: bits}
		}
	}
	if sem := floatSem(t); sem != nil {
		v, _ := apfloat.FromFloat64(sem, f)
		lo, _ := v.Bits()
		return Value{Type: t, bits: lo}
	}
	panic("interp: unsupported float type " + t.Kind.String())
}

// FromBits returns the value of type t with the given raw bit pattern
// (truncated to the width of t), the inverse of Bits: for an integer type
// wider than 64 bits, bits is the handle Bits returned, for a complex type
// the element encoding (see MakeComplexBits).
func FromBits(t ir.Type, bits uint64) Value {
	switch t := t.(type) {
	case *ir.FloatType:
		return Value{Type: t, bits: bits & mask(ir.IntOrFloatBitWidth(t))}
	case *ir.IntegerType:
		if t.Width > 64 {
			return fromHandle(t, bits)
		}
		return Value{Type: t, bits: bits & mask(int(t.Width))}
	case *ir.ComplexType:
		if ft := complexPart(t); ft != nil {
			return fromComplexBits(t, ft, bits)
		}
	}
	return MakeInt(t, bits)
}

// Bits returns the raw bit pattern, the form in which memrefs, tensors and
// vectors store their elements. For an integer wider than 64 bits it is a
// handle of the value (see FromBits).
func (v Value) Bits() uint64 {
	if b, ok := v.obj.(*big.Int); ok {
		return wideHandle(b)
	}
	return v.bits
}

// Uint returns an integer value read as unsigned (the low 64 bits of a
// wider integer).
func (v Value) Uint() uint64 { return v.bits }

// Int returns an integer value read as signed (sign-extended from its
// width; the low 64 bits of a wider integer).
func (v Value) Int() int64 {
	w := IntWidth(v.Type)
	if w <= 0 || w >= 64 {
		return int64(v.bits)
	}
	sh := uint(64 - w)
	return int64(v.bits<<sh) >> sh
}

// Bool returns whether the value is non-zero (for i1 conditions).
func (v Value) Bool() bool { return v.bits != 0 }

// IsFloat reports whether the value has a float type.
func (v Value) IsFloat() bool {
	_, ok := v.Type.(*ir.FloatType)
	return ok
}

// Float returns a float value as a float64 (exactly: every supported float
// type is a subset of float64).
func (v Value) Float() float64 {
	ft, ok := v.Type.(*ir.FloatType)
	if !ok {
		return 0
	}
	switch ft.Kind {
	case ir.F64:
		return math.Float64frombits(v.bits)
	case ir.F32:
		return float64(math.Float32frombits(uint32(v.bits)))
	case ir.BF16:
		// bf16 is the high half of an f32.
		if v.bits&0x7f80 != 0x7f80 {
			return float64(math.Float32frombits(uint32(v.bits) << 16))
		}
	case ir.F16:
		if x, ok := halfToFloat64(v.bits); ok {
			return x
		}
	}
	if sem := floatSem(ft); sem != nil {
		return apfloat.FromBits(sem, v.bits, 0).Float64()
	}
	return 0
}

// String renders the value for debugging: "42 : i32", "1.5 : f32".
func (v Value) String() string {
	if v.Type == nil {
		return "<none>"
	}
	switch o := v.obj.(type) {
	case *MemRef:
		return fmt.Sprintf("memref(offset %d, sizes %v, strides %v) : %s", o.Offset, o.Sizes, o.Strides, asm.TypeString(v.Type))
	case *Dense:
		return fmt.Sprintf("dense%v : %s", o.Shape, asm.TypeString(v.Type))
	case *splat:
		return fmt.Sprintf("splat%v : %s", o.shape, asm.TypeString(v.Type))
	}
	if v.IsFloat() {
		return fmt.Sprintf("%v : %s", v.Float(), asm.TypeString(v.Type))
	}
	if IsComplex(v.Type) {
		re, im := v.Complex()
		return fmt.Sprintf("(%v, %v) : %s", re, im, asm.TypeString(v.Type))
	}
	if v.IsPoison() {
		return "poison : " + asm.TypeString(v.Type)
	}
	if t, ok := v.Type.(*ir.IntegerType); ok && t.Signedness == ir.Unsigned {
		return fmt.Sprintf("%d : %s", v.Big(), asm.TypeString(v.Type))
	}
	if IsWide(v.Type) {
		return fmt.Sprintf("%d : %s", v.SignedBig(), asm.TypeString(v.Type))
	}
	return fmt.Sprintf("%d : %s", v.Int(), asm.TypeString(v.Type))
}

// MakeObject returns a value of type t with the bit pattern bits that
// carries obj, a run-time object defined by the semantics of a dialect
// (the llvm dialect's pointers keep their allocation there, its structs
// their fields). Object returns it.
func MakeObject(t ir.Type, bits uint64, obj any) Value {
	return Value{Type: t, bits: bits, obj: obj}
}

// Object returns the object a value carries (see MakeObject, MemRef and
// Dense), or nil.
func (v Value) Object() any { return v.obj }

// roundIEEE rounds f to nearest-even into the binary format with
// precision p (significand bits, the implicit one included) and ebits
// exponent bits, with infinities (f16, bf16), returning its bit pattern;
// ok is false for NaN, which the caller converts through apfloat (payload
// and quiet bit as LLVM sets them).
func roundIEEE(f float64, p, ebits uint) (bits uint64, ok bool) {
	b := math.Float64bits(f)
	sign := b >> 63 << (p - 1 + ebits)
	e64 := int(b >> 52 & 0x7ff)
	m := b & (1<<52 - 1)
	bias := 1<<(ebits-1) - 1
	inf := sign | uint64(1<<ebits-1)<<(p-1)
	switch {
	case e64 == 0x7ff && m != 0:
		return 0, false
	case e64 == 0x7ff:
		return inf, true
	case e64 == 0:
		// A float64 subnormal is far below half the format's smallest
		// subnormal.
		return sign, true
	}
	e := e64 - 1023
	full := m | 1<<52
	// The significand keeps p bits in the normal range, fewer below it
	// (the smallest subnormal is 2^(1-bias-(p-1))).
	shift := uint(53 - p)
	subnormal := false
	if emin := 1 - bias; e < emin {
		shift += uint(emin - e)
		if shift >= 54 {
			return sign, true
		}
		subnormal = true
	}
	q := full >> shift
	rem := full & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rem > half || rem == half && q&1 != 0 {
		q++
	}
	if subnormal {
		// q < 2^(p-1), or 2^(p-1) after rounding up, which is the
		// encoding of the smallest normal.
		return sign | q, true
	}
	if q == 1<<p {
		q >>= 1
		e++
	}
	if e > bias {
		return inf, true
	}
	return sign | uint64(e+bias)<<(p-1) | q&(1<<(p-1)-1), true
}

// halfToFloat64 returns the value of the f16 bit pattern h exactly; ok
// is false for Inf and NaN.
func halfToFloat64(h uint64) (float64, bool) {
	e := h >> 10 & 0x1f
	m := h & 0x3ff
	var x float64
	switch e {
	case 0x1f:
		return 0, false
	case 0:
		x = float64(m) * (1.0 / (1 << 24))
	default:
		x = math.Float64frombits((e-15+1023)<<52 | m<<42)
	}
	if h&0x8000 != 0 {
		x = math.Copysign(x, -1)
	}
	return x, true
}
