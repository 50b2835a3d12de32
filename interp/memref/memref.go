// Package memref gives the memref and bufferization dialects their
// semantics in the interpreter. A memref value is an interp.MemRef: a
// strided view (offset, sizes, strides) of a shared interp.Buffer, so
// subviews, casts, reshapes and transposes alias their source. Accesses
// out of bounds or after dealloc are located errors.
package memref

import (
	"fmt"
	"slices"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	memrefd "github.com/strata-ir/strata/dialects/memref"
)

// Register adds the semantics of the memref and bufferization operations
// to reg.
func Register(reg *interp.Registry) {
	reg.Register("memref.alloc", alloc)
	reg.Register("memref.alloca", alloc)
	reg.Register("memref.dealloc", dealloc)
	reg.Register("memref.load", load)
	reg.Register("memref.store", store)
	reg.Register("memref.subview", subview)
	reg.Register("memref.cast", same)
	reg.Register("memref.memory_space_cast", same)
	reg.Register("memref.assume_alignment", same)
	reg.Register("memref.reinterpret_cast", reinterpretCast)
	reg.Register("memref.view", view)
	reg.Register("memref.copy", copyOp)
	reg.Register("memref.dim", dim)
	reg.Register("memref.rank", rank)
	reg.Register("memref.global", func(*interp.Frame, *ir.Operation) error { return nil })
	reg.Register("memref.get_global", getGlobal)
	reg.Register("memref.collapse_shape", collapseShape)
	reg.Register("memref.expand_shape", expandShape)
	reg.Register("memref.transpose", transpose)
	reg.Register("memref.extract_strided_metadata", extractStridedMetadata)
	reg.Register("memref.extract_aligned_pointer_as_index", alignedPointer)
	reg.Register("memref.alloca_scope", allocaScope)
	reg.Register("memref.alloca_scope.return", interp.YieldOperands)
	reg.Register("memref.atomic_rmw", atomicRMW)
	reg.Register("memref.generic_atomic_rmw", genericAtomicRMW)
	reg.Register("memref.atomic_yield", interp.YieldOperands)

	reg.Register("bufferization.to_tensor", toTensor)
	reg.Register("bufferization.to_buffer", toBuffer)
	reg.Register("bufferization.to_memref", toBuffer)
	reg.Register("bufferization.alloc_tensor", allocTensor)
	reg.Register("bufferization.materialize_in_destination", materialize)
	reg.Register("bufferization.dealloc_tensor", func(*interp.Frame, *ir.Operation) error { return nil })
	reg.Register("bufferization.clone", cloneOp)
	reg.Register("bufferization.dealloc", deallocOp)
	reg.Register("memref.realloc", realloc)
	reg.Register("memref.reshape", reshape)
	reg.Register("memref.prefetch", prefetch)
	reg.Register("memref.distinct_objects", distinctObjects)
	reg.Register("memref.dma_start", dmaStart)
	reg.Register("memref.dma_wait", dmaWait)
}

// MemRefOperand returns op's operand i as a memref view.
func MemRefOperand(f *interp.Frame, op *ir.Operation, i int) (*interp.MemRef, error) {
	v, err := f.Operand(op, i)
	if err != nil {
		return nil, err
	}
	m := v.MemRef()
	if m == nil {
		return nil, interp.Errorf(op, fmt.Sprintf("operand #%d is not a memref", i))
	}
	return m, nil
}

// Mixed fills the dynamic entries (ir.Dynamic) of a static list with the
// values of dyn, in order: MLIR's mixed static/dynamic operands.
func Mixed(op *ir.Operation, static []int64, dyn []int64) ([]int64, error) {
	out := make([]int64, len(static))
	j := 0
	for i, s := range static {
		if s == ir.Dynamic {
			if j >= len(dyn) {
				return nil, interp.Errorf(op, "too few dynamic operands")
			}
			out[i] = dyn[j]
			j++
		} else {
			out[i] = s
		}
	}
	return out, nil
}

// ShapeOf returns the sizes of a shaped type, taking its dynamic sizes in
// order from dyn.
func ShapeOf(op *ir.Operation, t ir.Type, dyn []int64) ([]int64, error) {
	st, ok := t.(ir.ShapedType)
	if !ok {
		return nil, interp.Errorf(op, "expected a shaped type")
	}
	shape, ranked := st.ShapeDims()
	if !ranked {
		return nil, interp.Errorf(op, "expected a ranked type")
	}
	out, err := Mixed(op, shape, dyn)
	if err != nil {
		return nil, err
	}
	for _, s := range out {
		if s < 0 {
			return nil, interp.Errorf(op, fmt.Sprintf("negative dimension size %d", s))
		}
	}
	return out, nil
}

