package affine_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/opt"
	"github.com/strata-ir/strata/run"
)

// The programs of testdata use affine.for (with iter_args and steps),
// affine.if, affine.apply, affine.min, affine.max, affine.load and
// affine.store. Their .out files are the output of mlir-runner on the
// program lowered by mlir-opt-22 (lower-affine, convert-scf-to-cf,
// convert-to-llvm).

func runProgram(t *testing.T, file string) string {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	code := run.Run(ctx, []string{"-e", "main", "-entry-point-result=i64", file}, run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", file, code, errb.String())
	}
	return out.String()
}

// TestPrograms interprets each program, and the program after
// lower-affine, and compares their output with upstream's.
func TestPrograms(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no test programs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(file, ".mlir") + ".out")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), runProgram(t, file)); diff != "" {
				t.Errorf("output differs (-mlir-runner +strata):\n%s", diff)
			}
			var lowered, errb bytes.Buffer
			ctx := ir.NewContext()
			all.Register(ctx)
			if code := opt.Run(ctx, []string{"--lower-affine", file}, opt.Stdio{In: strings.NewReader(""), Out: &lowered, Err: &errb}); code != 0 {
				t.Fatalf("lower-affine: exit %d: %s", code, errb.String())
			}
			tmp := filepath.Join(t.TempDir(), "lowered.mlir")
			if err := os.WriteFile(tmp, lowered.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(lowered.String(), "affine.") {
				t.Errorf("lower-affine left affine operations:\n%s", lowered.String())
			}
			if diff := cmp.Diff(string(want), runProgram(t, tmp)); diff != "" {
				t.Errorf("lowered output differs (-mlir-runner +strata):\n%s", diff)
			}
		})
	}
}
