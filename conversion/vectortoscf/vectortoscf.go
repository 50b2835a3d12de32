// Package vectortoscf is convert-vector-to-scf, MLIR's VectorToSCF: vector
// transfers of rank above the target rank become loops of transfers of
// lower rank (through a stack buffer, or fully unrolled with full-unroll),
// on memrefs and, with lower-tensors, on tensors; 1-D transfers on memrefs
// that are not contiguous become loops of scalar memref.load/memref.store,
// and vector.print of a vector becomes loops printing its elements between
// punctuation. The patterns are applied by the greedy driver (which also
// folds and hoists constants), after a first greedy run of the transfer
// permutation map lowering (permutation.go), as upstream.
package vectortoscf

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/vector"
)

// Argument is the pass's command-line name.
const Argument = "convert-vector-to-scf"

// Options are the pass options, those of upstream's
// VectorTransferToSCFOptions.
type Options struct {
	// FullUnroll unrolls the loops of n-D transfers at compile time
	// instead of going through a stack buffer ("full-unroll").
	FullUnroll bool
	// TargetRank is the vector rank transfers are lowered to
	// ("target-rank", 1 by default); with 1, non-contiguous 1-D
	// transfers on memrefs also become scalar loops.
	TargetRank int
	// LowerTensors also lowers transfers on tensors ("lower-tensors").
	LowerTensors bool
	// LowerScalable adds the lowerings specific to scalable vectors
	// ("lower-scalable").
	LowerScalable bool
}

// DefaultOptions are the options' default values.
func DefaultOptions() Options { return Options{TargetRank: 1} }

type convertPass struct {
	pass.Info
	fullUnroll    *bool
	targetRank    *uint64
	lowerTensors  *bool
	lowerScalable *bool
}

// New returns the pass with its options.
func New() pass.Pass {
	p := &convertPass{Info: pass.Info{Argument: Argument, Name: "ConvertVectorToSCF", Summary: "Lower the operations from the vector dialect into the SCF dialect"}}
	p.fullUnroll = p.Options.Bool("full-unroll", false, "Perform full unrolling when converting vector transfers to SCF")
	p.lowerScalable = p.Options.Bool("lower-scalable", false, "Add scalable vector specific lowerings (that introduce loops)")
	p.lowerTensors = p.Options.Bool("lower-tensors", false, "Lower transfer ops that operate on tensors")
	p.targetRank = p.Options.Uint("target-rank", 1, "Target vector rank to which transfer ops should be lowered")
	return p
}

func (p *convertPass) Run(op *ir.Operation, st *pass.State) error {
	return Run(st.Context(), op, Options{
		FullUnroll:    *p.fullUnroll,
		TargetRank:    int(min(*p.targetRank, 1<<20)),
		LowerTensors:  *p.lowerTensors,
		LowerScalable: *p.lowerScalable,
	})
}

// Run lowers the vector operations nested in op: first the permutation
// maps of transfers (greedily, as upstream's
// populateVectorTransferPermutationMapLoweringPatterns), then the
// transfers and prints.
func Run(ctx *ir.Context, op *ir.Operation, opts Options) error {
	if opts.LowerScalable {
		if err := checkScalable(op); err != nil {
			return err
		}
	}
	rewrite.ApplyPatternsGreedily(ctx, op, rewrite.NewPatternSet(permutationPatterns()...), rewrite.GreedyConfig{})
	rewrite.ApplyPatternsGreedily(ctx, op, rewrite.NewPatternSet(conversionPatterns(opts)...), rewrite.GreedyConfig{})
	return nil
}

// conversionPatterns is upstream's populateVectorToSCFConversionPatterns.
func conversionPatterns(opts Options) []rewrite.Pattern {
	var ps []rewrite.Pattern
	add := func(root, name string, fn func(op *ir.Operation, g *gen) bool) {
		ps = append(ps, &rewrite.Func{RootName: root, BenefitValue: 1, PatternName: name, Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			return fn(op, &gen{ctx: r.Ctx, r: r, b: r.Builder, loc: op.Loc(), opts: opts})
		}})
	}
	if opts.FullUnroll {
		add("vector.transfer_read", "UnrollTransferReadConversion", unrollRead)
		add("vector.transfer_write", "UnrollTransferWriteConversion", unrollWrite)
	} else {
		add("vector.transfer_read", "PrepareTransferReadConversion", prepareTransferRead)
		add("vector.transfer_write", "PrepareTransferWriteConversion", prepareTransferWrite)
		add("vector.transfer_read", "TransferOpConversion<TransferReadOp>", transferReadConversion)
		add("vector.transfer_write", "TransferOpConversion<TransferWriteOp>", transferWriteConversion)
	}
	if opts.TargetRank == 1 {
		add("vector.transfer_read", "TransferOp1dConversion<TransferReadOp>", transferRead1d)
		add("vector.transfer_write", "TransferOp1dConversion<TransferWriteOp>", transferWrite1d)
	}
	add("vector.print", "DecomposePrintOpConversion", decomposePrint)
	return ps
}

// gen builds operations at the rewriter's insertion point and tells the
// greedy driver about those a pattern creates directly (operations built
// inside the regions of a new operation are not notified, as with
// upstream's body builders).
type gen struct {
	ctx  *ir.Context
	r    *rewrite.Rewriter
	b    *ir.Builder
	loc  ir.Location
	opts Options
	// quiet is set while building the body of a new region operation.
	quiet bool
}

// done notifies the driver of op, built by the pattern.
func (g *gen) done(op *ir.Operation) *ir.Operation {
	if !g.quiet && g.r.Listener != nil {
		g.r.Listener.OperationInserted(op)
	}
	return op
}

// inside runs fn with notifications off, keeping the insertion point.
func (g *gen) inside(fn func()) {
	saved := *g.b
	q := g.quiet
	g.quiet = true
	fn()
	g.quiet = q
	*g.b = saved
}

// checkScalable reports, as a located error, a transfer that lower-scalable
// would lower (upstream's ScalableTransposeTransferWriteConversion: a
// write of a vector<[N]xM> transposed from a vector<Mx[N]>): its loop runs
// to a multiple of vector.vscale, which Strata does not have.
func checkScalable(root *ir.Operation) error {
	var err error
	root.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if _, ok := vector.AsTransferWriteOp(op); err != nil || !ok {
			return err == nil
		}
		x, ok := asXfer(op)
		if !ok || len(x.vt.Scalable) != 2 || !x.vt.Scalable[0] || x.vt.Scalable[1] {
			return true
		}
		if _, ok := vector.AsTransposeOp(ir.DefiningOp(x.value)); ok {
			err = ir.NewError(op.Loc(), "convert-vector-to-scf: lower-scalable is not supported: this write of a transposed scalable vector needs vector.vscale")
		}
		return err == nil
	})
	return err
}
