package interp

import (
	"fmt"
	"math"
	"math/big"
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// Elements of memrefs, tensors and vectors are stored as the bit patterns
// of their scalar values (see Value.Bits and FromBits), one uint64 each.

// Buffer is the storage of memrefs: one allocation, shared by every view
// (subview, cast, reshape) made of it.
type Buffer struct {
	// Data holds the elements' bit patterns.
	Data []uint64
	// Elem is the element type.
	Elem ir.Type
	// Freed is set by dealloc; accesses after it are errors.
	Freed bool
	// Addr is a fake base address, printed by the runner utilities.
	Addr uint64
	// Watch, when set, observes the elements the semantics read and
	// write (the SIMT model's race detection on shared memory); see
	// Buffer.Access.
	Watch Watcher
	// views holds the typed storage of memref.view over a buffer of
	// bytes (see View).
	views *byteViews
	// NewStorage, when set, makes the storage of views of the buffer
	// (shared memory gives its views race detection).
	NewStorage func(elem ir.Type, n int64) *Buffer
}

// byteViews is the typed storage of the views of a byte buffer: one
// buffer per element type, and the byte ranges viewed with each type.
type byteViews struct {
	typed  map[ir.Type]*Buffer
	ranges []viewRange
}

type viewRange struct {
	lo, hi int64
	elem   ir.Type
}

// View returns the storage of n elements of elem at byte shift of b, a
// buffer of bytes, and the element offset of the view in it: the bytes
// that views of one element type share are the same elements. The
// interpreter keeps elements, not bytes, so bytes viewed with two element
// types (type punning) are an error.
func (b *Buffer) View(elem ir.Type, es, shift, n int64) (*Buffer, int64, error) {
	if es <= 0 || shift%es != 0 {
		return nil, 0, fmt.Errorf("a view of elements of %d bytes at byte %d is not aligned to its elements", es, shift)
	}
	if shift < 0 || shift+n*es > int64(len(b.Data)) {
		return nil, 0, fmt.Errorf("a view of bytes [%d, %d) of a buffer of %d bytes", shift, shift+n*es, len(b.Data))
	}
	if b.views == nil {
		b.views = &byteViews{typed: map[ir.Type]*Buffer{}}
	}
	lo, hi := shift, shift+n*es
	for _, r := range b.views.ranges {
		if r.elem != elem && lo < r.hi && r.lo < hi {
			return nil, 0, fmt.Errorf("bytes [%d, %d) are viewed as %s and [%d, %d) as %s: the interpreter does not model type punning",
				lo, hi, ir.TypeString(elem), r.lo, r.hi, ir.TypeString(r.elem))
		}
	}
	b.views.ranges = append(b.views.ranges, viewRange{lo, hi, elem})
	t, ok := b.views.typed[elem]
	if !ok {
		total := int64(len(b.Data)) / es
		if b.NewStorage != nil {
			t = b.NewStorage(elem, total)
		} else {
			t = NewBuffer(elem, total)
		}
		t.Addr = b.Addr
		b.views.typed[elem] = t
	}
	return t, shift / es, nil
}

// ViewElem reports whether v is the typed storage of views of b (see
// View), and of which element type.
func (b *Buffer) ViewElem(v *Buffer) (ir.Type, bool) {
	if b.views == nil {
		return nil, false
	}
	for elem, t := range b.views.typed {
		if t == v {
			return elem, true
		}
	}
	return nil, false
}

// TypedStorage returns the storage of the views of b, a buffer of bytes,
// as elements of elem of es bytes, made when no view made it yet.
func (b *Buffer) TypedStorage(elem ir.Type, es int64) (*Buffer, error) {
	t, _, err := b.View(elem, es, 0, 0)
	return t, err
}

// Watcher observes accesses to the elements of a Buffer.
type Watcher interface {
	// Access is called by op's semantics before they read (write false)
	// or write the n elements of Buf.Data from pos on; an error (located
	// at op) stops the operation.
	Access(op *ir.Operation, pos, n int64, write bool) error
}

// Access reports to the buffer's Watcher, if any, that op reads or
// writes n elements from pos on.
func (b *Buffer) Access(op *ir.Operation, pos, n int64, write bool) error {
	if b.Watch == nil {
		return nil
	}
	return b.Watch.Access(op, pos, n, write)
}

var nextAddr uint64 = 0x10000

// MaxBufferElements bounds the number of elements of one buffer (each
// takes 8 bytes): a larger allocation is a located error of the operation
// that asks for it rather than memory exhausted. ElementLimit lowers it to
// what the machine's memory holds.
const MaxBufferElements = 1 << 31

// ElementLimit returns the largest number of elements one buffer, tensor
// or vector may have: MaxBufferElements, or fewer when the machine's
// physical memory cannot hold that many (its memory over 8 bytes an
// element, so that a program the machine cannot hold fails with a located
// error instead of being killed for memory).
func ElementLimit() int64 {
	limitOnce.Do(func() {
		limit = MaxBufferElements
		if mem := physicalMemory(); mem > 0 && int64(mem/8) < limit {
			limit = int64(mem / 8)
		}
	})
	return limit
}

var (
	limitOnce sync.Once
	limit     int64
)

// AllocationError is the error of an allocation over ElementLimit.
// NewBuffer panics with it, and the interpreter reports it, located at
// the operation that allocates, as an error of the program.
type AllocationError struct {
	// Elements is the number of elements asked for, or -1 when that
	// number overflows 64 bits.
	Elements int64
}

func (e *AllocationError) Error() string {
	n := "more than 2^63"
	if e.Elements >= 0 {
		n = fmt.Sprint(e.Elements)
	}
	l := ElementLimit()
	return fmt.Sprintf("cannot allocate a buffer of %s elements: the interpreter's limit is %d elements (%.1f GiB)", n, l, float64(l*8)/(1<<30))
}

// NewElements allocates n zeroed elements for a buffer, tensor or vector.
// It panics with an *AllocationError when n is negative (an overflowed
// size) or over ElementLimit.
func NewElements(n int64) []uint64 {
	if n < 0 || n > ElementLimit() {
		panic(&AllocationError{Elements: max(n, -1)})
	}
	return make([]uint64, n)
}

// NewBuffer allocates a zeroed buffer of n elements of type elem. It
// panics with an *AllocationError when n is negative (an overflowed size)
// or over ElementLimit.
func NewBuffer(elem ir.Type, n int64) *Buffer {
	data := NewElements(n)
	addr := nextAddr
	nextAddr += uint64(n*8+64) &^ 63
	return &Buffer{Data: data, Elem: elem, Addr: addr}
}

// MemRef is a strided view of a Buffer: element (i0, i1, ...) is
// Buf.Data[Offset + i0*Strides[0] + i1*Strides[1] + ...].
type MemRef struct {
	Buf     *Buffer
	Offset  int64
	Sizes   []int64
	Strides []int64
}

// Rank returns the number of dimensions.
func (m *MemRef) Rank() int { return len(m.Sizes) }

// NumElements returns the product of the sizes.
func (m *MemRef) NumElements() int64 { return product(m.Sizes) }

// Index returns the position in Buf.Data of the element at idx, or an
// error when idx is out of bounds.
func (m *MemRef) Index(idx []int64) (int64, error) {
	if len(idx) != len(m.Sizes) {
		return 0, fmt.Errorf("expected %d indices, got %d", len(m.Sizes), len(idx))
	}
	p := m.Offset
	for d, i := range idx {
		if i < 0 || i >= m.Sizes[d] {
			return 0, fmt.Errorf("index %d out of bounds for dimension %d of size %d", i, d, m.Sizes[d])
		}
		p += i * m.Strides[d]
	}
	if m.Buf.Freed {
		return 0, fmt.Errorf("access to a deallocated memref")
	}
	if p < 0 || p >= int64(len(m.Buf.Data)) {
		return 0, fmt.Errorf("access at element %d outside the allocation of %d elements", p, len(m.Buf.Data))
	}
	return p, nil
}

// IsContiguous reports whether the view has the identity (row-major,
// compact) layout.
func (m *MemRef) IsContiguous() bool {
	s := int64(1)
	for d := len(m.Sizes) - 1; d >= 0; d-- {
		if m.Sizes[d] != 1 && m.Strides[d] != s {
			return false
		}
		s *= m.Sizes[d]
	}
	return true
}

// ForEach calls fn with the row-major linear index and the position in
// Buf.Data of every element of the view, in row-major order.
func (m *MemRef) ForEach(fn func(linear, pos int64)) {
	n := m.NumElements()
	if n == 0 {
		return
	}
	if m.IsContiguous() {
		for i := int64(0); i < n; i++ {
			fn(i, m.Offset+i)
		}
		return
	}
	r := len(m.Sizes)
	idx := make([]int64, r)
	pos := m.Offset
	for i := int64(0); i < n; i++ {
		fn(i, pos)
		for d := r - 1; d >= 0; d-- {
			idx[d]++
			pos += m.Strides[d]
			if idx[d] < m.Sizes[d] {
				break
			}
			pos -= idx[d] * m.Strides[d]
			idx[d] = 0
		}
	}
}

// Check returns an error when the view reaches outside its buffer or the
// buffer was deallocated.
func (m *MemRef) Check() error {
	if m.Buf.Freed {
		return fmt.Errorf("access to a deallocated memref")
	}
	if m.NumElements() == 0 {
		return nil
	}
	lo, hi := m.Offset, m.Offset
	for d, s := range m.Sizes {
		e := (s - 1) * m.Strides[d]
		if e < 0 {
			lo += e
		} else {
			hi += e
		}
	}
	if lo < 0 || hi >= int64(len(m.Buf.Data)) {
		return fmt.Errorf("memref view [%d, %d] outside the allocation of %d elements", lo, hi, len(m.Buf.Data))
	}
	return nil
}

// Access reports to the buffer's Watcher, if any, that op reads (write
// false) or writes every element of the view.
func (m *MemRef) Access(op *ir.Operation, write bool) error {
	if m.Buf.Watch == nil {
		return nil
	}
	var err error
	m.ForEach(func(_, p int64) {
		if err == nil {
			err = m.Buf.Watch.Access(op, p, 1, write)
		}
	})
	return err
}

// Load returns the elements of the view in row-major order.
func (m *MemRef) Load() []uint64 {
	out := NewElements(m.NumElements())
	if m.IsContiguous() {
		copy(out, m.Buf.Data[m.Offset:])
		return out
	}
	m.ForEach(func(i, p int64) { out[i] = m.Buf.Data[p] })
	return out
}

// Store writes data (row-major) into the view.
func (m *MemRef) Store(data []uint64) {
	if m.IsContiguous() {
		copy(m.Buf.Data[m.Offset:m.Offset+int64(len(data))], data)
		return
	}
	m.ForEach(func(i, p int64) { m.Buf.Data[p] = data[i] })
}

// Dense is the value of a tensor or vector: its shape and its elements in
// row-major order. Dense values are immutable once made: operations that
// "modify" a tensor make a new Dense.
type Dense struct {
	Shape []int64
	Data  []uint64
}

// IdentityStrides returns the row-major strides of shape.
func IdentityStrides(shape []int64) []int64 {
	st := make([]int64, len(shape))
	s := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		st[d] = s
		s *= shape[d]
	}
	return st
}

