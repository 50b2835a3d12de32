package llvmcommon

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
)

// StridesAndOffset returns the strides and offset of a memref with the
// identity or a strided layout (ir.Dynamic where not static), and false
// for other layouts.
func StridesAndOffset(m *ir.MemRefType) (strides []int64, offset int64, ok bool) {
	switch l := m.Layout.(type) {
	case nil:
	case *ir.StridedLayoutAttr:
		return l.Strides, l.Offset, true
	case *ir.AffineMapAttr:
		if !l.Map.IsIdentity() || l.Map.NumDims != len(m.Shape) {
			return nil, 0, false
		}
	default:
		return nil, 0, false
	}
	strides = make([]int64, len(m.Shape))
	acc := int64(1)
	for i := len(m.Shape) - 1; i >= 0; i-- {
		strides[i] = acc
		if acc != ir.Dynamic && m.Shape[i] != ir.Dynamic {
			acc *= m.Shape[i]
		} else {
			acc = ir.Dynamic
		}
	}
	return strides, 0, true
}

// AddressSpace returns the LLVM address space of a memory space attribute
// (none or an integer), and false for other memory spaces.
func AddressSpace(ms ir.Attribute) (uint64, bool) {
	switch a := ms.(type) {
	case nil:
		return 0, true
	case *ir.IntegerAttr:
		return a.Lo, true
	}
	return 0, false
}

// DescriptorType returns upstream's ranked memref descriptor
// `!llvm.struct<(ptr, ptr, i64, array<rank x i64>, array<rank x i64>)>`
// (allocated pointer, aligned pointer, offset, sizes, strides; no arrays
// for rank 0) with pointers in address space as.
func DescriptorType(ctx *ir.Context, rank int, as uint64) *llvm.StructType {
	ptr := llvm.Ptr(ctx, as)
	i64 := ctx.I(IndexBitwidth)
	fields := []ir.Type{ptr, ptr, i64}
	if rank > 0 {
		arr := llvm.Array(ctx, uint64(rank), i64)
		fields = append(fields, arr, arr)
	}
	return llvm.LiteralStruct(ctx, fields, false)
}

// UnrankedDescriptorType returns `!llvm.struct<(i64, ptr)>`: the rank and
// a pointer to a ranked descriptor.
func UnrankedDescriptorType(ctx *ir.Context, as uint64) *llvm.StructType {
	return llvm.LiteralStruct(ctx, []ir.Type{ctx.I(IndexBitwidth), llvm.Ptr(ctx, as)}, false)
}

// addMemRefConversions converts memrefs of strided layout (identity
// included) and unranked memrefs to their descriptors, as MLIR's
// LLVMTypeConverter does.
func addMemRefConversions(ctx *ir.Context, tc *rewrite.TypeConverter) {
	tc.AddConversion(func(t ir.Type) ir.Type {
		switch m := t.(type) {
		case *ir.MemRefType:
			if _, _, ok := StridesAndOffset(m); !ok {
				return nil
			}
			as, ok := AddressSpace(m.MemorySpace)
			if !ok || !elementConvertible(tc, m.Elem) {
				return nil
			}
			return DescriptorType(ctx, len(m.Shape), as)
		case *ir.UnrankedMemRefType:
			as, ok := AddressSpace(m.MemorySpace)
			if !ok || !elementConvertible(tc, m.Elem) {
				return nil
			}
			return UnrankedDescriptorType(ctx, as)
		}
		return nil
	})
}

func elementConvertible(tc *rewrite.TypeConverter, t ir.Type) bool {
	return llvm.IsCompatibleType(tc.Convert(t))
}

// Const builds `llvm.mlir.constant(v : index) : i64`.
func Const(r *rewrite.ConversionRewriter, loc ir.Location, v int64) ir.Value {
	ctx := r.Builder.Ctx
	return Create(r, "llvm.mlir.constant", loc, nil, []ir.Type{ctx.I(IndexBitwidth)},
		[]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(ctx.IndexType(), v)}}).Result(0)
}

// Insert builds llvm.insertvalue of v into agg at pos.
func Insert(r *rewrite.ConversionRewriter, loc ir.Location, agg, v ir.Value, pos ...int64) ir.Value {
	ctx := r.Builder.Ctx
	return Create(r, "llvm.insertvalue", loc, []ir.Value{agg, v}, []ir.Type{agg.Type()},
		[]ir.NamedAttr{{Name: "position", Value: ctx.DenseI64Array(pos...)}}).Result(0)
}

