package interp

import (
	"math"
	"testing"

	"github.com/strata-ir/strata/core/ir"
)

// TestComplexRoundTrip checks that complex values survive the element
// encoding (packed for complex<f32>, interned for complex<f64>).
func TestComplexRoundTrip(t *testing.T) {
	ctx := ir.NewContext()
	for _, k := range []ir.FloatKind{ir.F16, ir.F32, ir.F64} {
		ct := ctx.ComplexType(ctx.FloatType(k))
		for _, p := range [][2]float64{{0, 0}, {10, 5}, {-1.5, 0.25}, {math.Inf(1), -2}} {
			v := MakeComplex(ct, p[0], p[1])
			re, im := FromBits(ct, v.Bits()).Complex()
			if re != p[0] || im != p[1] {
				t.Errorf("%v: (%v, %v) read back as (%v, %v)", k, p[0], p[1], re, im)
			}
		}
		if re, im := FromBits(ct, 0).Complex(); re != 0 || im != 0 {
			t.Errorf("%v: zero element reads as (%v, %v)", k, re, im)
		}
	}
	c64 := ctx.ComplexType(ctx.FloatType(ir.F64))
	if re, im := FromBits(c64, 1<<60).Complex(); re != 0 || im != 0 {
		t.Errorf("unknown handle reads as (%v, %v)", re, im)
	}
	if IsComplex(ctx.ComplexType(ctx.I(32))) || !SupportedElementType(c64) || SupportedType(c64) {
		t.Error("complex<i32> is not supported; complex<f64> is an element type, not a scalar")
	}
}
