package vector

import (
	"fmt"
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

// vecShape returns the shape of a vector type, or nil and false for a
// scalar.
func vecShape(t ir.Type) ([]int64, bool) {
	if v, ok := t.(*ir.VectorType); ok {
		return v.Shape, true
	}
	return nil, false
}

// elemOf returns the element type of a vector, or t itself.
func elemOf(t ir.Type) ir.Type {
	if v, ok := t.(*ir.VectorType); ok {
		return v.Elem
	}
	return t
}

// i64Array returns the integers of an ArrayAttr of IntegerAttrs.
func i64Array(a ir.Attribute) []int64 {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int64, 0, len(arr.Elems))
	for _, e := range arr.Elems {
		if i, ok := e.(*ir.IntegerAttr); ok {
			out = append(out, i.Int64())
		}
	}
	return out
}

// denseI64 returns the elements of a DenseI64ArrayAttr.
func denseI64(a ir.Attribute) []int64 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int64, d.Size)
	for i := range out {
		var v uint64
		for b := 0; b < 8 && 8*i+b < len(d.Data); b++ {
			v |= uint64(d.Data[8*i+b]) << (8 * b)
		}
		out[i] = int64(v)
	}
	return out
}

// verifyBroadcast checks that the source broadcasts to the result
// (MLIR's isBroadcastableTo).
func verifyBroadcast(op BroadcastOp) error {
	dst := op.Vector().Type().(*ir.VectorType)
	src, isVec := vecShape(op.Source().Type())
	if !isVec {
		if elemOf(op.Source().Type()) != dst.Elem {
			return ir.OpError(op.Operation, "source type is not a vector")
		}
		return nil
	}
	if len(src) > len(dst.Shape) {
		return ir.OpError(op.Operation, "source rank higher than destination rank")
	}
	if elemOf(op.Source().Type()) != dst.Elem {
		return ir.OpError(op.Operation, "source type is not a vector")
	}
	lead := len(dst.Shape) - len(src)
	for i, d := range src {
		if d != 1 && d != dst.Shape[lead+i] {
			return ir.OpError(op.Operation, fmt.Sprintf("dimension mismatch (%d vs. %d)", d, dst.Shape[lead+i]))
		}
	}
	return nil
}

// verifyPosition checks extract and insert positions against the vector.
func verifyPosition(op *ir.Operation, vt *ir.VectorType, pos []int64, numDynamic int) error {
	if len(pos) > len(vt.Shape) {
		return ir.OpError(op, "expected position attribute of rank no greater than vector rank")
	}
	dyn := 0
	for i, p := range pos {
		if p == ir.Dynamic {
			dyn++
			continue
		}
		if p != -1 && (p < 0 || p >= vt.Shape[i]) {
			return ir.OpError(op, fmt.Sprintf("expected position attribute #%d to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)", i+1))
		}
	}
	if dyn != numDynamic {
		return ir.OpError(op, "mismatch between dynamic and static positions")
	}
	return nil
}

// positionType returns the type at a position of a vector: its element
// type when the position is full, else the vector of the trailing
// dimensions.
func positionType(ctx *ir.Context, vt *ir.VectorType, n int) ir.Type {
	if n >= len(vt.Shape) {
		return vt.Elem
	}
	var sc []bool
	if len(vt.Scalable) > 0 {
		sc = vt.Scalable[n:]
	}
	return ctx.VectorType(vt.Shape[n:], sc, vt.Elem)
}

func verifyExtract(op ExtractOp) error {
	vt := op.Source().Type().(*ir.VectorType)
	pos := denseI64(op.StaticPosition())
	if err := verifyPosition(op.Operation, vt, pos, len(op.DynamicPosition())); err != nil {
		return err
	}
	want := positionType(op.Context(), vt, len(pos))
	got := op.Result().Type()
	if got != want && !(len(pos) == len(vt.Shape) && isSingleElemVector(got, vt.Elem)) {
		return ir.OpError(op.Operation, "failed to verify that result type matches the source at the position")
	}
	return nil
}

// isSingleElemVector reports whether t is a vector of one element of elem
// (the 0-d or 1-element form MLIR also accepts at a full position).
func isSingleElemVector(t, elem ir.Type) bool {
	v, ok := t.(*ir.VectorType)
	return ok && v.Elem == elem && ir.NumElements(v.Shape) == 1
}

