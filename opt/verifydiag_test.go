package opt_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/internal/testutil"
)

// verifyDiagInputs are inputs whose expected-* annotations are partly
// wrong: messages that differ, annotations on the wrong line or of the
// wrong kind, malformed regexes, annotations nothing can match.
var verifyDiagInputs = map[string]string{
	"mismatch.mlir": `func.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{wrong message}}
  %0 = arith.addi %a, %a : i64
  return %0 : i64
}

// -----

func.func @g() {
  // expected-error @below {{never produced}}
  return
}

// -----

// expected-note @+1 {{symbol declaration cannot have public visibility}}
func.func @h()

// -----
func.func @k(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i64
  return %0 : i32
}
`,
	"edge.mlir": "// expected-error@above {{at start}}\n" +
		"// expected-error@unknown {{nowhere}}\n" +
		"// expected-error-re@+3 {{bad (regex}}\n" +
		"// expected-error-re@+2 {{unclosed {{regex}}\n" +
		"// expected-note@+1 {{expects different type}}\n" +
		"func.func @f(%a: i32) -> i64 { %0 = arith.addi %a, %a : i64 return %0 : i64 }\n" +
		"// expected-error {{trailing}} // more\n" +
		"\t// expected-error {{tab\tindented}}\n" +
		"// expected-error-re {{x {{a{2}}}}\n" +
		"// expected-error-re {{x {{[[:foo:]]}}}}\n" +
		"// expected-error-re {{x {{a**}}}}\n" +
		"// expected-error-re {{x {{}}}}\n" +
		"// expected-error-re {{x {{[z-a]}}}}\n" +
		"// expected-error@below {{dangling}}\n",
	"matched.mlir": `// expected-error-re@+1 {{'func.func' op symbol {{[a-z]+}} cannot have public visibility}}
func.func @h()
// -----
// expected-error@+1 {{public visibility}}
func.func @i()
`,
	// Both functions are on the line the annotation designates; it
	// matches both errors.
	"twice.mlir": "// expected-error@+1 {{symbol declaration cannot have public visibility}}\n" +
		"func.func @a() func.func @b()\n",
	// The pass fails; its error comes before the dump of the IR.
	"pass.mlir": `func.func @f(%a: f32) {
  // expected-error@+1 {{not this}}
  llvm.return %a : f32
}
`,
}

// TestVerifyDiagnosticsMatchesMLIROpt runs strata-opt and mlir-opt-22 on
// inputs with wrong and missing annotations, with --verify-diagnostics, its
// only-expected level and without it (where mlir-opt-22 still lists the
// annotations that nothing matched), and compares exit status, output and
// diagnostics byte for byte.
func TestVerifyDiagnosticsMatchesMLIROpt(t *testing.T) {
	mlirOpt := testutil.LookTool("mlir-opt-22")
	dir := t.TempDir()
	for name, src := range verifyDiagInputs {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in := func(name string) string { return filepath.Join(dir, name) }
	toLLVM := "--pass-pipeline=builtin.module(convert-func-to-llvm)"
	for _, c := range []struct {
		args []string
		// code is strata-opt's exit status; stderr is text its
		// diagnostics must hold, checked also without mlir-opt-22.
		code   int
		stderr string
	}{
		{[]string{"--verify-diagnostics", "--split-input-file", in("mismatch.mlir")}, 1, "expected error \"never produced\" was not produced\n  // expected-error @below {{never produced}}\n     ^~~~~~~~~~~~~~\n"},
		{[]string{"--verify-diagnostics=only-expected", "--split-input-file", in("mismatch.mlir")}, 1, "\"wrong message\" was not produced"},
		{[]string{"--split-input-file", in("mismatch.mlir")}, 1, "expected error \"wrong message\" was not produced"},
		{[]string{"--verify-diagnostics", in("edge.mlir")}, 1, "'error' diagnostic emitted when expecting a 'note'"},
		{[]string{in("edge.mlir")}, 1, "found start of regex with no end '}}'"},
		{[]string{"--verify-diagnostics", "--split-input-file", in("matched.mlir")}, 0, ""},
		{[]string{"--split-input-file", in("matched.mlir")}, 1, "error: 'func.func' op symbol declaration"},
		{[]string{"--verify-diagnostics", in("twice.mlir")}, 0, ""},
		{[]string{"--verify-diagnostics", "--mlir-print-ir-after-failure", toLLVM, in("pass.mlir")}, 1, "unexpected error: 'llvm.return' op"},
	} {
		stdout, stderr, code := runStrata(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.stderr) {
			t.Errorf("%v: exit %d, want %d; no %q in\n%s", c.args, code, c.code, c.stderr, stderr)
		}
		if mlirOpt == "" {
			if testutil.InCI() {
				t.Fatal("mlir-opt-22 is required under CI=true")
			}
			continue
		}
		cmd := exec.Command(mlirOpt, c.args...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		wantCode := 0
		if err := cmd.Run(); err != nil {
			wantCode = cmd.ProcessState.ExitCode()
		}
		if code != wantCode || stdout != out.String() || stderr != errb.String() {
			t.Errorf("%v differs from mlir-opt-22 (exit %d, %d)\n--- strata-opt stdout\n%s--- mlir-opt-22 stdout\n%s--- strata-opt stderr\n%s--- mlir-opt-22 stderr\n%s",
				c.args, code, wantCode, stdout, out.String(), stderr, errb.String())
		}
	}
}
