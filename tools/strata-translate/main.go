// Command strata-translate translates MLIR into other formats, as
// mlir-translate does: --mlir-to-llvmir writes the LLVM IR of a module of
// the llvm dialect.
package main

import (
	"os"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/targets/llvmir"
)

func main() {
	ctx := ir.NewContext()
	all.Register(ctx)
	os.Exit(llvmir.Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
