package gputonvvm

import (
	"strconv"

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
			var module *ir.Operation
			for p := op.ParentOp(); p != nil; p = p.ParentOp() {
				if _, ok := gpu.AsModuleOp(p); ok {
					module = p
					break
				}
			}
			if module == nil || module.Region(0).First() == nil {
				return false
			}
			for _, v := range operands {
				switch v.Type().(type) {
				case *ir.IntegerType, *ir.FloatType:
				default:
					return false
				}
			}
			loc := op.Loc()
			ptr := llvm.Ptr(ctx, 0)
			i32 := ctx.I(32)
			declareVprintf(ctx, module, loc, llvm.Func(ctx, i32, []ir.Type{ptr, ptr}, false))
			global, gt := formatGlobal(ctx, module, loc, pop.Format())
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

// declareVprintf declares vprintf at the start of module unless a symbol
// of that name is visible from it (upstream's getOrDefineFunction).
func declareVprintf(ctx *ir.Context, module *ir.Operation, loc ir.Location, ft *llvm.FuncType) {
	for t := module; t != nil; t = t.ParentOp() {
		if t.HasTrait(ir.SymbolTableTrait) && t.NumRegions() > 0 && t.Region(0).First() != nil &&
			ir.NewSymbolTable(t).Lookup(vprintf) != nil {
			return
		}
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(module.Region(0).First())
	f := llvm.BuildFunc(b, loc, vprintf, ft)
	if f.Operation != nil {
		llvmcommon.DropProperty(ctx, f.Operation, "unnamed_addr")
	}
}

// formatGlobal returns the name and type of the internal constant global
// of module that holds format with a terminating NUL, creating
// @printfFormat_N at the start of module unless an equal one exists
// (upstream's getOrCreateStringConstant).
func formatGlobal(ctx *ir.Context, module *ir.Operation, loc ir.Location, format string) (string, ir.Type) {
	s := format + "\x00"
	gt := llvm.Array(ctx, uint64(len(s)), ctx.I(8))
	value := ctx.Str(s)
	body := module.Region(0).First()
	for o := body.First(); o != nil; o = o.Next() {
		g, ok := llvm.AsMlirGlobalOp(o)
		if !ok || g.GlobalType() != gt || o.InherentAttr("constant") == nil || o.InherentAttr("value") != value {
			continue
		}
		if a, ok := o.InherentAttr("alignment").(*ir.IntegerAttr); ok && a.Int64() != 0 {
			continue
		}
		if a, ok := o.InherentAttr("addr_space").(*ir.IntegerAttr); ok && a.Int64() != 0 {
			continue
		}
		return g.SymName(), gt
	}
	table := ir.NewSymbolTable(module)
	name := ""
	for n := 0; ; n++ {
		name = "printfFormat_" + strconv.Itoa(n)
		if table.Lookup(name) == nil {
			break
		}
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(body)
	g := llvm.BuildMlirGlobal(b, loc, gt, name, llvm.LinkageInternal, llvm.MlirGlobalOptions{Constant: true, Value: value})
	if g.Operation != nil {
		llvmcommon.DropProperty(ctx, g.Operation, "unnamed_addr")
	}
	return name, gt
}
