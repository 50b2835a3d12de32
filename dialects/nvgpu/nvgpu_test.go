package nvgpu_test

import (
	"bytes"
	"os"
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

// TestGeneratedFresh checks that nvgpu_gen.go is what strata-tblgen makes
// of nvgpu.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "nvgpu.irdl", "nvgpu_gen.go", "nvgpu")
}

func run(args ...string) (string, string, int) { return runIn("", args...) }

// runIn runs strata-opt in process with stdin as its standard input.
func runIn(stdin string, args ...string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	code := opt.Run(ctx, args, opt.Stdio{In: strings.NewReader(stdin), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// TestAgainstMLIROpt prints the files of testdata in custom and generic
// form and compares with what mlir-opt-22 prints for them; the custom
// output must also read back to the same generic form.
func TestAgainstMLIROpt(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	files, _ := filepath.Glob(filepath.Join("testdata", "upstream", "*.mlir"))
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

// TestExtensions round-trips the Strata extensions of nvgpu, which
// mlir-opt-22 does not know, against their expected custom form, and
// checks their verifiers.
func TestExtensions(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "extensions.custom.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join("testdata", "extensions.mlir")
	got, stderr, code := run(in)
	if code != 0 {
		t.Fatalf("strata-opt failed:\n%s", stderr)
	}
	if d := cmp.Diff(string(want), got); d != "" {
		t.Errorf("custom form differs (-want +got):\n%s", d)
	}
	generic, stderr, code := run("--mlir-print-op-generic", in)
	if code != 0 {
		t.Fatalf("strata-opt failed:\n%s", stderr)
	}
	again, stderr, code := runIn(generic, "-")
	if code != 0 || again != string(want) {
		t.Errorf("generic form does not read back to the custom form (exit %d):\n%s%s", code, again, stderr)
	}
	for _, tc := range []struct{ src, want string }{
		{"func.func @f() {\n  nvgpu.setmaxnreg increase 20\n  return\n}", "new register size must be in between 24 to 256 and multiple of 8"},
		{"func.func @f() {\n  nvgpu.setmaxnreg grow 32\n  return\n}", "expected register reallocation action to be one of: increase, decrease"},
	} {
		f := filepath.Join(t.TempDir(), "bad.mlir")
		if err := os.WriteFile(f, []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := run(f)
		if code == 0 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q lacks %q", tc.src, code, stderr, tc.want)
		}
	}
}
