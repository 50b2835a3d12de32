package cf_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// cases are inputs in custom form, printed by strata-opt and by mlir-opt-22
// (custom, generic and with debug info); outputs and diagnostics must be
// identical.
var cases = []struct{ name, src string }{
	{"br", `func.func @f(%a: i32, %b: f32) {
  cf.br ^bb1(%a, %b : i32, f32)
^bb1(%x: i32, %y: f32):
  cf.br ^bb2 {foo}
^bb2:
  return
}`},
	{"cond_br", `func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.cond_br %c weights([3, 7]), ^bb2, ^bb1(%x : i32) {foo = 1 : i64}
^bb2:
  return
}`},
	{"assert", `func.func @f(%c: i1) {
  cf.assert %c, "message with \"quotes\"" {foo}
  return
}`},
	{"switch", `func.func @f(%flag: i32, %a: i32, %b: f32) {
  cf.switch %flag : i32, [ default: ^bb1(%a, %b : i32, f32), -1: ^bb2, 42: ^bb1(%a, %b : i32, f32) ] {foo}
^bb1(%x: i32, %y: f32):
  return
^bb2:
  return
}`},
	{"switch_default_only", `func.func @f(%flag: i64) {
  cf.switch %flag : i64, [ default: ^bb1 ]
^bb1:
  return
}`},
	{"switch_splat_i8", `func.func @f(%flag: i8) {
  cf.switch %flag : i8, [ default: ^bb1, 7: ^bb1, 7: ^bb1, -3: ^bb1 ]
^bb1:
  return
}`},
	{"err_br_operand_count", `func.func @f(%a: i32) {
  cf.br ^bb1
^bb1(%x: i32):
  return
}`},
	{"err_br_type_mismatch", `func.func @f(%c: i1) {
  cf.br ^bb1(%c : i1)
^bb1(%x: i32):
  return
}`},
	{"err_cond_br_weights", `func.func @f(%c: i1) {
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb1
^bb1:
  return
}`},
	{"err_assert_type", `func.func @f(%a: i32) {
  cf.assert %a, "m"
  return
}`},
	{"err_switch_case_type", `func.func @f(%a: i32) {
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}`},
	{"err_switch_case_count", `func.func @f(%a: i32) {
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}`},
	{"err_switch_case_operands", `func.func @f(%a: i32) {
  cf.switch %a : i32, [ default: ^bb1(%a : i32), 5: ^bb1 ]
^bb1(%x: i32):
  return
}`},
	{"err_not_terminator", `func.func @f() {
  cf.br ^bb1
  return
^bb1:
  return
}`},
}

func runStrata(args ...string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	code := opt.Run(ctx, args, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// TestDefinitions checks that cf.irdl loads.
func TestDefinitions(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	for _, name := range []string{"cf.assert", "cf.br", "cf.cond_br", "cf.switch"} {
		if on := ctx.LookupOpName(name); on == nil || on.Def == nil {
			t.Errorf("%s is not registered", name)
		}
	}
	if d := ctx.Dialect("cf"); d == nil || !d.Inlinable {
		t.Errorf("cf dialect is not registered as inlinable")
	}
	src, err := os.ReadFile("cf.irdl")
	if err != nil {
		t.Fatal(err)
	}
	if err := irdl.LoadCompiled(ir.NewContext(), "cf.irdl", src); err != nil {
		t.Fatal(err)
	}
}

// TestMLIROpt compares strata-opt with mlir-opt-22 on every case in every
// printing mode, the cases joined as chunks of one file.
func TestMLIROpt(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	path := filepath.Join(t.TempDir(), "cases.mlir")
	var src strings.Builder
	for i, c := range cases {
		if i > 0 {
			src.WriteString("// -----\n")
		}
		src.WriteString(c.src + "\n")
	}
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, m := range []struct {
		name  string
		flags []string
	}{
		{"custom", nil},
		{"generic", []string{"--mlir-print-op-generic"}},
		{"debuginfo", []string{"--mlir-print-debuginfo"}},
	} {
		t.Run(m.name, func(t *testing.T) {
			args := append([]string{"--split-input-file"}, m.flags...)
			args = append(args, path)
			want, werr, wcode := testutil.Run(t, tool, args...)
			got, gerr, gcode := runStrata(args...)
			if wcode != gcode {
				t.Errorf("exit code: mlir-opt %d, strata-opt %d", wcode, gcode)
			}
			wantChunks := strings.Split(want, "// -----\n")
			gotChunks := strings.Split(got, "// -----\n")
			if len(gotChunks) != len(wantChunks) {
				t.Fatalf("chunks: mlir-opt printed %d, strata-opt %d", len(wantChunks), len(gotChunks))
			}
			for i := range wantChunks {
				if diff := cmp.Diff(wantChunks[i], gotChunks[i]); diff != "" {
					t.Errorf("chunk %d: stdout differs (-mlir-opt +strata-opt):\n%s", i, diff)
				}
			}
			// With debug info mlir-opt also prints the operation's location
			// in the "see current operation" note, which Strata does not.
			if m.name == "debuginfo" {
				return
			}
			if diff := cmp.Diff(werr, gerr); diff != "" {
				t.Errorf("stderr differs (-mlir-opt +strata-opt):\n%s", diff)
			}
		})
	}
}

// TestRoundTrip checks, without mlir-opt, that the valid cases print to a
// fixed point in custom and generic form.
func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, c := range cases {
		if strings.HasPrefix(c.name, "err_") {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+".mlir")
			if err := os.WriteFile(path, []byte(c.src+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			first, stderr, code := runStrata(path)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, stderr)
			}
			for _, flags := range [][]string{nil, {"--mlir-print-op-generic"}} {
				again := filepath.Join(dir, c.name+".again.mlir")
				printed, _, _ := runStrata(append(flags, path)...)
				if err := os.WriteFile(again, []byte(printed), 0o644); err != nil {
					t.Fatal(err)
				}
				second, stderr, code := runStrata(again)
				if code != 0 {
					t.Fatalf("reparsing %v output: exit %d:\n%s", flags, code, stderr)
				}
				if diff := cmp.Diff(first, second); diff != "" {
					t.Errorf("reprinting the %v output differs (-first +second):\n%s", flags, diff)
				}
			}
		})
	}
}
