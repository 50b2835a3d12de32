// Package all registers the interpreter semantics of every dialect that
// has them, and the runner utilities (printMemrefF32, printF64, ...):
//
//	reg := interp.NewRegistry()
//	all.Register(reg)
package all

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/interp/affine"
	"github.com/strata-ir/strata/interp/arith"
	"github.com/strata-ir/strata/interp/cf"
	function "github.com/strata-ir/strata/interp/func"
	"github.com/strata-ir/strata/interp/gpu"
	"github.com/strata-ir/strata/interp/linalg"
	"github.com/strata-ir/strata/interp/llvm"
	"github.com/strata-ir/strata/interp/math"
	"github.com/strata-ir/strata/interp/memref"
	"github.com/strata-ir/strata/interp/neuron"
	"github.com/strata-ir/strata/interp/nvgpu"
	"github.com/strata-ir/strata/interp/nvvm"
	"github.com/strata-ir/strata/interp/runner"
	"github.com/strata-ir/strata/interp/scf"
	"github.com/strata-ir/strata/interp/tensor"
	"github.com/strata-ir/strata/interp/tile"
	"github.com/strata-ir/strata/interp/tpu"
	"github.com/strata-ir/strata/interp/vector"
)

// Register adds the semantics of func, arith, cf, math, scf, affine, memref,
// bufferization, tensor, tile, tpu, linalg, part of vector, llvm, gpu, nvvm and
// nvgpu (on the SIMT model), neuron, and the runner utilities, to reg.
func Register(reg *interp.Registry) {
	function.Register(reg)
	arith.Register(reg)
	cf.Register(reg)
	math.Register(reg)
	scf.Register(reg)
	affine.Register(reg)
	memref.Register(reg)
	tensor.Register(reg)
	tile.Register(reg)
	tpu.Register(reg)
	linalg.Register(reg)
	vector.Register(reg)
	runner.Register(reg)
	llvm.Register(reg)
	gpu.Register(reg)
	nvvm.Register(reg)
	nvgpu.Register(reg)
	neuron.Register(reg)
}
