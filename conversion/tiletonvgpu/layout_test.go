package tiletonvgpu

import "testing"

// coordOf is the coordinate of register r of lane l of warp w.
func coordOf(l *Layout, r, lane, warp int) []int64 {
	c := l.RegCoord(r)
	for b, basis := range l.Lane {
		if lane>>b&1 == 1 {
			for d := range c {
				c[d] ^= basis[d]
			}
		}
	}
	for b, basis := range l.Warp {
		if warp>>b&1 == 1 {
			for d := range c {
				c[d] ^= basis[d]
			}
		}
	}
	return c
}

// TestMMAFragment checks the accumulator layout against the PTX ISA's
// figure for mma.sync m16n8k16: lane l holds (l/4, 2(l%4)) and
// (l/4, 2(l%4)+1) in its first two registers and the same columns of row
// l/4+8 in the next two.
func TestMMAFragment(t *testing.T) {
	l := MMA([]int64{16, 8}, 1, 1)
	if l.NumRegs() != 4 {
		t.Fatalf("%d registers", l.NumRegs())
	}
	for lane := 0; lane < 32; lane++ {
		g, q := int64(lane/4), int64(lane%4)
		want := [][]int64{{g, 2 * q}, {g, 2*q + 1}, {g + 8, 2 * q}, {g + 8, 2*q + 1}}
		for r := 0; r < 4; r++ {
			if c := coordOf(l, r, lane, 0); c[0] != want[r][0] || c[1] != want[r][1] {
				t.Errorf("lane %d register %d: %v, want %v", lane, r, c, want[r])
			}
		}
	}
}

// TestLayoutsCover checks that every layout places each element of its
// tile on some thread, and exactly once where the tile has enough
// elements for every thread.
func TestLayoutsCover(t *testing.T) {
	cases := []struct {
		l     *Layout
		warps int
		once  bool
	}{
		{MMA([]int64{128, 128}, 2, 4), 8, true},
		{MMA([]int64{64, 64}, 2, 2), 4, true},
		{MMA([]int64{16, 32}, 1, 4), 4, true},
		{Blocked([]int64{64, 32}, 16, 4), 4, true},
		{Blocked([]int64{1, 8192}, 32, 16), 16, true},
		{Blocked([]int64{16, 8}, 32, 4), 4, false},
		{Blocked([]int64{32}, 32, 4), 4, false},
	}
	for _, c := range cases {
		seen := map[[2]int64]int{}
		for w := 0; w < c.warps; w++ {
			for lane := 0; lane < 32; lane++ {
				for r := 0; r < c.l.NumRegs(); r++ {
					co := coordOf(c.l, r, lane, w)
					var k [2]int64
					copy(k[:], co)
					for d, x := range co {
						if x < 0 || x >= c.l.Shape[d] {
							t.Fatalf("%s: coordinate %v outside the tile", c.l, co)
						}
					}
					seen[k]++
				}
			}
		}
		n := int64(1)
		for _, d := range c.l.Shape {
			n *= d
		}
		if int64(len(seen)) != n {
			t.Errorf("%s: %d of %d elements placed", c.l, len(seen), n)
		}
		if c.once {
			for k, v := range seen {
				if v != 1 {
					t.Errorf("%s: element %v held %d times", c.l, k, v)
					break
				}
			}
		}
	}
}

// TestSwizzle checks that the swizzle permutes the 16-byte chunks of each
// row and that the eight rows an ldmatrix phase reads (one chunk column)
// fall in eight distinct groups of four banks.
func TestSwizzle(t *testing.T) {
	for _, cols := range []int64{16, 32, 64, 128} {
		s := SwizzleFor(cols, 16)
		for row := int64(0); row < 32; row++ {
			seen := map[int64]bool{}
			for col := int64(0); col < cols; col++ {
				o := s.Offset(row, col)
				if o/cols != row || seen[o] {
					t.Fatalf("cols %d: (%d, %d) -> %d", cols, row, col, o)
				}
				seen[o] = true
			}
		}
		for base := int64(0); base < 32; base += 8 {
			for ch := int64(0); ch < cols/8; ch++ {
				groups := map[int64]bool{}
				for row := base; row < base+8; row++ {
					byteAddr := 2 * s.Offset(row, ch*8)
					groups[byteAddr/16%8] = true
				}
				if len(groups) != 8 {
					t.Errorf("cols %d rows %d..: chunk %d in %d bank groups", cols, base, ch, len(groups))
				}
			}
		}
	}
}

// TestRowLayouts checks that the rows of accumulators of different
// widths on one warp grid compact to one layout (so that the running max
// of attention serves both products), holding each row once per thread:
// rows g and g+8 of the lane's quad, for every 16 rows of the warp.
func TestRowLayouts(t *testing.T) {
	s := reducedLayout(MMA([]int64{128, 32}, 8, 1), 1)
	o := reducedLayout(MMA([]int64{128, 128}, 8, 1), 1)
	if !s.Equal(o) {
		t.Fatalf("%s and %s", s, o)
	}
	if s.NumRegs() != 2 || len(s.RegShape) != 1 || s.RegShape[0] != 2 {
		t.Fatalf("%s: %d registers, shape %v", s, s.NumRegs(), s.RegShape)
	}
	for warp := 0; warp < 8; warp++ {
		for lane := 0; lane < 32; lane++ {
			for r := 0; r < 2; r++ {
				want := int64(warp*16 + lane/4 + 8*r)
				if c := coordOf(s, r, lane, warp); c[0] != want {
					t.Errorf("warp %d lane %d register %d: row %d, want %d", warp, lane, r, c[0], want)
				}
			}
		}
	}
	// Broadcasting back: the sliced accumulator layout compacts to the
	// row layout, with a unit dimension.
	if b := MMA([]int64{128, 32}, 8, 1).Sliced([]int64{128, 1}).Compact(); !b.Equal(s.Expanded(1)) {
		t.Errorf("%s, want %s", b, s.Expanded(1))
	}
}

// TestReshaped checks that adding and dropping unit dimensions keeps
// every element on its register, lane and warp.
func TestReshaped(t *testing.T) {
	l := Blocked([]int64{1, 64, 32}, 16, 4)
	r := l.Reshaped([]int64{64, 32})
	back := r.Reshaped([]int64{1, 64, 32})
	if !back.Equal(l) {
		t.Fatalf("%s, want %s", back, l)
	}
	for reg := 0; reg < l.NumRegs(); reg++ {
		for lane := 0; lane < 32; lane += 7 {
			a, b := coordOf(l, reg, lane, 3), coordOf(r, reg, lane, 3)
			if a[0] != 0 || a[1] != b[0] || a[2] != b[1] {
				t.Errorf("register %d lane %d: %v and %v", reg, lane, a, b)
			}
		}
	}
	if !unitReshape([]int64{1, 64, 32}, []int64{64, 1, 32}) || unitReshape([]int64{2, 32}, []int64{64}) {
		t.Errorf("unitReshape")
	}
}
