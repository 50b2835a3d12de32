package tiletoamdgpu_test

import (
	"testing"

	"github.com/strata-ir/strata/conversion/tiletoamdgpu"
	"github.com/strata-ir/strata/interp/amdgpu"
)

// TestMFMALayout checks the accumulator layout of the lowering against
// the register layout the interpreter gives the matrix instructions:
// within a fragment, register r of lane l is the element D(l, r); the
// fragments repeat over each wave's part and the waves tile the block.
func TestMFMALayout(t *testing.T) {
	for _, c := range []struct {
		shape  []int64
		wm, wn int64
		frag   int
	}{
		{[]int64{32, 32}, 1, 1, 32}, {[]int64{16, 16}, 1, 1, 16}, {[]int64{64, 64}, 2, 2, 32},
		{[]int64{128, 128}, 2, 4, 32}, {[]int64{32, 64}, 2, 2, 16}, {[]int64{64, 32}, 4, 1, 16},
	} {
		l := tiletoamdgpu.MFMA(c.shape, c.wm, c.wn)
		il, _ := amdgpu.LayoutFor(c.frag, c.frag, 8*32/c.frag)
		fragRegs := c.frag * c.frag / 64
		if int(l.RegShape[1]) != fragRegs {
			t.Fatalf("%v: fragments of %d registers, want %d", c.shape, l.RegShape[1], fragRegs)
		}
		seen := map[[2]int64]int{}
		for w := 0; w < int(c.wm*c.wn); w++ {
			for lane := 0; lane < 64; lane++ {
				for r := 0; r < l.NumRegs(); r++ {
					pos := coord(l.Reg, r, coord(l.Lane, lane, coord(l.Warp, w, []int64{0, 0})))
					seen[[2]int64{pos[0], pos[1]}]++
					if r < fragRegs && w == 0 {
						row, col := il.D(lane, r)
						if pos[0] != int64(row) || pos[1] != int64(col) {
							t.Errorf("%v: lane %d register %d at %v, the instruction's (%d, %d)", c.shape, lane, r, pos, row, col)
						}
					}
				}
			}
		}
		if len(seen) != int(c.shape[0]*c.shape[1]) {
			t.Errorf("%v: %d elements covered", c.shape, len(seen))
		}
		for p, n := range seen {
			if n != 1 {
				t.Errorf("%v: %v held %d times", c.shape, p, n)
			}
		}
	}
}

// coord adds to c the bases of the set bits of x.
func coord(bases [][]int64, x int, c []int64) []int64 {
	out := append([]int64(nil), c...)
	for b, basis := range bases {
		if x>>b&1 == 1 {
			for d := range out {
				out[d] ^= basis[d]
			}
		}
	}
	return out
}
