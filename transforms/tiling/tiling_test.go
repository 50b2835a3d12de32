package tiling_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/semcheck"
	"github.com/strata-ir/strata/transforms/tiling"
)

// cases are programs tiled with sizes and compared with mlir-opt-22
// applying transform.structured.tile_using_for with the same sizes to
// every linalg operation.
var cases = []struct {
	name  string
	sizes []int64
	src   string
}{
	{"matmul", []int64{8, 16, 4}, `func.func @f(%a: tensor<16x32xf32>, %b: tensor<32x64xf32>, %c: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x32xf32>, tensor<32x64xf32>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}`},
	{"matmul-untiled-reduction", []int64{4, 8}, `func.func @f(%a: tensor<8x6xf64>, %b: tensor<6x16xf64>, %c: tensor<8x16xf64>) -> tensor<8x16xf64> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x6xf64>, tensor<6x16xf64>) outs(%c : tensor<8x16xf64>) -> tensor<8x16xf64>
  return %0 : tensor<8x16xf64>
}`},
	{"matmul-only-k", []int64{0, 0, 2}, `func.func @f(%a: tensor<4x6xi32>, %b: tensor<6x4xi32>, %c: tensor<4x4xi32>) -> tensor<4x4xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x6xi32>, tensor<6x4xi32>) outs(%c : tensor<4x4xi32>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}`},
	{"generic-elementwise-broadcast", []int64{4, 0}, `#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @f(%a: tensor<8x12xf32>, %b: tensor<12xf32>, %c: tensor<8x12xf32>) -> tensor<8x12xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<8x12xf32>, tensor<12xf32>) outs(%c : tensor<8x12xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8x12xf32>
  return %0 : tensor<8x12xf32>
}`},
	{"generic-elementwise-2d", []int64{2, 6}, `#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<8x12xf32>, %c: tensor<8x12xf32>) -> tensor<8x12xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x12xf32>) outs(%c : tensor<8x12xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<8x12xf32>
  return %0 : tensor<8x12xf32>
}`},
	{"generic-transpose-reduction-two-ops", []int64{2, 5}, `#in = affine_map<(d0, d1) -> (d1, d0)>
#out = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<10x4xf32>, %c: tensor<4xf32>, %d: tensor<4x10xf32>) -> (tensor<4xf32>, tensor<4x10xf32>) {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<10x4xf32>) outs(%c : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<10x4xf32>) outs(%d : tensor<4x10xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x10xf32>
  return %0, %1 : tensor<4xf32>, tensor<4x10xf32>
}`},
	{"partial-generic-both-loops", []int64{3, 5}, `#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @f(%a: tensor<8x12xf32>, %b: tensor<12xf32>, %c: tensor<8x12xf32>) -> tensor<8x12xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<8x12xf32>, tensor<12xf32>) outs(%c : tensor<8x12xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8x12xf32>
  return %0 : tensor<8x12xf32>
}`},
	{"partial-generic-one-loop", []int64{3, 4}, `#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @f(%a: tensor<8x12xf32>, %b: tensor<12xf32>, %c: tensor<8x12xf32>) -> tensor<8x12xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<8x12xf32>, tensor<12xf32>) outs(%c : tensor<8x12xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8x12xf32>
  return %0 : tensor<8x12xf32>
}`},
	{"partial-matmul", []int64{3, 5, 4}, `func.func @f(%a: tensor<16x32xf32>, %b: tensor<32x64xf32>, %c: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x32xf32>, tensor<32x64xf32>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}`},
	{"partial-matmul-reduction-and-oversized", []int64{1, 32, 7}, `func.func @f(%a: tensor<4x10xf32>, %b: tensor<10x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x10xf32>, tensor<10x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}`},
	{"dynamic-matmul", []int64{2, 3}, `func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}`},
	{"dynamic-mixed-static-generic", []int64{0, 4, 2}, `#in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @f(%a: tensor<?x8x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a : tensor<?x8x?xf32>) outs(%c : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}`},
	{"dynamic-nested-in-loop", []int64{2, 3}, `func.func @f(%a: tensor<?x8xf32>, %c: tensor<?x8xf32>, %n: index) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<?x8xf32>) {
    %0 = linalg.copy ins(%acc : tensor<?x8xf32>) outs(%a : tensor<?x8xf32>) -> tensor<?x8xf32>
    scf.yield %0 : tensor<?x8xf32>
  }
  return %r : tensor<?x8xf32>
}`},
	{"reduce-transpose-broadcast", []int64{2, 3}, `func.func @f(%x: tensor<4x6xf32>, %r: tensor<6xf32>, %t: tensor<6x4xf32>, %b: tensor<6x5xf32>) -> (tensor<6xf32>, tensor<6x4xf32>, tensor<6x5xf32>) {
  %0 = linalg.reduce ins(%x : tensor<4x6xf32>) outs(%r : tensor<6xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %1 = linalg.transpose ins(%x : tensor<4x6xf32>) outs(%t : tensor<6x4xf32>) permutation = [1, 0]
  %2 = linalg.broadcast ins(%0 : tensor<6xf32>) outs(%b : tensor<6x5xf32>) dimensions = [1]
  return %0, %1, %2 : tensor<6xf32>, tensor<6x4xf32>, tensor<6x5xf32>
}`},
	{"named-add-and-fill", []int64{3}, `func.func @f(%a: tensor<9xf32>, %b: tensor<9xf32>, %c: tensor<9xf32>, %z: f32) -> tensor<9xf32> {
  %f = linalg.fill ins(%z : f32) outs(%c : tensor<9xf32>) -> tensor<9xf32>
  %0 = linalg.add ins(%a, %b : tensor<9xf32>, tensor<9xf32>) outs(%f : tensor<9xf32>) -> tensor<9xf32>
  return %0 : tensor<9xf32>
}`},
}

