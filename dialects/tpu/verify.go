package tpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
)

func vectorType(v ir.Value) *ir.VectorType {
	if v == nil {
		return nil
	}
	t, _ := v.Type().(*ir.VectorType)
	return t
}

func memrefType(v ir.Value) *ir.MemRefType {
	if v == nil {
		return nil
	}
	t, _ := v.Type().(*ir.MemRefType)
	return t
}

func verifyAccess(op *ir.Operation, base ir.Value, indices []ir.Value, strides []int32, vec *ir.VectorType, mask ir.Value) error {
	m := memrefType(base)
	if m == nil || vec == nil {
		return nil
	}
	if len(vec.Shape) == 0 {
		return ir.OpError(op, "expected a vector of non-zero rank")
	}
	if len(indices) != len(m.Shape) {
		return ir.OpError(op, fmt.Sprintf("expected %d indices for a memref of rank %d, got %d", len(m.Shape), len(m.Shape), len(indices)))
	}
	if len(strides) != 0 && len(strides) != len(m.Shape) {
		return ir.OpError(op, "expected the strides to have the rank of the memref")
	}
	if m.Elem != vec.Elem {
		return ir.OpError(op, "expected the element types of the memref and the vector to match")
	}
	if len(vec.Shape) > len(m.Shape) {
		return ir.OpError(op, "expected a vector whose rank is at most the memref's")
	}
	off := len(m.Shape) - len(vec.Shape)
	for i, d := range vec.Shape {
		if md := m.Shape[off+i]; md != ir.Dynamic && d > md {
			return ir.OpError(op, fmt.Sprintf("vector dimension %d (%d) exceeds the memref's (%d)", i, d, md))
		}
	}
	if mt := vectorType(mask); mt != nil {
		if it, ok := mt.Elem.(*ir.IntegerType); !ok || it.Width != 1 {
			return ir.OpError(op, "expected a mask of i1 elements")
		}
		if len(mt.Shape) != len(vec.Shape) {
			return ir.OpError(op, "expected the mask to have the rank of the vector")
		}
		for i := range mt.Shape {
			if mt.Shape[i] != vec.Shape[i] && mt.Shape[i] != 1 {
				return ir.OpError(op, "expected the mask to be broadcastable to the vector")
			}
		}
	}
	return nil
}

func verifyVectorLoad(op VectorLoadOp) error {
	return verifyAccess(op.Operation, op.Base(), op.Indices(), denseI32(op.Strides()), vectorType(op.Result()), op.Mask())
}

func verifyVectorStore(op VectorStoreOp) error {
	return verifyAccess(op.Operation, op.Base(), op.Indices(), denseI32(op.Strides()), vectorType(op.ValueToStore()), op.Mask())
}

func denseI32(a ir.Attribute) []int32 {
	vs := DenseInts(a)
	out := make([]int32, len(vs))
	for i, v := range vs {
		out[i] = int32(v)
	}
	return out
}

func verifyMemrefSlice(op MemrefSliceOp) error {
	src, dst := memrefType(op.MemRef()), memrefType(op.Result())
	if src == nil || dst == nil {
		return nil
	}
	if len(op.BaseIdx()) != len(src.Shape) {
		return ir.OpError(op.Operation, fmt.Sprintf("expected %d base indices, got %d", len(src.Shape), len(op.BaseIdx())))
	}
	if len(dst.Shape) != len(src.Shape) {
		return ir.OpError(op.Operation, "expected the slice to have the rank of the source")
	}
	dyn := 0
	for i, d := range dst.Shape {
		if d == ir.Dynamic {
			dyn++
			continue
		}
		if s := src.Shape[i]; s != ir.Dynamic && d > s {
			return ir.OpError(op.Operation, fmt.Sprintf("slice dimension %d (%d) exceeds the source's (%d)", i, d, s))
		}
	}
	if dyn != len(op.DynamicSizes()) {
		return ir.OpError(op.Operation, "expected one dynamic size per dynamic dimension of the result")
	}
	if (src.Elem != dst.Elem) || (src.MemorySpace != dst.MemorySpace) {
		return ir.OpError(op.Operation, "expected the slice to keep the element type and memory space of the source")
	}
	return nil
}

func verifyMemrefSqueeze(op MemrefSqueezeOp) error {
	src, dst := memrefType(op.Input()), memrefType(op.Result())
	if src == nil || dst == nil {
		return nil
	}
	var kept []int64
	for _, d := range src.Shape {
		if d != 1 {
			kept = append(kept, d)
		}
	}
	// The result drops leading (or any) unit dimensions: its shape must be
	// the source's with some 1s removed.
	j := 0
	for _, d := range src.Shape {
		if j < len(dst.Shape) && dst.Shape[j] == d {
			j++
		} else if d != 1 {
			return ir.OpError(op.Operation, "expected the result to be the source with dimensions of size 1 removed")
		}
	}
	if j != len(dst.Shape) || len(dst.Shape) < len(kept) {
		return ir.OpError(op.Operation, "expected the result to be the source with dimensions of size 1 removed")
	}
	return nil
}

