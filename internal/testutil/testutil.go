// Package testutil holds helpers shared by Strata's tests: locating the
// shared conformance corpus and the external reference tools, and skipping
// (or, under CI=true, failing) when they are absent.
package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// RepoRoot returns the repository root.
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// InCI reports whether the tests run under CI (CI=true), where missing
// external inputs are failures rather than skips.
func InCI() bool { return os.Getenv("CI") == "true" }

// Missing skips the test with a clear message, or fails it under CI.
func Missing(t testing.TB, what string) {
	t.Helper()
	if InCI() {
		t.Fatalf("%s is required under CI=true but is missing", what)
	}
	t.Skipf("skipping: %s is missing", what)
}

// Shared returns the path of the ../shared folder beside the checkout, or
// skips (fails under CI) when it is absent.
func Shared(t testing.TB) string {
	t.Helper()
	p := filepath.Join(RepoRoot(), "..", "shared")
	if _, err := os.Stat(filepath.Join(p, "conformance")); err != nil {
		Missing(t, "../shared/conformance")
	}
	return p
}

// Tool returns the path of an external tool such as "mlir-opt-22" or
// "llc-16", looking in PATH and in the LLVM install folders, or skips
// (fails under CI) when it is not installed.
func Tool(t testing.TB, name string) string {
	t.Helper()
	if p := LookTool(name); p != "" {
		return p
	}
	Missing(t, name+" (apt-get install mlir-22-tools llvm-16 llvm-22 lld-22)")
	return ""
}

// LookTool finds an external tool, returning "" when it is not installed.
func LookTool(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	alt := map[string]string{
		"mlir-opt-22":       "/usr/lib/llvm-22/bin/mlir-opt",
		"mlir-translate-22": "/usr/lib/llvm-22/bin/mlir-translate",
		"llc-16":            "/usr/lib/llvm-16/bin/llc",
		"llc-22":            "/usr/lib/llvm-22/bin/llc",
	}
	if p, ok := alt[name]; ok {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// ShellSplit splits a POSIX-shell-quoted string (as Python's shlex.join
// writes it) into words.
func ShellSplit(s string) []string {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				j = len(s) - i - 1
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inWord = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				cur.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			inWord = true
			i++
			cur.WriteByte(s[i])
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			inWord = true
			cur.WriteByte(c)
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// Run runs an external tool with args and returns its standard output,
// standard error and exit code; a tool that cannot be started fails the
// test.
func Run(t testing.TB, tool string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(tool, args...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running %s: %v", tool, err)
	}
	return out.String(), errb.String(), code
}
