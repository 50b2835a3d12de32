package amdgputorocdl

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
)

// scaledFormat names the packed format of t in gfx950's scaled
// conversions (fp8, bf8 or fp4) and gives the width of its values.
func scaledFormat(t ir.Type) (string, int) {
	switch {
	case isKind(t, ir.F8E4M3FN):
		return "fp8", 8
	case isKind(t, ir.F8E5M2):
		return "bf8", 8
	case isKind(t, ir.F4E2M1FN):
		return "fp4", 4
	}
	return "", 0
}

// wideFormat names f32, f16 and bf16 as the scaled conversions do.
func wideFormat(t ir.Type) string {
	switch {
	case isKind(t, ir.F32):
		return "f32"
	case isKind(t, ir.F16):
		return "f16"
	case isKind(t, ir.BF16):
		return "bf16"
	}
	return ""
}

// scaledConversionPatterns lower gfx950's scaled packed conversions as
// upstream does. amdgpu.scaled_ext_packed packs its source into a word
// (zero-filled when it has fewer values than a word holds) and extends the
// pair or byte selected by index with rocdl.cvt.scalef32.pk.<dest>.<src>;
// amdgpu.packed_scaled_trunc rounds into a zero or the existing vector
// (two i16 for 8-bit formats, an i32 for fp4) with
// rocdl.cvt.scalef32.pk.<dest>.<src>, f32 sources passing their two
// values apart.
func scaledConversionPatterns(chip Chipset, tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	create := func(r *rewrite.ConversionRewriter, loc ir.Location, name string, args []ir.Value, res ir.Type, props ...ir.NamedAttr) ir.Value {
		return llvmcommon.Create(r, name, loc, args, []ir.Type{res}, props).Result(0)
	}
	sel := func(ctx *ir.Context, format, bool, index string, v int64) ir.NamedAttr {
		if format == "fp4" {
			return ir.NamedAttr{Name: index, Value: ctx.IntegerAttr(ctx.I(32), v)}
		}
		return ir.NamedAttr{Name: bool, Value: ctx.Bool(v != 0)}
	}
	ext := &rewrite.ConversionFunc{RootName: amdgpu.ScaledExtPackedOpName, BenefitValue: 1, PatternName: "amdgpu.scaled_ext_packed-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			e, ok := amdgpu.AsScaledExtPackedOp(op)
			srcT, ok1 := e.Source().Type().(*ir.VectorType)
			resT, ok2 := op.Result(0).Type().(*ir.VectorType)
			if !ok || !ok1 || !ok2 || len(operands) != 2 || !chip.Is(9, 5, 0) {
				return false
			}
			format, width := scaledFormat(srcT.Elem)
			dest := wideFormat(resT.Elem)
			if format == "" || dest == "" {
				return false
			}
			ctx := r.Builder.Ctx
			loc := op.Loc()
			elem := ctx.I(uint32(width))
			packed := ctx.VectorType([]int64{int64(32 / width)}, nil, elem)
			src := operands[0]
			if n := numElems(srcT); n < packed.Shape[0] {
				acc := create(r, loc, "llvm.mlir.zero", nil, packed)
				for i := int64(0); i < n; i++ {
					idx := constI32(r, loc, i)
					v := create(r, loc, "llvm.extractelement", []ir.Value{src, idx}, elem)
					acc = create(r, loc, "llvm.insertelement", []ir.Value{acc, v, idx}, packed)
				}
				src = acc
			}
			word := create(r, loc, "llvm.bitcast", []ir.Value{src}, ctx.I(32))
			res := create(r, loc, "rocdl.cvt.scalef32.pk."+dest+"."+format, []ir.Value{word, operands[1]}, resT,
				sel(ctx, format, "srcLoHiSel", "srcSelIndex", intProp(op, "index")))
			r.ReplaceOp(op, []ir.Value{res})
			return true
		}}
	trunc := &rewrite.ConversionFunc{RootName: amdgpu.PackedScaledTruncOpName, BenefitValue: 1, PatternName: "amdgpu.packed_scaled_trunc-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			t, ok := amdgpu.AsPackedScaledTruncOp(op)
			srcT, ok1 := t.Source().Type().(*ir.VectorType)
			if !ok || !ok1 || len(operands) < 2 || len(operands) > 3 || !chip.Is(9, 5, 0) {
				return false
			}
			resType := op.Result(0).Type()
			format, _ := scaledFormat(elemOf(resType))
			source := wideFormat(srcT.Elem)
			llvmRes := tc.Convert(resType)
			if format == "" || source == "" || llvmRes == nil {
				return false
			}
			ctx := r.Builder.Ctx
			loc := op.Loc()
			var word ir.Type = ctx.VectorType([]int64{2}, nil, ctx.I(16))
			if format == "fp4" {
				word = ctx.I(32)
			}
			var old ir.Value
			if len(operands) == 3 {
				old = create(r, loc, "llvm.bitcast", []ir.Value{operands[2]}, word)
			} else {
				old = create(r, loc, "llvm.mlir.zero", nil, word)
			}
			src := operands[0]
			if numElems(srcT) < 2 {
				c0 := constI32(r, loc, 0)
				v := create(r, loc, "llvm.extractelement", []ir.Value{src, c0}, srcT.Elem)
				pair := ctx.VectorType([]int64{2}, nil, srcT.Elem)
				src = create(r, loc, "llvm.mlir.zero", nil, pair)
				src = create(r, loc, "llvm.insertelement", []ir.Value{src, v, c0}, pair)
			}
			args := []ir.Value{old, src}
			if source == "f32" {
				c0, c1 := constI32(r, loc, 0), constI32(r, loc, 1)
				a := create(r, loc, "llvm.extractelement", []ir.Value{src, c0}, srcT.Elem)
				b := create(r, loc, "llvm.extractelement", []ir.Value{src, c1}, srcT.Elem)
				args = []ir.Value{old, a, b}
			}
			args = append(args, operands[1])
			res := create(r, loc, "rocdl.cvt.scalef32.pk."+format+"."+source, args, word,
				sel(ctx, format, "dstLoHiSel", "dstSelIndex", intProp(op, "index")))
			r.ReplaceOp(op, []ir.Value{create(r, loc, "llvm.bitcast", []ir.Value{res}, llvmRes)})
			return true
		}}
	return []rewrite.ConversionPattern{ext, trunc}
}