func sameShape(a, b *ir.MemRefType) bool {
	if len(a.Shape) != len(b.Shape) {
		return false
	}
	for i := range a.Shape {
		if a.Shape[i] != b.Shape[i] && a.Shape[i] != ir.Dynamic && b.Shape[i] != ir.Dynamic {
			return false
		}
	}
	return true
}

func verifyEnqueueDma(op EnqueueDmaOp) error {
	src, dst := memrefType(op.Source()), memrefType(op.Target())
	if src == nil || dst == nil {
		return nil
	}
	if src.Elem != dst.Elem {
		return ir.OpError(op.Operation, "expected source and target to have the same element type")
	}
	if !sameShape(src, dst) {
		return ir.OpError(op.Operation, "expected source and target to have the same shape")
	}
	if op.SourceSemaphore() != nil && op.DeviceId() == nil {
		return ir.OpError(op.Operation, "source semaphore is only allowed for remote DMAs (with a device_id)")
	}
	return nil
}

func verifyWaitDma2(op WaitDma2Op) error {
	src, dst := memrefType(op.Src()), memrefType(op.Dst())
	if src == nil || dst == nil {
		return nil
	}
	if !sameShape(src, dst) {
		return ir.OpError(op.Operation, "expected src and dst to have the same shape")
	}
	return nil
}

func verifySemaphoreScalar(op *ir.Operation, sem ir.Value) error {
	if m := memrefType(sem); m != nil && len(m.Shape) != 0 {
		return ir.OpError(op, "expected a semaphore memref of rank 0 (slice an array of semaphores first)")
	}
	return nil
}

func verifySemWait(op SemWaitOp) error { return verifySemaphoreScalar(op.Operation, op.Semaphore()) }

func verifySemSignal(op SemSignalOp) error {
	if op.CoreId() != nil && op.DeviceId() == nil {
		// A core id alone targets another core of this device: allowed.
		return verifySemaphoreScalar(op.Operation, op.Semaphore())
	}
	return verifySemaphoreScalar(op.Operation, op.Semaphore())
}

func verifyMatmul(op MatmulOp) error {
	l, r, a, res := vectorType(op.Lhs()), vectorType(op.Rhs()), vectorType(op.Acc()), vectorType(op.Result())
	if l == nil || r == nil || a == nil || res == nil {
		return nil
	}
	if a != res {
		return ir.OpError(op.Operation, "expected the accumulator and the result to have the same type")
	}
	if len(l.Shape) != 2 || len(r.Shape) != 2 || len(a.Shape) != 2 {
		if op.DimensionNumbers() == nil {
			return ir.OpError(op.Operation, "expected 2-D operands without dimension numbers")
		}
	}
	dn, _ := op.DimensionNumbers().(*DotDimensionNumbersAttr)
	if op.DimensionNumbers() != nil && dn == nil {
		return ir.OpError(op.Operation, "expected dimension_numbers to be a #tpu.dot_dimension_numbers")
	}
	if dn == nil {
		dn = MatmulDimensionNumbers(op.Context(), op.TransposeRhs())
		if op.TransposeLhs() {
			dn = GetDotDimensionNumbers(op.Context(), []int64{0}, dn.RhsContracting, []int64{1}, dn.RhsNonContracting, []int64{0, 1, 1, dn.OutputDimOrder[3]}, nil, nil)
		}
	}
	if len(dn.LhsContracting) != len(dn.RhsContracting) || len(dn.LhsBatch) != len(dn.RhsBatch) {
		return ir.OpError(op.Operation, "expected as many contracting (and batch) dimensions on both sides")
	}
	check := func(dims []int64, t *ir.VectorType, what string) error {
		for _, d := range dims {
			if d < 0 || d >= int64(len(t.Shape)) {
				return ir.OpError(op.Operation, fmt.Sprintf("%s dimension %d is out of range for %s", what, d, ir.TypeString(t)))
			}
		}
		return nil
	}
	for _, c := range []struct {
		d []int64
		t *ir.VectorType
		w string
	}{{dn.LhsContracting, l, "lhs contracting"}, {dn.RhsContracting, r, "rhs contracting"},
		{dn.LhsNonContracting, l, "lhs non-contracting"}, {dn.RhsNonContracting, r, "rhs non-contracting"},
		{dn.LhsBatch, l, "lhs batch"}, {dn.RhsBatch, r, "rhs batch"}} {
		if err := check(c.d, c.t, c.w); err != nil {
			return err
		}
	}
	for i := range dn.LhsContracting {
		if l.Shape[dn.LhsContracting[i]] != r.Shape[dn.RhsContracting[i]] {
			return ir.OpError(op.Operation, fmt.Sprintf("contracting dimensions differ: %d (lhs) and %d (rhs)",
				l.Shape[dn.LhsContracting[i]], r.Shape[dn.RhsContracting[i]]))
		}
	}
	var want []int64
	for i := 0; i+1 < len(dn.OutputDimOrder); i += 2 {
		t := l
		if dn.OutputDimOrder[i] == 1 {
			t = r
		} else if dn.OutputDimOrder[i] != 0 {
			return ir.OpError(op.Operation, "expected operand 0 or 1 in the output dimension order")
		}
		d := dn.OutputDimOrder[i+1]
		if d < 0 || d >= int64(len(t.Shape)) {
			return ir.OpError(op.Operation, "output dimension order names a dimension out of range")
		}
		want = append(want, t.Shape[d])
	}
	if len(want) != len(a.Shape) {
		return ir.OpError(op.Operation, fmt.Sprintf("expected an accumulator of rank %d, got %s", len(want), ir.TypeString(a)))
	}
	for i := range want {
		if want[i] != a.Shape[i] {
			return ir.OpError(op.Operation, fmt.Sprintf("expected an accumulator of shape %s, got %s", shapeString(want), ir.TypeString(a)))
		}
	}
	if lf, ok := l.Elem.(*ir.FloatType); ok {
		if _, ok := a.Elem.(*ir.FloatType); !ok {
			return ir.OpError(op.Operation, "expected a float accumulator for float inputs")
		}
		_ = lf
	}
	return nil
}

