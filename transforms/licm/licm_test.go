package licm_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/transforms/licm"
)

// newContext registers func and arith plus test.loop, a loop-like op
// whose single region is its body, and test.yield, its terminator.
func newContext() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregisteredDialects = true
	builtin.Register(ctx)
	function.Register(ctx)
	arith.Register(ctx)
	ctx.RegisterDialect(&ir.Dialect{Name: "test"})
	loop := &ir.OpDef{Name: "test.loop", Traits: ir.RecursiveMemoryEffects}
	ir.LoopLikeOp.Attach(loop, testLoop{})
	ctx.RegisterOp(loop)
	ctx.RegisterOp(&ir.OpDef{Name: "test.yield", Traits: ir.IsTerminator | ir.Pure | ir.ReturnLike})
	return ctx
}

func TestMoveLoopInvariantCode(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{
			name: "invariant chain moves, loop-dependent op stays",
			in: `func.func @f(%a: i32, %b: i32) {
  "test.loop"() ({
  ^bb0(%i: i32):
    %0 = arith.addi %a, %b : i32
    %1 = arith.muli %0, %a : i32
    %2 = arith.addi %1, %i : i32
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}`,
			want: `    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.muli %0, %arg0 : i32
    "test.loop"() ({
    ^bb0(%arg2: i32):
      %2 = arith.addi %1, %arg2 : i32
      "test.yield"() : () -> ()
    }) : () -> ()`,
		},
		{
			name: "ops with unknown effects stay; nested loops hoist innermost first",
			in: `func.func @f(%a: i32) {
  "test.loop"() ({
    "test.loop"() ({
      %0 = arith.addi %a, %a : i32
      %1 = "t.unknown"(%0) : (i32) -> i32
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}`,
			want: `    %0 = arith.addi %arg0, %arg0 : i32
    "test.loop"() ({
      "test.loop"() ({
        %1 = "t.unknown"(%0) : (i32) -> i32
        "test.yield"() : () -> ()
      }) : () -> ()
      "test.yield"() : () -> ()
    }) : () -> ()`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := newContext()
			module, _, err := asm.ParseModule(ctx, []byte(tt.in), asm.Config{Filename: "in.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			licm.Run(module)
			if err := ir.Verify(module); err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			if err := asm.Print(&out, module, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			got := out.String()
			start := strings.Index(got, "{\n    ") + 2
			end := strings.Index(got, "\n    return")
			if diff := cmp.Diff(tt.want, got[start:end]); diff != "" {
				t.Errorf("after licm (-want +got):\n%s\nwhole output:\n%s", diff, got)
			}
		})
	}
}

// testLoop is test.loop's model of LoopLikeOpInterface: its one region is
// the body.
type testLoop struct{}

func (testLoop) LoopRegions(op *ir.Operation) []*ir.Region { return []*ir.Region{op.Region(0)} }

func (testLoop) InductionVars(*ir.Operation) []ir.Value { return nil }
