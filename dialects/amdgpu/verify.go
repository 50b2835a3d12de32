package amdgpu

import (
	"encoding/binary"
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

func opErr(op *ir.Operation, format string, args ...any) error {
	return ir.OpError(op, fmt.Sprintf(format, args...))
}

func typeStr(t ir.Type) string { return "'" + ir.TypeString(t) + "'" }

// Memory spaces, as the amdgpu verifiers read them: an integer space or
// the gpu dialect's #gpu.address_space attribute.
func hasGlobalMemorySpace(a ir.Attribute) bool {
	switch a := a.(type) {
	case nil:
		return true
	case *ir.IntegerAttr:
		return a.Int64() == 0 || a.Int64() == 1
	}
	return ir.AttrString(a) == "#gpu.address_space<global>"
}

func hasWorkgroupMemorySpace(a ir.Attribute) bool {
	switch a := a.(type) {
	case nil:
		return false
	case *ir.IntegerAttr:
		return a.Int64() == 3
	}
	return ir.AttrString(a) == "#gpu.address_space<workgroup>"
}

func hasFatRawBufferMemorySpace(a ir.Attribute) bool {
	switch a := a.(type) {
	case nil:
		return false
	case *ir.IntegerAttr:
		return a.Int64() == 7
	}
	return ir.AttrString(a) == "#amdgpu.address_space<fat_raw_buffer>"
}

func elemType(t ir.Type) ir.Type {
	switch x := t.(type) {
	case *ir.VectorType:
		return x.Elem
	case *ir.MemRefType:
		return x.Elem
	case *ir.RankedTensorType:
		return x.Elem
	}
	return t
}

func isFloatOfWidth(t ir.Type, w int) bool {
	f, ok := t.(*ir.FloatType)
	return ok && f.Width() == w
}

func isFloat(t ir.Type) bool { _, ok := t.(*ir.FloatType); return ok }

func isIntOfWidth(t ir.Type, w uint32) bool {
	i, ok := t.(*ir.IntegerType)
	return ok && i.Width == w
}

func isF64(t ir.Type) bool { f, ok := t.(*ir.FloatType); return ok && f.Kind == ir.F64 }

func vecLen(t ir.Type) (ir.Type, int64) {
	if v, ok := t.(*ir.VectorType); ok {
		return v.Elem, numElements(v)
	}
	return t, 1
}

// verifyRawBufferOp checks what every raw buffer operation requires of
// its memref and indices.
func verifyRawBufferOp(op *ir.Operation, value, memref ir.Value, indices []ir.Value) error {
	m, ok := memref.Type().(*ir.MemRefType)
	if !ok {
		return opErr(op, "cannot meaningfully buffer_store to an unranked memref")
	}
	if value != nil && elemType(value.Type()) != m.Elem {
		return opErr(op, "failed to verify that all of {value, memref} have same element type")
	}
	if !hasGlobalMemorySpace(m.MemorySpace) {
		return opErr(op, "Buffer ops must operate on a memref in global memory")
	}
	if len(indices) != len(m.Shape) {
		return opErr(op, "Expected %d indices to memref", len(m.Shape))
	}
	return nil
}

func verifyRawBufferLoad(op RawBufferLoadOp) error {
	return verifyRawBufferOp(op.Operation, op.Value(), op.Memref(), op.Indices())
}

func verifyRawBufferStore(op RawBufferStoreOp) error {
	return verifyRawBufferOp(op.Operation, op.Value(), op.Memref(), op.Indices())
}

func verifyRawBufferAtomicCmpswap(op RawBufferAtomicCmpswapOp) error {
	return verifyRawBufferOp(op.Operation, op.Value(), op.Memref(), op.Indices())
}

func verifyRawBufferAtomicFadd(op RawBufferAtomicFaddOp) error {
	return verifyRawBufferOp(op.Operation, op.Value(), op.Memref(), op.Indices())
}

func verifyRawBufferAtomicFmax(op RawBufferAtomicFmaxOp) error {
	return verifyRawBufferOp(op.Operation, op.Value(), op.Memref(), op.Indices())
}

func verifyRawBufferAtomicSmax(op RawBufferAtomicSmaxOp) error {
	return verifyRawBufferOp(op.Operation, nil, op.Memref(), op.Indices())
}

func verifyRawBufferAtomicUmin(op RawBufferAtomicUminOp) error {
	return verifyRawBufferOp(op.Operation, nil, op.Memref(), op.Indices())
}

func verifyExisting(op *ir.Operation, existing ir.Value, res ir.Value) error {
	if existing != nil && existing.Type() != res.Type() {
		return opErr(op, "existing values must have same type as result")
	}
	return nil
}

func verifyPackedTrunc2xfp8(op PackedTrunc2xfp8Op) error {
	return verifyExisting(op.Operation, op.Existing(), op.Res())
}

func verifyPackedStochRoundFp8(op PackedStochRoundFp8Op) error {
	return verifyExisting(op.Operation, op.Existing(), op.Res())
}

func verifyPackedScaledTrunc(op PackedScaledTruncOp) error {
	return verifyExisting(op.Operation, op.Existing(), op.Res())
}

// FatRawBufferType returns the type fat_raw_buffer_cast gives a memref:
// the same sizes and layout in the fat raw buffer address space, with the
// offset of a strided layout reset to 0 when resetOffset is set. ok is
// false when the offset of source cannot be reset.
func FatRawBufferType(ctx *ir.Context, source *ir.MemRefType, resetOffset bool) (*ir.MemRefType, bool) {
	space, err := asm.ParseAttrString(ctx, "#amdgpu.address_space<fat_raw_buffer>", nil)
	if err != nil {
		return nil, false
	}
	layout := source.Layout
	if resetOffset && !viewlike.IsIdentityLayout(source) {
		strided, ok := source.Layout.(*ir.StridedLayoutAttr)
		if !ok {
			return nil, false
		}
		layout = ctx.StridedLayoutAttr(0, strided.Strides)
		var identity []int64
		static := true
		for _, d := range source.Shape {
			if d == ir.Dynamic {
				static = false
			}
		}
		if static {
			identity = viewlike.CanonicalStrides(source.Shape)
		} else if len(source.Shape) <= 1 {
			identity = make([]int64, len(source.Shape))
			for i := range identity {
				identity[i] = 1
			}
		}
		if identity != nil && equalInts(identity, strided.Strides) {
			layout = nil
		}
	}
	return ctx.MemRefType(source.Shape, source.Elem, layout, space), true
}

func equalInts(a, b []int64) bool {
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

func verifyFatRawBufferCast(op FatRawBufferCastOp) error {
	src, ok := op.Source().Type().(*ir.MemRefType)
	if !ok {
		return nil
	}
	want, ok := FatRawBufferType(op.Operation.Context(), src, op.ResetOffset())
	if !ok {
		return opErr(op.Operation, "source type %s can't have its offset reset", typeStr(src))
	}
	if op.Result().Type() != ir.Type(want) {
		return opErr(op.Operation, "expected result type to be %s but got %s", typeStr(want), typeStr(op.Result().Type()))
	}
	return nil
}

func verifyScaledExtPackedMatrix(op ScaledExtPackedMatrixOp) error {
	elem, _ := vecLen(op.Source().Type())
	f, ok := elem.(*ir.FloatType)
	if !ok {
		return nil
	}
	byteIdx, lane := intProp(op.Operation, "firstScaleByte"), intProp(op.Operation, "firstScaleLane")
	block16 := intProp(op.Operation, "blockSize") == 16
	if f.Width() != 8 {
		if block16 && byteIdx != 0 && byteIdx != 1 {
			return opErr(op.Operation, "blockSize of 16 can only have firstScaleByte be 0 or 1 for f4 and f6.")
		}
		if !block16 && byteIdx != 0 && byteIdx != 2 {
			return opErr(op.Operation, "blockSize of 32 can only have firstScaleByte be 0 or 2 for f4 and f6.")
		}
	} else if block16 && !((lane == 0 && byteIdx == 0) || (lane == 16 && byteIdx == 2)) {
		return opErr(op.Operation, "blockSize of 16 can only have (firstScaleLane, firstScaleByte) be (0, 0) or (16, 2) for f8.")
	}
	return nil
}

func verifyDpp(op DppOp) error {
	kind, _ := DPPPermOf(op.Kind())
	arg := op.PermArgument()
	switch kind {
	case "quad_perm":
		arr, ok := arg.(*ir.ArrayAttr)
		if !ok || len(arr.Elems) != 4 {
			return opErr(op.Operation, "quad_perm attribute must have exactly 4 elements")
		}
		for _, e := range arr.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok || ia.Int64() < 0 || ia.Int64() > 3 {
				return opErr(op.Operation, "Each element of quad_perm must be in the range [0, 3]")
			}
		}
	case "row_shl", "row_shr", "row_ror":
		if arg == nil {
			return opErr(op.Operation, "Attribute '%s' value not specified", kind)
		}
		if ia, ok := arg.(*ir.IntegerAttr); ok {
			if v := uint32(ia.Int64()); v < 1 || v > 15 {
				return opErr(op.Operation, "Attribute value must be between 1 and 15")
			}
		}
	default:
		if arg != nil {
			if _, ok := arg.(*ir.UnitAttr); !ok {
				return opErr(op.Operation, "Expected unit attribute for permArgument, but found non-trivial argument")
			}
		}
	}
	return nil
}

func verifyPermlaneSwap(op PermlaneSwapOp) error {
	if n := op.RowLength(); n != 16 && n != 32 {
		return opErr(op.Operation, "row_length attribute must either be 16 or 32.")
	}
	return nil
}

func verifyMfma(op MfmaOp) error {
	const waveSize = 64
	o := op.Operation
	srcElem, srcLen := vecLen(op.SourceA().Type())
	dstElem, dstLen := vecLen(op.DestC().Type())
	small := func(t ir.Type) bool { return isFloatOfWidth(t, 8) || isFloatOfWidth(t, 6) || isFloatOfWidth(t, 4) }
	if small(srcElem) {
		bElem, bLen := vecLen(op.SourceB().Type())
		if !small(bElem) {
			return opErr(o, "expected both source operands to have small-float elements if one does")
		}
		if srcLen != bLen {
			return opErr(o, "expected both small-float source vectors to have the same length")
		}
	} else if op.SourceA().Type() != op.SourceB().Type() {
		return opErr(o, "expected both non-small-float source operand types to match exactly")
	}
	if isIntOfWidth(srcElem, 32) {
		srcLen *= 4
	}
	if isIntOfWidth(srcElem, 64) {
		srcLen *= 8
	}
	m, n, k, blocks := intProp(o, "m"), intProp(o, "n"), intProp(o, "k"), intProp(o, "blocks")
	if want := m * k * blocks / waveSize; srcLen != want {
		return opErr(o, "expected %d source values for this operation but got %d", want, srcLen)
	}
	if want := m * n * blocks / waveSize; dstLen != want {
		return opErr(o, "expected %d result values for this operation but got %d", want, dstLen)
	}
	blgp := "none"
	if a := op.Operation.InherentAttr("blgp"); a != nil {
		blgp, _ = MFMAPermBOf(a)
	}
	if isF64(dstElem) && blgp != "none" {
		return opErr(o, "double-precision ops do not support permuting lanes of B")
	}
	if isF64(dstElem) && op.Cbsz() != 0 {
		return opErr(o, "double-precision ops do not support permuting lanes of A")
	}
	if uint64(uint32(op.Abid())) >= uint64(1)<<uint(uint32(op.Cbsz())%64) {
		return opErr(o, "block ID for permuting A (abid) must be below 2 ** cbsz")
	}
	if (op.NegateA() || op.NegateB() || op.NegateC()) && !isF64(dstElem) {
		return opErr(o, "negation flags only available for double-precision operations")
	}
	return nil
}

func verifyWmma(op WmmaOp) error {
	o := op.Operation
	a, aOK := op.SourceA().Type().(*ir.VectorType)
	b, bOK := op.SourceB().Type().(*ir.VectorType)
	d, dOK := op.DestC().Type().(*ir.VectorType)
	if !aOK || !bOK || !dOK {
		return nil
	}
	if numElements(a) != numElements(b) {
		return opErr(o, "source vectors have different lengths: %s vs. %s", typeStr(a), typeStr(b))
	}
	destFloat, srcFloat := isFloat(d.Elem), isFloat(a.Elem)
	if destFloat && !srcFloat {
		return opErr(o, "expected float sources with float destination")
	}
	if !destFloat && srcFloat {
		return opErr(o, "expected int sources with int destination")
	}
	if !isFloatOfWidth(a.Elem, 8) && a.Elem != b.Elem {
		return opErr(o, "source element types must match (except for fp8/bf8) but have %s and %s", typeStr(a), typeStr(b))
	}
	if srcFloat {
		if op.Clamp() {
			return opErr(o, "clamp flag is not supported for float types")
		}
		if op.UnsignedA() || op.UnsignedB() {
			return opErr(o, "unsigned flags are not supported for float types")
		}
	}
	return nil
}

func verifySparseMfma(op SparseMfmaOp) error {
	const waveSize = 64
	o := op.Operation
	a, aOK := op.SourceA().Type().(*ir.VectorType)
	b, bOK := op.SourceB().Type().(*ir.VectorType)
	d, dOK := op.DestC().Type().(*ir.VectorType)
	if !aOK || !bOK || !dOK {
		return nil
	}
	sparseLen, denseLen, destLen := numElements(a), numElements(b), numElements(d)
	if denseLen != 2*sparseLen {
		return opErr(o, "expected dense source operand to have exactly double the number of elements of the sparse source operand")
	}
	bothF8 := isFloatOfWidth(a.Elem, 8) && isFloatOfWidth(b.Elem, 8)
	if !bothF8 && a.Elem != b.Elem {
		return opErr(o, "expected source operands to have the same element type")
	}
	is8Bit := isFloatOfWidth(a.Elem, 8) || isIntOfWidth(a.Elem, 8)
	if op.Cbsz() == 0 {
		if is8Bit && (op.Abid() < 0 || op.Abid() > 1) {
			return opErr(o, "ABID must be between 0 and 1 for 8-bit source data")
		}
		if !is8Bit && (op.Abid() < 0 || op.Abid() > 3) {
			return opErr(o, "ABID must be between 0 and 3 for 16-bit source data")
		}
	}
	idx := op.SparseIdx().Type()
	idxElem, idxLen := vecLen(idx)
	if is8Bit {
		if idxLen != 2 || !isIntOfWidth(idxElem, 16) {
			return opErr(o, "expected vector<2xi16> sparse indices for 8-bit source data, but got %s", typeStr(idx))
		}
	} else if idxLen != 4 || !isIntOfWidth(idxElem, 8) {
		return opErr(o, "expected vector<4xi8> sparse indices for 16-bit source data, but got %s", typeStr(idx))
	}
	m, n, k := intProp(o, "m"), intProp(o, "n"), intProp(o, "k")
	if want := m * k / waveSize; denseLen != want {
		return opErr(o, "expected %d source values for this operation but got %d", want, denseLen)
	}
	if want := m * n / waveSize; destLen != want {
		return opErr(o, "expected %d result values for this operation but got %d", want, destLen)
	}
	return nil
}

func verifyScaledWmma(op ScaledWmmaOp) error {
	o := op.Operation
	a, aOK := op.SourceA().Type().(*ir.VectorType)
	b, bOK := op.SourceB().Type().(*ir.VectorType)
	d, dOK := op.DestC().Type().(*ir.VectorType)
	sa, saOK := op.ScaleA().Type().(*ir.VectorType)
	sb, sbOK := op.ScaleB().Type().(*ir.VectorType)
	if !aOK || !bOK || !dOK || !saOK || !sbOK {
		return nil
	}
	kind := func(t ir.Type) ir.FloatKind {
		if f, ok := t.(*ir.FloatType); ok {
			return f.Kind
		}
		return ir.F32
	}
	isF8 := func(t ir.Type) bool { k := kind(t); return k == ir.F8E4M3FN || k == ir.F8E5M2 }
	isF6 := func(t ir.Type) bool { k := kind(t); return k == ir.F6E2M3FN || k == ir.F6E3M2FN }
	isF4 := func(t ir.Type) bool { return kind(t) == ir.F4E2M1FN }
	isE8M0 := func(t ir.Type) bool { return kind(t) == ir.F8E8M0FNU }
	isE4M3 := func(t ir.Type) bool { return kind(t) == ir.F8E4M3FN }
	aLen, bLen := numElements(a), numElements(b)
	m := intProp(o, "m")
	wantOut := int64(16)
	if m == 16 {
		wantOut = 8
	}
	if numElements(d) != wantOut {
		return opErr(o, "expected output vector of length %d but got %d", wantOut, numElements(d))
	}
	if m == 16 {
		if aLen != 64 {
			return opErr(o, "for 16x16x128, sourceA must have 64 elements but got %d", aLen)
		}
		if bLen != 64 {
			return opErr(o, "for 16x16x128, sourceB must have 64 elements but got %d", bLen)
		}
	} else {
		if !isF4(a.Elem) && !isF4(b.Elem) {
			return opErr(o, "32x16x128 only supports fp4 element types")
		}
		if aLen != 128 {
			return opErr(o, "for 32x16x128, sourceA must have 128 elements but got %d", aLen)
		}
		if bLen != 64 {
			return opErr(o, "for 32x16x128, sourceB must have 64 elements but got %d", bLen)
		}
		if intProp(o, "a_first_scale_lane") != 0 {
			return opErr(o, "for 32x16x128, a_first_scale_lane must be 0")
		}
	}
	if !(isE8M0(sa.Elem) || isE4M3(sa.Elem)) || !(isE8M0(sb.Elem) || isE4M3(sb.Elem)) {
		return opErr(o, "scale operands must have f8 element types (E8M0FNU or E4M3FN)")
	}
	switch {
	case isE8M0(sa.Elem) && isE8M0(sb.Elem):
	case (isF8(a.Elem) || isF6(a.Elem)) && isE8M0(sa.Elem) && isF4(b.Elem) && isE4M3(sb.Elem):
	case isF4(a.Elem) && isE4M3(sa.Elem) && (isF8(b.Elem) || isF6(b.Elem)) && isE8M0(sb.Elem):
	case isF4(a.Elem) && isF4(b.Elem) && isE4M3(sa.Elem) && isE4M3(sb.Elem):
	default:
		return opErr(o, "invalid combination of matrix and scale types: sourceA=%s, scaleA=%s, sourceB=%s, scaleB=%s",
			ir.TypeString(a.Elem), ir.TypeString(sa.Elem), ir.TypeString(b.Elem), ir.TypeString(sb.Elem))
	}
	return nil
}

func verifyGatherToLds(op GatherToLdsOp) error {
	o := op.Operation
	src, ok1 := op.Src().Type().(*ir.MemRefType)
	dst, ok2 := op.Dst().Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	if len(dst.Shape) > 0 {
		strides, _, ok := viewlike.StridesAndOffset(dst)
		if !ok || strides[len(strides)-1] != 1 {
			return opErr(o, "destination type inner most dim must be contiguous")
		}
	}
	if src.Elem != dst.Elem {
		return opErr(o, "source and destination element types must match")
	}
	var size int64
	if t := op.TransferType(); t != nil {
		el, n := vecLen(t)
		size = n * int64(ir.IntOrFloatBitWidth(el))
	}
	switch size {
	case 8, 16, 32, 96, 128:
	default:
		return opErr(o, "Transfering type size must be 8, 16, 32, 96 or 128 bits")
	}
	if !hasGlobalMemorySpace(src.MemorySpace) && !hasFatRawBufferMemorySpace(src.MemorySpace) {
		return opErr(o, "source memory address space must be global or fat raw buffer")
	}
	if !hasWorkgroupMemorySpace(dst.MemorySpace) {
		return opErr(o, "destination memory address space must be Workgroup")
	}
	return nil
}

func verifyTransposeLoad(op TransposeLoadOp) error {
	o := op.Operation
	src, ok := op.Src().Type().(*ir.MemRefType)
	res, ok2 := op.Result().Type().(*ir.VectorType)
	if !ok || !ok2 {
		return nil
	}
	if !hasWorkgroupMemorySpace(src.MemorySpace) {
		return opErr(o, "source memory address space must be Workgroup")
	}
	bits := ir.IntOrFloatBitWidth(res.Elem)
	valid := map[int]int64{4: 16, 6: 16, 8: 8, 16: 4}
	want, ok := valid[bits]
	if !ok {
		return opErr(o, "Unsupported element type size for transpose load: %d bits", bits)
	}
	if numElements(res) != want {
		return opErr(o, "Transferring type size mismatch: expected num of elements: %d", want)
	}
	return nil
}

func verifyDmaBase(o *ir.Operation, global, lds ir.Value) error {
	g, ok1 := global.Type().(*ir.MemRefType)
	l, ok2 := lds.Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	if g.Elem != l.Elem {
		return opErr(o, "failed to verify that all of {global, lds} have same element type")
	}
	if !hasWorkgroupMemorySpace(l.MemorySpace) {
		return opErr(o, "lds memref must have workgroup address space attribute.")
	}
	if !hasGlobalMemorySpace(g.MemorySpace) {
		return opErr(o, "global memref must have global address space attribute.")
	}
	switch w := ir.IntOrFloatBitWidth(l.Elem); w {
	case 8, 16, 32, 64:
	default:
		return opErr(o, "element type must be 1, 2, 4, or 8 bytes long but type was %d bits long.", w)
	}
	return nil
}

func verifyMakeDmaBase(op MakeDmaBaseOp) error {
	return verifyDmaBase(op.Operation, op.Global(), op.Lds())
}

func verifyMakeGatherDmaBase(op MakeGatherDmaBaseOp) error {
	return verifyDmaBase(op.Operation, op.Global(), op.Lds())
}

// verifyDescriptor checks what both descriptor operations require.
func verifyDescriptor(o *ir.Operation, elem ir.Type, sizes, strides, shared []int64, barrier ir.Value) error {
	if len(strides) == 0 {
		return opErr(o, "strides must not be empty.")
	}
	if strides[len(strides)-1] != 1 {
		return opErr(o, "strides for the innermost dimension must be 1.")
	}
	if len(sizes) > 5 {
		return opErr(o, "tensor and tile must be at most of rank 5.")
	}
	if len(sizes) != len(strides) {
		return opErr(o, "strides and sizes must have same rank.")
	}
	if len(sizes) != len(shared) {
		return opErr(o, "tensor must have same rank as tile.")
	}
	switch w := ir.IntOrFloatBitWidth(elem); w {
	case 8, 16, 32, 64:
	default:
		return opErr(o, "element type width must be 1, 2, 4 or 8 bytes, but was %d bits long", w)
	}
	if barrier != nil {
		if m, ok := barrier.Type().(*ir.MemRefType); ok && !hasWorkgroupMemorySpace(m.MemorySpace) {
			return opErr(o, "atomic barrier address must be in LDS.")
		}
	}
	return nil
}

func verifyMakeDmaDescriptor(op MakeDmaDescriptorOp) error {
	base, ok := AsTdmBaseType(op.Base().Type())
	if !ok {
		return nil
	}
	return verifyDescriptor(op.Operation, base.ElementType(), i64s(op.GlobalStaticSizes()), i64s(op.GlobalStaticStrides()),
		i64s(op.SharedStaticSizes()), op.AtomicBarrierAddress())
}

func verifyMakeGatherDmaDescriptor(op MakeGatherDmaDescriptorOp) error {
	base, ok := AsTdmGatherBaseType(op.Base().Type())
	if !ok {
		return nil
	}
	if idxElem, _ := vecLen(op.Indices().Type()); idxElem != base.IndexType() {
		return opErr(op.Operation, "indices' element type must match base's element type.")
	}
	return verifyDescriptor(op.Operation, base.ElementType(), i64s(op.GlobalStaticSizes()), i64s(op.GlobalStaticStrides()),
		i64s(op.SharedStaticSizes()), op.AtomicBarrierAddress())
}

// intProp returns an integer property of op (0 when absent).
func intProp(op *ir.Operation, name string) int64 {
	if ia, ok := op.InherentAttr(name).(*ir.IntegerAttr); ok {
		return ia.Int64()
	}
	return 0
}

// i64s returns the elements of a dense i64 array attribute.
func i64s(a ir.Attribute) []int64 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int64, d.Size)
	for i := range out {
		if 8*i+8 <= len(d.Data) {
			out[i] = int64(binary.LittleEndian.Uint64(d.Data[8*i:]))
		}
	}
	return out
}
