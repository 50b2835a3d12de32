package linalg

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// Generalize replaces a structured operation other than linalg.generic by
// the linalg.generic with its inputs, outputs, indexing maps, iterator
// types and body (MLIR's generalizeNamedOp). The attributes of the named
// operation are not carried over. It reports whether op was replaced.
func Generalize(op *ir.Operation, r *rewrite.Rewriter) bool {
	s, ok := AsStructuredOp(op)
	if !ok || op.Name() == "linalg.generic" || op.NumRegions() != 1 {
		return false
	}
	ctx := op.Context()
	maps := s.IndexingMaps()
	if len(maps) != op.NumOperands() {
		return false
	}
	its := s.IteratorTypes()
	itAttrs := make([]ir.Attribute, len(its))
	for i, it := range its {
		itAttrs[i] = iteratorTypeAttr(ctx, it)
	}
	ins, outs := s.Inputs(), s.Outputs()
	var resultTypes []ir.Type
	if s.HasPureTensorSemantics() {
		resultTypes = types(outs)
	}
	name := ctx.LookupOpName("linalg.generic")
	st := &ir.OperationState{Name: name, Loc: op.Loc(), NumRegions: 1, ResultTypes: resultTypes}
	st.Operands = append(append(st.Operands, ins...), outs...)
	st.Properties = ctx.DictionaryAttr([]ir.NamedAttr{
		{Name: "indexing_maps", Value: mapsAttr(ctx, maps)},
		{Name: "iterator_types", Value: ctx.ArrayAttr(itAttrs)},
		segments(ctx, len(ins), len(outs)),
	})
	g := r.Create(st)
	r.InlineRegionBefore(op.Region(0), g.Region(0), nil)
	r.ReplaceOp(op, g.Results())
	return true
}