// Extract builds llvm.extractvalue of the field of type t at pos of agg.
func Extract(r *rewrite.ConversionRewriter, loc ir.Location, agg ir.Value, t ir.Type, pos ...int64) ir.Value {
	ctx := r.Builder.Ctx
	return Create(r, "llvm.extractvalue", loc, []ir.Value{agg}, []ir.Type{t},
		[]ir.NamedAttr{{Name: "position", Value: ctx.DenseI64Array(pos...)}}).Result(0)
}

// Poison builds llvm.mlir.poison of type t.
func Poison(r *rewrite.ConversionRewriter, loc ir.Location, t ir.Type) ir.Value {
	return Create(r, "llvm.mlir.poison", loc, nil, []ir.Type{t}, nil).Result(0)
}

// DescriptorRank returns the rank of a ranked descriptor type, or -1 for
// another type.
func DescriptorRank(t ir.Type) int {
	s, ok := t.(*llvm.StructType)
	if !ok || s.Identified {
		return -1
	}
	// A descriptor is (ptr, ptr, iN) for rank 0 and (ptr, ptr, iN,
	// array<R x iN>, array<R x iN>) for rank R.
	if len(s.Fields) != 3 && len(s.Fields) != 5 {
		return -1
	}
	_, p0 := s.Fields[0].(*llvm.PointerType)
	_, p1 := s.Fields[1].(*llvm.PointerType)
	offset, isInt := s.Fields[2].(*ir.IntegerType)
	if !p0 || !p1 || !isInt {
		return -1
	}
	if len(s.Fields) == 3 {
		return 0
	}
	sizes, ok1 := s.Fields[3].(*llvm.ArrayType)
	strides, ok2 := s.Fields[4].(*llvm.ArrayType)
	if !ok1 || !ok2 || sizes.Len != strides.Len || sizes.Elem != ir.Type(offset) || strides.Elem != ir.Type(offset) {
		return -1
	}
	return int(sizes.Len)
}

// UnpackedTypes returns the types a descriptor of type t is unpacked into
// at a function boundary: its fields with the arrays flattened.
func UnpackedTypes(t *llvm.StructType) []ir.Type {
	var out []ir.Type
	for _, f := range t.Fields {
		if a, ok := f.(*llvm.ArrayType); ok {
			for i := uint64(0); i < a.Len; i++ {
				out = append(out, a.Elem)
			}
			continue
		}
		out = append(out, f)
	}
	return out
}

// Pack builds a descriptor of type t from its unpacked values, inserting
// the fields in upstream's order (pointers and offset, then each
// dimension's size and stride).
func Pack(r *rewrite.ConversionRewriter, loc ir.Location, t *llvm.StructType, vals []ir.Value) ir.Value {
	rank := DescriptorRank(t)
	if rank < 0 {
		return PackStruct(r, loc, t, vals)
	}
	d := Poison(r, loc, t)
	for i := 0; i < 3; i++ {
		d = Insert(r, loc, d, vals[i], int64(i))
	}
	for i := 0; i < rank; i++ {
		d = Insert(r, loc, d, vals[3+i], 3, int64(i))
		d = Insert(r, loc, d, vals[3+rank+i], 4, int64(i))
	}
	return d
}

// PackStruct builds a value of the struct type t from one value per field,
// in order (a function's multiple results returned as one struct).
func PackStruct(r *rewrite.ConversionRewriter, loc ir.Location, t *llvm.StructType, vals []ir.Value) ir.Value {
	d := Poison(r, loc, t)
	for i, v := range vals {
		d = Insert(r, loc, d, v, int64(i))
	}
	return d
}

// Unpack extracts the fields of descriptor d in order, arrays flattened.
func Unpack(r *rewrite.ConversionRewriter, loc ir.Location, d ir.Value) []ir.Value {
	t := d.Type().(*llvm.StructType)
	var out []ir.Value
	for i, f := range t.Fields {
		if a, ok := f.(*llvm.ArrayType); ok {
			for j := uint64(0); j < a.Len; j++ {
				out = append(out, Extract(r, loc, d, a.Elem, int64(i), int64(j)))
			}
			continue
		}
		out = append(out, Extract(r, loc, d, f, int64(i)))
	}
	return out
}
