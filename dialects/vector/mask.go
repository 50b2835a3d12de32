package vector

import (
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
)

// MaskableOpModel is MLIR's MaskableOpInterface: an operation that a
// vector.mask may predicate, and the constraints of its masking.
type MaskableOpModel interface {
	// SupportsPassthru reports whether a vector.mask of op may give the
	// masked-off lanes of its result from a passthru value.
	SupportsPassthru(op *ir.Operation) bool
	// ExpectedMaskType returns the type of the mask that predicates op,
	// or nil when op is too malformed to say.
	ExpectedMaskType(op *ir.Operation) *ir.VectorType
}

// MaskableOp is the MaskableOpInterface of vector.transfer_read,
// vector.transfer_write, vector.reduction, vector.multi_reduction,
// vector.contract, vector.outerproduct and vector.gather.
var MaskableOp = ir.DeclareOpInterface[MaskableOpModel]("vector.MaskableOpInterface")

// MaskingOpOf returns the vector.mask that predicates op, if op is
// masked (MaskableOpInterface's getMaskingOp).
func MaskingOpOf(op *ir.Operation) (MaskOp, bool) {
	p := op.ParentOp()
	if p == nil || !MaskingOp.Has(p) {
		return MaskOp{}, false
	}
	return AsMaskOp(p)
}

// MaskableOpOf returns the operation op masks, or nil when its region
// holds nothing but its terminator (MaskingOpInterface's getMaskableOp).
func (op MaskOp) MaskableOpOf() *ir.Operation {
	b := op.MaskRegion().First()
	if b == nil || b.First() == nil || b.First() == b.Last() {
		return nil
	}
	return b.First()
}

// IsEmpty reports whether op masks no operation: its block holds at most
// its terminator.
func (op MaskOp) IsEmpty() bool {
	b := op.MaskRegion().First()
	return b == nil || b.First() == b.Last()
}

// attachMaskableOps gives the maskable operations of ctx their models.
func attachMaskableOps(ctx *ir.Context) {
	models := map[string]MaskableOpModel{
		TransferReadOpName:   transferMaskable{passthru: true},
		TransferWriteOpName:  transferMaskable{},
		ReductionOpName:      sourceMaskable{},
		MultiReductionOpName: sourceMaskable{},
		ContractOpName:       contractMaskable{},
		OuterproductOpName:   resultMaskable{},
		GatherOpName:         gatherMaskable{},
	}
	for name, m := range models {
		if on := ctx.LookupOpName(name); on != nil && on.Def != nil {
			MaskableOp.Attach(on.Def, m)
		}
	}
}

// i1Mask returns the mask type of shape and scalable dimensions of vt.
func i1Mask(ctx *ir.Context, vt *ir.VectorType) *ir.VectorType {
	return ctx.VectorType(vt.Shape, vt.Scalable, ctx.IntegerType(1, ir.Signless))
}

// transferMaskable is the model of the transfers: the mask has the shape
// of the vector projected through the permutation map
// (inferTransferOpMaskType); reads support a passthru.
type transferMaskable struct{ passthru bool }

func (m transferMaskable) SupportsPassthru(*ir.Operation) bool { return m.passthru }

func (transferMaskable) ExpectedMaskType(op *ir.Operation) *ir.VectorType {
	var vt *ir.VectorType
	if r, ok := AsTransferReadOp(op); ok {
		vt, _ = r.Vector().Type().(*ir.VectorType)
	} else if w, ok := AsTransferWriteOp(op); ok {
		vt, _ = w.ValueToStore().Type().(*ir.VectorType)
	}
	pm, ok := op.InherentAttr("permutation_map").(*ir.AffineMapAttr)
	if vt == nil || !ok {
		return nil
	}
	return maskType(op.Context(), vt, pm.Map)
}

// sourceMaskable is the model of the reductions: the mask has the shape
// of the reduced vector (the first operand).
type sourceMaskable struct{}

func (sourceMaskable) SupportsPassthru(*ir.Operation) bool { return false }

func (sourceMaskable) ExpectedMaskType(op *ir.Operation) *ir.VectorType {
	if op.NumOperands() == 0 {
		return nil
	}
	vt, ok := op.Operand(0).Type().(*ir.VectorType)
	if !ok {
		return nil
	}
	return i1Mask(op.Context(), vt)
}

// resultMaskable is the model of vector.outerproduct: the mask has the
// shape of the result.
type resultMaskable struct{}

func (resultMaskable) SupportsPassthru(*ir.Operation) bool { return false }

func (resultMaskable) ExpectedMaskType(op *ir.Operation) *ir.VectorType {
	if op.NumResults() != 1 {
		return nil
	}
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok {
		return nil
	}
	return i1Mask(op.Context(), vt)
}

// gatherMaskable is the model of vector.gather: the mask has the shape of
// the index vector.
type gatherMaskable struct{}

func (gatherMaskable) SupportsPassthru(*ir.Operation) bool { return false }

