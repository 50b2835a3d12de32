package bufferization

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// DeallocState returns the state of a bufferization.dealloc of memrefs
// under conditions that retains retained (one i1 result per retained
// buffer), for creation through a builder or a rewriter.
func DeallocState(ctx *ir.Context, loc ir.Location, memrefs, conditions, retained []ir.Value) *ir.OperationState {
	st := &ir.OperationState{Name: ctx.OpName("bufferization.dealloc"), Loc: loc}
	st.Operands = append(append(append(st.Operands, memrefs...), conditions...), retained...)
	st.Properties = ctx.DictionaryAttr([]ir.NamedAttr{{Name: "operandSegmentSizes",
		Value: ctx.DenseI32Array(int32(len(memrefs)), int32(len(conditions)), int32(len(retained)))}})
	for range retained {
		st.ResultTypes = append(st.ResultTypes, ctx.I(1))
	}
	return st
}

// SetDeallocOperands replaces the buffers and conditions of a dealloc,
// keeping its retained buffers.
func SetDeallocOperands(op *ir.Operation, memrefs, conditions []ir.Value) {
	d, _ := AsDeallocOp(op)
	retained := append([]ir.Value(nil), d.Retained()...)
	op.SetOperands(append(append(append([]ir.Value(nil), memrefs...), conditions...), retained...))
	ctx := op.Context()
	op.SetProperties(ctx.DictionaryAttr([]ir.NamedAttr{{Name: "operandSegmentSizes",
		Value: ctx.DenseI32Array(int32(len(memrefs)), int32(len(conditions)), int32(len(retained)))}}))
}

// constantBool returns the value of v when it is a constant i1.
func constantBool(v ir.Value) (bool, bool) {
	op := ir.DefiningOp(v)
	if op == nil {
		return false, false
	}
	a, ok := rewrite.ConstantValue(op)
	if !ok {
		return false, false
	}
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return false, false
	}
	if t, ok := ia.Type.(*ir.IntegerType); !ok || t.Width != 1 {
		return false, false
	}
	return ia.Lo&1 == 1, true
}

// IsConstantTrue reports whether v is the constant i1 true (m_One).
func IsConstantTrue(v ir.Value) bool { b, ok := constantBool(v); return ok && b }

// IsConstantFalse reports whether v is the constant i1 false (m_Zero).
func IsConstantFalse(v ir.Value) bool { b, ok := constantBool(v); return ok && !b }

func sameValues(a, b []ir.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// UpdateDeallocIfChanged sets the buffers and conditions of a dealloc
// through r and reports whether they changed.
func UpdateDeallocIfChanged(op *ir.Operation, memrefs, conditions []ir.Value, r *rewrite.Rewriter) bool {
	d, _ := AsDeallocOp(op)
	if sameValues(d.Memrefs(), memrefs) && sameValues(d.Conditions(), conditions) {
		return false
	}
	r.ModifyInPlace(op, func() { SetDeallocOperands(op, memrefs, conditions) })
	return true
}

func boolConstant(r *rewrite.Rewriter, loc ir.Location, v bool) ir.Value {
	return r.Create(&ir.OperationState{Name: r.Ctx.OpName("arith.constant"), Loc: loc,
		ResultTypes: []ir.Type{r.Ctx.I(1)}, Properties: r.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: r.Ctx.Bool(v)}})}).Result(0)
}

func binary(r *rewrite.Rewriter, name string, loc ir.Location, a, b ir.Value) ir.Value {
	return r.Create(&ir.OperationState{Name: r.Ctx.OpName(name), Loc: loc, Operands: []ir.Value{a, b},
		ResultTypes: []ir.Type{a.Type()}}).Result(0)
}

