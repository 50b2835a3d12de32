package run_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/run"
)

// cpuTools skips (fails under CI) unless the CPU engine's toolchain is
// installed.
func cpuTools(t *testing.T) run.Toolchain {
	t.Helper()
	tc, err := run.FindToolchain()
	if err != nil {
		testutil.Missing(t, err.Error())
	}
	return tc
}

// runAll runs strata-run with every dialect registered.
func runAll(args ...string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	code := run.Run(ctx, args, run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// lowerUpstream lowers file to the llvm dialect with mlir-opt-22
// (linalg.softmax first decomposed, as in upstreamOutput).
func lowerUpstream(t *testing.T, file string) string {
	t.Helper()
	mlirOpt, _, _ := runnerTools(t)
	ll := filepath.Join(t.TempDir(), "upstream.llvm.mlir")
	args := strings.Fields(upstreamPipeline)
	if src, err := os.ReadFile(file); err == nil && strings.Contains(string(src), "linalg.softmax") {
		lib, _ := filepath.Abs(filepath.Join("testdata", "decompose.mlir"))
		args = append([]string{"--transform-preload-library=transform-library-paths=" + lib, "--transform-interpreter"}, args...)
	}
	cmd := exec.Command(mlirOpt, append(args, file, "-o", ll)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mlir-opt-22 %s: %v\n%s", file, err, out)
	}
	return ll
}

// mlirRunner runs entry of an llvm dialect file with mlir-runner.
func mlirRunner(t *testing.T, ll, entry, result string) string {
	t.Helper()
	_, runner, libs := runnerTools(t)
	cmd := exec.Command(runner, "-e", entry, "-entry-point-result="+result, "-shared-libs="+libs, ll)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mlir-runner %s: %v\n%s", ll, err, stderr.String())
	}
	return string(out)
}

// cpuPrograms are the programs run by TestCPUDifferential: those of
// run/testdata/cpu and the examples (paths from the repository root).
var cpuPrograms = []struct {
	file string
	// lowers: Strata's own pipeline lowers the program, so that
	// `strata-run --engine=cpu` runs its source.
	lowers bool
	// translates: the llvm dialect that mlir-opt-22 makes of it goes
	// through Strata's translation and llc-16, so that the CPU engine
	// runs mlir-opt-22's lowering too.
	translates bool
}{
	{"run/testdata/cpu/scalars.mlir", true, true},
	{"run/testdata/cpu/loops.mlir", true, true},
	{"run/testdata/cpu/cf.mlir", true, true},
	{"run/testdata/cpu/memref.mlir", true, true},
	{"run/testdata/cpu/math.mlir", true, true},
	{"run/testdata/cpu/libm.mlir", true, true},
	{"run/testdata/cpu/print_memref.mlir", true, true},
	{"run/testdata/cpu/copy.mlir", true, true},
	// printMemrefC32 and printMemrefC64 with descriptors made in the
	// llvm dialect.
	{"run/testdata/cpu/print_complex.mlir", true, true},
	// The interpreter's programs: integer and float arithmetic with
	// every width, bf16 and f16 included; views, globals, atomics;
	// scf.while, index_switch, parallel and cf.
	{"run/testdata/diff/arith.mlir", true, true},
	{"run/testdata/diff/memref.mlir", true, true},
	{"run/testdata/diff/scf_cf.mlir", true, true},
	// Tensor operations (splat, concat, pad, slices, reshapes,
	// scf.forall with parallel_insert_slice) and linalg named operations.
	{"run/testdata/diff/tensor.mlir", true, true},
	{"run/testdata/diff/linalg.mlir", true, true},
	// vector.print of vectors (convert-vector-to-scf), n-D broadcast,
	// extract, insert, reduction, load, store.
	{"run/testdata/diff/vector.mlir", true, true},
	// Arith and math on 2-D and 3-D vectors (unrolled over the outer
	// dimensions), n-D constants from folded broadcasts, n-D vectors
	// across a call.
	{"run/testdata/diff/vector_nd.mlir", true, true},
	// Vector transfers: 1-D and 2-D, masked, out of bounds with padding,
	// transposed and broadcast permutation maps (convert-vector-to-scf,
	// convert-vector-to-llvm).
	{"run/testdata/diff/transfer.mlir", true, true},
	// 0-D vectors (vector<1xT> in the llvm dialect): arith, math,
	// broadcast, extract, insert, fma, load and store.
	{"run/testdata/diff/vector_0d.mlir", true, true},
	// Ceil and floor divisions and extended multiplications on 1-D, 2-D,
	// 0-D and index vectors.
	{"run/testdata/diff/arith_expand_vector.mlir", true, true},
	// vector.shuffle: llvm.shufflevector, element by element, row by row.
	{"run/testdata/diff/vector_shuffle.mlir", true, true},
	// vector.gather and vector.scatter on memrefs and tensors: vector
	// GEPs, llvm.intr.masked.gather and llvm.intr.masked.scatter.
	{"run/testdata/diff/vector_gather_scatter.mlir", true, true},
	// Tensor programs: bufferized, linalg to loops, constants as
	// memref.global, memrefs across calls.
	{"examples/matmul/matmul.mlir", true, true},
	{"examples/mlp/mlp.mlir", true, true},
	{"examples/layernorm/layernorm.mlir", true, true},
	{"examples/conv/conv.mlir", true, true},
	// linalg.softmax is decomposed first (upstream runs the transform
	// script run/testdata/decompose.mlir for it).
	{"examples/softmax/softmax.mlir", true, true},
	{"examples/attention/attention.mlir", true, true},
	// bf16 conversions: the C runtime the CPU engine links lacks them.
	{"examples/attention/causal-bf16.mlir", false, false},
	{"examples/attention/gqa.mlir", true, true},
	{"examples/attention/ragged.mlir", true, true},
}

// TestCPUDifferential runs each program of cpuPrograms (1) lowered by
// mlir-opt-22 and run by mlir-runner, (2) interpreted by strata-run from
// its source and (3) from mlir-opt-22's llvm dialect, (4) compiled by
// strata-run --engine=cpu from its source and (5) compiled by strata-run
// --engine=cpu from mlir-opt-22's llvm dialect, and requires the same
// output from each (heap addresses masked).
func TestCPUDifferential(t *testing.T) {
	cpuTools(t)
	for _, p := range cpuPrograms {
		t.Run(filepath.Base(p.file), func(t *testing.T) {
			file := filepath.Join(testutil.RepoRoot(), p.file)
			ll := lowerUpstream(t, file)
			want := maskAddresses(mlirRunner(t, ll, "main", "void"))
			if want == "" {
				t.Fatal("mlir-runner printed nothing")
			}
			check := func(what string, args ...string) {
				t.Helper()
				out, errs, code := runAll(append([]string{"-e", "main", "-entry-point-result=void"}, args...)...)
				if code != 0 {
					t.Errorf("%s failed (exit %d): %s", what, code, errs)
					return
				}
				if diff := cmp.Diff(want, maskAddresses(out)); diff != "" {
					t.Errorf("%s differs from mlir-runner (-mlir-runner +strata-run):\n%s", what, diff)
				}
			}
			check("the interpreter", file)
			check("the interpreter on mlir-opt-22's llvm dialect", ll)
			if p.lowers {
				check("--engine=cpu", "--engine=cpu", file)
			} else {
				out, errs, code := runAll("-e", "main", "-entry-point-result=void", "--engine=cpu", file)
				if code == 0 && maskAddresses(out) == want {
					t.Logf("--engine=cpu now runs %s: mark it as lowering", p.file)
				} else {
					t.Logf("not lowered by Strata yet: %s", firstLine(errs))
				}
			}
			if p.translates {
				check("--engine=cpu on mlir-opt-22's llvm dialect", "--engine=cpu", ll)
			} else if out, _, code := runAll("-e", "main", "-entry-point-result=void", "--engine=cpu", ll); code == 0 && maskAddresses(out) == want {
				t.Logf("--engine=cpu now runs mlir-opt-22's lowering of %s: mark it as translating", p.file)
			}
		})
	}
}

// TestRuntimeMatchesUpstream links testdata/cpu/harness.c, which calls
// every runner utility with hand-made descriptors, once with Strata's C
// runtime and once with MLIR's runner utility libraries, and compares
// the two programs' output.
func TestRuntimeMatchesUpstream(t *testing.T) {
	tc := cpuTools(t)
	_, _, libs := runnerTools(t)
	dir := t.TempDir()
	rt := filepath.Join(dir, "runner_utils.c")
	if err := os.WriteFile(rt, run.RunnerUtilsSource(), 0o644); err != nil {
		t.Fatal(err)
	}
	harness, _ := filepath.Abs(filepath.Join("testdata", "cpu", "harness.c"))
	build := func(name string, extra ...string) string {
		exe := filepath.Join(dir, name)
		args := append([]string{"-O1", "-o", exe, harness}, extra...)
		if out, err := exec.Command(tc.CC, append(args, "-lm")...).CombinedOutput(); err != nil {
			t.Fatalf("cc %s: %v\n%s", name, err, out)
		}
		out, err := exec.Command(exe).Output()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return maskAddresses(string(out))
	}
	upstreamArgs := strings.Split(libs, ",")
	upstreamArgs = append(upstreamArgs, "-Wl,-rpath,"+filepath.Dir(upstreamArgs[0]))
	want := build("upstream", upstreamArgs...)
	got := build("strata", rt)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the runtime differs from MLIR's runner utilities (-mlir +strata):\n%s", diff)
	}
}