func verifyInsert(op InsertOp) error {
	vt := op.Dest().Type().(*ir.VectorType)
	pos := denseI64(op.StaticPosition())
	if err := verifyPosition(op.Operation, vt, pos, len(op.DynamicPosition())); err != nil {
		return err
	}
	want := positionType(op.Context(), vt, len(pos))
	got := op.ValueToStore().Type()
	if got != want && !(len(pos) == len(vt.Shape) && isSingleElemVector(got, vt.Elem)) {
		return ir.OpError(op.Operation, "failed to verify that the value to store matches the destination at the position")
	}
	return nil
}

// verifyStridedAttrs checks that an offsets/sizes/strides attribute
// holds no more entries than the vector rank.
func verifyStridedAttrs(op *ir.Operation, name string, vals []int64, shape []int64) error {
	if len(vals) > len(shape) {
		return ir.OpError(op, fmt.Sprintf("expected %s attribute of rank no greater than vector rank", name))
	}
	return nil
}

func verifyExtractStridedSlice(op ExtractStridedSliceOp) error {
	src := op.Source().Type().(*ir.VectorType)
	offsets, sizes, strides := i64Array(op.Offsets()), i64Array(op.Sizes()), i64Array(op.Strides())
	if len(offsets) != len(sizes) || len(offsets) != len(strides) {
		return ir.OpError(op.Operation, "expected offsets, sizes and strides attributes of same size")
	}
	for _, a := range []struct {
		name string
		vals []int64
	}{{"offsets", offsets}, {"sizes", sizes}, {"strides", strides}} {
		if err := verifyStridedAttrs(op.Operation, a.name, a.vals, src.Shape); err != nil {
			return err
		}
	}
	for i := range offsets {
		if offsets[i] < 0 || offsets[i] >= src.Shape[i] {
			return ir.OpError(op.Operation, fmt.Sprintf("expected offsets dimension %d to be confined to [0, %d)", i, src.Shape[i]))
		}
		if sizes[i] < 1 || sizes[i] > src.Shape[i] {
			return ir.OpError(op.Operation, fmt.Sprintf("expected sizes dimension %d to be confined to [1, %d)", i, src.Shape[i]+1))
		}
		if strides[i] != 1 {
			return ir.OpError(op.Operation, fmt.Sprintf("expected strides dimension %d to be confined to [1, 2)", i))
		}
		if offsets[i]+sizes[i] > src.Shape[i] {
			return ir.OpError(op.Operation, fmt.Sprintf("expected sum(offsets, sizes) dimension %d to be confined to [1, %d)", i, src.Shape[i]+1))
		}
	}
	shape := append(append([]int64(nil), sizes...), src.Shape[len(sizes):]...)
	var sc []bool
	if len(src.Scalable) > 0 {
		sc = src.Scalable
	}
	want := op.Context().VectorType(shape, sc, src.Elem)
	if op.Result().Type() != want {
		return ir.OpError(op.Operation, "expected result type to be "+ir.TypeString(want))
	}
	return nil
}

func verifyInsertStridedSlice(op InsertStridedSliceOp) error {
	src := op.ValueToStore().Type().(*ir.VectorType)
	dst := op.Dest().Type().(*ir.VectorType)
	offsets, strides := i64Array(op.Offsets()), i64Array(op.Strides())
	if len(offsets) != len(dst.Shape) {
		return ir.OpError(op.Operation, "expected offsets of same size as destination vector rank")
	}
	if len(strides) != len(src.Shape) {
		return ir.OpError(op.Operation, "expected strides of same size as source vector rank")
	}
	if len(src.Shape) > len(dst.Shape) {
		return ir.OpError(op.Operation, "expected source rank to be no greater than destination rank")
	}
	for i, o := range offsets {
		if o < 0 || o >= dst.Shape[i] {
			return ir.OpError(op.Operation, fmt.Sprintf("expected offsets dimension %d to be confined to [0, %d)", i, dst.Shape[i]))
		}
	}
	for i, s := range strides {
		if s != 1 {
			return ir.OpError(op.Operation, fmt.Sprintf("expected strides dimension %d to be confined to [1, 2)", i))
		}
	}
	lead := len(dst.Shape) - len(src.Shape)
	for i, d := range src.Shape {
		if offsets[lead+i]+d > dst.Shape[lead+i] {
			return ir.OpError(op.Operation, fmt.Sprintf("expected sum(offsets, source vector shape) dimension %d to be confined to [1, %d)", lead+i, dst.Shape[lead+i]+1))
		}
	}
	return nil
}

