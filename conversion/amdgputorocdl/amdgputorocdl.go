// Package amdgputorocdl is convert-amdgpu-to-rocdl{chipset=...}: amdgpu
// operations become rocdl intrinsics and llvm operations for one chip, as
// upstream's AMDGPUToROCDL conversion. MFMA picks the intrinsic of its
// shape and element types (bf16 and small integer and fp8 operands
// bitcast to the integer vectors the intrinsics take), memory counter
// waits encode the chip's s_waitcnt bitfield, raw buffer loads, stores and
// atomics build a buffer resource of the memref (gfx9), scheduling
// barriers, DPP moves, bitmode swizzles, gfx11 WMMA and fp8 packing map
// to their intrinsics and transpose loads address LDS through the memref
// descriptor. The other amdgpu operations are left for a later extension
// of the pass: it is a partial conversion.
package amdgputorocdl

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/rocdl"
	"math"
)

// Argument is the pass's command-line name.
const Argument = "convert-amdgpu-to-rocdl"

type lowerPass struct {
	pass.Info
	chipset *string
}

// New returns convert-amdgpu-to-rocdl.
func New() pass.Pass {
	p := &lowerPass{Info: pass.Info{Argument: Argument, Name: "ConvertAMDGPUToROCDLPass",
		Summary: "Convert AMDGPU dialect to ROCDL dialect"}}
	p.chipset = p.Options.String("chipset", "gfx000", "Chipset that these operations will run on")
	return p
}

func (p *lowerPass) Run(op *ir.Operation, st *pass.State) error {
	chip, err := ParseChipset(*p.chipset)
	if err != nil {
		return st.EmitError(op, "Invalid chipset name: "+*p.chipset)
	}
	return Run(st.Context(), op, chip)
}

// Pass registers the convert-amdgpu-to-rocdl pass.
var Pass = pass.Registration{Argument: Argument, New: New}

func init() { pass.Register(Pass) }

// Run converts the amdgpu operations nested in op for chip.
func Run(ctx *ir.Context, op *ir.Operation, chip Chipset) error {
	tc := llvmcommon.NewTypeConverter(ctx)
	addSmallFloatConversions(ctx, tc)
	addMemorySpaces(ctx, tc)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddLegalDialect("rocdl")
	for _, name := range []string{amdgpu.MfmaOpName, amdgpu.MemoryCounterWaitOpName, amdgpu.SchedBarrierOpName, amdgpu.SwizzleBitmodeOpName,
		amdgpu.TransposeLoadOpName, amdgpu.DppOpName, amdgpu.ExtPackedFp8OpName, amdgpu.PackedTrunc2xfp8OpName, amdgpu.PackedStochRoundFp8OpName,
		amdgpu.WmmaOpName, amdgpu.LdsBarrierOpName, amdgpu.GatherToLdsOpName, amdgpu.SparseMfmaOpName, amdgpu.PermlaneSwapOpName,
		amdgpu.ScaledExtPackedOpName, amdgpu.PackedScaledTruncOpName} {
		target.AddIllegalOp(name)
	}
	for name := range bufferOps {
		target.AddIllegalOp(name)
	}
	patterns := []rewrite.ConversionPattern{
		mfmaPattern(chip),
		waitPattern(chip),
		schedBarrierPattern(),
		ldsBarrierPattern(chip),
		SwizzlePattern(),
		transposeLoadPattern(chip, tc),
		gatherToLDSPattern(chip, tc),
		dppPattern(),
		wmmaPattern(chip),
		sparseMFMAPattern(chip),
		permlaneSwapPattern(chip),
	}
	patterns = append(patterns, bufferPatterns(chip, tc)...)
	patterns = append(patterns, fp8Patterns(chip)...)
	patterns = append(patterns, scaledConversionPatterns(chip, tc)...)
	return llvmcommon.Apply(ctx, op, target, patterns, tc)
}

func constI32(r *rewrite.ConversionRewriter, loc ir.Location, v int64) ir.Value {
	ctx := r.Builder.Ctx
	return llvmcommon.Create(r, "llvm.mlir.constant", loc, nil, []ir.Type{ctx.I(32)},
		[]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(ctx.I(32), v)}}).Result(0)
}

func intProp(op *ir.Operation, name string) int64 {
	if a, ok := op.InherentAttr(name).(*ir.IntegerAttr); ok {
		return a.Int64()
	}
	return 0
}