// product returns the product of s, or -1 when it overflows 63 bits.
func product(s []int64) int64 {
	n := int64(1)
	for _, x := range s {
		if x != 0 && n > math.MaxInt64/x {
			return -1
		}
		n *= x
	}
	return n
}

// NumElements returns the product of a shape's sizes.
func NumElements(shape []int64) int64 { return product(shape) }

// MakeMemRef returns a memref value of type t viewing m.
func MakeMemRef(t ir.Type, m *MemRef) Value { return Value{Type: t, obj: m} }

// MakeDense returns a tensor or vector value of type t holding d.
func MakeDense(t ir.Type, d *Dense) Value { return Value{Type: t, obj: d} }

// MemRef returns the view of a memref value, or nil.
func (v Value) MemRef() *MemRef {
	m, _ := v.obj.(*MemRef)
	return m
}

// Dense returns the contents of a tensor or vector value, or nil. The
// elements of a splat (MakeSplat) are made here, once, on the first call:
// it panics with an *AllocationError, which the interpreter reports
// located at the running operation, when they are more than
// ElementLimit.
func (v Value) Dense() *Dense {
	switch o := v.obj.(type) {
	case *Dense:
		return o
	case *splat:
		return o.dense()
	}
	return nil
}

// splat is the value of a tensor or vector all of whose elements have one
// bit pattern. It keeps the pattern and the shape; the elements are made
// only when semantics ask for them (Value.Dense), so a splat constant of
// 10^11 elements costs nothing until something reads it element by
// element.
type splat struct {
	shape []int64
	bits  uint64
	once  sync.Once
	d     *Dense
}

