// Package gputorocdl is convert-gpu-to-rocdl: the operations of a
// gpu.module become llvm and rocdl operations, as upstream's
// LowerGpuOpsToROCDLOps. Work-item and work-group identifiers and sizes
// read the AMDGPU intrinsics (with the ranges that upper bounds and known
// launch sizes give), the lane id counts the active lanes below the
// executing one (mbcnt), gpu.barrier is rocdl.barrier, gpu.shuffle moves
// dwords through ds_bpermute, math operations call the device library
// (OCML), the vector operations that convert-vector-to-llvm lowers
// (loads and stores of workgroup memory among them) are lowered with the
// gpu memory spaces, gpu.func becomes an llvm.func (kernels
// marked rocdl.kernel with their flat and required work group sizes),
// and the func, arith, cf, memref and math lowerings to llvm run in the
// same conversion. The module gets the amdgcn data layout and its
// functions C interfaces, as upstream does.
package gputorocdl

import (
	"encoding/binary"
	"github.com/strata-ir/strata/dialects/amdgpu"
	"math"
	"strconv"

	"github.com/strata-ir/strata/conversion/amdgputorocdl"
	"github.com/strata-ir/strata/conversion/arithtollvm"
	"github.com/strata-ir/strata/conversion/cftollvm"
	"github.com/strata-ir/strata/conversion/functollvm"
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/mathtollvm"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/conversion/vectortollvm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/gpu"
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
	// Upstream first runs a greedy rewrite, which promotes shuffles to
	// swizzles and drops the operations without effects whose results
	// are unused.
	rewrite.ApplyPatternsGreedily(ctx, module, rewrite.NewPatternSet(promoteShuffle), rewrite.GreedyConfig{MaxIterations: 10})
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

// indexOp describes the lowering of a gpu identifier.
type indexOp struct {
	op   string // the rocdl operation, without its dimension
	kind string // which known size bounds it: "block" or "grid"
	dim  bool   // a size (range [1, bound]) rather than an id ([0, bound))
}

var indexOps = map[string]indexOp{
	"gpu.thread_id": {"rocdl.workitem.id", "block", false},
	"gpu.block_dim": {"rocdl.workgroup.dim", "block", true},
	"gpu.block_id":  {"rocdl.workgroup.id", "grid", false},
	"gpu.grid_dim":  {"rocdl.grid.dim", "grid", true},
}

var dimIndex = map[string]int{"x": 0, "y": 1, "z": 2}

// knownBound returns the launch size bounding an identifier from the
// enclosing function: gpu.func's known_*_size, or the gpu.known_*_size
// attribute of another function.
func knownBound(op *ir.Operation, kind string, dim int) (int64, bool) {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if _, ok := gpu.AsFuncOp(p); ok {
			if v, ok := i32At(p.InherentAttr("known_"+kind+"_size"), dim); ok {
				return v, true
			}
		}
		if v, ok := i32At(p.Attr("gpu.known_"+kind+"_size"), dim); ok {
			return v, true
		}
		if p.HasTrait(ir.IsolatedFromAbove) {
			break
		}
	}
	return 0, false
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
	var ps []rewrite.ConversionPattern
	for name, io := range indexOps {
		io := io
		ps = append(ps, &rewrite.ConversionFunc{RootName: name, BenefitValue: 1, PatternName: name + "-to-rocdl",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				d, ok := dimValue(op)
				if !ok {
					return false
				}
				bound, has := knownBound(op, io.kind, dimIndex[d])
				if ub, ok := op.InherentAttr("upper_bound").(*ir.IntegerAttr); ok {
					bound, has = ub.Int64(), true
				}
				lo, hi := int64(0), bound
				if io.dim {
					lo, hi = 1, bound+1
				}
				r.ReplaceOp(op, []ir.Value{read(r, op.Loc(), io.op+"."+d, lo, hi, has)})
				return true
			}})
	}
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
		&rewrite.ConversionFunc{RootName: "gpu.func", BenefitValue: 1, PatternName: "gpu.func-to-llvm",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				return lowerFunc(op, r, tc)
			}},
	)
	return ps
}

func dimValue(op *ir.Operation) (string, bool) {
	switch ir.AttrString(op.InherentAttr("dimension")) {
	case "#gpu<dim x>":
		return "x", true
	case "#gpu<dim y>":
		return "y", true
	case "#gpu<dim z>":
		return "z", true
	}
	return "", false
}

