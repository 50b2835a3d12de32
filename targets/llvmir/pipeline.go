package llvmir

import (
	"github.com/strata-ir/strata/core/pass"

	// The passes of the pipeline register when imported.
	_ "github.com/strata-ir/strata/conversion/affinetoscf"
	_ "github.com/strata-ir/strata/conversion/arithtollvm"
	_ "github.com/strata-ir/strata/conversion/cftollvm"
	_ "github.com/strata-ir/strata/conversion/functollvm"
	_ "github.com/strata-ir/strata/conversion/linalgtoloops"
	_ "github.com/strata-ir/strata/conversion/mathtolibm"
	_ "github.com/strata-ir/strata/conversion/mathtollvm"
	_ "github.com/strata-ir/strata/conversion/memreftollvm"
	_ "github.com/strata-ir/strata/conversion/reconcilecasts"
	_ "github.com/strata-ir/strata/conversion/scftocf"
	_ "github.com/strata-ir/strata/conversion/ubtollvm"
	_ "github.com/strata-ir/strata/conversion/vectortollvm"
	_ "github.com/strata-ir/strata/conversion/vectortoscf"
	_ "github.com/strata-ir/strata/transforms/bufferize"
	_ "github.com/strata-ir/strata/transforms/expandstrided"
	_ "github.com/strata-ir/strata/transforms/linalgdecompose"
)

// The CPU lowering to the llvm dialect, whose result this package
// translates. BufferizePipeline runs first on modules with tensors;
// LLVMPipeline then takes linalg on memrefs, scf, vector, memref, math,
// arith, func and cf to the llvm dialect (convert-vector-to-scf lowers
// vector prints and transfers to loops first, lower-affine the index
// computations of the transfers; convert-vector-to-llvm runs before
// finalize-memref-to-llvm, as upstream orders them). A module already in
// the llvm dialect goes through unchanged.
const (
	BufferizePipeline = "linalg-decompose-aggregated-ops,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops}"
	LLVMPipeline      = "convert-linalg-to-loops,convert-vector-to-scf,lower-affine,convert-scf-to-cf,expand-strided-metadata," +
		"convert-vector-to-llvm,finalize-memref-to-llvm,convert-math-to-llvm,convert-math-to-libm,convert-arith-to-llvm,convert-ub-to-llvm,convert-func-to-llvm," +
		"convert-cf-to-llvm,reconcile-unrealized-casts"
)

// CPUPipeline registers the CPU lowering as the named pipeline
// strata-cpu-pipeline, run on a builtin.module:
//
//	strata-opt --pass-pipeline='builtin.module(strata-cpu-pipeline)' in.mlir
//	strata-opt -p 'builtin.module(strata-cpu-pipeline{bufferize=false})' in.mlir
//
// Its option bufferize (default true) runs BufferizePipeline before
// LLVMPipeline.
var CPUPipeline = pass.PipelineRegistration{Argument: "strata-cpu-pipeline",
	Summary: "Lower tensor, linalg, scf, vector, memref, math, arith, func and cf programs to the llvm dialect for the CPU",
	Build: func(pm *pass.OpManager, options string) error {
		var opts pass.Options
		bufferize := opts.Bool("bufferize", true, "Bufferize tensors first (one-shot-bufferize with function boundaries)")
		if err := opts.Parse(options); err != nil {
			return err
		}
		pipeline := LLVMPipeline
		if *bufferize {
			pipeline = BufferizePipeline + "," + LLVMPipeline
		}
		return pm.AddPipeline(pipeline)
	}}

func init() { pass.RegisterPipeline(CPUPipeline) }