func (gatherMaskable) ExpectedMaskType(op *ir.Operation) *ir.VectorType {
	g, ok := AsGatherOp(op)
	if !ok {
		return nil
	}
	vt, ok := g.IndexVec().Type().(*ir.VectorType)
	if !ok {
		return nil
	}
	return i1Mask(op.Context(), vt)
}

// contractMaskable is the model of vector.contract: the mask spans the
// iteration space, each dimension sized by the operand dimension the
// lhs or rhs indexing map sends it to.
type contractMaskable struct{}

func (contractMaskable) SupportsPassthru(*ir.Operation) bool { return false }

func (contractMaskable) ExpectedMaskType(op *ir.Operation) *ir.VectorType {
	c, ok := AsContractOp(op)
	if !ok {
		return nil
	}
	maps, ok := c.InherentAttr("indexing_maps").(*ir.ArrayAttr)
	if !ok || len(maps.Elems) < 2 {
		return nil
	}
	var ms [2]affine.Map
	for i := range ms {
		a, ok := maps.Elems[i].(*ir.AffineMapAttr)
		if !ok {
			return nil
		}
		ms[i] = a.Map
	}
	n := ms[0].NumDims
	shape := make([]int64, n)
	scalable := make([]bool, n)
	known := make([]bool, n)
	for i, v := range []ir.Value{c.Lhs(), c.Rhs()} {
		vt, ok := v.Type().(*ir.VectorType)
		if !ok || len(vt.Shape) != ms[i].NumResults() {
			return nil
		}
		for d, r := range ms[i].Results {
			if !r.IsDim() || r.Position() >= n {
				return nil
			}
			p := r.Position()
			shape[p], known[p] = vt.Shape[d], true
			scalable[p] = d < len(vt.Scalable) && vt.Scalable[d]
		}
	}
	for _, k := range known {
		if !k {
			return nil
		}
	}
	return op.Context().VectorType(shape, scalable, op.Context().IntegerType(1, ir.Signless))
}

// ensureMaskTerminator is MaskOp::ensureTerminator: a region that ends
// with vector.yield stays as it is; a region holding one operation gets a
// vector.yield of that operation's results; any other region gets the
// default terminator (a vector.yield without operands) when it does not
// end with a terminator, and then fails to verify unless it is empty.
func ensureMaskTerminator(ctx *ir.Context, r *ir.Region, loc ir.Location) {
	b := r.First()
	if b == nil || b.First() == nil || b.First() != b.Last() {
		ir.EnsureTerminator(r, loc, func(loc ir.Location) *ir.Operation {
			return ir.NewOperation(&ir.OperationState{Name: ctx.OpName(YieldOpName), Loc: loc})
		})
		return
	}
	if _, ok := AsYieldOp(b.Last()); ok {
		return
	}
	bld := ir.NewBuilder(ctx)
	bld.SetInsertionPointToEnd(b)
	BuildYield(bld, loc, b.First().Results())
}

func parseMask(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	mask := p.ParseOperand()
	var passthru *ir.UnresolvedOperand
	if p.ParseOptionalPunct(",") {
		u := p.ParseOperand()
		passthru = &u
	}
	body := &ir.Region{}
	p.ParseRegion(body, nil)
	ensureMaskTerminator(ctx, body, st.Loc)
	attrDict(ctx, st, p.ParseOptionalAttrDict())
	p.ParsePunct(":")
	maskT := p.ParseType()
	var results []ir.Type
	if p.ParseOptionalPunct("->") {
		results = parseTypeList(p)
	}
	st.Operands = append(st.Operands, p.ResolveOperand(mask, maskT))
	if passthru != nil {
		if len(results) == 0 {
			return ir.NewError(p.NameLoc(), "custom op '"+MaskOpName+"' expects a result if passthru operand is provided")
		}
		st.Operands = append(st.Operands, p.ResolveOperand(*passthru, results[0]))
	}
	st.ResultTypes = append(st.ResultTypes, results...)
	st.Regions = []*ir.Region{body}
	return nil
}

