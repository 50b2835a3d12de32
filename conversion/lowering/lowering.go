// Package lowering registers the passes of the CPU lowering path that take
// tensor programs down to the control-flow level: one-shot-bufferize,
// convert-linalg-to-loops, convert-scf-to-cf and expand-strided-metadata
// (for memref.subview). Each pass's logic lives
// in its own package.
package lowering

import (
	"sync"

	"github.com/strata-ir/strata/conversion/linalgtoloops"
	"github.com/strata-ir/strata/conversion/scftocf"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/transforms/bufferize"
	"github.com/strata-ir/strata/transforms/expandstrided"
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
		pass.Register(pass.Registration{Argument: "one-shot-bufferize", New: newOneShotBufferize})
		pass.Register(pass.Registration{Argument: "expand-strided-metadata", New: func() pass.Pass {
			return &pass.FuncPass{
				Info: pass.Info{Argument: "expand-strided-metadata", Name: "ExpandStridedMetadataPass", Summary: "Expand memref operations into easier to analyze constructs"},
				RunFunc: func(op *ir.Operation, st *pass.State) error {
					return expandstrided.Run(st.Context(), op)
				},
			}
		}})
	})
}

type oneShotBufferize struct {
	pass.Info
	functionBoundaries *bool
	allowUnknown       *bool
}

func newOneShotBufferize() pass.Pass {
	p := &oneShotBufferize{Info: pass.Info{Argument: "one-shot-bufferize", Name: "OneShotBufferizePass", Summary: "One-Shot Bufferize", OpName: "builtin.module"}}
	p.functionBoundaries = p.Options.Bool("bufferize-function-boundaries", false, "Bufferize function boundaries (experimental).")
	p.allowUnknown = p.Options.Bool("allow-unknown-ops", false, "Allows unknown (not bufferizable) ops in the input IR.")
	return p
}

func (p *oneShotBufferize) Run(op *ir.Operation, st *pass.State) error {
	return bufferize.Run(st.Context(), op, bufferize.Options{FunctionBoundaries: *p.functionBoundaries, AllowUnknownOps: *p.allowUnknown})
}
