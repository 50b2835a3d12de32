package nvvm

import (
	"math"
	"testing"

	"github.com/strata-ir/strata/core/ir"
)

// TestWgmmaFloat8 checks how wgmma reads its 8-bit float multiplicands,
// per the OCP FP8 formats: e4m3 (bias 7, no infinities, S.1111.111 NaN,
// largest 448, subnormals down to 2^-9) and e5m2 (bias 15, IEEE-like).
func TestWgmmaFloat8(t *testing.T) {
	ctx := ir.NewContext()
	cases := []struct {
		typ  string
		bits byte
		want float64
	}{
		{"e4m3", 0x00, 0}, {"e4m3", 0x38, 1}, {"e4m3", 0xb8, -1}, {"e4m3", 0x7e, 448}, {"e4m3", 0xfe, -448},
		{"e4m3", 0x78, 256}, {"e4m3", 0x7f, math.NaN()}, {"e4m3", 0xff, math.NaN()},
		{"e4m3", 0x08, math.Ldexp(1, -6)}, {"e4m3", 0x07, 7 * math.Ldexp(1, -9)}, {"e4m3", 0x01, math.Ldexp(1, -9)},
		{"e4m3", 0x3c, 1.5}, {"e4m3", 0x3d, 1.625},
		{"e5m2", 0x3c, 1}, {"e5m2", 0x7b, 57344}, {"e5m2", 0x7c, math.Inf(1)}, {"e5m2", 0xfc, math.Inf(-1)},
		{"e5m2", 0x7d, math.NaN()}, {"e5m2", 0x01, math.Ldexp(1, -16)},
	}
	for _, c := range cases {
		es, read, ok := wgmmaElement(ctx, c.typ)
		if !ok || es != 1 {
			t.Fatalf("%s: %d bytes, %v", c.typ, es, ok)
		}
		got := read([]byte{c.bits})
		if got != c.want && !(math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("%s %#02x: %v, want %v", c.typ, c.bits, got, c.want)
		}
	}
}
