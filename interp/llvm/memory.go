package llvm

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
)

// allocation is one block of memory: a heap block (malloc), a stack slot
// (alloca), a global, a function (its address only) or the buffer of a
// memref that crossed into the llvm dialect. Its bytes live either in
// data or, for a memref's buffer, in the buffer's elements (esize bytes
// each, little endian), so that both views of it alias.
type allocation struct {
	base  uint64
	size  int64
	data  []byte
	buf   *interp.Buffer
	esize int64
	kind  string
	freed bool
	// readOnly is set on constant globals.
	readOnly bool
	// fn is the function whose address this is (kind "function").
	fn *ir.Operation
}

func (a *allocation) isFreed() bool { return a.freed || a.buf != nil && a.buf.Freed }

func (a *allocation) describe() string {
	return fmt.Sprintf("%s allocation of %d bytes at 0x%x", a.kind, a.size, a.base)
}

// readBytes copies n bytes at off into dst (the caller checks bounds).
func (a *allocation) readBytes(off int64, dst []byte) {
	if a.buf == nil {
		copy(dst, a.data[off:])
		return
	}
	if interp.IsWide(a.buf.Elem) {
		a.wideBytes(off, dst, false)
		return
	}
	for k := range dst {
		p := off + int64(k)
		i := p / a.esize
		if i >= int64(len(a.buf.Data)) {
			dst[k] = 0
			continue
		}
		dst[k] = byte(a.buf.Data[i] >> (8 * uint(p%a.esize)))
	}
}

// writeBytes copies src into the allocation at off.
func (a *allocation) writeBytes(off int64, src []byte) {
	if a.buf == nil {
		copy(a.data[off:], src)
		return
	}
	if interp.IsWide(a.buf.Elem) {
		a.wideBytes(off, src, true)
		return
	}
	for k, b := range src {
		p := off + int64(k)
		i := p / a.esize
		if i >= int64(len(a.buf.Data)) {
			continue
		}
		sh := 8 * uint(p%a.esize)
		a.buf.Data[i] = a.buf.Data[i]&^(0xff<<sh) | uint64(b)<<sh
	}
}

// memory is the address space of one interpreter.
type memory struct {
	next    uint64
	allocs  []*allocation // sorted by base
	byBuf   map[*interp.Buffer]*allocation
	globals map[*ir.Operation]*allocation
	// stack holds the stack slots of each active llvm.func call.
	stack map[*interp.Frame][]*allocation
}

// pushSlot records a stack slot of the call running in f.
func (m *memory) pushSlot(f *interp.Frame, a *allocation) {
	if m.stack == nil {
		m.stack = map[*interp.Frame][]*allocation{}
	}
	m.stack[f] = append(m.stack[f], a)
}

// popSlots frees the stack slots of f above the first n.
func (m *memory) popSlots(f *interp.Frame, n int) {
	s := m.stack[f]
	if n >= len(s) {
		return
	}
	for _, a := range s[n:] {
		a.freed = true
	}
	if n == 0 {
		delete(m.stack, f)
		return
	}
	m.stack[f] = s[:n]
}

type memoryKey struct{}

// heapBase is where the llvm dialect's own allocations start, far above
// the addresses of memref buffers (core/interp counts those from 0x10000).
const heapBase = 0x7f0000000000

// memOf returns the memory of the interpreter running f.
func memOf(f *interp.Frame) *memory { return memIn(f.Interpreter()) }

// memIn returns the memory of in.
func memIn(in *interp.Interpreter) *memory {
	if m, ok := in.Data(memoryKey{}).(*memory); ok {
		return m
	}
	m := &memory{next: heapBase, byBuf: map[*interp.Buffer]*allocation{}, globals: map[*ir.Operation]*allocation{}}
	in.SetData(memoryKey{}, m)
	return m
}

func (m *memory) insert(a *allocation) {
	i := sort.Search(len(m.allocs), func(i int) bool { return m.allocs[i].base > a.base })
	m.allocs = append(m.allocs, nil)
	copy(m.allocs[i+1:], m.allocs[i:])
	m.allocs[i] = a
}

// alloc returns a new zeroed allocation of size bytes, aligned to 64.
func (m *memory) alloc(size int64, kind string) *allocation { return m.allocAligned(size, 64, kind) }

