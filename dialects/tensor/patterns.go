package tensor

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

// newCast builds tensor.cast of v to t at the rewriter's insertion point.
func newCast(r *rewrite.Rewriter, loc ir.Location, v ir.Value, t ir.Type) ir.Value {
	return r.Create(&ir.OperationState{Name: r.Ctx.OpName("tensor.cast"), Loc: loc, Operands: []ir.Value{v}, ResultTypes: []ir.Type{t}}).Result(0)
}

// replaceWithCast replaces op's single result with v, through a
// tensor.cast when the types differ.
func replaceWithCast(r *rewrite.Rewriter, op *ir.Operation, v ir.Value) {
	if t := op.Result(0).Type(); v.Type() != t {
		v = newCast(r, op.Loc(), v, t)
	}
	r.ReplaceOp(op, []ir.Value{v})
}

// joinShapes is the most static shape compatible with both types, or nil
// when they conflict.
func joinShapes(ctx *ir.Context, a, b ir.Type) ir.Type {
	sa, ra := shapeOf(a)
	sb, rb := shapeOf(b)
	if !ra {
		return b
	}
	if !rb {
		return a
	}
	if len(sa) != len(sb) {
		return nil
	}
	join := make([]int64, len(sa))
	for i := range sa {
		switch {
		case sa[i] == Dynamic:
			join[i] = sb[i]
		case sb[i] == Dynamic, sa[i] == sb[i]:
			join[i] = sa[i]
		default:
			return nil
		}
	}
	return ctx.RankedTensorType(join, elemType(a), nil)
}

// chainedCast folds cast(cast(x)) into one cast when the intermediate
// type adds no runtime check.
func chainedCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	inner := definedBy(op.Operand(0), "tensor.cast")
	if inner == nil {
		return false
	}
	src, mid, res := inner.Operand(0).Type(), inner.Result(0).Type(), op.Result(0).Type()
	j := joinShapes(r.Ctx, src, mid)
	if j == nil {
		return false
	}
	first := joinShapes(r.Ctx, j, res)
	if first == nil || first != joinShapes(r.Ctx, src, res) {
		return false
	}
	r.ReplaceOp(op, []ir.Value{newCast(r, op.Loc(), inner.Operand(0), res)})
	return true
}

// foldEmptyWithCast folds a cast of tensor.empty to a more static type
// into the empty op.
func foldEmptyWithCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	empty := definedBy(op.Operand(0), "tensor.empty")
	if empty == nil || !preservesStaticInformation(op.Operand(0).Type(), op.Result(0).Type()) {
		return false
	}
	res := op.Result(0).Type().(*ir.RankedTensorType)
	cur, _ := shapeOf(empty.Result(0).Type())
	var dyn []ir.Value
	k := 0
	for i, d := range res.Shape {
		if cur[i] != Dynamic {
			if d != cur[i] {
				return false
			}
			continue
		}
		if d == Dynamic {
			dyn = append(dyn, empty.Operand(k))
		}
		k++
	}
	t := r.Ctx.RankedTensorType(res.Shape, res.Elem, nil)
	n := r.Create(&ir.OperationState{Name: r.Ctx.OpName("tensor.empty"), Loc: op.Loc(), Operands: dyn, ResultTypes: []ir.Type{t}})
	r.ReplaceOp(op, n.Results())
	return true
}

func dimOfCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	cast := definedBy(op.Operand(0), "tensor.cast")
	if cast == nil {
		return false
	}
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: []ir.Value{cast.Operand(0), op.Operand(1)}, ResultTypes: []ir.Type{op.Result(0).Type()}})
	r.ReplaceOp(op, n.Results())
	return true
}

// dimOfDestStyle reads the dimension of a destination-style result from
// its destination.
func dimOfDestStyle(op *ir.Operation, r *rewrite.Rewriter) bool {
	res, ok := op.Operand(0).(*ir.OpResult)
	if !ok {
		return false
	}
	def := res.Owner()
	dps, ok := ir.DestinationStyleOp.Of(def)
	if !ok {
		return false
	}
	first, n := dps.DPSInits(def)
	if res.Index() >= n {
		return false
	}
	r.ModifyInPlace(op, func() { op.SetOperand(0, def.Operand(first+res.Index())) })
	return true
}

