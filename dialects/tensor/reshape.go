package tensor

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

// This file holds canonicalizations of reshape chains: expand_shape of
// collapse_shape, collapse_shape of a cast, and chained bitcasts.

// collapseGroups returns how to collapse src into dst, each group a run of
// consecutive dimensions of src whose product is a dimension of dst
// (getReassociationIndicesForCollapse): a dynamic dimension of dst takes
// exactly one dynamic dimension of src, and trailing unit or dynamic
// dimensions of src join the last group. src must have a higher rank.
func collapseGroups(src, dst []int64) ([][]int64, bool) {
	if len(src) <= len(dst) {
		return nil, false
	}
	var groups [][]int64
	var cur []int64
	s := 0
	prod := int64(1)
	for s < len(src) {
		if len(groups) == len(dst) {
			break
		}
		target := dst[len(groups)]
		for s < len(src)-1 && src[s] != Dynamic && prod*src[s] < target {
			prod *= src[s]
			cur = append(cur, int64(s))
			s++
		}
		if src[s] == Dynamic && (target != Dynamic || prod != 1) {
			return nil, false
		}
		if target == Dynamic && src[s] != Dynamic {
			return nil, false
		}
		if src[s] != Dynamic && prod*src[s] != target {
			return nil, false
		}
		cur = append(cur, int64(s))
		s++
		groups = append(groups, cur)
		cur = nil
		prod = 1
	}
	if len(groups) != len(dst) {
		return nil, false
	}
	for ; s < len(src); s++ {
		if src[s] != Dynamic && src[s] != 1 {
			return nil, false
		}
		if len(groups) > 0 {
			groups[len(groups)-1] = append(groups[len(groups)-1], int64(s))
		}
	}
	return groups, true
}

// composeCollapsing finds how to collapse the higher-rank shape src into
// dst when both come from a common intermediate shape: group by group of
// the two reassociations (srcGroups over src, dstGroups over dst),
// sub-shapes of equal rank must be equal with at most one dynamic size,
// and the others must collapse.
func composeCollapsing(srcGroups, dstGroups [][]int64, src, dst []int64) ([][]int64, bool) {
	if len(srcGroups) == 0 {
		return collapseGroups(src, dst)
	}
	if len(srcGroups) != len(dstGroups) {
		return nil, false
	}
	var out [][]int64
	for i := range srcGroups {
		sg, dg := srcGroups[i], dstGroups[i]
		if len(sg) == 0 || len(dg) == 0 {
			return nil, false
		}
		ss := src[sg[0] : sg[0]+int64(len(sg))]
		ds := dst[dg[0] : dg[0]+int64(len(dg))]
		if len(ss) == len(ds) {
			dyn := 0
			for j := range ss {
				if ss[j] != ds[j] {
					return nil, false
				}
				if ss[j] == Dynamic {
					dyn++
				}
			}
			if dyn >= 2 {
				return nil, false
			}
			for j := range ss {
				out = append(out, []int64{sg[0] + int64(j)})
			}
			continue
		}
		sub, ok := collapseGroups(ss, ds)
		if !ok {
			return nil, false
		}
		for _, g := range sub {
			shifted := make([]int64, len(g))
			for j, x := range g {
				shifted[j] = sg[0] + x
			}
			out = append(out, shifted)
		}
	}
	return out, true
}

// expandOfCollapse folds expand_shape(collapse_shape(x)) into one
// collapse_shape or expand_shape of x when the composition is one
// (ComposeExpandOfCollapseOp).
func expandOfCollapse(op *ir.Operation, r *rewrite.Rewriter) bool {
	collapse := definedBy(op.Operand(0), "tensor.collapse_shape")
	if collapse == nil {
		return false
	}
	srcT, resT := collapse.Operand(0).Type(), op.Result(0).Type()
	src, ok1 := shapeOf(srcT)
	res, ok2 := shapeOf(resT)
	if !ok1 || !ok2 || srcT == resT {
		return false
	}
	ctx := r.Ctx
	if len(src) > len(res) {
		groups, ok := composeCollapsing(reassociation(collapse), reassociation(op), src, res)
		if !ok {
			return false
		}
		n := r.Create(&ir.OperationState{Name: ctx.OpName("tensor.collapse_shape"), Loc: op.Loc(),
			Operands: []ir.Value{collapse.Operand(0)}, ResultTypes: []ir.Type{resT},
			Properties: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "reassociation", Value: reassociationAttr(ctx, groups)}})})
		r.ReplaceOp(op, n.Results())
		return true
	}
	groups, ok := composeCollapsing(reassociation(op), reassociation(collapse), res, src)
	if !ok {
		return false
	}
	operands := append([]ir.Value{collapse.Operand(0)}, op.Operands()[1:]...)
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands,
		ResultTypes: []ir.Type{resT}, Properties: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "reassociation", Value: reassociationAttr(ctx, groups)},
			{Name: "static_output_shape", Value: op.InherentAttr("static_output_shape")},
		})})
	r.ReplaceOp(op, n.Results())
	return true
}

