package asm

import (
	"bufio"
	"bytes"

	"github.com/strata-ir/strata/core/ir"
)

// ValueNamer gives the values nested in an operation the names that
// printing the operation would give them ("%0", "%0#1", "%arg0",
// "%c3_i32"), for tools that show IR in other forms.
type ValueNamer struct {
	p   *printer
	buf bytes.Buffer
}

// NewValueNamer numbers the values of top as Print would.
func NewValueNamer(top *ir.Operation) *ValueNamer {
	n := &ValueNamer{}
	n.p = newPrinter(bufio.NewWriter(&n.buf), top, PrintOptions{LocalScope: true})
	return n
}

// Name returns the printed name of v, with its result number when v is one
// result of a group of several.
func (n *ValueNamer) Name(v ir.Value) string {
	n.buf.Reset()
	n.p.printValueID(v, true)
	n.p.w.Flush()
	return n.buf.String()
}
