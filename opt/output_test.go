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
// --mlir-print-assume-verified. A custom printer never sees the invalid
// IR, which may break what it relies on (a dropped operand here).
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
	// remove-dead-values fails on a private llvm.func whose result it
	// finds dead, leaving the llvm.return without its operand.
	dead := write("dead.mlir", "llvm.func @f(%a: f32, %v: vector<7xf32>, %i: i32) -> f32 {\n"+
		"  %0 = llvm.insertelement %a, %v[%i : i32] : vector<7xf32>\n"+
		"  %1 = llvm.extractelement %0[%i : i32] : vector<7xf32>\n"+
		"  llvm.return %1 : f32\n}\n")
	rdv := "--pass-pipeline=builtin.module(symbol-privatize,remove-dead-values)"

	mlirOpt := testutil.LookTool("mlir-opt-22")
	for _, c := range []struct {
		args []string
		// stdout compares the output instead of the diagnostics.
		stdout bool
		// generic is what the text must contain when mlir-opt-22 is absent
		// (or its failure differs, as for remove-dead-values).
		generic  string
		diffMLIR bool
	}{
		{[]string{returns, toLLVM, "--mlir-print-ir-after-failure"}, false, `"llvm.return"(%arg0) : (f32) -> ()`, true},
		{[]string{returns, toLLVM, "--verify-each=false"}, true, `"llvm.return"(%arg0) : (f32) -> ()`, true},
		{[]string{returns, toLLVM, "--verify-each=false", "--mlir-print-assume-verified"}, true, `llvm.return %arg0 : f32`, true},
		{[]string{dead, rdv, "--mlir-print-ir-after-failure"}, false, `"llvm.return"(<<NULL VALUE>>) : (<<NULL TYPE>>) -> ()`, false},
	} {
		stdout, stderr, _ := runOpt(t, c.args)
		got := stderr
		if c.stdout {
			got = stdout
		}
		if !strings.Contains(got, c.generic) {
			t.Errorf("%v: no %q in\n%s", c.args[1:], c.generic, got)
		}
		if !c.diffMLIR {
			continue
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
