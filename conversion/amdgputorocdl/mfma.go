package amdgputorocdl

import (
	"fmt"

	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
)

// mfmaShape is the MxNxK, blocks of an mfma and its source element kind.
type mfmaShape struct {
	m, n, k, blocks int64
	src             string // f32, f16, bf16, bf16_1k, i8, f64, xf32, fp8
}

// mfmaIntrinsics are the MFMA intrinsics of gfx908 to gfx942 by shape
// and source kind, as upstream's mfmaOpToIntrinsic.
var mfmaIntrinsics = map[mfmaShape]string{
	{32, 32, 1, 2, "f32"}: "mfma.f32.32x32x1f32", {16, 16, 1, 4, "f32"}: "mfma.f32.16x16x1f32",
	{4, 4, 1, 16, "f32"}: "mfma.f32.4x4x1f32", {32, 32, 2, 1, "f32"}: "mfma.f32.32x32x2f32",
	{16, 16, 4, 1, "f32"}: "mfma.f32.16x16x4f32",
	{32, 32, 4, 2, "f16"}: "mfma.f32.32x32x4f16", {16, 16, 4, 4, "f16"}: "mfma.f32.16x16x4f16",
	{4, 4, 4, 16, "f16"}: "mfma.f32.4x4x4f16", {32, 32, 8, 1, "f16"}: "mfma.f32.32x32x8f16",
	{16, 16, 16, 1, "f16"}: "mfma.f32.16x16x16f16",
	{32, 32, 2, 2, "bf16"}: "mfma.f32.32x32x2bf16", {16, 16, 2, 4, "bf16"}: "mfma.f32.16x16x2bf16",
	{4, 4, 2, 16, "bf16"}: "mfma.f32.4x4x2bf16", {32, 32, 4, 1, "bf16"}: "mfma.f32.32x32x4bf16",
	{16, 16, 8, 1, "bf16"}:    "mfma.f32.16x16x8bf16",
	{32, 32, 4, 2, "bf16_1k"}: "mfma.f32.32x32x4bf16.1k", {16, 16, 4, 4, "bf16_1k"}: "mfma.f32.16x16x4bf16.1k",
	{4, 4, 4, 16, "bf16_1k"}: "mfma.f32.4x4x4bf16.1k", {32, 32, 8, 1, "bf16_1k"}: "mfma.f32.32x32x8bf16.1k",
	{16, 16, 16, 1, "bf16_1k"}: "mfma.f32.16x16x16bf16.1k",
	{32, 32, 4, 2, "i8"}:       "mfma.i32.32x32x4i8", {16, 16, 4, 4, "i8"}: "mfma.i32.16x16x4i8",
	{4, 4, 4, 16, "i8"}: "mfma.i32.4x4x4i8", {32, 32, 8, 1, "i8"}: "mfma.i32.32x32x8i8",
	{16, 16, 16, 1, "i8"}: "mfma.i32.16x16x16i8",
	{16, 16, 32, 1, "i8"}: "mfma.i32.16x16x32.i8", {32, 32, 16, 1, "i8"}: "mfma.i32.32x32x16.i8",
	{16, 16, 4, 1, "f64"}: "mfma.f64.16x16x4f64", {4, 4, 4, 4, "f64"}: "mfma.f64.4x4x4f64",
	{16, 16, 8, 1, "xf32"}: "mfma.f32.16x16x8.xf32", {32, 32, 4, 1, "xf32"}: "mfma.f32.32x32x4.xf32",
	{16, 16, 32, 1, "f16"}: "mfma.f32.16x16x32.f16", {32, 32, 16, 1, "f16"}: "mfma.f32.32x32x16.f16",
	{16, 16, 32, 1, "bf16"}: "mfma.f32.16x16x32.bf16", {32, 32, 16, 1, "bf16"}: "mfma.f32.32x32x16.bf16",
}

// fp8Name is the intrinsic spelling of an fp8 element type: fp8 for the
// E4M3 formats, bf8 for E5M2.
func fp8Name(t ir.Type) (string, bool) {
	f, ok := t.(*ir.FloatType)
	if !ok {
		return "", false
	}
	switch f.Kind {
	case ir.F8E4M3FNUZ, ir.F8E4M3FN:
		return "fp8", true
	case ir.F8E5M2FNUZ, ir.F8E5M2:
		return "bf8", true
	}
	return "", false
}

