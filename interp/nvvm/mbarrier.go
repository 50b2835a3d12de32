package nvvm

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dnvvm "github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/interp/llvm"
)

// The mbarriers of shared memory addressed by llvm pointers: each 8-byte
// object of the block has the arrivals its current phase expects, those
// still pending, the transaction bytes still expected and its completed
// phases. A phase completes when no arrival and no byte is pending; its
// completion orders shared memory like a barrier (for the race
// detection). A wait that can never succeed is a located deadlock, and a
// barrier used before its initialization is an error.

func registerMbarrier(reg *interp.Registry) {
	reg.Register("nvvm.mbarrier.init", mbarrierInit)
	reg.Register("nvvm.mbarrier.inval", mbarrierInval)
	reg.Register("nvvm.mbarrier.arrive", mbarrierArrive)
	reg.Register("nvvm.mbarrier.arrive.nocomplete", mbarrierArriveNocomplete)
	reg.Register("nvvm.mbarrier.arrive.expect_tx", mbarrierExpectTx)
	reg.Register("nvvm.mbarrier.try_wait.parity", mbarrierTryWaitParity)
	reg.Register("nvvm.mbarrier.test.wait", mbarrierTestWait)
}

// mbarrier is the state of one barrier object.
type mbarrier struct {
	count, pending, tx, phase int64
	initialized               bool
	// blk is the block whose shared memory holds the barrier.
	blk *simt.Block
}

// mbarrierKey keys a barrier of a block by its address.
type mbarrierKey struct{ addr uint64 }

// barrierAt returns the running thread and the barrier at the pointer
// operand 0 of op, after checking that the pointer addresses 8 bytes of
// memory.
func barrierAt(f *interp.Frame, op *ir.Operation) (*simt.Thread, *mbarrier, error) {
	t, err := simt.Of(f, op)
	if err != nil {
		return nil, nil, err
	}
	p, err := f.Operand(op, 0)
	if err != nil {
		return nil, nil, err
	}
	b, err := barrierOf(f, op, t.Block, p)
	return t, b, err
}

// barrierOf returns the barrier at the pointer p, checking that it
// addresses 8 bytes of memory. A barrier in the shared memory of another
// block of the cluster (a pointer made by nvvm.mapa) is that block's.
func barrierOf(f *interp.Frame, op *ir.Operation, blk *simt.Block, p interp.Value) (*mbarrier, error) {
	if _, err := llvm.LoadBytes(op, p, 8); err != nil {
		return nil, err
	}
	if o := llvm.SharedOwner(f.Interpreter(), p, blk.Cluster); o != nil {
		blk = o
	}
	return blk.Data(mbarrierKey{p.Bits()}, func() any { return &mbarrier{blk: blk} }).(*mbarrier), nil
}

// initialized returns b, or an error when it was not initialized.
func initialized(op *ir.Operation, b *mbarrier) error {
	if !b.initialized {
		return interp.Errorf(op, "the mbarrier is used before nvvm.mbarrier.init")
	}
	return nil
}

// holds reports whether op's optional predicate operand holds.
func holds(f *interp.Frame, op *ir.Operation, pred ir.Value) (bool, error) {
	if pred == nil {
		return true, nil
	}
	v, err := f.Get(op, pred)
	if err != nil {
		return false, err
	}
	return v.Bool(), nil
}

// arrive counts n arrivals and tx expected bytes, completing the phase
// when nothing is pending and complete is set. The completion advances
// the epoch of the barrier's block.
func arrive(t *simt.Thread, b *mbarrier, n, tx int64, complete bool) {
	b.tx += tx
	b.pending -= n
	t.Progress()
	if complete && b.pending <= 0 && b.tx <= 0 {
		b.phase++
		b.pending = b.count
		b.tx = 0
		b.blk.AdvanceEpoch()
	}
}

