package asm

import (
	"bytes"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// expectation is one `expected-<kind>@<where> {{message}}` annotation.
type expectation struct {
	kind ir.Severity
	// line is the line the diagnostic is expected on.
	line int
	// msg is the text between the braces; re matches it when the
	// annotation is an -re one.
	msg string
	re  *regexp.Regexp
	// annLine and annCol place the annotation's `expected-`; both are 0
	// for @unknown.
	annLine, annCol int
	matched         bool
}

// matches reports whether message satisfies e: contains its text, or
// matches its regular expression.
func (e *expectation) matches(message string) bool {
	if e.re != nil {
		return e.re.MatchString(message)
	}
	return strings.Contains(message, e.msg)
}

// expectedRE is the annotation syntax of MLIR's diagnostic verifier; as
// there, it must end its line (trailing blanks aside), and a line holds
// at most one.
var expectedRE = regexp.MustCompile(`expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$`)

func severityOf(s string) ir.Severity {
	switch s {
	case "warning":
		return ir.SeverityWarning
	case "remark":
		return ir.SeverityRemark
	case "note":
		return ir.SeverityNote
	}
	return ir.SeverityError
}

// DiagnosticVerifier checks diagnostics against the expected-* annotations
// of the source files they point into, as MLIR's
// SourceMgrDiagnosticVerifierHandler does, with its output: it reports a
// diagnostic that no annotation expects when the diagnostic arrives
// (Handle), and the annotations that nothing matched at the end (Verify).
// The reports go to w with the annotation's line and a range under it.
type DiagnosticVerifier struct {
	sm *SourceManager
	w  io.Writer
	// OnlyExpected leaves diagnostics that no annotation expects
	// unreported (mlir-opt's --verify-diagnostics=only-expected).
	OnlyExpected bool
	// files lists the files whose annotations were read, in the order
	// read; byFile holds their annotations; unknown holds the @unknown
	// ones of every file.
	files   []string
	byFile  map[string][]*expectation
	unknown []*expectation
	failed  bool
}

// NewDiagnosticVerifier reads the annotations of src, the contents of the
// file name (already added to sm), reporting malformed ones to w at once.
func NewDiagnosticVerifier(sm *SourceManager, name string, src []byte, w io.Writer) *DiagnosticVerifier {
	v := &DiagnosticVerifier{sm: sm, w: w, byFile: map[string][]*expectation{}}
	v.read(name, src)
	return v
}

// read scans the annotations of one file.
func (v *DiagnosticVerifier) read(name string, src []byte) []*expectation {
	var exps []*expectation
	lines := bytes.Split(src, []byte("\n"))
	// lastPlain is the 0-based index of the last line without an
	// annotation; below lists the annotations waiting for the next one.
	lastPlain := 0
	var below []*expectation
	for i, l := range lines {
		m := expectedRE.FindSubmatchIndex(bytes.TrimRight(l, " \t\n\v\f\r"))
		if m == nil {
			for _, e := range below {
				e.line = i + 1
			}
			below = nil
			lastPlain = i
			continue
		}
		e := &expectation{kind: severityOf(string(l[m[2]:m[3]])), line: i + 1, msg: string(l[m[10]:m[11]]), annLine: i + 1, annCol: m[0] + 1}
		if m[4] >= 0 {
			re, problem := convertRegex(e.msg)
			if problem != "" {
				v.report(name, e, problem)
				continue
			}
			e.re = re
		}
		if m[8] >= 0 {
			switch d := string(l[m[8]:m[9]]); d {
			case "unknown":
				e.annLine, e.annCol = 0, 0
				v.unknown = append(v.unknown, e)
				continue
			case "above":
				e.line = lastPlain + 1
			case "below":
				below = append(below, e)
				// A dangling @below designates the line past the end.
				e.line = len(lines)
			default:
				off, _ := strconv.Atoi(d[1:])
				if d[0] == '+' {
					e.line += off
				} else {
					e.line -= off
				}
			}
		}
		exps = append(exps, e)
	}
	v.files = append(v.files, name)
	v.byFile[name] = exps
	return exps
}

// report prints msg as an error at e's annotation, underlining as many
// columns as its message has characters.
func (v *DiagnosticVerifier) report(file string, e *expectation, msg string) {
	v.failed = true
	if e.annLine == 0 {
		v.sm.writeOne(v.w, nil, ir.SeverityError, msg, false)
		return
	}
	v.sm.writeRange(v.w, file, e.annLine, e.annCol, len(e.msg), msg)
}

// Handle checks a diagnostic and each of its notes against the
// annotations, reporting at once those that none expects.
func (v *DiagnosticVerifier) Handle(d *ir.Diagnostic) {
	v.process(d)
	for _, n := range d.Notes {
		v.process(n)
	}
}

func (v *DiagnosticVerifier) process(d *ir.Diagnostic) {
	f, hasFile := ir.FileLoc(d.Loc)
	exps := v.unknown
	file := ""
	if hasFile {
		file = f.File
		var read bool
		if exps, read = v.byFile[file]; !read {
			exps = nil
			if src, ok := v.sm.contents(file); ok {
				exps = v.read(file, src)
			}
		}
	}
	// An annotation may match any number of diagnostics; one whose text
	// matches but whose kind does not is a near miss.
	var near *expectation
	for _, e := range exps {
		if hasFile && int(f.Line) != e.line {
			continue
		}
		if e.matches(d.Message) {
			if e.kind == d.Severity {
				e.matched = true
				return
			}
			near = e
		}
	}
	if v.OnlyExpected {
		return
	}
	v.failed = true
	if near != nil {
		at := *near
		at.msg = ""
		v.report(file, &at, "'"+d.Severity.String()+"' diagnostic emitted when expecting a '"+near.kind.String()+"'")
		return
	}
	v.sm.writeOne(v.w, d.Loc, ir.SeverityError, "unexpected "+d.Severity.String()+": "+d.Message, true)
}

// Verify reports the annotations that no diagnostic matched and returns
// whether everything was as expected. Like MLIR's handler it forgets the
// annotations of files once reported, but not the @unknown ones, which a
// second call reports again.
func (v *DiagnosticVerifier) Verify() bool {
	for _, file := range v.files {
		for _, e := range v.byFile[file] {
			if !e.matched {
				v.report(file, e, "expected "+e.kind.String()+" \""+e.msg+"\" was not produced")
			}
		}
		delete(v.byFile, file)
	}
	v.files = nil
	for _, e := range v.unknown {
		if !e.matched {
			v.report("", e, "expected "+e.kind.String()+" \""+e.msg+"\" was not produced")
		}
	}
	return !v.failed
}

// convertRegex turns the message of an -re annotation, where `{{...}}`
// delimits POSIX regular expressions and the rest is literal text, into
// one regular expression, as MLIR's verifier does. It returns the
// verifier's error message instead when a regex is not closed or not
// valid.
func convertRegex(msg string) (*regexp.Regexp, string) {
	var b strings.Builder
	b.WriteString("(?s)")
	for msg != "" {
		i := strings.Index(msg, "{{")
		if i < 0 {
			b.WriteString(regexp.QuoteMeta(msg))
			break
		}
		b.WriteString(regexp.QuoteMeta(msg[:i]))
		msg = msg[i+2:]
		j := strings.Index(msg, "}}")
		if j < 0 {
			return nil, "found start of regex with no end '}}'"
		}
		re, problem := posixERE(msg[:j])
		if problem != "" {
			return nil, "invalid regex: " + problem
		}
		b.WriteString("(" + re + ")")
		msg = msg[j+2:]
	}
	re, err := regexp.Compile(b.String())
	if err != nil {
		// A POSIX regex Go's syntax cannot say (a back-reference).
		return nil, "invalid regex: " + err.Error()
	}
	return re, ""
}
