package nvgpu

import (
	"fmt"
	"slices"

	"github.com/strata-ir/strata/core/ir"
)

// Hardware limits the verifiers check, as upstream's NVGPUDialect.h.
const (
	warpSize              = 32
	maxTMATensorDimension = 5
	maxTMADimension       = 256
	wgmmaSizeM            = 64
)

// IsSharedMemorySpace reports whether a memref memory space is shared
// memory: the integer 3 or #gpu.address_space<workgroup>.
func IsSharedMemorySpace(a ir.Attribute) bool {
	switch a := a.(type) {
	case nil:
		return false
	case *ir.IntegerAttr:
		return a.Int64() == SharedMemorySpace
	}
	return ir.AttrString(a) == "#gpu.address_space<workgroup>"
}

func hasSharedMemorySpace(t *ir.MemRefType) bool { return IsSharedMemorySpace(t.MemorySpace) }

func lastDimUnitStride(t *ir.MemRefType) bool {
	if len(t.Shape) == 0 {
		return true
	}
	_, strides := t.OffsetAndStrides()
	return strides[len(strides)-1] == 1
}

func elemBits(t ir.Type) int { return ir.IntOrFloatBitWidth(t) }

func opErr(op *ir.Operation, format string, args ...any) error {
	return ir.OpError(op, fmt.Sprintf(format, args...))
}

func plainErr(op *ir.Operation, format string, args ...any) error {
	return ir.EmitError(op, fmt.Sprintf(format, args...))
}

func verifyDeviceAsyncCopy(op DeviceAsyncCopyOp) error {
	src, ok1 := op.Src().Type().(*ir.MemRefType)
	dst, ok2 := op.Dst().Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	o := op.Operation
	if !lastDimUnitStride(src) {
		return plainErr(o, "source memref most minor dim must have unit stride")
	}
	if !lastDimUnitStride(dst) {
		return plainErr(o, "destination memref most minor dim must have unit stride")
	}
	if !hasSharedMemorySpace(dst) {
		return plainErr(o, "destination memref must have a memory space attribute of IntegerAttr(%d) or gpu::AddressSpaceAttr(Workgroup)", SharedMemorySpace)
	}
	if dst.Elem != src.Elem {
		return plainErr(o, "source and destination must have the same element type")
	}
	if len(src.Shape) != len(op.SrcIndices()) {
		return opErr(o, "expected %d source indices, got %d", len(src.Shape), len(op.SrcIndices()))
	}
	if len(dst.Shape) != len(op.DstIndices()) {
		return opErr(o, "expected %d destination indices, got %d", len(dst.Shape), len(op.DstIndices()))
	}
	n := op.DstElements()
	width := int64(elemBits(dst.Elem))
	if width == 0 {
		return nil
	}
	bytes := width * n / 8
	if bytes != 4 && bytes != 8 && bytes != 16 {
		msg := fmt.Sprintf("Requested copy elements is %d with width %d. But copy elements could be one of ", n, width)
		if 32/width > 0 {
			msg += fmt.Sprintf("%d, ", 32/width)
		}
		if 64/width > 0 {
			msg += fmt.Sprintf("%d, ", 64/width)
		}
		if 128/width > 0 {
			msg += fmt.Sprintf("%d.", 128/width)
		}
		return plainErr(o, "%s", msg)
	}
	if op.BypassL1() && bytes != 16 {
		return opErr(o, "bypassL1 does not satify alignment for '%s' with destination element %d. Unset bypassL1, or set destination element to %d",
			ir.TypeString(dst), n, 16*8/width)
	}
	return nil
}

// mmaShape returns the three integers of an mmaShape property.
func mmaShape(a ir.Attribute) ([3]int64, bool) {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok || len(arr.Elems) != 3 {
		return [3]int64{}, false
	}
	var s [3]int64
	for i, e := range arr.Elems {
		ia, ok := e.(*ir.IntegerAttr)
		if !ok {
			return s, false
		}
		s[i] = ia.Int64()
	}
	return s, true
}