const resultProgs = `func.func @i32() -> i32 {
  %c = arith.constant -7 : i32
  %d = arith.constant 2147483647 : i32
  %e = arith.addi %c, %d : i32
  return %e : i32
}
func.func @i64() -> i64 {
  %c = arith.constant 123456789012 : i64
  %d = arith.muli %c, %c : i64
  return %d : i64
}
func.func @f32() -> f32 {
  %c = arith.constant 1.5 : f32
  %d = arith.constant 3.0 : f32
  %e = arith.divf %c, %d : f32
  return %e : f32
}
func.func @ninf() -> f32 {
  %c = arith.constant -1.0 : f32
  %z = arith.constant 0.0 : f32
  %e = arith.divf %c, %z : f32
  return %e : f32
}
func.func @nan() -> f32 {
  %c = arith.constant -4194304 : i32
  %n = arith.bitcast %c : i32 to f32
  return %n : f32
}
func.func @f64() -> f64 {
  %c = arith.constant -2.5e-300 : f64
  return %c : f64
}
func.func @main() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}
func.func @calls_main() -> i64 {
  %m = call @main() : () -> i32
  %e = arith.extsi %m : i32 to i64
  return %e : i64
}
func.func @args(%a: i32) -> i32 {
  return %a : i32
}
func.func private @exit(i32)
func.func @exits() {
  %c = arith.constant 3 : i32
  call @exit(%c) : (i32) -> ()
  return
}
func.func private @abort()
func.func @aborts() {
  call @abort() : () -> ()
  return
}
`

