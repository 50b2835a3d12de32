// Command my-opt is strata-opt extended with the toy accelerator dialect
// and its pass: an out-of-tree driver built on opt.Main.
package main

import (
	"os"

	"example.com/toyaccel/toy"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/opt"
)

func main() {
	ctx := ir.NewContext()
	all.Register(ctx)
	toy.Register(ctx)
	toy.RegisterPasses()
	os.Exit(opt.Main(ctx, os.Args[1:]))
}
