package bufferization

import (
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

var patterns sync.Once

// attachRewrites installs the folder of to_tensor and, once per process,
// the canonicalization patterns.
func attachRewrites(ctx *ir.Context) {
	if on := ctx.LookupOpName("bufferization.to_tensor"); on != nil {
		on.Def.Fold = foldToTensor
	}
	if on := ctx.LookupOpName("bufferization.clone"); on != nil {
		on.Def.Fold = foldClone
	}
	patterns.Do(func() {
		for _, p := range []*rewrite.Func{
			{RootName: "bufferization.to_buffer", BenefitValue: 1, PatternName: "bufferization-to-buffer-of-to-tensor", Fn: toBufferOfToTensor},
			{RootName: "bufferization.to_buffer", BenefitValue: 1, PatternName: "bufferization-to-buffer-of-cast", Fn: toBufferOfCast},
			{RootName: "tensor.dim", BenefitValue: 1, PatternName: "bufferization-dim-of-to-tensor", Fn: dimOfToTensor},
			{RootName: "bufferization.clone", BenefitValue: 1, PatternName: "bufferization-simplify-clones", Fn: simplifyClones},
		} {
			p := p
			rewrite.RegisterCanonicalization(p.RootName, func() rewrite.Pattern { return p })
		}
		for _, p := range DeallocPatterns() {
			p := p
			rewrite.RegisterCanonicalization(p.Root(), func() rewrite.Pattern { return p })
		}
	})
}

// definedBy returns the operation named name that defines v, or nil.
func definedBy(v ir.Value, name string) *ir.Operation {
	if op := ir.DefiningOp(v); op != nil && op.Name() == name {
		return op
	}
	return nil
}

// foldToTensor folds to_tensor(to_buffer(t)) to t when the to_buffer
// comes right before it in the same block.
func foldToTensor(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	tb := definedBy(op.Operand(0), "bufferization.to_buffer")
	if tb == nil || tb.Block() != op.Block() || tb.Next() != op || tb.Operand(0).Type() != op.Result(0).Type() {
		return nil, false
	}
	return []ir.FoldResult{{Value: tb.Operand(0)}}, true
}

// toBufferOfToTensor folds to_buffer(to_tensor(m)) to m when the types
// agree.
func toBufferOfToTensor(op *ir.Operation, r *rewrite.Rewriter) bool {
	tt := definedBy(op.Operand(0), "bufferization.to_tensor")
	if tt == nil || tt.Operand(0).Type() != op.Result(0).Type() {
		return false
	}
	r.ReplaceOp(op, []ir.Value{tt.Operand(0)})
	return true
}

// toBufferOfCast converts the source of a tensor.cast and casts the
// buffer with memref.cast instead (ToBufferOfCast).
func toBufferOfCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	cast := definedBy(op.Operand(0), "tensor.cast")
	if cast == nil || r.Ctx.LookupOpName("memref.cast") == nil {
		return false
	}
	src, ok := cast.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return false
	}
	var t ir.Type
	switch m := op.Result(0).Type().(type) {
	case *ir.MemRefType:
		t = r.Ctx.MemRefType(src.Shape, src.Elem, m.Layout, m.MemorySpace)
	case *ir.UnrankedMemRefType:
		t = r.Ctx.MemRefType(src.Shape, src.Elem, nil, m.MemorySpace)
	default:
		return false
	}
	buf := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: []ir.Value{cast.Operand(0)},
		ResultTypes: []ir.Type{t}, Properties: op.Properties()})
	n := r.Create(&ir.OperationState{Name: r.Ctx.OpName("memref.cast"), Loc: op.Loc(), Operands: buf.Results(),
		ResultTypes: op.ResultTypes()})
	r.ReplaceOp(op, n.Results())
	return true
}

// dimOfToTensor reads the dimension of to_tensor's buffer with memref.dim
// (DimOfToTensorFolder).
func dimOfToTensor(op *ir.Operation, r *rewrite.Rewriter) bool {
	tt := definedBy(op.Operand(0), "bufferization.to_tensor")
	if tt == nil || r.Ctx.LookupOpName("memref.dim") == nil {
		return false
	}
	n := r.Create(&ir.OperationState{Name: r.Ctx.OpName("memref.dim"), Loc: op.Loc(),
		Operands: []ir.Value{tt.Operand(0), op.Operand(1)}, ResultTypes: op.ResultTypes()})
	r.ReplaceOp(op, n.Results())
	return true
}
