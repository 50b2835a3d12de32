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
	"encoding/binary"

	"github.com/strata-ir/strata/conversion/arithtollvm"
	"github.com/strata-ir/strata/conversion/cftollvm"
	"github.com/strata-ir/strata/conversion/functollvm"
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/mathtollvm"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/conversion/nvgputonvvm"
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
	if *p.barePtr {
		return st.EmitError(op, "use-bare-ptr-memref-call-conv is not supported")
	}
	return Run(st.Context(), op)
}

// Pass registers the convert-gpu-to-nvvm pass (imported packages register
// their passes in init, see docs/passes.md).
var Pass = pass.Registration{Argument: Argument, New: New, Lowers: llvmcommon.Lowers(func(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	return append(append(gpuPatterns(tc), shufflePattern()), libdevicePatterns(tc)...)
})}

func init() { pass.Register(Pass) }

// Run converts the gpu.module module.
func Run(ctx *ir.Context, module *ir.Operation) error {
	// Upstream first runs a greedy rewrite, which also drops the operations
	// without effects whose results are unused.
	rewrite.ApplyPatternsGreedily(ctx, module, rewrite.NewPatternSet(), rewrite.GreedyConfig{MaxIterations: 10})
	llvmcommon.EmitCInterfaces(module)
	tc := llvmcommon.NewTypeConverter(ctx)
	llvmcommon.AddGPUMemorySpaces(ctx, tc)
	// Kernels may take nvgpu values (tensor maps, barrier groups).
	nvgputonvvm.AddTypeConversions(ctx, tc)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddLegalDialect("nvvm")
	for _, d := range []string{"func", "arith", "cf", "math", "memref"} {
		target.AddIllegalDialect(d)
	}
	for _, name := range []string{"gpu.func", "gpu.return", "gpu.barrier", "gpu.thread_id", "gpu.block_id", "gpu.block_dim",
		"gpu.grid_dim", "gpu.lane_id", "gpu.shuffle", "gpu.dynamic_shared_memory", "gpu.cluster_id", "gpu.cluster_dim", "gpu.cluster_block_id", "gpu.cluster_dim_blocks"} {
		target.AddIllegalOp(name)
	}
	var patterns []rewrite.ConversionPattern
	patterns = append(patterns, gpuPatterns(tc)...)
	patterns = append(patterns, shufflePattern(), dynamicSharedPattern(tc))
	patterns = append(patterns, libdevicePatterns(tc)...)
	patterns = append(patterns, functollvm.Patterns(tc)...)
	patterns = append(patterns, arithtollvm.Patterns(tc)...)
	patterns = append(patterns, cftollvm.Patterns(tc)...)
	patterns = append(patterns, memreftollvm.Patterns(tc)...)
	patterns = append(patterns, mathtollvm.Patterns(tc)...)
	return llvmcommon.Apply(ctx, module, target, patterns, tc)
}

// indexOp describes the lowering of a gpu identifier.
type indexOp struct {
	reg  string // the special register, without its dimension
	kind string // which known size bounds it: "block", "grid", "cluster" or ""
	dim  bool   // a size (range [1, bound]) rather than an id ([0, bound))
}

var indexOps = map[string]indexOp{
	"gpu.thread_id":          {"tid", "block", false},
	"gpu.block_dim":          {"ntid", "block", true},
	"gpu.block_id":           {"ctaid", "grid", false},
	"gpu.grid_dim":           {"nctaid", "grid", true},
	"gpu.cluster_id":         {"clusterid", "", false},
	"gpu.cluster_dim":        {"nclusterid", "", true},
	"gpu.cluster_block_id":   {"cluster.ctaid", "cluster", false},
	"gpu.cluster_dim_blocks": {"cluster.nctaid", "cluster", true},
}

var dimIndex = map[string]int{"x": 0, "y": 1, "z": 2}

// knownBound returns the launch size bounding an identifier from the
// enclosing function: gpu.func's known_*_size, or the gpu.known_*_size
// attribute of another function.
func knownBound(op *ir.Operation, kind string, dim int) (int64, bool) {
	if kind == "" {
		return 0, false
	}
	var bound int64
	found := false
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if _, ok := gpu.AsFuncOp(p); ok {
			if v, ok := i32At(p.InherentAttr("known_"+kind+"_size"), dim); ok {
				return v, true
			}
		}
		if v, ok := i32At(p.Attr("gpu.known_"+kind+"_size"), dim); ok && !found {
			bound, found = v, true
		}
		if p.HasTrait(ir.IsolatedFromAbove) {
			break
		}
	}
	return bound, found
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
	var ps []rewrite.ConversionPattern
	for name, io := range indexOps {
		io := io
		ps = append(ps, &rewrite.ConversionFunc{RootName: name, BenefitValue: 1, PatternName: name + "-to-nvvm",
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
				v := readRegister(r, op.Loc(), "nvvm.read.ptx.sreg."+io.reg+"."+d, lo, hi, has && io.kind != "")
				r.ReplaceOp(op, []ir.Value{v})
				return true
			}})
	}
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
		&rewrite.ConversionFunc{RootName: "gpu.func", BenefitValue: 1, PatternName: "gpu.func-to-llvm",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				return lowerFunc(op, r, tc)
			}},
	)
	return ps
}

func dimValue(op *ir.Operation) (string, bool) {
	a := op.InherentAttr("dimension")
	if a == nil {
		return "", false
	}
	switch ir.AttrString(a) {
	case "#gpu<dim x>":
		return "x", true
	case "#gpu<dim y>":
		return "y", true
	case "#gpu<dim z>":
		return "z", true
	}
	return "", false
}

// lowerFunc is upstream's GPUFuncOpLowering for NVVM, for functions
// without memory attributions: an llvm.func with the gpu.func's
// discardable attributes, its known sizes as gpu.known_*_size, and for a
// kernel nvvm.kernel and nvvm.maxntid.
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
		attrs = append(attrs, ir.NamedAttr{Name: nvvm.KernelAttrName, Value: ctx.Unit()})
		if a := op.InherentAttr("known_block_size"); a != nil {
			attrs = append(attrs, ir.NamedAttr{Name: nvvm.MaxntidAttrName, Value: a})
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