// TestCPUResults checks the CPU engine's results, printed as mlir-runner
// prints them, against the interpreter's, and its errors and exit
// statuses.
func TestCPUResults(t *testing.T) {
	cpuTools(t)
	file := filepath.Join(t.TempDir(), "p.mlir")
	if err := os.WriteFile(file, []byte(resultProgs), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		entry, result string
		out           string
		code          int
		err           string
	}{
		{"i32", "i32", "2147483640\n", 0, ""},
		{"i64", "i64", "4568148269394301328\n", 0, ""},
		{"f32", "f32", "5.000000e-01\n", 0, ""},
		{"ninf", "f32", "-INF\n", 0, ""},
		{"nan", "f32", "nan\n", 0, ""},
		{"f64", "f64", "-2.500000e-300\n", 0, ""},
		{"main", "i32", "42\n", 0, ""},
		{"calls_main", "i64", "42\n", 0, ""},
		{"i32", "i64", "", 1, "p.mlir:1:1: error: entry point '@i32' returns (i32) but -entry-point-result=i64"},
		{"i32", "void", "", 1, "p.mlir:1:1: error: entry point '@i32' returns values but -entry-point-result=void"},
		{"nope", "i32", "", 1, "error: entry point '@nope' not found"},
		{"args", "i32", "", 1, "error: entry point '@args' must take no arguments"},
		{"exit", "void", "", 1, "error: entry point '@exit' has no body"},
		{"exits", "void", "", 3, ""},
		{"aborts", "void", "", 134, "strata-run: the program was killed by signal: aborted"},
	}
	for _, tc := range tests {
		out, errs, code := runAll("--engine=cpu", "-e", tc.entry, "-entry-point-result="+tc.result, file)
		if out != tc.out || code != tc.code || !strings.Contains(errs, tc.err) || (tc.err == "" && errs != "") {
			t.Errorf("--engine=cpu -e %s -entry-point-result=%s: got (%q, %q, %d), want (%q, %q, %d)", tc.entry, tc.result, out, errs, code, tc.out, tc.err, tc.code)
		}
		if tc.code == 0 {
			iout, ierrs, icode := runAll("-e", tc.entry, "-entry-point-result="+tc.result, file)
			if iout != out || icode != 0 {
				t.Errorf("-e %s: the interpreter printed %q (%q, exit %d), --engine=cpu %q", tc.entry, iout, ierrs, icode, out)
			}
		}
	}
}

