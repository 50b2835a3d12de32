package tiletoamdgpu

import (
	"fmt"

	"github.com/strata-ir/strata/conversion/tiletonvgpu"
)

// Frag returns the side of the MFMA fragments of a wave whose part of an
// accumulator is wm x wn: 32 (32x32x8, 16 registers per lane) when both
// sides hold one, else 16 (16x16x16, 4 registers).
func Frag(wm, wn int64) int64 {
	if wm >= 32 && wn >= 32 {
		return 32
	}
	return 16
}

// MFMA is the accumulator layout of the MFMA instructions: waves are
// arranged warpsM x warpsN over the tile, each wave repeats the F x F
// fragment (F = Frag of its part) over its part, and in a fragment lane l
// holds column l % F and, in register r, row (r / 4) 4 (64 / F) +
// 4 (l / F) + r % 4 (the CDNA ISA's accumulator layout: four consecutive
// rows per register group). Registers are ordered fragment by fragment,
// a fragment's registers as the vector amdgpu.mfma returns.
func MFMA(shape []int64, warpsM, warpsN int64) *tiletonvgpu.Layout {
	return mfmaLayout(shape, warpsM, warpsN, Frag(shape[0]/warpsM, shape[1]/warpsN))
}

// chained is the accumulator layout of a product whose result feeds
// another product or whose rows are combined with another's (the two
// products of FlashAttention): the waves stacked along the rows and
// 16x16 fragments whatever the shape, so that the rows of every such
// accumulator, and the row statistics reduced from them, are held by the
// same lanes and registers.
func chained(shape []int64, warps int64) (*tiletonvgpu.Layout, error) {
	if len(shape) != 2 || !pow2(shape[0]) || !pow2(shape[1]) || shape[0] < 16*warps || shape[1] < 16 {
		return nil, fmt.Errorf("tile.dot accumulator %v: chained products need power-of-two blocks of at least 16 rows a wave (%d waves) and 16 columns", shape, warps)
	}
	return mfmaLayout(shape, warps, 1, 16), nil
}

func pow2(x int64) bool { return x > 0 && x&(x-1) == 0 }

// fragOf returns the side of the fragments of an MFMA layout: the lanes
// that run along the columns.
func fragOf(l *tiletonvgpu.Layout) int64 {
	f := int64(1)
	for _, b := range l.Lane {
		if b[1] != 0 {
			f *= 2
		}
	}
	return f
}

// mfmaLayout is MFMA with fragments of side f.
func mfmaLayout(shape []int64, warpsM, warpsN, f int64) *tiletonvgpu.Layout {
	wm, wn := shape[0]/warpsM, shape[1]/warpsN
	l := &tiletonvgpu.Layout{Kind: "mfma", Shape: append([]int64(nil), shape...)}
	// Registers of a fragment: rows 1 and 2, then (32x32) rows 8 and 16.
	l.Reg = [][]int64{{1, 0}, {2, 0}}
	for x := int64(4 * WaveSize / f); x < f; x *= 2 {
		l.Reg = append(l.Reg, []int64{x, 0})
	}
	fragRegs := int64(1) << len(l.Reg)
	for x := f; x < wn; x *= 2 {
		l.Reg = append(l.Reg, []int64{0, x})
	}
	for x := f; x < wm; x *= 2 {
		l.Reg = append(l.Reg, []int64{x, 0})
	}
	// Lanes: the columns of the fragment, then rows in groups of four.
	for x := int64(1); x < f; x *= 2 {
		l.Lane = append(l.Lane, []int64{0, x})
	}
	for x := int64(4); len(l.Lane) < 6; x *= 2 {
		l.Lane = append(l.Lane, []int64{x, 0})
	}
	for x := wn; x < shape[1]; x *= 2 {
		l.Warp = append(l.Warp, []int64{0, x})
	}
	for x := wm; x < shape[0]; x *= 2 {
		l.Warp = append(l.Warp, []int64{x, 0})
	}
	l.RegShape = []int64{int64(l.NumRegs()) / fragRegs, fragRegs}
	return l
}
