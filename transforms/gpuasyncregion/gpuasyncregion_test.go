package gpuasyncregion_test

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

// runStrata runs strata-opt in process with args.
func runStrata(args ...string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb strings.Builder
	code := opt.Run(ctx, args, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// TestFileCheck runs gpu-async-region on testdata/async-region.mlir and
// testdata/async-execute.mlir and matches the output against their CHECK
// lines.
func TestFileCheck(t *testing.T) {
	for _, name := range []string{"async-region.mlir", "async-execute.mlir"} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join("testdata", name)
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			out, errs, code := runStrata("--split-input-file", "-gpu-async-region", file)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			if err := filecheck.Match(out, filecheck.Parse(string(src), "CHECK")); err != nil {
				t.Errorf("%v\noutput:\n%s", err, out)
			}
		})
	}
}

// TestLaunch checks that a gpu.launch, which must be outlined first, is
// reported at its location.
func TestLaunch(t *testing.T) {
	_, errs, code := runStrata("-gpu-async-region", filepath.Join("testdata", "launch.mlir"))
	want := "launch.mlir:3:3: error: 'gpu.launch' op replace with gpu.launch_func first"
	if code == 0 || !strings.Contains(errs, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant %q", code, errs, want)
	}
}

// TestMLIROpt compares the output (custom and generic form, and the
// diagnostics) with mlir-opt-22's on every file of testdata.
func TestMLIROpt(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no inputs in testdata")
	}
	for _, f := range files {
		for _, generic := range []bool{false, true} {
			args := []string{"--split-input-file", "-gpu-async-region", f}
			if generic {
				args = append(args, "--mlir-print-op-generic")
			}
			want, wantErr, wantCode := testutil.Run(t, mlirOpt, args...)
			got, gotErr, gotCode := runStrata(args...)
			if got != want || gotErr != wantErr || (gotCode == 0) != (wantCode == 0) {
				t.Errorf("%v: exit %d, mlir-opt-22 %d; stdout (-want +got):\n%s\nstderr (-want +got):\n%s",
					args, gotCode, wantCode, cmp.Diff(want, got), cmp.Diff(wantErr, gotErr))
			}
		}
	}
}