// TestCPUUsage checks the flags that the CPU engine refuses and the
// message for a missing C compiler.
func TestCPUUsage(t *testing.T) {
	file := filepath.Join(t.TempDir(), "p.mlir")
	if err := os.WriteFile(file, []byte(resultProgs), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--engine=gpu", file}, run.ExitUsage, `invalid --engine="gpu" (want interp, cpu or cuda)`},
		{[]string{"--engine=cpu", "--args=a.npy", file}, run.ExitUsage, "not supported with --engine=cpu"},
		{[]string{"--engine=cpu", "--dump-results=d", file}, run.ExitUsage, "not supported with --engine=cpu"},
	} {
		_, errs, code := runAll(tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.err) {
			t.Errorf("strata-run %q: got (%q, %d), want (%q, %d)", tc.args, errs, code, tc.err, tc.code)
		}
	}
	t.Setenv("PATH", t.TempDir())
	if _, err := run.FindToolchain(); err == nil || !strings.Contains(err.Error(), "(Debian package") {
		t.Errorf("FindToolchain without PATH: %v, want an error naming the Debian package", err)
	}
	_, errs, code := runAll("--engine=cpu", "-e", "main", file)
	if code != 1 || !strings.Contains(errs, "Debian package") {
		t.Errorf("--engine=cpu without a toolchain: got (%q, %d)", errs, code)
	}
}

// TestCPUPipeline checks that bufferization runs only on modules with
// tensors.
func TestCPUPipeline(t *testing.T) {
	for _, tc := range []struct {
		src     string
		tensors bool
	}{
		{"func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n", false},
		{"func.func @f(%a: memref<2xf32>) {\n  return\n}\n", false},
		{"func.func private @g(tensor<2xf32>)\n", true},
		{"func.func @f(%a: tensor<*xf32>) -> tensor<*xf32> {\n  return %a : tensor<*xf32>\n}\n", true},
		{"func.func @f() -> f32 {\n  %c = arith.constant dense<1.0> : tensor<2xf32>\n  %i = arith.constant 0 : index\n  %e = tensor.extract %c[%i] : tensor<2xf32>\n  return %e : f32\n}\n", true},
	} {
		ctx := ir.NewContext()
		all.Register(ctx)
		module, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: "p.mlir"})
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		want := "strata-cpu-pipeline{bufferize=false}"
		if tc.tensors {
			want = "strata-cpu-pipeline"
		}
		if got := run.HasTensors(module); got != tc.tensors {
			t.Errorf("HasTensors(%q) = %v", tc.src, got)
		}
		if got := run.CPUPipeline(module); got != want {
			t.Errorf("CPUPipeline(%q) = %q, want %q", tc.src, got, want)
		}
	}
}
