package amdgputorocdl

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/amdgpu"
	"github.com/strata-ir/strata/dialects/llvm"
)

// bufferOps maps the raw buffer operations to their intrinsics, whether
// they store a value (the first operand) and whether they return one.
var bufferOps = map[string]struct {
	intrinsic     string
	stores, loads bool
	cmpswap       bool
}{
	amdgpu.RawBufferLoadOpName:          {"rocdl.raw.ptr.buffer.load", false, true, false},
	amdgpu.RawBufferStoreOpName:         {"rocdl.raw.ptr.buffer.store", true, false, false},
	amdgpu.RawBufferAtomicFaddOpName:    {"rocdl.raw.ptr.buffer.atomic.fadd", true, false, false},
	amdgpu.RawBufferAtomicFmaxOpName:    {"rocdl.raw.ptr.buffer.atomic.fmax", true, false, false},
	amdgpu.RawBufferAtomicSmaxOpName:    {"rocdl.raw.ptr.buffer.atomic.smax", true, false, false},
	amdgpu.RawBufferAtomicUminOpName:    {"rocdl.raw.ptr.buffer.atomic.umin", true, false, false},
	amdgpu.RawBufferAtomicCmpswapOpName: {"rocdl.raw.ptr.buffer.atomic.cmpswap", true, true, true},
}

// gfx9BufferFlags is the last word of a raw buffer descriptor on gfx9:
// 32-bit data format, offset enabled, no swizzling.
const gfx9BufferFlags = 159744

// bufferValueType is the type the buffer intrinsics move for data of type
// t (upstream's llvmBufferValType): vectors of sub-dword elements as
// dwords (or one integer when smaller than a dword), packed fp16 pairs
// kept for atomic adds, one-element vectors as their element.
func bufferValueType(ctx *ir.Context, t ir.Type, packedFp16 bool) ir.Type {
	out := t
	if v, ok := t.(*ir.VectorType); ok {
		n := numElems(v)
		elemBits := int64(ir.IntOrFloatBitWidth(v.Elem))
		total := n * elemBits
		if elemBits < 32 && !(packedFp16 && n == 2 && elemBits == 16) {
			if total > 32 {
				out = ctx.VectorType([]int64{total / 32}, nil, ctx.I(32))
			} else {
				out = ctx.I(uint32(total))
			}
		}
	}
	if v, ok := out.(*ir.VectorType); ok && numElems(v) == 1 {
		out = v.Elem
	}
	return out
}

func numElems(v *ir.VectorType) int64 {
	n := int64(1)
	for _, d := range v.Shape {
		n *= d
	}
	return n
}