func verifyReduction(op ReductionOp) error {
	vt := op.Vector().Type().(*ir.VectorType)
	if len(vt.Shape) > 1 {
		return ir.OpError(op.Operation, fmt.Sprintf("unsupported reduction rank: %d", len(vt.Shape)))
	}
	if op.Dest().Type() != vt.Elem {
		return ir.OpError(op.Operation, "failed to verify that source operand and result have same element type")
	}
	if acc := op.Acc(); acc != nil && acc.Type() != vt.Elem {
		return ir.OpError(op.Operation, "failed to verify that source operand and accumulator have same element type")
	}
	return nil
}

func verifyMultiReduction(op MultiReductionOp) error {
	src := op.Source().Type().(*ir.VectorType)
	dims := denseI64(op.ReductionDims())
	reduced := make([]bool, len(src.Shape))
	for _, d := range dims {
		if d < 0 || d >= int64(len(src.Shape)) {
			return ir.OpError(op.Operation, "reduction dimension out of range")
		}
		reduced[d] = true
	}
	var shape []int64
	var sc []bool
	for i, r := range reduced {
		if !r {
			shape = append(shape, src.Shape[i])
			sc = append(sc, len(src.Scalable) > 0 && src.Scalable[i])
		}
	}
	var want ir.Type = src.Elem
	if len(shape) > 0 {
		want = op.Context().VectorType(shape, sc, src.Elem)
	}
	if op.Dest().Type() != want {
		return ir.OpError(op.Operation, "destination type "+ir.TypeString(op.Dest().Type())+" is incompatible with source type "+ir.TypeString(src))
	}
	return nil
}

func verifyShapeCast(op ShapeCastOp) error {
	src := op.Source().Type().(*ir.VectorType)
	dst := op.Result().Type().(*ir.VectorType)
	if src.Elem != dst.Elem {
		return ir.OpError(op.Operation, "has different source and result element types")
	}
	if ir.NumElements(src.Shape) != ir.NumElements(dst.Shape) {
		return ir.OpError(op.Operation, fmt.Sprintf("has different number of elements at source (%d) and result (%d)", ir.NumElements(src.Shape), ir.NumElements(dst.Shape)))
	}
	nsrc, ndst := 0, 0
	for _, s := range src.Scalable {
		if s {
			nsrc++
		}
	}
	for _, s := range dst.Scalable {
		if s {
			ndst++
		}
	}
	if nsrc != ndst {
		return ir.OpError(op.Operation, fmt.Sprintf("different number of scalable dims at source (%d) and result (%d)", nsrc, ndst))
	}
	return nil
}

func verifyTranspose(op TransposeOp) error {
	src := op.Vector().Type().(*ir.VectorType)
	dst := op.Result().Type().(*ir.VectorType)
	perm := denseI64(op.Permutation())
	if len(src.Shape) != len(dst.Shape) {
		return ir.OpError(op.Operation, "vector result rank mismatch: "+fmt.Sprint(len(dst.Shape)))
	}
	if len(perm) != len(src.Shape) {
		return ir.OpError(op.Operation, "transposition length mismatch: "+fmt.Sprint(len(perm)))
	}
	seen := make([]bool, len(perm))
	for i, p := range perm {
		if p < 0 || p >= int64(len(perm)) || seen[p] {
			return ir.OpError(op.Operation, "transposition index out of range: "+fmt.Sprint(p))
		}
		seen[p] = true
		if src.Shape[p] != dst.Shape[i] {
			return ir.OpError(op.Operation, fmt.Sprintf("dimension size mismatch at: %d", i))
		}
	}
	return nil
}

