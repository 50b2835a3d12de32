package memref

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

// canonicalizationTable holds upstream's canonicalization patterns of the
// memref operations.
var canonicalizationTable = []*rewrite.Func{
	{RootName: "memref.alloc", BenefitValue: 1, PatternName: "SimplifyAllocConst", Fn: simplifyAllocConst},
	{RootName: "memref.alloc", BenefitValue: 1, PatternName: "SimplifyDeadAlloc", Fn: simplifyDeadAlloc},
	{RootName: "memref.alloca", BenefitValue: 1, PatternName: "SimplifyAllocConst", Fn: simplifyAllocConst},
	{RootName: "memref.alloca", BenefitValue: 1, PatternName: "SimplifyDeadAlloc", Fn: simplifyDeadAlloc},
	{RootName: "memref.subview", BenefitValue: 1, PatternName: "SubViewConstantArgumentFolder", Fn: subviewConstantArguments},
	{RootName: "memref.subview", BenefitValue: 1, PatternName: "SubViewOpMemRefCastFolder", Fn: subviewOfCast},
	{RootName: "memref.subview", BenefitValue: 1, PatternName: "TrivialSubViewOpFolder", Fn: trivialSubview},
	{RootName: "memref.collapse_shape", BenefitValue: 1, PatternName: "ComposeReassociativeReshapeOps", Fn: composeReshapes},
	{RootName: "memref.expand_shape", BenefitValue: 1, PatternName: "ComposeReassociativeReshapeOps", Fn: composeReshapes},
	{RootName: "memref.reinterpret_cast", BenefitValue: 1, PatternName: "ReinterpretCastOpExtractStridedMetadataFolder", Fn: reinterpretOfMetadata},
	{RootName: "memref.reinterpret_cast", BenefitValue: 1, PatternName: "ReinterpretCastOpConstantFolder", Fn: reinterpretConstants},
	{RootName: "memref.realloc", BenefitValue: 1, PatternName: "SimplifyDeadAlloc", Fn: simplifyDeadAlloc},
	{RootName: "memref.alloca_scope", BenefitValue: 1, PatternName: "AllocaScopeInliner", Fn: inlineAllocaScope},
	{RootName: "memref.alloca_scope", BenefitValue: 1, PatternName: "AllocaScopeHoister", Fn: hoistAllocaScopeAllocations},
	{RootName: "memref.view", BenefitValue: 1, PatternName: "ViewOpShapeFolder", Fn: viewShapeFolder},
	{RootName: "memref.view", BenefitValue: 1, PatternName: "ViewOpMemrefCastFolder", Fn: viewOfAllocCast},
	{RootName: "memref.dim", BenefitValue: 1, PatternName: "DimOfMemRefReshape", Fn: dimOfReshape},
	{RootName: "memref.copy", BenefitValue: 1, PatternName: "FoldSelfCopy", Fn: foldSelfCopy},
}

// canonicalizationPatterns is the canonicalizer hook of the memref
// operations.
func canonicalizationPatterns(root string) []rewrite.Pattern {
	return rewrite.RootedAt(root, canonicalizationTable)
}

// castTo replaces op's single result with a memref.cast of v to op's result
// type, or with v itself when the types agree.
func castTo(r *rewrite.Rewriter, op *ir.Operation, v ir.Value) {
	t := op.Result(0).Type()
	if v.Type() == t {
		r.ReplaceOp(op, []ir.Value{v})
		return
	}
	r.SetInsertionPoint(op)
	c := r.Create(&ir.OperationState{Name: r.Ctx.OpName("memref.cast"), Loc: op.Loc(),
		Operands: []ir.Value{v}, ResultTypes: []ir.Type{t}})
	r.ReplaceOp(op, c.Results())
}

// cloneWith creates a copy of op with new operands, result type and
// properties (nil keeps op's).
func cloneWith(r *rewrite.Rewriter, op *ir.Operation, operands []ir.Value, t ir.Type, props ir.Attribute) *ir.Operation {
	if props == nil {
		props = op.Properties()
	}
	r.SetInsertionPoint(op)
	return r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands,
		ResultTypes: []ir.Type{t}, Properties: props, Attributes: op.Attrs()})
}

