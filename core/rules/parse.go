// Package rules implements Strata's declarative rewrite rules: a small
// language that matches a tree of operations with constraints and builds
// its replacement (docs/rewrite-rules.md), its parser, its checker and a
// generator that compiles a rules file into Go rewrite patterns
// (core/rewrite.Pattern) for the strata-rulegen tool.
package rules

import (
	"errors"
	"fmt"

	"github.com/alecthomas/participle/v2"
)

// Error is a located error in a rules file, printed as
// `file:line:col: error: msg`.
type Error struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: error: %s", e.File, e.Line, e.Column, e.Msg)
}

// Parse parses a rules file into its syntax tree. Syntax errors are
// *Error values.
func Parse(filename string, src []byte) (f *File, err error) {
	defer func() {
		// A panic inside the parser library on odd input is reported as an
		// error rather than crashing the generator.
		if r := recover(); r != nil {
			f, err = nil, &Error{File: filename, Line: 1, Column: 1, Msg: fmt.Sprint("internal parser error: ", r)}
		}
	}()
	f, err = rulesParser.ParseBytes(filename, src)
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
