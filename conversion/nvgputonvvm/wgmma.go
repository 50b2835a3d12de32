package nvgputonvvm

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvgpu"
)

var wgmmaLowerings = []lowering{
	{"nvgpu.warpgroup.generate.descriptor", lowerGenerateDescriptor},
	{"nvgpu.warpgroup.mma", lowerWarpgroupMma},
	{"nvgpu.warpgroup.mma.store", lowerWarpgroupMmaStore},
	{"nvgpu.warpgroup.mma.init.accumulator", lowerInitAccumulator},
}

// exclude4LSB is the number of low bits the descriptor fields drop.
const exclude4LSB = 4

// lowerGenerateDescriptor builds the 64-bit shared memory matrix
// descriptor of wgmma: bits [62,64) the swizzle mode (1 = 128B, 2 = 64B,
// 3 = 32B), [49,52) the base offset (0), [32,46) the stride byte offset
// (8 rows of the swizzle span) >> 4, [16,30) the leading byte offset (the
// tile's first dimension times the span) >> 4 and [0,14) the shared
// address >> 4.
func lowerGenerateDescriptor(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsWarpgroupGenerateDescriptorOp(o)
	if !ok {
		return false
	}
	ctx := b.ctx()
	tm, ok := nvgpu.AsTensormapDescriptorType(op.TensorMap().Type())
	if !ok {
		return false
	}
	tile, ok := tm.Tensor().(*ir.MemRefType)
	if !ok || len(tile.Shape) == 0 {
		return false
	}
	layout, swizzle := uint64(1), uint64(0)
	switch tm.Swizzle().String() {
	case "swizzle_128b":
		layout, swizzle = 128, 1
	case "swizzle_64b":
		layout, swizzle = 64, 2
	case "swizzle_32b":
		layout, swizzle = 32, 3
	}
	i64 := ctx.I(64)
	shl := func(v ir.Value, s int64) ir.Value { return b.binary("llvm.shl", v, b.i64(s)) }
	insertBit := func(desc, v ir.Value, start int64) ir.Value { return b.binary("llvm.or", desc, shl(v, start)) }
	// The rows of the tensor map's box (its first dimension in 2-D).
	sizeN := uint64(tile.Shape[0])
	if len(tile.Shape) > 2 {
		sizeN = uint64(tile.Shape[len(tile.Shape)-2])
	}
	strideDim := b.i64(int64((layout << 3) >> exclude4LSB))
	leadDim := b.i64(int64((sizeN * layout) >> exclude4LSB))
	base := b.elementPtr(op.Tensor().Type(), operands[0], nil)
	basePtr := b.value("llvm.ptrtoint", []ir.Value{base}, i64)
	base14 := b.binary("llvm.lshr", shl(basePtr, 46), b.i64(50))
	d := b.i64(0)
	d = insertBit(d, b.i64(int64(swizzle)), 62)
	d = insertBit(d, b.i64(0), 49)
	d = insertBit(d, strideDim, 32)
	d = insertBit(d, leadDim, 16)
	d = insertBit(d, base14, 0)
	b.r.ReplaceOp(o, []ir.Value{d})
	return true
}

// wgmmaType is the nvvm wgmma type of an element type; f32 is tf32 as a
// multiplicand and f32 as the accumulator.
func wgmmaType(t ir.Type, accumulator bool) (string, bool) {
	switch {
	case isFloat(t, ir.F32) || isFloat(t, ir.TF32):
		if accumulator {
			return "f32", true
		}
		return "tf32", true
	case isFloat(t, ir.F16):
		return "f16", true
	case isFloat(t, ir.BF16):
		return "bf16", true
	case isFloat(t, ir.F8E4M3FN):
		return "e4m3", true
	case isFloat(t, ir.F8E5M2):
		return "e5m2", true
	case isInt(t, 1):
		return "b1", true
	}
	if it, ok := t.(*ir.IntegerType); ok {
		switch {
		case it.Width == 8 && it.Signedness == ir.Unsigned:
			return "u8", true
		case it.Width == 8:
			return "s8", true
		case it.Width == 32:
			return "s32", true
		}
	}
	return "", false
}

// wgmmaK is the K of one wgmma instruction for the multiplicand type.
func wgmmaK(t ir.Type) (int64, bool) {
	switch {
	case isFloat(t, ir.TF32):
		return 8, true
	case isFloat(t, ir.F16) || isFloat(t, ir.BF16):
		return 16, true
	case isFloat(t, ir.F8E4M3FN) || isFloat(t, ir.F8E5M2) || isInt(t, 16):
		return 32, true
	case isInt(t, 1):
		return 256, true
	}
	return 0, false
}

// advance adds by bytes to the address field of matrix descriptor desc.
func (b *builder) advance(desc ir.Value, by int64) ir.Value {
	by >>= exclude4LSB
	if by == 0 {
		return desc
	}
	return b.binary("llvm.add", desc, b.i64FromI32Attr(by))
}

