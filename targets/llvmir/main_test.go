package llvmir_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/targets/llvmir"
)

// TestMainFlags runs the command-line driver with flags before and after
// the input file, as mlir-translate accepts them.
func TestMainFlags(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(in, []byte("llvm.func @f() {\n  llvm.return\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"--mlir-to-llvmir", in}, 0, "define void @f()"},
		{[]string{in, "--mlir-to-llvmir"}, 0, "define void @f()"},
		{[]string{in, "-o", "-", "--mlir-to-llvmir"}, 0, "define void @f()"},
		{[]string{in}, 2, ""},
		{[]string{in, in, "--mlir-to-llvmir"}, 2, ""},
	} {
		ctx := ir.NewContext()
		all.Register(ctx)
		var out, errb bytes.Buffer
		code := llvmir.Main(ctx, tc.args, strings.NewReader(""), &out, &errb)
		if code != tc.code || !strings.Contains(out.String(), tc.out) {
			t.Errorf("%v: exit %d, output %q, stderr %q; want exit %d with %q", tc.args, code, out.String(), errb.String(), tc.code, tc.out)
		}
	}
}