func (s *splat) dense() *Dense {
	n := product(s.shape)
	if n < 0 || n > ElementLimit() {
		panic(&AllocationError{Elements: max(n, -1)})
	}
	s.once.Do(func() {
		data := make([]uint64, n)
		if s.bits != 0 {
			for i := range data {
				data[i] = s.bits
			}
		}
		s.d = &Dense{Shape: s.shape, Data: data}
	})
	return s.d
}

// MakeSplat returns a tensor or vector value of type t and the given shape
// all of whose elements have the bit pattern bits (see Value.Bits). Its
// elements are not stored: Splat reads the pattern back, and Dense makes
// the elements when semantics need them.
func MakeSplat(t ir.Type, shape []int64, bits uint64) Value {
	return Value{Type: t, obj: &splat{shape: shape, bits: bits}}
}

// Splat returns the bit pattern of every element of a tensor or vector
// value that has one (made by MakeSplat), and ok false for any other
// value, including a Dense whose elements happen to be equal.
func (v Value) Splat() (bits uint64, ok bool) {
	if s, ok := v.obj.(*splat); ok {
		return s.bits, true
	}
	return 0, false
}

// Shape returns the shape of a tensor or vector value (a Dense or a splat)
// without making a splat's elements, and ok false for other values.
func (v Value) Shape() (shape []int64, ok bool) {
	switch o := v.obj.(type) {
	case *Dense:
		return o.Shape, true
	case *splat:
		return o.shape, true
	}
	return nil, false
}