// swizzleSpan is the span of the swizzle of TMA boxes whose rows hold
// the contiguous elements of a matrix (128 bytes, or fewer for narrower
// rows): the layout of the matrices that warpgroup.mma.rs reads.
func swizzleSpan(elem ir.Type, contiguous int64) int64 {
	return min(128, contiguous*int64(ir.IntOrFloatBitWidth(elem)/8))
}

// descriptorStep returns the bytes from the start of a matrix of elem
// (stored in TMA boxes one swizzle span wide, side by side, of its
// contiguous elements) to k step kk (of k elements): for a K-major
// operand, whose rows of K elements are split into boxes of `rows` rows,
// the step's box and its place in the box's rows; for an MN-major one,
// k rows of the span.
func descriptorStep(elem ir.Type, contiguous, k, kk int64, kMajor bool, rows int64) int64 {
	es := int64(ir.IntOrFloatBitWidth(elem) / 8)
	span := swizzleSpan(elem, contiguous)
	if kMajor {
		at := k * kk * es
		return at/span*rows*span + at%span
	}
	return k * kk * span
}

// lowerWarpgroupMma expands the GEMM into wgmma.fence, one
// wgmma.mma_async of shape m64nNkK per 64 rows of A and K step (the
// descriptors advanced by the bytes of each step >> 4), commit and a wait
// for the op's waitGroup.
func lowerWarpgroupMma(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsWarpgroupMmaOp(o)
	if !ok {
		return false
	}
	ctx := b.ctx()
	da, okA := nvgpu.AsWarpgroupDescriptorType(op.DescriptorA().Type())
	db, okB := nvgpu.AsWarpgroupDescriptorType(op.DescriptorB().Type())
	acc, okC := nvgpu.AsWarpgroupAccumulatorType(op.MatrixC().Type())
	if !okA || !okB || !okC {
		return false
	}
	ma, _ := da.Tensor().(*ir.MemRefType)
	mb, _ := db.Tensor().(*ir.MemRefType)
	frag, _ := acc.Fragmented().(*ir.VectorType)
	if ma == nil || mb == nil || frag == nil || len(ma.Shape) != 2 || len(mb.Shape) != 2 {
		return false
	}
	totalM, totalK, totalN := ma.Shape[0], ma.Shape[1], mb.Shape[1]
	k, ok := wgmmaK(ma.Elem)
	if !ok {
		return false
	}
	typeA, okA := wgmmaType(ma.Elem, false)
	typeB, okB := wgmmaType(mb.Elem, false)
	typeD, okD := wgmmaType(frag.Elem, true)
	if !okA || !okB || !okD {
		return false
	}
	layout := func(transpose bool) string {
		if transpose {
			return "col"
		}
		return "row"
	}
	props := []ir.NamedAttr{
		prop("shape", attr(ctx, fmt.Sprintf("#nvvm.shape<m = %d, n = %d, k = %d>", wgmmaSizeM, totalN, k))),
		prop("typeA", attr(ctx, "#nvvm.wgmma_type<"+typeA+">")),
		prop("typeB", attr(ctx, "#nvvm.wgmma_type<"+typeB+">")),
		prop("typeD", attr(ctx, "#nvvm.wgmma_type<"+typeD+">")),
		prop("scaleD", attr(ctx, "#nvvm.wgmma_scale_out<one>")),
		prop("scaleA", attr(ctx, "#nvvm.wgmma_scale_in<one>")),
		prop("scaleB", attr(ctx, "#nvvm.wgmma_scale_in<one>")),
		prop("layoutA", attr(ctx, "#nvvm.mma_layout<"+layout(op.TransposeA())+">")),
		prop("layoutB", attr(ctx, "#nvvm.mma_layout<"+layout(!op.TransposeB())+">")),
		prop("satfinite", attr(ctx, "#nvvm.mma_int_overflow<wrapped>")),
	}
	bytesA := int64(ir.IntOrFloatBitWidth(ma.Elem) / 8)
	bytesB := int64(ir.IntOrFloatBitWidth(mb.Elem) / 8)
	b.create("nvvm.wgmma.fence.aligned", nil, nil)
	result := b.poison(operands[2].Type())
	var results []ir.Value
	for i := int64(0); i < totalM/wgmmaSizeM; i++ {
		c := b.extract(operands[2], i)
		for kk := int64(0); kk < totalK/k; kk++ {
			// Upstream's steps: A's within one swizzled row, B's of
			// k rows of 64 elements (an mn-major B of 64 rows). A B of
			// 8-bit elements that is not transposed is k-major, stored
			// as its N x K transpose (the only layout wgmma takes for
			// 8-bit multiplicands): its steps are A's, along the rows
			// of K elements, from box to box of N rows past the
			// swizzle's span.
			descA := b.advance(operands[0], (k*kk+totalK*ma.Shape[1]*i)*bytesA)
			stepB := mb.Shape[0] * k * kk * bytesB
			if !op.TransposeB() && bytesB == 1 {
				stepB = descriptorStep(mb.Elem, totalK, k, kk, true, totalN)
			}
			descB := b.advance(operands[1], stepB)
			c = b.value("nvvm.wgmma.mma_async", []ir.Value{c, descA, descB}, c.Type(), props...)
		}
		results = append(results, c)
	}
	for i, r := range results {
		result = b.insert(result, r, int64(i))
	}
	// waitGroup defaults to 1.
	wait := int64(1)
	if op.WaitGroupAttr() != nil {
		wait = op.WaitGroup()
	}
	b.create("nvvm.wgmma.commit.group.sync.aligned", nil, nil)
	b.create("nvvm.wgmma.wait.group.sync.aligned", nil, nil, prop("group", ctx.IntegerAttr(ctx.I(64), wait)))
	b.r.ReplaceOp(o, []ir.Value{result})
	return true
}

