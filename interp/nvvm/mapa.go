package nvvm

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/interp/llvm"
)

// The distributed shared memory of a cluster: nvvm.mapa maps an address
// of the block's shared memory to the same place of the shared memory of
// the block of the given rank in the cluster. Loads, stores and mbarrier
// operations through the result act on that block's memory and barriers.

func registerMapa(reg *interp.Registry) {
	reg.Register("nvvm.mapa", func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		p, err := f.Operand(op, 0)
		if err != nil {
			return err
		}
		r, err := f.Operand(op, 1)
		if err != nil {
			return err
		}
		q, err := mapShared(f, op, t, p, int64(int32(r.Bits())))
		if err != nil {
			return err
		}
		f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), q.Bits(), q.Object()))
		return nil
	})
}

// mapShared returns the pointer to the place of p (in the shared memory
// of a block of t's cluster) in the shared memory of the block of rank r
// of the cluster, of p's type.
func mapShared(f *interp.Frame, op *ir.Operation, t *simt.Thread, p interp.Value, r int64) (interp.Value, error) {
	peer := t.Block.Peer(r)
	if peer == nil {
		return interp.Value{}, interp.Errorf(op, fmt.Sprintf("rank %d is not a block of the cluster of %d", r, max(1, len(t.Block.Cluster))))
	}
	blocks := t.Block.Cluster
	if len(blocks) == 0 {
		blocks = []*simt.Block{t.Block}
	}
	owner := llvm.SharedOwner(f.Interpreter(), p, blocks)
	if owner == nil {
		return interp.Value{}, interp.Errorf(op, fmt.Sprintf("address 0x%x is not in the shared memory of a block of the cluster", p.Bits()))
	}
	return llvm.MapShared(f.Interpreter(), op, p, owner, peer)
}
