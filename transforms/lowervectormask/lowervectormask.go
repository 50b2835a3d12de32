// Package lowervectormask is MLIR's lower-vector-mask: a vector.mask of
// a vector.transfer_read or vector.transfer_write becomes that transfer
// with the mask as its own mask operand, with vector.mask's
// canonicalization patterns applied along (the greedy driver also folds).
package lowervectormask

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/vector"
)

// Argument is the pass's name.
const Argument = "lower-vector-mask"

// Pass registers the lower-vector-mask pass (imported packages register
// their passes in init, see docs/passes.md).
var Pass = pass.Registration{Argument: Argument, New: New}

func init() { pass.Register(Pass) }

// New returns the lower-vector-mask pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: Argument, Name: "LowerVectorMaskPass", Summary: "Lower 'vector.mask' operations", OpName: "func.func"},
		RunFunc: func(op *ir.Operation, _ *pass.State) error {
			Run(op)
			return nil
		},
	}
}

// Run lowers the masked transfers nested in op and canonicalizes the
// vector.mask operations, greedily.
func Run(op *ir.Operation) {
	ctx := op.Context()
	patterns := []rewrite.Pattern{
		&rewrite.Func{RootName: vector.MaskOpName, BenefitValue: 1, PatternName: "masked-transfer-read", Fn: maskedTransferRead},
		&rewrite.Func{RootName: vector.MaskOpName, BenefitValue: 1, PatternName: "masked-transfer-write", Fn: maskedTransferWrite},
	}
	for _, p := range rewrite.CanonicalizationPatterns(ctx) {
		if p.Root() == vector.MaskOpName {
			patterns = append(patterns, p)
		}
	}
	rewrite.ApplyPatternsGreedily(ctx, op, rewrite.NewPatternSet(patterns...), rewrite.GreedyConfig{Simplify: rewrite.SimplifyNormal})
}

// maskedTransferRead is MaskedTransferReadOpPattern: a vector.mask
// without passthru (a vector one cannot be the read's scalar padding) of
// a transfer_read becomes the read with the mask.
func maskedTransferRead(op *ir.Operation, r *rewrite.Rewriter) bool {
	m, ok := vector.AsMaskOp(op)
	if !ok || m.Passthru() != nil {
		return false
	}
	read, ok := vector.AsTransferReadOp(m.MaskableOpOf())
	if !ok {
		return false
	}
	return withMask(op, read.Operation, m.Mask(), r)
}

// maskedTransferWrite is MaskedTransferWriteOpPattern: a vector.mask of a
// transfer_write becomes the write with the mask.
func maskedTransferWrite(op *ir.Operation, r *rewrite.Rewriter) bool {
	m, ok := vector.AsMaskOp(op)
	if !ok {
		return false
	}
	write, ok := vector.AsTransferWriteOp(m.MaskableOpOf())
	if !ok {
		return false
	}
	return withMask(op, write.Operation, m.Mask(), r)
}

// withMask replaces the vector.mask op with a copy of the transfer it
// masks whose own mask is mask (replacing any it had).
func withMask(op, transfer *ir.Operation, mask ir.Value, r *rewrite.Rewriter) bool {
	seg, ok := transfer.InherentAttr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok || seg.Size != 4 {
		return false
	}
	sizes := make([]int32, 4)
	for i := range sizes {
		d := seg.Data[4*i:]
		sizes[i] = int32(uint32(d[0]) | uint32(d[1])<<8 | uint32(d[2])<<16 | uint32(d[3])<<24)
	}
	operands := append([]ir.Value(nil), transfer.Operands()[:sizes[0]+sizes[1]+sizes[2]]...)
	operands = append(operands, mask)
	sizes[3] = 1
	r.SetInsertionPoint(op)
	n := r.Create(&ir.OperationState{Name: transfer.OpName(), Loc: op.Loc(), Operands: operands,
		ResultTypes: transfer.ResultTypes(), Properties: transfer.Properties(), Attributes: transfer.Attrs()})
	n.SetAttr("operandSegmentSizes", r.Ctx.DenseI32Array(sizes...))
	// The region's operations go first, through the rewriter, so that
	// the driver forgets them.
	yield := transfer.Block().Last()
	r.EraseOp(yield)
	r.EraseOp(transfer)
	r.ReplaceOp(op, n.Results())
	return true
}
