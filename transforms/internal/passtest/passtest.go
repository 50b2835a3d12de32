// Package passtest compares what a transform does to the files of a
// testdata folder with what mlir-opt-22 does to them with the same pass.
package passtest

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
)

// Context returns a context with builtin, func, arith and cf registered
// and unregistered dialects allowed, as the test inputs need.
func Context() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregisteredDialects = true
	builtin.Register(ctx)
	function.Register(ctx)
	arith.Register(ctx)
	cf.Register(ctx)
	return ctx
}

// Parse reads a testdata file into a fresh Context.
func Parse(t *testing.T, file string) (*ir.Context, *ir.Operation) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ctx := Context()
	module, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: file})
	if err != nil {
		t.Fatal(err)
	}
	return ctx, module
}

// Files returns the .mlir files of testdata, failing when there are none.
func Files(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	return files
}

// CompareOutput runs `mlir-opt-22 --allow-unregistered-dialect flag` on
// every testdata file and checks that run, applied to the parsed module,
// leaves IR that prints (and verifies) the same.
func CompareOutput(t *testing.T, flag string, run func(ctx *ir.Context, module *ir.Operation) error) {
	tool := testutil.Tool(t, "mlir-opt-22")
	for _, f := range Files(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want, werr, code := testutil.Run(t, tool, "--allow-unregistered-dialect", flag, f)
			if code != 0 {
				t.Fatalf("mlir-opt failed:\n%s", werr)
			}
			ctx, module := Parse(t, f)
			if err := run(ctx, module); err != nil {
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
				t.Errorf("after %s (-mlir-opt +strata):\n%s", flag, diff)
			}
		})
	}
}
