package tensor

import (
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

var patterns sync.Once

// The folders of the reshapes, named for the hooks of tensor.irdl.
var (
	foldCollapseShape = foldReassociativeReshape("tensor.expand_shape")
	foldExpandShape   = foldReassociativeReshape("tensor.collapse_shape")
)

// attachFolders registers, once per process, the canonicalization
// patterns; the tensor dialect materializes constants as arith.constant,
// as upstream's does. The folders are hooks of tensor.irdl.
func attachFolders(ctx *ir.Context) {
	if d := ctx.Dialect("tensor"); d != nil {
		d.MaterializeConstant = materializeConstant
	}
	patterns.Do(registerPatterns)
}

func registerPatterns() {
	for _, p := range []*rewrite.Func{
		{RootName: "tensor.cast", BenefitValue: 1, PatternName: "tensor-chained-cast", Fn: chainedCast},
		{RootName: "tensor.cast", BenefitValue: 1, PatternName: "tensor-fold-empty-with-cast", Fn: foldEmptyWithCast},
		{RootName: "tensor.dim", BenefitValue: 1, PatternName: "tensor-dim-of-cast", Fn: dimOfCast},
		{RootName: "tensor.dim", BenefitValue: 1, PatternName: "tensor-dim-of-dest-style", Fn: dimOfDestStyle},
		{RootName: "tensor.dim", BenefitValue: 1, PatternName: "tensor-dim-of-empty", Fn: dimOfEmpty},
		{RootName: "tensor.dim", BenefitValue: 1, PatternName: "tensor-dim-of-reshape", Fn: dimOfReshape},
		{RootName: "tensor.empty", BenefitValue: 1, PatternName: "tensor-empty-static-dims", Fn: emptyStaticDims},
		{RootName: "tensor.extract_slice", BenefitValue: 1, PatternName: "tensor-extract-slice-constant-arguments", Fn: sliceConstantArguments},
		{RootName: "tensor.insert_slice", BenefitValue: 1, PatternName: "tensor-insert-slice-constant-arguments", Fn: sliceConstantArguments},
		{RootName: "tensor.parallel_insert_slice", BenefitValue: 1, PatternName: "tensor-parallel-insert-slice-constant-arguments", Fn: sliceConstantArguments},
		{RootName: "tensor.insert_slice", BenefitValue: 1, PatternName: "tensor-insert-slice-of-casts", Fn: insertSliceOfCasts},
		{RootName: "tensor.insert_slice", BenefitValue: 1, PatternName: "tensor-insert-slice-source-cast", Fn: insertSliceSourceCast},
		{RootName: "tensor.collapse_shape", BenefitValue: 1, PatternName: "tensor-compose-collapse-shape", Fn: composeReshapes},
		{RootName: "tensor.expand_shape", BenefitValue: 1, PatternName: "tensor-compose-expand-shape", Fn: composeReshapes},
		{RootName: "tensor.collapse_shape", BenefitValue: 1, PatternName: "tensor-collapse-of-expand", Fn: collapseOfExpand},
		{RootName: "tensor.expand_shape", BenefitValue: 1, PatternName: "tensor-expand-of-collapse", Fn: expandOfCollapse},
		{RootName: "tensor.expand_shape", BenefitValue: 1, PatternName: "tensor-static-expand-of-cast", Fn: staticExpandOfCast},
		{RootName: "tensor.collapse_shape", BenefitValue: 1, PatternName: "tensor-collapse-of-cast", Fn: collapseOfCast},
		{RootName: "tensor.bitcast", BenefitValue: 1, PatternName: "tensor-chained-bitcast", Fn: chainedBitcast},
		{RootName: "tensor.concat", BenefitValue: 1, PatternName: "tensor-infer-concat-operand-types", Fn: inferConcatOperandTypes},
		{RootName: "tensor.concat", BenefitValue: 1, PatternName: "tensor-infer-concat-result-type", Fn: inferConcatResultType},
		{RootName: "tensor.pad", BenefitValue: 1, PatternName: "tensor-pad-fold-source-cast", Fn: padOfCast},
		{RootName: "tensor.pad", BenefitValue: 1, PatternName: "tensor-fold-static-zero-padding", Fn: foldZeroPadding},
		{RootName: "tensor.generate", BenefitValue: 1, PatternName: "tensor-static-generate", Fn: staticGenerate},
		{RootName: "tensor.extract", BenefitValue: 1, PatternName: "tensor-extract-from-cast", Fn: extractFromCast},
		{RootName: "tensor.extract", BenefitValue: 1, PatternName: "tensor-extract-from-generate", Fn: extractFromGenerate},
		{RootName: "tensor.extract_slice", BenefitValue: 1, PatternName: "tensor-extract-slice-of-cast", Fn: sliceOfCast},
	} {
		p := p
		rewrite.RegisterCanonicalization(p.RootName, func() rewrite.Pattern { return p })
	}
}

// materializeConstant builds arith.constant for the integer, float and
// dense elements attributes folders produce.
func materializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	ta, ok := value.(ir.TypedAttr)
	if !ok || ta.AttrType() != t || b.Ctx.LookupOpName("arith.constant") == nil {
		return nil
	}
	switch value.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
	default:
		return nil
	}
	return b.Create(&ir.OperationState{
		Name:        b.Ctx.OpName("arith.constant"),
		Loc:         loc,
		ResultTypes: []ir.Type{t},
		Properties:  b.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: value}}),
	})
}