// lowerFunc is upstream's GPUFuncOpLowering for ROCDL: an llvm.func with the gpu.func's
// discardable attributes and its known sizes as gpu.known_*_size; a
// kernel gets rocdl.kernel, and with a known block size
// rocdl.reqd_work_group_size and a flat work group size of its product;
// workgroup attributions become globals in LDS (address space 3).
func lowerFunc(op *ir.Operation, r *rewrite.ConversionRewriter, tc *rewrite.TypeConverter) bool {
	ctx := r.Builder.Ctx
	fop, ok := gpu.AsFuncOp(op)
	if !ok {
		return false
	}
	ta, ok := fop.InherentAttr("function_type").(*ir.TypeAttr)
	if !ok {
		return false
	}
	ft, ok := ta.Type.(*ir.FunctionType)
	if !ok {
		return false
	}
	nw := int64(0)
	if n, ok := op.Attr("workgroup_attributions").(*ir.IntegerAttr); ok {
		nw = n.Int64()
	}
	if entry := op.Region(0).First(); entry != nil && int64(entry.NumArguments()) != int64(len(ft.Inputs))+nw {
		return false
	}
	if nw != 0 {
		if !llvmcommon.LowerWorkgroupAttributions(op, r, tc, len(ft.Inputs)) {
			return false
		}
		r.SetInsertionPoint(op)
	}
	lft, ok := functollvm.LLVMFuncType(ctx, tc, ft)
	if !ok {
		return false
	}
	name, _ := ir.SymbolName(op)
	props := []ir.NamedAttr{
		{Name: "sym_name", Value: ctx.Str(name)},
		{Name: "function_type", Value: ctx.TypeAttr(lft)},
	}
	var attrs []ir.NamedAttr
	kernel := false
	if d := op.Attrs(); d != nil {
		for _, e := range d.Entries {
			switch e.Name {
			case "sym_name", "workgroup_attributions", "function_type":
				continue
			case "gpu.kernel":
				kernel = true
			}
			attrs = append(attrs, e)
		}
	}
	for _, k := range []string{"block", "grid", "cluster"} {
		if a := op.InherentAttr("known_" + k + "_size"); a != nil {
			attrs = append(attrs, ir.NamedAttr{Name: "gpu.known_" + k + "_size", Value: a})
		}
	}
	if kernel {
		attrs = append(attrs, ir.NamedAttr{Name: rocdl.KernelAttrName, Value: ctx.Unit()})
		if a := op.InherentAttr("known_block_size"); a != nil {
			n := int64(1)
			for i := 0; i < 3; i++ {
				v, ok := i32At(a, i)
				if !ok {
					return false
				}
				n *= v
			}
			size := strconv.FormatInt(n, 10)
			attrs = append(attrs, ir.NamedAttr{Name: rocdl.ReqdWorkGroupSizeAttrName, Value: a})
			if op.Attr(rocdl.FlatWorkGroupSizeAttrName) == nil {
				attrs = append(attrs, ir.NamedAttr{Name: rocdl.FlatWorkGroupSizeAttrName, Value: ctx.Str(size + "," + size)})
			}
		}
	}
	st := &ir.OperationState{Name: ctx.OpName("llvm.func"), Loc: op.Loc(), NumRegions: 1,
		Properties: ctx.DictionaryAttr(props)}
	if len(attrs) > 0 {
		st.Attributes = ctx.DictionaryAttr(attrs)
	}
	nf := r.Builder.Create(st)
	llvmcommon.DropProperty(ctx, nf, "unnamed_addr")
	body := op.Region(0)
	for b := body.First(); b != nil; {
		next := b.Next()
		body.Remove(b)
		nf.Region(0).Append(b)
		b = next
	}
	if entry := nf.Region(0).First(); entry != nil {
		functollvm.ConvertEntryArguments(r, entry, tc)
	}
	r.ReplaceOp(op, nil)
	return true
}

// i32At returns element i of an array<i32: ...> attribute.
func i32At(a ir.Attribute, i int) (int64, bool) {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok || i >= d.Size || len(d.Data) < 4*d.Size {
		return 0, false
	}
	if it, ok := d.Elem.(*ir.IntegerType); !ok || it.Width != 32 {
		return 0, false
	}
	return int64(int32(binary.LittleEndian.Uint32(d.Data[4*i:]))), true
}
