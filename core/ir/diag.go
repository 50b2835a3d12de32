package ir

import (
	"strings"
)

// Severity is the kind of a diagnostic.
type Severity uint8

// The diagnostic severities, as MLIR names them.
const (
	SeverityError Severity = iota
	SeverityWarning
	SeverityRemark
	SeverityNote
)

func (s Severity) String() string {
	switch s {
	case SeverityWarning:
		return "warning"
	case SeverityRemark:
		return "remark"
	case SeverityNote:
		return "note"
	}
	return "error"
}

// Diagnostic is a located message with optional attached notes. It
// implements error.
type Diagnostic struct {
	Severity Severity
	Loc      Location
	Message  string
	Notes    []*Diagnostic
}

// Error returns the message with its location in MLIR's format, without the
// source excerpt.
func (d *Diagnostic) Error() string {
	var sb strings.Builder
	sb.WriteString(LocPrefix(d.Loc))
	sb.WriteString(d.Severity.String())
	sb.WriteString(": ")
	sb.WriteString(d.Message)
	return sb.String()
}

// Note attaches a note at loc and returns the diagnostic for chaining.
func (d *Diagnostic) Note(loc Location, msg string) *Diagnostic {
	d.Notes = append(d.Notes, &Diagnostic{Severity: SeverityNote, Loc: loc, Message: msg})
	return d
}

// Errorf-style constructors are deliberately absent: messages are built by
// callers with the exact text MLIR uses.

// NewError returns an error diagnostic at loc.
func NewError(loc Location, msg string) *Diagnostic {
	return &Diagnostic{Severity: SeverityError, Loc: loc, Message: msg}
}

// FileLoc returns the first file position of a location in MLIR's walk
// order (findInstanceOf): through names, call sites (the callee, then the
// caller) and fused locations (their locations, then their metadata).
func FileLoc(l Location) (*FileLineColLoc, bool) {
	switch x := l.(type) {
	case *FileLineColLoc:
		return x, true
	case *NameLoc:
		return FileLoc(x.Child)
	case *CallSiteLoc:
		if f, ok := FileLoc(x.Callee); ok {
			return f, true
		}
		return FileLoc(x.Caller)
	case *FusedLoc:
		for _, s := range x.Locs {
			if f, ok := FileLoc(s); ok {
				return f, true
			}
		}
		if m, ok := x.Metadata.(Location); ok {
			return FileLoc(m)
		}
	}
	return nil, false
}

// LocPrefix renders the "file:line:col: " prefix MLIR prints before a
// diagnostic, or "loc(...): " style text for locations without a file.
func LocPrefix(l Location) string {
	if f, ok := FileLoc(l); ok {
		return f.File + ":" + itoa(int64(f.Line)) + ":" + itoa(int64(f.Col)) + ": "
	}
	switch x := l.(type) {
	case *NameLoc:
		return x.Name + ": "
	}
	return "loc(unknown): "
}

func itoa(v int64) string {
	var b [24]byte
	i := len(b)
	neg := v < 0
	u := uint64(v)
	if neg {
		u = uint64(-v)
	}
	for {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// DiagnosticHandler receives diagnostics emitted by verifiers and passes.
type DiagnosticHandler func(*Diagnostic)
