package llvm

import (
	"math/big"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// Integers wider than 64 bits: the two-operand operations compute with the
// arith semantics of their counterpart (which model the same overflow
// flags and exact flag as LLVM), and memory holds their store size,
// ceil(width/8) bytes, little endian.

// wideCounterpart names the arith operation of each llvm integer
// operation.
var wideCounterpart = map[string]string{
	"llvm.add": "arith.addi", "llvm.sub": "arith.subi", "llvm.mul": "arith.muli",
	"llvm.sdiv": "arith.divsi", "llvm.udiv": "arith.divui",
	"llvm.srem": "arith.remsi", "llvm.urem": "arith.remui",
	"llvm.and": "arith.andi", "llvm.or": "arith.ori", "llvm.xor": "arith.xori",
	"llvm.shl": "arith.shli", "llvm.lshr": "arith.shrui", "llvm.ashr": "arith.shrsi",
}

// wideBinary runs a two-operand integer operation on wide integers a and
// b (neither poison) and sets its result.
func wideBinary(f *interp.Frame, op *ir.Operation, a, b interp.Value, rt ir.Type) error {
	name, ok := wideCounterpart[op.Name()]
	if !ok {
		return unsupported(op, rt)
	}
	r, err := arithi.Scalar(name)(op, []interp.Value{a, b}, rt)
	if err != nil {
		return err
	}
	if p, ok := r.Object().(*interp.Poison); ok {
		r = makePoison(rt, op, p.Why)
	}
	f.SetResult(op, 0, r)
	return nil
}

// storeBytes returns the little-endian bytes of the wide integer v, n of
// them.
func storeBytes(v interp.Value, n int64) []byte {
	be := v.Big().Bytes()
	out := make([]byte, n)
	for i := 0; i < len(be) && int64(i) < n; i++ {
		out[i] = be[len(be)-1-i]
	}
	return out
}

// fromBytes returns the integer of type t whose little-endian bytes are le.
func fromBytes(t ir.Type, le []byte) interp.Value {
	be := make([]byte, len(le))
	for i, b := range le {
		be[len(le)-1-i] = b
	}
	return interp.MakeBig(t, new(big.Int).SetBytes(be))
}

// wideStoreSize returns the bytes a load or store of the integer type t
// accesses: ceil(width/8).
func wideStoreSize(t ir.Type) int64 { return int64(interp.IntWidth(t)+7) / 8 }

// wideBytes reads (or, with write, writes) the bytes b at off of an
// allocation that is the buffer of a memref of wide integers: element i
// holds bytes [i*esize, (i+1)*esize), its value's little-endian bytes
// (zero past the store size).
func (a *allocation) wideBytes(off int64, b []byte, write bool) {
	for k := 0; k < len(b); {
		p := off + int64(k)
		i := p / a.esize
		if i >= int64(len(a.buf.Data)) {
			if !write {
				b[k] = 0
			}
			k++
			continue
		}
		v := interp.FromBits(a.buf.Elem, a.buf.Data[i])
		bs := storeBytes(v, a.esize)
		j := int(p % a.esize)
		n := copyRange(bs[j:], b[k:], write)
		if write {
			a.buf.Data[i] = fromBytes(a.buf.Elem, bs[:wideStoreSize(a.buf.Elem)]).Bits()
		}
		k += n
	}
}

// copyRange copies between an element's bytes e and b (into e when write)
// and returns how many bytes it copied.
func copyRange(e, b []byte, write bool) int {
	if write {
		return copy(e, b)
	}
	return copy(b, e)
}
