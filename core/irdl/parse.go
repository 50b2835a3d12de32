package irdl

import (
	"errors"
	"fmt"

	"github.com/alecthomas/participle/v2"
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
func Parse(filename string, src []byte) (f *File, err error) {
	defer func() {
		// participle should not panic; if it does on odd input, report it
		// as an error rather than crash the tool.
		if r := recover(); r != nil {
			f, err = nil, &Error{File: filename, Line: 1, Column: 1, Msg: fmt.Sprint("internal parser error: ", r)}
		}
	}()
	f, err = defParser.ParseBytes(filename, src)
	if err != nil {
		var pe participle.Error
		if errors.As(err, &pe) {
			pos := pe.Position()
			line, col := pos.Line, pos.Column
			if line == 0 {
				line, col = 1, 1
			}
			return nil, &Error{File: filename, Line: line, Column: col, Msg: pe.Message()}
		}
		return nil, &Error{File: filename, Line: 1, Column: 1, Msg: err.Error()}
	}
	return f, nil
}