// MFMAIntrinsic returns the rocdl operation (without the rocdl. prefix)
// that implements op on chip, or an error naming what the chip lacks.
func MFMAIntrinsic(op amdgpu.MfmaOp, chip Chipset) (string, error) {
	o := op.Operation
	a, b := op.SourceA().Type(), op.SourceB().Type()
	elem, n := a, int64(1)
	if v, ok := a.(*ir.VectorType); ok {
		elem, n = v.Elem, v.Shape[0]
	}
	bElem := b
	if v, ok := b.(*ir.VectorType); ok {
		bElem = v.Elem
	}
	s := mfmaShape{intProp(o, "m"), intProp(o, "n"), intProp(o, "k"), intProp(o, "blocks"), ""}
	if fa, ok := fp8Name(elem); ok {
		fb, ok := fp8Name(bElem)
		if !ok || !chip.AtLeast(9, 4, 0) || s.blocks != 1 {
			return "", fmt.Errorf("no intrinsic matching MFMA size on given chipset")
		}
		if (s.m == 16 && s.k == 32) || (s.m == 32 && s.k == 16) {
			return fmt.Sprintf("mfma.f32.%dx%dx%d.%s.%s", s.m, s.n, s.k, fa, fb), nil
		}
		return "", fmt.Errorf("no intrinsic matching MFMA size on given chipset")
	}
	switch {
	case ir.IntOrFloatBitWidth(elem) == 32 && isFloat(elem) && n == 2:
		s.src = "xf32"
	case isFloat(elem) && ir.IntOrFloatBitWidth(elem) == 32:
		s.src = "f32"
	case isFloat(elem) && ir.IntOrFloatBitWidth(elem) == 64:
		s.src = "f64"
	case isKind(elem, ir.F16):
		s.src = "f16"
	case isKind(elem, ir.BF16):
		s.src = "bf16"
		if n == 4 {
			s.src = "bf16_1k"
		}
	default:
		s.src = "i8"
	}
	name, ok := mfmaIntrinsics[s]
	if !ok {
		return "", fmt.Errorf("no intrinsic matching MFMA size on given chipset")
	}
	switch {
	case s.src == "bf16_1k" && !chip.AtLeast(9, 0, 0xa):
		return "", fmt.Errorf("no intrinsic matching MFMA size on given chipset")
	case (s.src == "xf32" || (s.src == "i8" && s.k*s.blocks >= 16 && s.m*s.k == 512)) && !chip.isGfx94x():
		return "", fmt.Errorf("no intrinsic matching MFMA size on given chipset")
	case (s.src == "f16" || s.src == "bf16") && n == 8 && !chip.Is(9, 5, 0):
		return "", fmt.Errorf("no intrinsic matching MFMA size on given chipset")
	}
	return name, nil
}

func isFloat(t ir.Type) bool { _, ok := t.(*ir.FloatType); return ok }

func isKind(t ir.Type, k ir.FloatKind) bool { f, ok := t.(*ir.FloatType); return ok && f.Kind == k }

// mfmaOperand converts a source to the type the intrinsic takes: bf16
// vectors as i16 vectors (8-wide ones stay bf16), i8 and fp8 vectors of
// 4 or 8 elements as one i32 or i64, longer ones as i32 vectors.
func mfmaOperand(r *rewrite.ConversionRewriter, loc ir.Location, orig ir.Type, v ir.Value) ir.Value {
	ctx := r.Builder.Ctx
	ov, ok := orig.(*ir.VectorType)
	if !ok {
		return v
	}
	n := ov.Shape[0]
	cast := func(t ir.Type) ir.Value {
		return llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{v}, []ir.Type{t}, nil).Result(0)
	}
	if isKind(ov.Elem, ir.BF16) {
		if n == 8 {
			return v
		}
		return cast(ctx.VectorType([]int64{n}, nil, ctx.I(16)))
	}
	if _, isF8 := fp8Name(ov.Elem); isF8 || (ir.IntOrFloatBitWidth(ov.Elem) == 8 && !isFloat(ov.Elem)) {
		switch n {
		case 4:
			return cast(ctx.I(32))
		case 8:
			return cast(ctx.I(64))
		default:
			return cast(ctx.VectorType([]int64{n / 4}, nil, ctx.I(32)))
		}
	}
	return v
}

func mfmaPattern(chip Chipset) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.MfmaOpName, BenefitValue: 1, PatternName: "amdgpu.mfma-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			m, ok := amdgpu.AsMfmaOp(op)
			if !ok || len(operands) != 3 || chip.Major != 9 {
				return false
			}
			name, err := MFMAIntrinsic(m, chip)
			if err != nil {
				return false
			}
			loc := op.Loc()
			blgp := int64(0)
			if a := m.Blgp(); a != nil {
				kind, _ := amdgpu.MFMAPermBOf(a)
				blgp = map[string]int64{"none": 0, "bcast_first_32": 1, "bcast_second_32": 2, "rotate_16_right": 3,
					"bcast_first_16": 4, "bcast_second_16": 5, "bcast_third_16": 6, "bcast_fourth_16": 7}[kind]
			}
			a := mfmaOperand(r, loc, m.SourceA().Type(), operands[0])
			b := mfmaOperand(r, loc, m.SourceB().Type(), operands[1])
			args := []ir.Value{a, b, operands[2], constI32(r, loc, intProp(op, "cbsz")), constI32(r, loc, intProp(op, "abid")),
				constI32(r, loc, blgp)}
			res := llvmcommon.Create(r, "rocdl."+name, loc, args, []ir.Type{op.Result(0).Type()}, nil).Result(0)
			r.ReplaceOp(op, []ir.Value{res})
			return true
		}}
}