// withProps returns op's properties with entries replaced.
func withProps(ctx *ir.Context, op *ir.Operation, set map[string]ir.Attribute) ir.Attribute {
	var entries []ir.NamedAttr
	if d, ok := op.Properties().(*ir.DictionaryAttr); ok {
		for _, e := range d.Entries {
			if v, ok := set[e.Name]; ok {
				e.Value = v
				delete(set, e.Name)
			}
			entries = append(entries, e)
		}
	}
	for k, v := range set {
		entries = append(entries, ir.NamedAttr{Name: k, Value: v})
	}
	return ctx.DictionaryAttr(entries)
}

// simplifyAllocConst folds constant dynamic sizes of alloc and alloca into
// the type, casting back to the original type.
func simplifyAllocConst(op *ir.Operation, r *rewrite.Rewriter) bool {
	a := AllocOp{op}
	t, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	sizes := a.DynamicSizes()
	any := false
	for _, s := range sizes {
		if v, ok := viewlike.ConstantIntValue(s); ok && v >= 0 {
			any = true
		}
	}
	if !any {
		return false
	}
	shape := make([]int64, len(t.Shape))
	var dyn []ir.Value
	k := 0
	for i, d := range t.Shape {
		if d != ir.Dynamic {
			shape[i] = d
			continue
		}
		if k >= len(sizes) {
			return false
		}
		if v, ok := viewlike.ConstantIntValue(sizes[k]); ok && v >= 0 {
			shape[i] = v
		} else {
			shape[i] = ir.Dynamic
			dyn = append(dyn, sizes[k])
		}
		k++
	}
	ctx := r.Ctx
	nt := ctx.MemRefType(shape, t.Elem, t.Layout, t.MemorySpace)
	syms := a.SymbolOperands()
	props := withProps(ctx, op, map[string]ir.Attribute{
		"operandSegmentSizes": ctx.DenseI32Array(int32(len(dyn)), int32(len(syms))),
	})
	na := cloneWith(r, op, append(append([]ir.Value(nil), dyn...), syms...), nt, props)
	castTo(r, op, na.Result(0))
	return true
}

// simplifyDeadAlloc erases an allocation whose only users deallocate it
// or store into it.
func simplifyDeadAlloc(op *ir.Operation, r *rewrite.Rewriter) bool {
	res := op.Result(0)
	var users []*ir.Operation
	for u := res.FirstUse(); u != nil; u = u.Next() {
		user := u.Owner()
		switch user.Name() {
		case "memref.store":
			if user.Operand(0) == ir.Value(res) {
				return false
			}
		case "memref.dealloc":
		default:
			return false
		}
		users = append(users, user)
	}
	seen := map[*ir.Operation]bool{}
	for _, u := range users {
		if !seen[u] {
			seen[u] = true
			r.EraseOp(u)
		}
	}
	r.EraseOp(op)
	return true
}

// foldIndexList replaces constant dynamic entries of a mixed list by
// static ones (foldDynamicIndexList).
func foldIndexList(ctx *ir.Context, mixed []ir.FoldResult, onlyNonNegative bool) bool {
	changed := false
	for i, m := range mixed {
		if m.Value == nil {
			continue
		}
		v, ok := viewlike.ConstantIntValue(m.Value)
		if !ok || (onlyNonNegative && v < 0) {
			continue
		}
		mixed[i] = ir.FoldResult{Attr: ctx.IntegerAttr(ctx.IndexType(), v)}
		changed = true
	}
	return changed
}

