// Package gputonvvm is convert-gpu-to-nvvm: the operations of a gpu.module
// become llvm and nvvm operations, as upstream's LowerGpuOpsToNVVMOps. The
// thread and block identifiers read the PTX special registers (with the
// ranges that upper bounds and known launch sizes give), gpu.barrier is
// nvvm.barrier0, gpu.func becomes an llvm.func (kernels marked nvvm.kernel,
// with nvvm.maxntid from their known block size), math operations call
// libdevice's __nv_* functions, and the func, arith, cf, memref and math
// lowerings to llvm run in the same conversion. Functions of the module get
// C interfaces, as upstream requests.
package gputonvvm

import (
	"github.com/strata-ir/strata/conversion/arithtollvm"
	"github.com/strata-ir/strata/conversion/cftollvm"
	"github.com/strata-ir/strata/conversion/functollvm"
	"github.com/strata-ir/strata/conversion/gpucommon"
	"github.com/strata-ir/strata/conversion/indextollvm"
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/mathtollvm"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/conversion/nvgputonvvm"
	"github.com/strata-ir/strata/conversion/ubtollvm"
	"github.com/strata-ir/strata/conversion/vectortollvm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvvm"
)

// Argument is the pass's command-line name.
const Argument = "convert-gpu-to-nvvm"

type lowerPass struct {
	pass.Info
	indexBitwidth *int64
	hasRedux      *bool
	barePtr       *bool
	allowed       *[]string
}

// New returns convert-gpu-to-nvvm, which runs on gpu.module.
func New() pass.Pass {
	p := &lowerPass{Info: pass.Info{Argument: Argument, Name: "ConvertGpuOpsToNVVMOps",
		Summary: "Generate NVVM operations for gpu operations", OpName: "gpu.module"}}
	p.indexBitwidth = p.Options.Int("index-bitwidth", 0, "Bitwidth of the index type, 0 to use size of machine word")
	p.hasRedux = p.Options.Bool("has-redux", false, "Target gpu supports redux")
	p.barePtr = p.Options.Bool("use-bare-ptr-memref-call-conv", false, "Replace memref arguments in GPU functions with bare pointers. All memrefs must have static shape.")
	p.allowed = p.Options.StringList("allowed-dialects", nil, "Run conversion patterns of only the specified dialects")
	return p
}

func (p *lowerPass) Run(op *ir.Operation, st *pass.State) error {
	if *p.indexBitwidth != 0 && *p.indexBitwidth != llvmcommon.IndexBitwidth {
		return st.EmitError(op, "index-bitwidth other than 64 is not supported")
	}
	return RunWith(st.Context(), op, Options{HasRedux: *p.hasRedux, BarePtr: *p.barePtr})
}

// Options are the pass options that change the conversion.
type Options struct {
	// HasRedux lowers uniform i32 gpu.subgroup_reduce to nvvm.redux.sync
	// (sm_80 and newer).
	HasRedux bool
	// BarePtr passes the memref arguments of gpu.func as bare pointers
	// (use-bare-ptr-memref-call-conv).
	BarePtr bool
}

// Pass registers the convert-gpu-to-nvvm pass (imported packages register
// their passes in init, see docs/passes.md).
var Pass = pass.Registration{Argument: Argument, New: New, Lowers: llvmcommon.Lowers(func(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	ps := append(append(append(gpuPatterns(tc), shufflePattern(), printfPattern(), subgroupReducePattern()), libdevicePatterns(tc)...), wmmaPatterns(tc)...)
	return append(append(ps, indextollvm.Patterns(tc)...), ubtollvm.Patterns(tc)...)
})}

func init() { pass.Register(Pass) }

// Run converts the gpu.module module with the default options.
func Run(ctx *ir.Context, module *ir.Operation) error { return RunWith(ctx, module, Options{}) }

// RunWith converts the gpu.module module.
func RunWith(ctx *ir.Context, module *ir.Operation, opts Options) error {
	// Upstream first runs a greedy rewrite (populateGpuRewritePatterns:
	// uniform all-reductions become shuffles and barriers), which also
	// drops the operations without effects whose results are unused.
	rewrite.ApplyPatternsGreedily(ctx, module, rewrite.NewPatternSet(gpucommon.AllReducePattern()), rewrite.GreedyConfig{MaxIterations: 10, Simplify: rewrite.SimplifyAggressive})
	llvmcommon.EmitCInterfaces(module)
	tc := llvmcommon.NewTypeConverter(ctx)
	llvmcommon.AddGPUMemorySpaces(ctx, tc)
	// Kernels may take nvgpu values (tensor maps, barrier groups).
	nvgputonvvm.AddTypeConversions(ctx, tc)
	addWmmaTypeConversion(ctx, tc)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddLegalDialect("nvvm")
	for _, d := range []string{"func", "arith", "cf", "math", "memref", "index", "ub"} {
		target.AddIllegalDialect(d)
	}
	for _, name := range []string{"gpu.func", "gpu.return", "gpu.barrier", "gpu.thread_id", "gpu.block_id", "gpu.block_dim",
		"gpu.grid_dim", "gpu.lane_id", "gpu.shuffle", "gpu.dynamic_shared_memory", "gpu.cluster_id", "gpu.cluster_dim", "gpu.cluster_block_id", "gpu.cluster_dim_blocks", gpu.PrintfOpName,
		gpu.SubgroupReduceOpName, gpu.SubgroupMmaLoadMatrixOpName, gpu.SubgroupMmaStoreMatrixOpName, gpu.SubgroupMmaComputeOpName, gpu.SubgroupMmaConstantMatrixOpName, gpu.SubgroupMmaElementwiseOpName} {
		target.AddIllegalOp(name)
	}
	var patterns []rewrite.ConversionPattern
	patterns = append(patterns, gpuPatternsWith(tc, opts.BarePtr)...)
	patterns = append(patterns, shufflePattern(), dynamicSharedPattern(tc), printfPattern())
	patterns = append(patterns, libdevicePatterns(tc)...)
	patterns = append(patterns, wmmaPatterns(tc)...)
	if opts.HasRedux {
		patterns = append(patterns, subgroupReducePattern())
	}
	patterns = append(patterns, functollvm.Patterns(tc)...)
	patterns = append(patterns, arithtollvm.Patterns(tc)...)
	patterns = append(patterns, cftollvm.Patterns(tc)...)
	patterns = append(patterns, memreftollvm.Patterns(tc)...)
	patterns = append(patterns, mathtollvm.Patterns(tc)...)
	patterns = append(patterns, indextollvm.Patterns(tc)...)
	patterns = append(patterns, ubtollvm.Patterns(tc)...)
	// Vector operations too, as upstream's pass lowers every dialect that
	// converts to llvm: a vector.load of workgroup memory, whose memory
	// space only this pass maps, is lowered here.
	patterns = append(patterns, vectortollvm.Patterns(target, tc)...)
	return llvmcommon.Apply(ctx, module, target, patterns, tc)
}

