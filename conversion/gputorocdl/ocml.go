package gputorocdl

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
)

// ocml maps operations to the functions of AMD's device library (OCML)
// as upstream's populateMathToROCDLConversionPatterns: the base name
// takes the suffix _f16, _f32 or _f64. Operations the backend selects
// well for f32 (exp, log) keep their f32 form for the llvm intrinsic.
var ocml = []struct {
	op, base string
	noF32    bool
}{
	{"arith.remf", "fmod", false},
	{"math.acos", "acos", false},
	{"math.acosh", "acosh", false},
	{"math.asin", "asin", false},
	{"math.asinh", "asinh", false},
	{"math.atan", "atan", false},
	{"math.atan2", "atan2", false},
	{"math.atanh", "atanh", false},
	{"math.cbrt", "cbrt", false},
	{"math.ceil", "ceil", false},
	{"math.cos", "cos", false},
	{"math.cosh", "cosh", false},
	{"math.erf", "erf", false},
	{"math.erfc", "erfc", false},
	{"math.exp", "exp", true},
	{"math.exp2", "exp2", false},
	{"math.expm1", "expm1", false},
	{"math.floor", "floor", false},
	{"math.log", "log", true},
	{"math.log10", "log10", false},
	{"math.log1p", "log1p", false},
	{"math.log2", "log2", false},
	{"math.powf", "pow", false},
	{"math.rsqrt", "rsqrt", false},
	{"math.sin", "sin", false},
	{"math.sinh", "sinh", false},
	{"math.tan", "tan", false},
	{"math.tanh", "tanh", false},
}

// ocmlPatterns lower scalar float operations, and 1-D vectors of them
// element by element, to OCML calls, ahead of the generic math and arith
// lowerings. bf16 operands are extended to f32 and the result truncated
// back, as upstream's OpToFuncCallLowering.
func ocmlPatterns() []rewrite.ConversionPattern {
	var ps []rewrite.ConversionPattern
	for _, e := range ocml {
		e := e
		ps = append(ps, &rewrite.ConversionFunc{RootName: e.op, BenefitValue: 10, PatternName: e.op + "-to-ocml",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				if op.NumResults() != 1 || len(operands) == 0 {
					return false
				}
				for i, v := range operands {
					if v.Type() != op.Operand(i).Type() {
						return false
					}
				}
				t := op.Result(0).Type()
				if ft, ok := t.(*ir.FloatType); ok {
					res, ok := callOCML(r, op, e.base, e.noF32, ft, operands)
					if !ok {
						return false
					}
					r.ReplaceOp(op, []ir.Value{res})
					return true
				}
				vt, ok := t.(*ir.VectorType)
				if !ok {
					return false
				}
				ft, ok := vt.Elem.(*ir.FloatType)
				if !ok || (e.noF32 && ft.Kind == ir.F32) {
					return false
				}
				return llvmcommon.UnrollToScalars(r, op, operands, vt, func(elems []ir.Value) (ir.Value, bool) {
					return callOCML(r, op, e.base, e.noF32, ft, elems)
				})
			}})
	}
	return ps
}

// callOCML calls the OCML function base for scalars of type rt.
func callOCML(r *rewrite.ConversionRewriter, op *ir.Operation, base string, noF32 bool, rt *ir.FloatType, args []ir.Value) (ir.Value, bool) {
	ctx := r.Builder.Ctx
	loc := op.Loc()
	callType := rt
	switch rt.Kind {
	case ir.BF16:
		callType = ctx.FloatType(ir.F32)
	case ir.F16, ir.F32, ir.F64:
	default:
		return nil, false
	}
	if noF32 && callType.Kind == ir.F32 {
		return nil, false
	}
	name := "__ocml_" + base + "_" + callType.Kind.String()
	params := make([]ir.Type, len(args))
	callArgs := make([]ir.Value, len(args))
	for i, v := range args {
		if callType != rt {
			v = llvmcommon.Create(r, "llvm.fpext", loc, []ir.Value{v}, []ir.Type{callType}, nil).Result(0)
		}
		callArgs[i], params[i] = v, callType
	}
	llvmcommon.DeclareBefore(r, op, name, llvm.Func(ctx, callType, params, false))
	res := llvmcommon.Create(r, "llvm.call", loc, callArgs, []ir.Type{callType}, llvmcommon.CallProps(ctx, name, len(callArgs))).Result(0)
	if callType != rt {
		res = llvmcommon.Create(r, "llvm.fptrunc", loc, []ir.Value{res}, []ir.Type{rt}, nil).Result(0)
	}
	return res, true
}
