package nvvm

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
)

// The split barrier of a cluster: cluster.arrive counts the thread in the
// barrier's current phase, which completes when every thread of the
// cluster's blocks has arrived; cluster.wait waits for the phase of the
// thread's last arrival to complete (a wait that can never succeed is a
// located deadlock).

func registerCluster(reg *interp.Registry) {
	reg.Register("nvvm.cluster.arrive", clusterArrive)
	reg.Register("nvvm.cluster.arrive.relaxed", clusterArrive)
	reg.Register("nvvm.cluster.wait", clusterWait)
}

// clusterBarrier is the state of a cluster's barrier: the arrivals of its
// current phase and the number of completed phases.
type clusterBarrier struct{ arrived, phases int64 }

type clusterKey struct{}

// arrival is the phase of a thread's last arrival (-1 for none).
type arrival struct{ phase int64 }

type arrivalKey struct{}

func clusterOf(t *simt.Thread) *clusterBarrier {
	head := t.Block
	if len(t.Block.Cluster) > 0 {
		head = t.Block.Cluster[0]
	}
	return head.Data(clusterKey{}, func() any { return &clusterBarrier{} }).(*clusterBarrier)
}

func arrivalOf(t *simt.Thread) *arrival {
	return t.Data(arrivalKey{}, func() any { return &arrival{phase: -1} }).(*arrival)
}

func clusterArrive(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	b := clusterOf(t)
	arrivalOf(t).phase = b.phases
	b.arrived++
	if b.arrived == t.Block.Launch.Cluster.Size()*t.Block.Launch.Block.Size() {
		b.arrived = 0
		b.phases++
		t.Block.AdvanceEpoch()
	}
	t.Progress()
	return nil
}

func clusterWait(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	a := arrivalOf(t)
	if a.phase < 0 {
		return interp.Errorf(op, "nvvm.cluster.wait without a prior nvvm.cluster.arrive of the thread")
	}
	b := clusterOf(t)
	for b.phases <= a.phase {
		if err := t.Spin(f, op); err != nil {
			return err
		}
	}
	return nil
}
