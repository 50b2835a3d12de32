package scf_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/dialects/cf"
	"github.com/strata-ir/strata/opt"
	_ "github.com/strata-ir/strata/transforms/canonicalize" // registers --canonicalize
)

// run runs strata-opt with args on src in a context holding the dialects
// these tests use, and returns stdout, stderr and the exit code.
func run(t *testing.T, src string, args ...string) (string, string, int) {
	t.Helper()
	ctx := newContext()
	cf.Register(ctx)
	var out, errb strings.Builder
	code := opt.Run(ctx, append(args, "-"), opt.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// TestCanonicalizeStructure checks rewrites whose final form depends on
// other dialects' canonicalizations, by what must and must not remain.
func TestCanonicalizeStructure(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		want, not []string
	}{
		{
			name: "multi-block execute_region in a function",
			src: `func.func @f(%c: i1, %x: i32) -> i32 {
  %0 = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = "test.a"() : () -> i32
    scf.yield %a : i32
  ^bb2:
    %b = "test.b"() : () -> i32
    scf.yield %b : i32
  }
  return %0 : i32
}`,
			want: []string{"cf.cond_br %arg0", `"test.a"()`, `"test.b"()`, ": i32):", "return"},
			not:  []string{"scf.execute_region", "scf.yield"},
		},
		{
			name: "multi-block execute_region elsewhere stays",
			src: `func.func @f(%c: i1, %d: i1, %x: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    %1 = scf.execute_region -> i32 {
      cf.cond_br %d, ^bb1, ^bb2
    ^bb1:
      %a = "test.a"() : () -> i32
      scf.yield %a : i32
    ^bb2:
      %b = "test.b"() : () -> i32
      scf.yield %b : i32
    }
    scf.yield %1 : i32
  } else {
    scf.yield %x : i32
  }
  return %0 : i32
}`,
			want: []string{"scf.execute_region -> i32 {"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := run(t, tc.src, "--allow-unregistered-dialect", "--canonicalize")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(out, n) {
					t.Errorf("output still has %q:\n%s", n, out)
				}
			}
		})
	}
}

// TestBadInput checks that malformed custom syntax gives located
// diagnostics with MLIR's wording and never panics.
func TestBadInput(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"for without to", "func.func @f(%a: index) {\n  scf.for %i = %a step %a {\n  }\n  return\n}", "2:19: error: custom op 'scf.for' expected 'to'"},
		{"for iter_args count", "func.func @f(%a: index, %x: i32) {\n  %r:2 = scf.for %i = %a to %a step %a iter_args(%y = %x) -> (i32, i32) {\n    scf.yield %y, %y : i32, i32\n  }\n  return\n}", "2:10: error: custom op 'scf.for' mismatch in number of loop-carried values and defined values"},
		{"while types", "func.func @f(%x: i32) {\n  scf.while (%y = %x) : () -> () {\n  } do {\n  }\n  return\n}", "2:23: error: custom op 'scf.while' expected as many input types as operands (expected 1 got 0)"},
		{"while without do", "func.func @f(%c: i1) {\n  scf.while : () -> () {\n    scf.condition(%c)\n  } {\n  }\n  return\n}", "error: custom op 'scf.while' expected 'do'"},
		{"forall bound", "func.func @f() {\n  scf.forall (%i) in (%x) {\n  }\n  return\n}", "use of undeclared SSA value name"},
		{"forall bad bound", "func.func @f() {\n  scf.forall (%i) in (f32) {\n  }\n  return\n}", "2:23: error: custom op 'scf.forall' expected integer value"},
		{"parallel bound count", "func.func @f(%a: index) {\n  scf.parallel (%i, %j) = (%a) to (%a, %a) step (%a, %a) {\n  }\n  return\n}", "error: custom op 'scf.parallel' expected 2 operands"},
		{"switch case value", "func.func @f(%a: index) {\n  scf.index_switch %a\n  case x {\n    scf.yield\n  }\n  default {\n  }\n  return\n}", "3:8: error: custom op 'scf.index_switch' expected integer value"},
		{"switch without default", "func.func @f(%a: index) {\n  scf.index_switch %a\n  case 1 {\n    scf.yield\n  }\n  return\n}", "error: custom op 'scf.index_switch' expected 'default'"},
		{"if else results", "func.func @f(%c: i1, %x: i32) {\n  %r = scf.if %c -> (i32) {\n    scf.yield %x : i32\n  }\n  return\n}", "2:8: error: 'scf.if' op must have an else block if defining values"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errs, code := run(t, tc.src, "--allow-unregistered-dialect")
			if code == 0 {
				t.Fatal("accepted bad input")
			}
			if !strings.Contains(errs, tc.want) {
				t.Errorf("diagnostics lack %q:\n%s", tc.want, errs)
			}
		})
	}
}
