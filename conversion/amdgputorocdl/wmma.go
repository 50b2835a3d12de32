package amdgputorocdl

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
)

// wmmaIntrinsic is the rocdl operation of a WMMA of sources a and b
// (element types) into dest elements with K k, on gfx11 (RDNA3) or gfx12
// (RDNA4, which adds the 8-bit float forms and the K=32 4-bit one).
func wmmaIntrinsic(a, b, dest ir.Type, k int64, rdna3 bool) (string, bool) {
	intOf := func(t ir.Type, w int) bool {
		it, ok := t.(*ir.IntegerType)
		return ok && int(it.Width) == w
	}
	fp8 := func(t ir.Type) bool { return isKind(t, ir.F8E4M3FN) }
	bf8 := func(t ir.Type) bool { return isKind(t, ir.F8E5M2) }
	f32 := isKind(dest, ir.F32)
	switch k {
	case 16:
		switch {
		case isKind(a, ir.F16) && f32:
			return "wmma.f32.16x16x16.f16", true
		case isKind(a, ir.BF16) && f32:
			return "wmma.f32.16x16x16.bf16", true
		case isKind(a, ir.F16) && isKind(dest, ir.F16):
			return "wmma.f16.16x16x16.f16", true
		case isKind(a, ir.BF16) && isKind(dest, ir.BF16):
			return "wmma.bf16.16x16x16.bf16", true
		case intOf(a, 8) && intOf(dest, 32):
			return "wmma.i32.16x16x16.iu8", true
		case rdna3:
			if intOf(a, 4) && intOf(dest, 32) {
				return "wmma.i32.16x16x16.iu4", true
			}
		case fp8(a) && fp8(b) && f32:
			return "wmma.f32.16x16x16.fp8_fp8", true
		case fp8(a) && bf8(b) && f32:
			return "wmma.f32.16x16x16.fp8_bf8", true
		case bf8(a) && bf8(b) && f32:
			return "wmma.f32.16x16x16.bf8_bf8", true
		case bf8(a) && fp8(b) && f32:
			return "wmma.f32.16x16x16.bf8_fp8", true
		case intOf(a, 4) && intOf(dest, 32):
			return "wmma.i32.16x16x16.iu4", true
		}
	case 32:
		if !rdna3 && intOf(a, 4) && intOf(dest, 32) {
			return "wmma.i32.16x16x32.iu4", true
		}
	}
	return "", false
}

// wmmaPattern lowers amdgpu.wmma on gfx11 and gfx12 as upstream does:
// bf16 sources and accumulators move as i16 vectors (cast back after),
// sources of 8 bits or less are packed into an i32 (zero-extended when
// they fill less) or an i32 vector, integer sources add their
// signedness (signA, signB: the element type's, else the op's
// unsignedA/B), 16-bit accumulators their half (opsel, from
// subwordOffset, which gfx12 does not have) and i32 ones clamp.
func wmmaPattern(chip Chipset) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.WmmaOpName, BenefitValue: 1, PatternName: "amdgpu.wmma-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			w, ok := amdgpu.AsWmmaOp(op)
			if !ok || len(operands) != 3 || (chip.Major != 11 && chip.Major != 12) || chip.AtLeast(12, 5, 0) {
				return false
			}
			ctx := r.Builder.Ctx
			loc := op.Loc()
			name, ok := wmmaIntrinsic(elemOf(w.SourceA().Type()), elemOf(w.SourceB().Type()), elemOf(w.DestC().Type()),
				intProp(op, "k"), chip.Major == 11)
			subword := intProp(op, "subwordOffset")
			if !ok || (chip.Major >= 12 && subword != 0) {
				return false
			}
			toI16 := func(v ir.Value) ir.Value {
				vt, ok := v.Type().(*ir.VectorType)
				if !ok || !isKind(vt.Elem, ir.BF16) {
					return v
				}
				return llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{v},
					[]ir.Type{ctx.VectorType(vt.Shape, nil, ctx.I(16))}, nil).Result(0)
			}
			a, b, c := toI16(operands[0]), toI16(operands[1]), toI16(operands[2])
			var args []ir.Value
			var props []ir.NamedAttr
			input := func(v ir.Value, orig ir.Type, unsigned bool, sign string) {
				vt, ok := v.Type().(*ir.VectorType)
				if !ok || ir.IntOrFloatBitWidth(vt.Elem) > 8 {
					args = append(args, v)
					return
				}
				if it, ok := elemOf(orig).(*ir.IntegerType); ok {
					switch it.Signedness {
					case ir.Unsigned:
						unsigned = true
					case ir.Signed:
						unsigned = false
					}
					props = append(props, ir.NamedAttr{Name: sign, Value: ctx.Bool(!unsigned)})
				}
				bits := numElems(vt) * int64(ir.IntOrFloatBitWidth(vt.Elem))
				var t ir.Type = ctx.VectorType([]int64{bits / 32}, nil, ctx.I(32))
				if bits <= 32 {
					t = ctx.I(uint32(bits))
				}
				if t != v.Type() {
					v = llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{v}, []ir.Type{t}, nil).Result(0)
				}
				if bits < 32 {
					v = llvmcommon.Create(r, "llvm.zext", loc, []ir.Value{v}, []ir.Type{ctx.I(32)}, nil).Result(0)
				}
				args = append(args, v)
			}
			input(a, w.SourceA().Type(), w.UnsignedA(), "signA")
			input(b, w.SourceB().Type(), w.UnsignedB(), "signB")
			args = append(args, c)
			switch ce := elemOf(c.Type()); {
			case isKind(ce, ir.F16) || isKind(ce, ir.BF16) || ir.IntOrFloatBitWidth(ce) == 16 && !isFloat(ce):
				props = append(props, ir.NamedAttr{Name: "opsel", Value: ctx.Bool(subword != 0)})
			case ir.IntOrFloatBitWidth(ce) == 32 && !isFloat(ce):
				props = append(props, ir.NamedAttr{Name: "clamp", Value: ctx.Bool(w.Clamp())})
			}
			res := llvmcommon.Create(r, "rocdl."+name, loc, args, []ir.Type{c.Type()}, props).Result(0)
			if res.Type() != operands[2].Type() {
				res = llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{res}, []ir.Type{operands[2].Type()}, nil).Result(0)
			}
			r.ReplaceOp(op, []ir.Value{res})
			return true
		}}
}