func value(v ir.Value) []ir.FoldResult    { return []ir.FoldResult{{Value: v}} }
func attr(a ir.Attribute) []ir.FoldResult { return []ir.FoldResult{{Attr: a}} }

// constIndex returns the value of an integer constant operand.
func constIndex(a ir.Attribute) (int64, bool) {
	if ia, ok := a.(*ir.IntegerAttr); ok {
		return ia.Int64(), true
	}
	return 0, false
}

// definedBy returns the operation named name that defines v, or nil.
func definedBy(v ir.Value, name string) *ir.Operation {
	if op := ir.DefiningOp(v); op != nil && op.Name() == name {
		return op
	}
	return nil
}

// preservesStaticInformation reports whether target keeps every static
// dimension of source (same element type, rank and encoding).
func preservesStaticInformation(source, target ir.Type) bool {
	s, ok1 := source.(*ir.RankedTensorType)
	t, ok2 := target.(*ir.RankedTensorType)
	if !ok1 || !ok2 || s.Elem != t.Elem || len(s.Shape) != len(t.Shape) || s.Encoding != t.Encoding {
		return false
	}
	for i := range s.Shape {
		if s.Shape[i] != Dynamic && t.Shape[i] == Dynamic {
			return false
		}
	}
	return true
}

// canFoldIntoConsumer reports whether the source of a tensor.cast has at
// least as much static information as its result.
func canFoldIntoConsumer(cast *ir.Operation) bool {
	return cast != nil && preservesStaticInformation(cast.Result(0).Type(), cast.Operand(0).Type())
}

func foldDim(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	idx, ok := constIndex(operands[1])
	if !ok {
		return nil, false
	}
	rt, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok || idx < 0 || idx >= int64(len(rt.Shape)) {
		return nil, false
	}
	ctx := op.Context()
	if d := rt.Shape[idx]; d != Dynamic {
		return attr(ctx.IntegerAttr(ctx.IndexType(), d)), true
	}
	def := ir.DefiningOp(op.Operand(0))
	if def != nil && def.Name() == "tensor.generate" {
		return value(def.Operand(numDynamic(rt.Shape[:idx]))), true
	}
	if def != nil && def.Name() == "tensor.extract_slice" && rank(def.Operand(0).Type()) == len(rt.Shape) {
		s := slice(def, 1)
		if idx < int64(len(s.sizes)) && s.sizes[idx] == Dynamic {
			return value(def.Operand(1 + s.nOffsets + numDynamic(s.sizes[:idx]))), true
		}
	}
	if cast := definedBy(op.Operand(0), "tensor.cast"); canFoldIntoConsumer(cast) {
		op.SetOperand(0, cast.Operand(0))
		return nil, true
	}
	return nil, false
}

func foldRank(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if r := rank(op.Operand(0).Type()); r >= 0 {
		ctx := op.Context()
		return attr(ctx.IntegerAttr(ctx.IndexType(), int64(r))), true
	}
	return nil, false
}

func foldCast(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.Operand(0).Type() == op.Result(0).Type() {
		return value(op.Operand(0)), true
	}
	return nil, false
}

