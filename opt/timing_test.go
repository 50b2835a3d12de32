package opt_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/internal/testutil"
)

// TestTimingReport compares the layout of `--mlir-timing` reports with
// mlir-opt-22's, times masked: a report per chunk, with the parser and the
// output timed around the passes.
func TestTimingReport(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	file := filepath.Join(t.TempDir(), "in.mlir")
	src := "func.func @f(%a: i32) -> i32 {\n  %c = arith.constant 0 : i32\n  %b = arith.addi %a, %c : i32\n  return %b : i32\n}\n" +
		"// -----\nfunc.func @g() {\n  return\n}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	times := regexp.MustCompile(`\d+\.\d+`)
	percents := regexp.MustCompile(`\(\s*\d+\.\d+%\)`)
	mask := func(s string) string {
		s = percents.ReplaceAllString(s, "(P)")
		// Strata's CSE computes no DominanceInfo analysis.
		s = regexp.MustCompile(`(?m)^.*\(A\) DominanceInfo\n`).ReplaceAllString(s, "")
		return times.ReplaceAllString(s, "N")
	}
	for _, args := range [][]string{
		{"--mlir-timing"},
		{"--mlir-timing", "--canonicalize", "--cse"},
		{"--mlir-timing", "--split-input-file", "--canonicalize"},
		{"--mlir-timing", "--mlir-timing-display=list", "--cse"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			full := append(append([]string{}, args...), file, "-o", filepath.Join(t.TempDir(), "out.mlir"))
			cmd := exec.Command(tool, full...)
			var want bytes.Buffer
			cmd.Stderr = &want
			if err := cmd.Run(); err != nil {
				t.Fatalf("mlir-opt-22: %v\n%s", err, want.String())
			}
			_, got, code := runStrata(t, full...)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, got)
			}
			w, g := mask(want.String()), mask(got)
			if slices.Contains(args, "--mlir-timing-display=list") {
				// A list is ordered by the times.
				w, g = sortedLines(w), sortedLines(g)
			}
			if diff := cmp.Diff(w, g); diff != "" {
				t.Errorf("report layout differs (-mlir-opt-22 +strata-opt):\n%s", diff)
			}
		})
	}
}

func sortedLines(s string) string {
	lines := strings.Split(s, "\n")
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}
