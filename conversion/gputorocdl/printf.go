package gputorocdl

import (
	"github.com/strata-ir/strata/conversion/gpucommon"
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/llvm"
)

// The device library's (OCKL's) printf protocol of the HIP runtime: a
// message begins, its format string is appended, then its arguments, at
// most seven per call, each as 64 bits; the last call says so.
const (
	ocklBegin   = "__ockl_printf_begin"
	ocklArgs    = "__ockl_printf_append_args"
	ocklStringN = "__ockl_printf_append_string_n"
	argsPerCall = 7
)

// printfHIPPattern lowers gpu.printf for runtime=HIP as upstream's
// GPUPrintfOpToHIPLowering: the format string is an internal constant
// global @printfFormat_N of the gpu.module, floats are extended to f64
// and passed as their bits, narrower integers zero-extended.
func printfHIPPattern() rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: gpu.PrintfOpName, BenefitValue: 1, PatternName: "gpu.printf-to-hip",
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
			i32, i64, ptr := ctx.I(32), ctx.I(64), llvm.Ptr(ctx, 0)
			gpucommon.DeclareFunc(ctx, module, loc, ocklBegin, llvm.Func(ctx, i64, []ir.Type{i64}, false))
			if len(operands) > 0 {
				gpucommon.DeclareFunc(ctx, module, loc, ocklArgs, llvm.Func(ctx, i64,
					[]ir.Type{i64, i32, i64, i64, i64, i64, i64, i64, i64, i32}, false))
			}
			gpucommon.DeclareFunc(ctx, module, loc, ocklStringN, llvm.Func(ctx, i64, []ir.Type{i64, ptr, i64, i32}, false))
			constant := func(t ir.Type, v int64) ir.Value {
				return llvm.BuildMlirConstant(r.Builder, loc, ctx.IntegerAttr(t, v), t).Res()
			}
			call := func(callee string, args ...ir.Value) ir.Value {
				return llvmcommon.Create(r, "llvm.call", loc, args, []ir.Type{i64}, llvmcommon.CallProps(ctx, callee, len(args))).Result(0)
			}
			zero64 := constant(i64, 0)
			desc := call(ocklBegin, zero64)
			global, gt := gpucommon.FormatGlobal(ctx, module, loc, pop.Format())
			addr := llvm.BuildMlirAddressof(r.Builder, loc, global, ptr).Operation.Result(0)
			start := llvm.BuildGetelementptr(r.Builder, loc, addr, nil, ctx.DenseI32Array(0, 0), gt, ptr).Operation.Result(0)
			length := constant(i64, int64(len(pop.Format())+1))
			one32, zero32 := constant(i32, 1), constant(i32, 0)
			last := zero32
			if len(operands) == 0 {
				last = one32
			}
			desc = call(ocklStringN, desc, start, length, last)
			f64 := ctx.FloatType(ir.F64)
			for group := 0; group < len(operands); group += argsPerCall {
				bound := min(group+argsPerCall, len(operands))
				args := []ir.Value{desc, constant(i32, int64(bound-group))}
				for _, v := range operands[group:bound] {
					if ft, ok := v.Type().(*ir.FloatType); ok {
						if ft.Kind != ir.F64 {
							v = llvmcommon.Create(r, "llvm.fpext", loc, []ir.Value{v}, []ir.Type{f64}, nil).Result(0)
						}
						v = llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{v}, []ir.Type{i64}, nil).Result(0)
					}
					if ir.IntOrFloatBitWidth(v.Type()) != 64 {
						v = llvmcommon.Create(r, "llvm.zext", loc, []ir.Value{v}, []ir.Type{i64}, nil).Result(0)
					}
					args = append(args, v)
				}
				for len(args) < 2+argsPerCall {
					args = append(args, zero64)
				}
				isLast := zero32
				if bound == len(operands) {
					isLast = one32
				}
				desc = call(ocklArgs, append(args, isLast)...)
			}
			r.ReplaceOp(op, nil)
			return true
		}}
}
