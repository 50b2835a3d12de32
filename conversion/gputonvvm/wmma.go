package gputonvvm

import (
	"math"

	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvvm"
)

// The lowering of !gpu.mma_matrix and the gpu.subgroup_mma_* operations
// to the nvvm.wmma operations, as upstream's WmmaOpsToNvvm: a fragment is
// a struct of its registers (NVVM's inferMMAType), loads and stores
// address the element at their indices with the leading dimension as the
// stride, and the elementwise operations apply to each register.

// wmmaElementType is upstream's getElementType: the PTX type of a
// fragment's elements (f32 multiplicands are tf32, i32 accumulators s32).
func wmmaElementType(t gpu.MmaMatrixType) (nvvm.MMATypes, bool) {
	switch e := t.ElementType().(type) {
	case *ir.FloatType:
		switch e.Kind {
		case ir.F16:
			return nvvm.MMATypesF16, true
		case ir.F32:
			if t.Operand() == "COp" {
				return nvvm.MMATypesF32, true
			}
			return nvvm.MMATypesTf32, true
		case ir.F64:
			return nvvm.MMATypesF64, true
		}
	case *ir.IntegerType:
		switch {
		case e.Width == 8 && e.Signedness == ir.Signed:
			return nvvm.MMATypesS8, true
		case e.Width == 8 && e.Signedness == ir.Unsigned:
			return nvvm.MMATypesU8, true
		case e.Width == 32:
			return nvvm.MMATypesS32, true
		}
	}
	return 0, false
}

// wmmaFrag is upstream's convertOperand.
func wmmaFrag(operand string) nvvm.MMAFrag {
	switch operand {
	case "AOp":
		return nvvm.MMAFragA
	case "BOp":
		return nvvm.MMAFragB
	}
	return nvvm.MMAFragC
}

// wmmaStruct is upstream's convertMMAToLLVMType: the struct of a
// fragment's registers, or the register itself when there is one.
func wmmaStruct(ctx *ir.Context, t gpu.MmaMatrixType) (ir.Type, bool) {
	et, ok := wmmaElementType(t)
	if !ok || len(t.Shape()) != 2 {
		return nil, false
	}
	reg, n, ok := nvvm.WmmaFragment(ctx, et, wmmaFrag(t.Operand()), int32(t.Shape()[0]), int32(t.Shape()[1]))
	if !ok {
		return nil, false
	}
	if n == 1 {
		return reg, true
	}
	fs := make([]ir.Type, n)
	for i := range fs {
		fs[i] = reg
	}
	return llvm.LiteralStruct(ctx, fs, false), true
}

// addWmmaTypeConversion converts !gpu.mma_matrix to its struct of
// registers.
func addWmmaTypeConversion(ctx *ir.Context, tc *rewrite.TypeConverter) {
	tc.AddConversion(func(t ir.Type) ir.Type {
		m, ok := gpu.AsMmaMatrixType(t)
		if !ok {
			return nil
		}
		if s, ok := wmmaStruct(ctx, m); ok {
			return s
		}
		return nil
	})
}

// inferWmmaDim returns the dimension missing from a wmma shape: the one
// of candidates that makes shape(d) valid for the element type.
func inferWmmaDim(et nvvm.MMATypes, shape func(d int32) (int32, int32, int32)) (int32, int32, int32, bool) {
	for _, d := range []int32{16, 8, 32, 4} {
		m, n, k := shape(d)
		if nvvm.WmmaShape(et, m, n, k) {
			return m, n, k, true
		}
	}
	return 0, 0, 0, false
}

func wmmaLayout(transpose bool) nvvm.MMALayout {
	if transpose {
		return nvvm.MMALayoutCol
	}
	return nvvm.MMALayoutRow
}

func allLLVM(vs []ir.Value) bool {
	for _, v := range vs {
		if !llvmcommon.IsLLVMType(v.Type()) {
			return false
		}
	}
	return true
}

func wmmaPatterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	return []rewrite.ConversionPattern{
		&rewrite.ConversionFunc{RootName: gpu.SubgroupMmaLoadMatrixOpName, BenefitValue: 1, PatternName: "gpu.subgroup_mma_load_matrix-to-nvvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				l, _ := gpu.AsSubgroupMmaLoadMatrixOp(op)
				ctx := r.Builder.Ctx
				rt, ok := gpu.AsMmaMatrixType(l.Res().Type())
				mt, ok2 := l.SrcMemref().Type().(*ir.MemRefType)
				if !ok || !ok2 || !allLLVM(operands) {
					return false
				}
				et, ok := wmmaElementType(rt)
				if !ok {
					return false
				}
				r0, r1 := int32(rt.Shape()[0]), int32(rt.Shape()[1])
				var m, n, k int32
				switch rt.Operand() {
				case "AOp":
					m, n, k, ok = inferWmmaDim(et, func(d int32) (int32, int32, int32) { return r0, d, r1 })
				case "BOp":
					m, n, k, ok = inferWmmaDim(et, func(d int32) (int32, int32, int32) { return d, r1, r0 })
				default:
					m, n, k, ok = inferWmmaDim(et, func(d int32) (int32, int32, int32) { return r0, r1, d })
				}
				if !ok {
					return false
				}
				st, ok := wmmaStruct(ctx, rt)
				if !ok {
					return false
				}
				loc := op.Loc()
				ptr := memreftollvm.StridedElementPtr(r, loc, tc, mt, operands[0], operands[1:])
				ld := llvm.BuildMlirConstant(r.Builder, loc, l.LeadDimensionAttr(), ctx.I(32)).Result(0)
				res := nvvm.BuildWmmaLoad(r.Builder, loc, ptr, ld, m, n, k, wmmaLayout(l.Transpose()), et, wmmaFrag(rt.Operand()), st)
				r.ReplaceOp(op, []ir.Value{res.Res()})
				return true
			}},
		&rewrite.ConversionFunc{RootName: gpu.SubgroupMmaStoreMatrixOpName, BenefitValue: 1, PatternName: "gpu.subgroup_mma_store_matrix-to-nvvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				s, _ := gpu.AsSubgroupMmaStoreMatrixOp(op)
				ctx := r.Builder.Ctx
				srcT, ok := gpu.AsMmaMatrixType(s.Src().Type())
				mt, ok2 := s.DstMemref().Type().(*ir.MemRefType)
				if !ok || !ok2 || !allLLVM(operands) {
					return false
				}
				et, ok := wmmaElementType(srcT)
				if !ok {
					return false
				}
				m, n := int32(srcT.Shape()[0]), int32(srcT.Shape()[1])
				_, _, k, ok := inferWmmaDim(et, func(d int32) (int32, int32, int32) { return m, n, d })
				if !ok {
					return false
				}
				loc := op.Loc()
				regs := fragmentRegisters(r, loc, operands[0])
				ptr := memreftollvm.StridedElementPtr(r, loc, tc, mt, operands[1], operands[2:])
				ld := llvm.BuildMlirConstant(r.Builder, loc, s.LeadDimensionAttr(), ctx.I(32)).Result(0)
				nvvm.BuildWmmaStore(r.Builder, loc, ptr, regs, ld, m, n, k, wmmaLayout(s.Transpose()), et)
				r.ReplaceOp(op, nil)
				return true
			}},
		&rewrite.ConversionFunc{RootName: gpu.SubgroupMmaComputeOpName, BenefitValue: 1, PatternName: "gpu.subgroup_mma_compute-to-nvvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				c, _ := gpu.AsSubgroupMmaComputeOp(op)
				at, ok1 := gpu.AsMmaMatrixType(c.OpA().Type())
				bt, ok2 := gpu.AsMmaMatrixType(c.OpB().Type())
				ct, ok3 := gpu.AsMmaMatrixType(c.OpC().Type())
				if !ok1 || !ok2 || !ok3 || !allLLVM(operands) {
					return false
				}
				m, n, k := int32(ct.Shape()[0]), int32(ct.Shape()[1]), int32(at.Shape()[1])
				src, okA := wmmaElementType(at)
				dst, okC := wmmaElementType(ct)
				srcB, okB := wmmaElementType(bt)
				if !okA || !okB || !okC || srcB != src || !nvvm.WmmaShape(src, m, n, k) {
					return false
				}
				loc := op.Loc()
				var args []ir.Value
				for _, v := range operands {
					args = append(args, fragmentRegisters(r, loc, v)...)
				}
				res := nvvm.BuildWmmaMma(r.Builder, loc, args, m, n, k, wmmaLayout(c.ATranspose()), wmmaLayout(c.BTranspose()), src, dst, operands[2].Type())
				r.ReplaceOp(op, []ir.Value{res.Res()})
				return true
			}},
		&rewrite.ConversionFunc{RootName: gpu.SubgroupMmaConstantMatrixOpName, BenefitValue: 1, PatternName: "gpu.subgroup_mma_constant_matrix-to-nvvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				rt, ok := gpu.AsMmaMatrixType(op.Result(0).Type())
				if !ok || !allLLVM(operands) || len(operands) != 1 {
					return false
				}
				t, _ := wmmaStruct(ctx, rt)
				st, ok := t.(*llvm.StructType)
				if !ok {
					return false
				}
				loc := op.Loc()
				cst := operands[0]
				if vt, ok := st.Fields[0].(*ir.VectorType); ok {
					vec := llvmcommon.Poison(r, loc, vt)
					for e := int64(0); e < vt.Shape[0]; e++ {
						idx := llvm.BuildMlirConstant(r.Builder, loc, ctx.IntegerAttr(ctx.I(32), e), ctx.I(32)).Result(0)
						vec = llvm.BuildInsertelement(r.Builder, loc, vec, cst, idx).Result(0)
					}
					cst = vec
				}
				agg := llvmcommon.Poison(r, loc, st)
				for i := range st.Fields {
					agg = llvmcommon.Insert(r, loc, agg, cst, int64(i))
				}
				r.ReplaceOp(op, []ir.Value{agg})
				return true
			}},
		&rewrite.ConversionFunc{RootName: gpu.SubgroupMmaElementwiseOpName, BenefitValue: 1, PatternName: "gpu.subgroup_mma_elementwise-to-nvvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				e, _ := gpu.AsSubgroupMmaElementwiseOp(op)
				kind, ok := gpu.MMAElementwiseKind(e)
				rt, ok2 := gpu.AsMmaMatrixType(op.Result(0).Type())
				if !ok || !ok2 || !allLLVM(operands) {
					return false
				}
				switch kind {
				case "addf", "mulf", "divf", "maxf", "minf", "subf", "negatef":
				default:
					return false
				}
				t, _ := wmmaStruct(ctx, rt)
				st, ok := t.(*llvm.StructType)
				if !ok {
					return false
				}
				loc := op.Loc()
				agg := llvmcommon.Poison(r, loc, st)
				for i, ft := range st.Fields {
					var xs []ir.Value
					for _, v := range operands {
						xs = append(xs, llvmcommon.Extract(r, loc, v, ft, int64(i)))
					}
					agg = llvmcommon.Insert(r, loc, agg, wmmaScalarOp(r, loc, kind, xs), int64(i))
				}
				r.ReplaceOp(op, []ir.Value{agg})
				return true
			}},
	}
}