// bitWidth returns the bit width of an integer, index (64) or float type.
func bitWidth(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		return int(t.Width)
	case *ir.IndexType:
		return 64
	}
	if f, ok := t.(interface{ Width() int }); ok {
		return f.Width()
	}
	return 0
}

func verifyBitcast(op BitcastOp) error {
	src := op.Source().Type().(*ir.VectorType)
	dst := op.Result().Type().(*ir.VectorType)
	if len(src.Shape) != len(dst.Shape) {
		return ir.OpError(op.Operation, "op failed to verify that all of {source, result} have same rank")
	}
	n := len(src.Shape)
	for i := 0; i+1 < n; i++ {
		if src.Shape[i] != dst.Shape[i] {
			return ir.OpError(op.Operation, "dimension size mismatch at: "+fmt.Sprint(i))
		}
	}
	if n > 0 {
		sw, dw := bitWidth(src.Elem), bitWidth(dst.Elem)
		if sw > 0 && dw > 0 && src.Shape[n-1]*int64(sw) != dst.Shape[n-1]*int64(dw) {
			return ir.OpError(op.Operation, "source/result bitwidth of the minor 1-D vectors must be equal")
		}
	}
	return nil
}

func verifyConstantMask(op ConstantMaskOp) error {
	vt := op.Result().Type().(*ir.VectorType)
	sizes := denseI64(op.MaskDimSizes())
	if len(vt.Shape) == 0 {
		// A 0-D mask has one size: 0 (unset) or 1 (set).
		if len(sizes) != 1 {
			return ir.EmitError(op.Operation, "array attr must have length 1 for 0-D vectors")
		}
		if sizes[0] != 0 && sizes[0] != 1 {
			return ir.EmitError(op.Operation, "mask dim size must be either 0 or 1 for 0-D vectors")
		}
		return nil
	}
	if len(sizes) != len(vt.Shape) {
		return ir.OpError(op.Operation, "must specify array attr of size equal vector result rank")
	}
	allZero, anyZero := true, false
	for i, s := range sizes {
		if s < 0 || s > vt.Shape[i] {
			return ir.OpError(op.Operation, "array attr of size out of bounds of vector result dimension size")
		}
		if len(vt.Scalable) > 0 && vt.Scalable[i] && s != 0 && s != vt.Shape[i] {
			return ir.OpError(op.Operation, "only supports 'none set' or 'all set' scalable dimensions")
		}
		allZero = allZero && s == 0
		anyZero = anyZero || s == 0
	}
	if anyZero && !allZero {
		return ir.OpError(op.Operation, "expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim")
	}
	return nil
}

func verifyCreateMask(op CreateMaskOp) error {
	vt := op.Result().Type().(*ir.VectorType)
	if len(vt.Shape) == 0 {
		if len(op.Dims()) != 1 {
			return ir.OpError(op.Operation, "must specify exactly one operand for 0-D create_mask")
		}
		return nil
	}
	if len(op.Dims()) != len(vt.Shape) {
		return ir.OpError(op.Operation, "must specify an operand for each result vector dimension")
	}
	return nil
}

func verifyFromElements(op FromElementsOp) error {
	vt := op.Dest().Type().(*ir.VectorType)
	n := ir.NumElements(vt.Shape)
	if int64(len(op.Elements())) != n {
		return ir.OpError(op.Operation, "failed to verify that operand types match result element type")
	}
	for _, e := range op.Elements() {
		if e.Type() != vt.Elem {
			return ir.OpError(op.Operation, "failed to verify that operand types match result element type")
		}
	}
	return nil
}

func verifyTransferRead(op TransferReadOp) error {
	return verifyTransfer(op.Operation, op.Base().Type(), op.Vector().Type().(*ir.VectorType), op.Padding(), len(op.Indices()))
}

func verifyTransferWrite(op TransferWriteOp) error {
	return verifyTransfer(op.Operation, op.Base().Type(), op.ValueToStore().Type().(*ir.VectorType), nil, len(op.Indices()))
}