func alloc(f *interp.Frame, op *ir.Operation) error {
	dynOps, ok := interp.Segment(op, 0)
	if !ok {
		dynOps = op.Operands()
	}
	dyn, err := f.Ints(op, dynOps)
	if err != nil {
		return err
	}
	t := op.Result(0).Type()
	sizes, err := ShapeOf(op, t, dyn)
	if err != nil {
		return err
	}
	elem := interp.ElementType(t)
	if vt, ok := elem.(*ir.VectorType); ok && !slices.Contains(vt.Scalable, true) {
		// A memref of vectors is stored as a memref of their elements
		// with the vector's dimensions last (vector.type_cast moves
		// dimensions between the two without copying).
		sizes = append(append([]int64(nil), sizes...), vt.Shape...)
		elem = vt.Elem
		if _, layout := t.(*ir.MemRefType).Layout.(*ir.StridedLayoutAttr); layout {
			return interp.Errorf(op, "the interpreter does not support strided memrefs of vectors")
		}
	}
	if !interp.SupportedElementType(elem) {
		return interp.Errorf(op, "the interpreter does not support memrefs of this element type")
	}
	m := interp.NewMemRef(elem, sizes)
	if l, ok := t.(*ir.MemRefType).Layout.(*ir.StridedLayoutAttr); ok {
		// A strided allocation gets its static layout where it has one.
		n := int64(0)
		for i, s := range l.Strides {
			if s != ir.Dynamic {
				m.Strides[i] = s
			}
			if sizes[i] > 0 {
				n += (sizes[i] - 1) * m.Strides[i]
			}
		}
		if l.Offset != ir.Dynamic {
			m.Offset = l.Offset
		}
		m.Buf = interp.NewBuffer(elem, m.Offset+n+1)
	}
	if op.Name() == memrefd.AllocOpName {
		f.Interpreter().TrackAllocation(m.Buf, op)
	}
	f.SetResult(op, 0, interp.MakeMemRef(t, m))
	return nil
}

func dealloc(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	if m.Buf.Freed {
		return interp.Errorf(op, "double deallocation of a memref")
	}
	m.Buf.Freed = true
	return nil
}

// indices reads op's index operands from first on into buf.
func indices(f *interp.Frame, op *ir.Operation, first int, buf []int64) ([]int64, error) {
	idx := buf[:0]
	for i := first; i < op.NumOperands(); i++ {
		v, err := f.Operand(op, i)
		if err != nil {
			return nil, err
		}
		idx = append(idx, v.Int())
	}
	return idx, nil
}

// vectorElement returns the positions in m's buffer of the elements of
// the vector of type vt at idx in a memref of vectors (stored with the
// vector's dimensions last).
func vectorElement(op *ir.Operation, m *interp.MemRef, idx []int64, vt *ir.VectorType) ([]int64, error) {
	if m.Buf.Freed {
		return nil, interp.Errorf(op, "access to a deallocated memref")
	}
	if len(idx)+len(vt.Shape) != m.Rank() {
		return nil, interp.Errorf(op, "expected a memref of vectors")
	}
	n := interp.NumElements(vt.Shape)
	out := make([]int64, 0, n)
	full := append(append([]int64(nil), idx...), make([]int64, len(vt.Shape))...)
	for i := int64(0); i < n; i++ {
		p, err := m.Index(full)
		if err != nil {
			return nil, interp.Errorf(op, err.Error())
		}
		out = append(out, p)
		for d := len(full) - 1; d >= len(idx); d-- {
			full[d]++
			if full[d] < m.Sizes[d] {
				break
			}
			full[d] = 0
		}
	}
	return out, nil
}

func load(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	var buf [8]int64
	idx, err := indices(f, op, 1, buf[:])
	if err != nil {
		return err
	}
	if vt, ok := op.Result(0).Type().(*ir.VectorType); ok {
		d, err := vectorElement(op, m, idx, vt)
		if err != nil {
			return err
		}
		data := make([]uint64, len(d))
		for i, p := range d {
			if err := m.Buf.Access(op, p, 1, false); err != nil {
				return err
			}
			data[i] = m.Buf.Data[p]
		}
		f.SetResult(op, 0, interp.MakeDense(vt, &interp.Dense{Shape: vt.Shape, Data: data}))
		return nil
	}
	p, err := m.Index(idx)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	if err := m.Buf.Access(op, p, 1, false); err != nil {
		return err
	}
	f.SetResult(op, 0, interp.FromBits(op.Result(0).Type(), m.Buf.Data[p]))
	return nil
}

