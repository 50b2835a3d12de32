package rocdl_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/run"
)

// TestPrograms runs the kernels of testdata with strata-run and matches
// their output against their CHECK lines, computed from the CDNA ISA's
// definitions independently of the interpreter.
func TestPrograms(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no programs in testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ctx := ir.NewContext()
			all.Register(ctx)
			var out, errb bytes.Buffer
			code := run.Run(ctx, []string{"-e", "main", "-entry-point-result=void", file},
				run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errb.String())
			}
			if err := filecheck.Match(out.String(), filecheck.Parse(string(src), "CHECK")); err != nil {
				t.Errorf("%v\ngot:\n%s", err, out.String())
			}
		})
	}
}
