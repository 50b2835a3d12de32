package tiletoneuron

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/targets/chips"
)

// splitContractions re-blocks the dots of kernel k whose contraction is
// longer than the tensor engine's (K over the chip's partitions): when both
// operands are tile.loads (without masks) used only by the dot, each load
// becomes loads of K pieces of at most PartitionMax at element offsets, and
// the dot a chain of dots over the pieces, each accumulating into the
// previous one's result. tile.dot adds the products k ascending with one
// rounding each, so the chain computes the same numbers, and the pieces
// read the same elements (the pad where the original did). It returns the
// number of dots split.
func splitContractions(k *ir.Operation, chip *chips.Chip) int {
	var dots []tile.DotOp
	k.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if d, ok := tile.AsDotOp(o); ok && tile.DotBatchRank(d) == 0 {
			dots = append(dots, d)
		}
		return true
	})
	n := 0
	for _, d := range dots {
		as, _ := tensorInfo(d.A().Type())
		if len(as) != 2 || as[1] <= chip.PartitionMax {
			continue
		}
		la, okA := splittable(d.A(), d.Operation)
		lb, okB := splittable(d.B(), d.Operation)
		if !okA || !okB || la.Operation == lb.Operation {
			continue
		}
		splitDot(d, la, lb, as[1], chip.PartitionMax)
		n++
	}
	return n
}

// splittable returns the tile.load defining v when the dot is its only
// user and it has no mask.
func splittable(v ir.Value, dot *ir.Operation) (tile.LoadOp, bool) {
	ld, ok := tile.AsLoadOp(ir.DefiningOp(v))
	if !ok || ld.Mask() != nil || len(ld.Indices()) != 2 {
		return ld, false
	}
	for u := v.FirstUse(); u != nil; u = u.Next() {
		if u.Owner() != dot {
			return ld, false
		}
	}
	return ld, true
}

// corner returns the element offsets of a load's block.
func corner(b *ir.Builder, ld tile.LoadOp, shape []int64) []ir.Value {
	idx := ld.Indices()
	if ld.At() {
		return idx
	}
	out := make([]ir.Value, len(idx))
	for i, x := range idx {
		out[i] = arith.BuildMuli(b, ld.Loc(), x, indexConst(b, ld.Loc(), shape[i])).Result()
	}
	return out
}

func indexConst(b *ir.Builder, loc ir.Location, v int64) ir.Value {
	return arith.BuildConstant(b, loc, b.Ctx.IntegerAttr(b.Ctx.IndexType(), v), b.Ctx.IndexType()).Result()
}

func splitDot(d tile.DotOp, la, lb tile.LoadOp, K, piece int64) {
	b := ir.NewBuilder(d.Context())
	b.SetInsertionPoint(d.Operation)
	loc := d.Loc()
	as, ae := tensorInfo(d.A().Type())
	bs, be := tensorInfo(d.B().Type())
	ca, cb := corner(b, la, as), corner(b, lb, bs)
	var opts tile.DotOptions
	if p, ok := d.Precision(); ok {
		opts.Precision = &p
	}
	acc := d.Acc()
	for k0 := int64(0); k0 < K; k0 += piece {
		kc := min(piece, K-k0)
		off := indexConst(b, loc, k0)
		aCol := arith.BuildAddi(b, loc, ca[1], off).Result()
		bRow := arith.BuildAddi(b, loc, cb[0], off).Result()
		x := tile.BuildLoad(b, la.Loc(), la.View(), []ir.Value{ca[0], aCol}, d.Context().RankedTensorType([]int64{as[0], kc}, ae, nil),
			tile.LoadOptions{At: true, Pad: la.Pad()})
		y := tile.BuildLoad(b, lb.Loc(), lb.View(), []ir.Value{bRow, cb[1]}, d.Context().RankedTensorType([]int64{kc, bs[1]}, be, nil),
			tile.LoadOptions{At: true, Pad: lb.Pad()})
		acc = tile.BuildDot(b, loc, x.Result(), y.Result(), acc, opts).Result()
	}
	ir.ReplaceAllUsesWith(d.Result(), acc)
	d.Operation.Erase()
	la.Operation.Erase()
	lb.Operation.Erase()
}