// allocAligned returns a new zeroed allocation of size bytes whose address
// is a multiple of align (a power of two), followed by a gap of at least
// 64 bytes.
func (m *memory) allocAligned(size, align int64, kind string) *allocation {
	if align > 64 {
		m.next = uint64(alignTo(int64(m.next), align))
	}
	a := &allocation{base: m.next, size: size, data: make([]byte, size), kind: kind}
	m.next += uint64(alignTo(size+64, 64))
	m.insert(a)
	return a
}

// bufferAlloc returns the allocation of a memref's buffer, registering it
// on first use at the buffer's address.
func (m *memory) bufferAlloc(buf *interp.Buffer) (*allocation, error) {
	if a, ok := m.byBuf[buf]; ok {
		return a, nil
	}
	es, err := sizeOf(buf.Elem)
	if err != nil {
		return nil, err
	}
	a := &allocation{base: buf.Addr, size: es * int64(len(buf.Data)), buf: buf, esize: es, kind: "memref"}
	m.byBuf[buf] = a
	m.insert(a)
	return a, nil
}

// find returns the allocation that holds address addr (one past its end
// included), or nil.
func (m *memory) find(addr uint64) *allocation {
	i := sort.Search(len(m.allocs), func(i int) bool { return m.allocs[i].base > addr }) - 1
	if i < 0 {
		return nil
	}
	a := m.allocs[i]
	if addr-a.base > uint64(a.size) {
		return nil
	}
	return a
}

// pointer returns the pointer value of type t to off bytes into a.
func pointer(t ir.Type, a *allocation, off int64) interp.Value {
	return interp.MakeObject(t, a.base+uint64(off), a)
}

// target returns the allocation and offset a pointer value points to.
func target(v interp.Value) (*allocation, int64) {
	a, _ := v.Object().(*allocation)
	if a == nil {
		return nil, 0
	}
	return a, int64(v.Bits() - a.base)
}

// access checks that n bytes at pointer p can be read (write false) or
// written, and returns where they are.
func access(op *ir.Operation, p interp.Value, n int64, write bool) (*allocation, int64, error) {
	if ps := poisonOf(p); ps != nil {
		return nil, 0, ps.errorAt(op, "the address")
	}
	a, off := target(p)
	verb := "load from"
	if write {
		verb = "store to"
	}
	if a == nil {
		if p.Bits() == 0 {
			return nil, 0, interp.Errorf(op, verb+" a null pointer")
		}
		return nil, 0, interp.Errorf(op, fmt.Sprintf("%s address 0x%x, which is not in any allocation", verb, p.Bits()))
	}
	switch {
	case a.isFreed():
		return nil, 0, interp.Errorf(op, fmt.Sprintf("%s a freed %s (use after free)", verb, a.describe()))
	case a.kind == "function":
		return nil, 0, interp.Errorf(op, verb+" the address of a function")
	case off < 0 || off+n > a.size:
		return nil, 0, interp.Errorf(op, fmt.Sprintf("%s %d bytes at offset %d of a %s: out of bounds", verb, n, off, a.describe()))
	case write && a.readOnly:
		return nil, 0, interp.Errorf(op, verb+" a constant global")
	}
	return a, off, nil
}

