package gpu_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/internal/progtest"
)

// TestPrograms runs the kernels of testdata/ok, whose output must match
// their CHECK lines (values computed by hand), and those of
// testdata/errors, each with a planted bug that must fail with the
// located diagnostics of its CHECK lines.
func TestPrograms(t *testing.T) {
	for _, dir := range []string{"ok", "errors"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.mlir"))
		if len(files) == 0 {
			t.Fatalf("no programs in testdata/%s", dir)
		}
		for _, file := range files {
			t.Run(dir+"/"+filepath.Base(file), func(t *testing.T) {
				src, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				out, errs, code := progtest.Run(file)
				checks := filecheck.Parse(string(src), "CHECK")
				if len(checks) == 0 {
					t.Fatal("no CHECK lines")
				}
				got := out
				if dir == "errors" {
					if code != 1 {
						t.Fatalf("exit %d, want 1; stderr:\n%s", code, errs)
					}
					got = errs
				} else if code != 0 {
					t.Fatalf("exit %d; stderr:\n%s", code, errs)
				}
				if err := filecheck.Match(got, checks); err != nil {
					t.Errorf("%v\ngot:\n%s", err, got)
				}
			})
		}
	}
}
