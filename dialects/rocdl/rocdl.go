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
// rocdl.kernel only on llvm.func.
func verifyOperationAttr(op *ir.Operation, a ir.NamedAttr) error {
	if _, ok := llvm.AsFuncOp(op); a.Name == KernelAttrName && !ok {
		return ir.EmitError(op, "'"+KernelAttrName+"' attribute attached to unexpected op")
	}
	return nil
}
