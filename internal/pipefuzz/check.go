package pipefuzz

import (
	"regexp"
	"strings"
)

// Outcome kinds that are not findings.
const (
	// InvalidInput: the mutated input did not parse or verify.
	InvalidInput = "invalid-input"
	// PassFailed: a pass reported an error (a legitimate failure).
	PassFailed = "pass-failed"
	// OK: the pipeline ran and its output read back identically.
	OK = "ok"
	// Flaky: a finding that did not reproduce when checked again.
	Flaky = "flaky"
	// Known: a finding whose signature is one already triaged as
	// behaving as mlir-opt-22 does (Fuzzer.Known).
	Known = "known"
)

// Finding kinds.
const (
	Crash   = "crash"   // panic, fatal error or signal
	Hang    = "hang"    // the run exceeded the timeout
	Exit    = "exit"    // an exit status other than 0 or 1
	Verify  = "verify"  // IR failed verification after a pass
	Reparse = "reparse" // the output of a successful run does not parse or verify
	Reprint = "reprint" // printing the re-read output differs
)

// Outcome classifies one run.
type Outcome struct {
	Kind string
	// Sig is the finding's signature (empty for non-findings).
	Sig string
	// Stderr is the diagnostic output of the run that showed the problem.
	Stderr string
}

// IsFinding reports whether the outcome is a defect.
func (o Outcome) IsFinding() bool { return o.Sig != "" }

var baseArgs = []string{"--allow-unregistered-dialect"}

// Check runs pipeline p on input and classifies what happened:
//
//  1. strata-opt runs the pipeline (verifying after each pass, printing the
//     IR after a failing pass). A crash, a timeout or an exit status other
//     than 0 or 1 is a finding.
//  2. When it fails after a pass, it runs again with --verify-each=false;
//     if that succeeds, the failure was IR that a pass left invalid.
//  3. When it succeeds, its output is read back: it must parse, verify and
//     print identically.
func Check(r Runner, input string, p Pipeline) Outcome {
	pipe := "--pass-pipeline=" + p.String()
	r1 := r.Run(input, append(baseArgs, "--mlir-print-ir-after-failure", pipe)...)
	if o, bad := abnormal(r1, "", p); bad {
		return o
	}
	if r1.Code == 1 {
		failed := failedPass(r1.Stderr)
		if failed == "" {
			return Outcome{Kind: InvalidInput}
		}
		r2 := r.Run(input, append(baseArgs, "--verify-each=false", "--mlir-print-op-generic", "--mlir-print-assume-verified", pipe)...)
		if r2.Code == 0 && !r2.TimedOut {
			return Outcome{Kind: Verify, Sig: "verify after " + failed + ": " + Normalize(firstError(r1.Stderr)), Stderr: r1.Stderr}
		}
		return Outcome{Kind: PassFailed}
	}
	r2 := r.Run(r1.Stdout, baseArgs...)
	if o, bad := abnormal(r2, "reading back: ", p); bad {
		return o
	}
	if r2.Code != 0 {
		return Outcome{Kind: Reparse, Sig: "reparse: " + Normalize(firstError(r2.Stderr)), Stderr: r2.Stderr + "\n--- output ---\n" + r1.Stdout}
	}
	if r2.Stdout != r1.Stdout {
		line := firstDiff(r1.Stdout, r2.Stdout)
		return Outcome{Kind: Reprint, Sig: "reprint: " + diffKey(line), Stderr: "first differing line: " + line + "\n--- first print ---\n" + r1.Stdout + "\n--- second print ---\n" + r2.Stdout}
	}
	return Outcome{Kind: OK}
}

// abnormal reports a crash, hang or unexpected exit status of res.
func abnormal(res Result, prefix string, p Pipeline) (Outcome, bool) {
	switch {
	case res.TimedOut:
		return Outcome{Kind: Hang, Sig: prefix + "hang in " + p.Names(), Stderr: res.Stderr}, true
	case isCrash(res):
		return Outcome{Kind: Crash, Sig: prefix + CrashSignature(res), Stderr: res.Stderr}, true
	case res.Code != 0 && res.Code != 1:
		return Outcome{Kind: Exit, Sig: prefix + "exit " + Normalize(firstLine(res.Stderr)), Stderr: res.Stderr}, true
	}
	return Outcome{}, false
}

func isCrash(res Result) bool {
	if res.Signal != "" {
		return true
	}
	e := res.Stderr
	return strings.Contains(e, "panicked") || strings.HasPrefix(e, "panic: ") || strings.Contains(e, "\npanic: ") ||
		strings.Contains(e, "fatal error: ") || strings.Contains(e, "goroutine ")
}

var dumpFailed = regexp.MustCompile(`IR Dump After \S+ Failed \(([^)]*)\)`)

// failedPass returns the argument of the pass after which the IR was
// printed as failed, or "".
func failedPass(stderr string) string {
	if m := dumpFailed.FindStringSubmatch(stderr); m != nil {
		return m[1]
	}
	return ""
}

var errLine = regexp.MustCompile(`(?m)\berror: (.*)$`)

// firstError returns the message of the first error diagnostic.
func firstError(stderr string) string {
	if m := errLine.FindStringSubmatch(stderr); m != nil {
		return m[1]
	}
	return firstLine(stderr)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range al {
		if i >= len(bl) || al[i] != bl[i] {
			return strings.TrimSpace(al[i])
		}
	}
	return "<end of output>"
}

var opNameTok = regexp.MustCompile(`\b([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_.]*)\b`)

// diffKey names the first differing line by its operation name, or by the
// normalized line.
func diffKey(line string) string {
	if m := opNameTok.FindString(line); m != "" {
		return m
	}
	return Normalize(line)
}
