package semcheck_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/run"
	"github.com/strata-ir/strata/semcheck"
)

// transferLLVMProgram has transfers whose stack buffers the interpreter
// can share between the memref and llvm levels (vectors whose last
// dimension LLVM does not pad, masks of rank 1): 2-D reads out of bounds,
// a transposed read, 1-D masked reads and writes, a 2-D write.
const transferLLVMProgram = `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant -1.0 : f32
  %m = memref.alloc() : memref<3x4xf32>
  %v = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : vector<3x4xf32>
  vector.transfer_write %v, %m[%c0, %c0] : vector<3x4xf32>, memref<3x4xf32>
  %a = vector.transfer_read %m[%c1, %c1], %pad : memref<3x4xf32>, vector<4x4xf32>
  vector.print %a : vector<4x4xf32>
  %b = vector.transfer_read %m[%c0, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<3x4xf32>, vector<4x2xf32>
  vector.print %b : vector<4x2xf32>
  %mask = arith.constant dense<[false, true, true, true]> : vector<4xi1>
  %c = vector.transfer_read %m[%c1, %c3], %pad, %mask {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<3x4xf32>, vector<4xf32>
  vector.print %c : vector<4xf32>
  %d = vector.transfer_read %m[%c1, %c1], %pad, %mask : memref<3x4xf32>, vector<4xf32>
  vector.print %d : vector<4xf32>
  %w = arith.constant dense<[50.0, 51.0, 52.0, 53.0]> : vector<4xf32>
  vector.transfer_write %w, %m[%c1, %c1], %mask : vector<4xf32>, memref<3x4xf32>
  %w2 = arith.constant dense<[[60.0, 61.0], [62.0, 63.0]]> : vector<2x2xf32>
  vector.transfer_write %w2, %m[%c1, %c3] : vector<2x2xf32>, memref<3x4xf32>
  %e = vector.transfer_read %m[%c0, %c0], %pad : memref<3x4xf32>, vector<3x4xf32>
  vector.print %e : vector<3x4xf32>
  memref.dealloc %m : memref<3x4xf32>
  return
}`

// failure formats a validation failure.
func failure(r *semcheck.Report) string {
	msg := fmt.Sprintf("pass %s: %v", r.FailedPass, r.PassError)
	if r.Failure != nil {
		msg = r.Failure.Error()
		for _, n := range r.Failure.Notes {
			msg += "\n" + n.Error()
		}
	}
	return msg
}

// TestTransferLowering validates convert-vector-to-scf (with and without
// full-unroll) down to the control-flow graph on
// run/testdata/diff/transfer.mlir, and the CPU engine's whole lowering
// to the llvm dialect: of transfer.mlir with full-unroll (no stack
// buffers), and of transferLLVMProgram with the engine's own pipeline.
// Only the llvm dialect is left at the end, and the lowered programs load
// and store through llvm.load/llvm.store and the masked intrinsics.
func TestTransferLowering(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(testutil.RepoRoot(), "run", "testdata", "diff", "transfer.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	unrolled := strings.Replace(run.LLVMPipeline, "convert-vector-to-scf,", "convert-vector-to-scf{full-unroll},", 1)
	if unrolled == run.LLVMPipeline {
		t.Fatal("convert-vector-to-scf is not in the CPU pipeline")
	}
	for _, tc := range []struct {
		name, src, pipeline string
		llvm                bool
		ops                 []string
	}{
		{"scf", string(src), vectorPipeline, false, []string{"vector.type_cast", "memref.alloca", "vector.transpose", "vector.broadcast"}},
		{"scf-unrolled", string(src), "convert-vector-to-scf{full-unroll}, lower-affine, func.func(convert-scf-to-cf)", false,
			[]string{"vector.insert", "vector.extract", "vector.transpose"}},
		{"llvm-unrolled", string(src), unrolled, true, []string{"llvm.intr.masked.load", "llvm.intr.masked.store", "llvm.load", "llvm.store"}},
		{"llvm", transferLLVMProgram, run.LLVMPipeline, true, []string{"llvm.intr.masked.load", "llvm.intr.masked.store", "llvm.load",
			"llvm.store", "llvm.alloca"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, m := parseAll(t, tc.src)
			r, err := semcheck.Validate(ctx, m, tc.pipeline, "main")
			if err != nil {
				t.Fatal(err)
			}
			if r.Failure != nil || r.PassError != nil {
				t.Fatal(failure(r))
			}
			want := []string{"convert-vector-to-scf"}
			if tc.llvm {
				want = append(want, "convert-vector-to-llvm", "finalize-memref-to-llvm", "convert-ub-to-llvm")
			}
			for _, p := range want {
				if !slices.Contains(r.Validated, p) {
					t.Errorf("%s not validated (validated %v)", p, r.Validated)
				}
			}
			seen := map[string]bool{}
			m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				n := op.Name()
				seen[n] = true
				if tc.llvm && n != "builtin.module" && !strings.HasPrefix(n, "llvm.") {
					t.Errorf("operation %s left", n)
				}
				return true
			})
			for _, n := range tc.ops {
				if !seen[n] {
					t.Errorf("the lowered program has no %s", n)
				}
			}
		})
	}
}

// TestTransferBufferLayout checks that the interpreter refuses, with a
// located error, to share between the memref and llvm levels a stack
// buffer of vectors that LLVM pads (vector<3xf32>), rather than read it
// with the wrong layout.
func TestTransferBufferLayout(t *testing.T) {
	src := `func.func @main() {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %m = memref.alloc() : memref<2x3xf32>
  %a = vector.transfer_read %m[%c0, %c0], %pad : memref<2x3xf32>, vector<2x3xf32>
  vector.print %a : vector<2x3xf32>
  memref.dealloc %m : memref<2x3xf32>
  return
}`
	ctx, m := parseAll(t, src)
	r, err := semcheck.Validate(ctx, m, run.LLVMPipeline, "main")
	if err != nil {
		t.Fatal(err)
	}
	if r.Failure == nil {
		t.Fatalf("no failure (validated %v)", r.Validated)
	}
	if msg := failure(r); !strings.Contains(msg, "LLVM pads its vectors") || !strings.Contains(msg, ":5:") {
		t.Errorf("unexpected failure: %s", msg)
	}
}
