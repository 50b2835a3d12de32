package vector

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/ub"
)

// poisonIndex is the static position that stands for a poison index
// (upstream's kPoisonIndex).
const poisonIndex = -1

// foldBroadcast folds a broadcast to its own type and a broadcast of a
// scalar constant or a splat constant to a splat constant.
func foldBroadcast(op BroadcastOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.Source().Type() == op.Vector().Type() {
		return []ir.FoldResult{{Value: op.Source()}}, true
	}
	if len(operands) == 0 || operands[0] == nil {
		return nil, false
	}
	vt := op.Vector().Type().(*ir.VectorType)
	if a, ok := operands[0].(*ir.DenseElementsAttr); ok && a.Splat {
		return []ir.FoldResult{{Attr: op.Context().DenseElementsAttr(vt, true, a.Data)}}, true
	}
	if b := scalarBytes(operands[0], vt.Elem); b != nil {
		return []ir.FoldResult{{Attr: op.Context().DenseElementsAttr(vt, true, b)}}, true
	}
	return nil, false
}

// foldExtract is upstream's ExtractOp::fold, in part: an extract without
// position folds to its source; an extract at a poison position (-1) or
// from a poison vector folds to poison; constant dynamic positions become static
// (in place); an extract of a dense constant folds to the extracted
// element or sub-vector (of a splat at any position); an extract of a
// broadcast of the extracted type folds to the broadcast's source.
func foldExtract(op ExtractOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if len(denseI64(op.StaticPosition())) == 0 && op.Source().Type() == op.Result().Type() {
		return []ir.FoldResult{{Value: op.Source()}}, true
	}
	if slices.Contains(denseI64(op.StaticPosition()), poisonIndex) ||
		(len(operands) > 0 && operands[0] != nil && ub.IsPoisonAttr(operands[0])) {
		return []ir.FoldResult{{Attr: ub.PoisonAttr(op.Context())}}, true
	}
	inPlace := foldConstantPositions(op.Operation, 1, "static_position", op.Source().Type(), operands)
	if len(operands) > 0 {
		if d, ok := operands[0].(*ir.DenseElementsAttr); ok {
			if a := extractDense(op, d); a != nil {
				return []ir.FoldResult{{Attr: a}}, true
			}
		}
	}
	if foldExtractFromExtract(op) {
		return nil, true
	}
	if def := ir.DefiningOp(op.Source()); def != nil {
		if b, ok := AsBroadcastOp(def); ok && b.Source().Type() == op.Result().Type() {
			return []ir.FoldResult{{Value: b.Source()}}, true
		}
	}
	if foldExtractFromShapeCast(op) {
		return nil, true
	}
	if inPlace {
		return nil, true
	}
	return nil, false
}

// foldInsert is upstream's InsertOp::fold, in part: an insert without
// position of a value of the result's type folds to that value; constant
// dynamic positions become static (in place); an insert at a poison
// position (-1) folds to poison.
func foldInsert(op InsertOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if len(denseI64(op.StaticPosition())) == 0 && op.ValueToStore().Type() == op.Result().Type() {
		return []ir.FoldResult{{Value: op.ValueToStore()}}, true
	}
	inPlace := foldConstantPositions(op.Operation, 2, "static_position", op.Dest().Type(), operands)
	if slices.Contains(denseI64(op.StaticPosition()), poisonIndex) {
		return []ir.FoldResult{{Attr: ub.PoisonAttr(op.Context())}}, true
	}
	return nil, inPlace
}

