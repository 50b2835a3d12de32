package opt_test

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/internal/testutil"
)

// TestFailedRunOutput checks what a failing run leaves at its -o path: a
// regular file is removed, as mlir-opt does, while a file that is not a
// regular one (a named pipe here, standing for /dev/null and other
// devices) stays where it is.
func TestFailedRunOutput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.mlir")
	// The function-level pipeline cannot hold a module pass: the run fails
	// after the output was opened.
	if err := os.WriteFile(in, []byte("func.func @f() {\n  return\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	failing := "--pass-pipeline=builtin.module(func.func(convert-func-to-llvm))"

	regular := filepath.Join(dir, "out.mlir")
	if err := os.WriteFile(regular, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, code := runOpt(t, []string{in, failing, "-o", regular}); code != 1 {
		t.Fatalf("exit code %d, want 1", code)
	}
	if _, err := os.Lstat(regular); !os.IsNotExist(err) {
		t.Errorf("the regular output file of a failed run is still there (%v)", err)
	}

	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	drained := make(chan error, 1)
	go func() {
		r, err := os.Open(fifo)
		if err == nil {
			_, err = io.Copy(io.Discard, r)
			r.Close()
		}
		drained <- err
	}()
	if _, _, code := runOpt(t, []string{in, failing, "-o", fifo}); code != 1 {
		t.Fatalf("exit code %d, want 1", code)
	}
	if err := <-drained; err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(fifo)
	if err != nil {
		t.Fatalf("a failed run removed the named pipe it wrote to: %v", err)
	}
	if fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the named pipe became %v", fi.Mode())
	}
}

// TestInvalidIRPrintsGeneric checks that IR which does not verify is
// printed in the generic form, as mlir-opt-22 prints it: in the dump after
// a failed pass and in the output of a run without --verify-each, unless
// --mlir-print-assume-verified.
func TestInvalidIRPrintsGeneric(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// After convert-func-to-llvm the function returns nothing, so its
	// llvm.return of a value does not verify.
	returns := write("returns.mlir", "func.func @f(%a: f32) {\n  llvm.return %a : f32\n}\n")
	toLLVM := "--pass-pipeline=builtin.module(convert-func-to-llvm)"
	mlirOpt := testutil.LookTool("mlir-opt-22")
	for _, c := range []struct {
		args []string
		// stdout compares the output instead of the diagnostics.
		stdout bool
		// text is what the output must contain, also when mlir-opt-22
		// is absent.
		text string
	}{
		{[]string{returns, toLLVM, "--mlir-print-ir-after-failure"}, false, `"llvm.return"(%arg0) : (f32) -> ()`},
		{[]string{returns, toLLVM, "--verify-each=false"}, true, `"llvm.return"(%arg0) : (f32) -> ()`},
		{[]string{returns, toLLVM, "--verify-each=false", "--mlir-print-assume-verified"}, true, `llvm.return %arg0 : f32`},
	} {
		stdout, stderr, _ := runOpt(t, c.args)
		got := stderr
		if c.stdout {
			got = stdout
		}
		if !strings.Contains(got, c.text) {
			t.Errorf("%v: no %q in\n%s", c.args[1:], c.text, got)
		}
		if mlirOpt == "" {
			if testutil.InCI() {
				t.Fatal("mlir-opt-22 is required under CI=true")
			}
			continue
		}
		cmd := exec.Command(mlirOpt, c.args...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		_ = cmd.Run()
		want := errb.String()
		if c.stdout {
			want = out.String()
		}
		if got != want {
			t.Errorf("%v differs from mlir-opt-22:\n--- strata-opt\n%s\n--- mlir-opt-22\n%s", c.args[1:], got, want)
		}
	}
}

// TestVerifyFirstPrintsNullOperands prints, with VerifyFirst as the pass
// manager's dumps do, a module where a pass has left an operand without
// its value: the custom printer of llvm.return would fail on it, the
// generic form shows it as MLIR does.
func TestVerifyFirstPrintsNullOperands(t *testing.T) {
	ctx := newContext()
	m, _, err := asm.ParseModule(ctx, []byte("llvm.func @f(%a: f32) -> f32 {\n  llvm.return %a : f32\n}\n"), asm.Config{Filename: "in.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var ret *ir.Operation
	m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if _, ok := llvm.AsReturnOp(op); ok {
			ret = op
		}
		return true
	})
	ret.SetOperand(0, nil)
	var b bytes.Buffer
	if err := asm.Print(&b, m, asm.PrintOptions{VerifyFirst: true}); err != nil {
		t.Fatal(err)
	}
	if want := `"llvm.return"(<<NULL VALUE>>) : (<<NULL TYPE>>) -> ()`; !strings.Contains(b.String(), want) {
		t.Errorf("no %q in\n%s", want, b.String())
	}
}
