// Package progtest runs test programs the way strata-run does, with every
// dialect registered, for the interpreters' tests.
package progtest

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

// Run runs @main of file as `strata-run -e main -entry-point-result=void`
// does and returns its standard output, standard error and exit status.
func Run(file string) (stdout, stderr string, code int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	code = run.Run(ctx, []string{"-e", "main", "-entry-point-result=void", file},
		run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// CheckPrograms runs each program that glob matches (a subtest each),
// which must exit 0 and print what its CHECK lines expect.
func CheckPrograms(t *testing.T, glob string) {
	t.Helper()
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Fatalf("no programs match %s", glob)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			out, errb, code := Run(file)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errb)
			}
			if err := filecheck.Match(out, filecheck.Parse(string(src), "CHECK")); err != nil {
				t.Errorf("%v\ngot:\n%s", err, out)
			}
		})
	}
}
