package memref_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/memref"
)

func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	arith.Register(ctx)
	function.Register(ctx)
	memref.Register(ctx)
	return ctx
}

func parse(t *testing.T, ctx *ir.Context, src string) (*ir.Operation, error) {
	t.Helper()
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		return nil, err
	}
	return m, ir.Verify(m)
}

// TestRoundTrip parses custom forms and checks they print back unchanged.
func TestRoundTrip(t *testing.T) {
	for _, line := range []string{
		"%alloc = memref.alloc(%arg1) {alignment = 64 : i64} : memref<4x?xf32>",
		"%0 = memref.load %arg0[%arg1, %arg1] {nontemporal = true} : memref<4x4xf32>",
		"%subview = memref.subview %arg0[%arg1, 1] [2, %arg1] [1, 2] : memref<4x4xf32> to memref<2x?xf32, strided<[4, 2], offset: ?>>",
		"%reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [16], strides: [1] : memref<4x4xf32> to memref<16xf32, strided<[1]>>",
		"%transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<4x4xf32> to memref<4x4xf32, strided<[1, 4]>>",
		"memref.prefetch %arg0[%arg1, %arg1], read, locality<2>, data : memref<4x4xf32>",
		"%0:2 = memref.distinct_objects %arg0, %arg0 : memref<4x4xf32>, memref<4x4xf32>",
		"%dim = memref.dim %arg0, %arg1 : memref<4x4xf32>",
		"%base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<4x4xf32> -> memref<f32>, index, index, index, index, index",
	} {
		ctx := newContext()
		src := "func.func @f(%arg0: memref<4x4xf32>, %arg1: index) {\n  " + line + "\n  return\n}\n"
		m, err := parse(t, ctx, src)
		if err != nil {
			t.Errorf("%s: %v", line, err)
			continue
		}
		var out strings.Builder
		if err := asm.Print(&out, m, asm.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "    "+line+"\n") {
			t.Errorf("printed\n%s\nwant the line %q", out.String(), line)
		}
	}
}

// TestVerifier checks upstream's messages for invalid operations.
func TestVerifier(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"%0 = memref.alloc(%arg1) : memref<4x4xf32>", "incorrect number of dynamic sizes, has 1, expected 0"},
		{"%0 = memref.load %arg0[%arg1] : memref<4x4xf32>", "incorrect number of indices for load, expected 2 but got 1"},
		{"%0 = memref.subview %arg0[0, 0] [4, 4] [1] : memref<4x4xf32> to memref<4x4xf32>", "expected mixed sizes rank to match mixed strides rank (2 vs 1)"},
		{"%0 = memref.subview %arg0[0, 3] [4, 4] [1, 1] : memref<4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: 3>>", "slice along dimension 1 runs out-of-bounds: 6 >= 4"},
		{"%0 = memref.cast %arg0 : memref<4x4xf32> to memref<4x4xi32>", "are cast incompatible"},
		{"%0 = memref.collapse_shape %arg0 [[0, 1]] : memref<4x4xf32> into memref<15xf32>", "collapsed dim size (15) must equal reassociation group size (16)"},
		{"%0 = memref.expand_shape %arg0 [[0, 1], [2]] output_shape [2, 2, 4] : memref<4x4xf32> into memref<2x2x4xf32, strided<[8, 4, 1]>>", "expected expanded type to be 'memref<2x2x4xf32>'"},
	} {
		ctx := newContext()
		src := "func.func @f(%arg0: memref<4x4xf32>, %arg1: index) {\n  " + tc.line + "\n  return\n}\n"
		_, err := parse(t, ctx, src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.line, err, tc.want)
		}
	}
}

// TestEffects checks the memory effects of a few operations.
func TestEffects(t *testing.T) {
	ctx := newContext()
	src := `func.func @f(%arg0: memref<4xf32>, %arg1: index, %v: f32) {
  %a = memref.alloc() : memref<4xf32>
  %0 = memref.load %arg0[%arg1] : memref<4xf32>
  memref.store %v, %a[%arg1] : memref<4xf32>
  memref.copy %arg0, %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %c = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
  return
}
`
	m, err := parse(t, ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]ir.EffectKind{}
	m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if strings.HasPrefix(op.Name(), "memref.") {
			effs, known := op.Effects()
			if !known {
				t.Errorf("%s: unknown effects", op.Name())
			}
			kinds := []ir.EffectKind{}
			for _, e := range effs {
				kinds = append(kinds, e.Kind)
			}
			got[op.Name()] = kinds
		}
		return true
	})
	want := map[string][]ir.EffectKind{
		"memref.alloc":   {ir.EffectAllocate},
		"memref.load":    {ir.EffectRead},
		"memref.store":   {ir.EffectWrite},
		"memref.copy":    {ir.EffectRead, ir.EffectWrite},
		"memref.dealloc": {ir.EffectFree},
		"memref.cast":    {},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("effects (-want +got):\n%s", d)
	}
}