// IsDense reports whether v is a tensor or vector value (a Dense or a
// splat), without making a splat's elements.
func (v Value) IsDense() bool {
	_, ok := v.Shape()
	return ok
}

// WithType returns v retyped as t (a cast that keeps the run-time value).
func (v Value) WithType(t ir.Type) Value {
	v.Type = t
	return v
}

// ElementType returns the element type of a shaped type, or nil.
func ElementType(t ir.Type) ir.Type {
	if s, ok := t.(ir.ShapedType); ok {
		return s.ElementType()
	}
	return nil
}

// NewMemRef allocates a zeroed buffer for a memref of the given sizes and
// returns its identity-layout view.
func NewMemRef(elem ir.Type, sizes []int64) *MemRef {
	return &MemRef{Buf: NewBuffer(elem, product(sizes)), Sizes: sizes, Strides: IdentityStrides(sizes)}
}

// ValueFromAttr returns the value of type t of a dense elements attribute
// of integers or floats: a splat attribute gives a splat value (MakeSplat),
// whose elements are made only when something reads them, any other the
// decoded elements (DenseFromAttr).
func ValueFromAttr(t ir.Type, a *ir.DenseElementsAttr) (Value, error) {
	if !a.Splat {
		d, err := DenseFromAttr(a)
		if err != nil {
			return Value{}, err
		}
		return MakeDense(t, d), nil
	}
	shape, ok := a.Type.ShapeDims()
	if !ok {
		return Value{}, fmt.Errorf("dense constant of unranked type")
	}
	if product(shape) < 0 {
		return Value{}, &AllocationError{Elements: -1}
	}
	et := a.Type.ElementType()
	if !SupportedElementType(et) {
		return Value{}, fmt.Errorf("the interpreter does not support elements of this type")
	}
	one, err := decodeDense(a, et, []int64{1}, 1)
	if err != nil {
		return Value{}, err
	}
	return MakeSplat(t, shape, one.Data[0]), nil
}

