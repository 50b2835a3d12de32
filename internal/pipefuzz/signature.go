package pipefuzz

import (
	"regexp"
	"strings"
)

var (
	hexNum   = regexp.MustCompile(`0x[0-9a-fA-F]+`)
	decNum   = regexp.MustCompile(`[0-9]+`)
	ssaName  = regexp.MustCompile(`%[\w$.\-]+`)
	symName  = regexp.MustCompile(`@[\w$.\-]+`)
	spaces   = regexp.MustCompile(`\s+`)
	panicMsg = regexp.MustCompile(`(?m)(?:panicked: |^panic: |fatal error: )(.*)$`)
	frameFn  = regexp.MustCompile(`^(.*)\(.*\)$`)
)

// Normalize strips what varies between instances of one defect from a
// message: numbers, SSA and symbol names, and repeated spaces.
func Normalize(s string) string {
	s = hexNum.ReplaceAllString(s, "N")
	s = decNum.ReplaceAllString(s, "N")
	s = ssaName.ReplaceAllString(s, "%V")
	s = symName.ReplaceAllString(s, "@S")
	s = spaces.ReplaceAllString(strings.TrimSpace(s), " ")
	if len(s) > 160 {
		s = s[:160]
	}
	return s
}

// CrashSignature names a crash by its panic site (the first function of
// the stack below the panic that is not the Go runtime's) and its panic
// message with numbers stripped.
func CrashSignature(res Result) string {
	msg := ""
	if m := panicMsg.FindStringSubmatch(res.Stderr); m != nil {
		msg = m[1]
	} else if res.Signal != "" {
		msg = "signal " + res.Signal
	}
	site := PanicSite(res.Stderr)
	if site == "" {
		site = "?"
	}
	return "crash at " + site + ": " + Normalize(msg)
}

// PanicSite returns the function that panicked from a Go stack trace in
// text: the first frame after the last panic( frame, skipping the
// runtime's own frames; without a panic( frame, the first frame that is
// not the runtime's or the recovering code's.
func PanicSite(text string) string {
	lines := strings.Split(text, "\n")
	start := 0
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "panic(") {
			start = i + 1
		}
	}
	for _, l := range lines[start:] {
		if !strings.HasPrefix(l, "github.com/") && !strings.HasPrefix(l, "runtime") && !strings.HasPrefix(l, "main.") {
			continue
		}
		if strings.HasPrefix(l, "runtime") || strings.Contains(l, "core/pass.(*runner).invoke") {
			continue
		}
		fn := strings.TrimSpace(l)
		if m := frameFn.FindStringSubmatch(fn); m != nil {
			fn = m[1]
		}
		return strings.TrimPrefix(fn, "github.com/strata-ir/strata/")
	}
	return ""
}