// foldExtractFromShapeCast makes an extract from a shape_cast extract
// from the cast's source: with static positions, the linearized position
// is delinearized in the source's shape when the extracted trailing
// dimensions agree (upstream's foldExtractFromShapeCast); with dynamic
// positions, only when the cast adds leading unit dimensions, whose
// positions are dropped.
func foldExtractFromShapeCast(op ExtractOp) bool {
	def := ir.DefiningOp(op.Source())
	sc, ok := AsShapeCastOp(def)
	if !ok {
		return false
	}
	src, ok1 := sc.Source().Type().(*ir.VectorType)
	mid, ok2 := op.Source().Type().(*ir.VectorType)
	if !ok1 || !ok2 {
		return false
	}
	pos := denseI64(op.StaticPosition())
	dynamic := false
	for _, p := range pos {
		dynamic = dynamic || p == ir.Dynamic
	}
	if dynamic {
		k := len(mid.Shape) - len(src.Shape)
		if k <= 0 || k > len(pos) {
			return false
		}
		for i := 0; i < k; i++ {
			if mid.Shape[i] != 1 {
				return false
			}
		}
		for i, s := range src.Shape {
			if mid.Shape[k+i] != s {
				return false
			}
		}
		ndyn := 0
		for _, p := range pos[:k] {
			if p == ir.Dynamic {
				ndyn++
			}
		}
		dyn := op.DynamicPosition()
		vals := append([]ir.Value{sc.Source()}, dyn[ndyn:]...)
		op.SetOperands(vals)
		op.SetAttr("static_position", op.Context().DenseI64Array(pos[k:]...))
		return true
	}
	if len(src.Shape) == 0 || len(mid.Shape) == 0 {
		return false
	}
	destRank := 0
	if dv, ok := op.Result().Type().(*ir.VectorType); ok {
		destRank = len(dv.Shape)
		if destRank > len(src.Shape) {
			return false
		}
		for i := 0; i < destRank; i++ {
			if src.Shape[len(src.Shape)-1-i] != dv.Shape[len(dv.Shape)-1-i] {
				return false
			}
		}
	}
	rev := func(shape []int64, n int) int64 { return shape[len(shape)-1-n] }
	position, stride := int64(0), int64(1)
	for i := 0; i < len(pos); i++ {
		position += pos[len(pos)-1-i] * stride
		stride *= rev(mid.Shape, i+destRank)
	}
	n := len(src.Shape) - destRank
	strides := make([]int64, n)
	stride = 1
	for i := 0; i < n; i++ {
		strides[n-1-i] = stride
		stride *= rev(src.Shape, i+destRank)
	}
	newPos := make([]int64, n)
	for i, st := range strides {
		newPos[i] = position / st
		position %= st
	}
	op.SetOperand(0, sc.Source())
	op.SetAttr("static_position", op.Context().DenseI64Array(newPos...))
	return true
}

// foldConstantPositions is upstream's extractInsertFoldConstantOp: the
// dynamic positions of op (operands from first on) that are constants
// within the dimension they index of vec (or -1, the poison position)
// become static positions and the operands are dropped; an out-of-bounds
// constant stays dynamic, since the static position would not verify. It
// reports whether op changed.
func foldConstantPositions(op *ir.Operation, first int, prop string, vec ir.Type, operands []ir.Attribute) bool {
	vt, ok := vec.(*ir.VectorType)
	if !ok {
		return false
	}
	pos := denseI64(op.InherentAttr(prop))
	var kept []ir.Value
	changed := false
	k := first
	for i, p := range pos {
		if p != ir.Dynamic {
			continue
		}
		if k >= op.NumOperands() {
			return false
		}
		if k < len(operands) {
			if c, ok := operands[k].(*ir.IntegerAttr); ok && i < len(vt.Shape) && c.Int64() >= poisonIndex && c.Int64() < vt.Shape[i] {
				pos[i] = c.Int64()
				changed = true
				k++
				continue
			}
		}
		kept = append(kept, op.Operand(k))
		k++
	}
	if !changed {
		return false
	}
	vals := append(append([]ir.Value(nil), op.Operands()[:first]...), kept...)
	vals = append(vals, op.Operands()[k:]...)
	op.SetOperands(vals)
	op.SetAttr(prop, op.Context().DenseI64Array(pos...))
	return true
}

// elementBytes is the size of one element of t in a dense constant's data.
func elementBytes(t ir.Type) int {
	switch e := t.(type) {
	case *ir.IntegerType:
		return int(e.Width+7) / 8
	case *ir.IndexType:
		return 8
	case *ir.FloatType:
		return (e.Width() + 7) / 8
	}
	return 0
}