// verifyTransfer checks what transfer_read and transfer_write share
// (MLIR's verifyTransferOp).
func verifyTransfer(op *ir.Operation, shaped ir.Type, vt *ir.VectorType, padding ir.Value, numIndices int) error {
	rank, _ := shapedRank(shaped)
	if numIndices != rank {
		return ir.OpError(op, "requires "+fmt.Sprint(rank)+" indices")
	}
	ma, _ := op.InherentAttr("permutation_map").(*ir.AffineMapAttr)
	if ma == nil {
		return nil
	}
	m := ma.Map
	elem := shapedElem(shaped)
	if ev, ok := elem.(*ir.VectorType); ok {
		if len(ev.Shape) > len(vt.Shape) {
			return ir.OpError(op, "requires source vector element and vector result ranks to match.")
		}
	} else if elem != vt.Elem {
		return ir.OpError(op, "requires source to be a memref or ranked tensor with the vector's element type")
	}
	if padding != nil {
		if _, isVec := elem.(*ir.VectorType); !isVec && padding.Type() != elem {
			return ir.OpError(op, "requires formal padding and source of the same elemental type")
		}
	}
	if m.NumSyms != 0 {
		return ir.OpError(op, "requires permutation_map without symbols")
	}
	if m.NumDims != rank {
		return ir.OpError(op, "requires a permutation_map with input dims of the same rank as the source type")
	}
	evRank := 0
	if ev, ok := elem.(*ir.VectorType); ok {
		evRank = len(ev.Shape)
	}
	if m.NumResults() != len(vt.Shape)-evRank {
		return ir.OpError(op, "requires a permutation_map with result dims of the same rank as the vector type")
	}
	if !m.IsProjectedPermutation(true) {
		return ir.OpError(op, "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)")
	}
	if inb, ok := op.InherentAttr("in_bounds").(*ir.ArrayAttr); ok && len(inb.Elems) != m.NumResults() {
		return ir.OpError(op, "expects the in_bounds attr of same rank as permutation_map results: "+m.String()+" vs inBounds of size: "+fmt.Sprint(len(inb.Elems)))
	}
	return nil
}

func verifyContract(op ContractOp) error {
	arr, _ := op.IndexingMaps().(*ir.ArrayAttr)
	if arr == nil || len(arr.Elems) != 3 {
		return ir.OpError(op.Operation, "expected an indexing map for each vector operand")
	}
	its, _ := op.IteratorTypes().(*ir.ArrayAttr)
	numIter := 0
	if its != nil {
		numIter = len(its.Elems)
	}
	types := []ir.Type{op.Lhs().Type(), op.Rhs().Type(), op.Acc().Type()}
	for i, e := range arr.Elems {
		ma, ok := e.(*ir.AffineMapAttr)
		if !ok {
			return ir.OpError(op.Operation, "expected an indexing map for each vector operand")
		}
		m := ma.Map
		if m.NumSyms != 0 || m.NumDims != numIter {
			return ir.OpError(op.Operation, fmt.Sprintf("expected indexing map %d to have %d number of inputs", i, numIter))
		}
		rank := 0
		if s, ok := vecShape(types[i]); ok {
			rank = len(s)
		}
		if m.NumResults() != rank {
			return ir.OpError(op.Operation, fmt.Sprintf("expected indexing map %d to have %d number of outputs", i, rank))
		}
		if !m.IsProjectedPermutation(false) {
			return ir.OpError(op.Operation, fmt.Sprintf("expected indexing map %d to be a projected permutation of its inputs", i))
		}
	}
	if op.Result().Type() != op.Acc().Type() {
		return ir.OpError(op.Operation, "failed to verify that result type matches accumulator type")
	}
	return nil
}

func verifyOuterproduct(op OuterproductOp) error {
	lhs := op.Lhs().Type().(*ir.VectorType)
	if len(lhs.Shape) != 1 {
		return ir.OpError(op.Operation, "expected 1-d vector for operand #1")
	}
	res := op.Result().Type().(*ir.VectorType)
	if rhs, ok := op.Rhs().Type().(*ir.VectorType); ok {
		if len(rhs.Shape) != 1 {
			return ir.OpError(op.Operation, "expected 1-d vector for operand #2")
		}
		if len(res.Shape) != 2 {
			return ir.OpError(op.Operation, "expected 2-d vector result")
		}
		if lhs.Shape[0] != res.Shape[0] {
			return ir.OpError(op.Operation, "expected #1 operand dim to match result dim #1")
		}
		if rhs.Shape[0] != res.Shape[1] {
			return ir.OpError(op.Operation, "expected #2 operand dim to match result dim #2")
		}
	} else {
		if len(res.Shape) != 1 {
			return ir.OpError(op.Operation, "expected 1-d vector result")
		}
		if lhs.Shape[0] != res.Shape[0] {
			return ir.OpError(op.Operation, "expected #1 operand dim to match result dim #1")
		}
	}
	if acc := op.Acc(); acc != nil && acc.Type() != res {
		return ir.OpError(op.Operation, "expected operand #3 of same type as result type")
	}
	return nil
}

