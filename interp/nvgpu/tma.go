package nvgpu

import (
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dnvgpu "github.com/strata-ir/strata/dialects/nvgpu"
)

// tensorMap is the value of !nvgpu.tensormap.descriptor (a CUtensorMap):
// a global tensor, the box a copy moves (sizes in the memref's order), the
// swizzle of the box in shared memory and the fill of elements out of the
// tensor.
type tensorMap struct {
	mem *interp.MemRef
	// raw is the global tensor of a tensor map that the runtime made
	// (mgpuTensorMapEncodeTiledMemref) over memory of the llvm level;
	// mem is nil then.
	raw     *RawTensor
	box     []int64
	swizzle dnvgpu.TensorMapSwizzleKind
	nanFill bool
}

// RawTensor is the global tensor of a tensor map over memory that the
// interpreter addresses by bytes (a memref descriptor's data pointer at
// the llvm level).
type RawTensor struct {
	// Elem is the element type (CUtensorMapDataType's).
	Elem ir.Type
	// Sizes and Strides (in elements) are outermost first.
	Sizes, Strides []int64
	// Load reads the n bytes at byte offset off of the tensor's start
	// as the low bits of the result; Store writes them.
	Load  func(op *ir.Operation, off, n int64) (uint64, error)
	Store func(op *ir.Operation, off int64, bits uint64, n int64) error
}

// NewRawTensorMap returns the tensor map of a tiled box over t (box
// sizes outermost first), as cuTensorMapEncodeTiled makes it, with the
// driver's limits checked as nvgpu.tma.create.descriptor checks them.
// Its value is the object of a pointer that the nvvm level's tensor
// copies read (BoxCopy).
func NewRawTensorMap(t RawTensor, box []int64, swizzle dnvgpu.TensorMapSwizzleKind, nanFill bool) (any, error) {
	if len(box) != len(t.Sizes) || len(t.Strides) != len(t.Sizes) {
		return nil, fmt.Errorf("a tensor map of rank %d over a tensor of rank %d", len(box), len(t.Sizes))
	}
	if err := checkBox(box, int64(elemBytes(t.Elem)), swizzle); err != nil {
		return nil, err
	}
	return &tensorMap{raw: &t, box: box, swizzle: swizzle, nanFill: nanFill}, nil
}

// checkBox checks the driver's limits on a box: rank 1 to 5, sizes up
// to 256, an inner row a multiple of 16 bytes and, with a swizzle, at
// most the swizzle's span.
func checkBox(box []int64, es int64, swizzle dnvgpu.TensorMapSwizzleKind) error {
	if r := len(box); r < 1 || r > 5 {
		return fmt.Errorf("a tensor map of rank %d", r)
	}
	for _, b := range box {
		if b <= 0 || b > 256 {
			return fmt.Errorf("box size %d is not in [1, 256]", b)
		}
	}
	inner := box[len(box)-1] * es
	if inner%16 != 0 {
		return fmt.Errorf("the inner box dimension is %d bytes, not a multiple of 16", inner)
	}
	if span := swizzleSpan(swizzle); span != 0 && inner > span {
		return fmt.Errorf("the inner box dimension is %d bytes, more than the %d of its swizzle", inner, span)
	}
	return nil
}

// elem returns the type of the tensor's elements.
func (tm *tensorMap) elem() ir.Type {
	if tm.raw != nil {
		return tm.raw.Elem
	}
	return tm.mem.Buf.Elem
}

// sizes returns the tensor's sizes, outermost first.
func (tm *tensorMap) sizes() []int64 {
	if tm.raw != nil {
		return tm.raw.Sizes
	}
	return tm.mem.Sizes
}

// get reads the bits of the element at g of the tensor.
func (tm *tensorMap) get(op *ir.Operation, g []int64) (uint64, error) {
	if tm.raw != nil {
		es := int64(elemBytes(tm.raw.Elem))
		return tm.raw.Load(op, tm.rawOffset(g)*es, es)
	}
	p, err := tm.mem.Index(g)
	if err != nil {
		return 0, interp.Errorf(op, err.Error())
	}
	return tm.mem.Buf.Data[p], nil
}

