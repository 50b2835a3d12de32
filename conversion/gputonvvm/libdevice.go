package gputonvvm

import (
	"strings"

	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
)

// libdevice maps operations to libdevice functions for f32 and f64, and
// the fast f32 variant used under fastmath<afn>, as upstream's
// populateLibDeviceConversionPatterns.
var libdevice = []struct{ op, f32, f64, fast string }{
	{"arith.remf", "__nv_fmodf", "__nv_fmod", ""},
	{"arith.maxnumf", "__nv_fmaxf", "__nv_fmax", ""},
	{"arith.minnumf", "__nv_fminf", "__nv_fmin", ""},
	{"math.absf", "__nv_fabsf", "__nv_fabs", ""},
	{"math.acos", "__nv_acosf", "__nv_acos", ""},
	{"math.acosh", "__nv_acoshf", "__nv_acosh", ""},
	{"math.asin", "__nv_asinf", "__nv_asin", ""},
	{"math.asinh", "__nv_asinhf", "__nv_asinh", ""},
	{"math.atan", "__nv_atanf", "__nv_atan", ""},
	{"math.atan2", "__nv_atan2f", "__nv_atan2", ""},
	{"math.atanh", "__nv_atanhf", "__nv_atanh", ""},
	{"math.cbrt", "__nv_cbrtf", "__nv_cbrt", ""},
	{"math.ceil", "__nv_ceilf", "__nv_ceil", ""},
	{"math.copysign", "__nv_copysignf", "__nv_copysign", ""},
	{"math.cos", "__nv_cosf", "__nv_cos", "__nv_fast_cosf"},
	{"math.cosh", "__nv_coshf", "__nv_cosh", ""},
	{"math.erf", "__nv_erff", "__nv_erf", ""},
	{"math.erfc", "__nv_erfcf", "__nv_erfc", ""},
	{"math.exp", "__nv_expf", "__nv_exp", "__nv_fast_expf"},
	{"math.exp2", "__nv_exp2f", "__nv_exp2", ""},
	{"math.expm1", "__nv_expm1f", "__nv_expm1", ""},
	{"math.floor", "__nv_floorf", "__nv_floor", ""},
	{"math.fma", "__nv_fmaf", "__nv_fma", ""},
	{"math.log", "__nv_logf", "__nv_log", "__nv_fast_logf"},
	{"math.log10", "__nv_log10f", "__nv_log10", "__nv_fast_log10f"},
	{"math.log1p", "__nv_log1pf", "__nv_log1p", ""},
	{"math.log2", "__nv_log2f", "__nv_log2", "__nv_fast_log2f"},
	{"math.powf", "__nv_powf", "__nv_pow", "__nv_fast_powf"},
	{"math.round", "__nv_roundf", "__nv_round", ""},
	{"math.roundeven", "__nv_rintf", "__nv_rint", ""},
	{"math.rsqrt", "__nv_rsqrtf", "__nv_rsqrt", ""},
	{"math.sin", "__nv_sinf", "__nv_sin", "__nv_fast_sinf"},
	{"math.sinh", "__nv_sinhf", "__nv_sinh", ""},
	{"math.sqrt", "__nv_sqrtf", "__nv_sqrt", ""},
	{"math.tan", "__nv_tanf", "__nv_tan", "__nv_fast_tanf"},
	{"math.tanh", "__nv_tanhf", "__nv_tanh", ""},
}

// libdevicePatterns lower scalar float operations to calls of libdevice,
// ahead of the generic math and arith lowerings. f16 and bf16 operands are
// extended to f32 and the result truncated back, as upstream's
// OpToFuncCallLowering.
func libdevicePatterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	var ps []rewrite.ConversionPattern
	for _, e := range libdevice {
		e := e
		ps = append(ps, &rewrite.ConversionFunc{RootName: e.op, BenefitValue: 10, PatternName: e.op + "-to-libdevice",
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
					res, ok := callScalar(r, op, e.f32, e.f64, e.fast, ft, operands)
					if !ok {
						return false
					}
					r.ReplaceOp(op, []ir.Value{res})
					return true
				}
				// A 1-D vector is unrolled element by element.
				vt, ok := t.(*ir.VectorType)
				if !ok {
					return false
				}
				ft, ok := vt.Elem.(*ir.FloatType)
				if !ok {
					return false
				}
				return llvmcommon.UnrollToScalars(r, op, operands, vt, func(elems []ir.Value) (ir.Value, bool) {
					return callScalar(r, op, e.f32, e.f64, e.fast, ft, elems)
				})
			}})
	}
	return ps
}

// callScalar calls the libdevice function for scalars of type rt,
// extending f16 and bf16 to f32 and truncating the result back.
func callScalar(r *rewrite.ConversionRewriter, op *ir.Operation, f32, f64, fast string, rt *ir.FloatType, args []ir.Value) (ir.Value, bool) {
	ctx := r.Builder.Ctx
	loc := op.Loc()
	callType := rt
	switch rt.Kind {
	case ir.F16, ir.BF16:
		callType = ctx.FloatType(ir.F32)
	case ir.F32, ir.F64:
	default:
		return nil, false
	}
	name := f64
	if callType.Kind == ir.F32 {
		name = f32
		if fast != "" && hasAfn(op) {
			name = fast
		}
	}
	params := make([]ir.Type, len(args))
	callArgs := make([]ir.Value, len(args))
	for i, v := range args {
		if callType != rt {
			v = llvmcommon.Create(r, "llvm.fpext", loc, []ir.Value{v}, []ir.Type{callType}, nil).Result(0)
		}
		callArgs[i], params[i] = v, callType
	}
	llvmcommon.DeclareBefore(r, op, name, llvm.Func(ctx, callType, params, false))
	res := llvmcommon.Create(r, "llvm.call", loc, callArgs, []ir.Type{callType}, callProps(ctx, name, len(callArgs))).Result(0)
	if callType != rt {
		res = llvmcommon.Create(r, "llvm.fptrunc", loc, []ir.Value{res}, []ir.Type{rt}, nil).Result(0)
	}
	return res, true
}

func hasAfn(op *ir.Operation) bool {
	a := op.InherentAttr("fastmath")
	if a == nil {
		return false
	}
	s := ir.AttrString(a)
	if i := strings.IndexByte(s, '<'); i >= 0 {
		s = s[i+1:]
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '>' }) {
		if f == "afn" || f == "fast" {
			return true
		}
	}
	return false
}

// callProps are the properties of a direct llvm.call of callee with n
// arguments, as the llvm dialect's custom parser gives them.
func callProps(ctx *ir.Context, callee string, n int) []ir.NamedAttr {
	return []ir.NamedAttr{
		{Name: "callee", Value: ctx.SymbolRefAttr(callee, nil)},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(n), 0)},
		{Name: "op_bundle_sizes", Value: ctx.DenseI32Array()},
	}
}
