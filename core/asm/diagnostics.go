package asm

import (
	"bytes"
	"io"
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

// Line returns the text of a 1-based line of a file.
func (sm *SourceManager) Line(name string, line int) (string, bool) {
	src, ok := sm.files[name]
	if !ok || line < 1 {
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
// Notes show their source line only when their location differs from the
// previous one, as MLIR's SourceMgrDiagnosticHandler does.
func (sm *SourceManager) WriteDiagnostic(w io.Writer, d *ir.Diagnostic) {
	sm.writeOne(w, d, true)
	prev := d.Loc
	for _, n := range d.Notes {
		sm.writeOne(w, n, n.Loc != prev)
		prev = n.Loc
	}
}

func (sm *SourceManager) writeOne(w io.Writer, d *ir.Diagnostic, showSource bool) {
	var b strings.Builder
	f, hasFile := ir.FileLoc(d.Loc)
	if hasFile {
		b.WriteString(ir.LocPrefix(d.Loc))
	} else {
		b.WriteString(LocationString(d.Loc))
		b.WriteString(": ")
	}
	b.WriteString(d.Severity.String())
	b.WriteString(": ")
	b.WriteString(d.Message)
	b.WriteByte('\n')
	if hasFile && sm != nil && showSource {
		if line, ok := sm.Line(f.File, int(f.Line)); ok && f.Col >= 1 {
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
