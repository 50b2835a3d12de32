package interp_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/core/interp"
)

// TestLittleEndianElements packs and unpacks elements of every width up
// to 8 bytes, comparing with the bytes written one by one.
func TestLittleEndianElements(t *testing.T) {
	data := []uint64{0x0102030405060708, 0xfffefdfcfbfaf9f8, 0, 0x8000000000000001}
	for eb := 1; eb <= 8; eb++ {
		var want []byte
		for _, x := range data {
			for k := 0; k < eb; k++ {
				want = append(want, byte(x>>(8*k)))
			}
		}
		got := interp.AppendLE([]byte{0xaa}, data, eb)
		if d := cmp.Diff(append([]byte{0xaa}, want...), got); d != "" {
			t.Errorf("AppendLE(%d bytes) (-want +got):\n%s", eb, d)
		}
		back := make([]uint64, len(data))
		interp.DecodeLE(back, want, eb)
		for i, x := range data {
			if eb < 8 {
				x &= 1<<(8*eb) - 1
			}
			if back[i] != x {
				t.Errorf("DecodeLE(%d bytes)[%d] = %#x, want %#x", eb, i, back[i], x)
			}
		}
	}
}
