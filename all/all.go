// Package all registers every dialect that ships with Strata, so that tools
// and embedders get the full set with one call.
package all

import (
	"github.com/strata-ir/strata/conversion/affinetoscf"
	"github.com/strata-ir/strata/conversion/linalgtoloops"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/dialects/amdgpu"
	"github.com/strata-ir/strata/dialects/arith"
	arithbufferize "github.com/strata-ir/strata/dialects/arith/bufferize"
	"github.com/strata-ir/strata/dialects/async"
	"github.com/strata-ir/strata/dialects/bufferization"
	bufferizationbufferize "github.com/strata-ir/strata/dialects/bufferization/bufferize"
	"github.com/strata-ir/strata/dialects/builtin"
	"github.com/strata-ir/strata/dialects/cf"
	cfbufferize "github.com/strata-ir/strata/dialects/cf/bufferize"
	function "github.com/strata-ir/strata/dialects/func"
	funcbufferize "github.com/strata-ir/strata/dialects/func/bufferize"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/index"
	"github.com/strata-ir/strata/dialects/linalg"
	linalgbufferize "github.com/strata-ir/strata/dialects/linalg/bufferize"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/math"
	"github.com/strata-ir/strata/dialects/memref"
	memrefbufferize "github.com/strata-ir/strata/dialects/memref/bufferize"
	"github.com/strata-ir/strata/dialects/neuron"
	"github.com/strata-ir/strata/dialects/nvgpu"
	"github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/dialects/rocdl"
	"github.com/strata-ir/strata/dialects/scf"
	scfbufferize "github.com/strata-ir/strata/dialects/scf/bufferize"
	"github.com/strata-ir/strata/dialects/tensor"
	tensorbufferize "github.com/strata-ir/strata/dialects/tensor/bufferize"
	testdialect "github.com/strata-ir/strata/dialects/test"
	testbufferize "github.com/strata-ir/strata/dialects/test/bufferize"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/dialects/tpu"
	"github.com/strata-ir/strata/dialects/ub"
	"github.com/strata-ir/strata/dialects/vector"
	vectorbufferize "github.com/strata-ir/strata/dialects/vector/bufferize"
)

