// Command strata-opt is Strata's opt-style driver: it reads MLIR text,
// verifies it, runs passes and prints the result. It accepts mlir-opt's
// spellings of the common flags.
package main

import (
	"os"
	"runtime/debug"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/opt"
)

func main() {
	// A compiler run builds a large, long-lived IR and then exits: collect
	// less often than the default (GOGC=100) unless the user chose a value.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	all.RegisterPasses()
	os.Exit(opt.Main(ctx, os.Args[1:]))
}
