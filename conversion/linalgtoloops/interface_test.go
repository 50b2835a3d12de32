package linalgtoloops_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/conversion/linalgtoloops"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
)

// storeAll is the loop lowering of testloops.store_all %v, %m: a loop
// storing %v into every element of the 1-d buffer %m.
type storeAll struct{}

func (storeAll) LowerToLoops(ctx *ir.Context, op *ir.Operation, r *rewrite.Rewriter) (bool, error) {
	mt, ok := op.Operand(1).Type().(*ir.MemRefType)
	if !ok || len(mt.Shape) != 1 {
		return false, ir.NewError(op.Loc(), "testloops.store_all needs a 1-d memref")
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(op)
	idx := ctx.IndexType()
	zero := arith.BuildConstant(b, op.Loc(), ctx.IntegerAttr(idx, 0), idx).Result()
	one := arith.BuildConstant(b, op.Loc(), ctx.IntegerAttr(idx, 1), idx).Result()
	n := memref.BuildDim(b, op.Loc(), op.Operand(1), zero).Result()
	f := scf.BuildFor(b, op.Loc(), zero, n, one, nil, nil)
	blk := f.Region().First()
	iv := blk.Argument(0)
	b.SetInsertionPointToEnd(blk)
	memref.BuildStore(b, op.Loc(), op.Operand(0), op.Operand(1), []ir.Value{iv})
	scf.BuildYield(b, op.Loc(), nil)
	r.EraseOp(op)
	return true, nil
}

// TestLoopLoweringOfAnotherDialect lowers an operation of a test dialect
// whose loop lowering is attached through LoopLoweringInterface, next to
// a linalg operation.
func TestLoopLoweringOfAnotherDialect(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	ctx.RegisterDialect(&ir.Dialect{Name: "testloops"})
	ctx.RegisterOp(&ir.OpDef{Name: "testloops.store_all"})
	linalgtoloops.LoopLoweringInterface.AttachTo(ctx, "testloops.store_all", storeAll{})
	src := `func.func @f(%v: f32, %m: memref<?xf32>) {
  "testloops.store_all"(%v, %m) : (f32, memref<?xf32>) -> ()
  linalg.fill ins(%v : f32) outs(%m : memref<?xf32>)
  return
}
`
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if err := linalgtoloops.Run(ctx, m); err != nil {
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
	if got := strings.Count(out, "scf.for"); got != 2 {
		t.Errorf("%d scf.for loops, want 2 (one per lowered operation):\n%s", got, out)
	}
	if got := strings.Count(out, "memref.store %arg0, %arg1[%arg2] : memref<?xf32>"); got != 2 {
		t.Errorf("%d stores, want 2:\n%s", got, out)
	}
	for _, w := range []string{"testloops.", "linalg."} {
		if strings.Contains(out, w) {
			t.Errorf("%q left in:\n%s", w, out)
		}
	}
}
