package gpumoduletobinary_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/internal/passtest"
)

// TestFileCheck runs gpu-module-to-binary on each file of testdata with
// the flags of its first line and matches the output against its CHECK
// lines.
func TestFileCheck(t *testing.T) {
	passtest.CheckFiles(t, "testdata", "-gpu-module-to-binary")
}

// TestErrors checks the located diagnostics of the pass.
func TestErrors(t *testing.T) {
	module := func(targets string) string {
		return "module attributes {gpu.container_module} {\n  gpu.module @k " + targets + " {\n" +
			"    llvm.func @f() attributes {gpu.kernel, nvvm.kernel} {\n      llvm.return\n    }\n  }\n}\n"
	}
	cases := []struct {
		name, flags, src, want string
	}{
		{"format", "-gpu-module-to-binary=format=elf", module("[#nvvm.target]"), "error: Invalid format specified."},
		{"no targets", "-gpu-module-to-binary=format=isa", module(""), "in.mlir:2:3: error: the module has no target attributes"},
		{"unknown chip", "-gpu-module-to-binary=format=isa", module(`[#nvvm.target<chip = "sm_10">]`), `in.mlir:2:3: error: unknown chip "sm_10"`},
		{"no lowering", "-gpu-module-to-binary=format=isa",
			"module attributes {gpu.container_module} {\n  gpu.module @k [#nvvm.target] {\n    gpu.func @f() kernel {\n      gpu.return\n    }\n  }\n}\n",
			"in.mlir:3:5: error: cannot be converted to PTX"},
	}
	if _, err := exec.LookPath("ptxas"); err != nil && os.Getenv("CUDA_HOME") == "" && os.Getenv("CUDA_ROOT") == "" && os.Getenv("CUDA_PATH") == "" {
		cases = append(cases, struct{ name, flags, src, want string }{"no ptxas", "-gpu-module-to-binary=format=bin", module("[#nvvm.target]"),
			"in.mlir:2:3: error: Couldn't find the `ptxas` binary."})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := filepath.Join(t.TempDir(), "in.mlir")
			if err := os.WriteFile(in, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, errs, code := passtest.Opt(c.flags, in)
			if code == 0 || !strings.Contains(errs, c.want) {
				t.Errorf("exit %d, want an error containing %q; stderr:\n%s", code, c.want, errs)
			}
		})
	}
}
