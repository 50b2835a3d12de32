// Command strata-opt is Strata's opt-style driver: it reads MLIR text,
// verifies it, runs passes and prints the result. It accepts mlir-opt's
// spellings of the common flags.
package main

import (
	"os"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/opt"
)

func main() {
	ctx := ir.NewContext()
	all.Register(ctx)
	os.Exit(opt.Main(ctx, os.Args[1:]))
}