// set writes the bits of the element at g of the tensor.
func (tm *tensorMap) set(op *ir.Operation, g []int64, v uint64) error {
	if tm.raw != nil {
		es := int64(elemBytes(tm.raw.Elem))
		return tm.raw.Store(op, tm.rawOffset(g)*es, v, es)
	}
	p, err := tm.mem.Index(g)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	tm.mem.Buf.Data[p] = v
	return nil
}

func (tm *tensorMap) rawOffset(g []int64) int64 {
	off := int64(0)
	for d, x := range g {
		off += x * tm.raw.Strides[d]
	}
	return off
}

// swizzleSpan returns the bytes of a swizzled row: 32, 64 or 128 (0
// without swizzle).
func swizzleSpan(s dnvgpu.TensorMapSwizzleKind) int64 {
	switch s {
	case dnvgpu.TensorMapSwizzleKindSwizzle32b:
		return 32
	case dnvgpu.TensorMapSwizzleKindSwizzle64b:
		return 64
	case dnvgpu.TensorMapSwizzleKindSwizzle128b:
		return 128
	}
	return 0
}

// swizzle returns the shared-memory byte address where a box places the
// byte at address a: the 16-byte chunk index (bits 4 and up) is XORed
// with the row index modulo span/16 (bits 7 and up), as CUTLASS's
// Swizzle<3,4,3> (128B), <2,4,3> (64B) and <1,4,3> (32B).
func swizzle(a, span int64) int64 { return Swizzle(a, span) }

// Swizzle is the swizzle of span bytes (32, 64 or 128; 0 for none) of
// shared memory, as TMA writes and wgmma reads it: the 16-byte chunk
// index of address a (bits 4 and up) XORed with its row modulo span/16
// (bits 7 and up).
func Swizzle(a, span int64) int64 {
	if span == 0 {
		return a
	}
	mask := span/16 - 1
	return a ^ ((a >> 7 & mask) << 4)
}

func registerTMA(reg *interp.Registry) {
	reg.Register("nvgpu.tma.create.descriptor", createDescriptor)
	reg.Register("nvgpu.tma.async.load", tmaLoad)
	reg.Register("nvgpu.tma.async.store", tmaStore)
	noop := func(*interp.Frame, *ir.Operation) error { return nil }
	reg.Register("nvgpu.tma.fence.descriptor", noop)
	reg.Register("nvgpu.tma.prefetch.descriptor", noop)
	reg.Register("nvgpu.fence.proxy.async", noop)
}

// createDescriptor makes a tensor map on the host (cuTensorMapEncodeTiled),
// checking the driver's limits: rank 1 to 5, box sizes up to 256, an
// inner box row a multiple of 16 bytes and, with a swizzle, at most the
// swizzle's span.
func createDescriptor(f *interp.Frame, op *ir.Operation) error {
	c, _ := dnvgpu.AsTmaCreateDescriptorOp(op)
	tv, err := f.Get(op, c.Tensor())
	if err != nil {
		return err
	}
	m := tv.MemRef()
	if m == nil {
		return interp.Errorf(op, "expected a memref")
	}
	box, err := f.Ints(op, c.BoxDimensions())
	if err != nil {
		return err
	}
	tt, ok := dnvgpu.AsTensormapDescriptorType(op.Result(0).Type())
	if !ok {
		return interp.Errorf(op, "expected a tensor map result")
	}
	if r := len(box); r != m.Rank() {
		return interp.Errorf(op, fmt.Sprintf("a tensor map of rank %d over a memref of rank %d", r, m.Rank()))
	}
	if err := checkBox(box, int64(elemBytes(m.Buf.Elem)), tt.Swizzle()); err != nil {
		return interp.Errorf(op, err.Error())
	}
	tm := &tensorMap{mem: m, box: box, swizzle: tt.Swizzle(), nanFill: tt.Oob() == dnvgpu.TensorMapOOBKindNan}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, tm))
	return nil
}