// dimOfEmpty replaces the size of a dynamic dimension of tensor.empty by
// the operand that gives it.
func dimOfEmpty(op *ir.Operation, r *rewrite.Rewriter) bool {
	empty := definedBy(op.Operand(0), "tensor.empty")
	idx, ok := viewlike.ConstantIntValue(op.Operand(1))
	if empty == nil || !ok {
		return false
	}
	shape, _ := shapeOf(empty.Result(0).Type())
	if idx < 0 || idx >= int64(len(shape)) || shape[idx] != Dynamic {
		return false
	}
	r.ReplaceOp(op, []ir.Value{empty.Operand(numDynamic(shape[:idx]))})
	return true
}

// staticSizes folds constant non-negative dynamic sizes of shape into it
// (foldDynamicToStaticDimSizes); it returns the new shape and the
// remaining dynamic values, and whether anything changed.
func staticSizes(shape []int64, dyn []ir.Value) ([]int64, []ir.Value, bool) {
	out := append([]int64{}, shape...)
	var rest []ir.Value
	changed := false
	k := 0
	for i, d := range shape {
		if d != Dynamic {
			continue
		}
		v := dyn[k]
		k++
		if c, ok := viewlike.ConstantIntValue(v); ok && c >= 0 {
			out[i] = c
			changed = true
			continue
		}
		rest = append(rest, v)
	}
	return out, rest, changed
}

func emptyStaticDims(op *ir.Operation, r *rewrite.Rewriter) bool {
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	if numDynamic(rt.Shape) != op.NumOperands() {
		return false
	}
	shape, rest, changed := staticSizes(rt.Shape, op.Operands())
	if !changed {
		return false
	}
	t := r.Ctx.RankedTensorType(shape, rt.Elem, rt.Encoding)
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: rest, ResultTypes: []ir.Type{t}})
	replaceWithCast(r, op, n.Result(0))
	return true
}

func staticGenerate(op *ir.Operation, r *rewrite.Rewriter) bool {
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	if numDynamic(rt.Shape) != op.NumOperands() {
		return false
	}
	shape, rest, changed := staticSizes(rt.Shape, op.Operands())
	if !changed {
		return false
	}
	t := r.Ctx.RankedTensorType(shape, rt.Elem, rt.Encoding)
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: rest, ResultTypes: []ir.Type{t}, NumRegions: 1})
	r.InlineRegionBefore(op.Region(0), n.Region(0), nil)
	replaceWithCast(r, op, n.Result(0))
	return true
}

// rankReducedType is inferCanonicalRankReducedResultType: the sliced
// type, with its leading unit dimensions dropped until it has rank want.
func rankReducedType(ctx *ir.Context, src ir.Type, sizes []int64, want int) ir.Type {
	rt := src.(*ir.RankedTensorType)
	shape := append([]int64{}, sizes...)
	if len(shape) > want {
		drop := len(shape) - want
		var kept []int64
		for _, d := range shape {
			if d == 1 && drop > 0 {
				drop--
				continue
			}
			kept = append(kept, d)
		}
		if drop > 0 {
			return nil
		}
		shape = kept
	}
	return ctx.RankedTensorType(shape, rt.Elem, rt.Encoding)
}

// foldConstantList turns the constant values of a mixed list into static
// entries (foldDynamicIndexList); with nonNegative negative constants
// stay dynamic.
func foldConstantList(static []int64, dyn []ir.Value, nonNegative bool) ([]int64, []ir.Value, bool) {
	out := append([]int64{}, static...)
	var rest []ir.Value
	changed := false
	k := 0
	for i, s := range static {
		if s != Dynamic {
			continue
		}
		if k >= len(dyn) {
			return static, dyn, false
		}
		v := dyn[k]
		k++
		if c, ok := viewlike.ConstantIntValue(v); ok && (!nonNegative || c >= 0) && c != Dynamic {
			out[i] = c
			changed = true
			continue
		}
		rest = append(rest, v)
	}
	return out, rest, changed
}

