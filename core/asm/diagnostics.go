package asm

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// SourceManager maps file names to their contents so that diagnostics can
// show the offending source line with a caret, as MLIR does.
type SourceManager struct {
	files map[string][]byte
}

// NewSourceManager returns an empty source manager.
func NewSourceManager() *SourceManager { return &SourceManager{files: map[string][]byte{}} }

// Add registers the contents of a file.
func (sm *SourceManager) Add(name string, src []byte) { sm.files[name] = src }

// Line returns the text of a 1-based line of a file. A file not added is
// read from disk the first time, as MLIR's diagnostic handler loads the
// files that locations name.
func (sm *SourceManager) Line(name string, line int) (string, bool) {
	src, ok := sm.files[name]
	if !ok {
		src, _ = os.ReadFile(name)
		sm.files[name] = src
	}
	if src == nil || line < 1 {
		return "", false
	}
	for i := 1; i < line; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return "", false
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return strings.TrimSuffix(string(src), "\r"), true
}

// WriteDiagnostic prints d and its notes in MLIR's format:
//
//	file:line:col: error: message
//	<source line>
//	     ^
//
// as mlir-opt's SourceMgrDiagnosticHandler does: a location without a file
// position prints `<unknown>:0: error: loc(...): message` (the location is
// left out when unknown); a call site location adds a "called from" note
// for each of its callers (at most 10); notes show their source line only
// when their location differs from the previous one.
func (sm *SourceManager) WriteDiagnostic(w io.Writer, d *ir.Diagnostic) {
	loc := d.Loc
	sm.writeOne(w, loc, d.Severity, d.Message, true)
	if cs := callSiteLoc(loc); cs != nil {
		loc = cs.Caller
		for depth := 0; depth < callStackLimit; depth++ {
			sm.writeOne(w, loc, ir.SeverityNote, "called from", true)
			if cs = callSiteLoc(loc); cs == nil {
				break
			}
			loc = cs.Caller
		}
	}
	for _, n := range d.Notes {
		sm.writeOne(w, n.Loc, n.Severity, n.Message, n.Loc != loc)
		loc = n.Loc
	}
}

// callStackLimit is the number of callers a diagnostic shows, as
// SourceMgrDiagnosticHandler's default.
const callStackLimit = 10

// callSiteLoc returns the call site a location stands for: itself, the
// child of a name, or the first call site among fused locations.
func callSiteLoc(l ir.Location) *ir.CallSiteLoc {
	switch x := l.(type) {
	case *ir.CallSiteLoc:
		return x
	case *ir.NameLoc:
		return callSiteLoc(x.Child)
	case *ir.FusedLoc:
		for _, s := range x.Locs {
			if cs := callSiteLoc(s); cs != nil {
				return cs
			}
		}
	}
	return nil
}

func (sm *SourceManager) writeOne(w io.Writer, loc ir.Location, sev ir.Severity, msg string, showSource bool) {
	var b strings.Builder
	f, hasFile := ir.FileLoc(loc)
	if !hasFile {
		b.WriteString("<unknown>:0: ")
		b.WriteString(sev.String())
		b.WriteString(": ")
		if _, unknown := loc.(*ir.UnknownLoc); !unknown && loc != nil {
			b.WriteString("loc(")
			b.WriteString(LocationString(loc))
			b.WriteString("): ")
		}
		b.WriteString(msg)
		b.WriteByte('\n')
		io.WriteString(w, b.String())
		return
	}
	b.WriteString(f.File + ":" + strconv.FormatUint(uint64(f.Line), 10) + ":" + strconv.FormatUint(uint64(f.Col), 10) + ": ")
	b.WriteString(sev.String())
	b.WriteString(": ")
	b.WriteString(msg)
	b.WriteByte('\n')
	if sm != nil && showSource && f.Line >= 1 && f.Col >= 1 {
		if line, ok := sm.Line(f.File, int(f.Line)); ok {
			b.WriteString(expandTabs(line))
			b.WriteByte('\n')
			b.WriteString(caretLine(line, int(f.Col)))
			b.WriteByte('\n')
		}
	}
	io.WriteString(w, b.String())
}

// expandTabs expands tabs to 8-column tab stops, as LLVM's SourceMgr does.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '\t' {
			b.WriteByte(s[i])
			col++
			continue
		}
		for {
			b.WriteByte(' ')
			col++
			if col%8 == 0 {
				break
			}
		}
	}
	return b.String()
}

func caretLine(line string, col int) string {
	var b strings.Builder
	n := 0
	for i := 0; i < col-1 && i < len(line); i++ {
		if line[i] == '\t' {
			for {
				b.WriteByte(' ')
				n++
				if n%8 == 0 {
					break
				}
			}
			continue
		}
		b.WriteByte(' ')
		n++
	}
	for i := len(line); i < col-1; i++ {
		b.WriteByte(' ')
	}
	b.WriteByte('^')
	return b.String()
}

// LocationString prints a location as it appears inside loc(...).
func LocationString(l ir.Location) string {
	return localString(func(p *printer) { p.printLocationInternal(l, true) })
}

// contents returns the text of a file, read from disk the first time when
// it was not added.
func (sm *SourceManager) contents(name string) ([]byte, bool) {
	src, ok := sm.files[name]
	if !ok {
		src, _ = os.ReadFile(name)
		sm.files[name] = src
	}
	return src, src != nil
}

// writeRange prints an error at line:col of file whose caret line
// underlines n columns from col with tildes, as LLVM's SourceMgr prints a
// message with a range (clipped to the line).
func (sm *SourceManager) writeRange(w io.Writer, file string, line, col, n int, msg string) {
	var b strings.Builder
	b.WriteString(file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + ": error: " + msg + "\n")
	text, ok := sm.Line(file, line)
	if !ok {
		io.WriteString(w, b.String())
		return
	}
	caret := []byte(strings.Repeat(" ", len(text)+1))
	for i := col - 1; i < col-1+n && i < len(text); i++ {
		caret[i] = '~'
	}
	caret[min(col-1, len(text))] = '^'
	caret = bytes.TrimRight(caret, " ")
	b.WriteString(expandTabs(text))
	b.WriteByte('\n')
	// A tab of the source line widens the caret line's column under it to
	// the same tab stop.
	out := 0
	for i, c := range caret {
		if i >= len(text) || text[i] != '\t' {
			b.WriteByte(c)
			out++
			continue
		}
		for {
			b.WriteByte(c)
			out++
			if out%8 == 0 {
				break
			}
		}
	}
	b.WriteByte('\n')
	io.WriteString(w, b.String())
}
