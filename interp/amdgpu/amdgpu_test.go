package amdgpu_test

import (
	"math/rand"
	"testing"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/interp/amdgpu"
)

// TestLayouts checks that the register layouts of the matrix
// instructions give every element of A, B and D to exactly one lane and
// register, and spot-checks them against the CDNA3 ISA's tables (AMD's
// matrix instruction calculator).
func TestLayouts(t *testing.T) {
	for _, s := range [][3]int{{32, 32, 8}, {16, 16, 16}, {32, 32, 16}, {16, 16, 32}, {32, 32, 2}, {16, 16, 4}} {
		l, ok := amdgpu.LayoutFor(s[0], s[1], s[2])
		if !ok {
			t.Fatalf("no layout for %v", s)
		}
		seenA, seenB, seenD := map[[2]int]int{}, map[[2]int]int{}, map[[2]int]int{}
		for lane := 0; lane < 64; lane++ {
			for j := 0; j < l.PerLane(); j++ {
				r, k := l.A(lane, j)
				seenA[[2]int{r, k}]++
				k, c := l.B(lane, j)
				seenB[[2]int{k, c}]++
			}
			for r := 0; r < l.M*l.N/64; r++ {
				row, col := l.D(lane, r)
				seenD[[2]int{row, col}]++
			}
		}
		for _, x := range []struct {
			name string
			seen map[[2]int]int
			rows int
			cols int
		}{{"A", seenA, l.M, l.K}, {"B", seenB, l.K, l.N}, {"D", seenD, l.M, l.N}} {
			if len(x.seen) != x.rows*x.cols {
				t.Errorf("%v %s: %d elements covered, want %d", s, x.name, len(x.seen), x.rows*x.cols)
			}
			for p, n := range x.seen {
				if n != 1 || p[0] < 0 || p[0] >= x.rows || p[1] < 0 || p[1] >= x.cols {
					t.Errorf("%v %s: element %v held %d times", s, x.name, p, n)
				}
			}
		}
	}
	l32, _ := amdgpu.LayoutFor(32, 32, 8)
	l16, _ := amdgpu.LayoutFor(16, 16, 16)
	for _, c := range []struct {
		l                      amdgpu.Layout
		lane, reg, row, column int
	}{
		// v_mfma_f32_32x32x8: lanes 32-63 hold rows 4-7 of each group of
		// eight; registers 4-7 the next group.
		{l32, 0, 0, 0, 0}, {l32, 31, 3, 3, 31}, {l32, 32, 0, 4, 0}, {l32, 33, 4, 12, 1}, {l32, 63, 15, 31, 31},
		// v_mfma_f32_16x16x16: four rows per lane group.
		{l16, 0, 0, 0, 0}, {l16, 16, 0, 4, 0}, {l16, 47, 2, 10, 15}, {l16, 63, 3, 15, 15},
	} {
		if row, col := c.l.D(c.lane, c.reg); row != c.row || col != c.column {
			t.Errorf("%dx%d: lane %d register %d holds (%d, %d), want (%d, %d)", c.l.M, c.l.N, c.lane, c.reg, row, col, c.row, c.column)
		}
	}
	if r, k := l32.A(40, 2); r != 8 || k != 6 {
		t.Errorf("32x32x8: lane 40 element 2 of A is (%d, %d), want (8, 6)", r, k)
	}
	if k, c := l16.B(50, 1); k != 13 || c != 2 {
		t.Errorf("16x16x16: lane 50 element 1 of B is (%d, %d), want (13, 2)", k, c)
	}
}

// TestWaveMFMA computes products of small integers in bf16, f16, the
// fp8 formats of gfx942 and gfx950 and f32 (exact in every type) on the
// register layouts and compares them with the matrix product.
func TestWaveMFMA(t *testing.T) {
	ctx := ir.NewContext()
	f32 := ctx.FloatType(ir.F32)
	rng := rand.New(rand.NewSource(1))
	for _, c := range []struct {
		m, n, k int
		elem    ir.FloatKind
	}{
		{32, 32, 8, ir.BF16}, {16, 16, 16, ir.F16}, {16, 16, 32, ir.F8E4M3FNUZ}, {32, 32, 16, ir.F8E5M2FNUZ},
		{16, 16, 32, ir.F8E4M3FN}, {32, 32, 2, ir.F32}, {32, 32, 16, ir.BF16},
	} {
		et := ctx.FloatType(c.elem)
		l, _ := amdgpu.LayoutFor(c.m, c.n, c.k)
		A := make([][]float64, c.m)
		for i := range A {
			A[i] = make([]float64, c.k)
			for j := range A[i] {
				A[i][j] = float64(rng.Intn(7) - 3)
			}
		}
		B := make([][]float64, c.k)
		for i := range B {
			B[i] = make([]float64, c.n)
			for j := range B[i] {
				B[i][j] = float64(rng.Intn(7) - 3)
			}
		}
		a, b, acc := make([][]uint64, 64), make([][]uint64, 64), make([][]uint64, 64)
		for lane := 0; lane < 64; lane++ {
			for j := 0; j < l.PerLane(); j++ {
				r, k := l.A(lane, j)
				a[lane] = append(a[lane], interp.MakeFloat(et, A[r][k]).Bits())
				k, col := l.B(lane, j)
				b[lane] = append(b[lane], interp.MakeFloat(et, B[k][col]).Bits())
			}
			for r := 0; r < c.m*c.n/64; r++ {
				row, col := l.D(lane, r)
				acc[lane] = append(acc[lane], interp.MakeFloat(f32, float64(row-col)).Bits())
			}
		}
		D, err := amdgpu.WaveMFMA(l, et, et, f32, f32, a, b, acc, [3]bool{})
		if err != nil {
			t.Fatal(err)
		}
		for lane := 0; lane < 64; lane++ {
			for r, bits := range D[lane] {
				row, col := l.D(lane, r)
				want := float64(row - col)
				for k := 0; k < c.k; k++ {
					want += A[row][k] * B[k][col]
				}
				if got := interp.FromBits(f32, bits).Float(); got != want {
					t.Fatalf("%dx%dx%d %v: D[%d][%d] = %v, want %v", c.m, c.n, c.k, et, row, col, got, want)
				}
			}
		}
	}
}