// verifyMma is upstream's verifyMmaSyncOp, shared by mma.sync and
// mma.sp.sync.
func verifyMma(o *ir.Operation, a, b, c ir.Value, shapeAttr ir.Attribute, tf32, sparse bool) error {
	av, ok1 := a.Type().(*ir.VectorType)
	bv, ok2 := b.Type().(*ir.VectorType)
	cv, ok3 := c.Type().(*ir.VectorType)
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	if av.Elem != bv.Elem {
		return opErr(o, "failed to verify that matrixA and matrixB have same element type")
	}
	shape, ok := mmaShape(shapeAttr)
	if !ok {
		return opErr(o, "attribute 'mmaShape' failed to satisfy constraint: 64-bit integer array attribute")
	}
	isF64 := isFloatKind(av.Elem, ir.F64)
	if sparse && isF64 {
		return plainErr(o, "f64 is not supported for sparse mode")
	}
	var shapeK, numA, numB int64
	numC := int64(2)
	switch {
	case isF64:
		shapeK, numA, numB = 4, 1, 1
	case isFloatKind(av.Elem, ir.F32) || isFloatKind(av.Elem, ir.BF16) || isFloatKind(av.Elem, ir.F16) ||
		isInt(av.Elem, 8) || isInt(av.Elem, 4):
		w := int64(elemBits(av.Elem))
		shapeK, numA, numB = 128/w, 32/w, 32/w
	default:
		return plainErr(o, "expected input data type (i4,i8,f16,bf16,tf32,f64) supported by %s", o.Name())
	}
	if len(av.Shape) < 2 || len(bv.Shape) < 2 || len(cv.Shape) < 2 {
		return opErr(o, "expected 2-D vector operands")
	}
	m, n, k := shape[0], shape[1], shape[2]
	sf := int64(1)
	if sparse {
		sf = 2
	}
	if av.Shape[0]*av.Shape[1]*warpSize != m*k/sf {
		return opErr(o, "expected %d warp-wide matrix A elements", m*k)
	}
	if bv.Shape[0]*bv.Shape[1]*warpSize != k*n {
		return opErr(o, "expected %d warp-wide matrix B elements", k*n)
	}
	if cv.Shape[0]*cv.Shape[1]*warpSize != m*n {
		return opErr(o, "expected %d warp-wide matrix C elements", m*n)
	}
	if tf32 && !isFloatKind(av.Elem, ir.F32) {
		return opErr(o, "expected tf32 tensor cores only for F32 operands")
	}
	mTile, nTile, kTile := m/8, n/8, k/shapeK
	if av.Shape[0] != mTile*kTile/sf || av.Shape[1] != numA {
		return opErr(o, "expected matrix A to be shaped (%d x %d)", mTile*kTile, numA)
	}
	if bv.Shape[0] != kTile*nTile || bv.Shape[1] != numB {
		return opErr(o, "expected matrix B to be shaped (%d x %d)", kTile*nTile, numB)
	}
	if cv.Shape[0] != mTile*nTile || cv.Shape[1] != numC {
		return opErr(o, "expected matrix C to be shaped (%d x %d)", mTile*nTile, numC)
	}
	return nil
}

func isFloatKind(t ir.Type, k ir.FloatKind) bool {
	f, ok := t.(*ir.FloatType)
	return ok && f.Kind == k
}

func isInt(t ir.Type, w uint32) bool {
	i, ok := t.(*ir.IntegerType)
	return ok && i.Width == w
}

func verifyMmaSync(op MmaSyncOp) error {
	return verifyMma(op.Operation, op.MatrixA(), op.MatrixB(), op.MatrixC(), op.MmaShape(), op.Tf32Enabled(), false)
}

func verifyMmaSpSync(op MmaSpSyncOp) error {
	if op.SparsitySelector() > 1 {
		return opErr(op.Operation, "sparsity selector should be 0 or 1")
	}
	return verifyMma(op.Operation, op.MatrixA(), op.MatrixB(), op.MatrixC(), op.MmaShape(), op.Tf32Enabled(), true)
}

func verifyLdmatrix(op LdmatrixOp) error {
	o := op.Operation
	src, ok1 := op.SrcMemref().Type().(*ir.MemRefType)
	res, ok2 := op.Res().Type().(*ir.VectorType)
	if !ok1 || !ok2 {
		return nil
	}
	if src.Elem != res.Elem {
		return opErr(o, "failed to verify that srcMemref and res have same element type")
	}
	width := int64(elemBits(res.Elem))
	if !hasSharedMemorySpace(src) {
		return plainErr(o, "expected nvgpu.ldmatrix srcMemref must have a memory space attribute of IntegerAttr(%d) or gpu::AddressSpaceAttr(Workgroup)", SharedMemorySpace)
	}
	if width > 32 {
		return plainErr(o, "nvgpu.ldmatrix works for 32b or lower")
	}
	if op.Transpose() && width != 16 {
		return plainErr(o, "nvgpu.ldmatrix transpose works only at 16b granularity")
	}
	if len(res.Shape) != 2 {
		return plainErr(o, "results must be 2 dimensional vector")
	}
	if width == 0 || res.Shape[1] != 32/width {
		return plainErr(o, "expected vector register shape[1] = %d", 32/max(width, 1))
	}
	if res.Shape[0] != int64(op.NumTiles()) {
		return plainErr(o, "expected vector register shape[0] and numTiles to match")
	}
	return nil
}

