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

// TestBlockLayouts checks the layouts of the instructions of several
// blocks (and of the f64 accumulators) the same way: every element of
// every block's A, B and D held once, and spot checks against the CDNA3
// ISA's tables (AMD's matrix instruction calculator).
func TestBlockLayouts(t *testing.T) {
	for _, s := range []struct {
		m, n, k, blocks int
		acc64           bool
	}{
		{32, 32, 1, 2, false}, {16, 16, 1, 4, false}, {4, 4, 1, 16, false}, {32, 32, 4, 2, false}, {16, 16, 4, 4, false},
		{4, 4, 4, 16, false}, {32, 32, 2, 2, false}, {4, 4, 2, 16, false}, {16, 16, 4, 1, true}, {4, 4, 4, 4, true},
	} {
		l, ok := amdgpu.LayoutBlocks(s.m, s.n, s.k, s.blocks)
		if !ok {
			t.Fatalf("no layout for %+v", s)
		}
		l.Acc64 = s.acc64
		seenA, seenB, seenD := map[[3]int]int{}, map[[3]int]int{}, map[[3]int]int{}
		for lane := 0; lane < 64; lane++ {
			for j := 0; j < l.PerLane(); j++ {
				r, k := l.A(lane, j)
				seenA[[3]int{l.InputBlock(lane), r, k}]++
				k, c := l.B(lane, j)
				seenB[[3]int{l.InputBlock(lane), k, c}]++
			}
			for r := 0; r < l.Regs(); r++ {
				row, col := l.D(lane, r)
				seenD[[3]int{l.DBlock(lane, r), row, col}]++
			}
		}
		for _, x := range []struct {
			name       string
			seen       map[[3]int]int
			rows, cols int
		}{{"A", seenA, l.M, l.K}, {"B", seenB, l.K, l.N}, {"D", seenD, l.M, l.N}} {
			if len(x.seen) != s.blocks*x.rows*x.cols {
				t.Errorf("%+v %s: %d elements covered, want %d", s, x.name, len(x.seen), s.blocks*x.rows*x.cols)
			}
			for p, n := range x.seen {
				if n != 1 || p[0] >= s.blocks || p[1] >= x.rows || p[2] >= x.cols {
					t.Errorf("%+v %s: element %v held %d times", s, x.name, p, n)
				}
			}
		}
	}
	lay := func(m, n, k, b int, acc64 bool) amdgpu.Layout {
		l, _ := amdgpu.LayoutBlocks(m, n, k, b)
		l.Acc64 = acc64
		return l
	}
	for _, c := range []struct {
		name            string
		l               amdgpu.Layout
		mat             byte
		lane, i         int
		block, row, col int
	}{
		{"v_mfma_f32_16x16x4_4b_f16", lay(16, 16, 4, 4, false), 'D', 20, 6, 1, 6, 4},
		{"v_mfma_f32_16x16x4_4b_f16", lay(16, 16, 4, 4, false), 'A', 37, 3, 2, 5, 3},
		{"v_mfma_f32_4x4x4_16b_f16", lay(4, 4, 4, 16, false), 'A', 5, 2, 1, 1, 2},
		{"v_mfma_f32_4x4x4_16b_f16", lay(4, 4, 4, 16, false), 'B', 62, 1, 15, 1, 2},
		{"v_mfma_f32_32x32x1_2b_f32", lay(32, 32, 1, 2, false), 'D', 63, 29, 1, 29, 31},
		{"v_mfma_f32_32x32x1_2b_f32", lay(32, 32, 1, 2, false), 'D', 40, 20, 1, 12, 8},
		{"v_mfma_f32_4x4x1_16b_f32", lay(4, 4, 1, 16, false), 'D', 22, 3, 5, 3, 2},
		{"v_mfma_f64_16x16x4_f64", lay(16, 16, 4, 1, true), 'D', 16, 1, 0, 5, 0},
		{"v_mfma_f64_4x4x4_4b_f64", lay(4, 4, 4, 4, true), 'D', 20, 0, 1, 1, 0},
		{"v_mfma_f64_4x4x4_4b_f64", lay(4, 4, 4, 4, true), 'D', 63, 0, 3, 3, 3},
	} {
		var block, row, col int
		switch c.mat {
		case 'A':
			block = c.l.InputBlock(c.lane)
			row, col = c.l.A(c.lane, c.i)
		case 'B':
			block = c.l.InputBlock(c.lane)
			row, col = c.l.B(c.lane, c.i)
		default:
			block = c.l.DBlock(c.lane, c.i)
			row, col = c.l.D(c.lane, c.i)
		}
		if block != c.block || row != c.row || col != c.col {
			t.Errorf("%s %c: lane %d element %d is (block %d, %d, %d), want (%d, %d, %d)", c.name, c.mat, c.lane, c.i, block, row, col, c.block, c.row, c.col)
		}
	}
}

// TestWaveMFMABlocks multiplies the 16 blocks of a 4x4x4 f16 instruction
// and the 2 of a 32x32x1 f32 one with WaveMFMA and compares each block
// with its product.
func TestWaveMFMABlocks(t *testing.T) {
	ctx := ir.NewContext()
	f16, f32 := ctx.FloatType(ir.F16), ctx.FloatType(ir.F32)
	rng := rand.New(rand.NewSource(3))
	for _, c := range []struct {
		m, k, blocks int
		in           ir.Type
	}{{4, 4, 16, f16}, {32, 1, 2, f32}, {16, 4, 4, f16}} {
		l, _ := amdgpu.LayoutBlocks(c.m, c.m, c.k, c.blocks)
		M, K := c.m, c.k
		A := make([]float64, c.blocks*M*K)
		B := make([]float64, c.blocks*K*M)
		for i := range A {
			A[i] = float64(rng.Intn(9) - 4)
		}
		for i := range B {
			B[i] = float64(rng.Intn(9) - 4)
		}
		a, b, acc := make([][]uint64, 64), make([][]uint64, 64), make([][]uint64, 64)
		for lane := 0; lane < 64; lane++ {
			blk := l.InputBlock(lane)
			for j := 0; j < l.PerLane(); j++ {
				r, k := l.A(lane, j)
				a[lane] = append(a[lane], interp.MakeFloat(c.in.(*ir.FloatType), A[blk*M*K+r*K+k]).Bits())
				k, col := l.B(lane, j)
				b[lane] = append(b[lane], interp.MakeFloat(c.in.(*ir.FloatType), B[blk*K*M+k*M+col]).Bits())
			}
			for r := 0; r < l.Regs(); r++ {
				acc[lane] = append(acc[lane], interp.MakeFloat(f32, 1).Bits())
			}
		}
		D, err := amdgpu.WaveMFMA(l, c.in, c.in, f32, f32, a, b, acc, [3]bool{})
		if err != nil {
			t.Fatal(err)
		}
		for lane := 0; lane < 64; lane++ {
			for r := 0; r < l.Regs(); r++ {
				blk := l.DBlock(lane, r)
				row, col := l.D(lane, r)
				want := 1.0
				for k := 0; k < K; k++ {
					want += A[blk*M*K+row*K+k] * B[blk*K*M+k*M+col]
				}
				if got := interp.FromBits(f32, D[lane][r]).Float(); got != want {
					t.Fatalf("%dx%dx%d %d blocks: lane %d register %d (block %d, %d, %d) = %v, want %v", M, M, K, c.blocks, lane, r, blk, row, col, got, want)
				}
			}
		}
	}
}