// DenseFromAttr decodes the elements of a dense elements attribute of
// integers or floats (a splat is expanded; ValueFromAttr keeps it one).
func DenseFromAttr(a *ir.DenseElementsAttr) (*Dense, error) {
	shape, ok := a.Type.ShapeDims()
	if !ok {
		return nil, fmt.Errorf("dense constant of unranked type")
	}
	et := a.Type.ElementType()
	if !SupportedElementType(et) {
		return nil, fmt.Errorf("the interpreter does not support elements of this type")
	}
	n := product(shape)
	if n < 0 || n > ElementLimit() {
		return nil, &AllocationError{Elements: max(n, -1)}
	}
	return decodeDense(a, et, shape, n)
}

// decodeDense decodes n elements of type et of a into a Dense of the
// given shape (the first element n times when a is a splat).
func decodeDense(a *ir.DenseElementsAttr, et ir.Type, shape []int64, n int64) (*Dense, error) {
	out := make([]uint64, n)
	if ft := complexPart(et); ft != nil {
		return denseComplex(a, et, ft, shape, out)
	}
	w := (ir.IntOrFloatBitWidth(et) + 7) / 8
	read := func(i int64) uint64 {
		if w > 8 {
			le := a.Data[int(i)*w : int(i)*w+w]
			be := make([]byte, w)
			for k, b := range le {
				be[w-1-k] = b
			}
			return MakeBig(et, new(big.Int).SetBytes(be)).Bits()
		}
		var v uint64
		for b := 0; b < w; b++ {
			v |= uint64(a.Data[int(i)*w+b]) << (8 * uint(b))
		}
		return FromBits(et, v).bits
	}
	if a.Splat {
		if len(a.Data) < w {
			return nil, fmt.Errorf("malformed dense constant")
		}
		v := read(0)
		for i := range out {
			out[i] = v
		}
	} else {
		if int64(len(a.Data)) < n*int64(w) {
			return nil, fmt.Errorf("malformed dense constant")
		}
		for i := range out {
			out[i] = read(int64(i))
		}
	}
	return &Dense{Shape: shape, Data: out}, nil
}

// denseComplex decodes the elements of a dense attribute of complex type
// et (parts of type ft): each element is its real part then its
// imaginary part, little-endian.
func denseComplex(a *ir.DenseElementsAttr, et ir.Type, ft *ir.FloatType, shape []int64, out []uint64) (*Dense, error) {
	pw := (ft.Width() + 7) / 8
	part := func(off int) uint64 {
		var v uint64
		for b := 0; b < pw; b++ {
			v |= uint64(a.Data[off+b]) << (8 * uint(b))
		}
		return v
	}
	read := func(i int) uint64 {
		return MakeComplexBits(et, part(2*pw*i), part(2*pw*i+pw)).bits
	}
	if a.Splat || len(out) == 0 {
		if len(out) > 0 && len(a.Data) < 2*pw {
			return nil, fmt.Errorf("malformed dense constant")
		}
		if len(out) > 0 {
			v := read(0)
			for i := range out {
				out[i] = v
			}
		}
		return &Dense{Shape: shape, Data: out}, nil
	}
	if len(a.Data) < len(out)*2*pw {
		return nil, fmt.Errorf("malformed dense constant")
	}
	for i := range out {
		out[i] = read(i)
	}
	return &Dense{Shape: shape, Data: out}, nil
}