// DeallocPatterns returns the canonicalization patterns of
// bufferization.dealloc in upstream's order
// (populateDeallocOpCanonicalizationPatterns).
func DeallocPatterns() []rewrite.Pattern {
	var out []rewrite.Pattern
	for _, p := range []struct {
		name string
		fn   func(*ir.Operation, *rewrite.Rewriter) bool
	}{
		{"bufferization-dealloc-remove-duplicate-memrefs", removeDuplicateDeallocMemrefs},
		{"bufferization-dealloc-remove-duplicate-retained", removeDuplicateRetainedMemrefs},
		{"bufferization-erase-empty-dealloc", eraseEmptyDealloc},
		{"bufferization-erase-always-false-dealloc", eraseAlwaysFalseDealloc},
		{"bufferization-skip-extract-metadata-of-alloc", skipExtractMetadataOfAlloc},
		{"bufferization-remove-alloc-dealloc-pair", removeAllocDeallocPair},
	} {
		out = append(out, &rewrite.Func{RootName: "bufferization.dealloc", BenefitValue: 1, PatternName: p.name, Fn: p.fn})
	}
	return out
}

// removeDuplicateDeallocMemrefs merges repeated buffers, or-ing their
// conditions (DeallocRemoveDuplicateDeallocMemrefs).
func removeDuplicateDeallocMemrefs(op *ir.Operation, r *rewrite.Rewriter) bool {
	d, _ := AsDeallocOp(op)
	seen := map[ir.Value]int{}
	var memrefs, conds []ir.Value
	r.SetInsertionPoint(op)
	for i, m := range d.Memrefs() {
		c := d.Conditions()[i]
		if j, ok := seen[m]; ok {
			if conds[j] != c {
				conds[j] = binary(r, "arith.ori", op.Loc(), conds[j], c)
			}
			continue
		}
		seen[m] = len(conds)
		memrefs = append(memrefs, m)
		conds = append(conds, c)
	}
	return UpdateDeallocIfChanged(op, memrefs, conds, r)
}

// removeDuplicateRetainedMemrefs keeps one of each retained buffer
// (DeallocRemoveDuplicateRetainedMemrefs).
func removeDuplicateRetainedMemrefs(op *ir.Operation, r *rewrite.Rewriter) bool {
	d, _ := AsDeallocOp(op)
	seen := map[ir.Value]int{}
	var retained []ir.Value
	var idx []int
	for _, v := range d.Retained() {
		if j, ok := seen[v]; ok {
			idx = append(idx, j)
			continue
		}
		seen[v] = len(retained)
		idx = append(idx, len(retained))
		retained = append(retained, v)
	}
	if len(retained) == len(d.Retained()) {
		return false
	}
	r.SetInsertionPoint(op)
	n := r.Create(DeallocState(r.Ctx, op.Loc(), d.Memrefs(), d.Conditions(), retained))
	with := make([]ir.Value, len(idx))
	for i, j := range idx {
		with[i] = n.Result(j)
	}
	r.ReplaceOp(op, with)
	return true
}

// eraseEmptyDealloc removes a dealloc of no buffers; its results are
// false (EraseEmptyDealloc).
func eraseEmptyDealloc(op *ir.Operation, r *rewrite.Rewriter) bool {
	d, _ := AsDeallocOp(op)
	if len(d.Memrefs()) != 0 {
		return false
	}
	if r.Ctx.LookupOpName("arith.constant") == nil {
		return false
	}
	r.SetInsertionPoint(op)
	f := boolConstant(r, op.Loc(), false)
	with := make([]ir.Value, op.NumResults())
	for i := range with {
		with[i] = f
	}
	r.ReplaceOp(op, with)
	return true
}

// eraseAlwaysFalseDealloc drops buffers whose condition is the constant
// false (EraseAlwaysFalseDealloc).
func eraseAlwaysFalseDealloc(op *ir.Operation, r *rewrite.Rewriter) bool {
	d, _ := AsDeallocOp(op)
	var memrefs, conds []ir.Value
	for i, m := range d.Memrefs() {
		if c := d.Conditions()[i]; !IsConstantFalse(c) {
			memrefs = append(memrefs, m)
			conds = append(conds, c)
		}
	}
	return UpdateDeallocIfChanged(op, memrefs, conds, r)
}

// AllocatesValue reports whether op has an Allocate effect on v.
func AllocatesValue(op *ir.Operation, v ir.Value) bool {
	if op == nil || !ir.MemoryEffectsOp.Implements(op) {
		return false
	}
	effects, known := op.Effects()
	if !known {
		return false
	}
	for _, e := range effects {
		if e.Kind == ir.EffectAllocate && e.Value == v {
			return true
		}
	}
	return false
}

