// Command strata-opt is Strata's opt-style driver: it reads MLIR text,
// verifies it, runs passes and prints the result. It accepts mlir-opt's
// spellings of the common flags.
//
// Setting STRATA_CPUPROFILE=FILE writes a CPU profile of the run to FILE
// (for `go tool pprof`); docs/performance.md shows how it is used.
// Setting STRATA_MEMPROFILE=FILE writes a profile of the run's
// allocations to FILE when it ends.
package main

import (
	"os"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/cli"
	"github.com/strata-ir/strata/opt"
)

func main() {
	// A compiler run builds a large, long-lived IR and then exits: collect
	// less often than the default (GOGC=100) while the heap is small,
	// unless the user chose a value.
	cli.TuneGC()
	os.Exit(cli.Profiled("strata-opt", func() int {
		ctx := ir.NewContext()
		all.Register(ctx)
		return opt.Main(ctx, os.Args[1:])
	}))
}
