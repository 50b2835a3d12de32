package tiletonvgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
)

// WGMMAM is the number of rows of a wgmma accumulator that one
// warpgroup holds.
const WGMMAM = 64

// WGMMA is the accumulator layout of wgmma m64nNk16 over a tile of shape
// [M, N] (M a multiple of 64, one warpgroup per 64 rows): warp w holds
// rows 16w to 16w+15 of all N columns, and register i of lane (g =
// lane/4, t = lane%4) holds element (16w + g + 8((i/2)%2), 8(i/4) + 2t +
// i%2), the PTX ISA's figure for wgmma's D. It is the mma.sync layout of
// warps stacked along M, each covering the whole row of fragments; the
// registers of a warpgroup are the order of
// nvgpu.warpgroup.mma.registers.
func WGMMA(shape []int64) (*Layout, error) {
	if len(shape) != 2 || shape[0]%WGMMAM != 0 || !isPow2(shape[0]) || !isPow2(shape[1]) || shape[1] < 8 || shape[1] > 256 {
		return nil, fmt.Errorf("a wgmma accumulator is [64k, N] with N a power of two in [8, 256], not %v", shape)
	}
	l := MMA(shape, shape[0]/16, 1)
	l.Kind = "wgmma"
	return l, nil
}

// WGMMAWarpgroup is the accumulator layout of one warpgroup that holds a
// whole [M, N] tile (M a multiple of 64) with one wgmma m64nNk16 per 64
// rows: warp w holds rows 16w to 16w+15 of every 64 rows; the registers
// of the first 64 rows come first, as nvgpu.warpgroup.mma.registers
// orders them, each 64 rows in the WGMMA layout.
func WGMMAWarpgroup(shape []int64) (*Layout, error) {
	if len(shape) != 2 || shape[0]%WGMMAM != 0 || !isPow2(shape[0]) {
		return nil, fmt.Errorf("a warpgroup's wgmma accumulator is [64k, N], not %v", shape)
	}
	l, err := WGMMA([]int64{WGMMAM, shape[1]})
	if err != nil {
		return nil, err
	}
	l.Shape = append([]int64(nil), shape...)
	for x := int64(WGMMAM); x < shape[0]; x *= 2 {
		l.Reg = append(l.Reg, []int64{x, 0})
	}
	l.RegShape = []int64{int64(l.NumRegs() / 4), 2, 2}
	return l, nil
}

// accumulatorType is the !nvgpu.warpgroup.accumulator of one warpgroup's
// rows x n accumulator of elem.
func (k *kernel) accumulatorType(rows, n int64, elem ir.Type) ir.Type {
	return k.parsedType(fmt.Sprintf("!nvgpu.warpgroup.accumulator<fragmented = vector<%dx%dx%s>>", rows, n, ir.TypeString(elem)))
}

// smemDescriptor returns the wgmma matrix descriptor of the rows x cols
// matrix of elem that a TMA copy of tensor map tmap (128-byte swizzle)
// placed at sm: nvgpu.warpgroup.generate.descriptor, whose lowering
// encodes the shared address, the leading and stride byte offsets of the
// swizzled layout and the swizzle mode.
func (k *kernel) smemDescriptor(sm, tmap ir.Value, rows, cols int64, elem ir.Type) ir.Value {
	t := k.parsedType(fmt.Sprintf("!nvgpu.warpgroup.descriptor<tensor = memref<%dx%dx%s, #gpu.address_space<workgroup>>>",
		rows, cols, ir.TypeString(elem)))
	return k.val("nvgpu.warpgroup.generate.descriptor", []ir.Value{sm, tmap}, t)
}
