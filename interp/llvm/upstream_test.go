package llvm_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/internal/testutil"
)

// upstreamPipeline is mlir-opt's lowering of the examples to the llvm
// dialect.
const upstreamPipeline = "--one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops --expand-strided-metadata " +
	"--lower-affine --convert-scf-to-cf --finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm " +
	"--convert-index-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts"

// TestUpstreamLowered interprets the examples as mlir-opt-22 lowers them
// to the llvm dialect (malloc, memrefCopy, descriptors passed unpacked,
// printMemrefF32 with its C arguments): the output must be mlir-runner's
// on the same file, and the interpreter's on the example before lowering.
func TestUpstreamLowered(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	root := testutil.RepoRoot()
	for _, e := range []string{"matmul", "mlp", "softmax", "layernorm", "conv", "attention"} {
		t.Run(e, func(t *testing.T) {
			file := filepath.Join(root, "examples", e, e+".mlir")
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			args := strings.Fields(upstreamPipeline)
			if strings.Contains(string(src), "linalg.softmax") {
				// Upstream lowers linalg.softmax only once decomposed.
				lib := filepath.Join(root, "run", "testdata", "decompose.mlir")
				args = append([]string{"--transform-preload-library=transform-library-paths=" + lib, "--transform-interpreter"}, args...)
			}
			out, err := exec.Command(mlirOpt, append(args, file)...).Output()
			if err != nil {
				t.Fatalf("mlir-opt-22: %v", err)
			}
			lowered := string(out)
			got, err := execute(t, e+".llvm.mlir", lowered)
			if err != nil {
				t.Fatalf("interpreter: %v", err)
			}
			got = baseAddr.ReplaceAllString(got, "base@ = 0x?")
			if before, err := tryExecute(e+".mlir", string(src)); err != nil {
				t.Logf("the example does not run before lowering: %v", err)
			} else if diff := cmp.Diff(baseAddr.ReplaceAllString(before, "base@ = 0x?"), got); diff != "" {
				t.Errorf("before lowering (-) and lowered (+):\n%s", diff)
			}
			if want, ok := runnerOutput(t, lowered); ok {
				want = baseAddr.ReplaceAllString(want, "base@ = 0x?")
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("mlir-runner (-) and interpreter (+):\n%s", diff)
				}
			}
		})
	}
}
