package bufferize_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/semcheck"
	"github.com/strata-ir/strata/transforms/bufferize"
)

// pipeline lowers tensor programs to the llvm dialect.
const pipeline = "func.func(linalg-decompose-aggregated-ops), one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops}, func.func(expand-strided-metadata), func.func(convert-linalg-to-loops), func.func(convert-scf-to-cf), " +
	"finalize-memref-to-llvm, convert-math-to-llvm, convert-arith-to-llvm, convert-func-to-llvm, convert-cf-to-llvm, reconcile-unrealized-casts"

// lowerings are the passes of pipeline, in order.
var lowerings = []string{"linalg-decompose-aggregated-ops", "one-shot-bufferize", "expand-strided-metadata", "convert-linalg-to-loops", "convert-scf-to-cf",
	"finalize-memref-to-llvm", "convert-math-to-llvm", "convert-arith-to-llvm", "convert-func-to-llvm", "convert-cf-to-llvm",
	"reconcile-unrealized-casts"}

// stops lists the programs that do not lower to the llvm dialect yet,
// with the pass that fails on them: every pass before it is validated.
var stops = map[string]string{}

func parse(t *testing.T, path string) (*ir.Context, *ir.Operation) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: path})
	if err != nil {
		t.Skipf("%s does not parse yet: %v", path, err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	return ctx, m
}

// TestPipelineKeepsSemantics lowers the example programs and the in-place
// analysis tests to the llvm dialect, interpreting @main before and after
// every pass: each pass that runs must keep what @main prints and returns.
func TestPipelineKeepsSemantics(t *testing.T) {
	files := []string{"testdata/conflicts.mlir", "testdata/slices.mlir", "testdata/control.mlir", "testdata/pad.mlir", "testdata/bottomup.mlir", "testdata/repeat.mlir"}
	for _, e := range []string{"matmul", "mlp", "softmax", "layernorm", "conv", "attention"} {
		files = append(files, filepath.Join("..", "..", "examples", e, e+".mlir"))
	}
	// Each program is lowered with the in-place analysis and without it
	// (copy-before-write: a copy before every write).
	variants := []struct{ suffix, pipeline string }{
		{"", pipeline},
		{"/copy-before-write", strings.Replace(pipeline, "allow-return-allocs-from-loops}", "allow-return-allocs-from-loops copy-before-write}", 1)},
	}
	for _, f := range files {
		for _, v := range variants {
			name := strings.TrimSuffix(filepath.Base(f), ".mlir")
			testLowering(t, name+v.suffix, name, f, v.pipeline)
		}
	}
}

// testLowering is one run of TestPipelineKeepsSemantics: the program in
// file f (stops key name) lowered by pipeline.
func testLowering(t *testing.T, test, name, f, pipeline string) {
	t.Run(test, func(t *testing.T) {
		ctx, m := parse(t, f)
		r, err := semcheck.Validate(ctx, m, pipeline, "main")
		if err != nil {
			t.Fatal(err)
		}
		if r.Failure != nil {
			t.Fatalf("%v\n%v", r.Failure, r.Failure.Notes)
		}
		stop, listed := stops[name]
		if r.PassError != nil {
			if !listed || stop != r.FailedPass {
				t.Fatalf("pass %s failed: %v (validated: %v)", r.FailedPass, r.PassError, r.Validated)
			}
			// Every pass before the one that fails is validated.
			for i, p := range lowerings {
				if p == stop {
					if diff := cmp.Diff(lowerings[:i], r.Validated); diff != "" {
						t.Errorf("validated passes (-want +got):\n%s", diff)
					}
					break
				}
			}
			t.Logf("lowering stops at %s: %v", stop, firstLine(r.PassError.Error()))
			return
		}
		if listed {
			t.Errorf("the program now lowers past %s: remove it from stops", stop)
		}
		if diff := cmp.Diff(lowerings, r.Validated); diff != "" {
			t.Errorf("validated passes (-want +got):\n%s", diff)
		}
		// Nothing but the llvm dialect is left.
		var left []string
		m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
			if n := op.Name(); n != "builtin.module" && !strings.HasPrefix(n, "llvm.") {
				left = append(left, n)
			}
			return true
		})
		if len(left) > 0 {
			t.Errorf("operations left after the pipeline: %v", left)
		}
		// The lowered program runs in mlir-runner as it runs in the
		// interpreter.
		obs, err := semcheck.Observe(m, "main")
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if out, ok := runnerOutput(t, sb.String()); ok {
			if diff := cmp.Diff(obs.String(), out); diff != "" {
				t.Errorf("interpreter (-) and mlir-runner (+) on the lowered program:\n%s", diff)
			}
		}
	})
}

