// Package conversion registers Strata's lowering passes between levels:
// convert-arith-to-llvm, convert-func-to-llvm, convert-cf-to-llvm,
// convert-math-to-llvm, convert-math-to-libm, convert-vector-to-llvm, convert-ub-to-llvm, finalize-memref-to-llvm,
// convert-gpu-to-nvvm,
// reconcile-unrealized-casts, lower-affine and convert-vector-to-scf. Each conversion lives in its own
// subpackage.
package conversion

import (
	"sync"

	"github.com/strata-ir/strata/conversion/affinetoscf"
	"github.com/strata-ir/strata/conversion/arithtollvm"
	"github.com/strata-ir/strata/conversion/cftollvm"
	"github.com/strata-ir/strata/conversion/functollvm"
	"github.com/strata-ir/strata/conversion/gputonvvm"
	"github.com/strata-ir/strata/conversion/mathtolibm"
	"github.com/strata-ir/strata/conversion/mathtollvm"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/conversion/reconcilecasts"
	"github.com/strata-ir/strata/conversion/ubtollvm"
	"github.com/strata-ir/strata/conversion/vectortollvm"
	"github.com/strata-ir/strata/conversion/vectortoscf"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

var once sync.Once

// Register adds the conversion passes to the pass registry; calling it
// more than once is harmless.
func Register() {
	once.Do(func() {
		// As upstream, these run on modules only: they convert function
		// operations themselves or look up other functions and globals.
		onModule := map[string]bool{"convert-func-to-llvm": true, "convert-cf-to-llvm": true, "finalize-memref-to-llvm": true}
		add := func(arg, name, summary string, run func(ctx *ir.Context, op *ir.Operation) error) {
			var anchor string
			if onModule[arg] {
				anchor = "builtin.module"
			}
			pass.Register(pass.Registration{Argument: arg, New: func() pass.Pass {
				return &pass.FuncPass{
					Info: pass.Info{Argument: arg, Name: name, Summary: summary, OpName: anchor},
					RunFunc: func(op *ir.Operation, st *pass.State) error {
						return run(st.Context(), op)
					},
				}
			}})
		}
		add("lower-affine", "LowerAffinePass", "Lower Affine operations to a combination of Arith and SCF operations", affinetoscf.Run)
		add("convert-arith-to-llvm", "ArithToLLVMConversionPass", "Convert Arith dialect to LLVM dialect", arithtollvm.Run)
		add("convert-func-to-llvm", "ConvertFuncToLLVMPass", "Convert from the Func dialect to the LLVM dialect", functollvm.Run)
		add("convert-cf-to-llvm", "ConvertControlFlowToLLVMPass", "Convert ControlFlow operations to the LLVM dialect", cftollvm.Run)
		add("convert-math-to-llvm", "ConvertMathToLLVMPass", "Convert Math dialect to LLVM dialect", mathtollvm.Run)
		// convert-math-to-libm inserts declarations into the module: it
		// runs on modules only, as upstream.
		pass.Register(pass.Registration{Argument: "convert-math-to-libm", New: func() pass.Pass {
			return &pass.FuncPass{
				Info: pass.Info{Argument: "convert-math-to-libm", Name: "ConvertMathToLibmPass",
					Summary: "Convert Math dialect to libm calls", OpName: "builtin.module"},
				RunFunc: func(op *ir.Operation, st *pass.State) error { return mathtolibm.Run(st.Context(), op) },
			}
		}})
		add("finalize-memref-to-llvm", "FinalizeMemRefToLLVMConversionPass", "Finalize MemRef dialect to LLVM dialect conversion", memreftollvm.Run)
		add("convert-ub-to-llvm", "UBToLLVMConversionPass", "Convert UB dialect to LLVM dialect", ubtollvm.Run)
		add("convert-vector-to-llvm", "ConvertVectorToLLVMPass", "Lower the operations from the vector dialect into the LLVM dialect", vectortollvm.Run)
		pass.Register(pass.Registration{Argument: vectortoscf.Argument, New: vectortoscf.New})
		gputonvvm.Register()
		add("reconcile-unrealized-casts", "ReconcileUnrealizedCastsPass", "Simplify and eliminate unrealized conversion casts",
			func(_ *ir.Context, op *ir.Operation) error { return reconcilecasts.Run(op) })
	})
}
