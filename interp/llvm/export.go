package llvm

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// LoadBytes reads n bytes of memory at the pointer value p, for the
// operations of other dialects that access memory through llvm pointers;
// an address outside live memory is an error located at op.
func LoadBytes(op *ir.Operation, p interp.Value, n int64) ([]byte, error) {
	a, off, err := access(op, p, n, false)
	if err != nil {
		return nil, err
	}
	out := make([]byte, n)
	a.readBytes(off, out)
	return out, nil
}

// StoreBytes writes data to memory at the pointer value p.
func StoreBytes(op *ir.Operation, p interp.Value, data []byte) error {
	a, off, err := access(op, p, int64(len(data)), true)
	if err != nil {
		return err
	}
	a.writeBytes(off, data)
	return nil
}

// Offset returns the pointer value p moved by delta bytes within its
// allocation.
func Offset(p interp.Value, delta int64) interp.Value {
	a, off := target(p)
	if a == nil {
		return interp.MakeObject(p.Type, uint64(int64(p.Bits())+delta), nil)
	}
	return pointer(p.Type, a, off+delta)
}

// Allocate returns a pointer of type t to a new zeroed allocation of size
// bytes aligned to align (a power of two), of the kind named in
// diagnostics ("heap", "device"), for the runtime functions of other
// packages that allocate memory.
func Allocate(in *interp.Interpreter, t ir.Type, size, align int64, kind string) interp.Value {
	return pointer(t, memIn(in).allocAligned(size, max(align, 1), kind), 0)
}

// Free frees the allocation that p points to the start of, as free does;
// a null pointer is ignored.
func Free(op *ir.Operation, p interp.Value) error {
	if p.Bits() == 0 {
		return nil
	}
	a, off := target(p)
	switch {
	case a == nil:
		return interp.Errorf(op, fmt.Sprintf("free of address 0x%x, which is not in any allocation", p.Bits()))
	case a.isFreed():
		return interp.Errorf(op, "double free of a "+a.describe())
	case off != 0:
		return interp.Errorf(op, fmt.Sprintf("free of a pointer %d bytes into a %s", off, a.describe()))
	}
	a.freed = true
	if a.buf != nil {
		a.buf.Freed = true
	}
	return nil
}

// Allocation describes the allocation that p points into: its first
// address, its size in bytes and p's offset in it; ok is false when p
// points into none (a null pointer, a device address).
func Allocation(p interp.Value) (base uint64, size, off int64, ok bool) {
	a, off := target(p)
	if a == nil || a.isFreed() {
		return 0, 0, 0, false
	}
	return a.base, a.size, off, true
}

// PointerAt returns the pointer value of type t to the address addr of
// the live memory of in (as a pointer loaded from memory is), and false
// when no live allocation holds addr.
func PointerAt(in *interp.Interpreter, t ir.Type, addr uint64) (interp.Value, bool) {
	a := memIn(in).find(addr)
	if a == nil || a.isFreed() || addr == a.base+uint64(a.size) && a.size > 0 {
		return interp.Value{}, false
	}
	return pointer(t, a, int64(addr-a.base)), true
}
