package gputorocdl

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
)

// amdgpuSwizzle is the operation promoted shuffles become.
const amdgpuSwizzle = amdgpu.SwizzleBitmodeOpName

// promoteShuffle rewrites a xor shuffle within 32 lanes over a whole
// wave64 (constant offset below 32, constant width 64) to a bitmode
// swizzle, whose lanes are always valid, as upstream's
// populateGpuPromoteShuffleToAMDGPUPatterns.
var promoteShuffle = &rewrite.Func{RootName: "gpu.shuffle", BenefitValue: 1, PatternName: "PromoteShuffleToSwizzlePattern",
	Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
		if ir.AttrString(op.InherentAttr("mode")) != "#gpu<shuffle_mode xor>" || op.NumOperands() != 3 {
			return false
		}
		constant := func(v ir.Value) (int64, bool) {
			def := ir.DefiningOp(v)
			if def == nil {
				return 0, false
			}
			c, ok := rewrite.ConstantValue(def)
			if !ok {
				return 0, false
			}
			ia, ok := c.(*ir.IntegerAttr)
			if !ok {
				return 0, false
			}
			return ia.Int64(), true
		}
		offset, ok1 := constant(op.Operand(1))
		width, ok2 := constant(op.Operand(2))
		if !ok1 || !ok2 || width != 64 || offset < 0 || offset >= 32 {
			return false
		}
		ctx := r.Ctx
		r.SetInsertionPoint(op)
		valid := r.Create(&ir.OperationState{Name: ctx.OpName("arith.constant"), Loc: op.Loc(), ResultTypes: []ir.Type{ctx.I(1)},
			Properties: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(ctx.I(1), 1)}})})
		i32 := ctx.I(32)
		sw := r.Create(&ir.OperationState{Name: ctx.OpName(amdgpuSwizzle), Loc: op.Loc(), Operands: []ir.Value{op.Operand(0)},
			ResultTypes: []ir.Type{op.Operand(0).Type()}, Properties: ctx.DictionaryAttr([]ir.NamedAttr{
				{Name: "and_mask", Value: ctx.IntegerAttr(i32, 31)},
				{Name: "or_mask", Value: ctx.IntegerAttr(i32, 0)},
				{Name: "xor_mask", Value: ctx.IntegerAttr(i32, offset)}})})
		if _, ok := amdgpu.AsSwizzleBitmodeOp(sw); !ok {
			return false
		}
		r.ReplaceOp(op, []ir.Value{sw.Result(0), valid.Result(0)})
		return true
	}}

// icmpSlt is llvm.icmp's signed less-than predicate.
const icmpSlt = 2

// shufflePattern is upstream's GPUShuffleOpLowering for ROCDL: the
// source lane is computed from the lane id (xor, up or down of the
// offset, or the offset itself for idx), lanes outside the width read
// their own value, and each dword of the value moves through
// rocdl.ds_bpermute, which takes a byte address (the lane times 4).
func shufflePattern() rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: "gpu.shuffle", BenefitValue: 1, PatternName: "gpu.shuffle-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			ctx := r.Builder.Ctx
			if len(operands) != 3 {
				return false
			}
			mode := ir.AttrString(op.InherentAttr("mode"))
			value, offset, width := operands[0], operands[1], operands[2]
			bits := ir.IntOrFloatBitWidth(elemOf(value.Type())) * lanes(value.Type())
			if bits <= 0 || bits%32 != 0 {
				return false
			}
			loc := op.Loc()
			i32 := ctx.I(32)
			bin := func(name string, a, b ir.Value) ir.Value {
				return llvmcommon.Create(r, name, loc, []ir.Value{a, b}, []ir.Type{i32}, nil).Result(0)
			}
			lane := laneID(r, loc)
			zero := constI32(r, loc, 0)
			negWidth := bin("llvm.sub", zero, width)
			inWidth := bin("llvm.and", bin("llvm.add", lane, width), negWidth)
			var dst ir.Value
			switch mode {
			case "#gpu<shuffle_mode xor>":
				dst = bin("llvm.xor", lane, offset)
			case "#gpu<shuffle_mode idx>":
				dst = offset
			case "#gpu<shuffle_mode up>":
				dst = bin("llvm.sub", lane, offset)
			case "#gpu<shuffle_mode down>":
				dst = bin("llvm.add", lane, offset)
			default:
				return false
			}
			active := llvmcommon.Create(r, "llvm.icmp", loc, []ir.Value{dst, inWidth}, []ir.Type{ctx.I(1)},
				[]ir.NamedAttr{{Name: "predicate", Value: ctx.IntegerAttr(ctx.I(64), icmpSlt)}}).Result(0)
			src := llvmcommon.Create(r, "llvm.select", loc, []ir.Value{active, dst, lane}, []ir.Type{i32}, nil).Result(0)
			addr := bin("llvm.shl", src, constI32(r, loc, 2))
			words := bits / 32
			var moved ir.Value
			if words == 1 {
				w := value
				if value.Type() != ir.Type(i32) {
					w = llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{value}, []ir.Type{i32}, nil).Result(0)
				}
				moved = llvmcommon.Create(r, "rocdl.ds_bpermute", loc, []ir.Value{addr, w}, []ir.Type{i32}, nil).Result(0)
				if value.Type() != ir.Type(i32) {
					moved = llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{moved}, []ir.Type{value.Type()}, nil).Result(0)
				}
			} else {
				vt := ctx.VectorType([]int64{int64(words)}, nil, i32)
				packed := llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{value}, []ir.Type{vt}, nil).Result(0)
				var parts []ir.Value
				for i := 0; i < words; i++ {
					parts = append(parts, llvmcommon.Create(r, "llvm.extractelement", loc, []ir.Value{packed, constI32(r, loc, int64(i))},
						[]ir.Type{i32}, nil).Result(0))
				}
				for i, p := range parts {
					parts[i] = llvmcommon.Create(r, "rocdl.ds_bpermute", loc, []ir.Value{addr, p}, []ir.Type{i32}, nil).Result(0)
				}
				acc := llvmcommon.Poison(r, loc, vt)
				for i, p := range parts {
					acc = llvmcommon.Create(r, "llvm.insertelement", loc, []ir.Value{acc, p, constI32(r, loc, int64(i))}, []ir.Type{vt}, nil).Result(0)
				}
				moved = llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{acc}, []ir.Type{value.Type()}, nil).Result(0)
			}
			r.ReplaceOp(op, []ir.Value{moved, active})
			return true
		}}
}

func elemOf(t ir.Type) ir.Type {
	if v, ok := t.(*ir.VectorType); ok {
		return v.Elem
	}
	return t
}

func lanes(t ir.Type) int {
	if v, ok := t.(*ir.VectorType); ok {
		n := 1
		for _, d := range v.Shape {
			n *= int(d)
		}
		return n
	}
	return 1
}
