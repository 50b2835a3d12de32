package translate_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	_ "github.com/strata-ir/strata/targets/llvmir"
	"github.com/strata-ir/strata/translate"
)

// The test translation --mlir-to-opcount writes the number of operations
// of the module.
func init() {
	translate.Register(translate.Translation{Name: "mlir-to-opcount", Summary: "Count the operations (test)",
		Translate: func(module *ir.Operation, w io.Writer) error {
			n := 0
			module.Walk(ir.PreOrder, func(*ir.Operation) bool { n++; return true })
			_, err := fmt.Fprintf(w, "%d operations\n", n)
			return err
		}})
	// --mlir-to-prefixed has an option of its own, --prefix, that must
	// not be empty.
	translate.Register(translate.Translation{Name: "mlir-to-prefixed", Summary: "Name the top-level operation (test)",
		Options: func(fs *flag.FlagSet) func(*ir.Operation, io.Writer) error {
			prefix := "op: "
			fs.Func("prefix", "text before the name", func(s string) error {
				if s == "" {
					return errors.New("empty prefix")
				}
				prefix = s
				return nil
			})
			return func(module *ir.Operation, w io.Writer) error {
				_, err := fmt.Fprintf(w, "%s%s\n", prefix, module.Name())
				return err
			}
		}})
}

// TestMain runs the command-line driver: flags before and after the
// input file, as mlir-translate accepts them, the test translation next
// to --mlir-to-llvmir, --help listing both, and the usage errors.
func TestMainFlags(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(in, []byte("llvm.func @f() {\n  llvm.return\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args      []string
		code      int
		out, diag string
	}{
		{[]string{"--mlir-to-llvmir", in}, 0, "define void @f()", ""},
		{[]string{in, "--mlir-to-llvmir"}, 0, "define void @f()", ""},
		{[]string{in, "-o", "-", "--mlir-to-llvmir"}, 0, "define void @f()", ""},
		{[]string{"--mlir-to-opcount", in}, 0, "3 operations\n", ""},
		{[]string{"--help"}, 0, "  --mlir-to-llvmir   - Translate MLIR to LLVMIR\n  --mlir-to-opcount  - Count the operations (test)\n", ""},
		{[]string{in}, 2, "", "strata-translate: no translation chosen\nAvailable translations:\n"},
		{[]string{in, in, "--mlir-to-llvmir"}, 2, "", "too many input files"},
		{[]string{"--mlir-to-llvmir", "--mlir-to-opcount", in}, 2, "", "more than one translation chosen (--mlir-to-llvmir and --mlir-to-opcount)"},
		{[]string{"--mlir-to-foo", in}, 2, "", "strata-translate: unknown translation or option '-mlir-to-foo'\nAvailable translations:\n"},
		{[]string{"--mlir-to-prefixed", in}, 0, "op: builtin.module\n", ""},
		{[]string{"--mlir-to-prefixed", "--prefix=top ", in}, 0, "top builtin.module\n", ""},
		{[]string{"--mlir-to-prefixed", "--prefix=", in}, 2, "", "invalid value \"\" for flag -prefix: empty prefix"},
		{[]string{"--help"}, 0, "Options of --mlir-to-prefixed:\n  --prefix - text before the name\n", ""},
	} {
		ctx := ir.NewContext()
		all.Register(ctx)
		var out, errb bytes.Buffer
		code := translate.Main(ctx, tc.args, strings.NewReader(""), &out, &errb)
		if code != tc.code || !strings.Contains(out.String(), tc.out) || !strings.Contains(errb.String(), tc.diag) {
			t.Errorf("%v: exit %d, output %q, stderr %q; want exit %d with %q and %q", tc.args, code, out.String(), errb.String(), tc.code, tc.out, tc.diag)
		}
	}
}

// TestConcurrentRegistration registers and looks up translations from
// many goroutines (run with -race).
func TestConcurrentRegistration(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := fmt.Sprintf("mlir-to-concurrent-%d", i)
			translate.Register(translate.Translation{Name: name, Translate: func(*ir.Operation, io.Writer) error { return nil }})
			if _, ok := translate.Lookup(name); !ok {
				t.Errorf("%s not found after registration", name)
			}
			_ = translate.Registered()
		}()
	}
	wg.Wait()
	if _, ok := translate.Lookup("mlir-to-llvmir"); !ok {
		t.Error("mlir-to-llvmir is not registered")
	}
}
