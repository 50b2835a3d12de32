package bufferization

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// toBufferCanonicalizationPatterns are bufferization.to_buffer's
// canonicalization patterns.
func toBufferCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{
		&rewrite.Func{RootName: ToBufferOpName, BenefitValue: 1, PatternName: "bufferization-to-buffer-of-to-tensor", Fn: toBufferOfToTensor},
		&rewrite.Func{RootName: ToBufferOpName, BenefitValue: 1, PatternName: "bufferization-to-buffer-of-cast", Fn: toBufferOfCast},
		&rewrite.Func{RootName: "memref.load", BenefitValue: 1, PatternName: "bufferization-load-of-to-buffer", Fn: loadOfToBuffer},
		&rewrite.Func{RootName: "memref.dim", BenefitValue: 1, PatternName: "bufferization-dim-of-to-buffer", Fn: dimOfToBuffer},
	}
}

// toTensorCanonicalizationPatterns are bufferization.to_tensor's
// canonicalization patterns: a tensor.dim of a to_tensor folds into a
// memref.dim, as upstream's ToTensorOp::getCanonicalizationPatterns adds.
func toTensorCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: "tensor.dim", BenefitValue: 1, PatternName: "bufferization-dim-of-to-tensor", Fn: dimOfToTensor}}
}

// cloneCanonicalizationPatterns are bufferization.clone's canonicalization
// patterns.
func cloneCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: CloneOpName, BenefitValue: 1, PatternName: "bufferization-simplify-clones", Fn: simplifyClones}}
}

// deallocCanonicalizationPatterns are bufferization.dealloc's
// canonicalization patterns.
func deallocCanonicalizationPatterns() []rewrite.Pattern { return DeallocPatterns() }

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

// loadOfToBuffer reads an element of a to_buffer's tensor with
// tensor.extract instead of memref.load (LoadOfToBuffer).
func loadOfToBuffer(op *ir.Operation, r *rewrite.Rewriter) bool {
	tb := definedBy(op.Operand(0), ToBufferOpName)
	if tb == nil || r.Ctx.LookupOpName("tensor.extract") == nil {
		return false
	}
	n := r.Create(&ir.OperationState{Name: r.Ctx.OpName("tensor.extract"), Loc: op.Loc(),
		Operands: append([]ir.Value{tb.Operand(0)}, op.Operands()[1:]...), ResultTypes: op.ResultTypes()})
	r.ReplaceOp(op, n.Results())
	return true
}

// dimOfToBuffer reads a dimension of a to_buffer's tensor with
// tensor.dim instead of memref.dim (DimOfCastOp).
func dimOfToBuffer(op *ir.Operation, r *rewrite.Rewriter) bool {
	tb := definedBy(op.Operand(0), ToBufferOpName)
	if tb == nil || r.Ctx.LookupOpName("tensor.dim") == nil {
		return false
	}
	n := r.Create(&ir.OperationState{Name: r.Ctx.OpName("tensor.dim"), Loc: op.Loc(),
		Operands: []ir.Value{tb.Operand(0), op.Operand(1)}, ResultTypes: op.ResultTypes()})
	r.ReplaceOp(op, n.Results())
	return true
}