// sliceConstantArguments folds constant offsets, sizes and strides of
// tensor.extract_slice and tensor.insert_slice into their static lists
// (OpWithOffsetSizesAndStridesConstantArgumentFolder and
// InsertSliceOpConstantArgumentFolder), casting to keep types.
func sliceConstantArguments(op *ir.Operation, r *rewrite.Rewriter) bool {
	parallel := op.Name() == "tensor.parallel_insert_slice"
	insert := op.Name() == "tensor.insert_slice" || parallel
	lead := 1
	if insert {
		lead = 2
	}
	s := slice(op, lead)
	ops := op.Operands()
	if len(ops) != lead+s.nOffsets+s.nSizes+s.nStrides {
		return false
	}
	offs, dOffs, c1 := foldConstantList(s.offsets, ops[lead:lead+s.nOffsets], true)
	sizes, dSizes, c2 := foldConstantList(s.sizes, ops[lead+s.nOffsets:lead+s.nOffsets+s.nSizes], true)
	strides, dStrides, c3 := foldConstantList(s.strides, ops[lead+s.nOffsets+s.nSizes:], false)
	if !c1 && !c2 && !c3 {
		return false
	}
	base := op.Operand(0).Type()
	if insert {
		base = op.Operand(1).Type()
	}
	shape, _ := shapeOf(base)
	if inBounds(op, shape, sliceOp{offsets: offs, sizes: sizes, strides: strides}) != nil {
		return false
	}
	ctx := r.Ctx
	props := []ir.NamedAttr{
		{Name: "operandSegmentSizes", Value: segments(ctx, lead, len(dOffs), len(dSizes), len(dStrides))},
		{Name: "static_offsets", Value: ctx.DenseI64Array(offs...)},
		{Name: "static_sizes", Value: ctx.DenseI64Array(sizes...)},
		{Name: "static_strides", Value: ctx.DenseI64Array(strides...)},
	}
	operands := append(append(append(append([]ir.Value{}, ops[:lead]...), dOffs...), dSizes...), dStrides...)
	st := &ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands,
		Properties: ctx.DictionaryAttr(props), Attributes: op.Attrs()}
	if insert {
		srcT := rankReducedType(ctx, base, sizes, rank(op.Operand(0).Type()))
		if srcT == nil {
			return false
		}
		if srcT != op.Operand(0).Type() {
			if parallel {
				// The cast goes before the parallel combining op.
				r.SetInsertionPoint(op.ParentOp())
				operands[0] = newCast(r, op.Loc(), op.Operand(0), srcT)
				r.SetInsertionPoint(op)
			} else {
				operands[0] = newCast(r, op.Loc(), op.Operand(0), srcT)
			}
		}
		st.ResultTypes = op.ResultTypes()
		r.ReplaceOp(op, r.Create(st).Results())
		return true
	}
	resT := rankReducedType(ctx, base, sizes, rank(op.Result(0).Type()))
	if resT == nil {
		return false
	}
	st.ResultTypes = []ir.Type{resT}
	replaceWithCast(r, op, r.Create(st).Result(0))
	return true
}

func segments(ctx *ir.Context, lead int, n ...int) ir.Attribute {
	var segs []int32
	for i := 0; i < lead; i++ {
		segs = append(segs, 1)
	}
	for _, x := range n {
		segs = append(segs, int32(x))
	}
	return ctx.DenseI32Array(segs...)
}

// composeReassociation is composeReassociationIndices: the groups of the
// reshape with fewer groups, each replaced by the union of the other's
// groups it names; false when both have as many groups.
func composeReassociation(a, b [][]int64) ([][]int64, bool) {
	if len(a) == len(b) {
		return nil, false
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	n := 0
	for _, g := range b {
		n += len(g)
	}
	if n != len(a) {
		return nil, false
	}
	var out [][]int64
	for _, g := range b {
		var merged []int64
		for _, i := range g {
			merged = append(merged, a[i]...)
		}
		out = append(out, merged)
	}
	return out, true
}

func reassociationAttr(ctx *ir.Context, groups [][]int64) ir.Attribute {
	var elems []ir.Attribute
	for _, g := range groups {
		var idx []ir.Attribute
		for _, i := range g {
			idx = append(idx, ctx.IntegerAttr(ctx.I(64), i))
		}
		elems = append(elems, ctx.ArrayAttr(idx))
	}
	return ctx.ArrayAttr(elems)
}

// composeReshapes folds collapse_shape(collapse_shape(x)) and
// expand_shape(expand_shape(x)) into one reshape
// (ComposeReassociativeReshapeOps).
func composeReshapes(op *ir.Operation, r *rewrite.Rewriter) bool {
	inner := definedBy(op.Operand(0), op.Name())
	if inner == nil {
		return false
	}
	groups, ok := composeReassociation(reassociation(inner), reassociation(op))
	if !ok {
		return false
	}
	ctx := r.Ctx
	props := []ir.NamedAttr{{Name: "reassociation", Value: reassociationAttr(ctx, groups)}}
	operands := []ir.Value{inner.Operand(0)}
	if op.Name() == "tensor.expand_shape" {
		props = append(props, ir.NamedAttr{Name: "static_output_shape", Value: op.InherentAttr("static_output_shape")})
		operands = append(operands, op.Operands()[1:]...)
	}
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands,
		ResultTypes: []ir.Type{op.Result(0).Type()}, Properties: ctx.DictionaryAttr(props)})
	r.ReplaceOp(op, n.Results())
	return true
}

