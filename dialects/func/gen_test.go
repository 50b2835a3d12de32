package function_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
)

// TestGeneratedFresh checks that func_gen.go is what strata-tblgen makes of
// func.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "func.irdl", "func_gen.go", "function")
}

// TestBuildFunc builds a function as an embedder would and checks the
// verifier and the printed form.
func TestBuildFunc(t *testing.T) {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	function.Register(ctx)
	loc := ctx.UnknownLoc()
	module := ir.NewModule(ctx, loc)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(module.Region(0).First())
	i32 := ctx.I(32)
	fn := function.BuildFunc(b, loc, "id", ctx.FunctionType([]ir.Type{i32}, []ir.Type{i32}))
	entry, err := fn.AddEntryBlock()
	if err != nil {
		t.Fatal(err)
	}
	b.SetInsertionPointToEnd(entry)
	function.BuildReturn(b, loc, []ir.Value{entry.Argument(0)})
	b.SetInsertionPointToEnd(module.Region(0).First())
	function.BuildFunc(b, loc, "ext", ctx.FunctionType(nil, nil), function.FuncOptions{Visibility: "private"})
	if err := b.Err(); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(module); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := asm.Print(&out, module, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "module {\n  func.func @id(%arg0: i32) -> i32 {\n    return %arg0 : i32\n  }\n  func.func private @ext()\n}\n"
	if got := out.String(); strings.TrimSpace(got) != strings.TrimSpace(want) {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := fn.AddEntryBlock(); err == nil {
		t.Error("a second entry block was added")
	}
}
