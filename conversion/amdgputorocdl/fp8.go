package amdgputorocdl

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
)

// fp8Supported reports whether chip converts the fp8 format of t: the
// FNUZ formats on gfx942, the OCP ones on gfx950 and gfx12.
func fp8Supported(chip Chipset, t ir.Type) bool {
	f, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	switch f.Kind {
	case ir.F8E4M3FNUZ, ir.F8E5M2FNUZ:
		return chip.isGfx94x()
	case ir.F8E4M3FN, ir.F8E5M2:
		return chip.Is(9, 5, 0) || chip.Major >= 12
	}
	return false
}

func elemOf(t ir.Type) ir.Type {
	if v, ok := t.(*ir.VectorType); ok {
		return v.Elem
	}
	return t
}

// fp8Patterns lower the fp8 packing operations to the cvt intrinsics,
// which read and write four fp8 values packed in an i32.
func fp8Patterns(chip Chipset) []rewrite.ConversionPattern {
	create := func(r *rewrite.ConversionRewriter, loc ir.Location, name string, args []ir.Value, res ir.Type, props ...ir.NamedAttr) ir.Value {
		return llvmcommon.Create(r, name, loc, args, []ir.Type{res}, props).Result(0)
	}
	undef := func(r *rewrite.ConversionRewriter, loc ir.Location, t ir.Type) ir.Value {
		return create(r, loc, "llvm.mlir.undef", nil, t)
	}
	// word packs existing (a vector<4xi8>) into an i32, or gives an
	// undefined one.
	word := func(r *rewrite.ConversionRewriter, loc ir.Location, existing ir.Value) ir.Value {
		i32 := r.Builder.Ctx.I(32)
		if existing == nil {
			return undef(r, loc, i32)
		}
		return create(r, loc, "llvm.bitcast", []ir.Value{existing}, i32)
	}
	unpack := func(r *rewrite.ConversionRewriter, loc ir.Location, op *ir.Operation, v ir.Value) ir.Value {
		return create(r, loc, "llvm.bitcast", []ir.Value{v}, r.Builder.Ctx.VectorType([]int64{4}, nil, r.Builder.Ctx.I(8)))
	}
	fp8 := func(t ir.Type) string {
		name, _ := fp8Name(t)
		return name
	}
	ext := &rewrite.ConversionFunc{RootName: amdgpu.ExtPackedFp8OpName, BenefitValue: 1, PatternName: "amdgpu.ext_packed_fp8-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			e, isExt := amdgpu.AsExtPackedFp8Op(op)
			if !isExt {
				return false
			}
			srcElem := elemOf(e.Source().Type())
			if len(operands) != 1 || !fp8Supported(chip, srcElem) {
				return false
			}
			ctx := r.Builder.Ctx
			loc := op.Loc()
			i8v4 := ctx.VectorType([]int64{4}, nil, ctx.I(8))
			src := operands[0]
			var packed ir.Value
			switch t := src.Type().(type) {
			case *ir.VectorType:
				if t.Shape[0] == 4 {
					packed = create(r, loc, "llvm.bitcast", []ir.Value{src}, ctx.I(32))
					break
				}
				acc := undef(r, loc, i8v4)
				for i := int64(0); i < t.Shape[0]; i++ {
					idx := constI32(r, loc, i)
					e := create(r, loc, "llvm.extractelement", []ir.Value{src, idx}, ctx.I(8))
					acc = create(r, loc, "llvm.insertelement", []ir.Value{acc, e, idx}, i8v4)
				}
				packed = create(r, loc, "llvm.bitcast", []ir.Value{acc}, ctx.I(32))
			default:
				acc := undef(r, loc, i8v4)
				acc = create(r, loc, "llvm.insertelement", []ir.Value{acc, src, constI32(r, loc, 0)}, i8v4)
				packed = create(r, loc, "llvm.bitcast", []ir.Value{acc}, ctx.I(32))
			}
			idx := intProp(op, "index")
			var res ir.Value
			if v, ok := op.Result(0).Type().(*ir.VectorType); ok {
				res = create(r, loc, "rocdl.cvt.pk.f32."+fp8(srcElem), []ir.Value{packed}, v,
					ir.NamedAttr{Name: "wordSel", Value: ctx.Bool(idx != 0)})
			} else {
				res = create(r, loc, "rocdl.cvt.f32."+fp8(srcElem), []ir.Value{packed}, ctx.FloatType(ir.F32),
					ir.NamedAttr{Name: "byteSel", Value: ctx.IntegerAttr(ctx.I(32), idx)})
			}
			r.ReplaceOp(op, []ir.Value{res})
			return true
		}}
	trunc := &rewrite.ConversionFunc{RootName: amdgpu.PackedTrunc2xfp8OpName, BenefitValue: 1, PatternName: "amdgpu.packed_trunc_2xfp8-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			resElem := elemOf(op.Result(0).Type())
			if !fp8Supported(chip, resElem) {
				return false
			}
			segs, ok := operandSegments(op)
			if !ok {
				return false
			}
			ctx := r.Builder.Ctx
			loc := op.Loc()
			a := operands[0]
			var b, existing ir.Value
			next := 1
			if segs[1] == 1 {
				b = operands[next]
				next++
			}
			if segs[2] == 1 {
				existing = operands[next]
			}
			if b == nil {
				b = undef(r, loc, ctx.FloatType(ir.F32))
			}
			old := word(r, loc, existing)
			res := create(r, loc, "rocdl.cvt.pk."+fp8(resElem)+".f32", []ir.Value{a, b, old}, ctx.I(32),
				ir.NamedAttr{Name: "wordSel", Value: ctx.Bool(intProp(op, "wordIndex") != 0)})
			r.ReplaceOp(op, []ir.Value{unpack(r, loc, op, res)})
			return true
		}}
	stoch := &rewrite.ConversionFunc{RootName: amdgpu.PackedStochRoundFp8OpName, BenefitValue: 1, PatternName: "amdgpu.packed_stoch_round_fp8-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			resElem := elemOf(op.Result(0).Type())
			if !fp8Supported(chip, resElem) || len(operands) < 2 {
				return false
			}
			ctx := r.Builder.Ctx
			loc := op.Loc()
			var existing ir.Value
			if len(operands) == 3 {
				existing = operands[2]
			}
			old := word(r, loc, existing)
			res := create(r, loc, "rocdl.cvt.sr."+fp8(resElem)+".f32", []ir.Value{operands[0], operands[1], old}, ctx.I(32),
				ir.NamedAttr{Name: "byteSel", Value: ctx.IntegerAttr(ctx.I(32), intProp(op, "storeIndex"))})
			r.ReplaceOp(op, []ir.Value{unpack(r, loc, op, res)})
			return true
		}}
	return []rewrite.ConversionPattern{ext, trunc, stoch}
}

// operandSegments returns the operandSegmentSizes of op.
func operandSegments(op *ir.Operation) ([]int32, bool) {
	d, ok := op.InherentAttr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok {
		return nil, false
	}
	out := make([]int32, d.Size)
	for i := range out {
		if 4*i+4 > len(d.Data) {
			return nil, false
		}
		out[i] = int32(uint32(d.Data[4*i]) | uint32(d.Data[4*i+1])<<8 | uint32(d.Data[4*i+2])<<16 | uint32(d.Data[4*i+3])<<24)
	}
	return out, true
}
