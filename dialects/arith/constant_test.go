package arith_test

import (
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
)

// TestConstantValue checks that rewrite.ConstantValue reads arith.constant
// through its ir.ConstantValueOp model, agrees with the op's fold, and
// allocates nothing.
func TestConstantValue(t *testing.T) {
	ctx, loc, _, b := newModule()
	i32 := ctx.I(32)
	want := ctx.IntegerAttr(i32, 42)
	c := arith.BuildConstant(b, loc, want, i32)

	if !ir.ConstantValueOp.Implements(c.Operation) {
		t.Fatal("arith.constant does not implement ir.ConstantValueOp")
	}
	got, ok := rewrite.ConstantValue(c.Operation)
	if !ok || got != want {
		t.Fatalf("ConstantValue = %v, %v; want %v", got, ok, want)
	}
	folded, ok := c.Def().Fold(c.Operation, nil)
	if !ok || len(folded) != 1 || folded[0].Attr != got {
		t.Errorf("fold gives %v, %v; ConstantValue %v", folded, ok, got)
	}
	if n := testing.AllocsPerRun(100, func() { rewrite.ConstantValue(c.Operation) }); n != 0 {
		t.Errorf("ConstantValue allocates %v times per call, want 0", n)
	}
	add := arith.BuildAddi(b, loc, c.Result(), c.Result(), arith.AddiOptions{})
	if v, ok := rewrite.ConstantValue(add.Operation); ok {
		t.Errorf("ConstantValue(arith.addi) = %v, want none", v)
	}
}