// swizzleBytes is the span of a swizzle mode in bytes, 0 for none.
func swizzleBytes(s TensorMapSwizzleKind) int64 {
	switch s {
	case TensorMapSwizzleKindSwizzle32b:
		return 32
	case TensorMapSwizzleKindSwizzle64b:
		return 64
	case TensorMapSwizzleKindSwizzle128b:
		return 128
	}
	return 0
}

// verifyTensorMap is upstream's verifyTmaDescriptorWithMemref; mem, when
// not nil, is the shared memory the descriptor's box is copied to or
// from.
func verifyTensorMap(o *ir.Operation, desc TensormapDescriptorType, mem *ir.MemRefType) error {
	dm, ok := desc.Tensor().(*ir.MemRefType)
	if !ok {
		return plainErr(o, "the tensor map descriptor must describe a memref")
	}
	if desc.Interleave() != TensorMapInterleaveKindNone {
		return plainErr(o, "Interleave options are not supported yet.")
	}
	if !hasSharedMemorySpace(dm) {
		return plainErr(o, "the tensor map descriptor has incorrect address space, it must be shared memory address space.")
	}
	if slices.Contains(dm.Shape, ir.Dynamic) {
		return plainErr(o, "the tensor map descriptor must be static shaped")
	}
	for _, d := range dm.Shape {
		if d <= 0 || d > maxTMADimension {
			return plainErr(o, "the tensor map descriptor must have dimensions between 1 and %d but it is %d", maxTMADimension, d)
		}
	}
	if span := swizzleBytes(desc.Swizzle()); len(dm.Shape) > 1 && span != 0 {
		last := int64(elemBits(dm.Elem)) * dm.Shape[len(dm.Shape)-1] / 8
		if last != span {
			return plainErr(o, "the tensormap descriptor must have last dimension of %d bytes but it is %d bytes", span, last)
		}
	}
	if mem == nil {
		return nil
	}
	if dm.Elem != mem.Elem {
		return plainErr(o, "the element type of tensor map descriptor and memref must be same")
	}
	if !hasSharedMemorySpace(mem) {
		return plainErr(o, "the destination memref has incorrect address space, it must be shared memory address space.")
	}
	if slices.Contains(mem.Shape, ir.Dynamic) {
		return plainErr(o, "the destination memref must be static shaped")
	}
	if len(mem.Shape) != len(dm.Shape) {
		return plainErr(o, "the shape of tensor map descriptor and memref must have same rank")
	}
	if !slices.Equal(mem.Shape, dm.Shape) {
		return plainErr(o, "memref and tensor map shapes mismatch '%s' != '%s'", ir.TypeString(dm), ir.TypeString(mem))
	}
	return nil
}

func verifyTmaCoordinates(o *ir.Operation, desc TensormapDescriptorType, n int) error {
	if n > maxTMATensorDimension {
		return plainErr(o, "Maximum %d coordinates are supported.", maxTMATensorDimension)
	}
	if dm, ok := desc.Tensor().(*ir.MemRefType); ok && n != len(dm.Shape) {
		return plainErr(o, "number of coordinates do not match with the rank of tensor descriptor map.")
	}
	return nil
}

func verifyTmaAsyncLoad(op TmaAsyncLoadOp) error {
	desc, ok1 := AsTensormapDescriptorType(op.TensorMapDescriptor().Type())
	dst, ok2 := op.Dst().Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	if err := verifyTensorMap(op.Operation, desc, dst); err != nil {
		return err
	}
	return verifyTmaCoordinates(op.Operation, desc, len(op.Coordinates()))
}

func verifyTmaAsyncStore(op TmaAsyncStoreOp) error {
	desc, ok1 := AsTensormapDescriptorType(op.TensorMapDescriptor().Type())
	src, ok2 := op.Src().Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	if err := verifyTensorMap(op.Operation, desc, src); err != nil {
		return err
	}
	return verifyTmaCoordinates(op.Operation, desc, len(op.Coordinates()))
}

