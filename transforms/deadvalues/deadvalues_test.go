package deadvalues_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	"github.com/strata-ir/strata/dialects/cf"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/transforms/deadvalues"
)

// TestAgainstMLIR runs remove-dead-values over each testdata file and compares the
// result with mlir-opt-22 --remove-dead-values.
func TestAgainstMLIR(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want, werr, code := testutil.Run(t, tool, "--allow-unregistered-dialect", "--remove-dead-values", f)
			if code != 0 {
				t.Fatalf("mlir-opt failed:\n%s", werr)
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			ctx := ir.NewContext()
			ctx.AllowUnregisteredDialects = true
			builtin.Register(ctx)
			function.Register(ctx)
			arith.Register(ctx)
			cf.Register(ctx)
			module, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: f})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := deadvalues.Run(module); err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(module); err != nil {
				t.Fatal(err)
			}
			var got strings.Builder
			if err := asm.Print(&got, module, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got.String()); diff != "" {
				t.Errorf("after remove-dead-values (-mlir-opt +strata):\n%s", diff)
			}
		})
	}
}
