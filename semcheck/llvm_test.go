package semcheck_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/opt"
	"github.com/strata-ir/strata/semcheck"
)

// llvmPipeline lowers a program on memrefs, scf, math and arith to the
// llvm dialect.
const llvmPipeline = "func.func(convert-scf-to-cf), finalize-memref-to-llvm, convert-math-to-llvm, convert-arith-to-llvm, convert-func-to-llvm, convert-cf-to-llvm, reconcile-unrealized-casts"

var llvmPasses = []string{"convert-scf-to-cf", "finalize-memref-to-llvm", "convert-math-to-llvm", "convert-arith-to-llvm",
	"convert-func-to-llvm", "convert-cf-to-llvm", "reconcile-unrealized-casts"}

func init() {
	// test-llvm-bump miscompiles: it adds one to every integer
	// llvm.mlir.constant.
	pass.Register(pass.Registration{Argument: "test-llvm-bump", New: func() pass.Pass {
		return &pass.FuncPass{Info: pass.Info{Argument: "test-llvm-bump"}, RunFunc: func(op *ir.Operation, st *pass.State) error {
			op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
				if a, ok := o.InherentAttr("value").(*ir.IntegerAttr); ok && o.Name() == "llvm.mlir.constant" {
					o.SetAttr("value", st.Context().IntegerAttr(a.Type, a.Int64()+1))
				}
				return true
			})
			return nil
		}}
	}})
}

func parseAll(t *testing.T, src string) (*ir.Context, *ir.Operation) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	return ctx, m
}

// caughtMiscompile validates pipeline on src, in which the test pass bad
// changes the program's results, and requires the report to blame bad.
func caughtMiscompile(t *testing.T, src, pipeline, bad string) *semcheck.Report {
	t.Helper()
	ctx, m := parseAll(t, src)
	r, err := semcheck.Validate(ctx, m, pipeline, "main")
	if err != nil {
		t.Fatal(err)
	}
	if r.PassError != nil {
		t.Fatalf("pass %s: %v", r.FailedPass, r.PassError)
	}
	if r.Failure == nil {
		t.Fatalf("the miscompile of %s was not caught", bad)
	}
	if want := "pass '" + bad + "' changed the semantics of '@main'"; !strings.Contains(r.Failure.Error(), want) {
		t.Errorf("got %v, want %q", r.Failure, want)
	}
	return r
}