// DenseArray returns the integer elements of a DenseArrayAttr (array<i64:
// ...>), or nil when a is not one.
func DenseArray(a ir.Attribute) []int64 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	return AppendDenseArray(make([]int64, 0, d.Size), a)
}

// AppendDenseArray appends the elements of a, as DenseArray returns
// them, to dst (which it returns unchanged when a is not a dense array).
func AppendDenseArray(dst []int64, a ir.Attribute) []int64 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return dst
	}
	w := (ir.IntOrFloatBitWidth(d.Elem) + 7) / 8
	if w == 0 {
		w = 1
	}
	for i := 0; i < int(d.Size); i++ {
		var v uint64
		for b := 0; b < w; b++ {
			v |= uint64(d.Data[i*w+b]) << (8 * uint(b))
		}
		dst = append(dst, MakeInt(d.Elem, v).Int())
	}
	return dst
}

// Segment returns the operands of op's operand group i, per its
// operandSegmentSizes property; ok is false when op has no such property.
func Segment(op *ir.Operation, i int) (vs []ir.Value, ok bool) {
	sizes := DenseArray(op.Attr("operandSegmentSizes"))
	if sizes == nil || i >= len(sizes) {
		return nil, false
	}
	start := 0
	for _, s := range sizes[:i] {
		start += int(s)
	}
	end := start + int(sizes[i])
	if end > op.NumOperands() {
		return nil, false
	}
	return op.Operands()[start:end], true
}

// Ints returns the run-time values of vs (integers or indices) as int64.
func (f *Frame) Ints(user *ir.Operation, vs []ir.Value) ([]int64, error) {
	xs, err := f.Values(user, vs)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(xs))
	for i, x := range xs {
		if err := PoisonError(user, "an index or size", x); err != nil {
			return nil, err
		}
		out[i] = x.Int()
	}
	return out, nil
}

// Values returns the run-time values of vs.
func (f *Frame) Values(user *ir.Operation, vs []ir.Value) ([]Value, error) {
	out := make([]Value, len(vs))
	for i, v := range vs {
		x, err := f.Get(user, v)
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}

// SegmentValues returns the values of op's operand group i (Segment),
// failing when op has no operandSegmentSizes property.
func (f *Frame) SegmentValues(op *ir.Operation, i int) ([]Value, error) {
	vs, ok := Segment(op, i)
	if !ok {
		return nil, Errorf(op, "requires an 'operandSegmentSizes' property")
	}
	return f.Values(op, vs)
}

// Switch branches as a switch terminator laid out like cf.switch and
// llvm.switch does on the value flag: successor 0 (the default) with
// operand group 1, or the successor of the first case_values entry equal
// to flag with its part of operand group 2 (case_operand_segments).
func (f *Frame) Switch(op *ir.Operation, flag Value) error {
	var cases []uint64
	if a, ok := op.Attr("case_values").(*ir.DenseElementsAttr); ok {
		d, err := DenseFromAttr(a)
		if err != nil {
			return Errorf(op, err.Error())
		}
		cases = d.Data
	}
	for ci, c := range cases {
		if FromBits(flag.Type, c).Bits() != flag.Bits() {
			continue
		}
		all, err := f.SegmentValues(op, 2)
		if err != nil {
			return err
		}
		segs := DenseArray(op.Attr("case_operand_segments"))
		start := 0
		for _, s := range segs[:ci] {
			start += int(s)
		}
		var args []Value
		if ci < len(segs) {
			args = all[start : start+int(segs[ci])]
		}
		f.Branch(op.Successor(ci+1), args)
		return nil
	}
	args, err := f.SegmentValues(op, 1)
	if err != nil {
		return err
	}
	f.Branch(op.Successor(0), args)
	return nil
}
