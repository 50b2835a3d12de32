package asm

import (
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
	if name == "-" || name == "" {
		display = "<stdin>"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return nil, display, err
		}
		defer f.Close()
		in = f
	}
	data, err := io.ReadAll(io.LimitReader(in, int64(max)+1))
	if err != nil {
		return nil, display, err
	}
	if len(data) > max {
		return nil, display, fmt.Errorf("%s: input larger than %d bytes", display, max)
	}
	return data, display, nil
}
