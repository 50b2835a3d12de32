package amdgputorocdl

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
)

// gatherToLDSPattern lowers gather_to_lds as upstream's
// GatherToLDSOpLowering: the element addresses of the source and the LDS
// destination, and rocdl.load.to.lds of the transfer's width in bytes (1,
// 2 or 4 on gfx9 and gfx10; 12 and 16 on gfx950 too).
func gatherToLDSPattern(chip Chipset, tc *rewrite.TypeConverter) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.GatherToLdsOpName, BenefitValue: 1, PatternName: "amdgpu.gather_to_lds-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			g, ok := amdgpu.AsGatherToLdsOp(op)
			if !ok || chip.Major < 9 || chip.Major > 10 {
				return false
			}
			src, ok1 := g.Src().Type().(*ir.MemRefType)
			dst, ok2 := g.Dst().Type().(*ir.MemRefType)
			tt, ok3 := g.TransferTypeAttr().(*ir.TypeAttr)
			if !ok1 || !ok2 || !ok3 || len(operands) != 2+len(g.SrcIndices())+len(g.DstIndices()) {
				return false
			}
			var width int64
			if v, ok := tt.Type.(*ir.VectorType); ok {
				n := int64(1)
				for _, d := range v.Shape {
					n *= d
				}
				width = n * int64(ir.IntOrFloatBitWidth(v.Elem)) / 8
			} else {
				width = int64(ir.IntOrFloatBitWidth(tt.Type)) / 8
			}
			switch width {
			case 1, 2, 4:
			case 12, 16:
				if !chip.Is(9, 5, 0) {
					return false
				}
			default:
				return false
			}
			ctx := r.Builder.Ctx
			loc := op.Loc()
			ns := len(g.SrcIndices())
			srcPtr := memreftollvm.StridedElementPtr(r, loc, tc, src, operands[0], operands[1:1+ns])
			dstPtr := memreftollvm.StridedElementPtr(r, loc, tc, dst, operands[1+ns], operands[2+ns:])
			i32 := ctx.I(32)
			llvmcommon.Create(r, "rocdl.load.to.lds", loc, []ir.Value{srcPtr, dstPtr}, nil, []ir.NamedAttr{
				{Name: "aux", Value: ctx.IntegerAttr(i32, 0)},
				{Name: "offset", Value: ctx.IntegerAttr(i32, 0)},
				{Name: "size", Value: ctx.IntegerAttr(i32, width)},
			})
			r.ReplaceOp(op, nil)
			return true
		}}
}
