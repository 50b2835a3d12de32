package run

import (
	"io"
	"os"
	"syscall"
)

// deviceOutput forwards what kernels print to a program's output when
// that is not the process's standard output (strata-run in process, as
// the tests run it). The CUDA driver writes what kernels print (vprintf)
// to the process's standard output at each synchronization; while the
// program runs, file descriptor 1 is redirected to a temporary file, and
// what it receives is copied to the program's output after each
// synchronization, so that the host's and the kernels' lines keep their
// order.
type deviceOutput struct {
	file  *os.File
	saved int
	off   int64
	out   io.Writer
}

// captureDeviceOutput starts forwarding to out; it returns nil, and
// leaves the standard output alone, when out is the standard output or
// the redirection fails.
func captureDeviceOutput(out io.Writer) *deviceOutput {
	if out == nil || out == io.Writer(os.Stdout) {
		return nil
	}
	f, err := os.CreateTemp("", "strata-device-output")
	if err != nil {
		return nil
	}
	os.Remove(f.Name())
	saved, err := syscall.Dup(1)
	if err != nil {
		f.Close()
		return nil
	}
	if err := syscall.Dup3(int(f.Fd()), 1, 0); err != nil {
		syscall.Close(saved)
		f.Close()
		return nil
	}
	return &deviceOutput{file: f, saved: saved, out: out}
}

// forward copies what the kernels printed since the last call.
func (c *deviceOutput) forward() {
	if c == nil {
		return
	}
	buf := make([]byte, 4096)
	for {
		n, err := c.file.ReadAt(buf, c.off)
		if n > 0 {
			c.out.Write(buf[:n])
			c.off += int64(n)
		}
		if err != nil || n == 0 {
			return
		}
	}
}

// close forwards the rest and restores the standard output.
func (c *deviceOutput) close() {
	if c == nil {
		return
	}
	c.forward()
	syscall.Dup3(c.saved, 1, 0)
	syscall.Close(c.saved)
	c.file.Close()
}
