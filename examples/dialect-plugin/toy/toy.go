// Package toy is an out-of-tree Strata dialect for a toy accelerator with
// its own scratchpad memory space (#toy.sram) and an asynchronous copy
// engine: toy.copy_async starts a copy and returns a !toy.token, toy.wait
// blocks on tokens; toy.scale, toy.scale_buffer and toy.fma compute. It is
// written the way the in-tree dialects are: toy.irdl declares the
// operations and names their hooks, toy_gen.go is generated from it. It
// takes part in the framework through interfaces and registries only: a
// pattern and passes, an interface of its own (CostModel) that its pass
// toy-annotate-cost queries, models of
// bufferization.BufferizableOpInterface (one-shot-bufferize) and
// llvmir.DialectTranslation (strata-translate --mlir-to-llvmir), and
// interpreter semantics (RegisterSemantics).
package toy

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o toy_gen.go toy.irdl

import (
	_ "embed"
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
)

//go:embed toy.irdl
var definitions []byte

// Register adds the toy dialect to ctx: the declarations of toy.irdl and
// the hooks they name (the generated registerHooks), then the cost model
// the dialect attaches to memref.copy.
func Register(ctx *ir.Context) error {
	if err := irdl.LoadCompiled(ctx, "toy.irdl", definitions); err != nil {
		return err
	}
	registerHooks(ctx)
	// An external model: memref.copy belongs to another dialect.
	Cost.AttachTo(ctx, "memref.copy", CostFunc(copyCycles))
	return nil
}

// verifyCopy checks that a copy's source and destination hold the same
// element type (toy.copy and toy.copy_async).
func verifyCopy(op *ir.Operation) error {
	src, _ := op.Operand(0).Type().(*ir.MemRefType)
	dst, _ := op.Operand(1).Type().(*ir.MemRefType)
	if src != nil && dst != nil && src.Elem != dst.Elem {
		return ir.OpError(op, "source and destination element types differ")
	}
	return nil
}

// verifyScale checks that the factor has the tensor's element type.
func verifyScale(op ScaleOp) error {
	if t, ok := op.Input().Type().(*ir.RankedTensorType); ok && t.Elem != op.Factor().Type() {
		return ir.OpError(op.Operation, fmt.Sprintf("factor type '%s' differs from the element type '%s'", ir.TypeString(op.Factor().Type()), ir.TypeString(t.Elem)))
	}
	return nil
}

// verifyScaleBuffer checks that the factor has the buffer's element type.
func verifyScaleBuffer(op ScaleBufferOp) error {
	if m, ok := op.Buffer().Type().(*ir.MemRefType); ok && m.Elem != op.Factor().Type() {
		return ir.OpError(op.Operation, fmt.Sprintf("factor type '%s' differs from the element type '%s'", ir.TypeString(op.Factor().Type()), ir.TypeString(m.Elem)))
	}
	return nil
}

// waitCanonicalizationPatterns is toy.wait's canonicalizer hook.
func waitCanonicalizationPatterns() []rewrite.Pattern { return []rewrite.Pattern{FoldImmediateWait} }

// FoldImmediateWait rewrites a copy_async whose token only feeds a wait
// right after it into a synchronous toy.copy.
var FoldImmediateWait = &rewrite.Func{RootName: WaitOpName, BenefitValue: 1, PatternName: "toy-fold-immediate-wait",
	Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
		w, _ := AsWaitOp(op)
		if len(w.Tokens()) != 1 {
			return false
		}
		cp, ok := AsCopyAsyncOp(ir.DefiningOp(w.Tokens()[0]))
		if !ok || cp.Next() != op || !ir.HasOneUse(cp.Token()) {
			return false
		}
		r.SetInsertionPoint(cp.Operation)
		c := BuildCopy(r.Builder, cp.Loc(), cp.Source(), cp.Dest())
		if c.Operation == nil {
			return false
		}
		c.SetAttrs(cp.Attrs())
		r.EraseOp(op)
		r.EraseOp(cp.Operation)
		return true
	}}

// RegisterPasses adds the toy passes to the pass registry.
func RegisterPasses() {
	pass.Register(pass.Registration{Argument: "toy-sync-copies", Summary: "Turn async copies that are awaited at once into synchronous copies", New: NewSyncCopies})
	pass.Register(pass.Registration{Argument: "toy-annotate-cost", Summary: "Annotate operations with their cycles on the toy accelerator", New: NewAnnotateCost})
}

// NewSyncCopies returns the toy-sync-copies pass, which applies
// FoldImmediateWait everywhere.
func NewSyncCopies() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "toy-sync-copies", Name: "ToySyncCopies", Summary: "Turn async copies that are awaited at once into synchronous copies"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			rewrite.ApplyPatternsGreedily(st.Context(), op, rewrite.NewPatternSet(FoldImmediateWait), rewrite.GreedyConfig{DisableFolding: true})
			return nil
		},
	}
}
