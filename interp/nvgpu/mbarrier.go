package nvgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dnvgpu "github.com/strata-ir/strata/dialects/nvgpu"
)

// mbarrier is one transaction barrier of shared memory: the arrivals its
// current phase expects, those still pending, the transaction bytes still
// expected, and the number of completed phases.
type mbarrier struct {
	count, pending int64
	tx             int64
	phase          int64
	initialized    bool
}

// mbarrierGroup is the value of !nvgpu.mbarrier.group: the block's
// barriers made by one nvgpu.mbarrier.create.
type mbarrierGroup struct {
	bars []*mbarrier
	blk  *simt.Block
	// key is the block's key of the group (its nvgpu.mbarrier.create),
	// under which the other blocks of a cluster keep their instance.
	key any
}

// arrive counts n arrivals and tx expected bytes, completing the phase
// when no arrival and no byte is pending.
func (g *mbarrierGroup) arrive(t *simt.Thread, b *mbarrier, n, tx int64, complete bool) {
	b.tx += tx
	b.pending -= n
	t.Progress()
	if complete {
		g.tryComplete(b)
	}
}

// tryComplete ends the phase of b when nothing is pending. The
// completion orders the accesses of shared memory before it with those
// after it, as a barrier does (for the race detection, the block's epoch
// advances).
func (g *mbarrierGroup) tryComplete(b *mbarrier) {
	if b.pending <= 0 && b.tx <= 0 {
		b.phase++
		b.pending = b.count
		b.tx = 0
		g.blk.AdvanceEpoch()
	}
}

func registerMbarrier(reg *interp.Registry) {
	reg.Register("nvgpu.mbarrier.create", func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		rt := op.Result(0).Type()
		n := int64(1)
		if gt, ok := dnvgpu.AsMbarrierGroupType(rt); ok {
			if k, ok := gt.NumBarriers(); ok {
				n = k
			}
		}
		g := t.Block.Data(op, func() any {
			g := &mbarrierGroup{blk: t.Block, key: op}
			for range n {
				g.bars = append(g.bars, &mbarrier{})
			}
			return g
		}).(*mbarrierGroup)
		f.SetResult(op, 0, interp.MakeObject(rt, 0, g))
		return nil
	})
	reg.Register("nvgpu.mbarrier.init", func(f *interp.Frame, op *ir.Operation) error {
		m, _ := dnvgpu.AsMbarrierInitOp(op)
		t, _, b, ok, err := barrierOf(f, op, m.Barriers(), m.MbarId(), m.Predicate())
		if err != nil || !ok {
			return err
		}
		c, err := f.Get(op, m.Count())
		if err != nil {
			return err
		}
		if c.Int() <= 0 {
			return interp.Errorf(op, fmt.Sprintf("mbarrier arrival count %d is not positive", c.Int()))
		}
		*b = mbarrier{count: c.Int(), pending: c.Int(), initialized: true}
		t.Progress()
		return nil
	})
	reg.Register("nvgpu.mbarrier.arrive", func(f *interp.Frame, op *ir.Operation) error {
		m, _ := dnvgpu.AsMbarrierArriveOp(op)
		t, g, b, _, err := barrierOf(f, op, m.Barriers(), m.MbarId(), nil)
		if err != nil {
			return err
		}
		phase := b.phase
		g.arrive(t, b, 1, 0, true)
		f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), uint64(phase), nil))
		return nil
	})
	reg.Register("nvgpu.mbarrier.arrive.cluster", arriveCluster)
	reg.Register("nvgpu.mbarrier.arrive.nocomplete", func(f *interp.Frame, op *ir.Operation) error {
		m, _ := dnvgpu.AsMbarrierArriveNocompleteOp(op)
		t, g, b, _, err := barrierOf(f, op, m.Barriers(), m.MbarId(), nil)
		if err != nil {
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
		g.arrive(t, b, n.Int(), 0, false)
		f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), uint64(phase), nil))
		return nil
	})
	reg.Register("nvgpu.mbarrier.arrive.expect_tx", func(f *interp.Frame, op *ir.Operation) error {
		m, _ := dnvgpu.AsMbarrierArriveExpectTxOp(op)
		t, g, b, ok, err := barrierOf(f, op, m.Barriers(), m.MbarId(), m.Predicate())
		if err != nil || !ok {
			return err
		}
		tx, err := f.Get(op, m.Txcount())
		if err != nil {
			return err
		}
		g.arrive(t, b, 1, tx.Int(), true)
		return nil
	})
	reg.Register("nvgpu.mbarrier.try_wait.parity", func(f *interp.Frame, op *ir.Operation) error {
		m, _ := dnvgpu.AsMbarrierTryWaitParityOp(op)
		t, _, b, _, err := barrierOf(f, op, m.Barriers(), m.MbarId(), nil)
		if err != nil {
			return err
		}
		p, err := f.Get(op, m.PhaseParity())
		if err != nil {
			return err
		}
		// The phase of parity p has completed when the current phase's
		// parity differs from p.
		for b.phase&1 == int64(p.Uint()&1) {
			if err := t.Spin(f, op); err != nil {
				return err
			}
		}
		t.Progress()
		return nil
	})
	reg.Register("nvgpu.mbarrier.test.wait", func(f *interp.Frame, op *ir.Operation) error {
		m, _ := dnvgpu.AsMbarrierTestWaitOp(op)
		_, _, b, _, err := barrierOf(f, op, m.Barriers(), m.MbarId(), nil)
		if err != nil {
			return err
		}
		tok, err := f.Get(op, m.Token())
		if err != nil {
			return err
		}
		f.SetResult(op, 0, interp.MakeBool(op.Result(0).Type(), b.phase > int64(tok.Uint())))
		return nil
	})
}

