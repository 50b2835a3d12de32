package tiletoamdgpu

import (
	"testing"

	"github.com/strata-ir/strata/conversion/tiletonvgpu"
	"github.com/strata-ir/strata/core/ir"
)

// TestStagingAgainstNVIDIASwizzle runs the staging of tile-to-nvgpu (an
// XOR swizzle of 16-byte units, made for the 32 banks of NVIDIA's shared
// memory and its 16-byte ldmatrix rows) through the gfx9 bank model, for
// the MFMA reads of tile-to-amdgpu: the 8-byte reads of 16 rows at once
// meet 2-way conflicts (4-way for 4-byte reads of 32 rows), which the
// staging chooseStaging picks does not have.
func TestStagingAgainstNVIDIASwizzle(t *testing.T) {
	ctx := ir.NewContext()
	bf16, f32 := ctx.FloatType(ir.BF16), ctx.FloatType(ir.F32)
	for _, c := range []struct {
		chip       string
		bm, bk, bn int64
		elem       ir.Type
		nvidia     int // the degree of the reads with tile-to-nvgpu's swizzle
	}{
		{"gfx90a", 32, 16, 32, bf16, 2},
		{"gfx942", 64, 32, 64, bf16, 2},
		{"gfx942", 64, 32, 64, f32, 4},
	} {
		l := MFMA([]int64{c.bm, c.bn}, 2, 2)
		info := newDotShape(c.chip, []int64{c.bm, c.bk}, []int64{c.bk, c.bn}, c.elem, f32, l)
		bits := ir.IntOrFloatBitWidth(c.elem)
		nv := tiletonvgpu.SwizzleFor(c.bk, bits)
		old := staging{Cols: nv.Cols, Vec: nv.Vec, P1: nv.PerPhase, M1: nv.MaxPhase, P2: 1, M2: 1}
		for op, shape := range [][]int64{{c.bm, c.bk}, {c.bk, c.bn}} {
			blocked := tiletonvgpu.BlockedLanes(shape, bits, 4, WaveSize)
			if _, d := ldsCost(fragmentReads(info, old, op, 4)); d != c.nvidia {
				t.Errorf("%s %v operand %d: tile-to-nvgpu's swizzle reads with degree %d, want %d", c.chip, shape, op, d, c.nvidia)
			}
			s := chooseStaging(info, blocked, op, 4)
			if _, d := ldsCost(fragmentReads(info, s, op, 4)); d != 1 {
				t.Errorf("%s %v operand %d: the chosen staging %+v reads with degree %d", c.chip, shape, op, s, d)
			}
		}
	}
}

// TestStagingFits checks which blocks get a bank search: those whose
// staged A and B fit in the chip's LDS (twice over when pipelined), not
// blocks the kernel fails on for their LDS size anyway.
func TestStagingFits(t *testing.T) {
	ctx := ir.NewContext()
	bf16, f32 := ctx.FloatType(ir.BF16), ctx.FloatType(ir.F32)
	for _, c := range []struct {
		chip       string
		bm, bk, bn int64
		elem       ir.Type
		copies     int64
		fits       bool
	}{
		{"gfx942", 64, 32, 64, bf16, 2, true},
		{"gfx90a", 128, 64, 128, bf16, 1, true},
		// 256x128 and 128x2048 f32: 1.2 MB against 64 KB.
		{"gfx90a", 256, 128, 2048, f32, 1, false},
		{"gfx950", 256, 128, 256, f32, 2, false},
	} {
		l := MFMA([]int64{c.bm, c.bn}, 2, 2)
		info := newDotShape(c.chip, []int64{c.bm, c.bk}, []int64{c.bk, c.bn}, c.elem, f32, l)
		if got := stagingFits(c.chip, info, c.copies); got != c.fits {
			t.Errorf("%s %dx%dx%d %s x%d: fits %v, want %v", c.chip, c.bm, c.bk, c.bn, c.elem, c.copies, got, c.fits)
		}
	}
}