// boxCopy checks a TMA copy between the box at coords (innermost first)
// of tm and the shared memref s, and calls fn with the index in the
// global tensor (nil out of it) and the position in s's buffer of every
// element of the box.
func boxCopy(op *ir.Operation, tm *tensorMap, coords []int64, s *interp.MemRef, fn func(global []int64, pos int64) error) error {
	r := len(tm.box)
	if len(coords) != r {
		return interp.Errorf(op, fmt.Sprintf("%d coordinates for a tensor map of rank %d", len(coords), r))
	}
	n := interp.NumElements(tm.box)
	if s.NumElements() != n || !s.IsContiguous() {
		return interp.Errorf(op, fmt.Sprintf("the shared memref (%v) is not the contiguous box %v of the tensor map", s.Sizes, tm.box))
	}
	if !simt.IsShared(s.Buf) {
		return interp.Errorf(op, "the TMA copy's memref is not in shared memory")
	}
	es := int64(elemBytes(s.Buf.Elem))
	span := swizzleSpan(tm.swizzle)
	align := int64(128)
	if span != 0 {
		align = 8 * span
	}
	base := s.Offset * es
	if base%align != 0 {
		return interp.Errorf(op, fmt.Sprintf("the shared memory of the box starts at byte %d, not aligned to %d bytes", base, align))
	}
	if err := s.Check(); err != nil {
		return interp.Errorf(op, err.Error())
	}
	idx := make([]int64, r)
	g := make([]int64, r)
	for lin := int64(0); lin < n; lin++ {
		in := true
		for d := 0; d < r; d++ {
			g[d] = coords[r-1-d] + idx[d]
			if g[d] < 0 || g[d] >= tm.mem.Sizes[d] {
				in = false
			}
		}
		pos := s.Offset + (swizzle(base+lin*es, span)-base)/es
		var gi []int64
		if in {
			gi = g
		}
		if err := fn(gi, pos); err != nil {
			return err
		}
		for d := r - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < tm.box[d] {
				break
			}
			idx[d] = 0
		}
	}
	return nil
}

// tmaLoad copies a box of the global tensor into shared memory
// (swizzled as the tensor map says; elements out of the tensor are zero,
// or NaN) and completes as many transaction bytes on the mbarrier. The
// copy is the asynchronous proxy's: it is not any thread's access. With
// a multicast mask, the box lands in the shared memory of every block of
// the cluster whose rank's bit is set, at the same place as in the
// issuing block's, and completes its bytes on that block's instance of
// the mbarrier; the issuing block receives it only when its own bit is
// set.
func tmaLoad(f *interp.Frame, op *ir.Operation) error {
	l, _ := dnvgpu.AsTmaAsyncLoadOp(op)
	t, g, b, ok, err := barrierOf(f, op, l.Barriers(), l.MbarId(), l.Predicate())
	if err != nil || !ok {
		return err
	}
	tm, coords, dst, err := tmaOperands(f, op, l.TensorMapDescriptor(), l.Coordinates(), l.Dst())
	if err != nil {
		return err
	}
	type target struct {
		dst *interp.MemRef
		g   *mbarrierGroup
		b   *mbarrier
	}
	targets := []target{{dst, g, b}}
	if mm := l.MulticastMask(); mm != nil {
		mv, err := f.Get(op, mm)
		if err != nil {
			return err
		}
		if targets, err = multicastTargets(op, t, g, b, dst, uint16(mv.Uint()), func(d *interp.MemRef, pg *mbarrierGroup, pb *mbarrier) target {
			return target{d, pg, pb}
		}); err != nil {
			return err
		}
	}
	fill := uint64(0)
	if ft, ok := dst.Buf.Elem.(*ir.FloatType); ok && tm.nanFill {
		fill = interp.MakeFloat(ft, math.NaN()).Bits()
	}
	bytes := dst.NumElements() * int64(elemBytes(dst.Buf.Elem))
	for _, tg := range targets {
		err = boxCopy(op, tm, coords, tg.dst, func(gi []int64, pos int64) error {
			v := fill
			if gi != nil {
				p, err := tm.mem.Index(gi)
				if err != nil {
					return interp.Errorf(op, err.Error())
				}
				v = tm.mem.Buf.Data[p]
			}
			tg.dst.Buf.Data[pos] = v
			simt.ForgetAccesses(tg.dst.Buf, pos, 1)
			return nil
		})
		if err != nil {
			return err
		}
		tg.g.arrive(t, tg.b, 0, -bytes, true)
	}
	return nil
}

