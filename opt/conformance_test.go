package opt_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testdialect"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// newContext returns a context configured like strata-opt's, plus the
// namespace of MLIR's test dialect that mlir-opt-22 registers.
func newContext() *ir.Context {
	ctx := ir.NewContext()
	all.Register(ctx)
	testdialect.Register(ctx)
	return ctx
}

// runStrata runs the driver in process.
func runStrata(t testing.TB, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = opt.Run(newContext(), args, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

func corpusFiles(t testing.TB, suffix string) []string {
	t.Helper()
	root := filepath.Join(testutil.Shared(t), "conformance", "corpus")
	var files []string
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, suffix) {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatalf("no %s files under %s", suffix, root)
	}
	return files
}

// TestConformanceGeneric checks that for every generic chunk of the
// conformance corpus strata-opt prints exactly what mlir-opt-22 prints, with
// and without debug info.
func TestConformanceGeneric(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	for _, f := range corpusFiles(t, ".generic.mlir") {
		for _, debug := range []bool{false, true} {
			args := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic"}
			name := filepath.Base(f)
			if debug {
				args = append(args, "--mlir-print-debuginfo")
				name += "/debuginfo"
			}
			args = append(args, f)
			t.Run(name, func(t *testing.T) {
				want, werr, wcode := testutil.Run(t, tool, args...)
				got, gerr, gcode := runStrata(t, args...)
				if wcode != gcode {
					t.Fatalf("exit code: mlir-opt %d, strata-opt %d\nmlir-opt stderr:\n%s\nstrata-opt stderr:\n%s", wcode, gcode, werr, gerr)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("output differs (-mlir-opt +strata-opt):\n%s", diff)
				}
			})
		}
	}
}
