package opt_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// malformedCase is one malformed input for strata-opt. want is the exact
// first line of stderr, with the input file written as FILE; where
// mlir-opt-22 reports a diagnostic for the same input (run by hand with
// --allow-unregistered-dialect, or without it where noUnregistered is set),
// it is mlir-opt-22's first line.
type malformedCase struct {
	name           string
	src            string
	noUnregistered bool
	want           string
}

var malformedCases = []malformedCase{
	// Truncated files.
	{name: "truncated_operand_list", src: `"foo"(`,
		want: `FILE:1:6: error: expected ')' to end operand list`},
	{name: "truncated_region", src: `"builtin.module"() ({`,
		want: `FILE:1:21: error: expected operation name in quotes`},
	{name: "truncated_region_newline", src: "\"builtin.module\"() ({\n  \"a.b\"() : () -> ()\n",
		want: `FILE:2:21: error: expected operation name in quotes`},
	{name: "truncated_attr_dict", src: `"a.b"() {a = [[1]} : () -> ()` + "\n",
		want: `FILE:1:18: error: expected ',' or ']'`},
	{name: "stray_rbrace", src: "\"a.b\"() : () -> ()\n}\n",
		want: `FILE:1:19: error: expected operation name in quotes`},

	// Bad tokens.
	{name: "lone_percent", src: `%`,
		want: `FILE:1:1: error: invalid SSA name`},
	{name: "at_digit", src: `@1`,
		want: `FILE:1:2: error: @ identifier expected to start with letter or '_'`},
	{name: "stray_control_byte", src: "\"a.b\"() : () -> ()\n\x01\n",
		want: `FILE:2:1: error: unexpected character`},
	{name: "unterminated_string", src: `"a.b"() {s = "abc} : () -> ()` + "\n",
		want: `FILE:1:30: error: expected '"' in string literal`},
	{name: "unterminated_string_eof", src: `"a.b`,
		want: `FILE:1:5: error: expected '"' in string literal`},

	// Invalid UTF-8 outside string literals (inside them it is accepted and
	// printed escaped, as by mlir-opt).
	{name: "invalid_utf8", src: "\"a.b\"() : () -> ()\n\xff\xfe\n",
		want: `FILE:2:1: error: unexpected character`},
	{name: "invalid_utf8_ssa_name", src: "%\xff = \"a.b\"() : () -> i32\n",
		want: `FILE:1:1: error: invalid SSA name`},

	// SSA values.
	{name: "undefined_value", src: `"a.b"(%x) : (i32) -> ()` + "\n",
		want: `FILE:1:7: error: use of undeclared SSA value name`},
	{name: "type_mismatch_between_uses", src: "%0 = \"a.b\"() : () -> i32\n\"a.c\"(%0) : (i64) -> ()\n",
		want: `FILE:2:7: error: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'`},
	{name: "type_mismatch_forward_uses", src: "\"a.c\"(%0) : (i32) -> ()\n\"a.c\"(%0) : (i64) -> ()\n",
		want: `FILE:2:7: error: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'`},
	{name: "redefinition", src: "%0 = \"a.b\"() : () -> i32\n%0 = \"a.c\"() : () -> i32\n",
		want: `FILE:2:1: error: redefinition of SSA value '%0'`},
	// test.ssacfg_region (of mlir-opt-22's test dialect) has an SSACFG
	// region, where values must dominate their uses; regions of
	// unregistered ops and builtin.module's graph region are not checked.
	{name: "dominance", src: "\"test.ssacfg_region\"() ({\n  \"a.use\"(%0) : (i32) -> ()\n  %0 = \"a.def\"() : () -> i32\n}) : () -> ()\n",
		want: `FILE:2:3: error: operand #0 does not dominate this use`},

	// Structure.
	{name: "missing_terminator", src: `"a.b"() ({ ^bb0: ^bb1: "a.t"() : () -> () }) : () -> ()` + "\n",
		want: `FILE:1:1: error: empty block: expect at least a terminator`},
	{name: "unregistered_dialect", src: `"foo.bar"() : () -> ()` + "\n", noUnregistered: true,
		want: `FILE:1:10: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used`},

	// Absurd nesting: mlir-opt-22 overflows its stack on the first four;
	// Strata reports an error at the first level too deep. The body of a
	// dialect type is scanned without recursion, as in MLIR.
	{name: "deep_attribute", src: `"a.b"() {a = ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "} : () -> ()\n",
		want: `FILE:1:1014: error: exceeded maximum nesting depth`},
	{name: "deep_attribute_unclosed", src: `"a.b"() {a = ` + strings.Repeat("[", 100000),
		want: `FILE:1:1014: error: exceeded maximum nesting depth`},
	{name: "deep_regions", src: strings.Repeat("\"a.b\"() ({\n", 100000),
		want: `FILE:1001:10: error: exceeded maximum nesting depth`},
	{name: "deep_types", src: `"a.b"() : () -> ` + strings.Repeat("tuple<", 100000) + "i32" + strings.Repeat(">", 100000) + "\n",
		want: `FILE:1:6016: error: exceeded maximum nesting depth`},
	{name: "deep_dialect_type", src: `"a.b"() : () -> !x.y` + strings.Repeat("<", 100000) + "\n",
		want: `FILE:1:21: error: unbalanced '<' character in pretty dialect name`},

	// Types.
	{name: "integer_width_too_large", src: `"a.b"() : () -> i1234567890` + "\n",
		want: `FILE:1:17: error: integer bitwidth is limited to 16777215 bits`},
	{name: "integer_width_overflow", src: `"a.b"() : () -> i99999999999` + "\n",
		want: `FILE:1:17: error: invalid integer width`},
}

var diagPrefix = regexp.MustCompile(`^[^:]+:\d+:\d+: error: `)

// runOpt runs strata-opt in process and fails the test on a panic.
func runOpt(t *testing.T, args []string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("strata-opt panicked: %v\n%s", r, debug.Stack())
			}
		}()
		code = opt.Run(newContext(), args, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	}()
	return out.String(), errb.String(), code
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestMalformedInput runs strata-opt on malformed files: each must fail
// with exit code 1, no panic, and a located error diagnostic whose first
// line is mlir-opt-22's.
func TestMalformedInput(t *testing.T) {
	dir := t.TempDir()
	for _, c := range malformedCases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(dir, c.name+".mlir")
			if err := os.WriteFile(file, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{file}
			if !c.noUnregistered {
				args = append([]string{"--allow-unregistered-dialect"}, args...)
			}
			stdout, stderr, code := runOpt(t, args)
			if code != opt.ExitError {
				t.Errorf("exit code %d, want %d\nstderr: %s", code, opt.ExitError, stderr)
			}
			if stdout != "" {
				t.Errorf("unexpected output: %q", stdout)
			}
			if !strings.HasPrefix(stderr, file+":") || !diagPrefix.MatchString(stderr) {
				t.Errorf("stderr does not start with %q: %q", file+":LINE:COL: error: ", firstLine(stderr))
			}
			want := strings.ReplaceAll(c.want, "FILE", file)
			if got := firstLine(stderr); got != want {
				t.Errorf("first line of stderr:\n got %q\nwant %q", got, want)
			}
		})
	}
}

// TestMalformedInvalidUTF8InString checks that bytes that are not UTF-8
// inside a string literal are accepted and printed escaped, as mlir-opt-22
// does.
func TestMalformedInvalidUTF8InString(t *testing.T) {
	file := filepath.Join(t.TempDir(), "utf8.mlir")
	if err := os.WriteFile(file, []byte("\"a.b\"() {s = \"\xff\xfe\"} : () -> ()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runOpt(t, []string{"--allow-unregistered-dialect", file})
	if code != opt.ExitOK {
		t.Fatalf("exit code %d, want 0\nstderr: %s", code, stderr)
	}
	// mlir-opt-22 --allow-unregistered-dialect prints exactly this.
	want := "module {\n  \"a.b\"() {s = \"\\FF\\FE\"} : () -> ()\n}\n\n"
	if stdout != want {
		t.Errorf("output:\n%s\nwant:\n%s", stdout, want)
	}
}

// TestMalformedCommandLine checks usage errors (exit 1, as mlir-opt-22) and a missing input
// file (exit 1); their messages follow mlir-opt-22's wording.
func TestMalformedCommandLine(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.mlir")
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"unknown_flag", []string{"--bogus-flag", missing}, opt.ExitUsage,
			"strata-opt: Unknown command line argument '--bogus-flag'.  Try: 'strata-opt --help'"},
		{"unknown_flag_with_value", []string{"-bogus=3"}, opt.ExitUsage,
			"strata-opt: Unknown command line argument '-bogus=3'.  Try: 'strata-opt --help'"},
		{"two_inputs", []string{missing, missing}, opt.ExitUsage,
			"strata-opt: Too many positional arguments specified!"},
		{"missing_input", []string{missing}, opt.ExitError,
			"cannot open input file '" + missing + "': No such file or directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, code := runOpt(t, c.args)
			if code != c.code {
				t.Errorf("exit code %d, want %d\nstderr: %s", code, c.code, stderr)
			}
			if stdout != "" {
				t.Errorf("unexpected output: %q", stdout)
			}
			if got := firstLine(stderr); got != c.want {
				t.Errorf("first line of stderr:\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

// TestDeepNestingRoundTrips checks that the deepest nesting the parser
// accepts prints to a file that it reads again: the printer wraps the
// operations in a module, whose region does not count towards the bound.
func TestDeepNestingRoundTrips(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{1000, 999} {
		src := strings.Repeat("\"a.b\"() ({\n", n) + strings.Repeat("}) : () -> ()\n", n)
		file := filepath.Join(dir, "deep.mlir")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		first, stderr, code := runOpt(t, []string{"--allow-unregistered-dialect", file})
		if code != 0 {
			t.Fatalf("depth %d: exit code %d: %s", n, code, firstLine(stderr))
		}
		if err := os.WriteFile(file, []byte(first), 0o644); err != nil {
			t.Fatal(err)
		}
		second, stderr, code := runOpt(t, []string{"--allow-unregistered-dialect", file})
		if code != 0 {
			t.Fatalf("depth %d: printed output does not read back: %s", n, firstLine(stderr))
		}
		if first != second {
			t.Errorf("depth %d: second print differs from the first", n)
		}
	}
}

// TestPassOptionErrorsMatchMLIROpt checks the reports of bad pass options,
// given as flags and in pipelines, against mlir-opt-22's, byte for byte
// but for the program's name: what the option parser prints on its own,
// the diagnostic, and the empty line that ends a pipeline's report.
func TestPassOptionErrorsMatchMLIROpt(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	in := filepath.Join(t.TempDir(), "empty.mlir")
	if err := os.WriteFile(in, []byte("module {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--canonicalize=foo"},
		{"--canonicalize=max-iterations=x"},
		{"--buffer-deallocation-pipeline=x"},
		{"--buffer-deallocation-pipeline=private-function-dynamic-ownership=x"},
		{"-p", "builtin.module(nonexistent)"},
		{"-p", "func.func(cse"},
		{"-p", "builtin.module(cse{foo})"},
		{"-p", "builtin.module(canonicalize{max-iterations=x})"},
		{"-p", "builtin.module(func.func(canonicalize{max-iterations=x}))"},
		{"-p", "builtin.module(buffer-deallocation-pipeline{x})"},
		{"-p", "builtin.module(buffer-deallocation-pipeline{private-function-dynamic-ownership=x})"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			args := append(args, in)
			var ref bytes.Buffer
			cmd := exec.Command(tool, args...)
			cmd.Stderr = &ref
			if err := cmd.Run(); err == nil {
				t.Fatalf("mlir-opt-22 accepted %v", args)
			}
			_, stderr, code := runOpt(t, args)
			if code == 0 {
				t.Fatalf("strata-opt accepted %v", args)
			}
			want := strings.ReplaceAll(ref.String(), filepath.Base(tool)+": ", "strata-opt: ")
			if stderr != want {
				t.Errorf("stderr differs (-mlir-opt-22 +strata-opt):\n%s", cmp.Diff(want, stderr))
			}
		})
	}
}