func store(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	m, err := MemRefOperand(f, op, 1)
	if err != nil {
		return err
	}
	var buf [8]int64
	idx, err := indices(f, op, 2, buf[:])
	if err != nil {
		return err
	}
	if vt, ok := op.Operand(0).Type().(*ir.VectorType); ok {
		d, err := vectorElement(op, m, idx, vt)
		if err != nil {
			return err
		}
		src := v.Dense()
		if src == nil || len(src.Data) != len(d) {
			return interp.Errorf(op, "expected a vector to store")
		}
		for i, p := range d {
			if err := m.Buf.Access(op, p, 1, true); err != nil {
				return err
			}
			m.Buf.Data[p] = src.Data[i]
		}
		return nil
	}
	p, err := m.Index(idx)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	if err := m.Buf.Access(op, p, 1, true); err != nil {
		return err
	}
	m.Buf.Data[p] = v.Bits()
	return nil
}

func same(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	if op.NumResults() == 1 {
		f.SetResult(op, 0, v.WithType(op.Result(0).Type()))
	}
	return nil
}

// OffsetsSizesStrides reads the mixed offsets, sizes and strides of an
// OffsetSizeAndStrideOpInterface operation (subview, extract_slice,
// insert_slice, reinterpret_cast): operand groups first..first+2 and the
// static_offsets, static_sizes and static_strides properties.
func OffsetsSizesStrides(f *interp.Frame, op *ir.Operation, first int) (offs, sizes, strides []int64, err error) {
	get := func(i int, name string) ([]int64, error) {
		vs, ok := interp.Segment(op, first+i)
		if !ok {
			return nil, interp.Errorf(op, "requires an 'operandSegmentSizes' property")
		}
		dyn, err := f.Ints(op, vs)
		if err != nil {
			return nil, err
		}
		return Mixed(op, interp.DenseArray(op.Attr(name)), dyn)
	}
	if offs, err = get(0, "static_offsets"); err != nil {
		return
	}
	if sizes, err = get(1, "static_sizes"); err != nil {
		return
	}
	strides, err = get(2, "static_strides")
	return
}

// DroppedDims returns, for a rank-reducing slice of sizes to a result of
// shape want, which unit dimensions are dropped.
func DroppedDims(sizes, want []int64) []bool {
	drop := make([]bool, len(sizes))
	if len(want) == len(sizes) {
		return drop
	}
	left := len(sizes) - len(want)
	j := 0
	for i, s := range sizes {
		if left > 0 && s == 1 && (j >= len(want) || want[j] != 1) {
			drop[i] = true
			left--
			continue
		}
		j++
	}
	return drop
}

func subview(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	offs, sizes, strides, err := OffsetsSizesStrides(f, op, 1)
	if err != nil {
		return err
	}
	if len(offs) != m.Rank() || len(sizes) != m.Rank() || len(strides) != m.Rank() {
		return interp.Errorf(op, "subview offsets, sizes and strides must match the source rank")
	}
	v := &interp.MemRef{Buf: m.Buf, Offset: m.Offset}
	t := op.Result(0).Type()
	want, _ := t.(ir.ShapedType).ShapeDims()
	drop := DroppedDims(sizes, want)
	for d := range sizes {
		if offs[d] < 0 || sizes[d] < 0 || sizes[d] > 0 && offs[d]+(sizes[d]-1)*strides[d] >= m.Sizes[d] {
			return interp.Errorf(op, fmt.Sprintf("subview out of bounds in dimension %d (offset %d, size %d, stride %d, source size %d)", d, offs[d], sizes[d], strides[d], m.Sizes[d]))
		}
		v.Offset += offs[d] * m.Strides[d]
		if !drop[d] {
			v.Sizes = append(v.Sizes, sizes[d])
			v.Strides = append(v.Strides, strides[d]*m.Strides[d])
		}
	}
	f.SetResult(op, 0, interp.MakeMemRef(t, v))
	return nil
}

