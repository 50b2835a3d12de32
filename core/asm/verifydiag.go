package asm

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// expectation is one `expected-<kind>@<where> {{message}}` annotation.
type expectation struct {
	kind    ir.Severity
	line    int // target line; 0 for @unknown
	msg     string
	re      *regexp.Regexp
	annLine int
	annCol  int
	matched bool
}

var expectedRE = regexp.MustCompile(`expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}`)

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

// parseExpectations scans src for annotations, as MLIR's
// SourceMgrDiagnosticVerifierHandler does.
func parseExpectations(src []byte) ([]*expectation, []*ir.Diagnostic, [][2]int) {
	lines := bytes.Split(src, []byte("\n"))
	var out []*expectation
	var errs []*ir.Diagnostic
	var badLocs [][2]int
	isDesignator := make([]bool, len(lines))
	for i, l := range lines {
		isDesignator[i] = expectedRE.Match(l)
	}
	var pendingBelow []*expectation
	for i, l := range lines {
		lineNo := i + 1
		if !isDesignator[i] {
			for _, e := range pendingBelow {
				e.line = lineNo
			}
			pendingBelow = nil
		}
		for _, m := range expectedRE.FindAllSubmatchIndex(l, -1) {
			e := &expectation{kind: severityOf(string(l[m[2]:m[3]])), annLine: lineNo, annCol: m[0] + 1}
			msg := string(l[m[10]:m[11]])
			e.msg = msg
			if m[4] >= 0 {
				re, err := regexp.Compile(convertRegex(msg))
				if err != nil {
					badLocs = append(badLocs, [2]int{lineNo, m[0] + 1})
					continue
				}
				e.re = re
			}
			e.line = lineNo
			if m[8] >= 0 {
				d := string(l[m[8]:m[9]])
				switch {
				case d == "above":
					j := i - 1
					for j >= 0 && isDesignator[j] {
						j--
					}
					e.line = j + 1
				case d == "below":
					pendingBelow = append(pendingBelow, e)
				case d == "unknown":
					e.line = 0
				default:
					off, _ := strconv.Atoi(d[1:])
					if d[0] == '+' {
						e.line = lineNo + off
					} else {
						e.line = lineNo - off
					}
				}
			}
			out = append(out, e)
		}
	}
	return out, errs, badLocs
}

// convertRegex turns an -re message, where `{{...}}` delimits regular
// expressions and the rest is literal text, into one regular expression.
func convertRegex(msg string) string {
	var b strings.Builder
	for {
		i := strings.Index(msg, "{{")
		if i < 0 {
			b.WriteString(regexp.QuoteMeta(msg))
			break
		}
		b.WriteString(regexp.QuoteMeta(msg[:i]))
		rest := msg[i+2:]
		j := strings.Index(rest, "}}")
		if j < 0 {
			b.WriteString(regexp.QuoteMeta(msg[i:]))
			break
		}
		b.WriteString("(" + rest[:j] + ")")
		msg = rest[j+2:]
	}
	return b.String()
}

// VerifyDiagnostics checks the diagnostics produced for src (file name
// `name`) against its expected-* annotations, reporting every mismatch
// through report in MLIR's words. It returns true when everything matched.
func VerifyDiagnostics(src []byte, name string, diags []*ir.Diagnostic, report func(*ir.Diagnostic)) bool {
	exps, _, bad := parseExpectations(src)
	ok := true
	for _, b := range bad {
		report(ir.NewError(fileLoc(name, b[0], b[1]), "invalid regex in expected diagnostic"))
		ok = false
	}
	var all []*ir.Diagnostic
	for _, d := range diags {
		all = append(all, d)
		all = append(all, d.Notes...)
	}
	for _, d := range all {
		line := 0
		if f, has := ir.FileLoc(d.Loc); has && f.File == name {
			line = int(f.Line)
		}
		found := false
		for _, e := range exps {
			if e.matched || e.kind != d.Severity || e.line != line {
				continue
			}
			if (e.re != nil && e.re.MatchString(d.Message)) || (e.re == nil && strings.Contains(d.Message, e.msg)) {
				e.matched = true
				found = true
				break
			}
		}
		if !found {
			u := &ir.Diagnostic{Severity: ir.SeverityError, Loc: d.Loc, Message: fmt.Sprintf("unexpected %s: %s", d.Severity, d.Message)}
			report(u)
			ok = false
		}
	}
	for _, e := range exps {
		if !e.matched {
			report(ir.NewError(fileLoc(name, e.annLine, e.annCol), fmt.Sprintf("expected %s \"%s\" was not produced", e.kind, e.msg)))
			ok = false
		}
	}
	return ok
}

var fileLocCtx = ir.NewContext()

func fileLoc(name string, line, col int) ir.Location {
	return fileLocCtx.FileLineCol(name, uint32(line), uint32(col))
}