// collapseOfCast moves a cast that only erases static sizes after a
// collapse_shape (FoldCollapseOfCastOp).
func collapseOfCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	cast := definedBy(op.Operand(0), "tensor.cast")
	if !canFoldIntoConsumer(cast) {
		return false
	}
	src, ok := cast.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return false
	}
	ctx := r.Ctx
	nt := collapsedType(ctx, src, reassociation(op))
	if nt == nil {
		return false
	}
	if nt == op.Result(0).Type() {
		r.ModifyInPlace(op, func() { op.SetOperand(0, cast.Operand(0)) })
		return true
	}
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: []ir.Value{cast.Operand(0)},
		ResultTypes: []ir.Type{nt}, Properties: op.Properties(), Attributes: op.Attrs()})
	c := r.Create(&ir.OperationState{Name: ctx.OpName("tensor.cast"), Loc: op.Loc(),
		Operands: []ir.Value{n.Result(0)}, ResultTypes: []ir.Type{op.Result(0).Type()}})
	r.ReplaceOp(op, c.Results())
	return true
}

// chainedBitcast folds bitcast(bitcast(x)) into one bitcast of x
// (ChainedTensorBitcast).
func chainedBitcast(op *ir.Operation, r *rewrite.Rewriter) bool {
	inner := definedBy(op.Operand(0), "tensor.bitcast")
	if inner == nil {
		return false
	}
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: []ir.Value{inner.Operand(0)},
		ResultTypes: []ir.Type{op.Result(0).Type()}})
	r.ReplaceOp(op, n.Results())
	return true
}

// concatResultType is ConcatOp::inferResultType: the sizes along dim
// added up (dynamic if one is), and every other dimension static when
// one operand has it static.
func concatResultType(ctx *ir.Context, dim int, operands []ir.Value) *ir.RankedTensorType {
	var first *ir.RankedTensorType
	for _, v := range operands {
		t, ok := v.Type().(*ir.RankedTensorType)
		if !ok || (first != nil && len(t.Shape) != len(first.Shape)) {
			return nil
		}
		if first == nil {
			first = t
		}
	}
	if first == nil || dim < 0 || dim >= len(first.Shape) {
		return nil
	}
	shape := make([]int64, len(first.Shape))
	for i := range shape {
		if i == dim {
			sum := int64(0)
			for _, v := range operands {
				d := v.Type().(*ir.RankedTensorType).Shape[i]
				if d == Dynamic || sum == Dynamic {
					sum = Dynamic
				} else {
					sum += d
				}
			}
			shape[i] = sum
			continue
		}
		shape[i] = Dynamic
		for _, v := range operands {
			if d := v.Type().(*ir.RankedTensorType).Shape[i]; d != Dynamic {
				shape[i] = d
				break
			}
		}
	}
	return ctx.RankedTensorType(shape, first.Elem, nil)
}

func concatDim(op *ir.Operation) int {
	a, ok := op.InherentAttr("dim").(*ir.IntegerAttr)
	if !ok {
		return -1
	}
	return int(a.Int64())
}

// inferConcatOperandTypes is InferConcatOperandTypes: operands whose type
// is less static than the result's other dimensions are cast to it.
func inferConcatOperandTypes(op *ir.Operation, r *rewrite.Rewriter) bool {
	dim := concatDim(op)
	inferred := concatResultType(r.Ctx, dim, op.Operands())
	if inferred == nil {
		return false
	}
	matched := false
	for i, v := range op.Operands() {
		t := v.Type().(*ir.RankedTensorType)
		shape := append([]int64(nil), inferred.Shape...)
		shape[dim] = t.Shape[dim]
		nt := r.Ctx.RankedTensorType(shape, inferred.Elem, nil)
		if preservesStaticInformation(nt, t) {
			continue
		}
		matched = true
		c := r.Create(&ir.OperationState{Name: r.Ctx.OpName("tensor.cast"), Loc: op.Loc(),
			Operands: []ir.Value{v}, ResultTypes: []ir.Type{nt}})
		idx := i
		r.ModifyInPlace(op, func() { op.SetOperand(idx, c.Result(0)) })
	}
	return matched
}

// inferConcatResultType is InferConcatResultType: a concat whose result
// type is less static than its operands give is rebuilt with the inferred
// type and cast back.
func inferConcatResultType(op *ir.Operation, r *rewrite.Rewriter) bool {
	inferred := concatResultType(r.Ctx, concatDim(op), op.Operands())
	if inferred == nil || preservesStaticInformation(inferred, op.Result(0).Type()) {
		return false
	}
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: op.Operands(),
		ResultTypes: []ir.Type{inferred}, Properties: op.Properties(), Attributes: op.Attrs()})
	c := r.Create(&ir.OperationState{Name: r.Ctx.OpName("tensor.cast"), Loc: op.Loc(),
		Operands: []ir.Value{n.Result(0)}, ResultTypes: []ir.Type{op.Result(0).Type()}})
	r.ReplaceOp(op, c.Results())
	return true
}

