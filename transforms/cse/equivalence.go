package cse

import (
	"slices"
	"unsafe"

	"github.com/strata-ir/strata/core/ir"
)

// opHash hashes what makes two operations interchangeable: name,
// properties, discardable attributes, result types and operands
// (locations are ignored). Names, types and attributes are interned, so
// their identities stand for them; only equality of hashes matters, never
// their order.
func opHash(op *ir.Operation) uint64 {
	h := mix(0, uint64(uintptr(unsafe.Pointer(op.OpName()))))
	h = mix(h, attrID(op.Properties()))
	if d := op.Attrs(); d != nil {
		h = mix(h, d.ID())
	}
	for i := 0; i < op.NumResults(); i++ {
		h = mix(h, op.Result(i).Type().ID())
	}
	if op.NumOperands() > 1 && op.HasTrait(ir.Commutative) {
		// Operand order does not matter: combine the operands' hashes
		// with a sum, as MLIR's OperationEquivalence::computeHash does.
		var sum uint64
		for i := 0; i < op.NumOperands(); i++ {
			sum += valueHash(op.Operand(i))
		}
		h = mix(h, sum)
	} else {
		for i := 0; i < op.NumOperands(); i++ {
			h = mix(h, valueHash(op.Operand(i)))
		}
	}
	return mix(h, uint64(op.NumRegions()))
}

// valueHash identifies a value by its defining operation or block and its
// position there.
func valueHash(v ir.Value) uint64 {
	switch x := v.(type) {
	case *ir.OpResult:
		return mix(uint64(uintptr(unsafe.Pointer(x.Owner()))), uint64(x.Index()))
	case *ir.BlockArgument:
		return mix(uint64(uintptr(unsafe.Pointer(x.Owner()))), uint64(x.Index())+1<<32)
	}
	return 0
}

// mix folds v into the hash h.
func mix(h, v uint64) uint64 {
	h = (h ^ v) * 0x9E3779B97F4A7C15
	return h ^ h>>29
}

func attrID(a ir.Attribute) uint64 {
	if a == nil {
		return 0
	}
	return a.ID()
}

// scopedMap is a hash table of operations with nested scopes (LLVM's
// ScopedHashTable): entries are kept in insertion order, each linked to the
// previous entry of the same hash, so that closing a scope truncates the
// entries and restores the chains' heads.
type scopedMap struct {
	heads   map[uint64]int32
	entries []entry
	scopes  []int
	members ir.OpMarks
}

type entry struct {
	hash uint64
	op   *ir.Operation
	// prev is the index of the previous entry of the same hash, or -1.
	prev int32
}

// newScopedMap returns an empty table with room for about n operations.
func newScopedMap(n int) *scopedMap {
	return &scopedMap{heads: make(map[uint64]int32, n), entries: make([]entry, 0, n), members: ir.NewOpMarks()}
}

func (m *scopedMap) push() { m.scopes = append(m.scopes, len(m.entries)) }

func (m *scopedMap) pop() {
	start := m.scopes[len(m.scopes)-1]
	m.scopes = m.scopes[:len(m.scopes)-1]
	if len(m.scopes) == 0 {
		// The outermost scope holds everything: drop it all at once.
		clear(m.heads)
		m.entries = m.entries[:0]
		m.members = ir.NewOpMarks()
		return
	}
	for i := len(m.entries) - 1; i >= start; i-- {
		e := &m.entries[i]
		if e.prev < 0 {
			delete(m.heads, e.hash)
		} else {
			m.heads[e.hash] = e.prev
		}
		m.members.Unmark(e.op)
	}
	m.entries = m.entries[:start]
}

func (m *scopedMap) insert(op *ir.Operation) { m.insertHashed(op, opHash(op)) }

// insertHashed inserts op, whose opHash is h.
func (m *scopedMap) insertHashed(op *ir.Operation, h uint64) {
	prev, ok := m.heads[h]
	if !ok {
		prev = -1
	}
	m.heads[h] = int32(len(m.entries))
	if len(m.entries) == cap(m.entries) {
		// Double rather than let append grow a large table by a quarter
		// at a time (about five times its final size in garbage).
		m.entries = slices.Grow(m.entries, max(len(m.entries), 64))
	}
	m.entries = append(m.entries, entry{hash: h, op: op, prev: prev})
	m.members.Mark(op)
}

// lookup returns the most recent equivalent operation, or nil.
func (m *scopedMap) lookup(op *ir.Operation) *ir.Operation {
	return m.lookupHashed(op, opHash(op))
}

// lookupHashed is lookup for an op whose opHash is h.
func (m *scopedMap) lookupHashed(op *ir.Operation, h uint64) *ir.Operation {
	i, ok := m.heads[h]
	for ok && i >= 0 {
		e := &m.entries[i]
		if ir.OperationsEquivalentCommutative(op, e.op) {
			return e.op
		}
		i = e.prev
	}
	return nil
}

func (m *scopedMap) contains(op *ir.Operation) bool { return m.members.Marked(op) }
