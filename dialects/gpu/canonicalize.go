package gpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/memref"
)

// waitCanonicalizationPatterns are upstream's EraseRedundantGpuWaitOpPairs
// (drop dependencies on gpu.wait ops that have none themselves) and
// SimplifyGpuWaitOp (erase a wait with no dependencies and no token or an
// unused token, forward the single dependency of an async wait).
func waitCanonicalizationPatterns() []rewrite.Pattern {
	isBareWait := func(v ir.Value) bool {
		d := ir.DefiningOp(v)
		return d != nil && d.Name() == "gpu.wait" && d.NumOperands() == 0
	}
	return []rewrite.Pattern{
		&rewrite.Func{RootName: "gpu.wait", BenefitValue: 1, PatternName: "EraseRedundantGpuWaitOpPairs",
			Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
				var kept []ir.Value
				for _, v := range op.Operands() {
					if !isBareWait(v) {
						kept = append(kept, v)
					}
				}
				if len(kept) == op.NumOperands() {
					return false
				}
				r.ModifyInPlace(op, func() { op.SetOperands(kept) })
				return true
			}},
		&rewrite.Func{RootName: "gpu.wait", BenefitValue: 1, PatternName: "SimplifyGpuWaitOp",
			Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
				hasToken := op.NumResults() == 1
				switch {
				case op.NumOperands() == 0 && !hasToken:
					r.EraseOp(op)
				case op.NumOperands() == 1 && hasToken:
					r.ReplaceOp(op, []ir.Value{op.Operand(0)})
				case hasToken && !ir.HasUses(op.Result(0)):
					r.EraseOp(op)
				default:
					return false
				}
				return true
			}},
	}
}

// launchCanonicalizationPatterns is upstream's FoldLaunchArguments: the
// id along a dimension of size one is zero.
func launchCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: "gpu.launch", BenefitValue: 1, PatternName: "FoldLaunchArguments",
		Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			l, ok := AsLaunchOp(op)
			if !ok {
				return false
			}
			entry := l.Body().First()
			if entry == nil || entry.NumArguments() < 12 {
				return false
			}
			sizes := []ir.Value{l.GridSizeX(), l.GridSizeY(), l.GridSizeZ(), l.BlockSizeX(), l.BlockSizeY(), l.BlockSizeZ()}
			var zero ir.Value
			for i, size := range sizes {
				id := entry.Argument(i)
				if !isConstantOne(size) || !ir.HasUses(id) {
					continue
				}
				if zero == nil {
					r.SetInsertionPointToStart(entry)
					zero = r.CreateOp("arith.constant", nil, []ir.Type{r.Ctx.IndexType()},
						ir.NamedAttr{Name: "value", Value: r.Ctx.IntegerAttr(r.Ctx.IndexType(), 0)}).Result(0)
				}
				r.ReplaceAllUsesWith(id, zero)
			}
			return zero != nil
		}}}
}

func isConstantOne(v ir.Value) bool {
	d := ir.DefiningOp(v)
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return false
	}
	ia, ok := d.Attr("value").(*ir.IntegerAttr)
	return ok && ia.Int64() == 1
}

// uniformPatterns mark a group reduction uniform when it sits in the
// entry block of a gpu.launch, as upstream's folders of gpu.all_reduce and
// gpu.subgroup_reduce.
func uniformPatterns(root string) []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: root, BenefitValue: 1, PatternName: root + "-uniform",
		Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			if op.InherentAttr("uniform") != nil {
				return false
			}
			parent := op.ParentOp()
			if parent == nil || parent.Name() != "gpu.launch" || op.Block() != parent.Region(0).First() {
				return false
			}
			r.ModifyInPlace(op, func() { op.SetAttr("uniform", r.Ctx.Unit()) })
			return true
		}}}
}

func allReduceCanonicalizationPatterns() []rewrite.Pattern { return uniformPatterns("gpu.all_reduce") }

func subgroupReduceCanonicalizationPatterns() []rewrite.Pattern {
	return uniformPatterns("gpu.subgroup_reduce")
}

