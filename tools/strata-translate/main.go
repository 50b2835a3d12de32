// Command strata-translate translates MLIR into other formats, as
// mlir-translate does: each target registers its --mlir-to-X translation
// (--mlir-to-llvmir writes the LLVM IR of a module of the llvm dialect,
// --mlir-to-ptx the PTX of a gpu.module at the llvm and nvvm level, with
// --chip=sm_80|sm_90a|..., --mlir-to-nki the NKI Python of tile kernels
// lowered to the neuron dialect); --help lists them.
package main

import (
	"os"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	_ "github.com/strata-ir/strata/targets/llvmir"
	_ "github.com/strata-ir/strata/targets/mosaic"
	_ "github.com/strata-ir/strata/targets/nki"
	_ "github.com/strata-ir/strata/targets/pallas"
	_ "github.com/strata-ir/strata/targets/ptx"
	"github.com/strata-ir/strata/translate"
)

func main() {
	ctx := ir.NewContext()
	all.Register(ctx)
	os.Exit(translate.Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
