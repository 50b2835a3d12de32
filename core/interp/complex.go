package interp

import (
	"github.com/strata-ir/strata/core/ir"
)

// Complex numbers (complex<T> of a supported float type T) exist as
// elements of memrefs, tensors and vectors and as the scalars that move
// them (loads, stores, extracts). A value of complex type keeps its
// element encoding in its bits, which Bits returns unchanged: when both
// parts fit in 64 bits (complex<f32>, complex<f16>, ...) it is the two
// bit patterns packed, the real part in the low half; otherwise
// (complex<f64>) it is a handle of the interned pair of bit patterns, as
// wide integers are stored. Handle 0 is (0, 0), so that zeroed buffers
// read as zero. The distinct wide pairs ever stored stay interned for the
// life of the process.

// complexTable interns the pairs of complex values too wide to pack.
var complexTable = newInternTable([2]uint64{}, [2]uint64{})

// complexPart returns the float type of the parts of t when t is a
// complex type of a supported float type, else nil.
func complexPart(t ir.Type) *ir.FloatType {
	c, ok := t.(*ir.ComplexType)
	if !ok {
		return nil
	}
	ft, ok := c.Elem.(*ir.FloatType)
	if !ok || floatSem(ft) == nil {
		return nil
	}
	return ft
}

// IsComplex reports whether t is complex<T> of a float type T the
// interpreter supports.
func IsComplex(t ir.Type) bool { return complexPart(t) != nil }

// SupportedElementType reports whether memrefs, tensors and vectors may
// hold elements of type t: the SupportedType scalars and complex numbers
// of a supported float type.
func SupportedElementType(t ir.Type) bool {
	return SupportedType(t) || IsComplex(t)
}

// MakeComplexBits returns the value of complex type t whose real and
// imaginary parts have the bit patterns re and im (of t's part type).
func MakeComplexBits(t ir.Type, re, im uint64) Value {
	ft := complexPart(t)
	if ft == nil {
		return Value{Type: t}
	}
	w := ft.Width()
	re, im = re&mask(w), im&mask(w)
	if 2*w <= 64 {
		return Value{Type: t, bits: re | im<<uint(w)}
	}
	return Value{Type: t, bits: complexTable.handle([2]uint64{re, im}, [2]uint64{re, im})}
}

// MakeComplex returns the value of complex type t whose parts are re and
// im, each rounded to t's part type.
func MakeComplex(t ir.Type, re, im float64) Value {
	ft := complexPart(t)
	if ft == nil {
		return Value{Type: t}
	}
	return MakeComplexBits(t, MakeFloat(ft, re).bits, MakeFloat(ft, im).bits)
}

// ComplexBits returns the bit patterns of the real and imaginary parts of
// a complex value (zero for any other value).
func (v Value) ComplexBits() (re, im uint64) {
	ft := complexPart(v.Type)
	if ft == nil {
		return 0, 0
	}
	w := ft.Width()
	if 2*w <= 64 {
		return v.bits & mask(w), v.bits >> uint(w) & mask(w)
	}
	p, _ := complexTable.value(v.bits)
	return p[0], p[1]
}

// Complex returns the real and imaginary parts of a complex value (zero
// for any other value).
func (v Value) Complex() (re, im float64) {
	ft := complexPart(v.Type)
	if ft == nil {
		return 0, 0
	}
	rb, ib := v.ComplexBits()
	return Value{Type: ft, bits: rb}.Float(), Value{Type: ft, bits: ib}.Float()
}

// fromComplexBits is FromBits for a complex type: bits is the element
// encoding; an unknown handle reads as zero.
func fromComplexBits(t ir.Type, ft *ir.FloatType, bits uint64) Value {
	w := ft.Width()
	if 2*w <= 64 {
		return Value{Type: t, bits: bits & mask(2*w)}
	}
	if _, known := complexTable.value(bits); !known {
		bits = 0
	}
	return Value{Type: t, bits: bits}
}
