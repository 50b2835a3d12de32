package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutOfTreeDialect builds examples/dialect-plugin, a separate Go module
// that defines the toy dialect, a pattern and a pass and links its own
// my-opt through opt.Main, and runs the pass on its example file.
func TestOutOfTreeDialect(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a separate module")
	}
	dir, err := filepath.Abs(filepath.Join("..", "examples", "dialect-plugin"))
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "my-opt")
	build := exec.Command("go", "build", "-o", bin, "./cmd/my-opt")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--allow-unregistered-dialect", "--toy-sync-copies", filepath.Join(dir, "testdata", "copies.mlir")).CombinedOutput()
	if err != nil {
		t.Fatalf("my-opt: %v\n%s", err, out)
	}
	got := string(out)
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
}
