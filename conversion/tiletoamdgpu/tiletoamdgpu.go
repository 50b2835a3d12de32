// Package tiletoamdgpu is tile-to-amdgpu{chip=gfx90a|gfx942|gfx950}: it
// lowers the tile kernels of a module (tile.func) to gpu.func kernels of
// a gpu.module for the chip (targets = [#rocdl.target<chip = ...>]),
// whose bodies use the gpu, amdgpu, vector, memref, arith and scf
// dialects, and their launches (tile.launch) to gpu.launch_func.
//
// The lowering is tile-to-nvgpu's machinery (tiletonvgpu.RunTarget) for
// AMD's CDNA chips: every program becomes a workgroup of 64-lane waves,
// every tile value, in each lane, the vector of the registers its layout
// gives it; layouts are the same linear maps of register, lane and wave
// bits, with six lane bits. What is AMD's own:
//
//   - the accumulators of tile.dot take the MFMA layout (MFMA): 32x32
//     fragments of 16 registers, or 16x16 fragments of 4, repeated over
//     each wave's part of the block;
//   - tile.dot of f16 or bf16 blocks into f32 runs on the matrix cores:
//     both operands are staged in LDS, A row-major and B transposed, in
//     rows whose 16-byte chunks are permuted by an exclusive or with the
//     row (tiletonvgpu.Swizzle) so that the lanes of a wave reading a
//     fragment's column of rows hit distinct banks; each lane reads its
//     A and B elements of a fragment as one vector and the wave issues
//     amdgpu.mfma 32x32x8 or 16x16x16;
//   - the blocks of a product that come straight from memrefs are read
//     with amdgpu.raw_buffer_load: 16-byte vectors where the whole vector
//     is inside the memref, else element by element with the indices of
//     elements outside moved past the end of the buffer, where the
//     hardware's range check reads zero;
//   - a k loop whose body loads the two operands of its product is
//     double-buffered: two LDS stages per operand; the buffer loads of the
//     next iteration's blocks are issued before the current stage's
//     products and written to the other stage after them, one barrier
//     per iteration;
//   - reductions use gpu.shuffle over the 64 lanes (convert-gpu-to-rocdl
//     turns them into ds_swizzle and ds_bpermute).
package tiletoamdgpu

import (
	"fmt"

	"github.com/strata-ir/strata/conversion/tiletonvgpu"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/rocdl"
	"github.com/strata-ir/strata/targets/chips"
)

// Argument is the pass's name in pipelines.
const Argument = "tile-to-amdgpu"

// Pass registers tile-to-amdgpu.
var Pass = pass.Registration{Argument: Argument, New: New, Lowers: tiletonvgpu.Lowers}

func init() { pass.Register(Pass) }

// WaveSize is the number of lanes of a wave on the CDNA chips.
const WaveSize = 64

type toAMDGPU struct {
	pass.Info
	chip *string
}

// New returns a tile-to-amdgpu pass.
func New() pass.Pass {
	p := &toAMDGPU{Info: pass.Info{Argument: Argument, Name: "TileToAMDGPU", OpName: "builtin.module",
		Summary: "Lower tile kernels to gpu and amdgpu kernels for an AMD chip"}}
	p.chip = p.Options.Enum("chip", "gfx90a", []pass.EnumValue{
		{Name: "gfx90a", Desc: "CDNA2 (MI200)"},
		{Name: "gfx942", Desc: "CDNA3 (MI300)"},
		{Name: "gfx950", Desc: "CDNA4 (MI350)"},
	}, "The chip to generate code for")
	return p
}

func (p *toAMDGPU) Run(op *ir.Operation, st *pass.State) error {
	if _, ok := chips.Lookup(*p.chip); !ok {
		return st.EmitError(op, fmt.Sprintf("tile-to-amdgpu: unknown chip %q", *p.chip))
	}
	if err := Run(st.Context(), op, *p.chip); err != nil {
		if d, ok := err.(*ir.Diagnostic); ok {
			st.Emit(d)
			st.SignalFailure()
			return nil
		}
		return st.EmitError(op, err.Error())
	}
	return nil
}

// ReassociatesFloats tells semcheck that the matrix cores sum products in
// another order than tile.dot's reference.
func (p *toAMDGPU) ReassociatesFloats() bool { return true }

// Target returns the lowering's target for chip.
func Target(ctx *ir.Context, chip string) *tiletonvgpu.Target {
	if ctx.Dialect("rocdl") == nil {
		rocdl.Register(ctx)
	}
	target, err := rocdl.NewTarget(ctx, chip)
	var targets ir.Attribute
	if err == nil {
		targets = ctx.ArrayAttr([]ir.Attribute{target})
	}
	var lds int64
	if c, ok := chips.Lookup(chip); ok {
		lds = c.MemoryBytes
	}
	return &tiletonvgpu.Target{
		Memory: "LDS", MemoryBytes: lds,
		Pass: Argument, Chip: chip, Lanes: WaveSize,
		Instruction: "mfma", FragM: 16, FragN: 16, Accumulator: MFMA, Chained: chained,
		Rules:         map[string]tiletonvgpu.Rule{"tile.dot": lowerDot, "scf.for": lowerFor},
		ModuleTargets: targets,
	}
}

// Run lowers the tile kernels of module for chip. On error the module is
// left as it was.
func Run(ctx *ir.Context, module *ir.Operation, chip string) error {
	return tiletonvgpu.RunTarget(ctx, module, Target(ctx, chip), tiletonvgpu.Options{})
}
