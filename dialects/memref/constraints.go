package memref

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

func isIntOrFloat(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Signedness == ir.Signless
	case *ir.FloatType:
		return true
	}
	return false
}

func rankedOfRank(rank int, elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		m, ok := t.(*ir.MemRefType)
		return ok && (rank < 0 || len(m.Shape) == rank) && (elem == nil || elem(m.Elem))
	}
}

func isStrided(t ir.Type) bool {
	m, ok := t.(*ir.MemRefType)
	return ok && viewlike.IsStrided(m)
}

func isI64Attr(a ir.Attribute) (int64, bool) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	it, ok := ia.Type.(*ir.IntegerType)
	if !ok || it.Width != 64 || it.Signedness != ir.Signless {
		return 0, false
	}
	return ia.Int64(), true
}

func isI32Attr(a ir.Attribute) (int64, bool) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	it, ok := ia.Type.(*ir.IntegerType)
	if !ok || it.Width != 32 || it.Signedness != ir.Signless {
		return 0, false
	}
	return ia.Int64(), true
}

// registerConstraints registers the constraints memref.irdl names that
// only Go can decide, with ODS's summaries.
func registerConstraints() {
	irdl.RegisterTypeConstraint("MemRefRanked", "memref of any type values", rankedOfRank(-1, nil))
	irdl.RegisterTypeConstraint("MemRefRanked1D", "1D memref of any type values", rankedOfRank(1, nil))
	irdl.RegisterTypeConstraint("MemRefRanked1DOfI8", "1D memref of 8-bit signless integer values",
		rankedOfRank(1, func(t ir.Type) bool {
			it, ok := t.(*ir.IntegerType)
			return ok && it.Width == 8 && it.Signedness == ir.Signless
		}))
	irdl.RegisterTypeConstraint("MemRef1DOfIntOrIndex", "1D memref of signless integer or index values",
		rankedOfRank(1, func(t ir.Type) bool {
			if _, ok := t.(*ir.IndexType); ok {
				return true
			}
			it, ok := t.(*ir.IntegerType)
			return ok && it.Signedness == ir.Signless
		}))
	irdl.RegisterTypeConstraint("MemRefOfIntOrFloat", "memref of signless integer or floating-point values",
		rankedOfRank(-1, isIntOrFloat))
	irdl.RegisterTypeConstraint("AnyRankedOrUnrankedMemRef", "ranked or unranked memref of any type values",
		func(t ir.Type) bool {
			switch t.(type) {
			case *ir.MemRefType, *ir.UnrankedMemRefType:
				return true
			}
			return false
		})
	irdl.RegisterTypeConstraint("AnyNon0RankedOrUnrankedMemRef",
		"unranked.memref of any type values or non-0-ranked.memref of any type values",
		func(t ir.Type) bool {
			switch t := t.(type) {
			case *ir.MemRefType:
				return len(t.Shape) != 0
			case *ir.UnrankedMemRefType:
				return true
			}
			return false
		})
	irdl.RegisterTypeConstraint("AnyStridedMemRef", "strided memref of any type values", isStrided)
	irdl.RegisterTypeConstraint("AnyStridedMemRefOfRank0", "strided memref of any type values of rank 0",
		func(t ir.Type) bool { return isStrided(t) && len(t.(*ir.MemRefType).Shape) == 0 })
	irdl.RegisterTypeConstraint("MemRefStaticShape", "statically shaped memref of any type values",
		func(t ir.Type) bool {
			m, ok := t.(*ir.MemRefType)
			return ok && ir.NumElements(m.Shape) >= 0
		})

	i64 := func(ctx *ir.Context) ir.Type { return ctx.I(64) }
	i32 := func(ctx *ir.Context) ir.Type { return ctx.I(32) }
	irdl.RegisterAttrConstraint("MemRefAlignmentAttr",
		"64-bit signless integer attribute whose value is positive and whose value is a power of two > 0",
		i64, func(a ir.Attribute) bool {
			v, ok := isI64Attr(a)
			return ok && v > 0 && v&(v-1) == 0
		})
	irdl.RegisterAttrConstraint("MemRefPositiveI32Attr", "32-bit signless integer attribute whose value is positive",
		i32, func(a ir.Attribute) bool {
			v, ok := isI32Attr(a)
			return ok && v > 0
		})
	irdl.RegisterAttrConstraint("MemRefLocalityHintAttr",
		"32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3",
		i32, func(a ir.Attribute) bool {
			v, ok := isI32Attr(a)
			return ok && v >= 0 && v <= 3
		})
	irdl.RegisterAttrConstraint("MemRefTypeAttr", "memref type attribute", nil, func(a ir.Attribute) bool {
		ta, ok := a.(*ir.TypeAttr)
		if !ok {
			return false
		}
		_, ok = ta.Type.(*ir.MemRefType)
		return ok
	})
}