// TestLLVMPipeline validates every pass of the lowering to the llvm
// dialect on programs that use local buffers, loops, math and calls.
func TestLLVMPipeline(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"scalars", `func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()
func.func @poly(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %one) -> f32 {
    %m = arith.mulf %acc, %x : f32
    %e = math.exp %m : f32
    %s = math.sqrt %e : f32
    %q = arith.divf %s, %x : f32
    scf.yield %q : f32
  }
  return %r : f32
}
func.func @main() -> i32 {
  %x = arith.constant 1.5 : f32
  %n = arith.constant 4 : index
  %r = call @poly(%x, %n) : (f32, index) -> f32
  call @printF32(%r) : (f32) -> ()
  call @printNewline() : () -> ()
  %i = arith.fptosi %r : f32 to i32
  %b = arith.cmpi sgt, %i, %i : i32
  %k = scf.if %b -> i64 {
    %c = arith.constant 7 : i64
    scf.yield %c : i64
  } else {
    %c = arith.constant -7 : i64
    scf.yield %c : i64
  }
  call @printI64(%k) : (i64) -> ()
  call @printNewline() : () -> ()
  %c3 = arith.constant 3 : i32
  %s = arith.shli %i, %c3 : i32
  %d = arith.divsi %s, %c3 : i32
  %u = arith.remui %d, %c3 : i32
  return %u : i32
}`, "5.51263\n-7\n1\n"},
		{"buffers", `func.func private @printF32(f32)
func.func private @printComma()
func.func private @printNewline()
func.func @main() -> f32 {
  %m = memref.alloc() : memref<3x4xf32>
  %a = memref.alloca() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %half = arith.constant 0.5 : f32
  scf.for %j = %c0 to %c4 step %c1 {
    %jj = arith.index_cast %j : index to i32
    %f = arith.sitofp %jj : i32 to f32
    memref.store %f, %a[%j] : memref<4xf32>
  }
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = memref.load %a[%j] : memref<4xf32>
      %p = arith.mulf %fi, %v : f32
      %q = arith.addf %p, %half : f32
      %r = math.fma %q, %half, %v : f32
      memref.store %r, %m[%i, %j] : memref<3x4xf32>
    }
  }
  scf.for %i = %c0 to %c3 step %c1 {
    %v = memref.load %m[%i, %c3] : memref<3x4xf32>
    func.call @printF32(%v) : (f32) -> ()
    func.call @printComma() : () -> ()
  }
  call @printNewline() : () -> ()
  %r = memref.load %m[%c1, %c1] : memref<3x4xf32>
  memref.dealloc %m : memref<3x4xf32>
  return %r : f32
}`, "3.25, 4.75, 6.25, \n1.750000e+00\n"},
		// The divisions convert-arith-to-llvm expands, on the edges.
		{"divisions", `func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()
func.func @p(%x: i64) {
  func.call @printI64(%x) : (i64) -> ()
  func.call @printComma() : () -> ()
  return
}
func.func @all(%a: i64, %b: i64) {
  %0 = arith.floordivsi %a, %b : i64
  call @p(%0) : (i64) -> ()
  %1 = arith.ceildivsi %a, %b : i64
  call @p(%1) : (i64) -> ()
  %2 = arith.ceildivui %a, %b : i64
  call @p(%2) : (i64) -> ()
  %a32 = arith.trunci %a : i64 to i32
  %b32 = arith.trunci %b : i64 to i32
  %l, %h = arith.mulsi_extended %a32, %b32 : i32
  %le = arith.extsi %l : i32 to i64
  %he = arith.extsi %h : i32 to i64
  call @p(%le) : (i64) -> ()
  call @p(%he) : (i64) -> ()
  %ul, %uh = arith.mului_extended %a32, %b32 : i32
  %ule = arith.extui %ul : i32 to i64
  %uhe = arith.extui %uh : i32 to i64
  call @p(%ule) : (i64) -> ()
  call @p(%uhe) : (i64) -> ()
  %3 = arith.floordivsi %a32, %b32 : i32
  %x3 = arith.extsi %3 : i32 to i64
  call @p(%x3) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
memref.global "private" constant @vals : memref<3xi64> = dense<[7, -7, -9223372036854775808]>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %m = memref.get_global @vals : memref<3xi64>
  %d = arith.constant 2 : i64
  %e = arith.constant -3 : i64
  scf.for %i = %c0 to %c3 step %c1 {
    %a = memref.load %m[%i] : memref<3xi64>
    func.call @all(%a, %d) : (i64, i64) -> ()
    func.call @all(%a, %e) : (i64, i64) -> ()
  }
  return
}`, "3, 4, 4, 14, 0, 14, 0, 3, \n-3, -2, 1, -21, -1, 4294967275, 6, -3, \n-4, -3, 9223372036854775805, -14, -1, 4294967282, 1, -4, \n2, 3, 1, 21, 0, 21, 4294967286, 2, \n-4611686018427387904, -4611686018427387904, 4611686018427387904, 0, 0, 0, 0, 0, \n3074457345618258602, 3074457345618258603, 1, 0, 0, 0, 0, 0, \n"},
		{"print-memref", `func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>) attributes {llvm.emit_c_interface}
func.func @main() {
  %m = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  %k = memref.alloca() : memref<3xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %ij = arith.muli %i, %j : index
      %x = arith.index_cast %ij : index to i32
      %f = arith.sitofp %x : i32 to f32
      memref.store %f, %m[%i, %j] : memref<2x3xf32>
      %y = arith.index_cast %j : index to i64
      memref.store %y, %k[%j] : memref<3xi64>
    }
  }
  %u = memref.cast %m : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %k : memref<3xi64> to memref<*xi64>
  call @printMemrefI64(%v) : (memref<*xi64>) -> ()
  memref.dealloc %m : memref<2x3xf32>
  return
}`, "Unranked Memref base@ = <address> rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = \n[[0,   0,   0], \n [0,   1,   2]]\n" +
			"Unranked Memref base@ = <address> rank = 1 offset = 0 sizes = [3] strides = [1] data = \n[0,  1,  2]\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, m := parseAll(t, tc.src)
			obs, err := semcheck.Observe(m, "main")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, obs.String()); diff != "" {
				t.Fatalf("baseline (-want +got):\n%s", diff)
			}
			r, err := semcheck.Validate(ctx, m, llvmPipeline, "main")
			if err != nil {
				t.Fatal(err)
			}
			if r.Failure != nil {
				t.Fatalf("%v\n%v", r.Failure, r.Failure.Notes)
			}
			if r.PassError != nil {
				t.Fatalf("pass %s failed: %v", r.FailedPass, r.PassError)
			}
			if diff := cmp.Diff(llvmPasses, r.Validated); diff != "" {
				t.Errorf("validated passes (-want +got):\n%s", diff)
			}
			// The program is now in the llvm dialect only.
			m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				if n := op.Name(); n != "builtin.module" && !strings.HasPrefix(n, "llvm.") {
					t.Errorf("operation %s left", n)
				}
				return true
			})
		})
	}
}