// canonicalSubviewType is SubViewReturnTypeCanonicalizer: the inferred
// type, with the dimensions op drops removed.
func canonicalSubviewType(ctx *ir.Context, op *ir.Operation, src *ir.MemRefType, offsets, sizes, strides []int64) *ir.MemRefType {
	full := subviewResultType(ctx, src, offsets, sizes, strides)
	dropped := droppedDims(op)
	if dropped == nil {
		return nil
	}
	anyDropped := false
	for _, d := range dropped {
		anyDropped = anyDropped || d
	}
	if !anyDropped {
		return full
	}
	fs, off, _ := viewlike.StridesAndOffset(full)
	var shape, st []int64
	for i := range sizes {
		if i < len(dropped) && dropped[i] {
			continue
		}
		shape = append(shape, full.Shape[i])
		st = append(st, fs[i])
	}
	return stridedType(ctx, shape, full.Elem, off, st, full.MemorySpace)
}

func inBounds(shape, offsets, sizes, strides []int64) bool {
	for i, dim := range shape {
		if i >= len(offsets) || i >= len(sizes) || i >= len(strides) {
			return true
		}
		off, size, stride := offsets[i], sizes[i], strides[i]
		if off == ir.Dynamic || size == ir.Dynamic || stride == ir.Dynamic || dim == ir.Dynamic {
			continue
		}
		if size == 0 && off <= dim {
			continue
		}
		last := off + (size-1)*stride
		if !(off >= 0 && off < dim && last >= 0 && last < dim) {
			return false
		}
	}
	return true
}

// subviewConstantArguments is OpWithOffsetSizesAndStridesConstantArgumentFolder
// for memref.subview.
func subviewConstantArguments(op *ir.Operation, r *rewrite.Rewriter) bool {
	src, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	ctx := r.Ctx
	o := offsetSizeStride(op)
	offs, sizes, strides := o.MixedOffsets(ctx), o.MixedSizes(ctx), o.MixedStrides(ctx)
	c1 := foldIndexList(ctx, offs, true)
	c2 := foldIndexList(ctx, sizes, true)
	c3 := foldIndexList(ctx, strides, false)
	if !c1 && !c2 && !c3 {
		return false
	}
	so, do := viewlike.DecomposeMixedValues(offs)
	ss, ds := viewlike.DecomposeMixedValues(sizes)
	st, dt := viewlike.DecomposeMixedValues(strides)
	if !inBounds(src.Shape, so, ss, st) {
		return false
	}
	nt := canonicalSubviewType(ctx, op, src, so, ss, st)
	if nt == nil {
		return false
	}
	props := withProps(ctx, op, map[string]ir.Attribute{
		"static_offsets":      ctx.DenseI64Array(so...),
		"static_sizes":        ctx.DenseI64Array(ss...),
		"static_strides":      ctx.DenseI64Array(st...),
		"operandSegmentSizes": ctx.DenseI32Array(1, int32(len(do)), int32(len(ds)), int32(len(dt))),
	})
	operands := []ir.Value{op.Operand(0)}
	operands = append(append(append(operands, do...), ds...), dt...)
	nv := cloneWith(r, op, operands, nt, props)
	castTo(r, op, nv.Result(0))
	return true
}

// subviewOfCast is SubViewOpMemRefCastFolder: a subview of a cast that
// only erases static information takes the cast's source.
func subviewOfCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	def := definingOp(op.Operand(0))
	if def == nil || def.Name() != "memref.cast" {
		return false
	}
	castSrc := def.Operand(0)
	if !canFoldCastIntoConsumer(castSrc.Type(), def.Result(0).Type()) {
		return false
	}
	src := castSrc.Type().(*ir.MemRefType)
	o := offsetSizeStride(op)
	nt := canonicalSubviewType(r.Ctx, op, src, o.StaticOffsets, o.StaticSizes, o.StaticStrides)
	if nt == nil {
		return false
	}
	operands := append([]ir.Value{castSrc}, op.Operands()[1:]...)
	nv := cloneWith(r, op, operands, nt, nil)
	castTo(r, op, nv.Result(0))
	return true
}

