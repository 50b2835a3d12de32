package indextollvm_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata with mlir-opt-22's output")

// TestGolden lowers the programs of testdata with convert-index-to-llvm,
// and with convert-gpu-to-nvvm, which lowers the index operations of
// kernels too, and compares the output with mlir-opt-22's, kept in the
// golden files (-update rewrites them from mlir-opt-22).
func TestGolden(t *testing.T) {
	for _, c := range []struct{ in, golden, pipeline string }{
		{"ops.mlir", "ops.golden", "--convert-index-to-llvm"},
		{"gpu.mlir", "gpu.golden", "--pass-pipeline=builtin.module(gpu.module(convert-gpu-to-nvvm))"},
	} {
		t.Run(c.golden, func(t *testing.T) {
			in := filepath.Join("testdata", c.in)
			golden := filepath.Join("testdata", c.golden)
			if *update {
				out, errs, code := testutil.Run(t, testutil.Tool(t, "mlir-opt-22"), c.pipeline, in)
				if code != 0 {
					t.Fatalf("mlir-opt-22: %s", errs)
				}
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			ctx := ir.NewContext()
			all.Register(ctx)
			var out, errb strings.Builder
			if code := opt.Run(ctx, []string{c.pipeline, in}, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb}); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if out.String() != string(want) {
				t.Errorf("output differs from mlir-opt-22's:\n%s\nwant:\n%s", out.String(), want)
			}
		})
	}
}