// elementAt returns element i (row-major) of a dense elements attribute.
func elementAt(ctx *ir.Context, d *ir.DenseElementsAttr, i int64) ir.Attribute {
	elem := d.Type.ElementType()
	w := ir.IntOrFloatBitWidth(elem)
	if w <= 0 {
		return nil
	}
	size := (w + 7) / 8
	if d.Splat {
		i = 0
	}
	if int(i+1)*size > len(d.Data) || i < 0 {
		return nil
	}
	var lo uint64
	raw := d.Data[int(i)*size : int(i+1)*size]
	for k := 0; k < size && k < 8; k++ {
		lo |= uint64(raw[k]) << (8 * k)
	}
	switch t := elem.(type) {
	case *ir.FloatType:
		if size > 8 {
			return nil
		}
		return ctx.FloatAttrBits(t, lo, 0)
	default:
		if size > 8 {
			return nil
		}
		return ctx.IntegerAttrBits(elem, lo)
	}
}

func foldExtract(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	ctx := op.Context()
	dense, _ := operands[0].(*ir.DenseElementsAttr)
	if dense != nil && dense.Splat {
		if a := elementAt(ctx, dense, 0); a != nil {
			return attr(a), true
		}
	}
	var idx []int64
	for _, a := range operands[1:] {
		v, ok := constIndex(a)
		if !ok {
			return nil, false
		}
		idx = append(idx, v)
	}
	shape, _ := shapeOf(op.Operand(0).Type())
	flat, stride := int64(0), int64(1)
	for i := len(idx) - 1; i >= 0; i-- {
		flat += idx[i] * stride
		stride *= shape[i]
	}
	if fe := definedBy(op.Operand(0), "tensor.from_elements"); fe != nil {
		if flat < 0 || flat >= int64(fe.NumOperands()) {
			return nil, false
		}
		return value(fe.Operand(int(flat))), true
	}
	if dense != nil {
		for i, v := range idx {
			if v < 0 || v >= shape[i] {
				return nil, false
			}
		}
		if a := elementAt(ctx, dense, flat); a != nil {
			return attr(a), true
		}
	}
	if ins := definedBy(op.Operand(0), "tensor.insert"); ins != nil && sameValues(ins.Operands()[2:], op.Operands()[1:]) {
		return value(ins.Operand(0)), true
	}
	return nil, false
}

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

// denseOf builds a dense elements attribute of type t from scalar
// integer or float attributes, as a splat when they are all equal.
func denseOf(ctx *ir.Context, t ir.ShapedType, elems []ir.Attribute) ir.Attribute {
	w := ir.IntOrFloatBitWidth(t.ElementType())
	if w <= 0 || w > 64 || len(elems) == 0 {
		return nil
	}
	size := (w + 7) / 8
	bits := make([]uint64, len(elems))
	for i, e := range elems {
		switch a := e.(type) {
		case *ir.IntegerAttr:
			if a.Type != t.ElementType() || a.Big != nil {
				return nil
			}
			bits[i] = a.Lo
		case *ir.FloatAttr:
			if ir.Type(a.Type) != t.ElementType() {
				return nil
			}
			bits[i] = a.Bits[0]
		default:
			return nil
		}
	}
	splat := true
	for _, b := range bits[1:] {
		if b != bits[0] {
			splat = false
		}
	}
	if splat {
		bits = bits[:1]
	}
	data := make([]byte, 0, len(bits)*size)
	for _, b := range bits {
		for k := 0; k < size; k++ {
			data = append(data, byte(b>>(8*k)))
		}
	}
	return ctx.DenseElementsAttr(t, splat, data)
}

func foldFromElements(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	for _, a := range operands {
		if a == nil {
			return nil, false
		}
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, false
	}
	if d := denseOf(op.Context(), rt, operands); d != nil {
		return attr(d), true
	}
	return nil, false
}

func foldSplat(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || numDynamic(rt.Shape) > 0 || operands[0] == nil {
		return nil, false
	}
	if d := denseOf(op.Context(), rt, operands[:1]); d != nil {
		return attr(d), true
	}
	return nil, false
}

// isIdentitySlice reports whether offsets are 0, strides 1 and sizes the
// static shape (foldIdentityOffsetSizeAndStrideOpInterface).
func isIdentitySlice(op *ir.Operation, lead int, shape []int64) bool {
	s := slice(op, lead)
	if len(s.offsets) != len(shape) || len(s.sizes) != len(shape) || len(s.strides) != len(shape) {
		return false
	}
	mixed := func(static []int64, first int) []ir.FoldResult {
		return viewlike.MixedValues(op.Context(), static, op.Operands()[first:])
	}
	offs := mixed(s.offsets, lead)
	sizes := mixed(s.sizes, lead+s.nOffsets)
	strides := mixed(s.strides, lead+s.nOffsets+s.nSizes)
	for i, d := range shape {
		if v, ok := viewlike.ConstantIndex(offs[i]); !ok || v != 0 {
			return false
		}
		if v, ok := viewlike.ConstantIndex(sizes[i]); !ok || v != d {
			return false
		}
		if v, ok := viewlike.ConstantIndex(strides[i]); !ok || v != 1 {
			return false
		}
	}
	return true
}

