package vector

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// gatherCanonicalizationPatterns are vector.gather's canonicalization
// patterns (upstream's GatherFolder and FoldContiguousGather).
func gatherCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{
		&rewrite.Func{RootName: GatherOpName, BenefitValue: 1, PatternName: "GatherFolder", Fn: foldAllFalseGather},
		&rewrite.Func{RootName: GatherOpName, BenefitValue: 1, PatternName: "FoldContiguousGather", Fn: foldContiguousGather},
	}
}

// scatterCanonicalizationPatterns are vector.scatter's canonicalization
// patterns (upstream's ScatterFolder and FoldContiguousScatter).
func scatterCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{
		&rewrite.Func{RootName: ScatterOpName, BenefitValue: 1, PatternName: "ScatterFolder", Fn: foldAllFalseScatter},
		&rewrite.Func{RootName: ScatterOpName, BenefitValue: 1, PatternName: "FoldContiguousScatter", Fn: foldContiguousScatter},
	}
}

// foldAllFalseGather replaces a gather whose mask is all false by its
// pass-through vector: no lane is read.
func foldAllFalseGather(o *ir.Operation, r *rewrite.Rewriter) bool {
	g, ok := AsGatherOp(o)
	if !ok || !allFalseMask(g.Mask()) {
		return false
	}
	r.ReplaceOp(o, []ir.Value{g.PassThru()})
	return true
}

// foldContiguousGather turns a gather from a memref whose index vector
// is 0, 1, 2, ... into the vector.maskedload of the same lanes (built
// anew, without the gather's alignment, as upstream).
func foldContiguousGather(o *ir.Operation, r *rewrite.Rewriter) bool {
	g, ok := AsGatherOp(o)
	if !ok || !isMemRef(g.Base()) || !zeroBasedContiguous(g.IndexVec()) {
		return false
	}
	r.SetInsertionPoint(o)
	l := BuildMaskedload(r.Builder, o.Loc(), g.Base(), g.Indices(), g.Mask(), g.PassThru(), g.Result().Type())
	if l.Operation == nil {
		return false
	}
	r.ReplaceOp(o, l.Operation.Results())
	return true
}

// foldAllFalseScatter erases a scatter whose mask is all false: no lane
// is written, and a scatter into a tensor yields the tensor unchanged.
func foldAllFalseScatter(o *ir.Operation, r *rewrite.Rewriter) bool {
	s, ok := AsScatterOp(o)
	if !ok || !allFalseMask(s.Mask()) {
		return false
	}
	if o.NumResults() == 1 {
		r.ReplaceOp(o, []ir.Value{s.Base()})
		return true
	}
	r.EraseOp(o)
	return true
}

// foldContiguousScatter turns a scatter into a memref whose index vector
// is 0, 1, 2, ... into the vector.maskedstore of the same lanes.
func foldContiguousScatter(o *ir.Operation, r *rewrite.Rewriter) bool {
	s, ok := AsScatterOp(o)
	if !ok || o.NumResults() != 0 || !isMemRef(s.Base()) || !zeroBasedContiguous(s.IndexVec()) {
		return false
	}
	r.SetInsertionPoint(o)
	st := BuildMaskedstore(r.Builder, o.Loc(), s.Base(), s.Indices(), s.Mask(), s.ValueToStore())
	if st.Operation == nil {
		return false
	}
	r.EraseOp(o)
	return true
}

func isMemRef(v ir.Value) bool {
	_, ok := v.Type().(*ir.MemRefType)
	return ok
}

// zeroBasedContiguous reports whether the index vector v, of rank 1 and
// fixed size, is 0, 1, 2, ...: a vector.step, or a constant of those
// values (upstream's isZeroBasedContiguousSeq).
func zeroBasedContiguous(v ir.Value) bool {
	vt, ok := v.Type().(*ir.VectorType)
	if !ok || len(vt.Shape) != 1 || len(vt.Scalable) > 0 && vt.Scalable[0] {
		return false
	}
	if def := ir.DefiningOp(v); def != nil && def.Name() == StepOpName {
		return true
	}
	d, ok := constantAttr(v).(*ir.DenseElementsAttr)
	eb := elementBytes(vt.Elem)
	if !ok || eb == 0 || eb > 8 {
		return false
	}
	for i := int64(0); i < vt.Shape[0]; i++ {
		at := int(i) * eb
		if d.Splat {
			at = 0
		}
		if at+eb > len(d.Data) {
			return false
		}
		var x uint64
		for k := eb - 1; k >= 0; k-- {
			x = x<<8 | uint64(d.Data[at+k])
		}
		if x != uint64(i) {
			return false
		}
	}
	return true
}

// allFalseMask is getMaskFormat(mask) == AllFalse: a constant whose
// elements are all false, a vector.constant_mask with a zero size, or a
// vector.create_mask with a constant size of zero or less.
func allFalseMask(mask ir.Value) bool {
	def := ir.DefiningOp(mask)
	vt, ok := mask.Type().(*ir.VectorType)
	if def == nil || !ok {
		return false
	}
	switch def.Name() {
	case "vector.constant_mask":
		dims := denseI64(def.Attr("mask_dim_sizes"))
		if len(dims) != len(vt.Shape) {
			return false
		}
		allTrue, allFalse := true, true
		for i, s := range dims {
			if s < vt.Shape[i] {
				allTrue = false
			}
			if s > 0 {
				allFalse = false
			}
		}
		return !allTrue && allFalse
	case "vector.create_mask":
		for _, o := range def.Operands() {
			if c, ok := constantIndex(o); ok && c <= 0 {
				return true
			}
		}
		return false
	}
	d, ok := constantAttr(mask).(*ir.DenseElementsAttr)
	if !ok || len(d.Data) == 0 {
		return false
	}
	for _, b := range d.Data {
		if b&1 != 0 {
			return false
		}
	}
	return true
}