func tile(t *testing.T, src string, sizes []int64, generic bool) string {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "input.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse(fmt.Sprintf("builtin.module(func.func(%s{tile-sizes=%s}))", tiling.Argument, joinSizes(sizes))); err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("the tiled program does not verify: %v", err)
	}
	var sb strings.Builder
	if err := asm.Print(&sb, m, asm.PrintOptions{Generic: generic}); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

func joinSizes(sizes []int64) string {
	s := make([]string, len(sizes))
	for i, v := range sizes {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ",")
}

// script returns the transform script tiling every linalg operation
// with sizes.
func script(sizes []int64) string {
	loops := 0
	for _, s := range sizes {
		if s != 0 {
			loops++
		}
	}
	handles := strings.Repeat(", !transform.any_op", loops)
	return fmt.Sprintf(`module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%%root: !transform.any_op {transform.readonly}) {
    %%ops = transform.structured.match interface{LinalgOp} in %%root : (!transform.any_op) -> !transform.any_op
    %%t, %%l:%d = transform.structured.tile_using_for %%ops tile_sizes [%s] : (!transform.any_op) -> (!transform.any_op%s)
    transform.yield
  }
}
`, loops, strings.ReplaceAll(joinSizes(sizes), ",", ", "), handles)
}

// TestMatchesTransformInterpreter compares the pass's output, custom and
// generic, with mlir-opt-22's transform.structured.tile_using_for.
func TestMatchesTransformInterpreter(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	dir := t.TempDir()
	for _, c := range cases {
		for _, generic := range []bool{false, true} {
			t.Run(c.name+map[bool]string{false: "/custom", true: "/generic"}[generic], func(t *testing.T) {
				got := tile(t, c.src, c.sizes, generic)
				f := filepath.Join(dir, c.name+".mlir")
				s := filepath.Join(dir, c.name+".script.mlir")
				if err := os.WriteFile(f, []byte(c.src), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(s, []byte(script(c.sizes)), 0o644); err != nil {
					t.Fatal(err)
				}
				args := []string{"--transform-preload-library=transform-library-paths=" + s, "--transform-interpreter", f}
				if generic {
					args = append(args, "--mlir-print-op-generic")
				}
				out, err := exec.Command(mlirOpt, args...).CombinedOutput()
				if err != nil {
					t.Fatalf("mlir-opt-22: %v\n%s", err, out)
				}
				if !strings.Contains(got, "scf.for") {
					t.Errorf("no loop built:\n%s", got)
				}
				if diff := cmp.Diff(string(out), got); diff != "" {
					t.Errorf("differs from mlir-opt-22 (-mlir-opt +strata):\n%s", diff)
				}
			})
		}
	}
}

// TestRejects checks the diagnostics for what is not tiled, and that the
// input is then left unchanged.
func TestRejects(t *testing.T) {
	tests := []struct {
		name, src, want string
		sizes           []int64
	}{
		{"too-many-sizes", cases[0].src, "has 3 loops but 4 tile sizes were given", []int64{1, 1, 1, 1}},
		{"all-zero", cases[0].src, "every tile size is 0, nothing to tile", []int64{0, 0}},
		{"negative", cases[0].src, "tile size -2 of loop 1 is negative", []int64{2, -2}},
		{"convolution-window", `func.func @f(%i: tensor<10xf32>, %k: tensor<3xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.conv_1d ins(%i, %k : tensor<10xf32>, tensor<3xf32>) outs(%o : tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}`, "tiling supports indexing maps that are projected permutations, not (d0, d1) -> (d0 + d1)", []int64{4}},
		{"not-tileable", `func.func @f(%a: index) -> index {
  return %a : index
}`, "does not implement the tiling interface", []int64{2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			m, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: "input.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			var target *ir.Operation
			m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
				if target == nil && (strings.HasPrefix(o.Name(), "linalg.") || o.Name() == "func.return") {
					target = o
				}
				return true
			})
			var before strings.Builder
			if err := asm.Print(&before, m, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			_, err = tiling.TileUsingFor(rewrite.NewRewriter(ctx), target, tc.sizes)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error = %v, want %q", err, tc.want)
			}
			var after strings.Builder
			if err := asm.Print(&after, m, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(before.String(), after.String()); diff != "" {
				t.Errorf("the input changed (-before +after):\n%s", diff)
			}
		})
	}
}

// TestKeepsSemantics runs linalg-tile under translation validation on a
// matmul program, with partial tiles on every loop: @main prints the same
// before and after tiling.
func TestKeepsSemantics(t *testing.T) {
	path := filepath.Join("testdata", "matmul.mlir")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: path})
	if err != nil {
		t.Fatal(err)
	}
	r, err := semcheck.Validate(ctx, m, "func.func("+tiling.Argument+"{tile-sizes=3,5,4})", "main")
	if err != nil {
		t.Fatal(err)
	}
	if r.Failure != nil {
		t.Fatalf("%v\n%v", r.Failure, r.Failure.Notes)
	}
	if r.PassError != nil {
		t.Fatal(r.PassError)
	}
	if diff := cmp.Diff([]string{tiling.Argument}, r.Validated); diff != "" {
		t.Errorf("validated passes (-want +got):\n%s", diff)
	}
}
