package opt_test

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
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
