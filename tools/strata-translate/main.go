// Command strata-translate translates MLIR into other formats, as
// mlir-translate does: --mlir-to-llvmir writes the LLVM IR of a module of
// the llvm dialect, --mlir-to-ptx the PTX of a gpu.module at the llvm and
// nvvm level (--chip=sm_80|sm_90a|...).
package main

import (
	"os"
	"strings"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/targets/llvmir"
	"github.com/strata-ir/strata/targets/ptx"
)

// translations maps each translation flag to its driver.
var translations = map[string]func(*ir.Context, []string) int{
	"mlir-to-ptx": func(ctx *ir.Context, args []string) int {
		return ptx.Main(ctx, args, os.Stdin, os.Stdout, os.Stderr)
	},
}

func main() {
	ctx := ir.NewContext()
	all.Register(ctx)
	for _, a := range os.Args[1:] {
		name := strings.TrimLeft(a, "-")
		if run, ok := translations[name]; ok && strings.HasPrefix(a, "-") {
			os.Exit(run(ctx, os.Args[1:]))
		}
	}
	os.Exit(llvmir.Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