// bufferPatterns lower the raw buffer operations on gfx9: a buffer
// resource of the memref's base address and size in bytes, then the
// intrinsic with the byte offset of the indices.
func bufferPatterns(chip Chipset, tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	var ps []rewrite.ConversionPattern
	for name, info := range bufferOps {
		info := info
		ps = append(ps, &rewrite.ConversionFunc{RootName: name, BenefitValue: 1, PatternName: name + "-to-rocdl",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				if chip.Major != 9 {
					return false
				}
				ctx := r.Builder.Ctx
				loc := op.Loc()
				nData := 0
				if info.stores {
					nData = 1
				}
				if info.cmpswap {
					nData = 2
				}
				m, ok := op.Operand(nData).Type().(*ir.MemRefType)
				if !ok || len(operands) < nData+1+len(m.Shape) {
					return false
				}
				strides, offset, ok := llvmcommon.StridesAndOffset(m)
				if !ok {
					return false
				}
				desc := operands[nData]
				indices := operands[nData+1 : nData+1+len(m.Shape)]
				var sgpr ir.Value
				if len(operands) > nData+1+len(m.Shape) {
					sgpr = operands[nData+1+len(m.Shape)]
				}
				i32, i64 := ctx.I(32), ctx.I(64)
				c32 := func(v int64) ir.Value { return constI32(r, loc, v) }
				c64 := func(v int64) ir.Value {
					return llvmcommon.Create(r, "llvm.mlir.constant", loc, nil, []ir.Type{i64},
						[]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(i64, v)}}).Result(0)
				}
				bin := func(name string, a, b ir.Value) ir.Value {
					return llvmcommon.Create(r, name, loc, []ir.Value{a, b}, []ir.Type{a.Type()}, nil).Result(0)
				}
				cast := func(v ir.Value, t ir.Type) ir.Value {
					if v.Type() == t {
						return v
					}
					return llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{v}, []ir.Type{t}, nil).Result(0)
				}
				elem := tc.Convert(m.Elem)
				bytes := int64(ir.IntOrFloatBitWidth(elem) / 8)
				if elem == nil || bytes == 0 {
					return false
				}
				byteWidth := c32(bytes)

				var dataType ir.Type
				if info.loads {
					dataType = tc.Convert(op.Result(0).Type())
				} else {
					dataType = operands[0].Type()
				}
				valType := bufferValueType(ctx, dataType, name == amdgpu.RawBufferAtomicFaddOpName)
				if info.cmpswap {
					if f, ok := valType.(*ir.FloatType); ok {
						valType = ctx.I(uint32(f.Width()))
					}
				}
				var args []ir.Value
				for i := 0; i < nData; i++ {
					args = append(args, cast(operands[i], valType))
				}

				as, _ := llvmcommon.AddressSpace(m.MemorySpace)
				ptrT := llvm.Ptr(ctx, as)
				base := llvmcommon.Extract(r, loc, desc, ptrT, 1)
				if offset != 0 {
					var off ir.Value
					if offset == ir.Dynamic {
						off = llvmcommon.Extract(r, loc, desc, i64, 2)
					} else {
						off = c64(offset)
					}
					base = llvmcommon.Create(r, "llvm.getelementptr", loc, []ir.Value{base, off}, []ir.Type{ptrT}, []ir.NamedAttr{
						{Name: "rawConstantIndices", Value: ctx.DenseI32Array(-1 << 31)},
						{Name: "elem_type", Value: ctx.TypeAttr(elem)},
						{Name: "noWrapFlags", Value: ctx.IntegerAttr(i32, 0)}}).Result(0)
				}
				var numRecords ir.Value
				static := true
				for i, d := range m.Shape {
					if d == ir.Dynamic || strides[i] == ir.Dynamic {
						static = false
					}
				}
				if static {
					size := int64(0)
					if len(m.Shape) == 0 {
						size = 1
					}
					for i, d := range m.Shape {
						size = max(size, d*strides[i])
					}
					numRecords = c64(size * bytes)
				} else {
					var maxIndex ir.Value
					for i := range m.Shape {
						size := llvmcommon.Extract(r, loc, desc, i64, 3, int64(i))
						stride := llvmcommon.Extract(r, loc, desc, i64, 4, int64(i))
						dim := bin("llvm.mul", size, stride)
						if maxIndex == nil {
							maxIndex = dim
						} else {
							maxIndex = llvmcommon.Create(r, "llvm.intr.umax", loc, []ir.Value{maxIndex, dim}, []ir.Type{i64}, nil).Result(0)
						}
					}
					numRecords = bin("llvm.mul", maxIndex, c64(bytes))
				}
				stride := llvmcommon.Create(r, "llvm.mlir.constant", loc, nil, []ir.Type{ctx.I(16)},
					[]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(ctx.I(16), 0)}}).Result(0)
				rsrc := llvmcommon.Create(r, "rocdl.make.buffer.rsrc", loc, []ir.Value{base, stride, numRecords, c32(gfx9BufferFlags)},
					[]ir.Type{llvm.Ptr(ctx, 8)}, nil).Result(0)

				var voffset ir.Value
				for i, idx := range indices {
					s := strides[i]
					switch {
					case s == ir.Dynamic:
						st := llvmcommon.Extract(r, loc, desc, i64, 4, int64(i))
						idx = bin("llvm.mul", idx, llvmcommon.Create(r, "llvm.trunc", loc, []ir.Value{st}, []ir.Type{i32}, nil).Result(0))
					case s != 1:
						idx = bin("llvm.mul", idx, c32(s))
					}
					if voffset == nil {
						voffset = idx
					} else {
						voffset = bin("llvm.add", voffset, idx)
					}
				}
				if io, ok := op.InherentAttr("indexOffset").(*ir.IntegerAttr); ok && io.Int64() > 0 {
					if voffset == nil {
						voffset = c32(io.Int64())
					} else {
						voffset = bin("llvm.add", voffset, c32(io.Int64()))
					}
				}
				if voffset == nil {
					voffset = c32(0)
				}
				voffset = bin("llvm.mul", voffset, byteWidth)
				if sgpr == nil {
					sgpr = c32(0)
				}
				soffset := bin("llvm.mul", sgpr, byteWidth)
				args = append(args, rsrc, voffset, soffset, c32(0))
				if !info.loads {
					llvmcommon.Create(r, info.intrinsic, loc, args, nil, nil)
					r.ReplaceOp(op, nil)
					return true
				}
				res := llvmcommon.Create(r, info.intrinsic, loc, args, []ir.Type{valType}, nil).Result(0)
				r.ReplaceOp(op, []ir.Value{cast(res, dataType)})
				return true
			}})
	}
	return ps
}
