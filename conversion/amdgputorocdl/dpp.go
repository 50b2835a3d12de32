package amdgputorocdl

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/rocdl"
)

// dppCtrl is the DPP control word of a permutation with its argument, as
// the hardware encodes it.
func dppCtrl(kind string, arg ir.Attribute) (int64, bool) {
	n := func() (int64, bool) {
		ia, ok := arg.(*ir.IntegerAttr)
		if !ok {
			return 0, false
		}
		return ia.Int64(), true
	}
	switch kind {
	case "quad_perm":
		arr, ok := arg.(*ir.ArrayAttr)
		if !ok || len(arr.Elems) != 4 {
			return 0, false
		}
		var ctrl int64
		for i, e := range arr.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return 0, false
			}
			ctrl |= ia.Int64() << (2 * i)
		}
		return ctrl, true
	case "row_shl", "row_shr", "row_ror":
		v, ok := n()
		base := map[string]int64{"row_shl": 0x100, "row_shr": 0x110, "row_ror": 0x120}[kind]
		return base + v, ok
	}
	ctrl, ok := map[string]int64{"wave_shl": 0x130, "wave_rol": 0x134, "wave_shr": 0x138, "wave_ror": 0x13c,
		"row_mirror": 0x140, "row_half_mirror": 0x141, "row_bcast_15": 0x142, "row_bcast_31": 0x143}[kind]
	return ctrl, ok
}

// dppPattern lowers amdgpu.dpp to rocdl.update.dpp; values narrower than
// a dword travel in the low half of one, as upstream packs them.
func dppPattern() rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.DppOpName, BenefitValue: 1, PatternName: "amdgpu.dpp-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			d, ok := amdgpu.AsDppOp(op)
			if !ok || len(operands) != 2 {
				return false
			}
			kind, _ := amdgpu.DPPPermOf(d.Kind())
			ctrl, ok := dppCtrl(kind, d.PermArgument())
			if !ok {
				return false
			}
			ctx := r.Builder.Ctx
			loc := op.Loc()
			t := operands[0].Type()
			bits := ir.IntOrFloatBitWidth(t)
			if _, isVec := t.(*ir.VectorType); isVec || bits <= 0 || bits > 64 {
				return false
			}
			create := func(name string, args []ir.Value, res ir.Type, props ...ir.NamedAttr) ir.Value {
				return llvmcommon.Create(r, name, loc, args, []ir.Type{res}, props).Result(0)
			}
			i32 := ctx.I(32)
			pack := func(v ir.Value) ir.Value {
				if bits >= 32 {
					return v
				}
				it := ctx.I(uint32(bits))
				if v.Type() != ir.Type(it) {
					v = create("llvm.bitcast", []ir.Value{v}, it)
				}
				vt := ctx.VectorType([]int64{int64(32 / bits)}, nil, it)
				undef := create("llvm.mlir.undef", nil, vt)
				v = create("llvm.insertelement", []ir.Value{undef, v, constI32(r, loc, 0)}, vt)
				return create("llvm.bitcast", []ir.Value{v}, i32)
			}
			src := pack(operands[1])
			old := pack(operands[0])
			mask := func(name string, def int64) ir.Attribute {
				if a, ok := op.InherentAttr(name).(*ir.IntegerAttr); ok {
					return ctx.IntegerAttr(i32, a.Int64())
				}
				return ctx.IntegerAttr(i32, def)
			}
			var bound ir.Attribute = ctx.Bool(false)
			if b, ok := d.BoundCtrlAttr().(*ir.IntegerAttr); ok {
				bound = b
			}
			res := create("rocdl.update.dpp", []ir.Value{old, src}, old.Type(),
				ir.NamedAttr{Name: "dppCtrl", Value: ctx.IntegerAttr(i32, ctrl)},
				ir.NamedAttr{Name: "rowMask", Value: mask("row_mask", 15)},
				ir.NamedAttr{Name: "bankMask", Value: mask("bank_mask", 15)},
				ir.NamedAttr{Name: "boundCtrl", Value: bound})
			if bits < 32 {
				it := ctx.I(uint32(bits))
				res = create("llvm.trunc", []ir.Value{res}, it)
				if t != ir.Type(it) {
					res = create("llvm.bitcast", []ir.Value{res}, t)
				}
			}
			r.ReplaceOp(op, []ir.Value{res})
			return true
		}}
}

// permlaneSwapPattern lowers permlane_swap on gfx950 as upstream does:
// the value split into 32-bit words, each swapped with
// permlane16.swap or permlane32.swap, and of the pair the intrinsic
// returns the one that is not the word itself.
func permlaneSwapPattern(chip Chipset) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.PermlaneSwapOpName, BenefitValue: 1, PatternName: "amdgpu.permlane_swap-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			p, ok := amdgpu.AsPermlaneSwapOp(op)
			if !ok || len(operands) != 1 || !chip.AtLeast(9, 5, 0) || chip.Major != 9 {
				return false
			}
			name := map[int32]string{16: rocdl.Permlane16SwapOpName, 32: rocdl.Permlane32SwapOpName}[p.RowLength()]
			if name == "" {
				return false
			}
			loc := op.Loc()
			ctx := r.Builder.Ctx
			words, ok := decompose(r, loc, operands[0])
			if !ok {
				return false
			}
			pair := llvm.LiteralStruct(ctx, []ir.Type{ctx.I(32), ctx.I(32)}, false)
			for i, w := range words {
				res := llvmcommon.Create(r, name, loc, []ir.Value{w, w}, []ir.Type{pair}, []ir.NamedAttr{
					{Name: "fi", Value: ctx.Bool(p.FetchInactive())},
					{Name: "boundControl", Value: ctx.Bool(p.BoundCtrl())},
				}).Result(0)
				first := llvmcommon.Create(r, "llvm.extractvalue", loc, []ir.Value{res}, []ir.Type{ctx.I(32)},
					[]ir.NamedAttr{{Name: "position", Value: ctx.DenseI64Array(0)}}).Result(0)
				second := llvmcommon.Create(r, "llvm.extractvalue", loc, []ir.Value{res}, []ir.Type{ctx.I(32)},
					[]ir.NamedAttr{{Name: "position", Value: ctx.DenseI64Array(1)}}).Result(0)
				eq := llvmcommon.Create(r, "llvm.icmp", loc, []ir.Value{first, w}, []ir.Type{ctx.I(1)},
					[]ir.NamedAttr{{Name: "predicate", Value: ctx.IntegerAttr(ctx.I(64), 0)}}).Result(0)
				words[i] = llvmcommon.Create(r, "llvm.select", loc, []ir.Value{eq, second, first}, []ir.Type{ctx.I(32)}, nil).Result(0)
			}
			r.ReplaceOp(op, []ir.Value{compose(r, loc, words, op.Result(0).Type())})
			return true
		}}
}
