package gputonvvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvvm"
)

// shflKinds maps gpu.shuffle's modes to nvvm.shfl.sync's kinds.
var shflKinds = map[string]string{
	"#gpu<shuffle_mode xor>":  "bfly",
	"#gpu<shuffle_mode up>":   "up",
	"#gpu<shuffle_mode down>": "down",
	"#gpu<shuffle_mode idx>":  "idx",
}

// shufflePattern is upstream's GPUShuffleOpLowering: the active lanes are
// the low `width` bits of the mask, the clamp is `32 - width` for up and
// `width - 1` otherwise, and the validity predicate is asked for only
// when it is used.
func shufflePattern() rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: "gpu.shuffle", BenefitValue: 1, PatternName: "gpu.shuffle-to-nvvm",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			ctx := r.Builder.Ctx
			kind, ok := shflKinds[ir.AttrString(op.InherentAttr("mode"))]
			if !ok || len(operands) != 3 {
				return false
			}
			value, offset, width := operands[0], operands[1], operands[2]
			vt := value.Type()
			if vt != ctx.I(32) && vt != ctx.FloatType(ir.F32) {
				return false
			}
			loc := op.Loc()
			i32 := ctx.I(32)
			c := func(v int64) ir.Value {
				return llvmcommon.Create(r, "llvm.mlir.constant", loc, nil, []ir.Type{i32},
					[]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(i32, v)}}).Result(0)
			}
			bin := func(name string, a, b ir.Value) ir.Value {
				return llvmcommon.Create(r, name, loc, []ir.Value{a, b}, []ir.Type{i32}, nil).Result(0)
			}
			one, minusOne, thirtyTwo := c(1), c(-1), c(32)
			inactive := bin("llvm.sub", thirtyTwo, width)
			mask := bin("llvm.lshr", minusOne, inactive)
			clamp := inactive
			if kind != "up" {
				clamp = bin("llvm.sub", width, one)
			}
			kindAttr, err := nvvm.EnumAttr(ctx, "shfl_kind", kind)
			if err != nil {
				return false
			}
			props := []ir.NamedAttr{{Name: "kind", Value: kindAttr}}
			resultT := vt
			predUsed := ir.HasUses(op.Result(1))
			if predUsed {
				props = append(props, ir.NamedAttr{Name: "return_value_and_is_valid", Value: ctx.Unit()})
				resultT = llvm.LiteralStruct(ctx, []ir.Type{vt, ctx.I(1)}, false)
			}
			shfl := llvmcommon.Create(r, "nvvm.shfl.sync", loc, []ir.Value{mask, value, offset, clamp}, []ir.Type{resultT}, props).Result(0)
			if !predUsed {
				r.ReplaceOp(op, []ir.Value{shfl, shfl})
				return true
			}
			v := llvmcommon.Extract(r, loc, shfl, vt, 0)
			valid := llvmcommon.Extract(r, loc, shfl, ctx.I(1), 1)
			r.ReplaceOp(op, []ir.Value{v, valid})
			return true
		}}
}
