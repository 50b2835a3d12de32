// Package rocdl defines MLIR's rocdl dialect: the AMD GPU intrinsics that
// the lowerings of gpu and amdgpu produce and that the LLVM IR translation
// turns into llvm.amdgcn.* calls (work-item and work-group ids and sizes,
// lane counting, barriers and counter waits, scheduling hints, DPP and
// cross-lane permutes, buffer resources and buffer loads, stores and
// atomics, direct-to-LDS and transposing LDS loads, MFMA, sparse MFMA and
// WMMA matrix operations, fp8 conversions), with upstream MLIR 22's names
// and syntax. The operations are declared in rocdl.irdl; this file adds
// the custom directive of the special register ranges and the names of
// the function attributes of kernels.
package rocdl

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o rocdl_gen.go rocdl.irdl

import (
	_ "embed"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/llvm"
)

//go:embed rocdl.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/rocdl/rocdl.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Names of the discardable attributes rocdl defines on functions, as
// upstream spells them.
const (
	// KernelAttrName marks an llvm.func as a kernel entry point
	// (amdgpu_kernel calling convention).
	KernelAttrName = "rocdl.kernel"
	// FlatWorkGroupSizeAttrName gives the "min,max" number of work items
	// of a work group.
	FlatWorkGroupSizeAttrName = "rocdl.flat_work_group_size"
	// MaxFlatWorkGroupSizeAttrName bounds the number of work items of a
	// work group.
	MaxFlatWorkGroupSizeAttrName = "rocdl.max_flat_work_group_size"
	// ReqdWorkGroupSizeAttrName gives the exact work group size
	// (array<i32: x, y, z>).
	ReqdWorkGroupSizeAttrName = "rocdl.reqd_work_group_size"
	// WavesPerEUAttrName hints the occupancy.
	WavesPerEUAttrName = "rocdl.waves_per_eu"
)

var once sync.Once

// Register adds the rocdl dialect to ctx (and the llvm dialect, whose
// types its operations use). The definitions are embedded and checked by
// the package's tests, so a failure to load them is a bug in this package
// and panics.
func Register(ctx *ir.Context) {
	once.Do(func() {
		llvm.RegisterConstraints()
		irdl.RegisterCustomDirective("ROCDLRange", llvm.ParseStrippedConstantRange, llvm.PrintStrippedConstantRange)
		registerPairConstraints()
	})
	if ctx.Dialect("llvm") == nil {
		llvm.Register(ctx)
	}
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("rocdl: loading rocdl.irdl: " + err.Error())
	}
	registerTarget(ctx)
	ctx.Dialect("rocdl").VerifyOperationAttr = verifyOperationAttr
}

// verifyOperationAttr is upstream's ROCDLDialect::verifyOperationAttribute:
// rocdl.kernel only on llvm.func. Upstream writes the name as the string
// attribute it is, so the message shows it in double quotes.
func verifyOperationAttr(op *ir.Operation, a ir.NamedAttr) error {
	if _, ok := llvm.AsFuncOp(op); a.Name == KernelAttrName && !ok {
		return ir.EmitError(op, "'\""+KernelAttrName+"\"' attribute attached to unexpected op")
	}
	return nil
}

// registerPairConstraints declares the two-element vectors of 16-bit
// values the scaled conversions read and write (upstream's
// ROCDL_V2I16Type, ROCDL_V2F16Type and ROCDL_V2BF16Type), buildable so
// that formats need not spell them.
func registerPairConstraints() {
	pairs := []struct {
		name, summary string
		elem          func(*ir.Context) ir.Type
		is            func(ir.Type) bool
	}{
		{"ROCDLV2I16", "fixed-length vector of 16-bit signless integer values of length 2",
			func(ctx *ir.Context) ir.Type { return ctx.I(16) },
			func(t ir.Type) bool {
				it, ok := t.(*ir.IntegerType)
				return ok && it.Width == 16 && it.Signedness == ir.Signless
			}},
		{"ROCDLV2F16", "fixed-length vector of 16-bit float values of length 2",
			func(ctx *ir.Context) ir.Type { return ctx.FloatType(ir.F16) }, floatOf(ir.F16)},
		{"ROCDLV2BF16", "fixed-length vector of bfloat16 type values of length 2",
			func(ctx *ir.Context) ir.Type { return ctx.FloatType(ir.BF16) }, floatOf(ir.BF16)},
	}
	for _, p := range pairs {
		elem, is := p.elem, p.is
		irdl.RegisterTypeClassConstraint(p.name, p.summary, func(t ir.Type) bool {
			v, ok := t.(*ir.VectorType)
			return ok && len(v.Shape) == 1 && v.Shape[0] == 2 && len(v.Scalable) == 0 && is(v.Elem)
		}, nil, func(ctx *ir.Context) ir.Type { return ctx.VectorType([]int64{2}, nil, elem(ctx)) })
	}
}

// floatOf reports whether a type is the float type of kind k.
func floatOf(k ir.FloatKind) func(ir.Type) bool {
	return func(t ir.Type) bool {
		f, ok := t.(*ir.FloatType)
		return ok && f.Kind == k
	}
}
