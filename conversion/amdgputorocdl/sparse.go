package amdgputorocdl

import (
	"fmt"

	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
)

// smfmacIntrinsic is the rocdl operation (without the prefix) of a
// sparse MFMA of m x n x k with a, b and dest element types on chip
// (gfx942 and gfx950; the fp8 formats the chip converts, fp8 for E4M3,
// bf8 for E5M2), as upstream's smfmacOpToIntrinsic chooses it.
func smfmacIntrinsic(chip Chipset, m, n, k int64, a, b, dest ir.Type) (string, bool) {
	gfx950 := chip.Is(9, 5, 0)
	f16 := isKind(a, ir.F16) && isKind(b, ir.F16) && isKind(dest, ir.F32)
	bf16 := isKind(a, ir.BF16) && isKind(b, ir.BF16) && isKind(dest, ir.F32)
	i8 := ir.IntOrFloatBitWidth(a) == 8 && !isFloat(a) && ir.IntOrFloatBitWidth(b) == 8 && !isFloat(b) &&
		ir.IntOrFloatBitWidth(dest) == 32 && !isFloat(dest)
	fp8 := ""
	if fa, ok := fp8Name(a); ok && fp8Supported(chip, a) && isKind(dest, ir.F32) {
		if fb, ok := fp8Name(b); ok && fp8Supported(chip, b) {
			fp8 = fa + "." + fb
		}
	}
	shape := fmt.Sprintf("%dx%dx%d", m, n, k)
	switch {
	case shape == "16x16x32" || shape == "32x32x16":
		if f16 {
			return "smfmac.f32." + shape + ".f16", true
		}
		if bf16 {
			return "smfmac.f32." + shape + ".bf16", true
		}
	case shape == "16x16x64" || shape == "32x32x32":
		if gfx950 && f16 {
			return "smfmac.f32." + shape + ".f16", true
		}
		if gfx950 && bf16 {
			return "smfmac.f32." + shape + ".bf16", true
		}
		if i8 {
			return "smfmac.i32." + shape + ".i8", true
		}
		if fp8 != "" {
			return "smfmac.f32." + shape + "." + fp8, true
		}
	case (shape == "16x16x128" || shape == "32x32x64") && gfx950:
		if i8 {
			return "smfmac.i32." + shape + ".i8", true
		}
		if fp8 != "" {
			return "smfmac.f32." + shape + "." + fp8, true
		}
	}
	return "", false
}

// sparseOperand converts a source of a sparse MFMA to the intrinsic's
// type: 8-bit vectors as i32 vectors, bf16 vectors as i16 vectors below
// gfx950.
func sparseOperand(r *rewrite.ConversionRewriter, loc ir.Location, v ir.Value, gfx950 bool) ir.Value {
	ctx := r.Builder.Ctx
	vt, ok := v.Type().(*ir.VectorType)
	if !ok {
		return v
	}
	var t ir.Type
	switch {
	case isKind(vt.Elem, ir.BF16) && !gfx950:
		t = ctx.VectorType(vt.Shape, nil, ctx.I(16))
	case ir.IntOrFloatBitWidth(vt.Elem) == 8:
		t = ctx.VectorType([]int64{numElems(vt) / 4}, nil, ctx.I(32))
	default:
		return v
	}
	return llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{v}, []ir.Type{t}, nil).Result(0)
}

// sparseMFMAPattern lowers amdgpu.sparse_mfma to the smfmac intrinsics of
// gfx942 and gfx950: the sources converted, the sparsity indices
// bitcast to an i32, then cbsz and abid.
func sparseMFMAPattern(chip Chipset) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.SparseMfmaOpName, BenefitValue: 1, PatternName: "amdgpu.sparse_mfma-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			s, ok := amdgpu.AsSparseMfmaOp(op)
			if !ok || len(operands) != 4 || chip.Major != 9 || !chip.AtLeast(9, 4, 2) {
				return false
			}
			name, ok := smfmacIntrinsic(chip, intProp(op, "m"), intProp(op, "n"), intProp(op, "k"),
				elemOf(s.SourceA().Type()), elemOf(s.SourceB().Type()), elemOf(s.DestC().Type()))
			if !ok {
				return false
			}
			loc := op.Loc()
			gfx950 := chip.Is(9, 5, 0)
			a := sparseOperand(r, loc, operands[0], gfx950)
			b := sparseOperand(r, loc, operands[1], gfx950)
			ctx := r.Builder.Ctx
			idx := llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{operands[3]}, []ir.Type{ctx.I(32)}, nil).Result(0)
			args := []ir.Value{a, b, operands[2], idx, constI32(r, loc, int64(s.Cbsz())), constI32(r, loc, int64(s.Abid()))}
			res := llvmcommon.Create(r, "rocdl."+name, loc, args, []ir.Type{operands[2].Type()}, nil).Result(0)
			r.ReplaceOp(op, []ir.Value{res})
			return true
		}}
}