// indexOps are the gpu identifiers and the PTX special registers they read.
var indexOps = map[string]gpucommon.IndexOp{
	"gpu.thread_id":          {Read: "nvvm.read.ptx.sreg.tid", Kind: "block"},
	"gpu.block_dim":          {Read: "nvvm.read.ptx.sreg.ntid", Kind: "block", Dim: true},
	"gpu.block_id":           {Read: "nvvm.read.ptx.sreg.ctaid", Kind: "grid"},
	"gpu.grid_dim":           {Read: "nvvm.read.ptx.sreg.nctaid", Kind: "grid", Dim: true},
	"gpu.cluster_id":         {Read: "nvvm.read.ptx.sreg.clusterid"},
	"gpu.cluster_dim":        {Read: "nvvm.read.ptx.sreg.nclusterid", Dim: true},
	"gpu.cluster_block_id":   {Read: "nvvm.read.ptx.sreg.cluster.ctaid", Kind: "cluster"},
	"gpu.cluster_dim_blocks": {Read: "nvvm.read.ptx.sreg.cluster.nctaid", Kind: "cluster", Dim: true},
}

// readRegister creates the special register read with the range [lo, hi)
// when known, then widens it to the index width.
func readRegister(r *rewrite.ConversionRewriter, loc ir.Location, name string, lo, hi int64, ranged bool) ir.Value {
	ctx := r.Builder.Ctx
	i32 := ctx.I(32)
	var props []ir.NamedAttr
	if ranged {
		a, err := llvm.GetConstantRangeAttr(ctx, i32, lo, hi)
		if err == nil {
			props = append(props, ir.NamedAttr{Name: "range", Value: a.DynAttr})
		}
	}
	v := llvmcommon.Create(r, name, loc, nil, []ir.Type{i32}, props).Result(0)
	return llvmcommon.Create(r, "llvm.sext", loc, []ir.Value{v}, []ir.Type{ctx.I(llvmcommon.IndexBitwidth)}, nil).Result(0)
}

func gpuPatterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	return gpuPatternsWith(tc, false)
}

func gpuPatternsWith(tc *rewrite.TypeConverter, barePtr bool) []rewrite.ConversionPattern {
	ps := gpucommon.IndexPatterns(indexOps, "to-nvvm", readRegister)
	ps = append(ps,
		&rewrite.ConversionFunc{RootName: "gpu.lane_id", BenefitValue: 1, PatternName: "gpu.lane_id-to-nvvm",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				hi := int64(32)
				if ub, ok := op.InherentAttr("upper_bound").(*ir.IntegerAttr); ok {
					hi = ub.Int64()
				}
				r.ReplaceOp(op, []ir.Value{readRegister(r, op.Loc(), "nvvm.read.ptx.sreg.laneid", 0, hi, true)})
				return true
			}},
		&rewrite.ConversionFunc{RootName: "gpu.barrier", BenefitValue: 1, PatternName: "gpu.barrier-to-nvvm",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				llvmcommon.Create(r, "nvvm.barrier0", op.Loc(), nil, nil, nil)
				r.ReplaceOp(op, nil)
				return true
			}},
		llvmcommon.GPUReturnPattern(),
		gpucommon.FuncPattern(tc, gpucommon.FuncLowering{KernelAttrs: kernelAttrs, WorkgroupAttributions: true, BarePtr: barePtr}),
	)
	return ps
}

// kernelAttrs marks a kernel nvvm.kernel, with nvvm.maxntid from its
// known block size.
func kernelAttrs(ctx *ir.Context, op *ir.Operation) ([]ir.NamedAttr, bool) {
	attrs := []ir.NamedAttr{{Name: nvvm.KernelAttrName, Value: ctx.Unit()}}
	if a := op.InherentAttr("known_block_size"); a != nil {
		attrs = append(attrs, ir.NamedAttr{Name: nvvm.MaxntidAttrName, Value: a})
	}
	return attrs, true
}
