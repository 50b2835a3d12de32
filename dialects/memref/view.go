package memref

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

// foldView is ViewOp::fold: a view of a static type equal to its source's
// is the source; casts of its operands are bypassed.
func foldView(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	src := op.Operand(0)
	if t, ok := op.Result(0).Type().(*ir.MemRefType); ok && src.Type() == ir.Type(t) {
		static := true
		for _, d := range t.Shape {
			static = static && d != ir.Dynamic
		}
		if static {
			return []ir.FoldResult{{Value: src}}, true
		}
	}
	return nil, foldMemRefCastOperandsExcept(op, nil)
}

// constantIndexOp returns the value of an arith.constant of index type.
func constantIndexOp(v ir.Value) (int64, bool) {
	def := definingOp(v)
	if _, ok := arith.AsConstantOp(def); !ok || v.Type() != ir.Type(def.Context().IndexType()) {
		return 0, false
	}
	return viewlike.ConstantIntValue(v)
}

// viewShapeFolder is ViewOpShapeFolder: sizes given by index constants
// become static dimensions of the result, with a cast back to its type.
func viewShapeFolder(op *ir.Operation, r *rewrite.Rewriter) bool {
	any := false
	for i := 0; i < op.NumOperands(); i++ {
		if _, ok := viewlike.ConstantIntValue(op.Operand(i)); ok && op.Operand(i).Type() == ir.Type(r.Ctx.IndexType()) {
			any = true
		}
	}
	if !any {
		return false
	}
	t, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	if _, _, strided := viewlike.StridesAndOffset(t); !strided {
		return false
	}
	sizes := op.Operands()[2:]
	shape := make([]int64, len(t.Shape))
	var kept []ir.Value
	k := 0
	for i, d := range t.Shape {
		if d != ir.Dynamic {
			shape[i] = d
			continue
		}
		if k >= len(sizes) {
			return false
		}
		if c, ok := constantIndexOp(sizes[k]); ok {
			shape[i] = c
		} else {
			shape[i] = d
			kept = append(kept, sizes[k])
		}
		k++
	}
	nt := r.Ctx.MemRefType(shape, t.Elem, t.Layout, t.MemorySpace)
	if nt == t {
		return false
	}
	operands := append([]ir.Value{op.Operand(0), op.Operand(1)}, kept...)
	nv := cloneWith(r, op, operands, nt, nil)
	c := r.Create(&ir.OperationState{Name: r.Ctx.OpName("memref.cast"), Loc: op.Loc(),
		Operands: []ir.Value{nv.Result(0)}, ResultTypes: []ir.Type{t}})
	r.ReplaceOp(op, c.Results())
	return true
}

// viewOfAllocCast is ViewOpMemrefCastFolder: a view of a cast of an
// allocation views the allocation.
func viewOfAllocCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	cast := definingOp(op.Operand(0))
	if cast == nil || cast.Name() != "memref.cast" {
		return false
	}
	alloc := definingOp(cast.Operand(0))
	if alloc == nil || alloc.Name() != "memref.alloc" {
		return false
	}
	operands := append([]ir.Value{cast.Operand(0)}, op.Operands()[1:]...)
	nv := cloneWith(r, op, operands, op.Result(0).Type(), nil)
	r.ReplaceOp(op, nv.Results())
	return true
}
