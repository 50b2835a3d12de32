package nvvm

import (
	"encoding/binary"
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dnvvm "github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/interp/llvm"
	"github.com/strata-ir/strata/interp/nvgpu"
)

// Hopper's tensor copies (TMA) on llvm pointers, in tile mode: the tensor
// map is the host's (made by nvgpu.tma.create.descriptor and passed to the
// kernel as a pointer), a load writes the swizzled box into shared memory
// and completes its bytes on the mbarrier, a store writes the box back to
// the tensor. The copies take place when they are issued. The source of
// an nvgpu.tma.async.store counts as read until the issuing thread waits
// for its bulk async-group (see simt.Thread.BulkRead); the stores of this
// file, on llvm pointers, are not tracked so.

func registerTMA(reg *interp.Registry) {
	reg.Register("nvvm.cp.async.bulk.tensor.shared.cluster.global", tmaLoad)
	reg.Register("nvvm.cp.async.bulk.tensor.global.shared.cta", tmaStore)
	reg.Register("nvvm.cp.async.bulk.commit.group", bulkCommit)
	reg.Register("nvvm.cp.async.bulk.wait_group", bulkWait)
}

// bulkCommit commits the thread's bulk copies into a bulk async-group.
func bulkCommit(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	t.BulkCommit()
	return nil
}

// bulkWait waits for the thread's bulk async-groups but the most recent
// group ones: their copies (which took place when they were issued) no
// longer read shared memory.
func bulkWait(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	t.BulkWait(int64(dnvvm.CpAsyncBulkWaitGroupOp{Operation: op}.Group()))
	return nil
}

// coordinates reads the i32 coordinates of a tensor copy.
func coordinates(f *interp.Frame, op *ir.Operation, vs []ir.Value) ([]int64, error) {
	out := make([]int64, len(vs))
	for i, v := range vs {
		x, err := f.Get(op, v)
		if err != nil {
			return nil, err
		}
		out[i] = int64(int32(x.Bits()))
	}
	return out, nil
}

// tmaLoad copies the box into shared memory and completes its bytes on
// the mbarrier. With a multicast mask, the box lands at the same place
// of the shared memory of every block of the cluster whose rank's bit is
// set, completing its bytes on that block's mbarrier at the same place.
func tmaLoad(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	l := dnvvm.CpAsyncBulkTensorSharedClusterGlobalOp{Operation: op}
	if ok, err := holds(f, op, l.Predicate()); err != nil || !ok {
		return err
	}
	if l.Mode().String() != "tile" || len(l.Im2colOffsets()) > 0 {
		return interp.Errorf(op, "the interpreter runs tensor copies in tile mode only")
	}
	dst, err := f.Get(op, l.DstMem())
	if err != nil {
		return err
	}
	tmap, err := f.Get(op, l.TmaDescriptor())
	if err != nil {
		return err
	}
	mbar, err := f.Get(op, l.Mbar())
	if err != nil {
		return err
	}
	coords, err := coordinates(f, op, l.Coordinates())
	if err != nil {
		return err
	}
	type target struct{ dst, mbar interp.Value }
	targets := []target{{dst, mbar}}
	if mm := l.MulticastMask(); mm != nil {
		mv, err := f.Get(op, mm)
		if err != nil {
			return err
		}
		mask := uint16(mv.Bits())
		n := int64(len(t.Block.Cluster))
		if n == 0 {
			n = 1
		}
		if mask == 0 {
			return interp.Errorf(op, "the multicast mask is empty")
		}
		if int64(mask)>>n != 0 {
			return interp.Errorf(op, fmt.Sprintf("the multicast mask 0x%x names blocks beyond the cluster of %d", mask, n))
		}
		targets = nil
		for r := range n {
			if mask>>r&1 == 0 {
				continue
			}
			d, err := mapShared(f, op, t, dst, r)
			if err != nil {
				return err
			}
			m, err := mapShared(f, op, t, mbar, r)
			if err != nil {
				return err
			}
			targets = append(targets, target{d, m})
		}
	}
	for _, tg := range targets {
		base := int64(tg.dst.Bits())
		n, err := nvgpu.BoxCopy(op, tmap.Object(), coords, base, true, nil, func(addr int64, bits uint64, n int64) error {
			b := make([]byte, 8)
			binary.LittleEndian.PutUint64(b, bits)
			return llvm.StoreBytes(op, llvm.Offset(tg.dst, addr-base), b[:n])
		})
		if err != nil {
			return err
		}
		b, err := barrierOf(f, op, t.Block, tg.mbar)
		if err != nil {
			return err
		}
		if err := initialized(op, b); err != nil {
			return err
		}
		arrive(t, b, 0, -n, true)
	}
	return nil
}

func tmaStore(f *interp.Frame, op *ir.Operation) error {
	s := dnvvm.CpAsyncBulkTensorGlobalSharedCtaOp{Operation: op}
	if ok, err := holds(f, op, s.Predicate()); err != nil || !ok {
		return err
	}
	if s.Mode().String() != "tile" {
		return interp.Errorf(op, "the interpreter runs tensor copies in tile mode only")
	}
	src, err := f.Get(op, s.SrcMem())
	if err != nil {
		return err
	}
	tmap, err := f.Get(op, s.TmaDescriptor())
	if err != nil {
		return err
	}
	coords, err := coordinates(f, op, s.Coordinates())
	if err != nil {
		return err
	}
	base := int64(src.Bits())
	_, err = nvgpu.BoxCopy(op, tmap.Object(), coords, base, false, func(addr, n int64) (uint64, error) {
		b, err := llvm.LoadBytes(op, llvm.Offset(src, addr-base), n)
		if err != nil {
			return 0, err
		}
		full := make([]byte, 8)
		copy(full, b)
		return binary.LittleEndian.Uint64(full), nil
	}, nil)
	return err
}
