// Command embed shows Strata used as a library: it builds a module with the
// Builder API (no text input), runs a pass pipeline on it and prints the
// result in MLIR's custom and generic forms.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	ctx := ir.NewContext()
	all.Register(ctx)
	// A one-op dialect defined in Go: demo.add has no side effects, so
	// cse may merge duplicates.
	ctx.RegisterDialect(&ir.Dialect{Name: "demo"})
	ctx.RegisterOp(&ir.OpDef{Name: "demo.add", Traits: ir.Pure | ir.Commutative | ir.SameOperandsAndResultType})

	// module { func.func @twice(%x: f32) -> f32 { ... } func.func private @unused() }
	mod := ir.NewModule(ctx, ctx.FileLineCol("embed.go", 1, 1))
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(mod.Region(0).First())
	f32 := ctx.FloatType(ir.F32)
	fnType := ctx.FunctionType([]ir.Type{f32}, []ir.Type{f32})
	fn := b.Create(&ir.OperationState{
		Name:       ctx.OpName("func.func"),
		NumRegions: 1,
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "function_type", Value: ctx.TypeAttr(fnType)},
			{Name: "sym_name", Value: ctx.Str("twice")},
		}),
	})
	body := b.CreateBlock(fn.Region(0), f32)
	x := body.Argument(0)
	// Two identical computations: cse will keep one.
	s1 := b.CreateOp("demo.add", []ir.Value{x, x}, []ir.Type{f32})
	s2 := b.CreateOp("demo.add", []ir.Value{x, x}, []ir.Type{f32})
	_ = s2
	b.CreateOp("func.return", []ir.Value{s1.Result(0)}, nil)

	b.SetInsertionPointToEnd(mod.Region(0).First())
	b.Create(&ir.OperationState{
		Name:       ctx.OpName("func.func"),
		NumRegions: 1,
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(nil, nil))},
			{Name: "sym_name", Value: ctx.Str("unused")},
			{Name: "sym_visibility", Value: ctx.Str("private")},
		}),
	})
	if err := ir.Verify(mod); err != nil {
		return err
	}

	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(symbol-dce,func.func(cse))"); err != nil {
		return err
	}
	if err := pm.Run(mod); err != nil {
		return err
	}
	fmt.Fprintln(w, "// custom form")
	if err := asm.Print(w, mod, asm.PrintOptions{}); err != nil {
		return err
	}
	fmt.Fprintln(w, "// generic form")
	return asm.Print(w, mod, asm.PrintOptions{Generic: true})
}