// sameSlice reports whether two slice ops use the same offsets, sizes and
// strides.
func sameSlice(a *ir.Operation, aLead int, b *ir.Operation, bLead int) bool {
	sa, sb := slice(a, aLead), slice(b, bLead)
	eq := func(x, y []int64) bool {
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
		return true
	}
	return eq(sa.offsets, sb.offsets) && eq(sa.sizes, sb.sizes) && eq(sa.strides, sb.strides) &&
		sameValues(a.Operands()[aLead:], b.Operands()[bLead:])
}

func foldExtractSlice(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	src, res := op.Operand(0).Type(), op.Result(0).Type()
	if d, ok := operands[0].(*ir.DenseElementsAttr); ok && d.Splat {
		if rt, ok := res.(*ir.RankedTensorType); ok && numDynamic(rt.Shape) == 0 {
			return attr(op.Context().DenseElementsAttr(rt, true, d.Data)), true
		}
	}
	if shape, _ := shapeOf(src); src == res && isIdentitySlice(op, 1, shape) {
		return value(op.Operand(0)), true
	}
	if ins := definedBy(op.Operand(0), "tensor.insert_slice"); ins != nil &&
		ins.Operand(0).Type() == res && sameSlice(ins, 2, op, 1) {
		return value(ins.Operand(0)), true
	}
	return nil, false
}

func foldInsertSlice(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	src, res := op.Operand(0).Type(), op.Result(0).Type()
	if shape, _ := shapeOf(res); src == res && numDynamic(shape) == 0 && isIdentitySlice(op, 2, shape) {
		return value(op.Operand(0)), true
	}
	if ext := definedBy(op.Operand(0), "tensor.extract_slice"); ext != nil &&
		ext.Operand(0) == op.Operand(1) && sameSlice(ext, 1, op, 2) {
		return value(op.Operand(1)), true
	}
	s := slice(op, 2)
	sizes := viewlike.MixedValues(op.Context(), s.sizes, op.Operands()[2+s.nOffsets:])
	for _, m := range sizes {
		if v, ok := viewlike.ConstantIndex(m); ok && v == 0 {
			return value(op.Operand(1)), true
		}
	}
	return nil, false
}

// foldReassociativeReshape folds a reshape to its source when the types
// agree, a reshape of the inverse reshape back to the original value, and
// a reshape of a constant.
func foldReassociativeReshape(inverse string) func(*ir.Operation, []ir.Attribute) ([]ir.FoldResult, bool) {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		res := op.Result(0).Type()
		if op.Operand(0).Type() == res {
			return value(op.Operand(0)), true
		}
		if inv := definedBy(op.Operand(0), inverse); inv != nil && inv.Operand(0).Type() == res {
			return value(inv.Operand(0)), true
		}
		if d, ok := operands[0].(*ir.DenseElementsAttr); ok {
			if rt, ok := res.(*ir.RankedTensorType); ok && numDynamic(rt.Shape) == 0 {
				return attr(op.Context().DenseElementsAttr(rt, d.Splat, d.Data)), true
			}
		}
		return nil, false
	}
}

func foldConcat(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.NumOperands() == 1 && op.Operand(0).Type() == op.Result(0).Type() {
		return value(op.Operand(0)), true
	}
	return nil, false
}

func foldPad(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	res := op.Result(0).Type()
	shape, _ := shapeOf(res)
	if numDynamic(shape) == 0 && res == op.Operand(0).Type() && op.InherentAttr("nofold") == nil {
		return value(op.Operand(0)), true
	}
	return nil, false
}

func foldReshape(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	res := op.Result(0).Type()
	if d, ok := operands[0].(*ir.DenseElementsAttr); ok && d.Splat {
		if rt, ok := res.(*ir.RankedTensorType); ok && numDynamic(rt.Shape) == 0 {
			return attr(op.Context().DenseElementsAttr(rt, true, d.Data)), true
		}
	}
	if prev := definedBy(op.Operand(0), "tensor.reshape"); prev != nil {
		op.SetOperand(0, prev.Operand(0))
		return nil, true
	}
	if op.Operand(0).Type() == res && rank(res) == 1 {
		return value(op.Operand(0)), true
	}
	return nil, false
}
