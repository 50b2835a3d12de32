package amdgputorocdl

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
)

// wmmaOperand converts a WMMA source or accumulator to the type the gfx11
// intrinsics take: bf16 vectors as i16 vectors, 8- and 4-bit integer
// vectors packed into i32s (one i32 when they fill one).
func wmmaOperand(r *rewrite.ConversionRewriter, loc ir.Location, v ir.Value) ir.Value {
	ctx := r.Builder.Ctx
	vt, ok := v.Type().(*ir.VectorType)
	if !ok {
		return v
	}
	n := numElems(vt)
	cast := func(t ir.Type) ir.Value {
		return llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{v}, []ir.Type{t}, nil).Result(0)
	}
	if isKind(vt.Elem, ir.BF16) {
		return cast(ctx.VectorType([]int64{n}, nil, ctx.I(16)))
	}
	if it, ok := vt.Elem.(*ir.IntegerType); ok && it.Width < 32 {
		words := n * int64(it.Width) / 32
		if words == 1 {
			return cast(ctx.I(32))
		}
		return cast(ctx.VectorType([]int64{words}, nil, ctx.I(32)))
	}
	return v
}

// wmmaPattern lowers amdgpu.wmma on gfx11 (RDNA3): the intrinsic of the
// accumulator and source types, with opsel choosing the half of a 16-bit
// accumulator and the integer forms' signedness and clamping.
func wmmaPattern(chip Chipset) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.WmmaOpName, BenefitValue: 1, PatternName: "amdgpu.wmma-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			if chip.Major != 11 || len(operands) != 3 || intProp(op, "k") != 16 {
				return false
			}
			ctx := r.Builder.Ctx
			loc := op.Loc()
			srcElem := elemOf(op.Operand(0).Type())
			dstElem := elemOf(op.Operand(2).Type())
			var name string
			var props []ir.NamedAttr
			opsel := ir.NamedAttr{Name: "opsel", Value: ctx.Bool(intProp(op, "subwordOffset") != 0)}
			signs := []ir.NamedAttr{
				{Name: "signA", Value: ctx.Bool(op.InherentAttr("unsignedA") == nil)},
				{Name: "signB", Value: ctx.Bool(op.InherentAttr("unsignedB") == nil)},
				{Name: "clamp", Value: ctx.Bool(op.InherentAttr("clamp") != nil)},
			}
			switch {
			case isKind(dstElem, ir.F32) && isKind(srcElem, ir.F16):
				name = "wmma.f32.16x16x16.f16"
			case isKind(dstElem, ir.F32) && isKind(srcElem, ir.BF16):
				name = "wmma.f32.16x16x16.bf16"
			case isKind(dstElem, ir.F16) && isKind(srcElem, ir.F16):
				name, props = "wmma.f16.16x16x16.f16", []ir.NamedAttr{opsel}
			case isKind(dstElem, ir.BF16) && isKind(srcElem, ir.BF16):
				name, props = "wmma.bf16.16x16x16.bf16", []ir.NamedAttr{opsel}
			case ir.IntOrFloatBitWidth(srcElem) == 8 && !isFloat(srcElem):
				name, props = "wmma.i32.16x16x16.iu8", signs
			case ir.IntOrFloatBitWidth(srcElem) == 4 && !isFloat(srcElem):
				name, props = "wmma.i32.16x16x16.iu4", signs
			default:
				return false
			}
			a := wmmaOperand(r, loc, operands[0])
			b := wmmaOperand(r, loc, operands[1])
			c := wmmaOperand(r, loc, operands[2])
			res := llvmcommon.Create(r, "rocdl."+name, loc, []ir.Value{a, b, c}, []ir.Type{c.Type()}, props).Result(0)
			if res.Type() != operands[2].Type() {
				res = llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{res}, []ir.Type{operands[2].Type()}, nil).Result(0)
			}
			r.ReplaceOp(op, []ir.Value{res})
			return true
		}}
}