func verifyTmaCreateDescriptor(op TmaCreateDescriptorOp) error {
	if len(op.BoxDimensions()) > maxTMATensorDimension {
		return plainErr(op.Operation, "Maximum %d coordinates are supported.", maxTMATensorDimension)
	}
	desc, ok := AsTensormapDescriptorType(op.TensorMap().Type())
	if !ok {
		return nil
	}
	return verifyTensorMap(op.Operation, desc, nil)
}

func verifyWarpgroupGenerateDescriptor(op WarpgroupGenerateDescriptorOp) error {
	desc, ok := AsTensormapDescriptorType(op.TensorMap().Type())
	if !ok {
		return nil
	}
	if err := verifyTensorMap(op.Operation, desc, nil); err != nil {
		return err
	}
	if desc.Swizzle() != TensorMapSwizzleKindSwizzle128b {
		return plainErr(op.Operation, "supports only swizzle_128b is supported for the time being")
	}
	if desc.Interleave() != TensorMapInterleaveKindNone {
		return plainErr(op.Operation, "supports only none is supported for the time being")
	}
	return nil
}

var (
	allowedN = []int64{8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128,
		136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256}
	allowedNShort = []int64{8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256}
)

func isF8(t ir.Type) bool { return isFloatKind(t, ir.F8E5M2) || isFloatKind(t, ir.F8E4M3FN) }

func allowedWGMMATypes(d, a, b ir.Type) bool {
	f32, f16 := isFloatKind(d, ir.F32), isFloatKind(d, ir.F16)
	switch {
	case isFloatKind(a, ir.F16) && isFloatKind(b, ir.F16) && (f32 || f16):
	case isFloatKind(a, ir.TF32) && isFloatKind(b, ir.TF32) && f32:
	case isInt(a, 16) && isInt(b, 16) && isInt(d, 32):
	case isInt(a, 1) && isInt(b, 1) && isInt(d, 32):
	case isFloatKind(a, ir.BF16) && isFloatKind(b, ir.BF16) && (f32 || f16):
	case isF8(a) && isF8(b) && (f32 || f16):
	default:
		return false
	}
	return true
}

func allowedSizeN(n int64, a ir.Type) bool {
	if isFloatKind(a, ir.BF16) || isFloatKind(a, ir.F16) || isFloatKind(a, ir.F32) || isFloatKind(a, ir.TF32) || isF8(a) {
		if slices.Contains(allowedN, n) {
			return true
		}
	}
	if isInt(a, 8) || isInt(a, 1) {
		return slices.Contains(allowedNShort, n)
	}
	return false
}

func verifyWarpgroupMma(op WarpgroupMmaOp) error {
	o := op.Operation
	if op.TransposeA() && !op.TransposeB() {
		return opErr(o, "supports non-transpose A (Row Major) and transpose B (Column Major) for the time being ")
	}
	da, ok1 := AsWarpgroupDescriptorType(op.DescriptorA().Type())
	db, ok2 := AsWarpgroupDescriptorType(op.DescriptorB().Type())
	ac, ok3 := AsWarpgroupAccumulatorType(op.MatrixC().Type())
	ad, ok4 := AsWarpgroupAccumulatorType(op.MatrixD().Type())
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return nil
	}
	a, ok1 := da.Tensor().(*ir.MemRefType)
	b, ok2 := db.Tensor().(*ir.MemRefType)
	c, ok3 := ac.Fragmented().(*ir.VectorType)
	d, ok4 := ad.Fragmented().(*ir.VectorType)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return nil
	}
	if c != d {
		return opErr(o, "type of matrix C and matrix D must be the same")
	}
	if len(a.Shape) != 2 || len(b.Shape) != 2 || len(c.Shape) != 2 {
		return opErr(o, "has matrices A, B, C and D, they must be 2 dimensional")
	}
	if a.Shape[1] != b.Shape[0] {
		return opErr(o, "2nd dim matrix-A (%d)!= 1st dim matrix-B (%d )", a.Shape[1], b.Shape[0])
	}
	if a.Shape[0] != c.Shape[0] {
		return opErr(o, "1st dim matrix-A ( %d )!= 1st dim matrix-C ( %d )", a.Shape[0], c.Shape[0])
	}
	if b.Shape[1] != c.Shape[1] {
		return opErr(o, "2nd dim matrix-B ( %d ) != 2nd dim matrix-C ( %d )", b.Shape[1], c.Shape[1])
	}
	if !allowedWGMMATypes(c.Elem, a.Elem, b.Elem) {
		return opErr(o, "%s += %s * %s, it is not supported.", ir.TypeString(c.Elem), ir.TypeString(a.Elem), ir.TypeString(b.Elem))
	}
	if !allowedSizeN(b.Shape[1], a.Elem) {
		return opErr(o, "has input type '%s' n is set to %d, it is not supported", ir.TypeString(b), b.Shape[1])
	}
	if !isFloatKind(c.Elem, ir.F32) && !isFloatKind(a.Elem, ir.F16) && !isFloatKind(a.Elem, ir.BF16) {
		return opErr(o, "hit a limitation: %s += %s * %s, it is not supported yet", ir.TypeString(c.Elem), ir.TypeString(a.Elem), ir.TypeString(b.Elem))
	}
	return nil
}

