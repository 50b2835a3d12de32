package irdl

import (
	"fmt"

	"github.com/strata-ir/strata/internal/parseerr"
)

// Error is a located error in a definition file, printed as
// `file:line:col: error: msg`.
type Error struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: error: %s", e.File, e.Line, e.Column, e.Msg)
}

// Parse parses a definition file into its syntax tree. Syntax errors are
// *Error values.
func Parse(filename string, src []byte) (*File, error) {
	f, err := parseerr.Parse(func() (*File, error) { return defParser.ParseBytes(filename, src) })
	if err != nil {
		line, col, msg := parseerr.Locate(err)
		return nil, &Error{File: filename, Line: line, Column: col, Msg: msg}
	}
	return f, nil
}
