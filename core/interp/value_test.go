package interp

import (
	"math"
	"math/rand"
	"testing"

	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/ir"
)

// TestHalfFloatsAgreeWithAPFloat checks the native conversions of f16
// and bf16 against core/apfloat: every bit pattern to float64, and
// float64 values around every representable value, at every midpoint,
// in the subnormal range and beyond the largest finite value back to the
// format (rounding to nearest-even).
func TestHalfFloatsAgreeWithAPFloat(t *testing.T) {
	ctx := ir.NewContext()
	for _, c := range []struct {
		kind ir.FloatKind
		sem  *apfloat.Semantics
	}{{ir.F16, apfloat.F16}, {ir.BF16, apfloat.BF16}} {
		ft := ctx.FloatType(c.kind)
		round := func(f float64) {
			t.Helper()
			want, _ := apfloat.FromFloat64(c.sem, f)
			wlo, _ := want.Bits()
			if got := MakeFloat(ft, f).bits; got != wlo {
				t.Fatalf("%v: MakeFloat(%v) = %#x, apfloat %#x", c.kind, f, got, wlo)
			}
		}
		var prev float64
		for h := uint64(0); h < 1<<16; h++ {
			want := apfloat.FromBits(c.sem, h, 0).Float64()
			got := FromBits(ft, h).Float()
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("%v: %#x reads %v, apfloat %v", c.kind, h, got, want)
			}
			if math.IsNaN(got) {
				continue
			}
			round(got)
			round(math.Nextafter(got, math.Inf(1)))
			round(math.Nextafter(got, math.Inf(-1)))
			if h&0x7fff != 0 && h < 0x8000 && !math.IsInf(got, 0) {
				mid := prev + (got-prev)/2
				round(mid)
				round(-mid)
				round(math.Nextafter(mid, 0))
				round(math.Nextafter(mid, math.Inf(1)))
			}
			if h < 0x8000 {
				prev = got
			}
		}
		r := rand.New(rand.NewSource(1))
		for i := 0; i < 50000; i++ {
			round(math.Float64frombits(r.Uint64()))
			round(math.Ldexp(r.Float64(), r.Intn(80)-60))
			round(-math.Ldexp(r.Float64(), r.Intn(300)-150))
		}
		for _, f := range []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 65504, 65520, 65519.99, 3.4e38, 3.39e38, math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64} {
			round(f)
		}
	}
}
