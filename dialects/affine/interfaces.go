package affine

import (
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
)

// blockValues returns the arguments of the entry block of r from index
// from as values.
func blockValues(r *ir.Region, from int) []ir.Value {
	b := r.First()
	if b == nil || b.NumArguments() < from {
		return nil
	}
	args := b.Arguments()[from:]
	vs := make([]ir.Value, len(args))
	for i, a := range args {
		vs[i] = a
	}
	return vs
}

func forInterfaces(in *ir.Interfaces) {
	in.SuccessorRegions = func(op *ir.Operation, _ *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
		body := op.Region(0)
		return []ir.RegionSuccessor{{Region: body, Inputs: blockValues(body, 1)}, {Inputs: op.Results()}}
	}
	in.EntrySuccessorOperands = func(op *ir.Operation, _ *ir.Region) []ir.Value {
		_, _, inits := forParts(op)
		return inits
	}
	in.LoopRegions = func(op *ir.Operation) []*ir.Region { return []*ir.Region{op.Region(0)} }
	in.InductionVars = func(op *ir.Operation) []ir.Value {
		if vs := blockValues(op.Region(0), 0); len(vs) > 0 {
			return vs[:1]
		}
		return nil
	}
}

func ifInterfaces(in *ir.Interfaces) {
	in.SuccessorRegions = func(op *ir.Operation, from *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
		parent := ir.RegionSuccessor{Inputs: op.Results()}
		if from != nil {
			return []ir.RegionSuccessor{parent}
		}
		els := ir.RegionSuccessor{Region: op.Region(1)}
		if op.Region(1).Empty() {
			els = parent
		}
		return []ir.RegionSuccessor{{Region: op.Region(0)}, els}
	}
	in.EntrySuccessorOperands = func(*ir.Operation, *ir.Region) []ir.Value { return nil }
}

func yieldInterfaces(in *ir.Interfaces) {
	in.SuccessorOperands = func(op *ir.Operation, _ *ir.Region) []ir.Value { return op.Operands() }
}

// substituteConstants replaces the dimensions and symbols of m whose
// operand is an index constant by that constant.
func substituteConstants(m affine.Map, operands []ir.Attribute) []affine.Expr {
	dims := make([]affine.Expr, m.NumDims)
	syms := make([]affine.Expr, m.NumSyms)
	for i := range dims {
		dims[i] = affine.Dim(i)
	}
	for i := range syms {
		syms[i] = affine.Sym(i)
	}
	for i, a := range operands {
		ia, ok := a.(*ir.IntegerAttr)
		if !ok {
			continue
		}
		if i < m.NumDims {
			dims[i] = affine.Const(ia.Int64())
		} else if i-m.NumDims < m.NumSyms {
			syms[i-m.NumDims] = affine.Const(ia.Int64())
		}
	}
	out := make([]affine.Expr, len(m.Results))
	for i, e := range m.Results {
		out[i] = e.ReplaceDimsAndSymbols(dims, syms)
	}
	return out
}

// foldApply is AffineApplyOp::fold: a result that is one dimension or
// symbol folds to that operand, one that becomes constant once the
// constant operands are substituted folds to that constant.
func foldApply(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	m, ok := mapOf(op, "map")
	if !ok || len(m.Results) != 1 || op.NumOperands() != m.NumInputs() {
		return nil, false
	}
	e := m.Results[0]
	if e.IsDim() {
		return []ir.FoldResult{{Value: op.Operand(e.Position())}}, true
	}
	if e.IsSym() {
		return []ir.FoldResult{{Value: op.Operand(m.NumDims + e.Position())}}, true
	}
	r := substituteConstants(m, operands)[0]
	if !r.IsConstant() {
		return nil, false
	}
	ctx := op.Context()
	return []ir.FoldResult{{Attr: ctx.IntegerAttr(ctx.IndexType(), r.Value())}}, true
}

// foldMinMax folds an affine.min or affine.max over a single-symbol
// identity map to its operand and one whose results are all constant once
// the constant operands are substituted to the least or greatest of them.
func foldMinMax(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	m, ok := mapOf(op, "map")
	if !ok || len(m.Results) == 0 || op.NumOperands() != m.NumInputs() {
		return nil, false
	}
	rs := substituteConstants(m, operands)
	if m.NumSyms == 1 && m.NumDims == 0 && len(rs) == 1 && rs[0].IsSym() {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	best := int64(0)
	for i, r := range rs {
		if !r.IsConstant() {
			return nil, false
		}
		v := r.Value()
		if i == 0 || (op.Name() == "affine.min" && v < best) || (op.Name() == "affine.max" && v > best) {
			best = v
		}
	}
	ctx := op.Context()
	return []ir.FoldResult{{Attr: ctx.IntegerAttr(ctx.IndexType(), best)}}, true
}