// foldZeroPadding replaces a tensor.pad without padding by a cast
// (FoldStaticZeroPadding).
func foldZeroPadding(op *ir.Operation, r *rewrite.Rewriter) bool {
	if op.InherentAttr("nofold") != nil {
		return false
	}
	low := denseI64(op.InherentAttr("static_low"))
	high := denseI64(op.InherentAttr("static_high"))
	dyn := op.Operands()[1:]
	for _, m := range viewlike.MixedValues(r.Ctx, append(append([]int64{}, low...), high...), dyn) {
		if v, ok := viewlike.ConstantIndex(m); !ok || v != 0 {
			return false
		}
	}
	r.ReplaceOp(op, []ir.Value{newCast(r, op.Loc(), op.Operand(0), op.Result(0).Type())})
	return true
}

// extractFromCast reads an element through a cast from a ranked tensor
// (ExtractFromTensorCast).
func extractFromCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	cast := definedBy(op.Operand(0), "tensor.cast")
	if cast == nil {
		return false
	}
	if _, ok := cast.Operand(0).Type().(*ir.RankedTensorType); !ok {
		return false
	}
	operands := append([]ir.Value{cast.Operand(0)}, op.Operands()[1:]...)
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands, ResultTypes: op.ResultTypes()})
	r.ReplaceOp(op, n.Results())
	return true
}

// extractFromGenerate computes an element of a tensor.generate that
// would otherwise be dead by cloning its body at the indices
// (ExtractFromTensorGenerate).
func extractFromGenerate(op *ir.Operation, r *rewrite.Rewriter) bool {
	gen := definedBy(op.Operand(0), "tensor.generate")
	if gen == nil || !gen.WouldBeTriviallyDead() {
		return false
	}
	body := gen.Region(0).First()
	if body == nil || body.Last() == nil || body.Last().Name() != "tensor.yield" || body.NumArguments() != op.NumOperands()-1 {
		return false
	}
	mapping := map[ir.Value]ir.Value{}
	for i, a := range body.Arguments() {
		mapping[a] = op.Operand(1 + i)
	}
	for o := body.First(); o != nil && o != body.Last(); o = o.Next() {
		r.Insert(o.Clone(mapping))
	}
	v := body.Last().Operand(0)
	if m, ok := mapping[v]; ok {
		v = m
	}
	r.ReplaceOp(op, []ir.Value{v})
	return true
}

// sliceOfCast moves a cast that loses static information after an
// extract_slice of its source (ExtractSliceOpCastFolder).
func sliceOfCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	cast := definedBy(op.Operand(0), "tensor.cast")
	if cast == nil || !canFoldIntoConsumer(cast) {
		return false
	}
	for _, v := range op.Operands()[1:] {
		if _, ok := viewlike.ConstantIntValue(v); ok {
			return false
		}
	}
	s := slice(op, 1)
	src := cast.Operand(0).Type()
	shape, _ := shapeOf(src)
	if inBounds(op, shape, s) != nil {
		return false
	}
	resT := rankReducedType(r.Ctx, src, s.sizes, rank(op.Result(0).Type()))
	if resT == nil {
		return false
	}
	operands := append([]ir.Value{cast.Operand(0)}, op.Operands()[1:]...)
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands,
		ResultTypes: []ir.Type{resT}, Properties: op.Properties(), Attributes: op.Attrs()})
	replaceWithCast(r, op, n.Result(0))
	return true
}

// dimOfReshape reads a dimension of tensor.reshape's result from its
// shape operand (DimOfReshapeOp).
func dimOfReshape(op *ir.Operation, r *rewrite.Rewriter) bool {
	reshape := definedBy(op.Operand(0), "tensor.reshape")
	if reshape == nil {
		return false
	}
	shape := reshape.Operand(1)
	elem := elemType(shape.Type())
	if _, isIndex := elem.(*ir.IndexType); !isIndex && r.Ctx.LookupOpName("arith.index_cast") == nil {
		return false
	}
	r.SetInsertionPointAfter(op)
	v := r.Create(&ir.OperationState{Name: r.Ctx.OpName("tensor.extract"), Loc: op.Loc(),
		Operands: []ir.Value{shape, op.Operand(1)}, ResultTypes: []ir.Type{elem}}).Result(0)
	if v.Type() != op.Result(0).Type() {
		v = r.Create(&ir.OperationState{Name: r.Ctx.OpName("arith.index_cast"), Loc: op.Loc(),
			Operands: []ir.Value{v}, ResultTypes: []ir.Type{op.Result(0).Type()}}).Result(0)
	}
	r.ReplaceOp(op, []ir.Value{v})
	return true
}

