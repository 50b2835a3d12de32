package ctr_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"example.com/strata-tutorial/ctr"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/opt"
)

func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	if err := ctr.Register(ctx); err != nil {
		t.Fatal(err)
	}
	ctr.RegisterPasses()
	var out, errb bytes.Buffer
	code := opt.Run(ctx, args, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

func TestCanonicalize(t *testing.T) {
	out, errs, code := run(t, "--canonicalize", filepath.Join("..", "testdata", "input.mlir"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := `module {
  func.func @f(%arg0: i64) -> i64 {
    %0 = ctr.const 3
    %1 = ctr.add %arg0, %0 : i64
    return %1 : i64
  }
}

`
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestVerifierAndPass(t *testing.T) {
	src := filepath.Join(t.TempDir(), "bad.mlir")
	writeFile(t, src, "%0 = ctr.const 2000000\n")
	_, errs, code := run(t, src)
	if code != 1 || !strings.Contains(errs, "bad.mlir:1:6: error: 'ctr.const' op value 2000000 is outside the counter range") {
		t.Errorf("exit %d, stderr:\n%s", code, errs)
	}
	_, errs, code = run(t, "--pass-pipeline=builtin.module(func.func(ctr-count))", filepath.Join("..", "testdata", "input.mlir"))
	if code != 0 || !strings.Contains(errs, "remark: 8 ctr operations") {
		t.Errorf("exit %d, stderr:\n%s", code, errs)
	}
}
