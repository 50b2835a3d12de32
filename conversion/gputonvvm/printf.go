package gputonvvm

import (
	"github.com/strata-ir/strata/conversion/gpucommon"
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/llvm"
)

// vprintf is CUDA's device-side printf: the format string and a pointer
// to the arguments packed in a struct.
const vprintf = "vprintf"

// printfPattern lowers gpu.printf as upstream's
// GPUPrintfOpToVPrintfLowering: the format string becomes an internal
// constant global @printfFormat_N of the gpu.module (shared by equal
// strings), the arguments (floats extended to f64, as C's variadic calls
// promote them) are stored into a struct on the stack, and vprintf, which
// the module declares, is called with both.
func printfPattern() rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: gpu.PrintfOpName, BenefitValue: 1, PatternName: "gpu.printf-to-vprintf",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			ctx := r.Builder.Ctx
			pop, ok := gpu.AsPrintfOp(op)
			if !ok {
				return false
			}
			module, ok := gpucommon.PrintfModule(op, operands)
			if !ok {
				return false
			}
			loc := op.Loc()
			ptr := llvm.Ptr(ctx, 0)
			i32 := ctx.I(32)
			gpucommon.DeclareFunc(ctx, module, loc, vprintf, llvm.Func(ctx, i32, []ir.Type{ptr, ptr}, false))
			global, gt := gpucommon.FormatGlobal(ctx, module, loc, pop.Format())
			addr := llvm.BuildMlirAddressof(r.Builder, loc, global, ptr).Operation.Result(0)
			start := llvm.BuildGetelementptr(r.Builder, loc, addr, nil, ctx.DenseI32Array(0, 0), gt, ptr).Operation.Result(0)
			var types []ir.Type
			var args []ir.Value
			for _, v := range operands {
				if _, ok := v.Type().(*ir.FloatType); ok {
					// Upstream extends every float, f64 included.
					v = llvmcommon.Create(r, "llvm.fpext", loc, []ir.Value{v}, []ir.Type{ctx.FloatType(ir.F64)}, nil).Result(0)
				}
				types = append(types, v.Type())
				args = append(args, v)
			}
			st := llvm.LiteralStruct(ctx, types, false)
			alloca := llvm.BuildAlloca(r.Builder, loc, llvmcommon.Const(r, loc, 1), st, ptr).Operation.Result(0)
			for i, v := range args {
				p := llvm.BuildGetelementptr(r.Builder, loc, alloca, nil, ctx.DenseI32Array(0, int32(i)), st, ptr).Operation.Result(0)
				llvm.BuildStore(r.Builder, loc, v, p)
			}
			llvmcommon.Create(r, "llvm.call", loc, []ir.Value{start, alloca}, []ir.Type{i32}, callProps(ctx, vprintf, 2))
			r.ReplaceOp(op, nil)
			return true
		}}
}
