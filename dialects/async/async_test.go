package async_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata with mlir-opt-22's output")

func strataOpt(args []string, in string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb strings.Builder
	code := opt.Run(ctx, append(args, in), opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// mlirOpt returns mlir-opt-22's output on in (its first error line,
// without the file name, when it fails), for -update.
func mlirOpt(t *testing.T, args []string, in string) string {
	out, errs, code := testutil.Run(t, testutil.Tool(t, "mlir-opt-22"), append(args, in)...)
	if code == 0 {
		return out
	}
	first, _, _ := strings.Cut(errs, "\n")
	return strings.TrimPrefix(first, in+":") + "\n"
}

// TestGolden prints testdata/ops.mlir in custom and generic form and
// compares with mlir-opt-22's output, kept in the golden files (-update
// rewrites them from mlir-opt-22); the generic form reparses to the same
// program.
func TestGolden(t *testing.T) {
	in := filepath.Join("testdata", "ops.mlir")
	for _, c := range []struct {
		golden string
		args   []string
	}{{"ops.golden", nil}, {"ops.generic.golden", []string{"--mlir-print-op-generic"}}} {
		golden := filepath.Join("testdata", c.golden)
		if *update {
			if err := os.WriteFile(golden, []byte(mlirOpt(t, c.args, in)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		out, errs, code := strataOpt(c.args, in)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if out != string(want) {
			t.Errorf("%s: output differs from mlir-opt-22's:\n%s\nwant:\n%s", c.golden, out, want)
		}
	}
	custom, _ := os.ReadFile(filepath.Join("testdata", "ops.golden"))
	back, errs, code := strataOpt(nil, filepath.Join("testdata", "ops.generic.golden"))
	if code != 0 || back != string(custom) {
		t.Errorf("the generic form reparsed (exit %d, %s):\n%s", code, errs, back)
	}
}

// TestInvalid checks that each program of testdata/invalid fails with
// mlir-opt-22's first diagnostic, kept in its .golden file.
func TestInvalid(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "invalid", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no invalid programs")
	}
	for _, in := range files {
		t.Run(filepath.Base(in), func(t *testing.T) {
			golden := strings.TrimSuffix(in, ".mlir") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(mlirOpt(t, nil, in)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			_, errs, code := strataOpt(nil, in)
			first, _, _ := strings.Cut(errs, "\n")
			if code == 0 || strings.TrimPrefix(first, in+":")+"\n" != string(want) {
				t.Errorf("exit %d, errors:\n%s\nwant %s", code, errs, want)
			}
		})
	}
}
