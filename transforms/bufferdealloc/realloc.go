package bufferdealloc

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
)

// ExpandRealloc replaces every memref.realloc in op with an scf.if that,
// when the old buffer is smaller than the requested size, allocates a new
// buffer and copies the old one into it (freeing the old buffer when
// emitDeallocs is set), and otherwise reinterprets the old buffer with the
// new size (upstream's expand-realloc).
func ExpandRealloc(ctx *ir.Context, op *ir.Operation, emitDeallocs bool) error {
	var reallocs []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if _, ok := memref.AsReallocOp(o); ok {
			reallocs = append(reallocs, o)
		}
		return true
	})
	for _, r := range reallocs {
		src, ok1 := r.Operand(0).Type().(*ir.MemRefType)
		res, ok2 := r.Result(0).Type().(*ir.MemRefType)
		if !ok1 || !ok2 || len(src.Shape) != 1 || len(res.Shape) != 1 || src.Layout != nil || res.Layout != nil {
			return ir.EmitError(r, "failed to legalize operation 'memref.realloc' that was explicitly marked illegal")
		}
		expandRealloc(ctx, r, src, res, emitDeallocs)
	}
	return nil
}

func expandRealloc(ctx *ir.Context, op *ir.Operation, src, res *ir.MemRefType, emitDeallocs bool) {
	loc := op.Loc()
	bld := ir.NewBuilder(ctx)
	bld.SetInsertionPoint(op)
	source := op.Operand(0)
	var dynSize ir.Value
	if op.NumOperands() > 1 {
		dynSize = op.Operand(1)
	}
	// The current size: static, or read with memref.dim.
	var currVal ir.Value
	if src.Shape[0] == ir.Dynamic {
		zero := indexConst(bld, loc, 0)
		currVal = memref.BuildDim(bld, loc, source, zero).Operation.Result(0)
	}
	lhs := currVal
	if lhs == nil {
		lhs = indexConst(bld, loc, src.Shape[0])
	}
	rhs := dynSize
	if res.Shape[0] != ir.Dynamic {
		rhs = indexConst(bld, loc, res.Shape[0])
	}
	cond := cmpi(bld, loc, arith.CmpIPredicateUlt, lhs, rhs)
	ifOp := scf.BuildIf(bld, loc, cond, []ir.Type{res})
	then := ir.NewBuilder(ctx)
	then.SetInsertionPointToEnd(ifOp.ThenRegion().First())
	var dyn []ir.Value
	if dynSize != nil {
		dyn = append(dyn, dynSize)
	}
	newAlloc := memref.BuildAlloc(then, loc, dyn, nil, res, memref.AllocOptions{Alignment: op.InherentAttr("alignment")}).Operation.Result(0)
	// A view of the new buffer with the old size receives the copy.
	var sizes []ir.Value
	staticSize := src.Shape[0]
	if currVal != nil {
		sizes = append(sizes, currVal)
	}
	viewType := ctx.MemRefType([]int64{staticSize}, res.Elem, ctx.StridedLayoutAttr(0, []int64{1}), res.MemorySpace)
	view := memref.BuildSubview(then, loc, newAlloc, nil, sizes, nil, ctx.DenseI64Array(0),
		ctx.DenseI64Array(staticSize), ctx.DenseI64Array(1), viewType).Operation.Result(0)
	memref.BuildCopy(then, loc, source, view)
	if emitDeallocs {
		memref.BuildDealloc(then, loc, source)
	}
	scf.BuildYield(then, loc, []ir.Value{newAlloc})
	els := ir.NewBuilder(ctx)
	els.CreateBlock(ifOp.Region(1))
	var castSizes []ir.Value
	if res.Shape[0] == ir.Dynamic {
		castSizes = append(castSizes, dynSize)
	}
	cast := memref.BuildReinterpretCast(els, loc, source, nil, castSizes, nil, ctx.DenseI64Array(0),
		ctx.DenseI64Array(res.Shape[0]), ctx.DenseI64Array(1), res).Operation.Result(0)
	scf.BuildYield(els, loc, []ir.Value{cast})
	ir.ReplaceAllUsesWith(op.Result(0), ifOp.Operation.Result(0))
	op.Erase()
}
