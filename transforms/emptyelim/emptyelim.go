// Package emptyelim is eliminate-empty-tensors: a tensor.empty whose
// contents end up inserted into a part of another tensor (by
// tensor.insert_slice or another bufferization.SubsetInsertionOpInterface
// operation) is replaced by the extraction of that part, as MLIR's
// EmptyTensorEliminationPass (see bufferize.EliminateEmptyTensors). It
// runs on any operation.
package emptyelim

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/transforms/bufferize"
)

// Pass registers the eliminate-empty-tensors pass.
var Pass = pass.Registration{Argument: "eliminate-empty-tensors", New: New}

func init() { pass.Register(Pass) }

// New returns the pass.
func New() pass.Pass {
	return &eliminate{Info: pass.Info{Argument: "eliminate-empty-tensors", Name: "EmptyTensorEliminationPass",
		Summary: "Try to eliminate all tensor.empty ops."}}
}

type eliminate struct{ pass.Info }

func (p *eliminate) Run(op *ir.Operation, st *pass.State) error {
	return bufferize.EliminateEmptyTensors(st.Context(), op)
}
