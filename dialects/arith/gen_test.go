package arith_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/dialects/arith"
)

// TestGeneratedFresh checks that arith_gen.go is what strata-tblgen makes
// of arith.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "arith.irdl", "arith_gen.go", "arith")
}

// TestGeneratedAPI builds arith ops with the generated builders, reads them
// back through the accessors, verifies and prints the module.
func TestGeneratedAPI(t *testing.T) {
	ctx, loc, module, b := newModule()
	i32 := ctx.I(32)
	c1 := arith.BuildConstant(b, loc, ctx.IntegerAttr(i32, 1), i32)
	c2 := arith.BuildConstant(b, loc, ctx.IntegerAttr(i32, 2), i32)
	add := arith.BuildAddi(b, loc, c1.Result(), c2.Result(), arith.AddiOptions{OverflowFlags: arith.IntegerOverflowFlagsNsw | arith.
		IntegerOverflowFlagsNuw,
	},
	)
	cmp := arith.BuildCmpi(b, loc, add.Result(), c2.Result(), arith.CmpIPredicateSlt)

	if add.Lhs() != c1.Result() || add.Rhs() != c2.Result() {
		t.Errorf("operands: got %v, %v", add.Lhs(), add.Rhs())
	}
	if add.Result().Type() != ir.Type(i32) {
		t.Errorf("result type %v, want i32 (inferred from the operands)", add.Result().Type())
	}
	if got := add.OverflowFlags(); got != arith.IntegerOverflowFlagsNsw|arith.IntegerOverflowFlagsNuw || got.String() != "nsw, nuw" {
		t.Errorf("overflowFlags = %d (%q)", got, got.String())
	}
	if cmp.Predicate() != arith.CmpIPredicateSlt || cmp.Predicate().String() != "slt" {
		t.Errorf("predicate = %v", cmp.Predicate())
	}
	if op, ok := arith.AsAddiOp(add.Operation); !ok || op.Operation != add.Operation {
		t.Error("AsAddiOp rejects arith.addi")
	}
	if _, ok := arith.AsAddiOp(cmp.Operation); ok {
		t.Error("AsAddiOp accepts arith.cmpi")
	}
	if err := ir.Verify(module); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := asm.Print(&out, module, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"%c1_i32 = arith.constant 1 : i32",
		"%0 = arith.addi %c1_i32, %c2_i32 overflow<nsw, nuw> : i32",
		"%1 = arith.cmpi slt, %0, %c2_i32 : i32",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("printed module lacks %q:\n%s", want, out.String())
		}
	}
}

// newModule returns a context with every dialect, an unknown location, an
// empty module and a builder at its end.
func newModule() (*ir.Context, ir.Location, *ir.Operation, *ir.Builder) {
	ctx := ir.NewContext()
	all.Register(ctx)
	loc := ctx.UnknownLoc()
	module := ir.NewModule(ctx, loc)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(module.Region(0).First())
	return ctx, loc, module, b
}
