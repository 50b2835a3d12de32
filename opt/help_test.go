package opt_test

import (
	"github.com/strata-ir/strata/opt"
	"regexp"
	"strings"
	"testing"
)

// TestHelp checks the layout of --help: the driver's flags apart from the
// passes, each pass with its options beneath it, the pipelines last, and
// no value name made up from a back-quoted word of a summary.
func TestHelp(t *testing.T) {
	_, help, code := runOpt(t, []string{"--help"})
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	general, passes, ok := strings.Cut(help, "  Compiler passes to run\n")
	if !ok {
		t.Fatalf("no pass section:\n%s", help)
	}
	for _, c := range []struct {
		section, name, text string
	}{
		{general, "driver flag with a value", "  --pass-pipeline=<string> "},
		{general, "driver flag with an optional value", "  --split-input-file[=<string>] "},
		{general, "boolean driver flag", "  --verify-each "},
		{passes, "pass", "\n      --one-shot-bufferize "},
		{passes, "pass option", "\n        --bufferize-function-boundaries "},
		{passes, "pass option with a value", "\n        --max-iterations=<long> "},
		{passes, "pipeline", "    Pass Pipelines:\n      --buffer-deallocation-pipeline "},
		{passes, "summary as written", "operation for more efficient codegen"},
	} {
		if !strings.Contains(c.section, c.text) {
			t.Errorf("%s: %q missing", c.name, c.text)
		}
	}
	if strings.Contains(general, "--canonicalize ") {
		t.Errorf("a pass is listed among the driver's flags")
	}
	// package flag's PrintDefaults would print "-bufferization-lower-deallocations bufferization.dealloc".
	if m := regexp.MustCompile(`(?m)^ *--?[a-z-]+ [a-z]+\.[a-z]+`).FindString(help); m != "" {
		t.Errorf("a back-quoted word became a value name: %q", m)
	}
}

// TestCheckSemanticsTiming checks that --mlir-timing reports the time
// --check-semantics spends interpreting as an entry of its own.
func TestCheckSemanticsTiming(t *testing.T) {
	src := "func.func @main() -> i32 {\n  %a = arith.constant 2 : i32\n  %b = arith.addi %a, %a : i32\n  return %b : i32\n}\n"
	var out, errb strings.Builder
	code := opt.Run(newContext(), []string{"--check-semantics", "--mlir-timing", "--canonicalize", "-"},
		opt.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	report := errb.String()
	check := strings.Index(report, "  Check semantics\n")
	pass := strings.Index(report, "  Canonicalizer\n")
	if check < 0 || pass < 0 {
		t.Fatalf("report lacks the check or the pass:\n%s", report)
	}
}
