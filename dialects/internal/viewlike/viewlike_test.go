package viewlike_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

const testDialect = `
dialect vltest {
  op view {
    operands (src: AnyType, offsets: variadic Index, sizes: variadic Index)
    properties (static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr,
                scalable: DenseBoolArrayAttr)
    results (result: AnyType)
    format "$src ` + "``" + ` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes, $scalable, ` + "`paren`" + `) attr-dict ` + "`:`" + ` type($src) ` + "`to`" + ` type($result)"
  }
}
`

func newContext(t *testing.T) *ir.Context {
	t.Helper()
	viewlike.Register()
	ctx := ir.NewContext()
	builtin.Register(ctx)
	function.Register(ctx)
	if err := irdl.Load(ctx, "vltest.irdl", []byte(testDialect)); err != nil {
		t.Fatal(err)
	}
	return ctx
}

func TestDynamicIndexListRoundTrip(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"%0 = vltest.view %a[%i, 4, -2] (%j, [8]) : i32 to i64",
			"%0 = vltest.view %arg0[%arg1, 4, -2] (%arg2, [8]) : i32 to i64"},
		{"%0 = vltest.view %a[] () : i32 to i64",
			"%0 = vltest.view %arg0[] () : i32 to i64"},
	} {
		ctx := newContext(t)
		src := "func.func @f(%a: i32, %i: index, %j: index) {\n  " + tc.in + "\n  return\n}\n"
		m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		var out strings.Builder
		if err := asm.Print(&out, m, asm.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("printed\n%s\nwant a line %q", out.String(), tc.want)
		}
	}
}

func TestDynamicIndexListErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"%0 = vltest.view %a[%i, x] () : i32 to i64", "expected SSA value or integer"},
		{"%0 = vltest.view %a[- ] () : i32 to i64", "expected integer value"},
		{"%0 = vltest.view %a 1] () : i32 to i64", "expected SSA value or integer"},
	} {
		ctx := newContext(t)
		src := "func.func @f(%a: i32, %i: index) {\n  " + tc.in + "\n  return\n}\n"
		_, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestStridesAndOffset(t *testing.T) {
	ctx := ir.NewContext()
	for _, tc := range []struct {
		typ     string
		strides []int64
		offset  int64
		ok      bool
	}{
		{"memref<2x3x4xf32>", []int64{12, 4, 1}, 0, true},
		{"memref<2x?x4xf32>", []int64{ir.Dynamic, 4, 1}, 0, true},
		{"memref<2x3xf32, strided<[?, 1], offset: 5>>", []int64{ir.Dynamic, 1}, 5, true},
		{"memref<2x3xf32, affine_map<(d0, d1)[s0] -> (d0 * 3 + d1 + s0)>>", []int64{3, 1}, ir.Dynamic, true},
		{"memref<2x3xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 * 2)>>", []int64{ir.Dynamic, 2}, 0, true},
		{"memref<2x3xf32, affine_map<(d0, d1) -> (d1, d0)>>", nil, 0, false},
		{"memref<2x3xf32, affine_map<(d0, d1) -> (d0 floordiv 2 + d1)>>", nil, 0, false},
	} {
		ty, err := asm.ParseTypeString(ctx, tc.typ)
		if err != nil {
			t.Fatal(err)
		}
		s, o, ok := viewlike.StridesAndOffset(ty.(*ir.MemRefType))
		if ok != tc.ok || (ok && (o != tc.offset || !cmp.Equal(s, tc.strides))) {
			t.Errorf("%s: got %v, %d, %v; want %v, %d, %v", tc.typ, s, o, ok, tc.strides, tc.offset, tc.ok)
		}
	}
}

func TestMixedValuesAndVerify(t *testing.T) {
	ctx := ir.NewContext()
	mixed := viewlike.MixedValues(ctx, []int64{1, ir.Dynamic, 3}, nil)
	static, dyn := viewlike.DecomposeMixedValues(mixed[:1])
	if !cmp.Equal(static, []int64{1}) || len(dyn) != 0 {
		t.Errorf("decompose: %v %v", static, dyn)
	}
	if v, ok := viewlike.ConstantIndex(mixed[2]); !ok || v != 3 {
		t.Errorf("ConstantIndex = %d, %v", v, ok)
	}
	if _, ok := viewlike.ConstantIndex(mixed[1]); ok {
		t.Error("ConstantIndex of a dynamic entry")
	}
}