func verifyWarpgroupMmaStore(op WarpgroupMmaStoreOp) error {
	acc, ok1 := AsWarpgroupAccumulatorType(op.MatrixD().Type())
	dst, ok2 := op.DstMemref().Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return nil
	}
	v, ok := acc.Fragmented().(*ir.VectorType)
	if !ok || len(v.Shape) < 2 || len(dst.Shape) < 2 {
		return nil
	}
	if !isFloatKind(v.Elem, ir.F32) {
		return opErr(op.Operation, "hit a limitation: only f32 results for the time being")
	}
	if v.Shape[0] != dst.Shape[0] || v.Shape[1] != dst.Shape[1] {
		return opErr(op.Operation, "results ['%s'][%d] values. However, destination memref[%d][%d]  does not have same size as results",
			ir.TypeString(v), v.Shape[1], dst.Shape[0], dst.Shape[1])
	}
	return nil
}

func verifyWarpgroupMmaInitAccumulator(op WarpgroupMmaInitAccumulatorOp) error {
	acc, ok := AsWarpgroupAccumulatorType(op.MatrixC().Type())
	if !ok {
		return nil
	}
	v, ok := acc.Fragmented().(*ir.VectorType)
	if !ok || len(v.Shape) < 2 {
		return nil
	}
	if v.Shape[0]%wgmmaSizeM != 0 || !allowedSizeN(v.Shape[1], v.Elem) {
		return opErr(op.Operation, "has type '%s'. It does not fit into warp-group level (wgmma) matrix multiplication instruction (or not supported yet)", ir.TypeString(v))
	}
	return nil
}

func verifyRcp(op RcpOp) error {
	v, _ := EnumValue(op.Rounding(), roundingMode.Mnemonic)
	if v != "approx" || !op.Ftz() {
		return opErr(op.Operation, "has a limitation. %s or non-ftz is not supported yet.", ir.AttrString(op.Rounding()))
	}
	return nil
}

func verifySetmaxnreg(op SetmaxnregOp) error {
	n := op.RegCount()
	if n < 24 || n > 256 || n%8 != 0 {
		return opErr(op.Operation, "new register size must be in between 24 to 256 and multiple of 8")
	}
	return nil
}

// verifyWarpgroupMmaRegisters checks that the registers are the
// thread's share of the accumulator: its element type, and the matrix's
// elements spread over the 128 threads of the warpgroup.
func verifyWarpgroupMmaRegisters(op WarpgroupMmaRegistersOp) error {
	at, ok := AsWarpgroupAccumulatorType(op.Matrix().Type())
	if !ok {
		return opErr(op.Operation, "expects a warpgroup accumulator")
	}
	m, ok := at.Fragmented().(*ir.VectorType)
	r, ok2 := op.Registers().Type().(*ir.VectorType)
	if !ok || !ok2 || len(m.Shape) != 2 {
		return opErr(op.Operation, "expects a 2-D accumulator and a vector of registers")
	}
	if m.Elem != r.Elem {
		return opErr(op.Operation, "has registers of %s for an accumulator of %s", ir.TypeString(r.Elem), ir.TypeString(m.Elem))
	}
	n, per := int64(1), m.Shape[0]*m.Shape[1]/128
	for _, d := range r.Shape {
		n *= d
	}
	if m.Shape[0]%64 != 0 || n != per {
		return opErr(op.Operation, "has %d registers, but each of the 128 threads of a warpgroup holds %d elements of a %dx%d accumulator", n, per, m.Shape[0], m.Shape[1])
	}
	return nil
}