// multicastTargets returns, for each block of the cluster whose rank's
// bit is set in mask, the counterpart there of the shared memref dst and
// of the mbarrier b of group g, made into a T by mk. A mask with a bit
// beyond the cluster, an empty mask, or a destination block that has not
// yet made or initialized its mbarrier is an error.
func multicastTargets[T any](op *ir.Operation, t *simt.Thread, g *mbarrierGroup, b *mbarrier, dst *interp.MemRef, mask uint16,
	mk func(*interp.MemRef, *mbarrierGroup, *mbarrier) T) ([]T, error) {
	cluster := t.Block.Cluster
	if len(cluster) == 0 {
		cluster = []*simt.Block{t.Block}
	}
	if mask == 0 {
		return nil, interp.Errorf(op, "the multicast mask is empty")
	}
	if int(mask)>>len(cluster) != 0 {
		return nil, interp.Errorf(op, fmt.Sprintf("the multicast mask 0x%x names blocks beyond the cluster of %d", mask, len(cluster)))
	}
	idx := -1
	for i, bb := range g.bars {
		if bb == b {
			idx = i
		}
	}
	var out []T
	for _, peer := range cluster {
		if mask>>peer.Rank()&1 == 0 {
			continue
		}
		pg := g
		if peer != t.Block {
			v, ok := peer.Lookup(g.key)
			if pg, _ = v.(*mbarrierGroup); !ok || pg == nil {
				return nil, interp.Errorf(op, fmt.Sprintf("multicast: block %v of the cluster has not made its mbarriers yet", peer.ID))
			}
		}
		pb := pg.bars[idx]
		if !pb.initialized {
			return nil, interp.Errorf(op, fmt.Sprintf("multicast: the mbarrier %d of block %v of the cluster is not initialized", idx, peer.ID))
		}
		buf, err := t.Block.Counterpart(dst.Buf, peer)
		if err != nil {
			return nil, interp.Errorf(op, "multicast: "+err.Error())
		}
		d := *dst
		d.Buf = buf
		out = append(out, mk(&d, pg, pb))
	}
	return out, nil
}

// tmaStore copies a box of shared memory to the global tensor; elements
// out of the tensor are not written. The copy takes place at once, but
// its source counts as read until the issuing thread waits for the
// copy's bulk async-group (nvvm.cp.async.bulk.wait_group): a write to it
// before is a data race.
func tmaStore(f *interp.Frame, op *ir.Operation) error {
	s, _ := dnvgpu.AsTmaAsyncStoreOp(op)
	if p := s.Predicate(); p != nil {
		pv, err := f.Get(op, p)
		if err != nil {
			return err
		}
		if !pv.Bool() {
			return nil
		}
	}
	tm, coords, src, err := tmaOperands(f, op, s.TensorMapDescriptor(), s.Coordinates(), s.Src())
	if err != nil {
		return err
	}
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	return boxCopy(op, tm, coords, src, func(gi []int64, pos int64) error {
		if gi == nil {
			return nil
		}
		// The copy reads its source until the thread waits for its
		// bulk async-group.
		t.BulkRead(op, src.Buf, pos, 1)
		p, err := tm.mem.Index(gi)
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		if err := src.Buf.Access(op, pos, 1, false); err != nil {
			return err
		}
		tm.mem.Buf.Data[p] = src.Buf.Data[pos]
		return nil
	})
}