// TestMiscompileCaught checks that a pass changing an llvm operation is
// reported, with the difference.
func TestMiscompileCaught(t *testing.T) {
	r := caughtMiscompile(t, `func.func @main() -> i32 {
  %a = arith.constant 40 : i32
  %b = arith.constant 2 : i32
  %c = arith.addi %a, %b : i32
  return %c : i32
}`, "convert-arith-to-llvm, func.func(test-llvm-bump), convert-func-to-llvm", "test-llvm-bump")
	// convert-arith-to-llvm folds the addition (as MLIR's conversion
	// driver does), so only the constant 42 is bumped.
	if len(r.Failure.Notes) == 0 || !strings.Contains(r.Failure.Notes[0].Message, `was "42", is now "43"`) {
		t.Errorf("note: %+v", r.Failure.Notes)
	}
	if diff := cmp.Diff([]string{"convert-arith-to-llvm"}, r.Validated); diff != "" {
		t.Errorf("validated (-want +got):\n%s", diff)
	}
}

// TestChangedSignature interprets an entry whose memref argument became
// an unpacked descriptor (as convert-func-to-llvm makes it) with the
// inputs and results of its original signature.
func TestChangedSignature(t *testing.T) {
	_, before := parseAll(t, `func.func @f(%m: memref<2x3xf32>, %x: f32, %k: index) -> f32 {
  %c1 = arith.constant 1 : index
  %v = memref.load %m[%c1, %k] : memref<2x3xf32>
  %s = arith.addf %v, %x : f32
  memref.store %s, %m[%c1, %k] : memref<2x3xf32>
  return %s : f32
}`)
	_, after := parseAll(t, `llvm.func @f(%alloc: !llvm.ptr, %aligned: !llvm.ptr, %off: i64, %s0: i64, %s1: i64, %t0: i64, %t1: i64, %x: f32, %k: i64) -> f32 {
  %c1 = llvm.mlir.constant(1 : index) : i64
  %r = llvm.mul %c1, %t0 : i64
  %c = llvm.mul %k, %t1 : i64
  %i0 = llvm.add %off, %r : i64
  %i = llvm.add %i0, %c : i64
  %p = llvm.getelementptr inbounds|nuw %aligned[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %p : !llvm.ptr -> f32
  %s = llvm.fadd %v, %x : f32
  llvm.store %s, %p : f32, !llvm.ptr
  llvm.return %s : f32
}`)
	want, err := semcheck.Observe(before, "f")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(want.Output, "1.625000e+00\nargument #0 after the call: sizes [2 3] [-2.5, 1, -1, 2.5, 1.625, -1.5]\n") {
		t.Fatalf("baseline: %q", want)
	}
	sig, err := semcheck.EntrySignature(before, "f")
	if err != nil {
		t.Fatal(err)
	}
	got, err := semcheck.ObserveAs(after, "f", sig)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-before +after):\n%s", diff)
	}
}

