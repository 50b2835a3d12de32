package bufferdealloc_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
)

func printed(t *testing.T, m *ir.Operation) string {
	t.Helper()
	var b strings.Builder
	if err := asm.Print(&b, m, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestMatchesMLIROpt compares Strata's deallocation pipeline with
// mlir-opt-22's on every example: from the same bufferized input (Strata's
// one-shot-bufferize output), and from the tensor program itself on the
// examples where both bufferize alike.
func TestMatchesMLIROpt(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	sameBufferization := map[string]bool{"matmul.mlir": true, "softmax.mlir": true, "compute.mlir": true}
	dir := t.TempDir()
	for _, f := range examples(t) {
		if filepath.Base(f) == "cfg.mlir" {
			// mlir-opt-22 crashes on it: its liveness still names the
			// results of the scf.if it rebuilt with ownership results,
			// which a later block reads.
			continue
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			ctx, m := parse(t, f)
			runPipeline(t, ctx, m, bufferize)
			in := filepath.Join(dir, filepath.Base(f))
			if err := os.WriteFile(in, []byte(printed(t, m)), 0o644); err != nil {
				t.Fatal(err)
			}
			want, errs, code := testutil.Run(t, mlirOpt, "--buffer-deallocation-pipeline", in)
			if code != 0 {
				t.Fatalf("mlir-opt-22 failed: %s", errs)
			}
			runPipeline(t, ctx, m, "buffer-deallocation-pipeline")
			if diff := cmp.Diff(want, printed(t, m)); diff != "" {
				t.Errorf("buffer-deallocation-pipeline differs from mlir-opt-22 (-mlir-opt +strata):\n%s", diff)
			}
			if !sameBufferization[filepath.Base(f)] {
				return
			}
			want, errs, code = testutil.Run(t, mlirOpt, "--pass-pipeline=builtin.module("+pipeline+")", f)
			if code != 0 {
				t.Fatalf("mlir-opt-22 failed: %s", errs)
			}
			ctx, m = parse(t, f)
			runPipeline(t, ctx, m, pipeline)
			if diff := cmp.Diff(want, printed(t, m)); diff != "" {
				t.Errorf("%s differs from mlir-opt-22 (-mlir-opt +strata):\n%s", pipeline, diff)
			}
		})
	}
}