// verifyWarpgroupMmaRs checks the shapes of a product with A in
// registers: B is K x N (a 2-D matrix descriptor), every thread holds
// K/2 elements of the 64 x K operand A, 16-bit, in pairs, and N/2 of
// the 64 x N accumulator, C's and D's type alike; waitGroup is not
// negative.
func verifyWarpgroupMmaRs(op WarpgroupMmaRsOp) error {
	dt, ok := AsWarpgroupDescriptorType(op.DescriptorB().Type())
	if !ok {
		return opErr(op.Operation, "expects a warpgroup descriptor for B")
	}
	mb, ok := dt.Tensor().(*ir.MemRefType)
	if !ok || len(mb.Shape) != 2 {
		return opErr(op.Operation, "expects a 2-D matrix B")
	}
	a, okA := op.FragmentA().Type().(*ir.VectorType)
	c, okC := op.MatrixC().Type().(*ir.VectorType)
	if !okA || !okC || op.MatrixD().Type() != op.MatrixC().Type() {
		return opErr(op.Operation, "expects vectors of registers, C's type the result's")
	}
	count := func(v *ir.VectorType) int64 {
		n := int64(1)
		for _, d := range v.Shape {
			n *= d
		}
		return n
	}
	k, n := mb.Shape[0], mb.Shape[1]
	if a.Elem != mb.Elem || ir.IntOrFloatBitWidth(a.Elem) != 16 || a.Shape[len(a.Shape)-1] != 2 {
		return opErr(op.Operation, "expects operand A in pairs of 16-bit %s", ir.TypeString(mb.Elem))
	}
	if k%16 != 0 || count(a) != k/2 {
		return opErr(op.Operation, "has %d elements of A, but each of the 128 threads of a warpgroup holds %d of a 64x%d operand", count(a), k/2, k)
	}
	if n%8 != 0 || n > 256 || count(c) != n/2 {
		return opErr(op.Operation, "has %d accumulators, but each of the 128 threads of a warpgroup holds %d of a 64x%d accumulator", count(c), n/2, n)
	}
	if op.WaitGroup() < 0 {
		return opErr(op.Operation, "expects a waitGroup of at least 0, got %d", op.WaitGroup())
	}
	return nil
}

// verifyWarpgroupMmaSs checks the shapes of a product with both operands
// in shared memory and the accumulator in registers: A is 64 x K and B
// K x N (2-D matrix descriptors of one 16-bit type), every thread holds
// N/2 elements of the 64 x N accumulator, C's and D's type alike;
// waitGroup is not negative.
func verifyWarpgroupMmaSs(op WarpgroupMmaSsOp) error {
	var m [2]*ir.MemRefType
	for i, v := range []ir.Value{op.DescriptorA(), op.DescriptorB()} {
		dt, ok := AsWarpgroupDescriptorType(v.Type())
		if !ok {
			return opErr(op.Operation, "expects warpgroup descriptors for A and B")
		}
		mt, ok := dt.Tensor().(*ir.MemRefType)
		if !ok || len(mt.Shape) != 2 {
			return opErr(op.Operation, "expects 2-D matrices A and B")
		}
		m[i] = mt
	}
	c, okC := op.MatrixC().Type().(*ir.VectorType)
	if !okC || op.MatrixD().Type() != op.MatrixC().Type() {
		return opErr(op.Operation, "expects a vector of registers, C's type the result's")
	}
	if m[0].Shape[0] != 64 || m[0].Shape[1] != m[1].Shape[0] || m[0].Elem != m[1].Elem || ir.IntOrFloatBitWidth(m[0].Elem) != 16 || m[0].Shape[1]%16 != 0 {
		return opErr(op.Operation, "expects a 64xK A and a KxN B of one 16-bit type, K a multiple of 16")
	}
	n, count := m[1].Shape[1], int64(1)
	for _, d := range c.Shape {
		count *= d
	}
	if n%8 != 0 || n > 256 || count != n/2 {
		return opErr(op.Operation, "has %d accumulators, but each of the 128 threads of a warpgroup holds %d of a 64x%d accumulator", count, n/2, n)
	}
	if op.WaitGroup() < 0 {
		return opErr(op.Operation, "expects a waitGroup of at least 0, got %d", op.WaitGroup())
	}
	return nil
}
