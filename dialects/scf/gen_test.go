package scf_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/scf"
)

// TestGeneratedFresh checks that scf_gen.go is what strata-tblgen makes of
// scf.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "scf.irdl", "scf_gen.go", "scf")
}

// newContext returns a context with the dialects the tests use.
func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	arith.Register(ctx)
	function.Register(ctx)
	scf.Register(ctx)
	return ctx
}

// TestGeneratedAPI builds an scf.for with the generated builders, reads it
// back through the accessors, verifies and prints it.
func TestGeneratedAPI(t *testing.T) {
	ctx := newContext()
	loc := ctx.UnknownLoc()
	module := ir.NewModule(ctx, loc)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(module.Region(0).First())
	index := ctx.IndexType()
	c0 := arith.BuildConstant(b, loc, ctx.IntegerAttr(index, 0), index)
	c4 := arith.BuildConstant(b, loc, ctx.IntegerAttr(index, 4), index)
	loop := scf.BuildFor(b, loc, c0.Result(), c4.Result(), c4.Result(), []ir.Value{c0.Result()}, []ir.Type{index})
	body := loop.Region().First()
	if body == nil || body.NumArguments() != 2 {
		t.Fatalf("BuildFor made no entry block with the induction variable and the iteration argument")
	}
	b.SetInsertionPointToEnd(body)
	scf.BuildYield(b, loc, []ir.Value{body.Argument(1)})

	if loop.LowerBound() != c0.Result() || loop.Step() != c4.Result() || len(loop.InitArgs()) != 1 {
		t.Errorf("accessors: %v %v %v", loop.LowerBound(), loop.Step(), loop.InitArgs())
	}
	if _, ok := scf.AsForOp(loop.Operation); !ok {
		t.Error("AsForOp rejects scf.for")
	}
	if _, ok := scf.AsIfOp(loop.Operation); ok {
		t.Error("AsIfOp accepts scf.for")
	}
	if err := ir.Verify(module); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := asm.Print(&out, module, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "%0 = scf.for %arg0 = %c0 to %c4 step %c4 iter_args(%arg1 = %c0) -> (index) {\n    scf.yield %arg1 : index\n  }"
	if !strings.Contains(out.String(), want) {
		t.Errorf("printed module lacks %q:\n%s", want, out.String())
	}
}

// TestBuilderMisuse checks that misuse of the generated builders is an
// error on the builder, never a panic: an operation of a dialect the
// context lacks, a nil operand, two options values.
func TestBuilderMisuse(t *testing.T) {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	arith.Register(ctx)
	loc := ctx.UnknownLoc()
	module := ir.NewModule(ctx, loc)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(module.Region(0).First())
	c0 := arith.BuildConstant(b, loc, ctx.IntegerAttr(ctx.IndexType(), 0), ctx.IndexType()).Result()
	if b.Err() != nil {
		t.Fatal(b.Err())
	}
	loop := scf.BuildFor(b, loc, c0, c0, c0, nil, nil)
	if err := b.ClearErr(); err == nil || !strings.Contains(err.Error(), "scf.for") || !strings.Contains(err.Error(), "not registered") {
		t.Errorf("unregistered scf: error %v", err)
	}
	if loop.Region().First().NumArguments() != 1 {
		t.Errorf("entry block has %d arguments, want 1", loop.Region().First().NumArguments())
	}
	if op := arith.BuildAddi(b, loc, c0, nil); op.Operation != nil || b.ClearErr() == nil {
		t.Error("a nil operand built an operation or recorded no error")
	}
	arith.BuildAddi(b, loc, c0, c0, arith.AddiOptions{}, arith.AddiOptions{})
	if err := b.ClearErr(); err == nil || !strings.Contains(err.Error(), "more than one options value") {
		t.Errorf("two options values: error %v", err)
	}
}
