// Command toy-strata is Strata's tools extended with the toy accelerator
// dialect, built out of tree on the tools' libraries:
//
//	toy-strata opt [strata-opt flags] file.mlir
//	toy-strata translate --mlir-to-llvmir file.mlir
//	toy-strata run [strata-run flags] file.mlir
//
// The dialect, its passes, its LLVM IR translation and its interpreter
// semantics are registered the way Strata registers its own.
package main

import (
	"fmt"
	"os"

	"example.com/toyaccel/toy"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	interpall "github.com/strata-ir/strata/interp/all"
	"github.com/strata-ir/strata/opt"
	"github.com/strata-ir/strata/run"
	_ "github.com/strata-ir/strata/targets/llvmir"
	"github.com/strata-ir/strata/translate"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: toy-strata opt|translate|run [flags] [file]")
		os.Exit(2)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	if err := toy.Register(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "toy-strata:", err)
		os.Exit(1)
	}
	toy.RegisterPasses()
	interpall.Extend(toy.RegisterSemantics)
	args := os.Args[2:]
	switch os.Args[1] {
	case "opt":
		os.Exit(opt.Main(ctx, args))
	case "translate":
		os.Exit(translate.Main(ctx, args, os.Stdin, os.Stdout, os.Stderr))
	case "run":
		os.Exit(run.Main(ctx, args))
	default:
		fmt.Fprintf(os.Stderr, "toy-strata: unknown tool %q (want opt, translate or run)\n", os.Args[1])
		os.Exit(2)
	}
}