// skipExtractMetadataOfAlloc deallocates an allocation itself rather than
// the base buffer of its metadata (SkipExtractMetadataOfAlloc).
func skipExtractMetadataOfAlloc(op *ir.Operation, r *rewrite.Rewriter) bool {
	d, _ := AsDeallocOp(op)
	memrefs := append([]ir.Value(nil), d.Memrefs()...)
	for i, m := range memrefs {
		ex := definedBy(m, "memref.extract_strided_metadata")
		if ex == nil {
			continue
		}
		src := ex.Operand(0)
		if AllocatesValue(ir.DefiningOp(src), src) {
			memrefs[i] = src
		}
	}
	return UpdateDeallocIfChanged(op, memrefs, d.Conditions(), r)
}

// removeAllocDeallocPair erases allocations whose only use is the dealloc
// (RemoveAllocDeallocPairWhenNoOtherUsers).
func removeAllocDeallocPair(op *ir.Operation, r *rewrite.Rewriter) bool {
	d, _ := AsDeallocOp(op)
	var memrefs, conds []ir.Value
	var dead []*ir.Operation
	for i, m := range d.Memrefs() {
		if a := ir.DefiningOp(m); a != nil && AllocatesValue(a, m) && onlyAllocates(a, m) && ir.HasOneUse(m) {
			dead = append(dead, a)
			continue
		}
		memrefs = append(memrefs, m)
		conds = append(conds, d.Conditions()[i])
	}
	if !UpdateDeallocIfChanged(op, memrefs, conds, r) {
		return false
	}
	for _, a := range dead {
		r.EraseOp(a)
	}
	return true
}

// onlyAllocates reports whether op's only effect is allocating v
// (hasSingleEffect<Allocate>).
func onlyAllocates(op *ir.Operation, v ir.Value) bool {
	effects, known := op.Effects()
	if !known {
		return false
	}
	for _, e := range effects {
		if e.Kind != ir.EffectAllocate || e.Value != v {
			return false
		}
	}
	return true
}

// foldClone makes a clone of a memref.cast of a ranked buffer clone the
// buffer itself (CloneOp::fold, foldMemRefCast).
func foldClone(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	cast := definedBy(op.Operand(0), "memref.cast")
	if cast == nil {
		return nil, false
	}
	src := cast.Operand(0)
	if _, unranked := src.Type().(*ir.UnrankedMemRefType); unranked {
		return nil, false
	}
	op.SetOperand(0, src)
	return nil, true
}

// freesValue reports whether op has a Free effect on v.
func freesValue(op *ir.Operation, v ir.Value) bool {
	m, ok := ir.MemoryEffectsOp.Of(op)
	if !ok {
		return false
	}
	for _, e := range m.Effects(op) {
		if e.Kind == ir.EffectFree && e.Value == v {
			return true
		}
	}
	return false
}

// FindDealloc returns the only user of v that frees it (nil if none);
// ok is false when there are several (memref::findDealloc).
func FindDealloc(v ir.Value) (*ir.Operation, bool) {
	var found *ir.Operation
	for u := v.FirstUse(); u != nil; u = u.Next() {
		if !freesValue(u.Owner(), v) || u.Owner() == found {
			continue
		}
		if found != nil {
			return nil, false
		}
		found = u.Owner()
	}
	return found, true
}

// castableTo reports whether a memref.cast may turn a buffer of type a
// into one of type b: same element type, rank, layout and memory space,
// and compatible sizes.
func castableTo(a, b ir.Type) bool {
	x, ok1 := a.(*ir.MemRefType)
	y, ok2 := b.(*ir.MemRefType)
	if !ok1 || !ok2 || x.Elem != y.Elem || len(x.Shape) != len(y.Shape) || x.Layout != y.Layout || x.MemorySpace != y.MemorySpace {
		return false
	}
	for i := range x.Shape {
		if x.Shape[i] != ir.Dynamic && y.Shape[i] != ir.Dynamic && x.Shape[i] != y.Shape[i] {
			return false
		}
	}
	return true
}

