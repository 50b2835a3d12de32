// Package emptytoalloc is empty-tensor-to-alloc-tensor: every tensor.empty
// becomes a bufferization.alloc_tensor of its type and dynamic sizes,
// applied with the greedy driver (which also folds, deduplicates and
// hoists constants and erases operations left dead), as MLIR's
// EmptyTensorToAllocTensorPass. It runs on any operation.
package emptytoalloc

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/tensor"
)

// Pass registers the empty-tensor-to-alloc-tensor pass.
var Pass = pass.Registration{Argument: "empty-tensor-to-alloc-tensor", New: New}

func init() { pass.Register(Pass) }

// New returns the pass.
func New() pass.Pass {
	return &emptyToAlloc{Info: pass.Info{Argument: "empty-tensor-to-alloc-tensor", Name: "EmptyTensorToAllocTensorPass",
		Summary: "Replace all empty ops by alloc_tensor ops."}}
}

type emptyToAlloc struct{ pass.Info }

func (p *emptyToAlloc) Run(op *ir.Operation, st *pass.State) error {
	return Run(st.Context(), op)
}

// Run replaces the tensor.empty operations nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	patterns := rewrite.NewPatternSet(&rewrite.Func{RootName: tensor.EmptyOpName, PatternName: "empty-tensor-lowering", BenefitValue: 1, Fn: lowerEmpty})
	rewrite.ApplyPatternsGreedily(ctx, op, patterns, rewrite.GreedyConfig{Simplify: rewrite.SimplifyAggressive})
	return nil
}

// lowerEmpty replaces the tensor.empty op by a bufferization.alloc_tensor
// of the same type and dynamic sizes.
func lowerEmpty(op *ir.Operation, r *rewrite.Rewriter) bool {
	empty, ok := tensor.AsEmptyOp(op)
	if !ok || op.NumResults() != 1 {
		return false
	}
	// Built detached, then inserted through the rewriter, which tells
	// the driver of the new operation.
	b := ir.NewBuilder(r.Ctx)
	at := bufferization.BuildAllocTensor(b, op.Loc(), empty.DynamicSizes(), empty.Result().Type())
	if b.Err() != nil || at.Operation == nil {
		return false
	}
	r.SetInsertionPoint(op)
	r.Insert(at.Operation)
	r.ReplaceOp(op, at.Operation.Results())
	return true
}
