package nvvm_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// TestGeneratedFresh checks that nvvm_gen.go is what strata-tblgen makes
// of nvvm.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "nvvm.irdl", "nvvm_gen.go", "nvvm")
}

func run(args ...string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	code := opt.Run(ctx, args, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// TestAgainstMLIROpt prints the files of testdata in custom and generic
// form and compares with what mlir-opt-22 prints for them; the custom
// output must also read back to the same generic form.
func TestAgainstMLIROpt(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, f := range files {
		for _, generic := range []bool{false, true} {
			args := []string{f}
			if generic {
				args = []string{"--mlir-print-op-generic", f}
			}
			t.Run(filepath.Base(f)+map[bool]string{false: "/custom", true: "/generic"}[generic], func(t *testing.T) {
				want, werr, wcode := testutil.Run(t, tool, args...)
				got, gerr, gcode := run(args...)
				if wcode != 0 || gcode != 0 {
					t.Fatalf("exit codes mlir-opt %d, strata-opt %d:\n%s\n%s", wcode, gcode, werr, gerr)
				}
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("output differs (-mlir-opt +strata-opt):\n%s", d)
				}
			})
		}
	}
}
