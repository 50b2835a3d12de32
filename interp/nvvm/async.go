package nvvm

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dnvvm "github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/interp/llvm"
)

// Ampere's asynchronous copies: cp.async.shared.global queues a copy of
// its thread, cp.async.commit.group closes the thread's pending copies
// into a group, and cp.async.wait.group n completes all but the n most
// recent groups. A copy takes place when its group completes, so reading
// the destination before the wait sees the old contents, as it may on
// the hardware; a source size smaller than the copy zero-fills the rest.

func registerAsync(reg *interp.Registry) {
	reg.Register("nvvm.cp.async.shared.global", cpAsync)
	reg.Register("nvvm.cp.async.commit.group", cpAsyncCommit)
	reg.Register("nvvm.cp.async.wait.group", cpAsyncWait)
}

// asyncCopy is one queued copy.
type asyncCopy struct {
	op       *ir.Operation
	dst, src interp.Value
	size     int64
	srcSize  int64
}

// asyncState is a thread's pending copies and committed groups.
type asyncState struct {
	pending []asyncCopy
	groups  [][]asyncCopy
}

type asyncKey struct{}

func asyncOf(t *simt.Thread) *asyncState {
	return t.Data(asyncKey{}, func() any { return &asyncState{} }).(*asyncState)
}

func cpAsync(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	c := dnvvm.CpAsyncSharedGlobalOp{Operation: op}
	dst, err := f.Get(op, c.Dst())
	if err != nil {
		return err
	}
	src, err := f.Get(op, c.Src())
	if err != nil {
		return err
	}
	size := int64(c.Size())
	srcSize := size
	if v := c.CpSize(); v != nil {
		n, err := f.Get(op, v)
		if err != nil {
			return err
		}
		srcSize = n.Int()
		if srcSize < 0 || srcSize > size {
			return interp.Errorf(op, fmt.Sprintf("the source size %d is not within the copy's %d bytes", srcSize, size))
		}
	}
	s := asyncOf(t)
	s.pending = append(s.pending, asyncCopy{op: op, dst: dst, src: src, size: size, srcSize: srcSize})
	return nil
}

func cpAsyncCommit(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	s := asyncOf(t)
	s.groups = append(s.groups, s.pending)
	s.pending = nil
	return nil
}

func cpAsyncWait(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	w := dnvvm.CpAsyncWaitGroupOp{Operation: op}
	keep := int(w.N())
	s := asyncOf(t)
	for len(s.groups) > keep {
		for _, c := range s.groups[0] {
			data := make([]byte, c.size)
			if c.srcSize > 0 {
				b, err := llvm.LoadBytes(c.op, c.src, c.srcSize)
				if err != nil {
					return err
				}
				copy(data, b)
			}
			if err := llvm.StoreBytes(c.op, c.dst, data); err != nil {
				return err
			}
		}
		s.groups = s.groups[1:]
	}
	return nil
}