// parseTypeList parses `t` or `(t1, t2, ...)` (MLIR's
// parseOptionalArrowTypeList after the arrow).
func parseTypeList(p ir.OpAsmParser) []ir.Type {
	if !p.ParseOptionalPunct("(") {
		return []ir.Type{p.ParseType()}
	}
	var ts []ir.Type
	if p.ParseOptionalPunct(")") {
		return nil
	}
	for {
		ts = append(ts, p.ParseType())
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(")")
	return ts
}

func printMask(p ir.OpAsmPrinter, op MaskOp) {
	p.WriteString(" ")
	p.PrintOperand(op.Mask())
	if pt := op.Passthru(); pt != nil {
		p.WriteString(", ")
		p.PrintOperand(pt)
	}
	p.WriteString(" { ")
	if b := op.MaskRegion().First(); b != nil && b.First() != nil {
		p.PrintCustomOrGenericOp(b.First())
	}
	p.WriteString(" }")
	p.PrintOptionalAttrDict(op.AllAttrs())
	p.WriteString(" : ")
	p.PrintType(op.Mask().Type())
	if rs := op.ResultTypes(); len(rs) > 0 {
		p.WriteString(" -> ")
		if len(rs) > 1 {
			p.WriteString("(")
		}
		ir.PrintTypeList(p, rs)
		if len(rs) > 1 {
			p.WriteString(")")
		}
	}
}

func verifyMask(op MaskOp) error {
	b := op.MaskRegion().First()
	if b == nil {
		return nil
	}
	if b.NumArguments() > 0 {
		return ir.OpError(op.Operation, "region should have no arguments")
	}
	if b.First() == nil {
		return ir.OpError(op.Operation, "expects a terminator within the mask region")
	}
	if n := b.NumOps(); n > 2 {
		return ir.OpError(op.Operation, "expects only one operation to mask")
	}
	term, ok := AsYieldOp(b.Last())
	if !ok {
		return ir.OpError(op.Operation, "expects a terminator within the mask region")
	}
	if term.NumOperands() != op.NumResults() {
		return ir.OpError(op.Operation, "expects number of results to match mask region yielded values")
	}
	masked := op.MaskableOpOf()
	if masked == nil {
		return nil
	}
	model, ok := MaskableOp.Of(masked)
	if !ok {
		return ir.OpError(op.Operation, "expects a MaskableOpInterface within the mask region")
	}
	if masked.NumResults() != op.NumResults() {
		return ir.OpError(op.Operation, "expects number of results to match maskable operation number of results")
	}
	for i, r := range masked.Results() {
		if term.Operand(i) != r {
			return ir.OpError(op.Operation, "expects all the results from the MaskableOpInterface to match all the values returned by the terminator")
		}
	}
	vectors := 0
	for i, r := range masked.Results() {
		if r.Type() != op.Result(i).Type() {
			return ir.OpError(op.Operation, "expects result type to match maskable operation result type")
		}
		if _, ok := r.Type().(*ir.VectorType); ok {
			vectors++
		}
	}
	if vectors > 1 {
		return ir.OpError(op.Operation, "multiple vector results not supported")
	}
	want := model.ExpectedMaskType(masked)
	if want == nil {
		return ir.OpError(op.Operation, "expects a maskable operation whose mask type can be inferred")
	}
	if op.Mask().Type() != ir.Type(want) {
		return ir.OpError(op.Operation, "expects a '"+ir.TypeString(want)+"' mask for the maskable operation")
	}
	if pt := op.Passthru(); pt != nil {
		if !model.SupportsPassthru(masked) {
			return ir.OpError(op.Operation, "doesn't expect a passthru argument for this maskable operation")
		}
		if masked.NumResults() != 1 {
			return ir.OpError(op.Operation, "expects result when passthru argument is provided")
		}
		if pt.Type() != masked.Result(0).Type() {
			return ir.OpError(op.Operation, "expects passthru type to match result type")
		}
	}
	return nil
}

// foldMask is MaskOp::fold: an empty vector.mask without passthru
// forwards the values its terminator yields, and a vector.mask whose mask
// is all true moves the operation it masks out before it and forwards
// that operation's results.
func foldMask(op MaskOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	b := op.MaskRegion().First()
	if b == nil || b.Last() == nil {
		return nil, false
	}
	if op.IsEmpty() {
		if op.Passthru() != nil {
			return nil, false
		}
		var res []ir.FoldResult
		for _, v := range b.Last().Operands() {
			res = append(res, ir.FoldResult{Value: v})
		}
		return res, true
	}
	if !allTrueMask(op.Mask()) {
		return nil, false
	}
	masked := op.MaskableOpOf()
	masked.MoveBefore(op.Operation)
	var res []ir.FoldResult
	for _, v := range masked.Results() {
		res = append(res, ir.FoldResult{Value: v})
	}
	return res, true
}

// maskCanonicalizationPatterns are vector.mask's canonicalization
// patterns (upstream's CanonializeEmptyMaskOp).
func maskCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{
		&rewrite.Func{RootName: MaskOpName, BenefitValue: 1, PatternName: "vector-canonicalize-empty-mask", Fn: canonicalizeEmptyMask},
	}
}

// canonicalizeEmptyMask rewrites an empty vector.mask with a passthru to
// an arith.select of the yielded value and the passthru, lane by lane.
func canonicalizeEmptyMask(o *ir.Operation, r *rewrite.Rewriter) bool {
	op, ok := AsMaskOp(o)
	if !ok || !op.IsEmpty() || op.Passthru() == nil {
		return false
	}
	b := op.MaskRegion().First()
	if b == nil || b.Last() == nil || b.Last().NumOperands() != 1 {
		return false
	}
	r.SetInsertionPoint(o)
	sel := arith.BuildSelect(r.Builder, o.Loc(), op.Mask(), b.Last().Operand(0), op.Passthru())
	if sel.Operation == nil {
		return false
	}
	// The terminator goes first, through the rewriter, so that the
	// driver forgets it.
	r.EraseOp(b.Last())
	r.ReplaceOp(o, sel.Operation.Results())
	return true
}
