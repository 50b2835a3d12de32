package semcheck_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/opt"
	"github.com/strata-ir/strata/semcheck"
)

const program = `func.func @main() -> i32 {
  %a = arith.constant 40 : i32
  %b = arith.constant 2 : i32
  %c = arith.addi %a, %b : i32
  return %c : i32
}
`

func init() {
	// test-keep leaves the IR alone; test-bump adds one to every i32
	// constant, which changes what @main returns.
	pass.Register(pass.Registration{Argument: "test-keep", New: func() pass.Pass {
		return &pass.FuncPass{Info: pass.Info{Argument: "test-keep"}, RunFunc: func(*ir.Operation, *pass.State) error { return nil }}
	}})
	pass.Register(pass.Registration{Argument: "test-bump", New: func() pass.Pass {
		return &pass.FuncPass{Info: pass.Info{Argument: "test-bump"}, RunFunc: func(op *ir.Operation, st *pass.State) error {
			op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
				if a, ok := o.InherentAttr("value").(*ir.IntegerAttr); ok && o.Name() == "arith.constant" {
					o.SetAttr("value", st.Context().IntegerAttr(a.Type, a.Int64()+1))
				}
				return true
			})
			return nil
		}}
	}})
}

func TestCheckPipeline(t *testing.T) {
	tests := []struct {
		pipeline string
		want     string // "" when the semantics are kept
	}{
		{"func.func(test-keep)", ""},
		{"func.func(test-keep), func.func(test-keep)", ""},
		{"func.func(test-bump)", "t.mlir:1:1: error: pass 'test-bump' changed the semantics of '@main'"},
		{"func.func(test-keep), func.func(test-bump), func.func(test-keep)", "pass 'test-bump'"},
	}
	for _, tc := range tests {
		t.Run(tc.pipeline, func(t *testing.T) {
			ctx := ir.NewContext()
			builtin.Register(ctx)
			arith.Register(ctx)
			function.Register(ctx)
			m, _, err := asm.ParseModule(ctx, []byte(program), asm.Config{Filename: "t.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			obs, err := semcheck.Observe(m, "main")
			if err != nil || obs.Output != "42\n" {
				t.Fatalf("baseline: %q, %v", obs.Output, err)
			}
			err = semcheck.CheckPipeline(ctx, m, tc.pipeline, "main")
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected failure: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			if tc.want != "" {
				d := err.(*ir.Diagnostic)
				if len(d.Notes) == 0 || !strings.Contains(d.Notes[0].Message, `was "42", is now "44"`) {
					t.Errorf("note: %+v", d.Notes)
				}
			}
		})
	}
}

func TestEntryErrors(t *testing.T) {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	arith.Register(ctx)
	function.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(program+"func.func @unranked(%a: memref<*xf32>) {\n  return\n}\n"), asm.Config{Filename: "t.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ entry, want string }{
		{"nope", "entry point '@nope' not found"},
		{"unranked", "no input can be made for an argument of type memref<*xf32>"},
	} {
		if _, err := semcheck.Observe(m, tc.entry); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.entry, err, tc.want)
		}
	}
}

// TestStrataOpt runs the validator through strata-opt's --check-semantics.
func TestStrataOpt(t *testing.T) {
	file := filepath.Join(t.TempDir(), "p.mlir")
	if err := os.WriteFile(file, []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--check-semantics", "--pass-pipeline=builtin.module(func.func(test-keep))"}, opt.ExitOK, ""},
		{[]string{"--check-semantics", "--pass-pipeline=builtin.module(func.func(test-bump))"}, opt.ExitError,
			file + ":1:1: error: pass 'test-bump' changed the semantics of '@main'\n"},
		// Without the flag the pass runs unchecked.
		{[]string{"--pass-pipeline=builtin.module(func.func(test-bump))"}, opt.ExitOK, ""},
		{[]string{"--check-semantics", "--check-semantics-entry=nope", "--pass-pipeline=builtin.module(func.func(test-keep))"}, opt.ExitError,
			"entry point '@nope' not found"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			ctx := ir.NewContext()
			builtin.Register(ctx)
			arith.Register(ctx)
			function.Register(ctx)
			var out, errw strings.Builder
			code := opt.Run(ctx, append(tc.args, file), opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errw})
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tc.code, errw.String())
			}
			if tc.err != "" && !strings.Contains(errw.String(), tc.err) {
				t.Errorf("stderr %q does not contain %q", errw.String(), tc.err)
			}
		})
	}
}

// TestNear checks the comparison after reassociating passes: relative
// differences up to RelTolerance, absolute ones up to AbsTolerance (a sum
// that cancels), the rest of the text exact.
func TestNear(t *testing.T) {
	for _, c := range []struct {
		a, b string
		near bool
	}{
		{"( 1.5, 2 )", "( 1.50001, 2 )", true},
		{"( 1.5, 2 )", "( 1.6, 2 )", false},
		{"( 0, 2 )", "( 2.1e-10, 2 )", true},
		{"( 0, 2 )", "( 0.001, 2 )", false},
		{"( 0, 2 )", "[ 0, 2 ]", false},
	} {
		got := semcheck.Observation{Output: c.a}.Near(semcheck.Observation{Output: c.b}, semcheck.RelTolerance)
		if got != c.near {
			t.Errorf("Near(%q, %q) = %v, want %v", c.a, c.b, got, c.near)
		}
	}
}

// TestTolerance checks the tolerance of programs that compute in bf16:
// two units in bf16's last place of the largest computed number printed,
// f32 programs keeping RelTolerance.
func TestTolerance(t *testing.T) {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	arith.Register(ctx)
	for _, c := range []struct {
		elem string
		want float64
	}{{"f32", semcheck.RelTolerance}, {"bf16", 1.0 / 64}, {"f16", 1.0 / 512}} {
		src := "%c = \"arith.constant\"() <{value = 1.0 : " + c.elem + "}> : () -> " + c.elem + "\n"
		m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
		if err != nil {
			t.Fatal(err)
		}
		if got := semcheck.Tolerance(m); got != c.want {
			t.Errorf("Tolerance(%s) = %g, want %g", c.elem, got, c.want)
		}
	}
	bf16 := 1.0 / 64
	for _, c := range []struct {
		a, b string
		near bool
	}{
		// A small number may move by 2 ulps of the largest (0.64 here).
		{"[0.640625, 0.0054]", "[0.640625, 0.0042]", true},
		{"[0.640625, 0.0054]", "[0.640625, 0.0254]", false},
		{"[0.640625, 0.5]", "[0.640625, 0.52]", false},
		// Sizes printed without a fraction are not numbers computed.
		{"sizes = [4096] [0.25, 0.0054]", "sizes = [4096] [0.25, 0.0154]", false},
	} {
		got := semcheck.Observation{Output: c.a}.Near(semcheck.Observation{Output: c.b}, bf16)
		if got != c.near {
			t.Errorf("Near(%q, %q, bf16) = %v, want %v", c.a, c.b, got, c.near)
		}
	}
}
