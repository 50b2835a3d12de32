package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/internal/filecheck"
)

// TestOutOfTreeDialect builds examples/dialect-plugin, a separate Go module
// that defines the toy dialect (declared in toy.irdl, with generated
// wrappers) and links its own toy-strata (opt, translate and run) through
// Strata's driver libraries, runs the module's tests, and checks that
// the dialect takes part in the framework through interfaces only: its
// pattern and passes, an interface it declares that its pass queries
// (toy-annotate-cost), one-shot-bufferize through its
// BufferizableOpInterface model, --mlir-to-llvmir through its
// DialectTranslation, and its interpreter semantics under strata-run.
func TestOutOfTreeDialect(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a separate module")
	}
	dir, err := filepath.Abs(filepath.Join("..", "examples", "dialect-plugin"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "toy-strata")
	build := exec.Command("go", "build", "-o", bin, "./cmd/toy-strata")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// The module's own tests: toy_gen.go is what strata-tblgen makes of
	// toy.irdl.
	test := exec.Command("go", "test", "./...")
	test.Dir = dir
	test.Env = build.Env
	if out, err := test.CombinedOutput(); err != nil {
		t.Fatalf("go test in examples/dialect-plugin: %v\n%s", err, out)
	}
	run := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(bin, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("toy-strata %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	check := func(file, out string) {
		t.Helper()
		src, err := os.ReadFile(filepath.Join(dir, "testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		if err := filecheck.Match(out, filecheck.Parse(string(src), "CHECK")); err != nil {
			t.Errorf("%s: %v\n%s", file, err, out)
		}
	}
	testdata := func(f string) string { return filepath.Join(dir, "testdata", f) }

	got := run("opt", "--allow-unregistered-dialect", "--toy-sync-copies", testdata("copies.mlir"))
	for _, want := range []string{
		"toy.copy %arg0, %arg1 : memref<64xf32>, memref<64xf32, #toy.sram>",
		"%0 = toy.copy_async %arg0, %arg2",
		"toy.wait %0",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Count(got, "toy.wait") != 1 {
		t.Errorf("the immediate wait should be gone:\n%s", got)
	}

	check("cost.mlir", run("opt", "--toy-annotate-cost", testdata("cost.mlir")))
	check("fma.mlir", run("translate", "--mlir-to-llvmir", testdata("fma.mlir")))
	buffers := run("opt", "--one-shot-bufferize", testdata("scale.mlir"))
	check("scale.mlir", buffers)
	bufFile := filepath.Join(tmp, "scale.buffers.mlir")
	if err := os.WriteFile(bufFile, []byte(buffers), 0o644); err != nil {
		t.Fatal(err)
	}
	if res := strings.TrimSpace(run("run", bufFile)); res != "1.800000e+01" {
		t.Errorf("toy-strata run: got %q, want 1.800000e+01 ((4 * 2) * 2 + 2)", res)
	}
}

// TestSharedObjectPlugin builds strata-opt and the toy dialect as a Go
// plugin from the same tree and loads it with --load-dialect-plugin and
// --load-pass-plugin; where cgo is unavailable it checks the error instead.
func TestSharedObjectPlugin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a plugin")
	}
	out, _ := exec.Command("go", "env", "CGO_ENABLED").Output()
	tmp := t.TempDir()
	root, _ := filepath.Abs("..")
	strata := filepath.Join(tmp, "strata-opt")
	build := exec.Command("go", "build", "-o", strata, "./tools/strata-opt")
	build.Dir = root
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build strata-opt: %v\n%s", err, b)
	}
	dir := filepath.Join(root, "examples", "dialect-plugin")
	so := filepath.Join(tmp, "toy.so")
	if strings.TrimSpace(string(out)) != "1" {
		res, err := exec.Command(strata, "--load-dialect-plugin="+so, "in.mlir").CombinedOutput()
		if err == nil || !strings.Contains(string(res), "built without cgo") {
			t.Fatalf("expected a clear error without cgo, got %v: %s", err, res)
		}
		return
	}
	pb := exec.Command("go", "build", "-buildmode=plugin", "-o", so, "./plugin")
	pb.Dir = dir
	pb.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if b, err := pb.CombinedOutput(); err != nil {
		t.Fatalf("go build -buildmode=plugin: %v\n%s", err, b)
	}
	res, err := exec.Command(strata, "--load-dialect-plugin="+so, "--load-pass-plugin", so,
		"--allow-unregistered-dialect", "--toy-sync-copies", filepath.Join(dir, "testdata", "copies.mlir")).CombinedOutput()
	if err != nil {
		t.Fatalf("strata-opt with plugin: %v\n%s", err, res)
	}
	if !strings.Contains(string(res), "toy.copy %arg0, %arg1") {
		t.Errorf("the plugin's pass did not run:\n%s", res)
	}
	res, err = exec.Command(strata, "--load-dialect-plugin="+filepath.Join(tmp, "missing.so"), "x.mlir").CombinedOutput()
	if err == nil || !strings.Contains(string(res), "failed to load dialect plugin") {
		t.Errorf("missing plugin: %v: %s", err, res)
	}
}

// TestTutorial runs the tests of examples/tutorial, the code of
// docs/defining-a-dialect.md, which is a module of its own.
func TestTutorial(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a separate module's tests")
	}
	dir, err := filepath.Abs(filepath.Join("..", "examples", "tutorial"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in examples/tutorial: %v\n%s", err, out)
	}
}
