// Package all registers every dialect that ships with Strata, so that tools
// and embedders get the full set with one call.
package all

import (
	"github.com/strata-ir/strata/conversion"
	"github.com/strata-ir/strata/conversion/lowering"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/builtin"
	"github.com/strata-ir/strata/dialects/cf"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/linalg"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/math"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tensor"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/dialects/ub"
	"github.com/strata-ir/strata/dialects/vector"
	"github.com/strata-ir/strata/transforms"
)

// UpstreamNamespaces are the namespaces of MLIR's upstream dialects. Strata
// registers them so that, as in mlir-opt, their attributes and properties
// are known to belong to a registered dialect; operations of these dialects
// that have no definition yet are accepted only with
// --allow-unregistered-dialect, exactly like unknown operations of a
// registered MLIR dialect.
var UpstreamNamespaces = []string{
	"acc", "affine", "amdgpu", "amx", "arith", "arm_neon", "arm_sme", "arm_sve", "async",
	"bufferization", "cf", "complex", "dlti", "emitc", "func", "gpu", "index", "irdl",
	"linalg", "llvm", "math", "memref", "mesh", "ml_program", "mpi", "nvgpu", "nvvm",
	"omp", "pdl", "pdl_interp", "polynomial", "ptr", "quant", "rocdl", "scf", "shape",
	"shard", "smt", "sparse_tensor", "spirv", "tensor", "tosa", "transform", "ub",
	"vector", "x86vector", "xegpu", "xevm",
}

// RegisterPasses adds every pass that ships with Strata to the (global)
// pass registry; calling it more than once is harmless.
func RegisterPasses() {
	transforms.Register()
	conversion.Register()
	lowering.Register()
}

// Register adds all of Strata's dialects to ctx. The first call parses
// their definitions in parallel.
func Register(ctx *ir.Context) {
	irdl.ParseEmbedded()
	builtin.Register(ctx)
	arith.Register(ctx)
	math.Register(ctx)
	function.Register(ctx)
	cf.Register(ctx)
	linalg.Register(ctx)
	scf.Register(ctx)
	llvm.Register(ctx)
	tensor.Register(ctx)
	bufferization.Register(ctx)
	memref.Register(ctx)
	vector.Register(ctx)
	ub.Register(ctx)
	gpu.Register(ctx)
	affine.Register(ctx)
	tile.Register(ctx)
	for _, ns := range UpstreamNamespaces {
		if ctx.Dialect(ns) == nil {
			ctx.RegisterDialect(&ir.Dialect{Name: ns, Placeholder: true})
		}
	}
}