// scalarBytes is the dense data of one element of type t holding the
// integer or float constant a, or nil.
func scalarBytes(a ir.Attribute, t ir.Type) []byte {
	eb := elementBytes(t)
	var lo, hi uint64
	switch c := a.(type) {
	case *ir.IntegerAttr:
		if c.Big != nil || c.Type != t {
			return nil
		}
		lo = c.Lo
	case *ir.FloatAttr:
		if c.Type != t || len(c.Bits) == 0 {
			return nil
		}
		lo = c.Bits[0]
		if len(c.Bits) > 1 {
			hi = c.Bits[1]
		}
	default:
		return nil
	}
	if eb == 0 || eb > 16 {
		return nil
	}
	b := make([]byte, eb)
	for i := range b {
		if i < 8 {
			b[i] = byte(lo >> (8 * i))
		} else {
			b[i] = byte(hi >> (8 * (i - 8)))
		}
	}
	return b
}

// scalarAttr is the attribute of one element's bytes, or nil.
func scalarAttr(ctx *ir.Context, t ir.Type, b []byte) ir.Attribute {
	if len(b) > 16 {
		return nil
	}
	var lo, hi uint64
	for i, x := range b {
		if i < 8 {
			lo |= uint64(x) << (8 * i)
		} else {
			hi |= uint64(x) << (8 * (i - 8))
		}
	}
	switch e := t.(type) {
	case *ir.IntegerType:
		if e.Width > 64 {
			return nil
		}
		return ctx.IntegerAttrBits(t, lo)
	case *ir.IndexType:
		return ctx.IntegerAttrBits(t, lo)
	case *ir.FloatType:
		return ctx.FloatAttrBits(e, lo, hi)
	}
	return nil
}

// denseOf returns a dense constant of t holding data, a splat when every
// element is the same (as MLIR stores it).
func denseOf(ctx *ir.Context, t ir.ShapedType, data []byte, eb int) *ir.DenseElementsAttr {
	splat := len(data) >= eb
	for i := eb; splat && i+eb <= len(data); i += eb {
		splat = string(data[i:i+eb]) == string(data[:eb])
	}
	if splat {
		data = data[:eb]
	}
	return ctx.DenseElementsAttr(t, splat, data)
}

// extractDense is upstream's foldDenseElementsAttrSrcExtractOp.
func extractDense(op ExtractOp, d *ir.DenseElementsAttr) ir.Attribute {
	ctx := op.Context()
	src, ok := op.Source().Type().(*ir.VectorType)
	if !ok {
		return nil
	}
	eb := elementBytes(src.Elem)
	if eb == 0 {
		return nil
	}
	resVec, isVec := op.Result().Type().(*ir.VectorType)
	if d.Splat {
		if len(d.Data) < eb {
			return nil
		}
		if isVec {
			return ctx.DenseElementsAttr(resVec, true, d.Data[:eb])
		}
		return scalarAttr(ctx, src.Elem, d.Data[:eb])
	}
	for _, s := range src.Scalable {
		if s {
			return nil
		}
	}
	pos := denseI64(op.StaticPosition())
	if len(pos) > len(src.Shape) {
		return nil
	}
	start, stride := int64(0), int64(1)
	for i := len(src.Shape) - 1; i >= 0; i-- {
		if i < len(pos) {
			if pos[i] == ir.Dynamic || pos[i] < 0 || pos[i] >= src.Shape[i] {
				return nil
			}
			start += pos[i] * stride
		}
		stride *= src.Shape[i]
	}
	n := int64(1)
	if isVec {
		for _, s := range resVec.Shape {
			n *= s
		}
	}
	lo, hi := start*int64(eb), (start+n)*int64(eb)
	if hi > int64(len(d.Data)) {
		return nil
	}
	if isVec {
		return denseOf(ctx, resVec, d.Data[lo:hi], eb)
	}
	return scalarAttr(ctx, src.Elem, d.Data[lo:hi])
}

// foldShapeCast folds a cast to the same type to its source, a cast of
// a cast to one cast from the first source (or to it when the types
// agree), and a cast of a dense constant to the reshaped constant.
func foldShapeCast(op ShapeCastOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.Source().Type() == op.Result().Type() {
		return []ir.FoldResult{{Value: op.Source()}}, true
	}
	if def := ir.DefiningOp(op.Source()); def != nil {
		if inner, ok := AsShapeCastOp(def); ok {
			if inner.Source().Type() == op.Result().Type() {
				return []ir.FoldResult{{Value: inner.Source()}}, true
			}
			op.SetOperand(0, inner.Source())
			return nil, true
		}
	}
	if len(operands) > 0 {
		if d, ok := operands[0].(*ir.DenseElementsAttr); ok {
			return []ir.FoldResult{{Attr: op.Context().DenseElementsAttr(op.Result().Type().(*ir.VectorType), d.Splat, d.Data)}}, true
		}
	}
	return nil, false
}