// waitPattern lowers memory_counter_wait: from gfx12 on to one wait per
// counter given (ds, load, store, exp, tensor, in that order); on gfx9 to
// s_waitcnt, whose bitfield holds vmcnt (loads and stores share it: their
// sum, 6 bits split low 4 and high 2), expcnt (3 bits) and lgkmcnt (LDS,
// 4 bits); counts saturate, and an absent counter waits for nothing (its
// maximum). The tensor counter exists from gfx12 on only.
func waitPattern(chip Chipset) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.MemoryCounterWaitOpName, BenefitValue: 1, PatternName: "amdgpu.memory_counter_wait-to-rocdl",
		Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
			w, ok := amdgpu.AsMemoryCounterWaitOp(op)
			if !ok {
				return false
			}
			ctx := r.Builder.Ctx
			if chip.Major >= 12 {
				for _, c := range []struct {
					name  string
					count func() (int32, bool)
				}{{rocdl.SWaitDscntOpName, w.Ds}, {rocdl.SWaitLoadcntOpName, w.Load}, {rocdl.SWaitStorecntOpName, w.Store},
					{rocdl.SWaitExpcntOpName, w.Exp}, {rocdl.SWaitTensorcntOpName, w.Tensor}} {
					if n, ok := c.count(); ok {
						llvmcommon.Create(r, c.name, op.Loc(), nil, nil,
							[]ir.NamedAttr{{Name: "count", Value: ctx.IntegerAttr(ctx.I(16), int64(n))}})
					}
				}
				r.ReplaceOp(op, nil)
				return true
			}
			if _, ok := w.Tensor(); ok || chip.Major != 9 {
				return false
			}
			get := func(count func() (int32, bool), max int64) int64 {
				n, ok := count()
				if !ok || int64(n) > max {
					return max
				}
				return int64(n)
			}
			vm := int64(63)
			load, hasLoad := w.Load()
			store, hasStore := w.Store()
			switch {
			case hasLoad && hasStore:
				vm = min(int64(load)+int64(store), 63)
			case hasLoad:
				vm = min(int64(load), 63)
			case hasStore:
				vm = min(int64(store), 63)
			}
			exp := get(w.Exp, 7)
			lgkm := get(w.Ds, 15)
			bits := (vm & 0xf) | (exp << 4) | (lgkm << 8) | ((vm >> 4) << 14)
			llvmcommon.Create(r, rocdl.SWaitcntOpName, op.Loc(), nil, nil,
				[]ir.NamedAttr{{Name: "bitfield", Value: ctx.IntegerAttr(ctx.I(32), bits)}})
			r.ReplaceOp(op, nil)
			return true
		}}
}

// ldsBarrierPattern lowers lds_barrier as upstream does from gfx908 to
// gfx11: a barrier between workgroup-scope release and acquire fences
// tagged with the MMRA amdgpu-synchronize-as:local, which relaxes them to
// the LDS (the waits for LDS accesses, not for global memory). The
// barrier is s_barrier, on gfx908 in inline assembly (which keeps the
// backend from dropping it, at the cost of debug watches, as upstream
// warns in the assembly). gfx12's split barrier is not lowered.
func ldsBarrierPattern(chip Chipset) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.LdsBarrierOpName, BenefitValue: 1, PatternName: "amdgpu.lds_barrier-to-rocdl",
		Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
			if chip.Major != 9 && chip.Major != 10 && chip.Major != 11 || !chip.AtLeast(9, 0, 8) {
				return false
			}
			ctx := r.Builder.Ctx
			mmra := ctx.DictionaryAttr([]ir.NamedAttr{{Name: llvm.MMRAAttrName, Value: llvm.MMRATag(ctx, "amdgpu-synchronize-as", "local")}})
			fence := func(ordering int64) {
				f := llvmcommon.Create(r, "llvm.fence", op.Loc(), nil, nil, []ir.NamedAttr{
					{Name: "ordering", Value: ctx.IntegerAttr(ctx.I(64), ordering)},
					{Name: "syncscope", Value: ctx.Str("workgroup")},
				})
				f.SetAttrs(mmra)
			}
			// AtomicOrdering: release 5, acquire 4.
			fence(5)
			if !chip.AtLeast(9, 0, 0xa) {
				// AsmDialect: AT&T 0.
				llvmcommon.Create(r, llvm.InlineAsmOpName, op.Loc(), nil, nil, []ir.NamedAttr{
					{Name: "asm_string", Value: ctx.Str(";;;WARNING: BREAKS DEBUG WATCHES\ns_barrier")},
					{Name: "constraints", Value: ctx.Str("")},
					{Name: "has_side_effects", Value: ctx.Unit()},
					{Name: "asm_dialect", Value: ctx.IntegerAttr(ctx.I(64), 0)},
				})
			} else {
				llvmcommon.Create(r, rocdl.SBarrierOpName, op.Loc(), nil, nil, nil)
			}
			fence(4)
			r.ReplaceOp(op, nil)
			return true
		}}
}

