package rocdl

import (
	sir "github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
)

// nativeOCML gives the functions of AMD's device library (OCML) that
// convert-gpu-to-rocdl calls and that the hardware computes with one
// instruction, through the LLVM intrinsic the AMDGPU backend selects to
// it (v_exp_f32, v_log_f32, v_sin_f32, v_cos_f32, v_sqrt_f32 and
// v_rcp_f32). ROCm links the device library's bitcode into the kernel,
// where these functions are inlined into the same instructions; Strata
// links no bitcode, so the translation puts the instructions in place of
// the calls: a kernel that calls only these functions needs no call
// stack (an external call makes the backend reserve 16 KiB of scratch
// per lane). Other device-library functions stay external calls.
var nativeOCML = map[string]func(b *sir.Builder, loc sir.Location, x sir.Value) sir.Value{
	"__ocml_exp2_f32": func(b *sir.Builder, loc sir.Location, x sir.Value) sir.Value {
		return llvm.BuildIntrExp2(b, loc, x).Res()
	},
	"__ocml_log2_f32": func(b *sir.Builder, loc sir.Location, x sir.Value) sir.Value {
		return llvm.BuildIntrLog2(b, loc, x).Res()
	},
	"__ocml_sin_f32": func(b *sir.Builder, loc sir.Location, x sir.Value) sir.Value {
		return llvm.BuildIntrSin(b, loc, x).Res()
	},
	"__ocml_cos_f32": func(b *sir.Builder, loc sir.Location, x sir.Value) sir.Value {
		return llvm.BuildIntrCos(b, loc, x).Res()
	},
	"__ocml_rsqrt_f32": func(b *sir.Builder, loc sir.Location, x sir.Value) sir.Value {
		s := llvm.BuildIntrSqrt(b, loc, x).Res()
		f32 := b.Ctx.FloatType(sir.F32)
		one := llvm.BuildMlirConstant(b, loc, b.Ctx.FloatAttr(f32, 1), f32).Res()
		return llvm.BuildFdiv(b, loc, one, s).Res()
	},
}

// inlineNativeOCML returns a copy of module (a gpu.module or a module of
// llvm.func operations) in which the calls of nativeOCML's functions are
// their instructions, or module itself when it calls none of them.
func inlineNativeOCML(module *sir.Operation) *sir.Operation {
	var calls []llvm.CallOp
	find := func(m *sir.Operation) {
		calls = calls[:0]
		m.Walk(sir.PreOrder, func(op *sir.Operation) bool {
			if c, ok := llvm.AsCallOp(op); ok {
				if name, ok := c.Callee(); ok && nativeOCML[name] != nil && len(c.CalleeOperands()) == 1 && c.Result() != nil {
					calls = append(calls, c)
				}
			}
			return true
		})
	}
	find(module)
	if len(calls) == 0 {
		return module
	}
	module = module.Clone(nil)
	find(module)
	b := sir.NewBuilder(module.Context())
	for _, c := range calls {
		name, _ := c.Callee()
		b.SetInsertionPoint(c.Operation)
		r := nativeOCML[name](b, c.Loc(), c.CalleeOperands()[0])
		sir.ReplaceAllUsesWith(c.Result(), r)
		c.Erase()
	}
	return module
}
