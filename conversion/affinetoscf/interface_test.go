package affinetoscf_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/conversion/affinetoscf"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
)

// TestLoweringOfAnotherDialect lowers, next to affine operations, an
// operation of a test dialect whose lowering is attached through
// LowerAffineInterface: testaff.twice %x becomes arith.addi %x, %x.
func TestLoweringOfAnotherDialect(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	ctx.RegisterDialect(&ir.Dialect{Name: "testaff"})
	ctx.RegisterOp(&ir.OpDef{Name: "testaff.twice"})
	affinetoscf.LowerAffineInterface.AttachTo(ctx, "testaff.twice", affinetoscf.Lowering(func(ctx *ir.Context, op *ir.Operation) error {
		b := ir.NewBuilder(ctx)
		b.SetInsertionPoint(op)
		sum := arith.BuildAddi(b, op.Loc(), op.Operand(0), op.Operand(0)).Result()
		ir.ReplaceAllUsesWith(op.Result(0), sum)
		op.Erase()
		return nil
	}))
	src := `func.func @f(%i: index) -> index {
  %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
  %b = "testaff.twice"(%a) : (index) -> index
  return %b : index
}
`
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if err := affinetoscf.Run(ctx, m); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	for _, w := range []string{"%c1 = arith.constant 1 : index", "%0 = arith.addi %arg0, %c1 : index", "%1 = arith.addi %0, %0 : index", "return %1 : index"} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in:\n%s", w, out)
		}
	}
	for _, w := range []string{"affine.", "testaff."} {
		if strings.Contains(out, w) {
			t.Errorf("%q left in:\n%s", w, out)
		}
	}
}
