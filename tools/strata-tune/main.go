// Command strata-tune finds the fastest configuration of the GPU lowering
// of a linalg program: it compiles the program for each candidate
// configuration (linalg-to-tile's block sizes, tile-to-nvgpu's chip path,
// warps, persistent grid and program order), runs it on the GPU through
// the CUDA engine (strata-run --engine=cuda --time-kernels), checks its
// results against the default configuration's and reports the fastest.
// The default configuration (--tile-sizes, --chip, --options) is always a
// candidate, and another wins only when it is faster by --margin and a
// second run confirms it (see package internal/tune). Each candidate's
// timed launches run back to back for --window-ms of GPU time, so that
// candidates are compared at the SM clock the GPU settles to under its
// power limit rather than in the first milliseconds of a burst.
//
//	strata-tune -e layernorm --tile-sizes 1,8192,1 layernorm.mlir
//	strata-tune -e gemm --chip sm_90a --tile-sizes 128,256,64 --options 'group-m=8;persistent=132' \
//	    --space 'tile-sizes=128,256,64|128,128,64;group-m=8|16' --cache winners.json gemm.mlir
//
// The inputs are random arrays of the entry function's argument types.
// Without --space, the candidates are tune.RowSpace's for programs without
// products and tune.GEMMSpace's, read from --target's chip description,
// for the others. --compile-only compiles
// the candidates without a GPU and reports their compile times; --timing
// reports the compile time of the default configuration by stage.
package main

import (
	"os"

	"github.com/strata-ir/strata/internal/cli"
)

func main() {
	os.Exit(cli.Profiled("strata-tune", func() int { return Main(os.Args[1:], os.Stdout, os.Stderr) }))
}