// lowerWarpgroupMmaStore stores each 64-row part of the accumulator: the
// thread with lane l of warp w holds, for every 8 columns j, the pairs at
// row 16w + l/4 (+8) and columns 8j + 2(l%4), +1.
func lowerWarpgroupMmaStore(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsWarpgroupMmaStoreOp(o)
	if !ok {
		return false
	}
	st, ok := operands[0].Type().(*llvm.StructType)
	if !ok {
		return false
	}
	offset := int64(0)
	for i, f := range st.Fields {
		inner, ok := f.(*llvm.StructType)
		if !ok {
			return false
		}
		v := b.extract(operands[0], int64(i))
		b.storeFragment(v, op.DstMemref(), offset)
		offset += int64(len(inner.Fields))
	}
	b.r.ReplaceOp(o, nil)
	return true
}

func (b *builder) storeFragment(d, dst ir.Value, offset int64) {
	ctx := b.ctx()
	i32 := ctx.I(32)
	c1, c2, c4, c8, c16, warp := b.i32(1), b.i32(2), b.i32(4), b.i32(8), b.i32(16), b.i32(32)
	tid := b.value("nvvm.read.ptx.sreg.tid.x", nil, i32)
	lane := b.binary("llvm.urem", tid, warp)
	warpID := b.binary("llvm.udiv", tid, warp)
	lane4 := b.binary("llvm.udiv", lane, c4)
	lane4mod := b.binary("llvm.urem", lane, c4)
	tj := b.binary("llvm.mul", lane4mod, c2)
	ti := b.binary("llvm.add", lane4, b.binary("llvm.mul", warpID, c16))
	if offset != 0 {
		ti = b.binary("llvm.add", ti, b.i32(offset))
	}
	index := func(v ir.Value) ir.Value { return b.value("arith.index_cast", []ir.Value{v}, ctx.IndexType()) }
	fields := int64(len(d.Type().(*llvm.StructType).Fields))
	storeCount := fields / 4
	for i := int64(0); i < 2; i++ {
		idx := b.binary("llvm.add", ti, b.binary("llvm.mul", b.i32(i), c8))
		for j := int64(0); j < storeCount; j++ {
			idy := b.binary("llvm.add", tj, b.binary("llvm.mul", b.i32(j), c8))
			at := i*2 + j*4
			x := index(idx)
			y0 := index(idy)
			y1 := index(b.binary("llvm.add", idy, c1))
			d0 := b.extract(d, at)
			d1 := b.extract(d, at+1)
			b.create("memref.store", []ir.Value{d0, dst, x, y0}, nil, prop("nontemporal", ctx.Bool(false)))
			b.create("memref.store", []ir.Value{d1, dst, x, y1}, nil, prop("nontemporal", ctx.Bool(false)))
		}
	}
}

// lowerInitAccumulator fills the accumulator structs with zeros.
func lowerInitAccumulator(b *builder, o *ir.Operation, _ []ir.Value) bool {
	ctx := b.ctx()
	t, ok := b.tc.Convert(o.Result(0).Type()).(*llvm.StructType)
	if !ok || len(t.Fields) == 0 {
		return false
	}
	first, ok := t.Fields[0].(*llvm.StructType)
	if !ok || len(first.Fields) == 0 {
		return false
	}
	elem := first.Fields[0]
	var zeroAttr ir.Attribute
	switch e := elem.(type) {
	case *ir.FloatType:
		zeroAttr = ctx.FloatAttrBits(e, 0, 0)
	default:
		zeroAttr = ctx.IntegerAttr(elem, 0)
	}
	zero := b.value("llvm.mlir.constant", nil, elem, prop("value", zeroAttr))
	pack := b.poison(t)
	var inner []ir.Value
	for i, f := range t.Fields {
		s := b.extract(pack, int64(i))
		for j := range f.(*llvm.StructType).Fields {
			s = b.insert(s, zero, int64(j))
		}
		inner = append(inner, s)
	}
	for i, s := range inner {
		pack = b.insert(pack, s, int64(i))
	}
	b.r.ReplaceOp(o, []ir.Value{pack})
	return true
}