// schedBarrierPattern lowers sched_barrier to its mask.
func schedBarrierPattern() rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.SchedBarrierOpName, BenefitValue: 1, PatternName: "amdgpu.sched_barrier-to-rocdl",
		Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
			o, ok := amdgpu.AsSchedBarrierOp(op)
			if !ok {
				return false
			}
			ctx := r.Builder.Ctx
			llvmcommon.Create(r, "rocdl.sched.barrier", op.Loc(), nil, nil,
				[]ir.NamedAttr{{Name: "mask", Value: ctx.IntegerAttr(ctx.I(32), int64(o.Opts()))}})
			r.ReplaceOp(op, nil)
			return true
		}}
}

// SwizzlePattern lowers the bitmode swizzle to ds_swizzle with the masks
// packed into its offset, dword by dword (convert-gpu-to-rocdl uses it for
// the shuffles it promotes to swizzles).
func SwizzlePattern() rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.SwizzleBitmodeOpName, BenefitValue: 1, PatternName: "amdgpu.swizzle_bitmode-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			if len(operands) != 1 {
				return false
			}
			loc := op.Loc()
			words, ok := decompose(r, loc, operands[0])
			if !ok {
				return false
			}
			mask := constI32(r, loc, intProp(op, "and_mask")|intProp(op, "or_mask")<<5|intProp(op, "xor_mask")<<10)
			for i, w := range words {
				words[i] = llvmcommon.Create(r, "rocdl.ds_swizzle", loc, []ir.Value{w, mask}, []ir.Type{r.Builder.Ctx.I(32)}, nil).Result(0)
			}
			r.ReplaceOp(op, []ir.Value{compose(r, loc, words, operands[0].Type())})
			return true
		}}
}

// bitsOf is the size in bits of a scalar or vector type.
func bitsOf(t ir.Type) int {
	if vt, ok := t.(*ir.VectorType); ok {
		n := ir.IntOrFloatBitWidth(vt.Elem)
		for _, d := range vt.Shape {
			if d <= 0 || n > math.MaxInt/int(d) {
				return -1 // no size a lowering takes
			}
			n *= int(d)
		}
		return n
	}
	return ir.IntOrFloatBitWidth(t)
}

// decompose splits v into 32-bit words (upstream's decomposeValue): a
// 32-bit value is bitcast (unless it is an i32), a smaller scalar
// extended, a larger value bitcast to a vector of i32 (always, as
// upstream; canonicalization drops a cast to the same type) and its
// elements extracted.
func decompose(r *rewrite.ConversionRewriter, loc ir.Location, v ir.Value) ([]ir.Value, bool) {
	ctx := r.Builder.Ctx
	i32 := ctx.I(32)
	t := v.Type()
	bits := bitsOf(t)
	cast := func(name string, in ir.Value, res ir.Type) ir.Value {
		if in.Type() == res {
			return in
		}
		return llvmcommon.Create(r, name, loc, []ir.Value{in}, []ir.Type{res}, nil).Result(0)
	}
	switch {
	case bits == 32:
		return []ir.Value{cast("llvm.bitcast", v, i32)}, true
	case bits > 0 && bits < 32:
		return []ir.Value{cast("llvm.zext", cast("llvm.bitcast", v, ctx.I(uint32(bits))), i32)}, true
	case bits > 0 && bits%32 == 0 && bits/32 <= maxWords:
		words := int64(bits / 32)
		packed := llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{v}, []ir.Type{ctx.VectorType([]int64{words}, nil, i32)}, nil).Result(0)
		out := make([]ir.Value, words)
		for i := range out {
			idx := constI32(r, loc, int64(i))
			out[i] = llvmcommon.Create(r, "llvm.extractelement", loc, []ir.Value{packed, idx}, []ir.Type{i32}, nil).Result(0)
		}
		return out, true
	}
	return nil, false
}

// maxWords bounds the 32-bit words decompose splits a value into, one
// extraction (and one lane operation) each: a value larger than that is
// left unlowered.
const maxWords = 1 << 16

// compose is the inverse of decompose (upstream's composeValue).
func compose(r *rewrite.ConversionRewriter, loc ir.Location, words []ir.Value, t ir.Type) ir.Value {
	ctx := r.Builder.Ctx
	bits := bitsOf(t)
	cast := func(name string, in ir.Value, res ir.Type) ir.Value {
		if in.Type() == res {
			return in
		}
		return llvmcommon.Create(r, name, loc, []ir.Value{in}, []ir.Type{res}, nil).Result(0)
	}
	if len(words) == 1 {
		if bits < 32 {
			return cast("llvm.bitcast", cast("llvm.trunc", words[0], ctx.I(uint32(bits))), t)
		}
		return cast("llvm.bitcast", words[0], t)
	}
	vt := ctx.VectorType([]int64{int64(len(words))}, nil, ctx.I(32))
	acc := llvmcommon.Poison(r, loc, vt)
	for i, w := range words {
		acc = llvmcommon.Create(r, "llvm.insertelement", loc, []ir.Value{acc, w, constI32(r, loc, int64(i))}, []ir.Type{vt}, nil).Result(0)
	}
	return cast("llvm.bitcast", acc, t)
}