// loadValue reads a value of type t at off in a.
func (m *memory) loadValue(t ir.Type, a *allocation, off int64) (interp.Value, error) {
	switch t := t.(type) {
	case *lt.StructType:
		l, err := layoutOf(t)
		if err != nil {
			return interp.Value{}, err
		}
		fs := make([]interp.Value, len(t.Fields))
		for i, ft := range t.Fields {
			if fs[i], err = m.loadValue(ft, a, off+l.offsets[i]); err != nil {
				return interp.Value{}, err
			}
		}
		return makeAggregate(t, fs), nil
	case *lt.ArrayType:
		es, err := sizeOf(t.Elem)
		if err != nil {
			return interp.Value{}, err
		}
		fs := make([]interp.Value, t.Len)
		for i := range fs {
			if fs[i], err = m.loadValue(t.Elem, a, off+int64(i)*es); err != nil {
				return interp.Value{}, err
			}
		}
		return makeAggregate(t, fs), nil
	case *lt.PointerType:
		var b [8]byte
		a.readBytes(off, b[:])
		addr := binary.LittleEndian.Uint64(b[:])
		return interp.MakeObject(t, addr, m.find(addr)), nil
	case *ir.VectorType:
		if interp.IsWide(t.Elem) {
			return interp.Value{}, fmt.Errorf("the interpreter does not support vectors of integers wider than 64 bits")
		}
		return m.loadVector(t, a, off)
	}
	if !interp.SupportedType(t) {
		return interp.Value{}, fmt.Errorf("the interpreter does not support values of type %s", asm.TypeString(t))
	}
	n, err := sizeOf(t)
	if err != nil {
		return interp.Value{}, err
	}
	if a.buf != nil && a.esize == n && off%n == 0 {
		return interp.FromBits(t, a.buf.Data[off/n]), nil
	}
	if interp.IsWide(t) {
		b := make([]byte, wideStoreSize(t))
		a.readBytes(off, b)
		return fromBytes(t, b), nil
	}
	var b [8]byte
	a.readBytes(off, b[:n])
	return interp.FromBits(t, binary.LittleEndian.Uint64(b[:])), nil
}

// storeValue writes v at off in a. A poison scalar cannot be stored.
func (m *memory) storeValue(op *ir.Operation, v interp.Value, a *allocation, off int64) error {
	if vt, isVec := v.Type.(*ir.VectorType); isVec {
		if interp.IsWide(vt.Elem) {
			return interp.Errorf(op, "the interpreter does not support vectors of integers wider than 64 bits")
		}
		return m.storeVector(op, v, a, off)
	}
	if fs := fields(v); fs != nil {
		switch t := v.Type.(type) {
		case *lt.StructType:
			l, err := layoutOf(t)
			if err != nil {
				return err
			}
			for i, x := range fs {
				if err := m.storeValue(op, x, a, off+l.offsets[i]); err != nil {
					return err
				}
			}
			return nil
		case *lt.ArrayType:
			es, err := sizeOf(t.Elem)
			if err != nil {
				return err
			}
			for i, x := range fs {
				if err := m.storeValue(op, x, a, off+int64(i)*es); err != nil {
					return err
				}
			}
			return nil
		}
	}
	if p := poisonOf(v); p != nil {
		return p.errorAt(op, "the stored value")
	}
	n, err := sizeOf(v.Type)
	if err != nil {
		return err
	}
	if a.buf != nil && a.esize == n && off%n == 0 && interp.IsWide(v.Type) == interp.IsWide(a.buf.Elem) {
		a.buf.Data[off/n] = interp.FromBits(a.buf.Elem, v.Bits()).Bits()
		return nil
	}
	if interp.IsWide(v.Type) {
		a.writeBytes(off, storeBytes(v, wideStoreSize(v.Type)))
		return nil
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v.Bits())
	a.writeBytes(off, b[:n])
	return nil
}

// retype turns the bytes of an untyped allocation into the elements of a
// memref buffer of type elem, so that a memref can view it; an allocation
// that already is a buffer must have elements of the same size.
func (m *memory) retype(a *allocation, elem ir.Type) (*interp.Buffer, error) {
	es, err := sizeOf(elem)
	if err != nil {
		return nil, err
	}
	if a.buf != nil {
		if a.esize != es {
			return nil, fmt.Errorf("a memref of %s cannot view a buffer of %s", asm.TypeString(elem), asm.TypeString(a.buf.Elem))
		}
		return a.buf, nil
	}
	n := (a.size + es - 1) / es
	buf := &interp.Buffer{Data: make([]uint64, n), Elem: elem, Addr: a.base}
	var b [8]byte
	for i := int64(0); i < n; i++ {
		b = [8]byte{}
		end := (i + 1) * es
		if end > a.size {
			end = a.size
		}
		copy(b[:], a.data[i*es:end])
		buf.Data[i] = interp.FromBits(elem, binary.LittleEndian.Uint64(b[:])).Bits()
	}
	a.buf, a.esize, a.data = buf, es, nil
	m.byBuf[buf] = a
	return buf, nil
}