// foldBitcast is upstream's BitCastOp::fold without the constant cases: a
// cast to the source's type folds to the source, and a cast of a cast
// back to its source type to that source (else it casts that source).
func foldBitcast(op BitcastOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.Source().Type() == op.Result().Type() {
		return []ir.FoldResult{{Value: op.Source()}}, true
	}
	if def := ir.DefiningOp(op.Source()); def != nil {
		if inner, ok := AsBitcastOp(def); ok {
			if inner.Source().Type() == op.Result().Type() {
				return []ir.FoldResult{{Value: inner.Source()}}, true
			}
			op.SetOperand(0, inner.Source())
			return nil, true
		}
	}
	return nil, false
}

// foldTranspose folds an identity permutation to its source.
func foldTranspose(op TransposeOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	for i, p := range denseI64(op.Permutation()) {
		if p != int64(i) {
			return nil, false
		}
	}
	return []ir.FoldResult{{Value: op.Vector()}}, true
}

// foldTransferRead is upstream's TransferReadOp::fold, in part: the
// in_bounds flags that the static shapes prove (foldTransferInBoundsAttribute)
// and an all-true mask dropped (foldTransferFullMask), in place.
func foldTransferRead(op TransferReadOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	vt, _ := op.Vector().Type().(*ir.VectorType)
	if foldTransferInBounds(op.Operation, op.Base(), op.Indices(), op.PermutationMap(), op.InBounds(), vt) {
		return nil, true
	}
	if foldTransferFullMask(op.Operation, op.Mask()) {
		return nil, true
	}
	return nil, false
}

// foldTransferWrite is upstream's TransferWriteOp::fold, in part: as
// foldTransferRead, in place.
func foldTransferWrite(op TransferWriteOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	vt, _ := op.ValueToStore().Type().(*ir.VectorType)
	if foldTransferInBounds(op.Operation, op.Base(), op.Indices(), op.PermutationMap(), op.InBounds(), vt) {
		return nil, true
	}
	if foldTransferFullMask(op.Operation, op.Mask()) {
		return nil, true
	}
	return nil, false
}

// foldTransferInBounds is foldTransferInBoundsAttribute: a dimension not
// marked in bounds is when its index is a constant and the base's
// dimension is static and large enough; broadcast dimensions are in
// bounds when every other dimension is.
func foldTransferInBounds(op *ir.Operation, base ir.Value, indices []ir.Value, permA, ibA ir.Attribute, vt *ir.VectorType) bool {
	pm, ok := permA.(*ir.AffineMapAttr)
	arr, ok2 := ibA.(*ir.ArrayAttr)
	st, ok3 := base.Type().(ir.ShapedType)
	if !ok || !ok2 || !ok3 || vt == nil || len(vt.Shape) == 0 || len(arr.Elems) != len(vt.Shape) || len(pm.Map.Results) != len(vt.Shape) {
		return false
	}
	shape, ok := st.ShapeDims()
	if !ok || len(shape) != len(indices) {
		return false
	}
	changed := false
	newIB := make([]bool, len(vt.Shape))
	var nonBcast []int
	for i := range vt.Shape {
		if b, ok := arr.Elems[i].(*ir.IntegerAttr); ok && b.Lo != 0 {
			newIB[i] = true
			continue
		}
		e := pm.Map.Results[i]
		if e.IsDim() && e.Position() < len(indices) {
			j := e.Position()
			if c, ok := constantIndex(indices[j]); ok && shape[j] != ir.Dynamic && c+vt.Shape[i] <= shape[j] {
				newIB[i] = true
			}
			nonBcast = append(nonBcast, i)
		}
		changed = changed || newIB[i]
	}
	all := true
	for _, i := range nonBcast {
		all = all && newIB[i]
	}
	if all {
		for i, e := range pm.Map.Results {
			if e.IsConstantValue(0) {
				changed = changed || !newIB[i]
				newIB[i] = true
			}
		}
	}
	if !changed {
		return false
	}
	es := make([]ir.Attribute, len(newIB))
	for i, b := range newIB {
		es[i] = op.Context().Bool(b)
	}
	op.SetAttr("in_bounds", op.Context().ArrayAttr(es))
	return true
}