// barrierOf returns the running thread, the group and the barrier that
// op addresses, and whether its predicate (when it has one) holds. An
// index out of the group or a barrier used before its initialization is
// an error.
func barrierOf(f *interp.Frame, op *ir.Operation, group, id, pred ir.Value) (*simt.Thread, *mbarrierGroup, *mbarrier, bool, error) {
	t, err := simt.Of(f, op)
	if err != nil {
		return nil, nil, nil, false, err
	}
	gv, err := f.Get(op, group)
	if err != nil {
		return nil, nil, nil, false, err
	}
	g, ok := gv.Object().(*mbarrierGroup)
	if !ok {
		return nil, nil, nil, false, interp.Errorf(op, "expected an mbarrier group")
	}
	iv, err := f.Get(op, id)
	if err != nil {
		return nil, nil, nil, false, err
	}
	i := iv.Int()
	if i < 0 || i >= int64(len(g.bars)) {
		return nil, nil, nil, false, interp.Errorf(op, fmt.Sprintf("mbarrier index %d out of the group of %d", i, len(g.bars)))
	}
	if pred != nil {
		pv, err := f.Get(op, pred)
		if err != nil {
			return nil, nil, nil, false, err
		}
		if !pv.Bool() {
			return t, g, g.bars[i], false, nil
		}
	}
	b := g.bars[i]
	if !b.initialized && op.Name() != dnvgpu.MbarrierInitOpName {
		return nil, nil, nil, false, interp.Errorf(op, fmt.Sprintf("mbarrier %d is used before nvgpu.mbarrier.init", i))
	}
	return t, g, b, true, nil
}

// arriveCluster counts one arrival on the barrier of the group's instance
// in the block of the given rank of the cluster (the executing block's
// own at its rank), where the predicate, when given, holds. A rank beyond
// the cluster, or a block that has not made or initialized its barriers
// yet, is an error.
func arriveCluster(f *interp.Frame, op *ir.Operation) error {
	m, _ := dnvgpu.AsMbarrierArriveClusterOp(op)
	t, g, b, on, err := barrierOf(f, op, m.Barriers(), m.MbarId(), m.Predicate())
	if err != nil || !on {
		return err
	}
	rv, err := f.Get(op, m.CtaId())
	if err != nil {
		return err
	}
	peer := t.Block.Peer(rv.Int())
	if peer == nil {
		return interp.Errorf(op, fmt.Sprintf("rank %d is not a block of the cluster of %d", rv.Int(), max(1, len(t.Block.Cluster))))
	}
	if peer != t.Block {
		i := index(g, b)
		v, ok := peer.Lookup(g.key)
		pg, _ := v.(*mbarrierGroup)
		if !ok || pg == nil {
			return interp.Errorf(op, fmt.Sprintf("block %v of the cluster has not made its mbarriers yet", peer.ID))
		}
		if g, b = pg, pg.bars[i]; !b.initialized {
			return interp.Errorf(op, fmt.Sprintf("mbarrier %d of block %v of the cluster is used before nvgpu.mbarrier.init", i, peer.ID))
		}
	}
	g.arrive(t, b, 1, 0, true)
	return nil
}

// index is the position of b in g.
func index(g *mbarrierGroup, b *mbarrier) int {
	for i, x := range g.bars {
		if x == b {
			return i
		}
	}
	return -1
}
