package opt_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/internal/testutil"
)

// TestDiagnosticLocations renders a verifier error at every kind of
// location and compares the whole output with mlir-opt-22's: file
// positions found through names, call sites and fused locations, the
// `<unknown>:0:` prefix of locations without one, and the "called from"
// notes of call sites.
func TestDiagnosticLocations(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	for _, loc := range []string{
		`loc(unknown)`,
		`loc("name")`,
		`loc("name"("in.mlir":1:2))`,
		`loc(callsite("a" at "b"))`,
		`loc(callsite("a" at callsite("b" at "x.mlir":3:4)))`,
		`loc(callsite("f.mlir":9:9 at "g.mlir":1:1))`,
		`loc(fused["x", "y"])`,
		`loc(fused<"meta">["x", "in.mlir":1:1])`,
		`loc("in.mlir":2:3)`,
		`loc("in.mlir":0:0)`,
	} {
		t.Run(loc, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "in.mlir")
			src := "func.func @f() {\n  %0 = \"arith.constant\"() <{value = 1 : i64}> : () -> i32 " + loc + "\n  return\n}\n"
			if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(tool, file)
			cmd.Dir = filepath.Dir(file)
			var want bytes.Buffer
			cmd.Stderr = &want
			if err := cmd.Run(); err == nil {
				t.Fatal("mlir-opt-22 accepted the input")
			}
			wd, _ := os.Getwd()
			defer os.Chdir(wd)
			os.Chdir(filepath.Dir(file))
			_, got, code := runStrata(t, file)
			if code == 0 {
				t.Fatal("strata-opt accepted the input")
			}
			if diff := cmp.Diff(want.String(), got); diff != "" {
				t.Errorf("diagnostic differs (-mlir-opt-22 +strata-opt):\n%s", diff)
			}
		})
	}
}
