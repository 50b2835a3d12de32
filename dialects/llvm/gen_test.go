package llvm_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/internal/testutil"
)

// TestGeneratedFresh checks that llvm_gen.go is what strata-tblgen makes
// of llvm.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "llvm.irdl", "llvm_gen.go", "llvm")
}

func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	function.Register(ctx)
	llvm.Register(ctx)
	return ctx
}

// TestTypes parses LLVM types and prints them back in upstream's form.
func TestTypes(t *testing.T) {
	ctx := newContext()
	for _, tc := range []struct{ in, want string }{
		{"!llvm.ptr", "!llvm.ptr"},
		{"!llvm.ptr<0>", "!llvm.ptr"},
		{"!llvm.ptr<3>", "!llvm.ptr<3>"},
		{"!llvm.void", "!llvm.void"},
		{"!llvm.array<4 x array<2 x f32>>", "!llvm.array<4 x array<2 x f32>>"},
		{"!llvm.struct<(i32, !llvm.ptr, struct<packed (f64)>)>", "!llvm.struct<(i32, ptr, struct<packed (f64)>)>"},
		{`!llvm.struct<"node", (i64, ptr)>`, `!llvm.struct<"node", (i64, ptr)>`},
		{`!llvm.struct<"o", opaque>`, `!llvm.struct<"o", opaque>`},
		{"!llvm.func<void (i32, ...)>", "!llvm.func<void (i32, ...)>"},
		{"vector<4x!llvm.ptr>", "vector<4x!llvm.ptr>"},
		{`!llvm.target<"t", i32, 1>`, `!llvm.target<"t", i32, 1>`},
	} {
		typ, err := asm.ParseTypeString(ctx, tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, asm.TypeString(typ)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.in, diff)
		}
	}
	for _, bad := range []string{"!llvm.ptr<x>", "!llvm.array<4 i32>", "!llvm.struct<(i32>", "!llvm.nosuch"} {
		if _, err := asm.ParseTypeString(ctx, bad); err == nil {
			t.Errorf("%s: parsed without error", bad)
		}
	}
}

// TestBuilders builds a small function with the generated builders and
// checks the verifier and the printed form.
func TestBuilders(t *testing.T) {
	ctx := newContext()
	loc := ctx.UnknownLoc()
	module := ir.NewModule(ctx, loc)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(module.Region(0).First())
	i32 := ctx.I(32)
	fn := llvm.BuildFunc(b, loc, "add", llvm.Func(ctx, i32, []ir.Type{i32, i32}, false))
	entry := ir.NewBlock()
	fn.Body().Append(entry)
	x := entry.AddArgument(i32, loc)
	y := entry.AddArgument(i32, loc)
	b.SetInsertionPointToEnd(entry)
	sum := llvm.BuildAdd(b, loc, x, y, llvm.AddOptions{OverflowFlags: llvm.IntegerOverflowFlagsNsw})
	llvm.BuildReturn(b, loc, llvm.ReturnOptions{Arg: sum.Res()})
	if err := ir.Verify(module); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := asm.Print(&out, module, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `module {
  llvm.func @add(%arg0: i32, %arg1: i32) -> i32 {
    %0 = llvm.add %arg0, %arg1 overflow<nsw> : i32
    llvm.return %0 : i32
  }
}

`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestSignatureErrors checks llvm.func's signature errors, which are
// upstream's function_interface_impl messages.
func TestSignatureErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"llvm.func @f(i32, ..., i32)", "variadic arguments must be in the end of the argument list"},
		{"llvm.func @f(%a: i32, i32) {\n  llvm.return\n}", "expected SSA identifier"},
		{"llvm.func @f(i32, %a: i32) {\n  llvm.return\n}", "expected type instead of SSA identifier"},
		{"llvm.func @f() -> (i32, i32)", "failed to construct function type: expected zero or one function result"},
	} {
		_, _, err := asm.ParseModule(newContext(), []byte(tc.src), asm.Config{Filename: "test.mlir"})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.want)
		}
	}
}

// TestComparePredicates parses every predicate of llvm.icmp and llvm.fcmp
// in custom form and checks the value it holds (the generic form's
// predicate), which mlir-opt-22 gives too: the two share names ("ult",
// "ugt", ...) with different values.
func TestComparePredicates(t *testing.T) {
	icmp := []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
	fcmp := []string{"_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "_true"}
	var src strings.Builder
	src.WriteString("llvm.func @f(%a: i32, %b: i32, %x: f32, %y: f32) {\n")
	var want []string
	for i, p := range icmp {
		fmt.Fprintf(&src, "  %%i%d = llvm.icmp %q %%a, %%b : i32\n", i, p)
		want = append(want, fmt.Sprintf("llvm.icmp %d", i))
	}
	for i, p := range fcmp {
		fmt.Fprintf(&src, "  %%f%d = llvm.fcmp %q %%x, %%y : f32\n", i, p)
		want = append(want, fmt.Sprintf("llvm.fcmp %d", i))
	}
	src.WriteString("  llvm.return\n}\n")
	ctx := newContext()
	m, _, err := asm.ParseModule(ctx, []byte(src.String()), asm.Config{Filename: "cmp.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if n := op.Name(); n == "llvm.icmp" || n == "llvm.fcmp" {
			ia, _ := op.InherentAttr("predicate").(*ir.IntegerAttr)
			got = append(got, fmt.Sprintf("%s %d", n, ia.Lo))
		}
		return true
	})
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("predicate values (-want +got):\n%s", diff)
	}
	var printed strings.Builder
	if err := asm.Print(&printed, m, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, p := range fcmp {
		if !strings.Contains(printed.String(), fmt.Sprintf("llvm.fcmp %q", p)) {
			t.Errorf("llvm.fcmp %q does not print back", p)
		}
	}
	tool := testutil.Tool(t, "mlir-opt-22")
	path := filepath.Join(t.TempDir(), "cmp.mlir")
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := testutil.Run(t, tool, "--mlir-print-op-generic", path)
	if code != 0 {
		t.Fatalf("mlir-opt-22: %s", errs)
	}
	var upstream []string
	for _, line := range strings.Split(out, "\n") {
		for _, n := range []string{"llvm.icmp", "llvm.fcmp"} {
			if strings.Contains(line, `"`+n+`"`) {
				i := strings.Index(line, "predicate = ")
				v, _, _ := strings.Cut(line[i+len("predicate = "):], " ")
				upstream = append(upstream, n+" "+v)
			}
		}
	}
	if diff := cmp.Diff(upstream, got); diff != "" {
		t.Errorf("predicate values against mlir-opt-22's (-want +got):\n%s", diff)
	}
}