// runnerOutput runs @main of src with mlir-runner and returns its output
// with buffer addresses masked as semcheck masks them; ok is false (the
// test logged why, or failed under CI=true) when mlir-runner is missing.
func runnerOutput(t *testing.T, src string) (string, bool) {
	t.Helper()
	runner := testutil.LookTool("mlir-runner-22")
	if runner == "" {
		if _, err := os.Stat("/usr/lib/llvm-22/bin/mlir-runner"); err != nil {
			if testutil.InCI() {
				t.Fatal("mlir-runner is required under CI=true but is missing")
			}
			t.Log("mlir-runner is missing: the lowered program is not run")
			return "", false
		}
		runner = "/usr/lib/llvm-22/bin/mlir-runner"
	}
	var libs []string
	for _, lib := range []string{"libmlir_runner_utils.so", "libmlir_c_runner_utils.so"} {
		ms, _ := filepath.Glob("/usr/lib/llvm-22/lib/" + lib + "*")
		if len(ms) == 0 {
			if testutil.InCI() {
				t.Fatalf("%s is required under CI=true but is missing", lib)
			}
			t.Logf("%s is missing: the lowered program is not run", lib)
			return "", false
		}
		libs = append(libs, ms[0])
	}
	file := filepath.Join(t.TempDir(), "lowered.mlir")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(runner, "-e", "main", "-entry-point-result=void", "-shared-libs="+strings.Join(libs, ","), file).CombinedOutput()
	if err != nil {
		t.Fatalf("mlir-runner: %v\n%s", err, out)
	}
	return baseAddr.ReplaceAllString(string(out), "base@ = <address>"), true
}

var baseAddr = regexp.MustCompile(`base@ = 0x[0-9a-fA-F]+`)

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// TestInPlaceDecisions counts the copies the analysis makes: a write into
// a tensor read later, into a constant, into an argument marked not
// writable or read later, into a caller's argument through a callee that
// writes it, and into a loop's init that is read after the loop each need
// one.
func TestInPlaceDecisions(t *testing.T) {
	tests := []struct {
		name, src string
		copies    int
	}{
		{"dead-after-write", `func.func @f(%i: index, %x: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = tensor.insert %x into %a[%i] : tensor<4xf32>
  return %b : tensor<4xf32>
}`, 0},
		{"read-after-write", `func.func @f(%i: index, %x: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = tensor.insert %x into %a[%i] : tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}`, 1},
		{"constant", `func.func @f(%i: index, %x: f32) -> tensor<2xf32> {
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = tensor.insert %x into %a[%i] : tensor<2xf32>
  return %b : tensor<2xf32>
}`, 1},
		// Arguments are writable unless marked otherwise.
		{"argument", `func.func @f(%a: tensor<2xf32>, %i: index, %x: f32) -> tensor<2xf32> {
  %b = tensor.insert %x into %a[%i] : tensor<2xf32>
  return %b : tensor<2xf32>
}`, 0},
		{"argument-not-writable", `func.func @f(%a: tensor<2xf32> {bufferization.writable = false}, %i: index, %x: f32) -> tensor<2xf32> {
  %b = tensor.insert %x into %a[%i] : tensor<2xf32>
  return %b : tensor<2xf32>
}`, 1},
		{"argument-read-after", `func.func @f(%a: tensor<2xf32>, %i: index, %x: f32) -> (tensor<2xf32>, f32) {
  %b = tensor.insert %x into %a[%i] : tensor<2xf32>
  %y = tensor.extract %a[%i] : tensor<2xf32>
  return %b, %y : tensor<2xf32>, f32
}`, 1},
		// The callee writes its argument: the caller's argument may not
		// be written, so the call gets a copy.
		{"call-writes-argument", `func.func @g(%a: tensor<2xf32>, %i: index, %x: f32) -> tensor<2xf32> {
  %b = tensor.insert %x into %a[%i] : tensor<2xf32>
  return %b : tensor<2xf32>
}
func.func @f(%a: tensor<2xf32> {bufferization.writable = false}, %i: index, %x: f32) -> tensor<2xf32> {
  %b = func.call @g(%a, %i, %x) : (tensor<2xf32>, index, f32) -> tensor<2xf32>
  return %b : tensor<2xf32>
}`, 1},
		// The callee only reads: no copy.
		{"call-reads-argument", `func.func @g(%a: tensor<2xf32>, %i: index) -> f32 {
  %y = tensor.extract %a[%i] : tensor<2xf32>
  return %y : f32
}
func.func @f(%a: tensor<2xf32> {bufferization.writable = false}, %i: index) -> f32 {
  %y = func.call @g(%a, %i) : (tensor<2xf32>, index) -> f32
  return %y : f32
}`, 0},
		{"loop-init-read-after", `func.func @f(%n: index, %x: f32) -> (tensor<2xf32>, tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<2xf32>
  %a = linalg.fill ins(%x : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (tensor<2xf32>) {
    %u = tensor.insert %x into %t[%c0] : tensor<2xf32>
    scf.yield %u : tensor<2xf32>
  }
  return %a, %r : tensor<2xf32>, tensor<2xf32>
}`, 1},
		{"elementwise-in-place", `func.func @f(%x: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %b : tensor<4xf32>
}`, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			m, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: tc.name})
			if err != nil {
				t.Fatal(err)
			}
			if err := bufferize.Run(ctx, m, bufferize.Options{FunctionBoundaries: true}); err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			copies := 0
			m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				if op.Name() == "memref.copy" {
					copies++
				}
				return true
			})
			if copies != tc.copies {
				var sb strings.Builder
				asm.Print(&sb, m, asm.PrintOptions{})
				t.Errorf("%d copies, want %d:\n%s", copies, tc.copies, sb.String())
			}
		})
	}
}
