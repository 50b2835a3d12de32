package vectortogpu_test

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

// TestGolden converts the programs of testdata (matmuls with splat,
// broadcast and transposed operands, f16 extended to f32, strided
// memrefs, and one not converted because its write may be out of bounds)
// and compares the output with mlir-opt-22's, kept in the golden files
// (-update rewrites them from mlir-opt-22).
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no tests")
	}
	for _, in := range files {
		t.Run(filepath.Base(in), func(t *testing.T) {
			golden := strings.TrimSuffix(in, ".mlir") + ".golden"
			if *update {
				out, errs, code := testutil.Run(t, testutil.Tool(t, "mlir-opt-22"), "-convert-vector-to-gpu", in)
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
			if code := opt.Run(ctx, []string{"-convert-vector-to-gpu", in}, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb}); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if out.String() != string(want) {
				t.Errorf("output differs from mlir-opt-22's:\n%s\nwant:\n%s", out.String(), want)
			}
		})
	}
}
