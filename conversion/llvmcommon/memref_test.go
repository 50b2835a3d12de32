package llvmcommon_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
)

func TestStridesAndOffset(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	d := ir.Dynamic
	for _, tc := range []struct {
		typ     string
		strides []int64
		offset  int64
		ok      bool
	}{
		{"memref<4x6xf32>", []int64{6, 1}, 0, true},
		{"memref<?x6xf32>", []int64{6, 1}, 0, true},
		{"memref<4x?x3xf32>", []int64{d, 3, 1}, 0, true},
		{"memref<f32>", []int64{}, 0, true},
		{"memref<2x3xf32, strided<[12, 2], offset: 7>>", []int64{12, 2}, 7, true},
		{"memref<?x?xf32, strided<[?, ?], offset: ?>>", []int64{d, d}, d, true},
		{"memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>", []int64{4, 1}, 0, true},
		{"memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>", nil, 0, false},
	} {
		typ, err := asm.ParseTypeString(ctx, tc.typ)
		if err != nil {
			t.Fatalf("%s: %v", tc.typ, err)
		}
		strides, offset, ok := llvmcommon.StridesAndOffset(typ.(*ir.MemRefType))
		if ok != tc.ok || (ok && (offset != tc.offset || !cmp.Equal(strides, tc.strides))) {
			t.Errorf("%s: strides %v offset %d ok %v, want %v %d %v", tc.typ, strides, offset, ok, tc.strides, tc.offset, tc.ok)
		}
	}
}

func TestDescriptors(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	tc := llvmcommon.NewTypeConverter(ctx)
	for _, c := range []struct {
		typ       string
		converted string
		rank      int
		unpacked  int
	}{
		{"memref<4x?xf32>", "!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>", 2, 7},
		{"memref<f64>", "!llvm.struct<(ptr, ptr, i64)>", 0, 3},
		{"memref<8xi32, strided<[2], offset: ?>>", "!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>", 1, 5},
		{"memref<*xf32>", "!llvm.struct<(i64, ptr)>", -1, 2},
		{"memref<4xf32, 3>", "!llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>", 1, 5},
	} {
		typ, err := asm.ParseTypeString(ctx, c.typ)
		if err != nil {
			t.Fatalf("%s: %v", c.typ, err)
		}
		conv := tc.Convert(typ)
		if got := asm.TypeString(conv); got != c.converted {
			t.Errorf("%s converts to %s, want %s", c.typ, got, c.converted)
			continue
		}
		if r := llvmcommon.DescriptorRank(conv); r != c.rank {
			t.Errorf("%s: rank %d, want %d", c.typ, r, c.rank)
		}
		if n := len(llvmcommon.UnpackedTypes(conv.(*llvm.StructType))); n != c.unpacked {
			t.Errorf("%s: %d unpacked arguments, want %d", c.typ, n, c.unpacked)
		}
	}
}
