// Package parseerr turns what a participle parser reports, errors and
// panics alike, into the line, column and message of a located error, for
// the definition language (core/irdl) and the rewrite rules (core/rules).
package parseerr

import (
	"errors"
	"fmt"

	"github.com/alecthomas/participle/v2"
)

// Parse calls parse and returns its result and its error, a panic inside
// the parser library on odd input included: that is reported as an error
// ("internal parser error: ...") rather than crashing the tool.
func Parse[T any](parse func() (*T, error)) (t *T, err error) {
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, errors.New(fmt.Sprint("internal parser error: ", r))
		}
	}()
	return parse()
}

// Locate returns the position and message of err: those of a participle
// error, or line 1, column 1 and the error's text for any other.
func Locate(err error) (line, col int, msg string) {
	var pe participle.Error
	if errors.As(err, &pe) {
		pos := pe.Position()
		if pos.Line == 0 {
			return 1, 1, pe.Message()
		}
		return pos.Line, pos.Column, pe.Message()
	}
	return 1, 1, err.Error()
}
