package simt

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// NewShared allocates n elements of type elem in the block's shared
// memory. Its accesses are checked for data races: between two barriers
// of the block (one epoch), an element written by one thread and read or
// written by another is a race, reported as an error located at the
// second access with a note at the first. Accesses the scheduler makes
// on behalf of no thread (the asynchronous copies of TMA) are not
// checked, but a write to elements that an asynchronous copy still reads
// (Thread.BulkRead) is a race too.
func (b *Block) NewShared(elem ir.Type, n int64) *interp.Buffer {
	buf := interp.NewBuffer(elem, n)
	buf.Watch = &raceWatch{blk: b, cells: make([]cell, n)}
	buf.NewStorage = b.NewShared
	return buf
}

// cell is the access history of one element of shared memory in the
// current epoch of its block.
type cell struct {
	writer *Thread
	wOp    *ir.Operation
	wEpoch uint32
	// reader is the one thread that read the element in rEpoch, or nil
	// with manyReaders set when several did.
	reader      *Thread
	rOp         *ir.Operation
	rEpoch      uint32
	manyReaders bool
	// valid marks rEpoch and wEpoch as set.
	wValid, rValid bool
	// bulk is the bulk async-group of the last asynchronous copy that
	// read the element (see Thread.BulkRead).
	bulk *bulkGroup
}

// raceWatch checks the accesses to one shared buffer.
type raceWatch struct {
	blk   *Block
	cells []cell
}

// Access implements interp.Watcher.
func (w *raceWatch) Access(op *ir.Operation, pos, n int64, write bool) error {
	t := w.blk.run.cur
	if t == nil || pos < 0 || pos+n > int64(len(w.cells)) {
		return nil
	}
	ep := w.blk.epoch
	for i := pos; i < pos+n; i++ {
		c := &w.cells[i]
		if c.wValid && c.wEpoch == ep && c.writer != t {
			verb := "reads"
			if write {
				verb = "writes"
			}
			return race(op, fmt.Sprintf("%v %s an element of shared memory that %v wrote since the last barrier", t, verb, c.writer), c.wOp, "the other write")
		}
		if write && c.bulk != nil && !c.bulk.done {
			return race(op, fmt.Sprintf("%v writes an element of shared memory that an asynchronous copy of %v still reads: no cp.async.bulk.wait_group of its group since", t, c.bulk.issuer), c.bulk.op, "the copy")
		}
		if write {
			if c.rValid && c.rEpoch == ep && (c.manyReaders || c.reader != t) {
				other := "other threads"
				if !c.manyReaders {
					other = c.reader.String()
				}
				return race(op, fmt.Sprintf("%v writes an element of shared memory that %s read since the last barrier", t, other), c.rOp, "the other read")
			}
			c.writer, c.wOp, c.wEpoch, c.wValid = t, op, ep, true
			continue
		}
		switch {
		case !c.rValid || c.rEpoch != ep:
			c.reader, c.rOp, c.rEpoch, c.rValid, c.manyReaders = t, op, ep, true, false
		case c.reader != t:
			c.manyReaders = true
			c.reader = nil
		}
	}
	return nil
}

// Forget clears the history of n elements from pos (the destination of
// an asynchronous copy, which completes at a synchronization point).
func (w *raceWatch) Forget(pos, n int64) {
	for i := pos; i < pos+n && i < int64(len(w.cells)); i++ {
		if i >= 0 {
			w.cells[i] = cell{}
		}
	}
}

func race(op *ir.Operation, msg string, other *ir.Operation, what string) error {
	d := interp.Errorf(op, "data race: "+msg)
	if other != nil {
		d.Note(other.Loc(), what)
	}
	return d
}

// IsShared reports whether buf is shared memory allocated by NewShared.
func IsShared(buf *interp.Buffer) bool {
	_, ok := buf.Watch.(*raceWatch)
	return ok
}

// ForgetAccesses clears the race history of the elements [pos, pos+n)
// of a shared buffer (written by an asynchronous copy); it does nothing
// for other buffers.
func ForgetAccesses(buf *interp.Buffer, pos, n int64) {
	if w, ok := buf.Watch.(*raceWatch); ok {
		w.Forget(pos, n)
	}
}

// IsWorkgroup reports whether a memref's memory space is the GPU's
// shared memory: 3, or #gpu.address_space<workgroup>.
func IsWorkgroup(space ir.Attribute) bool {
	if i, ok := space.(*ir.IntegerAttr); ok {
		return i.Int64() == 3
	}
	return space != nil && interp.EnumCase(space) == "workgroup"
}

// Rank returns the block's rank in its cluster (%cluster_ctarank): its
// index in the cluster, x fastest.
func (b *Block) Rank() int64 {
	c, i := b.Launch.Cluster, b.InCluster
	if c == (Dim3{}) {
		return 0
	}
	return i.X + c.X*(i.Y+c.Y*i.Z)
}

// Counterpart returns the buffer of peer's shared memory that holds
// what buf holds in b's (the same workgroup attribution, shared global
// or dynamic shared memory of another block of the cluster), as a
// cluster's distributed shared memory maps one CTA's address to
// another's. It fails when buf is not shared memory that b keeps under a
// key, or when peer has not made its instance yet.
func (b *Block) Counterpart(buf *interp.Buffer, peer *Block) (*interp.Buffer, error) {
	if peer == b {
		return buf, nil
	}
	for k, v := range b.data {
		sb := sharedBuffer(v)
		if sb == nil {
			continue
		}
		// buf is sb, or the storage of memref.views of sb (bytes of
		// dynamic shared memory viewed as elements of elem).
		var elem ir.Type
		if sb != buf {
			e, ok := sb.ViewElem(buf)
			if !ok {
				continue
			}
			elem = e
		}
		if pv, ok := peer.data[k]; ok {
			if pb := sharedBuffer(pv); pb != nil {
				if elem != nil {
					return pb.TypedStorage(elem, int64((ir.IntOrFloatBitWidth(elem)+7)/8))
				}
				return pb, nil
			}
		}
		return nil, fmt.Errorf("block %v of the cluster has not allocated this shared memory yet", peer.ID)
	}
	return nil, fmt.Errorf("the shared memory has no counterpart in the other blocks of the cluster")
}

// sharedBuffer returns the shared buffer that a block's state v is or
// holds, or nil.
func sharedBuffer(v any) *interp.Buffer {
	switch v := v.(type) {
	case *interp.Buffer:
		if IsShared(v) {
			return v
		}
	case interp.Value:
		if m := v.MemRef(); m != nil && IsShared(m.Buf) {
			return m.Buf
		}
	}
	return nil
}

// Peer returns the block of rank r in b's cluster, or nil when the
// cluster has no such block.
func (b *Block) Peer(r int64) *Block {
	if len(b.Cluster) == 0 {
		if r == 0 {
			return b
		}
		return nil
	}
	if r < 0 || r >= int64(len(b.Cluster)) {
		return nil
	}
	return b.Cluster[r]
}
