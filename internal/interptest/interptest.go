// Package interptest runs small programs through strata-run for the
// tests of the interpreter's semantics.
package interptest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/run"
)

// Execute writes src to a file called name and runs its @main, which
// returns nothing, with strata-run and every dialect registered. It
// returns what the program printed, the diagnostics (with the file
// called name) and the exit code.
func Execute(t testing.TB, name, src string) (out, errs string, code int) {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	var o, e bytes.Buffer
	code = run.Run(ctx, []string{"-e", "main", "-entry-point-result=void", file}, run.Stdio{In: strings.NewReader(""), Out: &o, Err: &e})
	return o.String(), strings.ReplaceAll(e.String(), file, name), code
}

// Case is a program body (the operations of @main, without its return)
// and what it prints, or, for a failing one, a part of its diagnostics.
type Case struct {
	Name, Body, Want string
}

// Source returns the module of the case: @main holding Body, then the
// declarations decls.
func (c Case) Source(decls string) string {
	return "func.func @main() {" + c.Body + "\n  return\n}\n" + decls
}

// Check runs every case as a subtest: a case must succeed and print
// exactly Want.
func Check(t *testing.T, cases []Case, decls string) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			got, errs, code := Execute(t, tc.Name+".mlir", tc.Source(decls))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if got != tc.Want {
				t.Errorf("output:\n%s\nwant:\n%s", got, tc.Want)
			}
		})
	}
}

// CheckErrors runs every case as a subtest: a case must fail with
// diagnostics containing Want.
func CheckErrors(t *testing.T, cases []Case, decls string) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			_, errs, code := Execute(t, tc.Name+".mlir", tc.Source(decls))
			if code == 0 {
				t.Fatalf("no error, want %q", tc.Want)
			}
			if !strings.Contains(errs, tc.Want) {
				t.Errorf("error %q, want %q", errs, tc.Want)
			}
		})
	}
}
