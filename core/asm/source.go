package asm

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

// MaxSourceSize bounds the size of a source file that ReadSource reads:
// larger input (or an endless one such as /dev/zero) is an error instead
// of memory exhausted.
const MaxSourceSize = 1 << 30

// ReadSource reads the file name, or in when name is "-" or empty, up to
// MaxSourceSize bytes. It returns the text and the name to use in
// diagnostics ("<stdin>" for standard input).
func ReadSource(name string, in io.Reader) ([]byte, string, error) {
	return readSource(name, in, MaxSourceSize)
}

// readSource is ReadSource with the bound max.
func readSource(name string, in io.Reader, max int) ([]byte, string, error) {
	display := name
	size := 0
	if name == "-" || name == "" {
		display = "<stdin>"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return nil, display, err
		}
		defer f.Close()
		in = f
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() <= int64(max) {
			size = int(st.Size())
		}
	}
	// A regular file is read into one buffer of its size (and a byte more,
	// to see the end); io.ReadAll's doubling would allocate about twice the
	// file, which on large inputs is garbage the collector has to trace
	// around while the IR is being built.
	var buf bytes.Buffer
	buf.Grow(size + bytes.MinRead)
	if _, err := buf.ReadFrom(io.LimitReader(in, int64(max)+1)); err != nil {
		return nil, display, err
	}
	data := buf.Bytes()
	if len(data) > max {
		return nil, display, fmt.Errorf("%s: input larger than %d bytes", display, max)
	}
	return data, display, nil
}