func reinterpretCast(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	offs, sizes, strides, err := OffsetsSizesStrides(f, op, 1)
	if err != nil {
		return err
	}
	if len(offs) != 1 {
		return interp.Errorf(op, "expected one offset")
	}
	v := &interp.MemRef{Buf: m.Buf, Offset: offs[0], Sizes: sizes, Strides: strides}
	if err := v.Check(); err != nil {
		return interp.Errorf(op, err.Error())
	}
	f.SetResult(op, 0, interp.MakeMemRef(op.Result(0).Type(), v))
	return nil
}

func copyOp(f *interp.Frame, op *ir.Operation) error {
	src, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	dst, err := MemRefOperand(f, op, 1)
	if err != nil {
		return err
	}
	if err := checkCopy(src, dst); err != nil {
		return interp.Errorf(op, err.Error())
	}
	if err := src.Access(op, false); err != nil {
		return err
	}
	if err := dst.Access(op, true); err != nil {
		return err
	}
	dst.Store(src.Load())
	return nil
}

// CopyView copies the elements of src into dst, which must have the same
// sizes.
func CopyView(src, dst *interp.MemRef) error {
	if err := checkCopy(src, dst); err != nil {
		return err
	}
	dst.Store(src.Load())
	return nil
}

// checkCopy returns an error unless src can be copied into dst.
func checkCopy(src, dst *interp.MemRef) error {
	if fmt.Sprint(src.Sizes) != fmt.Sprint(dst.Sizes) {
		return fmt.Errorf("copy between memrefs of sizes %v and %v", src.Sizes, dst.Sizes)
	}
	if err := src.Check(); err != nil {
		return err
	}
	return dst.Check()
}

func dim(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	i, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	var sizes []int64
	if m := v.MemRef(); m != nil {
		sizes = m.Sizes
	} else if d := v.Dense(); d != nil {
		sizes = d.Shape
	} else {
		return interp.Errorf(op, "expected a memref or tensor operand")
	}
	if i.Int() < 0 || i.Int() >= int64(len(sizes)) {
		return interp.Errorf(op, fmt.Sprintf("dimension index %d out of range for rank %d", i.Int(), len(sizes)))
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(sizes[i.Int()])))
	return nil
}

func rank(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	n := 0
	if m := v.MemRef(); m != nil {
		n = m.Rank()
	} else if d := v.Dense(); d != nil {
		n = len(d.Shape)
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(n)))
	return nil
}

func getGlobal(f *interp.Frame, op *ir.Operation) error {
	gg, _ := memrefd.AsGetGlobalOp(op)
	ref, ok := gg.NameAttr().(*ir.SymbolRefAttr)
	if !ok {
		return interp.Errorf(op, "requires a 'name' symbol reference")
	}
	in := f.Interpreter()
	g := in.LookupSymbol(op, ref)
	if g == nil || g.Name() != memrefd.GlobalOpName {
		return interp.Errorf(op, "'@"+ref.Root+"' does not reference a valid global memref")
	}
	t := op.Result(0).Type()
	global := in.Global
	alloc := interp.NewBuffer
	if th := simt.Current(in); th != nil {
		if mt, ok := t.(*ir.MemRefType); ok && simt.IsWorkgroup(mt.MemorySpace) {
			// A global in shared memory has one instance per block of
			// a kernel, in the block's shared memory.
			global = func(g *ir.Operation, mk func() (interp.Value, error)) (interp.Value, error) {
				var err error
				v := th.Block.Data(g, func() any {
					v, e := mk()
					err = e
					return v
				})
				return v.(interp.Value), err
			}
			alloc = th.Block.NewShared
		}
	}
	v, err := global(g, func() (interp.Value, error) {
		elem := interp.ElementType(t)
		sizes, err := ShapeOf(op, t, nil)
		if err != nil {
			return interp.Value{}, err
		}
		m := interp.NewMemRef(elem, sizes)
		m.Buf = alloc(elem, int64(len(m.Buf.Data)))
		glob, _ := memrefd.AsGlobalOp(g)
		if a, ok := glob.InitialValue().(*ir.DenseElementsAttr); ok {
			d, err := interp.DenseFromAttr(a)
			if err != nil {
				return interp.Value{}, interp.Errorf(g, err.Error())
			}
			copy(m.Buf.Data, d.Data)
		}
		return interp.MakeMemRef(t, m), nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, v.WithType(t))
	return nil
}

// Reassociation reads a reassociation property: groups of dimensions.
func Reassociation(op *ir.Operation) ([][]int, error) {
	a, ok := op.Attr("reassociation").(*ir.ArrayAttr)
	if !ok {
		return nil, interp.Errorf(op, "requires a 'reassociation' array")
	}
	var out [][]int
	for _, g := range a.Elems {
		ga, ok := g.(*ir.ArrayAttr)
		if !ok {
			return nil, interp.Errorf(op, "malformed 'reassociation'")
		}
		var grp []int
		for _, e := range ga.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil, interp.Errorf(op, "malformed 'reassociation'")
			}
			grp = append(grp, int(ia.Int64()))
		}
		out = append(out, grp)
	}
	return out, nil
}

