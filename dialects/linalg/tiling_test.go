package linalg_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// TestTilingHooks checks the loop iterator types and the static iteration
// domain the structured operations report, and that the operations of
// other dialects do not implement the hooks.
func TestTilingHooks(t *testing.T) {
	src := `func.func @f(%a: tensor<4x6xf32>, %b: tensor<6x8xf32>, %c: tensor<4x8xf32>, %x: tensor<5x3xf32>, %r: tensor<3xf32>) -> (tensor<4x8xf32>, tensor<3xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x6xf32>, tensor<6x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.reduce ins(%x : tensor<5x3xf32>) outs(%r : tensor<3xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0, %1 : tensor<4x8xf32>, tensor<3xf32>
}`
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "input.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]*ir.Operation{}
	m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		ops[o.Name()] = o
		return true
	})
	tests := []struct {
		name  string
		iters []string
		sizes []int64
	}{
		{"linalg.matmul", []string{"parallel", "parallel", "reduction"}, []int64{4, 8, 6}},
		{"linalg.reduce", []string{"reduction", "parallel"}, []int64{5, 3}},
	}
	b := ir.NewBuilder(ctx)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			op := ops[tc.name]
			d, ok := ir.TilingOp.Of(op)
			if !ok {
				t.Fatalf("%s does not implement TilingInterface", tc.name)
			}
			if diff := cmp.Diff(tc.iters, d.LoopIteratorTypes(op)); diff != "" {
				t.Errorf("iterator types (-want +got):\n%s", diff)
			}
			b.SetInsertionPoint(op)
			var sizes []int64
			for _, r := range d.IterationDomain(b, op) {
				if !r.Offset.IsConst() || r.Offset.Const != 0 || !r.Stride.IsConst() || r.Stride.Const != 1 || !r.Size.IsConst() {
					t.Fatalf("range %+v is not [0, size) with stride 1", r)
				}
				sizes = append(sizes, r.Size.Const)
			}
			if diff := cmp.Diff(tc.sizes, sizes); diff != "" {
				t.Errorf("iteration domain (-want +got):\n%s", diff)
			}
		})
	}
	if ir.TilingOp.Implements(ops["func.return"]) {
		t.Error("func.return implements TilingInterface")
	}
}
