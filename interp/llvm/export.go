package llvm

import (
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