// fragmentRegisters returns the registers of a converted fragment: the
// fields of its struct, or the value itself.
func fragmentRegisters(r *rewrite.ConversionRewriter, loc ir.Location, v ir.Value) []ir.Value {
	st, ok := v.Type().(*llvm.StructType)
	if !ok {
		return []ir.Value{v}
	}
	var regs []ir.Value
	for i, ft := range st.Fields {
		regs = append(regs, llvmcommon.Extract(r, loc, v, ft, int64(i)))
	}
	return regs
}

// wmmaScalarOp is upstream's createScalarOp: one register of an
// elementwise operation. subf and negatef, which mlir-opt-22's
// createScalarOp lacks (it aborts on them), become llvm.fsub and
// llvm.fneg.
func wmmaScalarOp(r *rewrite.ConversionRewriter, loc ir.Location, kind string, xs []ir.Value) ir.Value {
	b := r.Builder
	switch kind {
	case "addf":
		return llvm.BuildFadd(b, loc, xs[0], xs[1]).Result(0)
	case "mulf":
		return llvm.BuildFmul(b, loc, xs[0], xs[1]).Result(0)
	case "divf":
		return llvm.BuildFdiv(b, loc, xs[0], xs[1]).Result(0)
	case "subf":
		return llvm.BuildFsub(b, loc, xs[0], xs[1]).Result(0)
	case "negatef":
		return llvm.BuildFneg(b, loc, xs[0]).Result(0)
	}
	return wmmaMinMax(r, loc, xs[0], xs[1], kind == "minf")
}

// wmmaMinMax is upstream's createMinMaxF: the smaller (or larger) value,
// NaN when either is NaN.
func wmmaMinMax(r *rewrite.ConversionRewriter, loc ir.Location, lhs, rhs ir.Value, isMin bool) ir.Value {
	ctx := r.Builder.Ctx
	t := lhs.Type()
	ft, _ := t.(*ir.FloatType)
	if vt, ok := t.(*ir.VectorType); ok {
		ft, _ = vt.Elem.(*ir.FloatType)
	}
	pred := llvm.FCmpPredicateOgt
	if isMin {
		pred = llvm.FCmpPredicateOlt
	}
	b := r.Builder
	cmp := llvm.BuildFcmp(b, loc, lhs, rhs, pred).Result(0)
	sel := llvm.BuildSelect(b, loc, cmp, lhs, rhs).Result(0)
	isNaN := llvm.BuildFcmp(b, loc, lhs, rhs, llvm.FCmpPredicateUno).Result(0)
	// As upstream, the quiet NaN of the element type, also for vectors.
	nan := llvm.BuildMlirConstant(b, loc, ctx.FloatAttr(ft, math.NaN()), t).Result(0)
	return llvm.BuildSelect(b, loc, isNaN, nan, sel).Result(0)
}