func collapseShape(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	groups, err := Reassociation(op)
	if err != nil {
		return err
	}
	v := &interp.MemRef{Buf: m.Buf, Offset: m.Offset}
	for _, g := range groups {
		size := int64(1)
		stride := int64(1)
		for k, d := range g {
			if d >= m.Rank() {
				return interp.Errorf(op, "reassociation out of range")
			}
			size *= m.Sizes[d]
			if k == len(g)-1 {
				stride = m.Strides[d]
			}
		}
		v.Sizes = append(v.Sizes, size)
		v.Strides = append(v.Strides, stride)
	}
	if len(groups) == 0 && m.Rank() > 0 {
		v.Sizes, v.Strides = []int64{}, []int64{}
	}
	f.SetResult(op, 0, interp.MakeMemRef(op.Result(0).Type(), v))
	return nil
}

// ExpandedSizes returns the result sizes of an expand_shape: the
// static_output_shape property with its dynamic entries from the
// output_shape operands (operands 1...), or the result type's shape.
func ExpandedSizes(f *interp.Frame, op *ir.Operation) ([]int64, error) {
	dyn, err := f.Ints(op, op.Operands()[1:])
	if err != nil {
		return nil, err
	}
	if s := interp.DenseArray(op.Attr("static_output_shape")); s != nil {
		return Mixed(op, s, dyn)
	}
	return ShapeOf(op, op.Result(0).Type(), dyn)
}

func expandShape(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	groups, err := Reassociation(op)
	if err != nil {
		return err
	}
	sizes, err := ExpandedSizes(f, op)
	if err != nil {
		return err
	}
	strides := make([]int64, len(sizes))
	for gi, g := range groups {
		if gi >= m.Rank() {
			return interp.Errorf(op, "reassociation out of range")
		}
		s := m.Strides[gi]
		for k := len(g) - 1; k >= 0; k-- {
			if g[k] >= len(sizes) {
				return interp.Errorf(op, "reassociation out of range")
			}
			strides[g[k]] = s
			s *= sizes[g[k]]
		}
	}
	v := &interp.MemRef{Buf: m.Buf, Offset: m.Offset, Sizes: sizes, Strides: strides}
	f.SetResult(op, 0, interp.MakeMemRef(op.Result(0).Type(), v))
	return nil
}

func transpose(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	tr, _ := memrefd.AsTransposeOp(op)
	pa, ok := tr.Permutation().(*ir.AffineMapAttr)
	if !ok {
		return interp.Errorf(op, "requires a 'permutation' affine map")
	}
	v := &interp.MemRef{Buf: m.Buf, Offset: m.Offset}
	for _, e := range pa.Map.Results {
		if !e.IsDim() || e.Position() >= m.Rank() {
			return interp.Errorf(op, "'permutation' must be a permutation")
		}
		v.Sizes = append(v.Sizes, m.Sizes[e.Position()])
		v.Strides = append(v.Strides, m.Strides[e.Position()])
	}
	f.SetResult(op, 0, interp.MakeMemRef(op.Result(0).Type(), v))
	return nil
}

func extractStridedMetadata(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	r := m.Rank()
	if op.NumResults() != 2+2*r {
		return interp.Errorf(op, "expected 2 + 2 * rank results")
	}
	base := &interp.MemRef{Buf: m.Buf, Sizes: []int64{}, Strides: []int64{}}
	f.SetResult(op, 0, interp.MakeMemRef(op.Result(0).Type(), base))
	it := op.Result(1).Type()
	f.SetResult(op, 1, interp.MakeInt(it, uint64(m.Offset)))
	for i := 0; i < r; i++ {
		f.SetResult(op, 2+i, interp.MakeInt(it, uint64(m.Sizes[i])))
		f.SetResult(op, 2+r+i, interp.MakeInt(it, uint64(m.Strides[i])))
	}
	return nil
}

