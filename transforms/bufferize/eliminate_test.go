package bufferize_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/transforms/bufferize"
)

// TestEliminateEmptyTensors checks the replacement of tensor.empty uses
// on a module and on a function alone. The wanted outputs are
// mlir-opt-22's --eliminate-empty-tensors on the same inputs (nested in
// func.func for a function).
func TestEliminateEmptyTensors(t *testing.T) {
	const twoInserts = `func.func @f(%t: tensor<16xf32>, %f: f32) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %1 = tensor.insert_slice %0 into %t[0] [4] [1] : tensor<4xf32> into tensor<16xf32>
  %2 = tensor.insert_slice %0 into %t[8] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %1, %2 : tensor<16xf32>, tensor<16xf32>
}`
	for _, tc := range []struct {
		name, src string
		// onFunc runs on the module's first operation, a function.
		onFunc bool
		want   string
	}{{
		name: "module: the first insertion's part replaces the fill's use",
		src:  twoInserts,
		want: `  func.func @f(%arg0: tensor<16xf32>, %arg1: f32) -> (tensor<16xf32>, tensor<16xf32>) {
    %extracted_slice = tensor.extract_slice %arg0[0] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %0 = tensor.empty() : tensor<4xf32>
    %1 = linalg.fill ins(%arg1 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
    %inserted_slice = tensor.insert_slice %1 into %arg0[0] [4] [1] : tensor<4xf32> into tensor<16xf32>
    %inserted_slice_0 = tensor.insert_slice %1 into %arg0[8] [4] [1] : tensor<4xf32> into tensor<16xf32>
    return %inserted_slice, %inserted_slice_0 : tensor<16xf32>, tensor<16xf32>
  }`,
	}, {
		name:   "function: analyzed without function boundaries",
		src:    twoInserts,
		onFunc: true,
		want: `  func.func @f(%arg0: tensor<16xf32>, %arg1: f32) -> (tensor<16xf32>, tensor<16xf32>) {
    %extracted_slice = tensor.extract_slice %arg0[0] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %0 = tensor.empty() : tensor<4xf32>
    %1 = linalg.fill ins(%arg1 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
    %inserted_slice = tensor.insert_slice %1 into %arg0[0] [4] [1] : tensor<4xf32> into tensor<16xf32>
    %inserted_slice_0 = tensor.insert_slice %1 into %arg0[8] [4] [1] : tensor<4xf32> into tensor<16xf32>
    return %inserted_slice, %inserted_slice_0 : tensor<16xf32>, tensor<16xf32>
  }`,
	}, {
		name:   "function without a body",
		src:    `func.func private @g(tensor<4xf32>) -> tensor<4xf32>`,
		onFunc: true,
		want:   `  func.func private @g(tensor<4xf32>) -> tensor<4xf32>`,
	}, {
		name: "no insertion point before the use: the offset is defined after it",
		src: `func.func @f(%t: tensor<16xf32>, %f: f32) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %i = "test.index"() : () -> index
  %1 = tensor.insert_slice %0 into %t[%i] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %1 : tensor<16xf32>
}`,
		want: `  func.func @f(%arg0: tensor<16xf32>, %arg1: f32) -> tensor<16xf32> {
    %0 = tensor.empty() : tensor<4xf32>
    %1 = linalg.fill ins(%arg1 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
    %2 = "test.index"() : () -> index
    %inserted_slice = tensor.insert_slice %1 into %arg0[%2] [4] [1] : tensor<4xf32> into tensor<16xf32>
    return %inserted_slice : tensor<16xf32>
  }`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			ctx.AllowUnregisteredDialects = true
			m, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: "input.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			root := m
			if tc.onFunc {
				root = m.Region(0).First().First()
			}
			if err := bufferize.EliminateEmptyTensors(ctx, root); err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(sb.String()), "\n")
			if len(lines) < 3 {
				t.Fatalf("unexpected output:\n%s", sb.String())
			}
			got := strings.Join(lines[1:len(lines)-1], "\n")
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("output differs from mlir-opt-22's (-want +got):\n%s", diff)
			}
		})
	}
}