// tmaOperands reads a TMA copy's tensor map, coordinates and shared
// memref.
func tmaOperands(f *interp.Frame, op *ir.Operation, desc ir.Value, coords []ir.Value, mem ir.Value) (*tensorMap, []int64, *interp.MemRef, error) {
	dv, err := f.Get(op, desc)
	if err != nil {
		return nil, nil, nil, err
	}
	tm, ok := dv.Object().(*tensorMap)
	if !ok || tm.mem == nil {
		return nil, nil, nil, interp.Errorf(op, "expected a tensor map made by nvgpu.tma.create.descriptor")
	}
	cs, err := f.Ints(op, coords)
	if err != nil {
		return nil, nil, nil, err
	}
	mv, err := f.Get(op, mem)
	if err != nil {
		return nil, nil, nil, err
	}
	if mv.MemRef() == nil {
		return nil, nil, nil, interp.Errorf(op, "expected a memref")
	}
	if es := elemBytes(mv.MemRef().Buf.Elem); es != elemBytes(tm.mem.Buf.Elem) {
		return nil, nil, nil, interp.Errorf(op, "the shared memref's elements are not the tensor's")
	}
	return tm, cs, mv.MemRef(), nil
}

// BoxCopy moves the elements of a TMA copy for the interpreters of lower
// levels (nvvm's cp.async.bulk.tensor on llvm pointers): obj is a tensor
// map made by nvgpu.tma.create.descriptor, coords the box's coordinates
// (innermost first) and base the absolute address of the box in shared
// memory, aligned as its swizzle needs. A load (toShared) calls write
// with the swizzled address and the bits of each element of the box
// (the tensor map's fill out of the tensor); a store calls read and
// writes the elements inside the tensor. It returns the box's bytes.
func BoxCopy(op *ir.Operation, obj any, coords []int64, base int64, toShared bool,
	read func(addr, n int64) (uint64, error), write func(addr int64, bits uint64, n int64) error) (int64, error) {
	tm, ok := obj.(*tensorMap)
	if !ok {
		return 0, interp.Errorf(op, "expected a tensor map made by nvgpu.tma.create.descriptor")
	}
	r := len(tm.box)
	if len(coords) != r {
		return 0, interp.Errorf(op, fmt.Sprintf("%d coordinates for a tensor map of rank %d", len(coords), r))
	}
	es := int64(elemBytes(tm.elem()))
	span := swizzleSpan(tm.swizzle)
	align := int64(128)
	if span != 0 {
		align = 8 * span
	}
	if base%align != 0 {
		return 0, interp.Errorf(op, fmt.Sprintf("the shared memory of the box starts at address 0x%x, not aligned to %d bytes", base, align))
	}
	fill := uint64(0)
	if ft, ok := tm.elem().(*ir.FloatType); ok && tm.nanFill {
		fill = interp.MakeFloat(ft, math.NaN()).Bits()
	}
	n := interp.NumElements(tm.box)
	sizes := tm.sizes()
	idx := make([]int64, r)
	g := make([]int64, r)
	for lin := int64(0); lin < n; lin++ {
		in := true
		for d := 0; d < r; d++ {
			g[d] = coords[r-1-d] + idx[d]
			if g[d] < 0 || g[d] >= sizes[d] {
				in = false
			}
		}
		addr := swizzle(base+lin*es, span)
		switch {
		case toShared && in:
			v, err := tm.get(op, g)
			if err != nil {
				return 0, err
			}
			if err := write(addr, v, es); err != nil {
				return 0, err
			}
		case toShared:
			if err := write(addr, fill, es); err != nil {
				return 0, err
			}
		case in:
			v, err := read(addr, es)
			if err != nil {
				return 0, err
			}
			if err := tm.set(op, g, v); err != nil {
				return 0, err
			}
		}
		for d := r - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < tm.box[d] {
				break
			}
			idx[d] = 0
		}
	}
	return n * es, nil
}
