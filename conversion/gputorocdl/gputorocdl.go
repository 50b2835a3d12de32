// Package gputorocdl is convert-gpu-to-rocdl: the operations of a
// gpu.module become llvm and rocdl operations, as upstream's
// LowerGpuOpsToROCDLOps. Work-item and work-group identifiers and sizes
// read the AMDGPU intrinsics (with the ranges that upper bounds and known
// launch sizes give), the lane id counts the active lanes below the
// executing one (mbcnt), gpu.barrier is rocdl.barrier, gpu.shuffle moves
// dwords through ds_bpermute, math operations call the device library
// (OCML), gpu.func becomes an llvm.func (kernels
// marked rocdl.kernel with their flat and required work group sizes),
// and the func, arith, cf, memref and math lowerings to llvm run in the
// same conversion. The module gets the amdgcn data layout and its
// functions C interfaces, as upstream does.
package gputorocdl

import (
	"math"
	"strconv"

	"github.com/strata-ir/strata/conversion/amdgputorocdl"
	"github.com/strata-ir/strata/conversion/arithtollvm"
	"github.com/strata-ir/strata/conversion/cftollvm"
	"github.com/strata-ir/strata/conversion/functollvm"
	"github.com/strata-ir/strata/conversion/gpucommon"
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/mathtollvm"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/conversion/vectortollvm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/rocdl"
)

// Argument is the pass's command-line name.
const Argument = "convert-gpu-to-rocdl"

// DataLayout is the LLVM data layout of the amdgcn target that the pass
// attaches to a module that has none, as upstream does.
const DataLayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"

type lowerPass struct {
	pass.Info
	chipset       *string
	indexBitwidth *int64
	barePtr       *bool
	runtime       *string
	allowed       *[]string
}

// New returns convert-gpu-to-rocdl, which runs on gpu.module.
func New() pass.Pass {
	p := &lowerPass{Info: pass.Info{Argument: Argument, Name: "ConvertGpuOpsToROCDLOps",
		Summary: "Generate ROCDL operations for gpu operations", OpName: "gpu.module"}}
	p.chipset = p.Options.String("chipset", "gfx000", "Chipset that these operations will run on")
	p.indexBitwidth = p.Options.Int("index-bitwidth", 0, "Bitwidth of the index type, 0 to use size of machine word")
	p.barePtr = p.Options.Bool("use-bare-ptr-memref-call-conv", false, "Replace memref arguments in GPU functions with bare pointers. All memrefs must have static shape")
	p.runtime = p.Options.String("runtime", "unknown", "Runtime code will be run on (default is Unknown, can also use HIP or OpenCL)")
	p.allowed = p.Options.StringList("allowed-dialects", nil, "Run conversion patterns of only the specified dialects")
	return p
}

func (p *lowerPass) Run(op *ir.Operation, st *pass.State) error {
	if *p.indexBitwidth != 0 && *p.indexBitwidth != llvmcommon.IndexBitwidth {
		return st.EmitError(op, "index-bitwidth other than 64 is not supported")
	}
	if *p.barePtr {
		return st.EmitError(op, "use-bare-ptr-memref-call-conv is not supported")
	}
	return Run(st.Context(), op)
}

// Pass registers the convert-gpu-to-rocdl pass.
var Pass = pass.Registration{Argument: Argument, New: New}

func init() { pass.Register(Pass) }

// Run converts the gpu.module module.
func Run(ctx *ir.Context, module *ir.Operation) error {
	// Upstream first runs a greedy rewrite, which rewrites uniform
	// all-reductions (shared with NVVM), promotes shuffles to swizzles and
	// drops the operations without effects whose results are unused.
	rewrite.ApplyPatternsGreedily(ctx, module, rewrite.NewPatternSet(promoteShuffle, gpucommon.AllReducePattern()),
		rewrite.GreedyConfig{MaxIterations: 10, Simplify: rewrite.SimplifyAggressive})
	if module.Attr("llvm.data_layout") == nil {
		module.SetAttr("llvm.data_layout", ctx.Str(DataLayout))
	}
	llvmcommon.EmitCInterfaces(module)
	tc := llvmcommon.NewTypeConverter(ctx)
	llvmcommon.AddGPUMemorySpaces(ctx, tc)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddLegalDialect("rocdl")
	for _, d := range []string{"func", "arith", "cf", "math", "memref"} {
		target.AddIllegalDialect(d)
	}
	for _, name := range []string{"gpu.func", "gpu.return", "gpu.barrier", "gpu.thread_id", "gpu.block_id", "gpu.block_dim",
		"gpu.grid_dim", "gpu.lane_id", "gpu.subgroup_size", "gpu.shuffle", amdgpu.SwizzleBitmodeOpName} {
		target.AddIllegalOp(name)
	}
	var patterns []rewrite.ConversionPattern
	patterns = append(patterns, gpuPatterns(tc)...)
	patterns = append(patterns, shufflePattern(), amdgputorocdl.SwizzlePattern())
	patterns = append(patterns, ocmlPatterns()...)
	patterns = append(patterns, functollvm.Patterns(tc)...)
	patterns = append(patterns, arithtollvm.Patterns(tc)...)
	patterns = append(patterns, cftollvm.Patterns(tc)...)
	patterns = append(patterns, memreftollvm.Patterns(tc)...)
	patterns = append(patterns, mathtollvm.Patterns(tc)...)
	patterns = append(patterns, vectortollvm.Patterns(target, tc)...)
	return llvmcommon.Apply(ctx, module, target, patterns, tc)
}