func shapeString(s []int64) string {
	out := ""
	for i, d := range s {
		if i > 0 {
			out += "x"
		}
		out += fmt.Sprint(d)
	}
	return out
}

func verifyIota(op IotaOp) error {
	t := vectorType(op.Output())
	if t == nil {
		return nil
	}
	dims := denseI32(op.Dimensions())
	if len(dims) == 0 {
		return ir.OpError(op.Operation, "expected at least one dimension")
	}
	seen := map[int32]bool{}
	for _, d := range dims {
		if d < 0 || int(d) >= len(t.Shape) {
			return ir.OpError(op.Operation, fmt.Sprintf("dimension %d is out of range for a vector of rank %d", d, len(t.Shape)))
		}
		if seen[d] {
			return ir.OpError(op.Operation, fmt.Sprintf("dimension %d is repeated", d))
		}
		seen[d] = true
	}
	return nil
}

func verifyAllReduce(op AllReduceOp) error {
	in, out := vectorType(op.Input()), vectorType(op.Output())
	if in == nil || out == nil {
		return nil
	}
	if d := op.Dim(); d < 0 || d >= int64(len(in.Shape)) {
		return ir.OpError(op.Operation, fmt.Sprintf("dim %d is out of range for a vector of rank %d", d, len(in.Shape)))
	}
	if in != out {
		return ir.OpError(op.Operation, "expected the result to have the input's type")
	}
	return nil
}

func verifyTranspose(op TransposeOp) error {
	in, out := vectorType(op.Vector()), vectorType(op.Result())
	if in == nil || out == nil {
		return nil
	}
	p := DenseInts(op.Permutation())
	if len(p) != len(in.Shape) || len(out.Shape) != len(in.Shape) {
		return ir.OpError(op.Operation, "expected a permutation of the vector's dimensions")
	}
	seen := make([]bool, len(in.Shape))
	for i, d := range p {
		if d < 0 || d >= int64(len(in.Shape)) || seen[d] {
			return ir.OpError(op.Operation, "expected a permutation of the vector's dimensions")
		}
		seen[d] = true
		if out.Shape[i] != in.Shape[d] {
			return ir.OpError(op.Operation, "expected the result shape to be the permuted input shape")
		}
	}
	return nil
}

func verifyAssumeMultiple(op AssumeMultipleOp) error {
	if op.Multiple() <= 0 {
		return ir.OpError(op.Operation, "multiple must be positive")
	}
	return nil
}

func verifyPallasCall(op PallasCallOp) error {
	k, err := PallasCallKernel(op)
	if err != nil {
		return err
	}
	kern, err := ReadKernel(k)
	if err != nil {
		return ir.OpError(op.Operation, "calls a function that is not a Mosaic kernel: "+err.Error())
	}
	if dyn := len(kern.DynamicAxes()); len(op.Grid()) != dyn {
		return ir.OpError(op.Operation, fmt.Sprintf("expected %d grid sizes for the dynamic axes of @%s, got %d", dyn, kern.Name, len(op.Grid())))
	}
	if len(op.Args()) != len(kern.Windows)+kern.ScalarPrefetch {
		return ir.OpError(op.Operation, fmt.Sprintf("expected %d arrays for @%s, got %d", len(kern.Windows)+kern.ScalarPrefetch, kern.Name, len(op.Args())))
	}
	for i, w := range kern.Windows {
		a := memrefType(op.Args()[kern.ScalarPrefetch+i])
		if len(a.Shape) != len(w.Block) {
			return ir.OpError(op.Operation, fmt.Sprintf("array %d has rank %d but its window has rank %d", kern.ScalarPrefetch+i, len(a.Shape), len(w.Block)))
		}
		if a.Elem != w.Type.Elem {
			return ir.OpError(op.Operation, fmt.Sprintf("array %d has element type %s but its window %s", kern.ScalarPrefetch+i, ir.TypeString(a.Elem), ir.TypeString(w.Type.Elem)))
		}
	}
	return nil
}