// constantAttr is the attribute of a ConstantLike operation defining v
// (m_Constant), or nil.
func constantAttr(v ir.Value) ir.Attribute {
	def := ir.DefiningOp(v)
	if def == nil {
		return nil
	}
	a, _ := rewrite.ConstantValue(def)
	return a
}

// constantIndex is the value of a constant index or integer
// (getConstantIntValue).
func constantIndex(v ir.Value) (int64, bool) {
	a, ok := constantAttr(v).(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int64(), true
}

// foldTransferFullMask drops a mask that is all true
// (foldTransferFullMask with getMaskFormat).
func foldTransferFullMask(op *ir.Operation, mask ir.Value) bool {
	if mask == nil || !allTrueMask(mask) {
		return false
	}
	ops := op.Operands()
	n := len(ops) - 1
	if ops[n] != mask {
		return false
	}
	seg := denseI32(op.Attr("operandSegmentSizes"))
	if len(seg) == 0 || seg[len(seg)-1] != 1 {
		return false
	}
	seg = append([]int32(nil), seg...)
	seg[len(seg)-1] = 0
	op.SetOperands(append([]ir.Value(nil), ops[:n]...))
	op.SetAttr("operandSegmentSizes", op.Context().DenseI32Array(seg...))
	return true
}

// allTrueMask is getMaskFormat(mask) == AllTrue: a constant of
// true elements, a vector.constant_mask of the full shape or a
// vector.create_mask of constant sizes covering the shape.
func allTrueMask(mask ir.Value) bool {
	def := ir.DefiningOp(mask)
	vt, ok := mask.Type().(*ir.VectorType)
	if def == nil || !ok {
		return false
	}
	if d, ok := constantAttr(mask).(*ir.DenseElementsAttr); ok {
		for _, b := range d.Data {
			if b&1 == 0 {
				return false
			}
		}
		return len(d.Data) > 0
	}
	switch def.Name() {
	case "vector.constant_mask":
		dims := denseI64(def.Attr("mask_dim_sizes"))
		if len(dims) != len(vt.Shape) {
			return false
		}
		for i, s := range dims {
			if s < vt.Shape[i] {
				return false
			}
		}
		return true
	case "vector.create_mask":
		if def.NumOperands() != len(vt.Shape) {
			return false
		}
		for i, o := range def.Operands() {
			c, ok := constantIndex(o)
			if !ok || c < vt.Shape[i] {
				return false
			}
		}
		return true
	}
	return false
}

// denseI32 is the elements of an array<i32: ...> attribute, or nil.
func denseI32(a ir.Attribute) []int32 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok || len(d.Data) < 4*d.Size {
		return nil
	}
	out := make([]int32, d.Size)
	for i := range out {
		out[i] = int32(uint32(d.Data[4*i]) | uint32(d.Data[4*i+1])<<8 | uint32(d.Data[4*i+2])<<16 | uint32(d.Data[4*i+3])<<24)
	}
	return out
}

// foldExtractFromExtract is upstream's foldExtractOpFromExtractChain for
// static positions: an extract from an extract extracts from the inner
// one's source at the concatenated position (in place).
func foldExtractFromExtract(op ExtractOp) bool {
	pos := denseI64(op.StaticPosition())
	if op.NumOperands() != 1 || slices.Contains(pos, ir.Dynamic) {
		return false
	}
	def := ir.DefiningOp(op.Source())
	if def == nil || def.Name() != "vector.extract" || def.NumOperands() != 1 {
		return false
	}
	inner := denseI64(def.InherentAttr("static_position"))
	if slices.Contains(inner, ir.Dynamic) {
		return false
	}
	op.SetOperand(0, def.Operand(0))
	op.SetAttr("static_position", op.Context().DenseI64Array(append(append([]int64(nil), inner...), pos...)...))
	return true
}