// simplifyClones erases unused clones and replaces a clone by its source
// when one of the two is freed later in the same block, dropping that
// dealloc (SimplifyClones).
func simplifyClones(op *ir.Operation, r *rewrite.Rewriter) bool {
	if !op.HasUses() {
		r.EraseOp(op)
		return true
	}
	source := op.Operand(0)
	if source.Type() != op.Result(0).Type() && !castableTo(source.Type(), op.Result(0).Type()) {
		return false
	}
	canonical := ir.ViewBase(source)
	cloneDealloc, ok := FindDealloc(op.Result(0))
	if !ok {
		return false
	}
	sourceDealloc, ok := FindDealloc(canonical)
	if !ok {
		return false
	}
	if cloneDealloc != nil && sourceDealloc != nil && cloneDealloc.Block() == sourceDealloc.Block() {
		return false
	}
	var redundant *ir.Operation
	switch {
	case cloneDealloc != nil && cloneDealloc.Block() == op.Block():
		redundant = cloneDealloc
	case sourceDealloc != nil && sourceDealloc.Block() == op.Block():
		redundant = sourceDealloc
	default:
		return false
	}
	for pos := op.Next(); pos != redundant; pos = pos.Next() {
		if pos == nil {
			return false
		}
		m, ok := ir.MemoryEffectsOp.Of(pos)
		if !ok {
			continue
		}
		for _, e := range m.Effects(pos) {
			if e.Kind == ir.EffectFree {
				return false
			}
		}
	}
	r.SetInsertionPoint(op)
	if source.Type() != op.Result(0).Type() {
		source = r.Create(&ir.OperationState{Name: r.Ctx.OpName("memref.cast"), Loc: op.Loc(),
			Operands: []ir.Value{source}, ResultTypes: []ir.Type{op.Result(0).Type()}}).Result(0)
	}
	r.ReplaceOp(op, []ir.Value{source})
	r.EraseOp(redundant)
	return true
}

// DeallocationState is the ownership-based buffer deallocation pass as the
// implementations of BufferDeallocationOpInterface see it (MLIR's
// DeallocationState): the ownership indicator of each buffer in each
// block, and the buffers a block must release or keep.
type DeallocationState interface {
	// Ownership returns the i1 ownership indicator of the buffer v in
	// block b and whether it is unique (known at one value).
	Ownership(v ir.Value, b *ir.Block) (indicator ir.Value, unique bool)
	// UpdateOwnership makes indicator the unique ownership of v in b.
	UpdateOwnership(v, indicator ir.Value, b *ir.Block)
	// ResetOwnerships forgets the ownership of vs in b.
	ResetOwnerships(vs []ir.Value, b *ir.Block)
	// MemrefsAndConditions creates at bld what the buffers b must release
	// need: the buffers and the i1 condition of releasing each.
	MemrefsAndConditions(bld *ir.Builder, loc ir.Location, b *ir.Block) (memrefs, conditions []ir.Value, err error)
	// MemrefsToRetain returns the buffers that control passing from block
	// from to block to, forwarding dest, must keep alive.
	MemrefsToRetain(from, to *ir.Block, dest []ir.Value) []ir.Value
	// MemrefWithUniqueOwnership returns m with a unique ownership in b,
	// cloning it when its ownership is not known there, and the indicator.
	MemrefWithUniqueOwnership(bld *ir.Builder, m ir.Value, b *ir.Block) (memref, indicator ir.Value)
}

// BufferDeallocationOpInterface is MLIR's BufferDeallocationOpInterface:
// an operation that the ownership-based deallocation pass cannot handle
// through the general interfaces (memory effects, region and block
// branches, calls) processes itself (cf.cond_br), or computes the
// ownership of the buffers it defines (arith.select).
type BufferDeallocationOpInterface interface {
	// Process updates the IR and the state for op, and returns op or the
	// operation that replaced it.
	Process(op *ir.Operation, s DeallocationState) (*ir.Operation, error)
	// MaterializeUniqueOwnership returns, for the buffer m that op
	// defines, a buffer with the same contents and its unique ownership
	// indicator, creating what that needs at bld.
	MaterializeUniqueOwnership(op *ir.Operation, bld *ir.Builder, m ir.Value, s DeallocationState) (memref, indicator ir.Value)
}

// BufferDeallocationOp is the handle of BufferDeallocationOpInterface.
var BufferDeallocationOp = ir.DeclareOpInterface[BufferDeallocationOpInterface]("bufferization.BufferDeallocationOpInterface")
