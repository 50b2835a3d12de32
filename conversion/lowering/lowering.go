// Package lowering registers the passes of the CPU lowering path that take
// tensor programs down to the control-flow level: one-shot-bufferize,
// convert-linalg-to-loops and convert-scf-to-cf. Each pass's logic lives
// in its own package.
package lowering

import (
	"sync"

	"github.com/strata-ir/strata/conversion/linalgtoloops"
	"github.com/strata-ir/strata/conversion/scftocf"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

var once sync.Once

// Register adds the lowering passes to the pass registry; calling it more
// than once is harmless.
func Register() {
	once.Do(func() {
		pass.Register(pass.Registration{Argument: "convert-scf-to-cf", New: func() pass.Pass {
			return &pass.FuncPass{
				Info: pass.Info{Argument: "convert-scf-to-cf", Name: "SCFToControlFlowPass", Summary: "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG"},
				RunFunc: func(op *ir.Operation, st *pass.State) error {
					return scftocf.Run(st.Context(), op)
				},
			}
		}})
		pass.Register(pass.Registration{Argument: "convert-linalg-to-loops", New: func() pass.Pass {
			return &pass.FuncPass{
				Info: pass.Info{Argument: "convert-linalg-to-loops", Name: "ConvertLinalgToLoopsPass", Summary: "Convert the operations from the linalg dialect into loops"},
				RunFunc: func(op *ir.Operation, st *pass.State) error {
					return linalgtoloops.Run(st.Context(), op)
				},
			}
		}})
	})
}
