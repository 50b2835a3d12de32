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
	if len(m.scopes) == 1 {
		// The outermost scope holds everything: drop it all at once.
		clear(m.buckets)
		clear(m.members)
		m.scopes = m.scopes[:0]
		return
	}
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

func (m *scopedMap) insert(op *ir.Operation) { m.insertHashed(op, opHash(op)) }

// insertHashed inserts op, whose opHash is h.
func (m *scopedMap) insertHashed(op *ir.Operation, h uint64) {
	m.buckets[h] = append(m.buckets[h], op)
	m.members[op] = true
	m.scopes[len(m.scopes)-1] = append(m.scopes[len(m.scopes)-1], entry{h, op})
}

// lookup returns the most recent equivalent operation, or nil.
func (m *scopedMap) lookup(op *ir.Operation) *ir.Operation {
	return m.lookupHashed(op, opHash(op))
}

// lookupHashed is lookup for an op whose opHash is h.
func (m *scopedMap) lookupHashed(op *ir.Operation, h uint64) *ir.Operation {
	l := m.buckets[h]
	for i := len(l) - 1; i >= 0; i-- {
		if ir.OperationsEquivalent(op, l[i]) {
			return l[i]
		}
	}
	return nil
}

func (m *scopedMap) contains(op *ir.Operation) bool { return m.members[op] }
