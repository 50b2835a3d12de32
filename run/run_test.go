package run_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/run"
)

// runCLI runs strata-run in process with only the builtin, arith and func
// dialects registered: the other dialects' operations, allowed as
// unregistered, reach the interpreter without being verified, so that
// the tests see its run-time errors.
func runCLI(args []string, stdin string) (string, string, int) {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	arith.Register(ctx)
	function.Register(ctx)
	return runIn(ctx, args, stdin)
}

// runCLIAll runs strata-run in process as the tool does, with every dialect
// registered.
func runCLIAll(args []string, stdin string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	return runIn(ctx, args, stdin)
}

func runIn(ctx *ir.Context, args []string, stdin string) (string, string, int) {
	var out, errb bytes.Buffer
	code := run.Run(ctx, args, run.Stdio{In: strings.NewReader(stdin), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

const progs = `func.func @i32() -> i32 {
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
func.func @void() {
  return
}
`

func TestCLI(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.mlir")
	if err := os.WriteFile(file, []byte(progs), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		out  string
		code int
		err  string
	}{
		{[]string{file, "-e", "i32", "-entry-point-result=i32"}, "2147483640\n", 0, ""},
		{[]string{"-e", "i64", "--entry-point-result=i64", "-shared-libs=libfoo.so", file}, "4568148269394301328\n", 0, ""},
		{[]string{"-e=f32", "-entry-point-result=f32", file}, "5.000000e-01\n", 0, ""},
		{[]string{"-e", "void", "-entry-point-result=void", file}, "", 0, ""},
		{[]string{"-e", "i32", "-entry-point-result=i64", file}, "", 1, "p.mlir:1:1: error: entry point '@i32' returns (i32) but -entry-point-result=i64"},
		{[]string{"-e", "nope", "-entry-point-result=i32", file}, "", 1, "error: entry point '@nope' not found"},
		{[]string{"-entry-point-result=i8", file}, "", run.ExitUsage, "invalid -entry-point-result"},
		{[]string{"-bogus", file}, "", run.ExitUsage, ""},
		{[]string{file, file}, "", run.ExitUsage, "too many input files"},
		{[]string{filepath.Join(dir, "missing.mlir")}, "", 1, "strata-run:"},
	}
	for _, tc := range tests {
		out, errs, code := runCLI(tc.args, "")
		if out != tc.out || code != tc.code || !strings.Contains(errs, tc.err) {
			t.Errorf("strata-run %q: got (%q, %q, %d), want (%q, %q, %d)", tc.args, out, errs, code, tc.out, tc.err, tc.code)
		}
	}
	// Standard input and a located interpretation error.
	_, errs, code := runCLI([]string{"-e", "main"}, "func.func @main() -> i32 {\n  %c = arith.constant 1 : i32\n  %z = arith.constant 0 : i32\n  %d = arith.divsi %c, %z : i32\n  return %d : i32\n}\n")
	if code != 1 || !strings.Contains(errs, "<stdin>:4:8: error: integer division by zero") {
		t.Errorf("got %q, %d", errs, code)
	}
}

func TestExample(t *testing.T) {
	out, errs, code := runCLI([]string{"-e", "main", "-entry-point-result=i32", filepath.Join(testutil.RepoRoot(), "examples", "hello", "compute.mlir")}, "")
	if out != "66\n" || code != 0 {
		t.Errorf("got %q, %q, %d", out, errs, code)
	}
}

// TestDifferential lowers programs with mlir-opt-22, runs them with
// mlir-runner and compares the output with strata-run's.
func TestDifferential(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	runner := testutil.LookTool("mlir-runner-22")
	if runner == "" {
		if _, err := os.Stat("/usr/lib/llvm-22/bin/mlir-runner"); err == nil {
			runner = "/usr/lib/llvm-22/bin/mlir-runner"
		} else {
			testutil.Missing(t, "mlir-runner (apt-get install mlir-22-tools)")
		}
	}
	dir := t.TempDir()
	files := map[string]string{
		"progs.mlir": progs,
	}
	ex, err := os.ReadFile(filepath.Join(testutil.RepoRoot(), "examples", "hello", "compute.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	files["compute.mlir"] = string(ex)
	cases := []struct{ file, entry, result string }{
		{"progs.mlir", "i32", "i32"},
		{"progs.mlir", "i64", "i64"},
		{"progs.mlir", "f32", "f32"},
		{"progs.mlir", "void", "void"},
		{"compute.mlir", "main", "i32"},
	}
	for _, c := range cases {
		src := filepath.Join(dir, c.file)
		if err := os.WriteFile(src, []byte(files[c.file]), 0o644); err != nil {
			t.Fatal(err)
		}
		lowered, err := exec.Command(mlirOpt, "--convert-arith-to-llvm", "--convert-func-to-llvm", "--reconcile-unrealized-casts", src).Output()
		if err != nil {
			t.Fatalf("mlir-opt %s: %v", c.file, err)
		}
		ll := src + ".llvm.mlir"
		if err := os.WriteFile(ll, lowered, 0o644); err != nil {
			t.Fatal(err)
		}
		want, err := exec.Command(runner, "-e", c.entry, "-entry-point-result="+c.result, ll).Output()
		if err != nil {
			t.Fatalf("mlir-runner %s @%s: %v", c.file, c.entry, err)
		}
		got, errs, code := runCLI([]string{src, "-e", c.entry, "-entry-point-result=" + c.result}, "")
		if code != 0 || got != string(want) {
			t.Errorf("%s @%s: strata-run printed %q (%q, exit %d), mlir-runner %q", c.file, c.entry, got, errs, code, want)
		}
	}
}
