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

// TestInsertTensorCopies checks the copies on tensors that resolve the
// analysis's out-of-place decisions. The wanted outputs are mlir-opt-22's
// --test-tensor-copy-insertion on the same inputs (with the same
// options), whose copies upstream's one-shot-bufferize makes before it
// bufferizes.
func TestInsertTensorCopies(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		opts      bufferize.Options
		want      string
	}{{
		name: "read after write",
		src: `func.func @f(%t: tensor<?xf32>, %i: index, %f: f32) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = tensor.insert %f into %t[%i] : tensor<?xf32>
  return %0, %t : tensor<?xf32>, tensor<?xf32>
}`,
		want: `    %0 = bufferization.alloc_tensor() copy(%arg0) : tensor<?xf32>
    %inserted = tensor.insert %arg2 into %0[%arg1] : tensor<?xf32>
    return %inserted, %arg0 : tensor<?xf32>, tensor<?xf32>`,
	}, {
		name: "undefined contents are not copied",
		src: `func.func @f(%f: f32, %i: index) -> (tensor<5xf32>, tensor<5xf32>) {
  %0 = bufferization.alloc_tensor() : tensor<5xf32>
  %1 = tensor.insert %f into %0[%i] : tensor<5xf32>
  return %0, %1 : tensor<5xf32>, tensor<5xf32>
}`,
		want: `    %0 = bufferization.alloc_tensor() : tensor<5xf32>
    %1 = bufferization.alloc_tensor() : tensor<5xf32>
    %inserted = tensor.insert %arg0 into %1[%arg1] : tensor<5xf32>
    return %0, %inserted : tensor<5xf32>, tensor<5xf32>`,
	}, {
		name: "a slice is copied rather than its source",
		src: `func.func @f(%t: tensor<?xf32>, %i: index, %f: f32) -> (tensor<5xf32>, tensor<?xf32>) {
  %0 = tensor.extract_slice %t[10][5][1] : tensor<?xf32> to tensor<5xf32>
  %1 = tensor.insert %f into %0[%i] : tensor<5xf32>
  return %1, %t : tensor<5xf32>, tensor<?xf32>
}`,
		opts: bufferize.Options{FunctionBoundaries: true},
		want: `    %extracted_slice = tensor.extract_slice %arg0[10] [5] [1] : tensor<?xf32> to tensor<5xf32>
    %0 = bufferization.alloc_tensor() copy(%extracted_slice) : tensor<5xf32>
    %inserted = tensor.insert %arg2 into %0[%arg1] : tensor<5xf32>
    return %inserted, %arg0 : tensor<5xf32>, tensor<?xf32>`,
	}, {
		name: "an overwritten init is not copied, its sizes are",
		src: `func.func @f(%t: tensor<?xf32>, %f: f32) -> (tensor<?xf32>, tensor<?xf32>) {
  %r = linalg.fill ins(%f : f32) outs(%t : tensor<?xf32>) -> tensor<?xf32>
  return %t, %r : tensor<?xf32>, tensor<?xf32>
}`,
		want: `    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
    %0 = bufferization.alloc_tensor(%dim) : tensor<?xf32>
    %1 = linalg.fill ins(%arg1 : f32) outs(%0 : tensor<?xf32>) -> tensor<?xf32>
    return %arg0, %1 : tensor<?xf32>, tensor<?xf32>`,
	}, {
		name: "a new tensor keeps the memory space",
		src: `func.func @f() -> (tensor<10xf32>, tensor<10xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %t = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<10xf32>
  %s = tensor.insert %cst into %t[%c0] : tensor<10xf32>
  return %s, %t : tensor<10xf32>, tensor<10xf32>
}`,
		opts: bufferize.Options{MustInferMemorySpace: true},
		want: `    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<10xf32>
    %1 = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<10xf32>
    %inserted = tensor.insert %cst into %1[%c0] : tensor<10xf32>
    return %inserted, %0 : tensor<10xf32>, tensor<10xf32>`,
	}, {
		name: "swapped loop yields are copied",
		src: `func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>, %lb: index, %ub: index, %step: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%x = %a, %y = %b) -> (tensor<?xf32>, tensor<?xf32>) {
    scf.yield %y, %x : tensor<?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}`,
		opts: bufferize.Options{FunctionBoundaries: true, AllowReturnAllocsFromLoops: true},
		want: `    %0:2 = scf.for %arg5 = %arg2 to %arg3 step %arg4 iter_args(%arg6 = %arg0, %arg7 = %arg1) -> (tensor<?xf32>, tensor<?xf32>) {
      %1 = bufferization.alloc_tensor() copy(%arg7) : tensor<?xf32>
      %2 = bufferization.alloc_tensor() copy(%arg6) : tensor<?xf32>
      scf.yield %1, %2 : tensor<?xf32>, tensor<?xf32>
    }
    return %0#0, %0#1 : tensor<?xf32>, tensor<?xf32>`,
	}, {
		name: "swapped condition arguments are copied",
		src: `func.func @f(%a: tensor<5xi1>, %b: tensor<5xi1>, %idx: index) -> (tensor<5xi1>, tensor<5xi1>) {
  %r0, %r1 = scf.while (%w0 = %a, %w1 = %b) : (tensor<5xi1>, tensor<5xi1>) -> (tensor<5xi1>, tensor<5xi1>) {
    %c = tensor.extract %w0[%idx] : tensor<5xi1>
    scf.condition(%c) %w1, %w0 : tensor<5xi1>, tensor<5xi1>
  } do {
  ^bb0(%b0: tensor<5xi1>, %b1: tensor<5xi1>):
    scf.yield %b1, %b0 : tensor<5xi1>, tensor<5xi1>
  }
  return %r0, %r1 : tensor<5xi1>, tensor<5xi1>
}`,
		opts: bufferize.Options{FunctionBoundaries: true, AllowReturnAllocsFromLoops: true},
		want: `    %0:2 = scf.while (%arg3 = %arg0, %arg4 = %arg1) : (tensor<5xi1>, tensor<5xi1>) -> (tensor<5xi1>, tensor<5xi1>) {
      %extracted = tensor.extract %arg3[%arg2] : tensor<5xi1>
      %1 = bufferization.alloc_tensor() copy(%arg4) : tensor<5xi1>
      %2 = bufferization.alloc_tensor() copy(%arg3) : tensor<5xi1>
      scf.condition(%extracted) %1, %2 : tensor<5xi1>, tensor<5xi1>
    } do {
    ^bb0(%arg3: tensor<5xi1>, %arg4: tensor<5xi1>):
      scf.yield %arg4, %arg3 : tensor<5xi1>, tensor<5xi1>
    }
    return %0#0, %0#1 : tensor<5xi1>, tensor<5xi1>`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			m, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: "input.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			if err := bufferize.InsertTensorCopies(ctx, m, tc.opts); err != nil {
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
			// The body of the one function: between its signature
			// and the closing braces of the function and the module.
			if len(lines) < 4 {
				t.Fatalf("unexpected output:\n%s", sb.String())
			}
			got := strings.Join(lines[2:len(lines)-2], "\n")
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("copies differ from mlir-opt-22's (-want +got):\n%s", diff)
			}
		})
	}
}

// TestInsertTensorCopiesErrors checks the errors of the copy insertion:
// a new tensor without contents needs a memory space under
// must-infer-memory-space, as upstream.
func TestInsertTensorCopiesErrors(t *testing.T) {
	src := `func.func @f() -> (tensor<10xf32>, tensor<10xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %t = bufferization.alloc_tensor() : tensor<10xf32>
  %s = tensor.insert %cst into %t[%c0] : tensor<10xf32>
  return %s, %t : tensor<10xf32>, tensor<10xf32>
}`
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "input.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	err = bufferize.InsertTensorCopies(ctx, m, bufferize.Options{MustInferMemorySpace: true})
	if err == nil || !strings.Contains(err.Error(), "input.mlir:4:") || !strings.Contains(err.Error(), "could not infer memory space") {
		t.Errorf("want \"could not infer memory space\" at the alloc_tensor (input.mlir:4), got %v", err)
	}
}
