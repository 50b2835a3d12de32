package asm

import (
	"bytes"
	"errors"
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
	var data []byte
	var err error
	if size > 0 {
		data, err = readSized(in, size, max)
	} else {
		data, err = readChunks(in, max)
	}
	if err == errTooLarge || len(data) > max {
		return nil, display, fmt.Errorf("%s: input larger than %d bytes", display, max)
	}
	if err != nil {
		return nil, display, err
	}
	return data, display, nil
}

// readSized reads a regular file of the given size into one buffer of that
// size and a byte more, to see the end (the file may have grown); reading
// goes on through readChunks, up to max in all, only if it did. io.ReadAll's doubling would
// allocate about twice the file, garbage the collector has to trace around
// while the IR is being built.
func readSized(in io.Reader, size, max int) ([]byte, error) {
	buf := make([]byte, size+1)
	n, err := io.ReadFull(in, buf)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return buf[:n], nil
	}
	if err != nil {
		return nil, err
	}
	rest, err := readChunks(in, max-len(buf))
	if err != nil {
		return nil, err
	}
	return append(buf, rest...), nil
}

// errTooLarge reports a stream longer than the bound.
var errTooLarge = errors.New("input too large")

// sourceChunk is the size of the blocks a stream is read in.
const sourceChunk = 1 << 20

// readChunks reads a stream of unknown size in blocks of sourceChunk,
// joined once at the end, and fails with errTooLarge past max bytes: an
// endless or oversized stream costs at most max+1 bytes and no copying
// before it is rejected.
func readChunks(in io.Reader, max int) ([]byte, error) {
	var chunks [][]byte
	total := 0
	for total <= max {
		chunk := make([]byte, min(sourceChunk, max+1-total))
		n, err := io.ReadFull(in, chunk)
		chunks = append(chunks, chunk[:n])
		total += n
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if total > max {
		return nil, errTooLarge
	}
	return bytes.Join(chunks, nil), nil
}