func alignedPointer(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), m.Buf.Addr))
	return nil
}

func allocaScope(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.RunRegion(op.Region(0), nil)
	if err != nil || f.Returned() {
		return err
	}
	for i := range vs {
		if i < op.NumResults() {
			f.SetResult(op, i, vs[i])
		}
	}
	return nil
}

func toTensor(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	if err := m.Check(); err != nil {
		return interp.Errorf(op, err.Error())
	}
	d := &interp.Dense{Shape: append([]int64(nil), m.Sizes...), Data: m.Load()}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), d))
	return nil
}

func toBuffer(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	d := v.Dense()
	if d == nil {
		return interp.Errorf(op, "expected a tensor operand")
	}
	t := op.Result(0).Type()
	m := interp.NewMemRef(interp.ElementType(t), append([]int64(nil), d.Shape...))
	copy(m.Buf.Data, d.Data)
	f.SetResult(op, 0, interp.MakeMemRef(t, m))
	return nil
}

func allocTensor(f *interp.Frame, op *ir.Operation) error {
	dynOps, ok := interp.Segment(op, 0)
	if !ok {
		dynOps = op.Operands()
	}
	dyn, err := f.Ints(op, dynOps)
	if err != nil {
		return err
	}
	t := op.Result(0).Type()
	sizes, err := ShapeOf(op, t, dyn)
	if err != nil {
		return err
	}
	d := &interp.Dense{Shape: sizes, Data: interp.NewElements(interp.NumElements(sizes))}
	if cp, ok := interp.Segment(op, 1); ok && len(cp) == 1 {
		src, err := f.Get(op, cp[0])
		if err != nil {
			return err
		}
		if s := src.Dense(); s != nil {
			copy(d.Data, s.Data)
		}
	}
	f.SetResult(op, 0, interp.MakeDense(t, d))
	return nil
}

func materialize(f *interp.Frame, op *ir.Operation) error {
	src, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	dst, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	d := src.Dense()
	if d == nil {
		return interp.Errorf(op, "expected a tensor source")
	}
	if m := dst.MemRef(); m != nil {
		if m.NumElements() != int64(len(d.Data)) {
			return interp.Errorf(op, "source and destination sizes differ")
		}
		m.Store(d.Data)
		return nil
	}
	if op.NumResults() == 1 {
		f.SetResult(op, 0, src.WithType(op.Result(0).Type()))
	}
	return nil
}

func cloneOp(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	c := interp.NewMemRef(m.Buf.Elem, append([]int64(nil), m.Sizes...))
	c.Store(m.Load())
	f.Interpreter().TrackAllocation(c.Buf, op)
	f.SetResult(op, 0, interp.MakeMemRef(op.Result(0).Type(), c))
	return nil
}

// view is memref.view: a contiguous memref of the result's element type
// over the bytes of a 1-D memref of i8 from the byte shift on (see
// interp.Buffer.View).
func view(f *interp.Frame, op *ir.Operation) error {
	m, err := MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	if m.Rank() != 1 || !m.IsContiguous() {
		return interp.Errorf(op, "memref.view of a memref that is not a contiguous 1-D memref of bytes")
	}
	rt, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return interp.Errorf(op, "expected a memref result")
	}
	shift := vs[1].Int() + m.Offset
	sizes := make([]int64, len(rt.Shape))
	k := 2
	n := int64(1)
	for d, s := range rt.Shape {
		if s == ir.Dynamic {
			if k >= len(vs) {
				return interp.Errorf(op, "missing dynamic size")
			}
			s = vs[k].Int()
			k++
		}
		sizes[d] = s
		n *= s
	}
	es := int64((ir.IntOrFloatBitWidth(rt.Elem) + 7) / 8)
	buf, off, err := m.Buf.View(rt.Elem, es, shift, n)
	if err != nil {
		return interp.Errorf(op, "memref.view: "+err.Error())
	}
	strides := make([]int64, len(sizes))
	st := int64(1)
	for d := len(sizes) - 1; d >= 0; d-- {
		strides[d] = st
		st *= sizes[d]
	}
	f.SetResult(op, 0, interp.MakeMemRef(rt, &interp.MemRef{Buf: buf, Offset: off, Sizes: sizes, Strides: strides}))
	return nil
}
