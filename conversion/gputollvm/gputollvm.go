// Package gputollvm is gpu-to-llvm: the host side of a GPU program becomes
// the llvm dialect, as upstream's GpuToLLVMConversionPass. The gpu
// dialect's host operations become calls of the small runtime that
// upstream's CUDA and ROCm wrappers implement (mgpuStreamCreate,
// mgpuMemAlloc, mgpuMemcpy, mgpuMemset32, mgpuMemHostRegisterMemRef,
// ...), !gpu.async.token becomes the stream (or event) pointer that
// carries the dependency, and gpu.launch_func stays, its operands lowered
// to what the kernel takes (memref descriptors unpacked into their
// fields, or bare pointers) and its async token to the stream it is
// launched on. The func, arith, cf, index, ub, memref and vector
// lowerings to llvm run in the same conversion, as upstream's pass runs
// every dialect that converts to llvm. Like upstream's, the
// synchronous gpu.alloc, gpu.memcpy and gpu.memset and the operations
// with several async dependencies (but gpu.wait) are left as they are.
package gputollvm

import (
	"github.com/strata-ir/strata/conversion/arithtollvm"
	"github.com/strata-ir/strata/conversion/asyncstructural"
	"github.com/strata-ir/strata/conversion/cftollvm"
	"github.com/strata-ir/strata/conversion/functollvm"
	"github.com/strata-ir/strata/conversion/indextollvm"
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/conversion/ubtollvm"
	"github.com/strata-ir/strata/conversion/vectortollvm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/llvm"
)

// Argument is the pass's command-line name.
const Argument = "gpu-to-llvm"

// Pass registers the gpu-to-llvm pass (imported packages register their
// passes in init, see docs/passes.md).
var Pass = pass.Registration{Argument: Argument, New: New, Lowers: llvmcommon.Lowers(func(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	return (&lowering{tc: tc}).patterns()
})}

func init() { pass.Register(Pass) }

type lowerPass struct {
	pass.Info
	hostBarePtr   *bool
	kernelBarePtr *bool
	intersperse   *bool
}

// New returns gpu-to-llvm.
func New() pass.Pass {
	p := &lowerPass{Info: pass.Info{Argument: Argument, Name: "GpuToLLVMConversionPass",
		Summary: "Convert GPU dialect to LLVM dialect with GPU runtime calls", OpName: "builtin.module"}}
	p.intersperse = p.Options.Bool("intersperse-sizes-for-kernels", false, "Inserts a size_t argument following each memref argument, containing the static size in bytes of the buffer. Incompatible arguments are rejected. This is intended for use by the Vulkan runtime with the kernel bare pointer calling convention, to enable dynamic binding of buffers as arguments without static type info.")
	p.hostBarePtr = p.Options.Bool("use-bare-pointers-for-host", false, "Use bare pointers to pass memref arguments to host functions. All memrefs must have static shape.")
	p.kernelBarePtr = p.Options.Bool("use-bare-pointers-for-kernels", false, "Use bare pointers to pass memref arguments to kernels. The kernel must use the same setting for this option.")
	return p
}

func (p *lowerPass) Run(op *ir.Operation, st *pass.State) error {
	return RunWith(st.Context(), op, Options{KernelBarePtr: *p.kernelBarePtr, HostBarePtr: *p.hostBarePtr, IntersperseSizes: *p.intersperse})
}

// Options are the pass options that change the conversion.
type Options struct {
	// KernelBarePtr passes memrefs to kernels as their aligned pointer
	// (use-bare-pointers-for-kernels), as kernels lowered with
	// use-bare-ptr-memref-call-conv take them.
	KernelBarePtr bool
	// HostBarePtr passes memrefs between host functions as their pointers
	// (use-bare-pointers-for-host; functollvm.Options.BarePtr), and to
	// kernels too, as upstream's type converter then does.
	HostBarePtr bool
	// IntersperseSizes follows each kernel operand, which must be a memref
	// of static shape with elements of whole bytes, with its size in bytes
	// (intersperse-sizes-for-kernels): the convention of a runtime that
	// binds buffers without their types, as upstream's Vulkan runner's.
	IntersperseSizes bool
}

// Run converts module with the default options.
func Run(ctx *ir.Context, module *ir.Operation) error { return RunWith(ctx, module, Options{}) }

// RunWith converts module.
func RunWith(ctx *ir.Context, module *ir.Operation, opts Options) error {
	// Upstream first lowers vector transfers of rank 1 in a greedy
	// rewrite, which also folds and drops operations without effects
	// whose results are unused.
	rewrite.ApplyPatternsGreedily(ctx, module, rewrite.NewPatternSet(), rewrite.GreedyConfig{Simplify: rewrite.SimplifyNormal})
	tc := llvmcommon.NewTypeConverter(ctx)
	AddTypeConversions(ctx, tc)
	asyncstructural.AddTypeConversion(ctx, tc)
	l := &lowering{tc: tc, kernelBarePtr: opts.KernelBarePtr || opts.HostBarePtr, intersperse: opts.IntersperseSizes, ends: map[ir.Value]*ir.Operation{}}
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	for _, d := range []string{"func", "arith", "cf", "index", "ub", "memref"} {
		target.AddIllegalDialect(d)
	}
	for name, lowered := range lowers {
		target.AddDynamicallyLegalOp(name, func(o *ir.Operation) bool { return !lowered(o) })
	}
	// The kernels' operands are legal once they are of LLVM types.
	target.AddDynamicallyLegalOp(gpu.LaunchFuncOpName, func(o *ir.Operation) bool {
		for _, v := range o.Operands() {
			if !llvmcommon.IsLLVMType(v.Type()) {
				return false
			}
		}
		return true
	})
	// Upstream's pass lowers vector.print of scalars and strings with the
	// rest of the vector patterns.
	target.AddDynamicallyLegalOp("vector.print", func(o *ir.Operation) bool { return !vectortollvm.PrintLowerable(o) })
	asyncstructural.AddLegality(target, tc)
	patterns := l.patterns()
	patterns = append(patterns, asyncstructural.Patterns(tc)...)
	patterns = append(patterns, functollvm.PatternsWith(tc, functollvm.Options{BarePtr: opts.HostBarePtr})...)
	patterns = append(patterns, arithtollvm.Patterns(tc)...)
	patterns = append(patterns, cftollvm.Patterns(tc)...)
	patterns = append(patterns, indextollvm.Patterns(tc)...)
	patterns = append(patterns, ubtollvm.Patterns(tc)...)
	patterns = append(patterns, memreftollvm.Patterns(tc)...)
	patterns = append(patterns, vectortollvm.Patterns(target, tc)...)
	return llvmcommon.Apply(ctx, module, target, patterns, tc)
}

// AddTypeConversions adds the conversion of !gpu.async.token to the
// pointer of the stream or event that carries it.
func AddTypeConversions(ctx *ir.Context, tc *rewrite.TypeConverter) {
	tc.AddConversion(func(t ir.Type) ir.Type {
		if gpu.IsAsyncTokenType(t) {
			return llvm.Ptr(ctx, 0)
		}
		return nil
	})
}