// rankReductionMaskDynamic is computeRankReductionMask with matchDynamic:
// a dynamic size on either side matches any size other than a static 1
// of orig.
func rankReductionMaskDynamic(orig, reduced []int64) (map[int]bool, bool) {
	unused := map[int]bool{}
	r := 0
	for i, d := range orig {
		if r < len(reduced) && d != 1 && (reduced[r] == Dynamic || d == Dynamic) {
			r++
			continue
		}
		if r < len(reduced) && d == reduced[r] {
			r++
			continue
		}
		unused[i] = true
		if d != 1 {
			return nil, false
		}
	}
	if r != len(reduced) {
		return nil, false
	}
	return unused, true
}

// castSource returns the source of a cast defining v that can fold into
// its consumer, or nil.
func castSource(v ir.Value) ir.Value {
	if cast := definedBy(v, "tensor.cast"); canFoldIntoConsumer(cast) {
		return cast.Operand(0)
	}
	return nil
}

// rebuildInsertSlice replaces an insert_slice by one of src into dst with
// the given static sizes and dynamic size values, casting the result back
// to the original type.
func rebuildInsertSlice(r *rewrite.Rewriter, op *ir.Operation, src, dst ir.Value, sizes []int64, dynSizes []ir.Value) {
	s := slice(op, 2)
	ops := op.Operands()
	offs := ops[2 : 2+s.nOffsets]
	strides := ops[2+s.nOffsets+s.nSizes:]
	ctx := r.Ctx
	props := []ir.NamedAttr{
		{Name: "operandSegmentSizes", Value: segments(ctx, 2, len(offs), len(dynSizes), len(strides))},
		{Name: "static_offsets", Value: ctx.DenseI64Array(s.offsets...)},
		{Name: "static_sizes", Value: ctx.DenseI64Array(sizes...)},
		{Name: "static_strides", Value: ctx.DenseI64Array(s.strides...)},
	}
	operands := append(append(append([]ir.Value{src, dst}, offs...), dynSizes...), strides...)
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands,
		ResultTypes: []ir.Type{dst.Type()}, Properties: ctx.DictionaryAttr(props), Attributes: op.Attrs()})
	replaceWithCast(r, op, n.Result(0))
}

// insertSliceOfCasts inserts the sources of casts that lose static
// information, taking static sizes from the source's type
// (InsertSliceOpCastFolder).
func insertSliceOfCasts(op *ir.Operation, r *rewrite.Rewriter) bool {
	for _, v := range op.Operands()[2:] {
		if _, ok := viewlike.ConstantIntValue(v); ok {
			return false
		}
	}
	srcCast, dstCast := castSource(op.Operand(0)), castSource(op.Operand(1))
	if srcCast == nil && dstCast == nil {
		return false
	}
	src, dst := op.Operand(0), op.Operand(1)
	if srcCast != nil {
		src = srcCast
	}
	if dstCast != nil {
		dst = dstCast
	}
	srcT, ok1 := src.Type().(*ir.RankedTensorType)
	dstT, ok2 := dst.Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return false
	}
	s := slice(op, 2)
	mask, ok := rankReductionMaskDynamic(s.sizes, srcT.Shape)
	if !ok {
		return false
	}
	sizeVals := op.Operands()[2+s.nOffsets : 2+s.nOffsets+s.nSizes]
	sizes := append([]int64{}, s.sizes...)
	var dynSizes []ir.Value
	k, reduced := 0, 0
	for i, d := range s.sizes {
		var v ir.Value
		if d == Dynamic {
			v = sizeVals[k]
			k++
		}
		if !mask[i] && srcT.Shape[reduced] != Dynamic {
			sizes[i] = srcT.Shape[reduced]
			reduced++
			continue
		}
		if v != nil {
			dynSizes = append(dynSizes, v)
		}
	}
	if checkRankReducedQuiet(slicedType(r.Ctx, dstT, sizes), srcT) {
		return false
	}
	if inBounds(op, dstT.Shape, sliceOp{offsets: s.offsets, sizes: sizes, strides: s.strides}) != nil {
		return false
	}
	rebuildInsertSlice(r, op, src, dst, sizes, dynSizes)
	return true
}