// transposeLoadPattern lowers transpose_load on gfx950 to the ds_read_tr
// intrinsic of its element size.
func transposeLoadPattern(chip Chipset, tc *rewrite.TypeConverter) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: amdgpu.TransposeLoadOpName, BenefitValue: 1, PatternName: "amdgpu.transpose_load-to-rocdl",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			t, isT := amdgpu.AsTransposeLoadOp(op)
			if !isT || !chip.Is(9, 5, 0) {
				return false
			}
			m, ok := t.Src().Type().(*ir.MemRefType)
			res, ok2 := op.Result(0).Type().(*ir.VectorType)
			if !ok || !ok2 || len(operands) != 1+len(m.Shape) {
				return false
			}
			ctx := r.Builder.Ctx
			loc := op.Loc()
			ptr := memreftollvm.StridedElementPtr(r, loc, tc, m, operands[0], operands[1:])
			var name string
			resT := ir.Type(res)
			switch ir.IntOrFloatBitWidth(res.Elem) {
			case 4:
				name, resT = "rocdl.ds.read.tr4.b64", ctx.VectorType([]int64{2}, nil, ctx.I(32))
			case 6:
				name, resT = "rocdl.ds.read.tr6.b96", ctx.VectorType([]int64{3}, nil, ctx.I(32))
			case 8:
				name, resT = "rocdl.ds.read.tr8.b64", ctx.VectorType([]int64{2}, nil, ctx.I(32))
			case 16:
				name = "rocdl.ds.read.tr16.b64"
			default:
				return false
			}
			v := llvmcommon.Create(r, name, loc, []ir.Value{ptr}, []ir.Type{resT}, nil).Result(0)
			if resT != ir.Type(res) {
				v = llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{v}, []ir.Type{res}, nil).Result(0)
			}
			r.ReplaceOp(op, []ir.Value{v})
			return true
		}}
}

// addMemorySpaces converts memrefs in the gpu and amdgpu memory spaces
// to LLVM's address spaces, as upstream's pass does
// (populateAMDGPUMemorySpaceAttributeConversions): fat_raw_buffer is 7,
// buffer_rsrc 8, fat_structured_buffer 9.
func addMemorySpaces(ctx *ir.Context, tc *rewrite.TypeConverter) {
	llvmcommon.AddGPUMemorySpaces(ctx, tc)
	spaces := map[string]int64{"#amdgpu.address_space<fat_raw_buffer>": 7, "#amdgpu.address_space<buffer_rsrc>": 8,
		"#amdgpu.address_space<fat_structured_buffer>": 9}
	tc.AddConversion(func(t ir.Type) ir.Type {
		m, ok := t.(*ir.MemRefType)
		if !ok || m.MemorySpace == nil {
			return nil
		}
		as, ok := spaces[ir.AttrString(m.MemorySpace)]
		if !ok {
			return nil
		}
		return tc.Convert(ctx.MemRefType(m.Shape, m.Elem, m.Layout, ctx.IntegerAttr(ctx.I(64), as)))
	})
}

// addSmallFloatConversions converts the 8-, 6- and 4-bit float types and
// the signed and unsigned integers (and vectors of them) to signless
// integers of their width, as LLVM has no such types and upstream's
// LLVMTypeConverter does.
func addSmallFloatConversions(ctx *ir.Context, tc *rewrite.TypeConverter) {
	tc.AddConversion(func(t ir.Type) ir.Type {
		if it, ok := t.(*ir.IntegerType); ok && it.Signedness != ir.Signless {
			return ctx.I(it.Width)
		}
		if v, ok := t.(*ir.VectorType); ok {
			if it, ok := v.Elem.(*ir.IntegerType); ok && it.Signedness != ir.Signless {
				return ctx.VectorType(v.Shape, v.Scalable, ctx.I(it.Width))
			}
		}
		return nil
	})
	small := func(t ir.Type) (ir.Type, bool) {
		f, ok := t.(*ir.FloatType)
		if !ok || f.Width() > 8 {
			return nil, false
		}
		return ctx.I(uint32(f.Width())), true
	}
	tc.AddConversion(func(t ir.Type) ir.Type {
		if it, ok := small(t); ok {
			return it
		}
		if v, ok := t.(*ir.VectorType); ok {
			if it, ok := small(v.Elem); ok {
				return ctx.VectorType(v.Shape, v.Scalable, it)
			}
		}
		return nil
	})
}
