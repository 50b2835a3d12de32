package ir

import "unsafe"

// OpIndex maps operations to integers (positions in a list, say): an
// open-addressing hash table with linear probing and backward-shift
// deletion, keyed by the operation's address (Go's collector does not move
// objects). Algorithms that look operations up at nearly every step (the
// greedy rewrite driver, the verifier's block numbering) use it because it
// is several times faster than a built-in map. The zero value is empty.
type OpIndex struct {
	keys []*Operation
	vals []int32
	n    int
}

func (m *OpIndex) slot(op *Operation) uint64 {
	h := uint64(uintptr(unsafe.Pointer(op))) >> 3
	h *= 0x9E3779B97F4A7C15
	return h >> 32
}

// Reset empties the table, keeping room for about n entries.
func (m *OpIndex) Reset(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	if len(m.keys) >= size && len(m.keys) <= 4*size {
		clear(m.keys)
	} else {
		m.keys = make([]*Operation, size)
		m.vals = make([]int32, size)
	}
	m.n = 0
}

// Get returns op's value and whether op is in the table.
func (m *OpIndex) Get(op *Operation) (int, bool) {
	if len(m.keys) == 0 {
		return 0, false
	}
	mask := uint64(len(m.keys) - 1)
	for i := m.slot(op) & mask; ; i = (i + 1) & mask {
		switch m.keys[i] {
		case op:
			return int(m.vals[i]), true
		case nil:
			return 0, false
		}
	}
}

// Set records v for op.
func (m *OpIndex) Set(op *Operation, v int) {
	if 2*(m.n+1) > len(m.keys) {
		m.grow()
	}
	mask := uint64(len(m.keys) - 1)
	for i := m.slot(op) & mask; ; i = (i + 1) & mask {
		switch m.keys[i] {
		case op:
			m.vals[i] = int32(v)
			return
		case nil:
			m.keys[i], m.vals[i] = op, int32(v)
			m.n++
			return
		}
	}
}

// Delete removes op, shifting later entries of its probe run back.
func (m *OpIndex) Delete(op *Operation) {
	if len(m.keys) == 0 {
		return
	}
	mask := uint64(len(m.keys) - 1)
	i := m.slot(op) & mask
	for m.keys[i] != op {
		if m.keys[i] == nil {
			return
		}
		i = (i + 1) & mask
	}
	m.n--
	for j := (i + 1) & mask; m.keys[j] != nil; j = (j + 1) & mask {
		// Move the entry at j into the hole at i if its home slot does not
		// lie cyclically in (i, j].
		home := m.slot(m.keys[j]) & mask
		if (j > i && (home <= i || home > j)) || (j < i && home <= i && home > j) {
			m.keys[i], m.vals[i] = m.keys[j], m.vals[j]
			i = j
		}
	}
	m.keys[i] = nil
}

func (m *OpIndex) grow() {
	keys, vals := m.keys, m.vals
	size := 2 * len(keys)
	if size < 16 {
		size = 16
	}
	m.keys, m.vals, m.n = make([]*Operation, size), make([]int32, size), 0
	for i, k := range keys {
		if k != nil {
			m.Set(k, int(vals[i]))
		}
	}
}

// Len returns the number of entries.
func (m *OpIndex) Len() int { return m.n }
