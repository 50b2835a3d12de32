package simt

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// Bulk async-groups (cp.async.bulk.commit_group, wait_group): an
// asynchronous copy out of shared memory (a TMA store) reads its source
// until the thread that issued it waits for its group. The interpreter
// performs the copy when it is issued, but marks the elements it read as
// read by the group: a write to them before the group is waited for is a
// data race.

// bulkGroup is one bulk async-group of a thread.
type bulkGroup struct {
	issuer *Thread
	// op is the first copy of the group.
	op   *ir.Operation
	done bool
}

// bulkState is a thread's bulk async-groups: the one its copies join,
// and those committed and not yet waited for, oldest first.
type bulkState struct {
	open      *bulkGroup
	committed []*bulkGroup
}

type bulkKey struct{}

func (t *Thread) bulk() *bulkState {
	return t.Data(bulkKey{}, func() any { return &bulkState{} }).(*bulkState)
}

// BulkRead records that op, an asynchronous copy that t issued, reads
// the elements [pos, pos+n) of the shared buffer buf until t waits for
// the copy's bulk async-group. It does nothing for other buffers.
func (t *Thread) BulkRead(op *ir.Operation, buf *interp.Buffer, pos, n int64) {
	w, ok := buf.Watch.(*raceWatch)
	if !ok {
		return
	}
	s := t.bulk()
	if s.open == nil {
		s.open = &bulkGroup{issuer: t, op: op}
	}
	for i := max(pos, 0); i < pos+n && i < int64(len(w.cells)); i++ {
		w.cells[i].bulk = s.open
	}
}

// BulkCommit commits t's copies issued since its last commit into a new
// bulk async-group (an empty one when there were none).
func (t *Thread) BulkCommit() {
	s := t.bulk()
	g := s.open
	if g == nil {
		g = &bulkGroup{issuer: t}
	}
	s.committed = append(s.committed, g)
	s.open = nil
}

// BulkWait waits for t's committed bulk async-groups but the keep most
// recent ones: their copies no longer read shared memory.
func (t *Thread) BulkWait(keep int64) {
	s := t.bulk()
	for int64(len(s.committed)) > max(keep, 0) {
		s.committed[0].done = true
		s.committed = s.committed[1:]
	}
}