// The pass packages register their passes when imported.
import (
	_ "github.com/strata-ir/strata/conversion/amdgputorocdl"
	_ "github.com/strata-ir/strata/conversion/arithtollvm"
	_ "github.com/strata-ir/strata/conversion/cftollvm"
	_ "github.com/strata-ir/strata/conversion/functollvm"
	_ "github.com/strata-ir/strata/conversion/gputollvm"
	_ "github.com/strata-ir/strata/conversion/gputonvvm"
	_ "github.com/strata-ir/strata/conversion/gputorocdl"
	_ "github.com/strata-ir/strata/conversion/indextollvm"
	_ "github.com/strata-ir/strata/conversion/mathtolibm"
	_ "github.com/strata-ir/strata/conversion/mathtollvm"
	_ "github.com/strata-ir/strata/conversion/memreftollvm"
	_ "github.com/strata-ir/strata/conversion/nvgputonvvm"
	_ "github.com/strata-ir/strata/conversion/reconcilecasts"
	_ "github.com/strata-ir/strata/conversion/scftocf"
	_ "github.com/strata-ir/strata/conversion/tiletoamdgpu"
	_ "github.com/strata-ir/strata/conversion/tiletoneuron"
	_ "github.com/strata-ir/strata/conversion/tiletonvgpu"
	_ "github.com/strata-ir/strata/conversion/tiletotpu"
	_ "github.com/strata-ir/strata/conversion/ubtollvm"
	_ "github.com/strata-ir/strata/conversion/vectortogpu"
	_ "github.com/strata-ir/strata/conversion/vectortollvm"
	_ "github.com/strata-ir/strata/conversion/vectortoscf"
	_ "github.com/strata-ir/strata/targets/llvmir"
	_ "github.com/strata-ir/strata/targets/llvmir/rocdl"
	_ "github.com/strata-ir/strata/targets/ptx"
	_ "github.com/strata-ir/strata/transforms/allocationliveness"
	_ "github.com/strata-ir/strata/transforms/bufferdealloc"
	_ "github.com/strata-ir/strata/transforms/bufferize"
	_ "github.com/strata-ir/strata/transforms/bufferopt"
	_ "github.com/strata-ir/strata/transforms/canonicalize"
	_ "github.com/strata-ir/strata/transforms/cse"
	_ "github.com/strata-ir/strata/transforms/deadvalues"
	_ "github.com/strata-ir/strata/transforms/dropequivalentresults"
	_ "github.com/strata-ir/strata/transforms/emptyelim"
	_ "github.com/strata-ir/strata/transforms/emptytoalloc"
	_ "github.com/strata-ir/strata/transforms/expandstrided"
	_ "github.com/strata-ir/strata/transforms/funcdedup"
	_ "github.com/strata-ir/strata/transforms/gpuasyncregion"
	_ "github.com/strata-ir/strata/transforms/gpumoduletobinary"
	_ "github.com/strata-ir/strata/transforms/gpuoutline"
	_ "github.com/strata-ir/strata/transforms/gpupipeline"
	_ "github.com/strata-ir/strata/transforms/inline"
	_ "github.com/strata-ir/strata/transforms/licm"
	_ "github.com/strata-ir/strata/transforms/linalgdecompose"
	_ "github.com/strata-ir/strata/transforms/linalggeneralize"
	_ "github.com/strata-ir/strata/transforms/linalgtotile"
	_ "github.com/strata-ir/strata/transforms/lowervectormask"
	_ "github.com/strata-ir/strata/transforms/nvvmattachtarget"
	_ "github.com/strata-ir/strata/transforms/opstats"
	_ "github.com/strata-ir/strata/transforms/rocdlattachtarget"
	_ "github.com/strata-ir/strata/transforms/sccp"
	_ "github.com/strata-ir/strata/transforms/stripdebuginfo"
	_ "github.com/strata-ir/strata/transforms/symboldce"
	_ "github.com/strata-ir/strata/transforms/symbolprivatize"
	_ "github.com/strata-ir/strata/transforms/tileverify"
	_ "github.com/strata-ir/strata/transforms/tiling"
	_ "github.com/strata-ir/strata/transforms/toposort"
	_ "github.com/strata-ir/strata/transforms/viewopgraph"
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

// RegisterPasses does nothing: every pass and pipeline that ships with
// Strata is registered when its package is imported, and importing this
// package imports them all.
//
// Deprecated: import the pass packages (or this package) instead.
func RegisterPasses() {}

// Register adds all of Strata's dialects to ctx. Their definitions come
// as syntax trees generated with the dialects' code; the first call parses
// in parallel those whose tree is stale.
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
	index.Register(ctx)
	async.Register(ctx)
	gpu.Register(ctx)
	nvvm.Register(ctx)
	neuron.Register(ctx)
	nvgpu.Register(ctx)
	amdgpu.Register(ctx)
	rocdl.Register(ctx)
	affine.Register(ctx)
	tile.Register(ctx)
	tpu.Register(ctx)
	// Upstream's test dialect, as mlir-opt registers it, for upstream's
	// interface tests.
	testdialect.Register(ctx)
	// External models: the bufferization of each dialect's operations and
	// their models for the buffer analyses.
	arithbufferize.Register(ctx)
	bufferizationbufferize.Register(ctx)
	cfbufferize.Register(ctx)
	funcbufferize.Register(ctx)
	linalgbufferize.Register(ctx)
	memrefbufferize.Register(ctx)
	scfbufferize.Register(ctx)
	tensorbufferize.Register(ctx)
	testbufferize.Register(ctx)
	vectorbufferize.Register(ctx)
	// External models: the lowerings of lower-affine and
	// convert-linalg-to-loops.
	affinetoscf.Register(ctx)
	linalgtoloops.Register(ctx)
	for _, ns := range UpstreamNamespaces {
		if ctx.Dialect(ns) == nil {
			ctx.RegisterDialect(&ir.Dialect{Name: ns, Placeholder: true})
		}
	}
}