// allocCanonicalizationPatterns is upstream's SimplifyDimOfAllocOp: the
// size of a dynamic dimension of a gpu.alloc is its size operand.
func allocCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: memref.DimOpName, BenefitValue: 1, PatternName: "SimplifyDimOfAllocOp",
		Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			dim, ok := memref.AsDimOp(op)
			if !ok || op.NumOperands() != 2 {
				return false
			}
			idxOp := ir.DefiningOp(dim.Index())
			if idxOp == nil || !idxOp.HasTrait(ir.ConstantLike) {
				return false
			}
			ia, ok := idxOp.Attr("value").(*ir.IntegerAttr)
			if !ok {
				return false
			}
			index := ia.Int64()
			mt, ok := dim.Source().Type().(*ir.MemRefType)
			if !ok || index < 0 || index >= int64(len(mt.Shape)) || mt.Shape[index] != ir.Dynamic {
				return false
			}
			alloc, ok := AsAllocOp(ir.DefiningOp(dim.Source()))
			if !ok || alloc.Operation == nil {
				return false
			}
			dyn := 0
			for i := int64(0); i < index; i++ {
				if mt.Shape[i] == ir.Dynamic {
					dyn++
				}
			}
			sizes := alloc.DynamicSizes()
			if dyn >= len(sizes) {
				return false
			}
			r.ReplaceOp(op, []ir.Value{sizes[dyn]})
			return true
		}}}
}

// hasSingleEffect reports whether op's only memory effect is one of kind
// on v.
func hasSingleEffect(op *ir.Operation, kind ir.EffectKind, v ir.Value) bool {
	effects, known := op.Effects()
	if !known || len(effects) == 0 {
		return false
	}
	for _, e := range effects {
		if e.Kind != kind || e.Value != v {
			return false
		}
	}
	return true
}

// memcpyCanonicalizationPatterns is upstream's EraseTrivialCopyOp: a copy
// into a fresh allocation that nothing but deallocations reads is erased,
// its single dependency forwarded to its token.
func memcpyCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: "gpu.memcpy", BenefitValue: 1, PatternName: "EraseTrivialCopyOp",
		Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			cp, ok := AsMemcpyOp(op)
			if !ok {
				return false
			}
			dst := cp.Dst()
			def := ir.DefiningOp(dst)
			if def == nil || !hasSingleEffect(def, ir.EffectAllocate, dst) {
				return false
			}
			for u := dst.FirstUse(); u != nil; u = u.Next() {
				if u.Owner() != op && !hasSingleEffect(u.Owner(), ir.EffectFree, dst) {
					return false
				}
			}
			deps := cp.AsyncDependencies()
			token := cp.AsyncToken()
			if len(deps) > 1 || (len(deps) == 0) != (token == nil) {
				return false
			}
			r.ReplaceOp(op, deps)
			return true
		}}}
}

// foldCastOperands folds memref.cast operands into gpu.memcpy, gpu.memset
// and gpu.dealloc, as their upstream folders.
func foldCastOperands(op *ir.Operation) ([]ir.FoldResult, bool) {
	return nil, memref.FoldMemRefCastOperands(op)
}

func foldMemcpy(op MemcpyOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return foldCastOperands(op.Operation)
}

func foldMemset(op MemsetOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return foldCastOperands(op.Operation)
}

func foldDealloc(op DeallocOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return foldCastOperands(op.Operation)
}

// verifyAlloc is upstream's AllocOp::verify: one size operand per dynamic
// dimension, one symbol operand per symbol of the layout map.
func verifyAlloc(op AllocOp) error {
	m, ok := op.Memref().Type().(*ir.MemRefType)
	if !ok {
		return nil
	}
	dyn := 0
	for _, d := range m.Shape {
		if d == ir.Dynamic {
			dyn++
		}
	}
	if len(op.DynamicSizes()) != dyn {
		return ir.OpError(op.Operation, fmt.Sprintf("incorrect number of dynamic sizes, has %d, expected %d", len(op.DynamicSizes()), dyn))
	}
	syms := 0
	if am, ok := m.Layout.(*ir.AffineMapAttr); ok && !am.Map.IsIdentity() {
		syms = am.Map.NumSyms
	}
	if len(op.SymbolOperands()) != syms {
		return ir.OpError(op.Operation, "symbol operand count does not equal memref symbol count")
	}
	return nil
}
