package builtin_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/dialects/builtin"
)

// TestGeneratedFresh checks that builtin_gen.go is what strata-tblgen
// makes of builtin.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "builtin.irdl", "builtin_gen.go", "builtin")
}

// TestGeneratedAPI builds a cast with the generated builder and reads it
// back through the accessors.
func TestGeneratedAPI(t *testing.T) {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	loc := ctx.UnknownLoc()
	module := ir.NewModule(ctx, loc)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(module.Region(0).First())
	i32, f32 := ctx.I(32), ctx.FloatType(ir.F32)
	src := builtin.BuildUnrealizedConversionCast(b, loc, nil, []ir.Type{i32})
	cast := builtin.BuildUnrealizedConversionCast(b, loc, src.Outputs(), []ir.Type{f32, f32})
	if len(cast.Inputs()) != 1 || cast.Inputs()[0] != src.Outputs()[0] || len(cast.Outputs()) != 2 {
		t.Fatalf("accessors: inputs %v, outputs %v", cast.Inputs(), cast.Outputs())
	}
	if _, ok := builtin.AsModuleOp(module); !ok {
		t.Error("AsModuleOp rejects builtin.module")
	}
	if err := ir.Verify(module); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := asm.Print(&out, module, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "module {\n  %0 = unrealized_conversion_cast to i32\n  %1:2 = unrealized_conversion_cast %0 : i32 to f32, f32\n}\n\n"
	if out.String() != want {
		t.Errorf("printed:\n%s\nwant:\n%s", out.String(), want)
	}
}