// TestTensorEntry checks a function on tensors of a dynamic size, called
// with inputs made for its signature, through bufferization and the
// lowering: its argument becomes a memref, then unpacked descriptor
// fields, and its result, a tensor, a memref then a descriptor struct, is
// compared by value.
func TestTensorEntry(t *testing.T) {
	ctx, m := parseAll(t, `func.func @scale(%a: tensor<?x4xf32>, %s: f32) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%d) : tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %s : f32
    %z = math.exp %y : f32
    linalg.yield %z : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}`)
	obs, err := semcheck.Observe(m, "scale")
	if err != nil {
		t.Fatal(err)
	}
	if want := "result #0: sizes [3 4] [0.0600547, 3.08022, 0.324652, 16.6515, 1.75505, 0.184981, 9.48774, 1, 0.105399, 5.40595, 0.569783, 0.0600547]\n"; obs.String() != want {
		t.Fatalf("baseline %q, want %q", obs, want)
	}
	r, err := semcheck.Validate(ctx, m, "one-shot-bufferize{bufferize-function-boundaries}, func.func(convert-linalg-to-loops), "+llvmPipeline, "scale")
	if err != nil {
		t.Fatal(err)
	}
	if r.Failure != nil {
		t.Fatalf("%v\n%v", r.Failure, r.Failure.Notes)
	}
	if r.PassError != nil {
		t.Fatalf("pass %s failed: %v", r.FailedPass, r.PassError)
	}
	if diff := cmp.Diff(append([]string{"one-shot-bufferize", "convert-linalg-to-loops"}, llvmPasses...), r.Validated); diff != "" {
		t.Errorf("validated passes (-want +got):\n%s", diff)
	}
}

// TestMultipleResults checks an entry with several results, which
// convert-func-to-llvm returns packed in one struct.
func TestMultipleResults(t *testing.T) {
	ctx, m := parseAll(t, `func.func @two(%a: memref<2x3xf32>, %x: f32, %n: index) -> (f32, index, memref<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.load %a[%c1, %n] : memref<2x3xf32>
  %s = arith.mulf %v, %x : f32
  %m = memref.alloc() : memref<2x3xf32>
  memref.copy %a, %m : memref<2x3xf32> to memref<2x3xf32>
  memref.store %s, %m[%c0, %c0] : memref<2x3xf32>
  %k = arith.addi %n, %n : index
  return %s, %k, %m : f32, index, memref<2x3xf32>
}`)
	obs, err := semcheck.Observe(m, "two")
	if err != nil {
		t.Fatal(err)
	}
	want := "result #0: 0.5625\nresult #1: 2\nresult #2: sizes [2 3] [0.5625, 1, -1, 2.5, 0.5, -1.5]\n" +
		"argument #0 after the call: sizes [2 3] [-2.5, 1, -1, 2.5, 0.5, -1.5]\n"
	if diff := cmp.Diff(want, obs.String()); diff != "" {
		t.Fatalf("baseline (-want +got):\n%s", diff)
	}
	r, err := semcheck.Validate(ctx, m, llvmPipeline, "two")
	if err != nil {
		t.Fatal(err)
	}
	if r.Failure != nil {
		t.Fatalf("%v\n%v", r.Failure, r.Failure.Notes)
	}
	if r.PassError != nil {
		t.Fatalf("pass %s failed: %v", r.FailedPass, r.PassError)
	}
	if diff := cmp.Diff(llvmPasses, r.Validated); diff != "" {
		t.Errorf("validated passes (-want +got):\n%s", diff)
	}
}

// TestFailingProgram checks that a program failing before the pipeline
// is checked by its output and by failing: the message of the failure
// differs between the levels.
func TestFailingProgram(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f.mlir")
	src := `func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %m = memref.alloc() : memref<4xi64>
  %c = arith.constant 3 : i64
  %i = arith.constant 4 : index
  call @printI64(%c) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.store %c, %m[%i] : memref<4xi64>
  return
}
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errw strings.Builder
	code := opt.Run(ctx, []string{"--check-semantics", "--pass-pipeline=builtin.module(" + llvmPipeline + ")", file},
		opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errw})
	if code != opt.ExitOK {
		t.Fatalf("exit %d:\n%s", code, errw.String())
	}
	// The store is out of bounds before the pipeline and after it.
	_, m := parseAll(t, out.String())
	obs, err := semcheck.Observe(m, "main")
	if err != nil {
		t.Fatal(err)
	}
	if obs.Output != "3\n" || !strings.Contains(obs.Err, "store to 8 bytes at offset 32 of a heap allocation of 32 bytes") {
		t.Errorf("after the pipeline: %+v", obs)
	}
}