func mbarrierInit(f *interp.Frame, op *ir.Operation) error {
	m := dnvvm.MbarrierInitOp{Operation: op}
	if ok, err := holds(f, op, m.Predicate()); err != nil || !ok {
		return err
	}
	t, b, err := barrierAt(f, op)
	if err != nil {
		return err
	}
	c, err := f.Get(op, m.Count())
	if err != nil {
		return err
	}
	if c.Int() <= 0 {
		return interp.Errorf(op, fmt.Sprintf("mbarrier arrival count %d is not positive", c.Int()))
	}
	// Initializing a barrier that threads already use (without
	// invalidating it) loses its arrivals and phases: a race the
	// hardware's timing usually hides.
	if b.initialized && (b.phase > 0 || b.pending != b.count || b.tx != 0) {
		return interp.Errorf(op, fmt.Sprintf("the mbarrier is initialized again while in use (phase %d, %d arrivals and %d bytes pending)", b.phase, b.pending, b.tx))
	}
	*b = mbarrier{count: c.Int(), pending: c.Int(), initialized: true, blk: b.blk}
	t.Progress()
	return nil
}

func mbarrierInval(f *interp.Frame, op *ir.Operation) error {
	_, b, err := barrierAt(f, op)
	if err != nil {
		return err
	}
	*b = mbarrier{blk: b.blk}
	return nil
}

// mbarrierArrive counts one arrival, or count, and returns the state (the
// phase) when the operation has a result. Through a shared::cluster
// address made by nvvm.mapa it arrives on the barrier of another block of
// the cluster.
func mbarrierArrive(f *interp.Frame, op *ir.Operation) error {
	m := dnvvm.MbarrierArriveOp{Operation: op}
	t, b, err := barrierAt(f, op)
	if err != nil {
		return err
	}
	if err := initialized(op, b); err != nil {
		return err
	}
	n := int64(1)
	if c := m.Count(); c != nil {
		v, err := f.Get(op, c)
		if err != nil {
			return err
		}
		if n = v.Int(); n <= 0 {
			return interp.Errorf(op, fmt.Sprintf("mbarrier arrival count %d is not positive", n))
		}
	}
	phase := b.phase
	arrive(t, b, n, 0, true)
	if r := m.Res(); r != nil {
		f.SetResult(op, 0, interp.MakeInt(r.Type(), uint64(phase)))
	}
	return nil
}

func mbarrierArriveNocomplete(f *interp.Frame, op *ir.Operation) error {
	m := dnvvm.MbarrierArriveNocompleteOp{Operation: op}
	t, b, err := barrierAt(f, op)
	if err != nil {
		return err
	}
	if err := initialized(op, b); err != nil {
		return err
	}
	n, err := f.Get(op, m.Count())
	if err != nil {
		return err
	}
	if n.Int() >= b.pending {
		return interp.Errorf(op, fmt.Sprintf("arrive.nocomplete of %d arrivals would complete the phase (%d pending)", n.Int(), b.pending))
	}
	phase := b.phase
	arrive(t, b, n.Int(), 0, false)
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(phase)))
	return nil
}

func mbarrierExpectTx(f *interp.Frame, op *ir.Operation) error {
	m := dnvvm.MbarrierArriveExpectTxOp{Operation: op}
	if ok, err := holds(f, op, m.Predicate()); err != nil || !ok {
		return err
	}
	t, b, err := barrierAt(f, op)
	if err != nil {
		return err
	}
	if err := initialized(op, b); err != nil {
		return err
	}
	tx, err := f.Get(op, m.Txcount())
	if err != nil {
		return err
	}
	arrive(t, b, 1, tx.Int(), true)
	return nil
}

// mbarrierTryWaitParity waits until the phase of the given parity has
// completed: while the current phase has that parity.
func mbarrierTryWaitParity(f *interp.Frame, op *ir.Operation) error {
	m := dnvvm.MbarrierTryWaitParityOp{Operation: op}
	t, b, err := barrierAt(f, op)
	if err != nil {
		return err
	}
	if err := initialized(op, b); err != nil {
		return err
	}
	p, err := f.Get(op, m.Phase())
	if err != nil {
		return err
	}
	for b.phase&1 == int64(p.Bits()&1) {
		if err := t.Spin(f, op); err != nil {
			return err
		}
	}
	t.Progress()
	return nil
}

// mbarrierTestWait reports whether the phase of the arrival's state (its
// phase number) has completed.
func mbarrierTestWait(f *interp.Frame, op *ir.Operation) error {
	m := dnvvm.MbarrierTestWaitOp{Operation: op}
	_, b, err := barrierAt(f, op)
	if err != nil {
		return err
	}
	if err := initialized(op, b); err != nil {
		return err
	}
	s, err := f.Get(op, m.State())
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeBool(op.Result(0).Type(), b.phase > int64(s.Bits())))
	return nil
}