// trivialSubview is TrivialSubViewOpFolder: a subview of the whole source
// with unit strides is the source (cast to the result type).
func trivialSubview(op *ir.Operation, r *rewrite.Rewriter) bool {
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 || len(src.Shape) != len(res.Shape) {
		return false
	}
	ctx := r.Ctx
	o := offsetSizeStride(op)
	for _, m := range o.MixedStrides(ctx) {
		if v, ok := viewlike.ConstantIndex(m); !ok || v != 1 {
			return false
		}
	}
	for _, m := range o.MixedOffsets(ctx) {
		if v, ok := viewlike.ConstantIndex(m); !ok || v != 0 {
			return false
		}
	}
	for i, m := range o.MixedSizes(ctx) {
		if v, ok := viewlike.ConstantIndex(m); !ok || i >= len(src.Shape) || v != src.Shape[i] {
			return false
		}
	}
	castTo(r, op, op.Operand(0))
	return true
}

func hasNonIdentityLayout(t ir.Type) bool {
	m, ok := t.(*ir.MemRefType)
	return ok && !isIdentityLayout(m)
}

// composeReassociation is composeReassociationIndices.
func composeReassociation(producer, consumer [][]int64) ([][]int64, bool) {
	if len(producer) == len(consumer) {
		return nil, false
	}
	if len(producer) < len(consumer) {
		producer, consumer = consumer, producer
	}
	out := [][]int64{}
	if len(consumer) == 0 {
		return out, true
	}
	n := 0
	for _, g := range consumer {
		n += len(g)
	}
	if n != len(producer) {
		return nil, false
	}
	for _, g := range consumer {
		var grp []int64
		for _, i := range g {
			if i < 0 || int(i) >= len(producer) {
				return nil, false
			}
			grp = append(grp, producer[i]...)
		}
		out = append(out, grp)
	}
	return out, true
}

func reassociationAttr(ctx *ir.Context, groups [][]int64) ir.Attribute {
	elems := make([]ir.Attribute, len(groups))
	for i, g := range groups {
		gs := make([]ir.Attribute, len(g))
		for j, x := range g {
			gs[j] = ctx.IntegerAttr(ctx.I(64), x)
		}
		elems[i] = ctx.ArrayAttr(gs)
	}
	return ctx.ArrayAttr(elems)
}

// composeReshapes is ComposeReassociativeReshapeOps: collapse(collapse(x))
// and expand(expand(x)) become one reshape.
func composeReshapes(op *ir.Operation, r *rewrite.Rewriter) bool {
	def := definingOp(op.Operand(0))
	if def == nil || def.Name() != op.Name() {
		return false
	}
	if hasNonIdentityLayout(def.Operand(0).Type()) || hasNonIdentityLayout(op.Operand(0).Type()) ||
		hasNonIdentityLayout(op.Result(0).Type()) {
		return false
	}
	groups, ok := composeReassociation(reassociation(def), reassociation(op))
	if !ok {
		return false
	}
	props := withProps(r.Ctx, op, map[string]ir.Attribute{"reassociation": reassociationAttr(r.Ctx, groups)})
	operands := append([]ir.Value{def.Operand(0)}, op.Operands()[1:]...)
	nv := cloneWith(r, op, operands, op.Result(0).Type(), props)
	r.ReplaceOp(op, nv.Results())
	return true
}

// foldSelfCopy erases a copy of a memref onto itself.
func foldSelfCopy(op *ir.Operation, r *rewrite.Rewriter) bool {
	if op.Operand(0) != op.Operand(1) {
		return false
	}
	r.EraseOp(op)
	return true
}

// foldCopy is CopyOp::fold: casts that only erase static information are
// bypassed.
func foldCopy(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	folded := false
	for i := 0; i < op.NumOperands(); i++ {
		def := definingOp(op.Operand(i))
		if def != nil && def.Name() == "memref.cast" && canFoldCastIntoConsumer(def.Operand(0).Type(), def.Result(0).Type()) {
			op.SetOperand(i, def.Operand(0))
			folded = true
		}
	}
	return nil, folded
}
