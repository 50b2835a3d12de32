package cse

import (
	"hash/maphash"

	"github.com/strata-ir/strata/core/ir"
)

var seed = maphash.MakeSeed()

// opHash hashes what makes two operations interchangeable: name,
// properties, discardable attributes, result types and operands
// (locations are ignored).
func opHash(op *ir.Operation) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	h.WriteString(op.Name())
	writeU64(&h, attrID(op.Properties()))
	if d := op.Attrs(); d != nil {
		writeU64(&h, d.ID())
	}
	for i := 0; i < op.NumResults(); i++ {
		writeU64(&h, op.Result(i).Type().ID())
	}
	for i := 0; i < op.NumOperands(); i++ {
		writeValue(&h, op.Operand(i))
	}
	writeU64(&h, uint64(op.NumRegions()))
	return h.Sum64()
}

func attrID(a ir.Attribute) uint64 {
	if a == nil {
		return 0
	}
	return a.ID()
}

func writeU64(h *maphash.Hash, v uint64) {
	var b [8]byte
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
	h.Write(b[:])
}

// writeValue hashes a value's identity through its defining op or block
// and index.
func writeValue(h *maphash.Hash, v ir.Value) {
	switch x := v.(type) {
	case *ir.OpResult:
		maphash.WriteComparable(h, x.Owner())
		writeU64(h, uint64(x.Index()))
	case *ir.BlockArgument:
		maphash.WriteComparable(h, x.Owner())
		writeU64(h, uint64(x.Index())+1<<32)
	}
}

// equivalent reports whether a and b compute the same thing: equal names,
// attributes, result types and operands, and structurally equal regions
// (MLIR's OperationEquivalence with locations ignored).
func equivalent(a, b *ir.Operation) bool {
	return equivalentWith(a, b, map[ir.Value]ir.Value{}, map[*ir.Block]*ir.Block{})
}

func equivalentWith(a, b *ir.Operation, vmap map[ir.Value]ir.Value, bmap map[*ir.Block]*ir.Block) bool {
	if a.OpName() != b.OpName() || a.Properties() != b.Properties() || a.Attrs() != b.Attrs() ||
		a.NumOperands() != b.NumOperands() || a.NumResults() != b.NumResults() ||
		a.NumRegions() != b.NumRegions() || a.NumSuccessors() != b.NumSuccessors() {
		return false
	}
	for i := 0; i < a.NumResults(); i++ {
		if a.Result(i).Type() != b.Result(i).Type() {
			return false
		}
	}
	for i := 0; i < a.NumOperands(); i++ {
		x, y := a.Operand(i), b.Operand(i)
		if m, ok := vmap[x]; ok {
			x = m
		}
		if x != y {
			return false
		}
	}
	for i := 0; i < a.NumSuccessors(); i++ {
		x, y := a.Successor(i), b.Successor(i)
		if m, ok := bmap[x]; ok {
			x = m
		}
		if x != y {
			return false
		}
	}
	for i := 0; i < a.NumRegions(); i++ {
		if !regionsEquivalent(a.Region(i), b.Region(i), vmap, bmap) {
			return false
		}
	}
	return true
}

func regionsEquivalent(ra, rb *ir.Region, vmap map[ir.Value]ir.Value, bmap map[*ir.Block]*ir.Block) bool {
	ba, bb := ra.First(), rb.First()
	for ; ba != nil && bb != nil; ba, bb = ba.Next(), bb.Next() {
		if ba.NumArguments() != bb.NumArguments() {
			return false
		}
		for i, arg := range ba.Arguments() {
			if arg.Type() != bb.Argument(i).Type() {
				return false
			}
			vmap[arg] = bb.Argument(i)
		}
		bmap[ba] = bb
	}
	if ba != nil || bb != nil {
		return false
	}
	for ba, bb = ra.First(), rb.First(); ba != nil; ba, bb = ba.Next(), bb.Next() {
		oa, ob := ba.First(), bb.First()
		for ; oa != nil && ob != nil; oa, ob = oa.Next(), ob.Next() {
			if !equivalentWith(oa, ob, vmap, bmap) {
				return false
			}
			for i := 0; i < oa.NumResults(); i++ {
				vmap[oa.Result(i)] = ob.Result(i)
			}
		}
		if oa != nil || ob != nil {
			return false
		}
	}
	return true
}

// scopedMap is a hash table of operations with nested scopes.
type scopedMap struct {
	buckets map[uint64][]*ir.Operation
	members map[*ir.Operation]bool
	scopes  [][]entry
}

type entry struct {
	hash uint64
	op   *ir.Operation
}

func newScopedMap() *scopedMap {
	return &scopedMap{buckets: map[uint64][]*ir.Operation{}, members: map[*ir.Operation]bool{}}
}

func (m *scopedMap) push() { m.scopes = append(m.scopes, nil) }

func (m *scopedMap) pop() {
	last := m.scopes[len(m.scopes)-1]
	for i := len(last) - 1; i >= 0; i-- {
		e := last[i]
		l := m.buckets[e.hash]
		l = l[:len(l)-1]
		if len(l) == 0 {
			delete(m.buckets, e.hash)
		} else {
			m.buckets[e.hash] = l
		}
		delete(m.members, e.op)
	}
	m.scopes = m.scopes[:len(m.scopes)-1]
}

func (m *scopedMap) insert(op *ir.Operation) {
	h := opHash(op)
	m.buckets[h] = append(m.buckets[h], op)
	m.members[op] = true
	m.scopes[len(m.scopes)-1] = append(m.scopes[len(m.scopes)-1], entry{h, op})
}

// lookup returns the most recent equivalent operation, or nil.
func (m *scopedMap) lookup(op *ir.Operation) *ir.Operation {
	l := m.buckets[opHash(op)]
	for i := len(l) - 1; i >= 0; i-- {
		if equivalent(op, l[i]) {
			return l[i]
		}
	}
	return nil
}

func (m *scopedMap) contains(op *ir.Operation) bool { return m.members[op] }