func verifyShuffle(op ShuffleOp) error {
	v1 := op.V1().Type().(*ir.VectorType)
	v2 := op.V2().Type().(*ir.VectorType)
	res := op.Vector().Type().(*ir.VectorType)
	if len(v1.Shape) != len(v2.Shape) || len(v1.Shape) != len(res.Shape) {
		return ir.OpError(op.Operation, "rank mismatch")
	}
	for i := 1; i < len(v1.Shape); i++ {
		if v1.Shape[i] != v2.Shape[i] || v1.Shape[i] != res.Shape[i] {
			return ir.OpError(op.Operation, "dimension mismatch")
		}
	}
	mask := denseI64(op.Mask())
	if int64(len(mask)) != res.Shape[0] {
		return ir.OpError(op.Operation, "mask length mismatch")
	}
	total := v1.Shape[0] + v2.Shape[0]
	for i, m := range mask {
		if m < -1 || m >= total {
			return ir.OpError(op.Operation, fmt.Sprintf("mask index #%d out of range", i+1))
		}
	}
	return nil
}

// verifyLoadStoreLayout is upstream's verifyLoadStoreMemRefLayout: a
// vector of more than one element (or a scalable one) is read or written
// contiguously, so the memref's innermost dimension must have unit
// stride.
func verifyLoadStoreLayout(op *ir.Operation, vt *ir.VectorType, mt *ir.MemRefType) error {
	if !slices.Contains(vt.Scalable, true) && (len(vt.Shape) == 0 || ir.NumElements(vt.Shape) == 1) {
		return nil
	}
	if strides, _, ok := viewlike.StridesAndOffset(mt); !ok || len(strides) > 0 && strides[len(strides)-1] != 1 {
		return ir.OpError(op, "most minor memref dim must have unit stride")
	}
	return nil
}

// verifyLoadStore checks vector.load and vector.store (upstream's
// LoadOp::verify and StoreOp::verify): the memref's layout, its rank
// against the vector's, its element type (or vector element type) against
// the vector's, and one index per memref dimension. what names the vector
// in the messages: "result" or "valueToStore".
func verifyLoadStore(op *ir.Operation, base ir.Value, vec ir.Value, numIndices int, what string) error {
	mt, ok1 := base.Type().(*ir.MemRefType)
	vt, ok2 := vec.Type().(*ir.VectorType)
	if !ok1 || !ok2 {
		return nil
	}
	if err := verifyLoadStoreLayout(op, vt, mt); err != nil {
		return err
	}
	if len(mt.Shape) < len(vt.Shape) {
		if what == "result" {
			return ir.OpError(op, "destination memref has lower rank than the result vector")
		}
		return ir.OpError(op, "source memref has lower rank than the vector to store")
	}
	elem := mt.Elem
	if ev, ok := elem.(*ir.VectorType); ok {
		if ev != vt {
			return ir.OpError(op, "base memref and "+what+" vector types should match")
		}
		elem = ev.Elem
	}
	if vt.Elem != elem {
		if what == "result" {
			return ir.OpError(op, "base and result element types should match")
		}
		return ir.OpError(op, "base and valueToStore element type should match")
	}
	if numIndices != len(mt.Shape) {
		return ir.OpError(op, "requires "+fmt.Sprint(len(mt.Shape))+" indices")
	}
	return nil
}

func verifyLoad(op LoadOp) error {
	return verifyLoadStore(op.Operation, op.Base(), op.Result(), len(op.Indices()), "result")
}

func verifyStore(op StoreOp) error {
	return verifyLoadStore(op.Operation, op.Base(), op.ValueToStore(), len(op.Indices()), "valueToStore")
}