// indexOps are the gpu identifiers and the rocdl operations that read them.
var indexOps = map[string]gpucommon.IndexOp{
	"gpu.thread_id": {Read: "rocdl.workitem.id", Kind: "block"},
	"gpu.block_dim": {Read: "rocdl.workgroup.dim", Kind: "block", Dim: true},
	"gpu.block_id":  {Read: "rocdl.workgroup.id", Kind: "grid"},
	"gpu.grid_dim":  {Read: "rocdl.grid.dim", Kind: "grid", Dim: true},
}

// read creates a rocdl read with the range [lo, hi) when ranged, then
// widens it to the index width.
func read(r *rewrite.ConversionRewriter, loc ir.Location, name string, lo, hi int64, ranged bool) ir.Value {
	ctx := r.Builder.Ctx
	i32 := ctx.I(32)
	var props []ir.NamedAttr
	if ranged {
		if hi > math.MaxInt32 {
			hi = math.MaxInt32
		}
		if a, err := llvm.GetConstantRangeAttr(ctx, i32, lo, hi); err == nil {
			props = append(props, ir.NamedAttr{Name: "range", Value: a.DynAttr})
		}
	}
	v := llvmcommon.Create(r, name, loc, nil, []ir.Type{i32}, props).Result(0)
	return llvmcommon.Create(r, "llvm.sext", loc, []ir.Value{v}, []ir.Type{ctx.I(llvmcommon.IndexBitwidth)}, nil).Result(0)
}

func constI32(r *rewrite.ConversionRewriter, loc ir.Location, v int64) ir.Value {
	ctx := r.Builder.Ctx
	i32 := ctx.I(32)
	return llvmcommon.Create(r, "llvm.mlir.constant", loc, nil, []ir.Type{i32},
		[]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(i32, v)}}).Result(0)
}

// laneID counts the active lanes below the executing one: mbcnt over the
// low and the high 32 bits of an all-ones mask.
func laneID(r *rewrite.ConversionRewriter, loc ir.Location) ir.Value {
	ctx := r.Builder.Ctx
	i32 := ctx.I(32)
	zero, minusOne := constI32(r, loc, 0), constI32(r, loc, -1)
	resAttrs := func(hi int64) []ir.NamedAttr {
		rng, err := llvm.GetConstantRangeAttr(ctx, i32, 0, hi)
		if err != nil {
			return nil
		}
		d := ctx.DictionaryAttr([]ir.NamedAttr{{Name: "llvm.noundef", Value: ctx.Unit()}, {Name: "llvm.range", Value: rng.DynAttr}})
		return []ir.NamedAttr{{Name: "res_attrs", Value: ctx.ArrayAttr([]ir.Attribute{d})}}
	}
	lo := llvmcommon.Create(r, "rocdl.mbcnt.lo", loc, []ir.Value{minusOne, zero}, []ir.Type{i32}, resAttrs(32)).Result(0)
	return llvmcommon.Create(r, "rocdl.mbcnt.hi", loc, []ir.Value{minusOne, lo}, []ir.Type{i32}, resAttrs(64)).Result(0)
}

func gpuPatterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	ps := gpucommon.IndexPatterns(indexOps, "to-rocdl", read)
	ps = append(ps,
		&rewrite.ConversionFunc{RootName: "gpu.lane_id", BenefitValue: 1, PatternName: "gpu.lane_id-to-rocdl",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				v := laneID(r, op.Loc())
				r.ReplaceOp(op, []ir.Value{llvmcommon.Create(r, "llvm.sext", op.Loc(), []ir.Value{v}, []ir.Type{ctx.I(llvmcommon.IndexBitwidth)}, nil).Result(0)})
				return true
			}},
		&rewrite.ConversionFunc{RootName: "gpu.subgroup_size", BenefitValue: 1, PatternName: "gpu.subgroup_size-to-rocdl",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				ub, has := op.InherentAttr("upper_bound").(*ir.IntegerAttr)
				var lo, hi int64
				if has {
					lo, hi = ub.Int64(), ub.Int64()+1
				}
				r.ReplaceOp(op, []ir.Value{read(r, op.Loc(), "rocdl.wavefrontsize", lo, hi, has)})
				return true
			}},
		&rewrite.ConversionFunc{RootName: "gpu.barrier", BenefitValue: 1, PatternName: "gpu.barrier-to-rocdl",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				llvmcommon.Create(r, "rocdl.barrier", op.Loc(), nil, nil, nil)
				r.ReplaceOp(op, nil)
				return true
			}},
		llvmcommon.GPUReturnPattern(),
		gpucommon.FuncPattern(tc, gpucommon.FuncLowering{KernelAttrs: kernelAttrs, WorkgroupAttributions: true}),
	)
	return ps
}

// kernelAttrs marks a kernel rocdl.kernel; with a known block size it
// gets rocdl.reqd_work_group_size and, unless it has one, a flat work
// group size of the block size's product.
func kernelAttrs(ctx *ir.Context, op *ir.Operation) ([]ir.NamedAttr, bool) {
	attrs := []ir.NamedAttr{{Name: rocdl.KernelAttrName, Value: ctx.Unit()}}
	a := op.InherentAttr("known_block_size")
	if a == nil {
		return attrs, true
	}
	n := int64(1)
	for i := 0; i < 3; i++ {
		v, ok := gpucommon.I32At(a, i)
		if !ok {
			return nil, false
		}
		n *= v
	}
	size := strconv.FormatInt(n, 10)
	attrs = append(attrs, ir.NamedAttr{Name: rocdl.ReqdWorkGroupSizeAttrName, Value: a})
	if op.Attr(rocdl.FlatWorkGroupSizeAttrName) == nil {
		attrs = append(attrs, ir.NamedAttr{Name: rocdl.FlatWorkGroupSizeAttrName, Value: ctx.Str(size + "," + size)})
	}
	return attrs, true
}
