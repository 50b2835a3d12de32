package interp

import (
	"math/big"
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// Integers wider than 64 bits are values whose object is a *big.Int holding
// their bit pattern (non-negative, below 2^width) and whose bits are the
// low 64 bits of the pattern, so that Uint and Int read them truncated to
// 64 bits. In the elements of memrefs, tensors and vectors, where every
// element is one uint64, a wide integer is stored as a handle: Bits
// returns it and FromBits turns it back into the value. Handles number the
// distinct wide values the process has stored (0 is zero, so zeroed
// buffers read as zero); equal values have equal handles.

// internTable numbers the distinct values of a kind that elements store
// as handles: handle 0 is the zero value, given at creation, so that
// zeroed buffers read as zero; equal keys have equal handles. What is
// interned stays for the life of the process.
type internTable[K comparable, V any] struct {
	mu    sync.Mutex
	vals  []V
	index map[K]uint64
}

func newInternTable[K comparable, V any](zeroKey K, zero V) *internTable[K, V] {
	return &internTable[K, V]{vals: []V{zero}, index: map[K]uint64{zeroKey: 0}}
}

// handle returns the handle of the value v, whose key is k.
func (t *internTable[K, V]) handle(k K, v V) uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	if h, ok := t.index[k]; ok {
		return h
	}
	h := uint64(len(t.vals))
	t.vals = append(t.vals, v)
	t.index[k] = h
	return h
}

// value returns the value of handle h, and false for an unknown handle.
func (t *internTable[K, V]) value(h uint64) (V, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if h < uint64(len(t.vals)) {
		return t.vals[h], true
	}
	var zero V
	return zero, false
}

// wideTable interns the wide values stored in elements, by their bytes.
var wideTable = newInternTable("", new(big.Int))

// wideHandle returns the handle of the wide bit pattern x.
func wideHandle(x *big.Int) uint64 { return wideTable.handle(string(x.Bytes()), x) }

// wideOf returns the bit pattern of handle h, or nil for an unknown one.
func wideOf(h uint64) *big.Int {
	x, _ := wideTable.value(h)
	return x
}

// IsWide reports whether t is an integer type wider than 64 bits.
func IsWide(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Width > 64
}

// widthMask returns 2^w - 1.
func widthMask(w int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	return m.Sub(m, big.NewInt(1))
}

// MakeBig returns the integer or index value of type t whose bit pattern
// is x modulo 2^width (negative x in two's complement), for any width.
// x is not retained.
func MakeBig(t ir.Type, x *big.Int) Value {
	w := IntWidth(t)
	if w <= 64 {
		var lo uint64
		if x.Sign() >= 0 && x.BitLen() <= 64 {
			lo = x.Uint64()
		} else {
			lo = new(big.Int).And(x, widthMask(64)).Uint64()
		}
		return MakeInt(t, lo)
	}
	p := new(big.Int).And(x, widthMask(w))
	return Value{Type: t, bits: low64(p), obj: p}
}

func low64(x *big.Int) uint64 {
	ws := x.Bits()
	if len(ws) == 0 {
		return 0
	}
	if len(ws) == 1 || wordBits == 64 {
		return uint64(ws[0])
	}
	return uint64(ws[0]) | uint64(ws[1])<<32
}

const wordBits = 32 << (^big.Word(0) >> 63)

// Big returns the bit pattern of an integer or index value as a
// non-negative integer (its unsigned reading), for any width. The result
// must not be modified.
func (v Value) Big() *big.Int {
	if b, ok := v.obj.(*big.Int); ok {
		return b
	}
	return new(big.Int).SetUint64(v.bits)
}

// SignedBig returns an integer or index value read as signed, for any
// width.
func (v Value) SignedBig() *big.Int {
	w := IntWidth(v.Type)
	if w <= 64 {
		return big.NewInt(v.Int())
	}
	b := v.Big()
	if b.Bit(w-1) == 0 {
		return b
	}
	return new(big.Int).Sub(b, new(big.Int).Lsh(big.NewInt(1), uint(w)))
}

// fromHandle returns the wide value of type t stored as handle h (see
// FromBits); an unknown handle reads as zero.
func fromHandle(t ir.Type, h uint64) Value {
	x := wideOf(h)
	if x == nil {
		x = new(big.Int)
	}
	if x.BitLen() > IntWidth(t) {
		x = new(big.Int).And(x, widthMask(IntWidth(t)))
	}
	return Value{Type: t, bits: low64(x), obj: x}
}

// PoisonMarker is implemented by the objects of poison values: the
// operation that made the value poison and why. The arith semantics
// make *Poison; other dialects may have markers of their own.
type PoisonMarker interface {
	PoisonOrigin() (*ir.Operation, string)
}

// Poison is the object of a poison value made by an operation (an arith
// operation overflowing with its nsw flag, a shift by the bit width or
// more, ...). It propagates through the operations that compute with it;
// using it where upstream has undefined behaviour (a branch condition, an
// index, a divisor, a stored or printed value) is an error.
type Poison struct {
	// Op is the operation that made the value poison (nil if unknown).
	Op *ir.Operation
	// Why says how ("signed overflow with the nsw flag").
	Why string
}

// PoisonOrigin implements PoisonMarker.
func (p *Poison) PoisonOrigin() (*ir.Operation, string) { return p.Op, p.Why }

// MakePoison returns a poison value of type t made by op for the reason
// why.
func MakePoison(t ir.Type, op *ir.Operation, why string) Value {
	return Value{Type: t, obj: &Poison{Op: op, Why: why}}
}

// IsPoison reports whether v is poison (of any dialect's marker).
func (v Value) IsPoison() bool {
	if v.obj == nil {
		return false
	}
	_, ok := v.obj.(PoisonMarker)
	return ok
}

// FirstPoison returns the index of the first poison value among vs, or -1.
func FirstPoison(vs []Value) int {
	for i := range vs {
		if vs[i].obj != nil && vs[i].IsPoison() {
			return i
		}
	}
	return -1
}

// PoisonError returns the error of using the poison value v at use, where
// what says how it is used ("the branch condition"), with a note at the
// operation that made it; nil when v is not poison.
func PoisonError(use *ir.Operation, what string, v Value) error {
	if v.obj == nil {
		return nil
	}
	m, ok := v.obj.(PoisonMarker)
	if !ok {
		return nil
	}
	op, why := m.PoisonOrigin()
	d := Errorf(use, what+" is poison ("+why+")")
	if op != nil {
		d.Note(op.Loc(), "the poison value comes from this '"+op.Name()+"'")
	}
	return d
}

// CheckPoison returns the PoisonError of the first poison value among vs.
func CheckPoison(use *ir.Operation, what string, vs ...Value) error {
	for _, v := range vs {
		if err := PoisonError(use, what, v); err != nil {
			return err
		}
	}
	return nil
}
