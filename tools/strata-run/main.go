// Command strata-run interprets a function of an MLIR file, or with
// --engine=cpu compiles the file through LLVM and runs it, and prints its
// result, with mlir-runner's flag spellings:
//
//	strata-run file.mlir -e main -entry-point-result=i32
//	strata-run --engine=cpu file.mlir -e main -entry-point-result=void
//
// See package run. STRATA_CPUPROFILE and STRATA_MEMPROFILE write profiles
// as with strata-opt.
package main

import (
	"os"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/cli"
	"github.com/strata-ir/strata/run"
)

func main() {
	os.Exit(cli.Profiled("strata-run", func() int {
		ctx := ir.NewContext()
		all.Register(ctx)
		return run.Main(ctx, os.Args[1:])
	}))
}
