package ir

import "sync/atomic"

// OpMarks is a set of operations kept on the operations themselves: each
// OpMarks has its own epoch, and marking an operation writes that epoch
// into a word the operation reserves for this (the verifier uses the same
// word to number blocks). Membership tests are one comparison and need no
// table, which matters for analyses that touch every operation of a large
// function. An operation belongs to at most one OpMarks (or verification)
// at a time: marking it for another, or verifying it, clears it from the
// first. The zero value is not usable; call NewOpMarks.
type OpMarks struct{ epoch uint64 }

// epochBits selects the epoch part of an operation's stamp.
const epochBits = ^uint64(1<<32 - 1)

// stampEpochs hands out the epochs of OpMarks and verifiers, so that
// stamps left by earlier (or concurrent) users never compare as current.
var stampEpochs atomic.Uint64

func newEpoch() uint64 { return stampEpochs.Add(1) << 32 }

// NewOpMarks returns an empty set.
func NewOpMarks() OpMarks { return OpMarks{epoch: newEpoch()} }

// Mark adds op to the set (with value 0).
func (m OpMarks) Mark(op *Operation) { m.Set(op, 0) }

// Set adds op to the set with the value v, which must be below 1<<32 - 1
// (a position in a list, say).
func (m OpMarks) Set(op *Operation, v int) { op.stamp = m.epoch | uint64(uint32(v+1)) }

// Get returns op's value and whether op is in the set.
func (m OpMarks) Get(op *Operation) (int, bool) {
	if op.stamp&epochBits != m.epoch || uint32(op.stamp) == 0 {
		return 0, false
	}
	return int(uint32(op.stamp)) - 1, true
}

// Unmark removes op from the set.
func (m OpMarks) Unmark(op *Operation) {
	if op.stamp&epochBits == m.epoch {
		op.stamp = 0
	}
}

// Marked reports whether op is in the set.
func (m OpMarks) Marked(op *Operation) bool {
	return op.stamp&epochBits == m.epoch && uint32(op.stamp) != 0
}