// checkRankReducedQuiet reports whether actual is not expected or a rank
// reduction of it.
func checkRankReducedQuiet(expected, actual ir.Type) bool {
	if expected == actual {
		return false
	}
	es, _ := shapeOf(expected)
	as, _ := shapeOf(actual)
	if len(as) > len(es) {
		return true
	}
	if _, ok := rankReductionMask(es, as); !ok {
		return true
	}
	return elemType(expected) != elemType(actual)
}

// insertSliceSourceCast casts the source of a non-rank-reducing
// insert_slice to the static sizes of the slice
// (InsertSliceOpSourceCastInserter).
func insertSliceSourceCast(op *ir.Operation, r *rewrite.Rewriter) bool {
	srcT, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok || len(srcT.Shape) != rank(op.Operand(1).Type()) {
		return false
	}
	s := slice(op, 2)
	sizes := viewlike.MixedValues(r.Ctx, s.sizes, op.Operands()[2+s.nOffsets:])
	shape := append([]int64{}, srcT.Shape...)
	for i := range shape {
		if i >= len(sizes) {
			return false
		}
		if c, ok := viewlike.ConstantIndex(sizes[i]); ok {
			if c < 0 {
				return false
			}
			shape[i] = c
		}
	}
	newT := r.Ctx.RankedTensorType(shape, srcT.Elem, nil)
	if ir.Type(newT) == ir.Type(srcT) || !preservesStaticInformation(srcT, newT) || !castsTensor(srcT, newT) {
		return false
	}
	cast := newCast(r, op.Loc(), op.Operand(0), newT)
	operands := append([]ir.Value{cast}, op.Operands()[1:]...)
	n := r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands,
		ResultTypes: op.ResultTypes(), Properties: op.Properties(), Attributes: op.Attrs()})
	r.ReplaceOp(op, n.Results())
	return true
}

// collapseOfExpand folds collapse_shape(expand_shape(x)) into one reshape
// of x, or a cast when the ranks agree (ComposeCollapseOfExpandOp). An
// expansion is built only when its result is static, whose output shape
// needs no new values.
func collapseOfExpand(op *ir.Operation, r *rewrite.Rewriter) bool {
	expand := definedBy(op.Operand(0), "tensor.expand_shape")
	if expand == nil {
		return false
	}
	srcT, resT := expand.Operand(0).Type(), op.Result(0).Type()
	srcRank, resRank := rank(srcT), rank(resT)
	if srcT == resT || srcRank < 0 || resRank < 0 {
		return false
	}
	higher, lower := reassociation(expand), reassociation(op)
	if srcRank < resRank {
		higher, lower = lower, higher
	}
	var composed [][]int64
	h := 0
	for _, l := range lower {
		if len(l) == 0 {
			return false
		}
		var group []int64
		for h < len(higher) {
			if len(higher[h]) == 0 {
				return false
			}
			right := higher[h][len(higher[h])-1]
			if right > l[len(l)-1] {
				return false
			}
			group = append(group, int64(h))
			h++
			if right == l[len(l)-1] {
				break
			}
		}
		composed = append(composed, group)
	}
	ctx := r.Ctx
	props := []ir.NamedAttr{{Name: "reassociation", Value: reassociationAttr(ctx, composed)}}
	var n *ir.Operation
	switch {
	case srcRank > resRank:
		n = r.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: []ir.Value{expand.Operand(0)},
			ResultTypes: []ir.Type{resT}, Properties: ctx.DictionaryAttr(props)})
	case srcRank < resRank:
		shape, _ := shapeOf(resT)
		if numDynamic(shape) > 0 {
			return false
		}
		props = append(props, ir.NamedAttr{Name: "static_output_shape", Value: ctx.DenseI64Array(shape...)})
		n = r.Create(&ir.OperationState{Name: ctx.OpName("tensor.expand_shape"), Loc: op.Loc(), Operands: []ir.Value{expand.Operand(0)},
			ResultTypes: []ir.Type{resT}, Properties: ctx.DictionaryAttr(props)})
	default:
		n = r.Create(&ir.OperationState{Name: ctx.OpName("tensor.cast"), Loc: op.Loc(), Operands: []ir.Value{expand.Operand(0)},
			ResultTypes: []ir.Type{resT}})
	}
	r.ReplaceOp(op, n.Results())
	return true
}
