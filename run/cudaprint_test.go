package run

import (
	"bytes"
	"os"
	"syscall"
	"testing"
)

// TestDeviceOutput checks that what is written to file descriptor 1 while
// a program runs (as the CUDA driver writes what kernels print) reaches
// the program's output in order, and that the standard output is
// restored.
func TestDeviceOutput(t *testing.T) {
	if captureDeviceOutput(os.Stdout) != nil {
		t.Fatal("captured the standard output itself")
	}
	var out bytes.Buffer
	c := captureDeviceOutput(&out)
	if c == nil {
		t.Skip("cannot redirect file descriptor 1 here")
	}
	syscall.Write(1, []byte("Hello from 0\n"))
	c.forward()
	out.WriteString("host\n")
	syscall.Write(1, []byte("Hello from 1\n"))
	c.close()
	if got, want := out.String(), "Hello from 0\nhost\nHello from 1\n"; got != want {
		t.Errorf("forwarded %q, want %q", got, want)
	}
	if _, err := syscall.Write(1, nil); err != nil {
		t.Errorf("file descriptor 1 not restored: %v", err)
	}
}
