package nvgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dnvgpu "github.com/strata-ir/strata/dialects/nvgpu"
)

// asyncCopy is one queued cp.async: n elements from src at si to dst at
// di along their last dimensions, of which the first srcN come from src
// and the rest are zero.
type asyncCopy struct {
	op       *ir.Operation
	dst, src *interp.MemRef
	di, si   []int64
	n, srcN  int64
}

// asyncState is a thread's cp.async queue: the copies issued since the
// last commit, and the committed groups, oldest first.
type asyncState struct {
	open   []asyncCopy
	groups [][]asyncCopy
}

type asyncKey struct{}

func state(t *simt.Thread) *asyncState {
	return t.Data(asyncKey{}, func() any { return &asyncState{} }).(*asyncState)
}

func token(op *ir.Operation) interp.Value { return interp.MakeObject(op.Result(0).Type(), 0, nil) }

func asyncCopyOp(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	c, _ := dnvgpu.AsDeviceAsyncCopyOp(op)
	dv, err := f.Get(op, c.Dst())
	if err != nil {
		return err
	}
	sv, err := f.Get(op, c.Src())
	if err != nil {
		return err
	}
	if dv.MemRef() == nil || sv.MemRef() == nil {
		return interp.Errorf(op, "expected memrefs")
	}
	di, err := f.Ints(op, c.DstIndices())
	if err != nil {
		return err
	}
	si, err := f.Ints(op, c.SrcIndices())
	if err != nil {
		return err
	}
	n := c.DstElements()
	srcN := n
	if se := c.SrcElements(); se != nil {
		v, err := f.Get(op, se)
		if err != nil {
			return err
		}
		srcN = v.Int()
		if srcN < 0 || srcN > n {
			return interp.Errorf(op, fmt.Sprintf("srcElements %d is not in [0, %d]", srcN, n))
		}
	}
	if bytes := n * int64(elemBytes(dv.MemRef().Buf.Elem)); bytes != 4 && bytes != 8 && bytes != 16 {
		return interp.Errorf(op, fmt.Sprintf("cp.async copies 4, 8 or 16 bytes, not %d", bytes))
	}
	st := state(t)
	st.open = append(st.open, asyncCopy{op, dv.MemRef(), sv.MemRef(), di, si, n, srcN})
	f.SetResult(op, 0, token(op))
	return nil
}

// createGroup commits the copies issued since the last commit as a group
// (cp.async.commit_group).
func createGroup(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	st := state(t)
	st.groups = append(st.groups, st.open)
	st.open = nil
	f.SetResult(op, 0, token(op))
	return nil
}

// asyncWait completes the thread's committed groups but the numGroups
// most recent ones (cp.async.wait_group N; all of them without
// numGroups).
func asyncWait(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	w, _ := dnvgpu.AsDeviceAsyncWaitOp(op)
	keep := 0
	if n, ok := w.NumGroups(); ok {
		keep = int(n)
	}
	st := state(t)
	for len(st.groups) > keep {
		for _, c := range st.groups[0] {
			if err := c.run(); err != nil {
				return err
			}
		}
		st.groups = st.groups[1:]
	}
	return nil
}

// run performs the copy, located at the operation that issued it.
func (c asyncCopy) run() error {
	di := append([]int64(nil), c.di...)
	si := append([]int64(nil), c.si...)
	if len(di) == 0 || len(si) == 0 {
		return interp.Errorf(c.op, "expected indices")
	}
	for k := int64(0); k < c.n; k++ {
		var v uint64
		if k < c.srcN {
			p, err := c.src.Index(si)
			if err != nil {
				return interp.Errorf(c.op, err.Error())
			}
			if err := c.src.Buf.Access(c.op, p, 1, false); err != nil {
				return err
			}
			v = c.src.Buf.Data[p]
			si[len(si)-1]++
		}
		p, err := c.dst.Index(di)
		if err != nil {
			return interp.Errorf(c.op, err.Error())
		}
		if err := c.dst.Buf.Access(c.op, p, 1, true); err != nil {
			return err
		}
		c.dst.Buf.Data[p] = v
		di[len(di)-1]++
	}
	return nil
}