// verifyMasked checks vector.maskedload and vector.maskedstore (upstream's
// MaskedLoadOp::verify and MaskedStoreOp::verify): the element types of
// the memref and the vector, one index per memref dimension, and a mask
// of the vector's shape. what names the vector: "result" or
// "valueToStore".
func verifyMasked(op *ir.Operation, base, mask, vec ir.Value, numIndices int, what string) error {
	mt, ok1 := base.Type().(*ir.MemRefType)
	vt, ok2 := vec.Type().(*ir.VectorType)
	maskT, ok3 := mask.Type().(*ir.VectorType)
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	if vt.Elem != mt.Elem {
		return ir.OpError(op, "base and "+what+" element type should match")
	}
	if numIndices != len(mt.Shape) {
		return ir.OpError(op, "requires "+fmt.Sprint(len(mt.Shape))+" indices")
	}
	if !slices.Equal(vt.Shape, maskT.Shape) {
		return ir.OpError(op, "expected "+what+" shape to match mask shape")
	}
	return nil
}

func verifyMaskedload(op MaskedloadOp) error {
	if err := verifyMasked(op.Operation, op.Base(), op.Mask(), op.Result(), len(op.Indices()), "result"); err != nil {
		return err
	}
	if op.PassThru().Type() != op.Result().Type() {
		return ir.OpError(op.Operation, "expected pass_thru of same type as result type")
	}
	return nil
}

func verifyMaskedstore(op MaskedstoreOp) error {
	return verifyMasked(op.Operation, op.Base(), op.Mask(), op.ValueToStore(), len(op.Indices()), "valueToStore")
}

// transferWriteInterfaces attaches the destination-style model of
// vector.transfer_write, whose one init is the base it writes into; the
// interface's verifier ties a tensor base to the result.
func transferWriteInterfaces(d *ir.OpDef) {
	ir.DestinationStyleOp.Attach(d, ir.DPSInitsFunc(func(*ir.Operation) (int, int) { return 1, 1 }))
}

// verifyGatherScatter checks vector.gather and vector.scatter (upstream's
// GatherOp::verify and ScatterOp::verify): a memref or ranked tensor base
// of the vector's element type, one index per base dimension, and index
// and mask vectors of the vector's shape. what names the vector: "result"
// or "valueToStore".
func verifyGatherScatter(op *ir.Operation, base, indexVec, mask, vec ir.Value, numIndices int, what string) error {
	vt, ok1 := vec.Type().(*ir.VectorType)
	it, ok2 := indexVec.Type().(*ir.VectorType)
	mt, ok3 := mask.Type().(*ir.VectorType)
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	var elem ir.Type
	var rank int
	switch bt := base.Type().(type) {
	case *ir.MemRefType:
		elem, rank = bt.Elem, len(bt.Shape)
	case *ir.RankedTensorType:
		elem, rank = bt.Elem, len(bt.Shape)
	default:
		return ir.OpError(op, "requires base to be a memref or ranked tensor type")
	}
	if vt.Elem != elem {
		if what == "result" {
			return ir.OpError(op, "base and result element type should match")
		}
		return ir.OpError(op, "base and valueToStore element type should match")
	}
	if numIndices != rank {
		return ir.OpError(op, "requires "+fmt.Sprint(rank)+" indices")
	}
	if !slices.Equal(vt.Shape, it.Shape) {
		return ir.OpError(op, "expected "+what+" dim to match indices dim")
	}
	if !slices.Equal(vt.Shape, mt.Shape) {
		return ir.OpError(op, "expected "+what+" dim to match mask dim")
	}
	return nil
}

func verifyGather(op GatherOp) error {
	if err := verifyGatherScatter(op.Operation, op.Base(), op.IndexVec(), op.Mask(), op.Result(), len(op.Indices()), "result"); err != nil {
		return err
	}
	if op.PassThru().Type() != op.Result().Type() {
		return ir.OpError(op.Operation, "expected pass_thru of same type as result type")
	}
	return nil
}

func verifyScatter(op ScatterOp) error {
	return verifyGatherScatter(op.Operation, op.Base(), op.IndexVec(), op.Mask(), op.ValueToStore(), len(op.Indices()), "valueToStore")
}
