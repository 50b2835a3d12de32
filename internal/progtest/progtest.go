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

// Case is a program body (the operations of @main, without its return)
// and what it prints or, for a program that must fail, a part of its
// diagnostics.
type Case struct {
	Name, Body, Want string
}

// source returns the module of the case: @main holding Body, then the
// declarations decls.
func (c Case) source(decls string) string {
	return "func.func @main() {" + c.Body + "\n  return\n}\n" + decls
}

// runCase writes the case's program, followed by decls, to a file
// called after the case and runs it. The diagnostics name the file by
// its base name.
func runCase(t *testing.T, c Case, decls string) (stdout, stderr string, code int) {
	t.Helper()
	name := c.Name + ".mlir"
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, []byte(c.source(decls)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := Run(file)
	return out, strings.ReplaceAll(errs, file, name), code
}

// CheckCases runs each case (a subtest each), which must exit 0 and
// print exactly Want.
func CheckCases(t *testing.T, cases []Case, decls string) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			got, errs, code := runCase(t, c, decls)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if got != c.Want {
				t.Errorf("output:\n%s\nwant:\n%s", got, c.Want)
			}
		})
	}
}

// CheckErrors runs each case (a subtest each), which must fail with
// diagnostics containing Want.
func CheckErrors(t *testing.T, cases []Case, decls string) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			_, errs, code := runCase(t, c, decls)
			if code == 0 {
				t.Fatalf("no error, want %q", c.Want)
			}
			if !strings.Contains(errs, c.Want) {
				t.Errorf("error %q, want %q", errs, c.Want)
			}
		})
	}
}