// padOfCast is PadOp's FoldSourceTensorCast: a pad of a cast that only
// erases static sizes pads the cast's source, or first gets the result
// type that source gives (with a cast back).
func padOfCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	cast := definedBy(op.Operand(0), "tensor.cast")
	if !canFoldIntoConsumer(cast) {
		return false
	}
	src, ok1 := cast.Operand(0).Type().(*ir.RankedTensorType)
	res, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	low, high := denseI64(op.InherentAttr("static_low")), denseI64(op.InherentAttr("static_high"))
	if !ok1 || !ok2 || len(low) != len(src.Shape) || len(high) != len(src.Shape) || len(res.Shape) != len(src.Shape) {
		return false
	}
	shape := make([]int64, len(src.Shape))
	for i, d := range src.Shape {
		if d == Dynamic || low[i] == Dynamic || high[i] == Dynamic {
			shape[i] = res.Shape[i]
		} else {
			shape[i] = d + low[i] + high[i]
		}
	}
	nt := r.Ctx.RankedTensorType(shape, src.Elem, nil)
	if nt == op.Result(0).Type() {
		r.ModifyInPlace(op, func() { op.SetOperand(0, cast.Operand(0)) })
		return true
	}
	n := op.Clone(nil)
	n.Result(0).SetType(nt)
	r.SetInsertionPoint(op)
	r.Insert(n)
	c := r.Create(&ir.OperationState{Name: r.Ctx.OpName("tensor.cast"), Loc: op.Loc(),
		Operands: []ir.Value{n.Result(0)}, ResultTypes: []ir.Type{op.Result(0).Type()}})
	r.ReplaceOp(op, c.Results())
	return true
}

// staticExpandOfCast is ConvertToStaticExpandShape: an expand_shape of a
// cast that only erases static sizes takes the constant output sizes the
// cast's source allows as static dimensions, expanding a cast to the
// matching input type and casting the result back.
func staticExpandOfCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	cast := definedBy(op.Operand(0), "tensor.cast")
	if !canFoldIntoConsumer(cast) {
		return false
	}
	castSrc, ok1 := cast.Operand(0).Type().(*ir.RankedTensorType)
	res, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	srcT, ok3 := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	groups := reassociation(op)
	outputs := op.Operands()[1:]
	shape := append([]int64(nil), res.Shape...)
	var dyn []ir.Value
	k := 0
	for in, g := range groups {
		for _, out := range g {
			if int(out) >= len(shape) || shape[out] != Dynamic {
				continue
			}
			if k >= len(outputs) {
				return false
			}
			v := outputs[k]
			k++
			if in >= len(castSrc.Shape) || castSrc.Shape[in] == Dynamic {
				dyn = append(dyn, v)
				continue
			}
			if c, ok := constantIndexValue(v); ok {
				shape[out] = c
			} else {
				dyn = append(dyn, v)
			}
		}
	}
	if len(dyn) == len(outputs) {
		return false
	}
	inShape := make([]int64, len(srcT.Shape))
	for in := range inShape {
		inShape[in] = 1
		if in >= len(groups) {
			return false
		}
		for _, out := range groups[in] {
			if shape[out] == Dynamic {
				inShape[in] = Dynamic
				break
			}
			inShape[in] *= shape[out]
		}
	}
	ctx := r.Ctx
	inT := ctx.RankedTensorType(inShape, srcT.Elem, nil)
	outT := ctx.RankedTensorType(shape, srcT.Elem, nil)
	inCast := r.Create(&ir.OperationState{Name: ctx.OpName("tensor.cast"), Loc: op.Loc(),
		Operands: []ir.Value{op.Operand(0)}, ResultTypes: []ir.Type{inT}})
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(),
		Operands: append([]ir.Value{inCast.Result(0)}, dyn...), ResultTypes: []ir.Type{outT},
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "reassociation", Value: op.InherentAttr("reassociation")},
			{Name: "static_output_shape", Value: ctx.DenseI64Array(shape...)},
		})})
	c := r.Create(&ir.OperationState{Name: ctx.OpName("tensor.cast"), Loc: op.Loc(),
		Operands: []ir.Value{n.Result(0)}, ResultTypes: []ir.Type{res}})
	r.ReplaceOp(op, c.Results())
	return true
}

// constantIndexValue returns the integer held by a constant operand.
func constantIndexValue(v ir.Value) (int64, bool) { return viewlike.ConstantIntValue(v) }
