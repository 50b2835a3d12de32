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
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"

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
	if path := os.Getenv("STRATA_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "strata-opt: STRATA_CPUPROFILE: %v\n", err)
			os.Exit(opt.ExitUsage)
		}
		code := run()
		pprof.StopCPUProfile()
		f.Close()
		os.Exit(code)
	}
	os.Exit(run())
}

// run runs the driver and, when STRATA_MEMPROFILE names a file, writes
// the allocation profile there.
func run() int {
	code := runDriver()
	if path := os.Getenv("STRATA_MEMPROFILE"); path != "" {
		runtime.GC() // publish the allocations made since the last cycle
		f, err := os.Create(path)
		if err == nil {
			err = pprof.Lookup("allocs").WriteTo(f, 0)
			f.Close()
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "strata-opt: STRATA_MEMPROFILE: %v\n", err)
			return opt.ExitUsage
		}
	}
	return code
}

func runDriver() int {
	ctx := ir.NewContext()
	all.Register(ctx)
	return opt.Main(ctx, os.Args[1:])
}
