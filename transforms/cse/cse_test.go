package cse_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/transforms/cse"
)

// newContext registers, besides Strata's dialects, stand-ins for a few
// upstream ops with upstream's side-effect behaviour (when the real
// definitions are registered, these are skipped).
func newContext() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregisteredDialects = true
	all.Register(ctx)
	for _, n := range []string{"arith.addi", "arith.muli", "arith.constant", "test.pure"} {
		if ctx.LookupOpName(n) == nil {
			ctx.RegisterOp(&ir.OpDef{Name: n, Traits: ir.Pure})
		}
	}
	for _, n := range []string{"test.read"} {
		if ctx.LookupOpName(n) == nil {
			d := &ir.OpDef{Name: n}
			ir.MemoryEffectsOp.Attach(d, ir.EffectsFunc(func(*ir.Operation) []ir.MemoryEffect {
				return []ir.MemoryEffect{{Kind: ir.EffectRead}}
			}))
			ctx.RegisterOp(d)
		}
	}
	if ctx.LookupOpName("test.write") == nil {
		d := &ir.OpDef{Name: "test.write"}
		ir.MemoryEffectsOp.Attach(d, ir.EffectsFunc(func(*ir.Operation) []ir.MemoryEffect {
			return []ir.MemoryEffect{{Kind: ir.EffectWrite}}
		}))
		ctx.RegisterOp(d)
	}
	return ctx
}

var cases = []struct{ name, in string }{
	{"pure duplicates", `"func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "f"}> ({
^bb0(%a: i32):
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %2 = "arith.muli"(%0, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %3 = "arith.muli"(%1, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %dead = "arith.addi"(%2, %3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%2, %3) : (i32, i32) -> ()
}) : () -> ()`},
	{"dominance across blocks", `"func.func"() <{function_type = (i1, i32) -> i32, sym_name = "g"}> ({
^bb0(%c: i1, %a: i32):
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  %1 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%1) : (i32) -> ()
^bb2:
  %2 = "arith.muli"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "cf.br"(%2)[^bb3] : (i32) -> ()
^bb3(%x: i32):
  %3 = "arith.muli"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%3) : (i32) -> ()
}) : () -> ()`},
	{"commutative operands swapped", `"func.func"() <{function_type = (i32, i32, f32, f32) -> (i32, i32, f32, f32, i32, i32), sym_name = "c"}> ({
^bb0(%a: i32, %b: i32, %x: f32, %y: f32):
  %0 = "arith.muli"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.muli"(%b, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %2 = "arith.addf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %3 = "arith.addf"(%y, %x) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %4 = "arith.subi"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %5 = "arith.subi"(%b, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%0, %1, %2, %3, %4, %5) : (i32, i32, f32, f32, i32, i32) -> ()
}) : () -> ()`},
	{"unknown effects are kept", `"func.func"() <{function_type = (i32) -> (), sym_name = "h"}> ({
^bb0(%a: i32):
  %0 = "foo.op"(%a) : (i32) -> i32
  %1 = "foo.op"(%a) : (i32) -> i32
  "foo.use"(%0, %1) : (i32, i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()`},
}

// TestCSEAgainstMLIR runs each case through cse.Run and through
// mlir-opt-22 --cse and compares the generic outputs.
func TestCSEAgainstMLIR(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newContext()
			mod, _, err := asm.ParseModule(ctx, []byte(tc.in), asm.Config{Filename: "in.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			for f := mod.Region(0).First().First(); f != nil; f = f.Next() {
				cse.Run(f)
			}
			if err := ir.Verify(mod); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			asm.Print(&got, mod, asm.PrintOptions{Generic: true})
			dir := t.TempDir()
			in := filepath.Join(dir, "in.mlir")
			os.WriteFile(in, []byte(tc.in), 0o644)
			want, err := exec.Command(tool, "--allow-unregistered-dialect", "--mlir-print-op-generic", "--cse", in).Output()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got.String()); diff != "" {
				t.Errorf("differs from mlir-opt-22 --cse (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCSEReadOnly(t *testing.T) {
	ctx := newContext()
	src := `"test.region"() ({
  %0 = "test.read"() : () -> i32
  %1 = "test.read"() : () -> i32
  "test.write"() : () -> ()
  %2 = "test.read"() : () -> i32
  "test.use"(%0, %1, %2) : (i32, i32, i32) -> ()
}) : () -> ()`
	mod, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "in.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	st := cse.Run(mod)
	if st.CSE != 1 {
		t.Fatalf("CSE = %d, want 1 (a write separates the third read)", st.CSE)
	}
	var got bytes.Buffer
	asm.Print(&got, mod, asm.PrintOptions{Generic: true})
	if !strings.Contains(got.String(), `"test.use"(%0, %0, %1)`) {
		t.Errorf("unexpected result:\n%s", got.String())
	}
}
