// Package passtest runs a pass's test files the way strata-opt does, with
// every dialect registered: against their CHECK lines, and against
// mlir-opt-22's output for the same flags.
package passtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// Opt runs strata-opt in process with args and returns its standard
// output, standard error and exit status.
func Opt(args ...string) (stdout, stderr string, code int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb strings.Builder
	code = opt.Run(ctx, args, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// Flags returns the flags of the test file f: --split-input-file and
// pass, unless the file's first line is `// FLAGS: ...`, which replaces
// pass.
func Flags(t testing.TB, f, pass string) []string {
	t.Helper()
	src, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(src), "\n")
	if flags, ok := strings.CutPrefix(first, "// FLAGS: "); ok {
		return append([]string{"--split-input-file"}, strings.Fields(flags)...)
	}
	return []string{"--split-input-file", pass}
}

// Files returns the .mlir files of dir, failing the test when there are
// none.
func Files(t testing.TB, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.mlir"))
	if len(files) == 0 {
		t.Fatalf("no inputs in %s", dir)
	}
	return files
}

// CheckFiles runs strata-opt on each .mlir file of dir with its flags
// (see Flags) and matches the output against the file's CHECK lines.
func CheckFiles(t *testing.T, dir, pass string) {
	t.Helper()
	for _, f := range Files(t, dir) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out, errs, code := Opt(append(Flags(t, f, pass), f)...)
		if code != 0 {
			t.Errorf("%s: exit %d:\n%s", f, code, errs)
			continue
		}
		if err := filecheck.Match(out, filecheck.Parse(string(src), "CHECK")); err != nil {
			t.Errorf("%s: %v\noutput:\n%s", f, err, out)
		}
	}
}

// MatchMLIROpt runs each .mlir file of dir with its flags (see Flags),
// in custom and in generic form, through strata-opt and mlir-opt-22 and
// requires the same output, the same diagnostics and the same success.
func MatchMLIROpt(t *testing.T, dir, pass string) {
	t.Helper()
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	for _, f := range Files(t, dir) {
		for _, generic := range []bool{false, true} {
			a := append(Flags(t, f, pass), f)
			if generic {
				a = append(a, "--mlir-print-op-generic")
			}
			want, wantErr, wantCode := testutil.Run(t, mlirOpt, a...)
			got, gotErr, gotCode := Opt(a...)
			if got != want || gotErr != wantErr || (gotCode == 0) != (wantCode == 0) {
				t.Errorf("%v: exit %d, mlir-opt-22 %d; stdout (-want +got):\n%s\nstderr (-want +got):\n%s",
					a, gotCode, wantCode, cmp.Diff(want, got), cmp.Diff(wantErr, gotErr))
			}
		}
	}
}
