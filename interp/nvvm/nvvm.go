// Package nvvm gives the nvvm dialect's thread-level operations their
// semantics in the interpreter, on the SIMT model of core/interp/simt:
// the special registers (%tid, %ctaid, %laneid, cluster ids, lane masks,
// ...), the CTA barriers (with their and/or/popc reductions), and the
// warp collectives with PTX's member masks: shfl.sync (its four modes with
// the clamp and segment mask of its c operand), vote.sync, redux.sync,
// elect.sync and bar.warp.sync; the matrix instructions ldmatrix and
// mma.sync on shared memory addressed by llvm pointers and register
// fragments, with the PTX ISA's fragment layouts (matrix.go, shared with
// the nvgpu level); cp.async with its commit and wait groups (async.go);
// the mbarriers of shared memory with their phases, arrivals and
// transaction bytes (mbarrier.go); wgmma on shared memory matrix
// descriptors with their swizzles (wgmma.go); the TMA tensor copies with
// the host's tensor maps (tma.go); and the cluster's split barrier
// (cluster.go). Programs whose kernels were lowered from nvgpu to nvvm thus
// run and must print what they print before the lowering.
package nvvm

import (
	"fmt"
	"math"
	"math/bits"
	"sync"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
	dnvvm "github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/interp/arith"
	"github.com/strata-ir/strata/interp/llvm"
	"github.com/strata-ir/strata/interp/nvgpu"
)

// sreg reads a special register of the running thread.
type sreg func(t *simt.Thread) int64

func xyz(get func(t *simt.Thread) simt.Dim3) [3]sreg {
	return [3]sreg{
		func(t *simt.Thread) int64 { return get(t).X },
		func(t *simt.Thread) int64 { return get(t).Y },
		func(t *simt.Thread) int64 { return get(t).Z },
	}
}

// Register adds the semantics of the nvvm operations to reg.
func Register(reg *interp.Registry) {
	dims := map[string]func(t *simt.Thread) simt.Dim3{
		"tid":           func(t *simt.Thread) simt.Dim3 { return t.ID },
		"ntid":          func(t *simt.Thread) simt.Dim3 { return t.Block.Launch.Block },
		"ctaid":         func(t *simt.Thread) simt.Dim3 { return t.Block.ID },
		"nctaid":        func(t *simt.Thread) simt.Dim3 { return t.Block.Launch.Grid },
		"clusterid":     func(t *simt.Thread) simt.Dim3 { return t.Block.ClusterID },
		"cluster.ctaid": func(t *simt.Thread) simt.Dim3 { return t.Block.InCluster },
		"cluster.nctaid": func(t *simt.Thread) simt.Dim3 {
			return t.Block.Launch.Cluster
		},
		"nclusterid": func(t *simt.Thread) simt.Dim3 {
			l := t.Block.Launch
			return simt.Dim3{X: l.Grid.X / l.Cluster.X, Y: l.Grid.Y / l.Cluster.Y, Z: l.Grid.Z / l.Cluster.Z}
		},
	}
	for name, get := range dims {
		for i, r := range xyz(get) {
			reg.Register("nvvm.read.ptx.sreg."+name+"."+string(rune('x'+i)), readSreg(r))
		}
	}
	lane := func(t *simt.Thread) int64 { return int64(t.Lane()) }
	scalars := map[string]sreg{
		"laneid":   lane,
		"warpsize": func(*simt.Thread) int64 { return simt.WarpSize },
		"warpid":   func(t *simt.Thread) int64 { return int64(t.Warp()) },
		"nwarpid": func(t *simt.Thread) int64 {
			return (t.Block.Launch.Block.Size() + simt.WarpSize - 1) / simt.WarpSize
		},
		"cluster.ctarank": func(t *simt.Thread) int64 {
			c, i := t.Block.Launch.Cluster, t.Block.InCluster
			return (i.Z*c.Y+i.Y)*c.X + i.X
		},
		"cluster.nctarank":  func(t *simt.Thread) int64 { return t.Block.Launch.Cluster.Size() },
		"dynamic.smem.size": func(t *simt.Thread) int64 { return t.Block.Launch.DynamicShared },
		"lanemask.eq":       func(t *simt.Thread) int64 { return 1 << lane(t) },
		"lanemask.le":       func(t *simt.Thread) int64 { return 1<<(lane(t)+1) - 1 },
		"lanemask.lt":       func(t *simt.Thread) int64 { return 1<<lane(t) - 1 },
		"lanemask.ge":       func(t *simt.Thread) int64 { return 0xffffffff &^ (1<<lane(t) - 1) },
		"lanemask.gt":       func(t *simt.Thread) int64 { return 0xffffffff &^ (1<<(lane(t)+1) - 1) },
		"nsmid":             func(*simt.Thread) int64 { return 1 },
		"smid":              func(*simt.Thread) int64 { return 0 },
		"gridid":            func(*simt.Thread) int64 { return 0 },
		"total.smem.size":   func(t *simt.Thread) int64 { return t.Block.Launch.DynamicShared },
		"aggr.smem.size":    func(t *simt.Thread) int64 { return t.Block.Launch.DynamicShared },
	}
	for name, r := range scalars {
		reg.Register("nvvm.read.ptx.sreg."+name, readSreg(r))
	}
	reg.Register("nvvm.barrier0", func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		return t.Barrier(f, op, simt.BlockScope)
	})
	reg.Register("nvvm.barrier", barrier)
	reg.Register("nvvm.barrier.arrive", func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		id, n, err := barrierOperands(f, op, t)
		if err != nil {
			return err
		}
		return namedBarrier(f, op, t, id, n, false)
	})
	reg.Register("nvvm.shfl.sync", shfl)
	reg.Register("nvvm.vote.sync", vote)
	reg.Register("nvvm.redux.sync", redux)
	reg.Register("nvvm.elect.sync", elect)
	registerMatrix(reg)
	registerWmma(reg)
	reg.RegisterExternal("vprintf", vprintf)
	registerAsync(reg)
	registerMbarrier(reg)
	registerWgmma(reg)
	registerTMA(reg)
	registerCluster(reg)
	registerMapa(reg)
	// The interpreter's memory is sequentially consistent and has one
	// proxy: fences order nothing more, and hints change nothing.
	for _, name := range []string{"nvvm.fence.proxy", "nvvm.fence.mbarrier.init", "nvvm.fence.proxy.acquire",
		"nvvm.fence.proxy.release", "nvvm.fence.sc.cluster", "nvvm.prefetch", "nvvm.setmaxregister"} {
		reg.Register(name, func(*interp.Frame, *ir.Operation) error { return nil })
	}
	reg.Register("nvvm.bar.warp.sync", func(f *interp.Frame, op *ir.Operation) error {
		t, mask, err := warpOperand(f, op, 0)
		if err != nil {
			return err
		}
		_, err = t.WarpCollective(f, op, mask, nil, nil)
		return err
	})
}

func readSreg(r sreg) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(r(t))))
		return nil
	}
}

// warpOperand returns the running thread and op's operand i, a member
// mask.
func warpOperand(f *interp.Frame, op *ir.Operation, i int) (*simt.Thread, uint32, error) {
	t, err := simt.Of(f, op)
	if err != nil {
		return nil, 0, err
	}
	v, err := f.Operand(op, i)
	if err != nil {
		return nil, 0, err
	}
	return t, uint32(v.Uint()), nil
}

// barrier is bar.sync: with barrier 0 and every thread of the block, a
// block barrier (and its reduction of a predicate over the block); with
// another barrier or thread count, a named barrier (see namedBarrier).
func barrier(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	id, n, err := barrierOperands(f, op, t)
	if err != nil {
		return err
	}
	if id != 0 || n != t.Block.Launch.Block.Size() {
		if op.NumResults() != 0 {
			return interp.Errorf(op, "the interpreter reduces predicates over barrier 0 of the whole block only")
		}
		return namedBarrier(f, op, t, id, n, true)
	}
	if op.NumResults() == 0 {
		return t.Barrier(f, op, simt.BlockScope)
	}
	pv, ok := interp.Segment(op, 2)
	if !ok || len(pv) == 0 {
		return interp.Errorf(op, "a barrier with a result needs a reduction predicate")
	}
	p, err := f.Get(op, pv[0])
	if err != nil {
		return err
	}
	kind := interp.EnumCase(dnvvm.BarrierOp{Operation: op}.ReductionOpAttr())
	res, err := t.Collective(f, op, simt.BlockScope, p.Uint() != 0, func(group []*simt.Arrival) error {
		n := 0
		for _, a := range group {
			if a.In.(bool) {
				n++
			}
		}
		var out uint64
		switch kind {
		case "popc":
			out = uint64(n)
		case "and":
			out = b2u(n == len(group))
		case "or":
			out = b2u(n > 0)
		default:
			return interp.Errorf(op, "unknown barrier reduction '"+kind+"'")
		}
		for _, a := range group {
			a.Out = out
		}
		return nil
	})
	if err != nil {
		return err
	}
	// The barrier orders shared memory too.
	if err := t.Barrier(f, op, simt.BlockScope); err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), res.(uint64)))
	return nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// shflIn is a lane's operands of shfl.sync.
type shflIn struct {
	val      interp.Value
	b, c     uint32
	lane     int
	received interp.Value
	valid    bool
}

// shfl is PTX's shfl.sync: with bval = b & 31, cval = c & 31 and segmask
// = (c >> 8) & 31, maxLane = (lane & segmask) | (cval & ~segmask) and
// minLane = lane & segmask; up reads lane - bval if that is >= maxLane,
// down lane + bval and bfly lane ^ bval if <= maxLane, idx minLane |
// (bval & ~segmask) if <= maxLane; otherwise the lane keeps its value
// and the predicate is false. Reading a lane outside the member mask is
// an error (undefined in PTX).
func shfl(f *interp.Frame, op *ir.Operation) error {
	t, mask, err := warpOperand(f, op, 0)
	if err != nil {
		return err
	}
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	kind := interp.EnumCase(dnvvm.ShflSyncOp{Operation: op}.Kind())
	in := &shflIn{val: vs[1], b: uint32(vs[2].Uint()), c: uint32(vs[3].Uint()), lane: t.Lane()}
	if _, err := t.WarpCollective(f, op, mask, in, func(group []*simt.Arrival) error {
		byLane := map[int]*shflIn{}
		for _, a := range group {
			byLane[a.In.(*shflIn).lane] = a.In.(*shflIn)
		}
		for _, a := range group {
			x := a.In.(*shflIn)
			lane := uint32(x.lane)
			bval, cval, seg := x.b&31, x.c&31, (x.c>>8)&31
			maxLane := lane&seg | cval&^seg
			minLane := lane & seg
			var j int64
			var ok bool
			switch kind {
			case "up":
				j = int64(lane) - int64(bval)
				ok = j >= int64(maxLane)
			case "down":
				j = int64(lane + bval)
				ok = j <= int64(maxLane)
			case "bfly":
				j = int64(lane ^ bval)
				ok = j <= int64(maxLane)
			case "idx":
				j = int64(minLane | bval&^seg)
				ok = j <= int64(maxLane)
			default:
				return interp.Errorf(op, "unknown shfl.sync kind '"+kind+"'")
			}
			if !ok {
				x.received, x.valid = x.val, false
				continue
			}
			src, present := byLane[int(j)]
			if !present {
				return interp.Errorf(op, fmt.Sprintf("lane %d reads lane %d, which is not in the member mask %#x", lane, j, mask))
			}
			x.received, x.valid = src.val, true
		}
		return nil
	}); err != nil {
		return err
	}
	rt := op.Result(0).Type()
	if s, _ := dnvvm.AsShflSyncOp(op); s.ReturnValueAndIsValid() {
		st, ok := rt.(*lt.StructType)
		if !ok || len(st.Fields) != 2 {
			return interp.Errorf(op, "expected a result of type !llvm.struct<(T, i1)>")
		}
		f.SetResult(op, 0, llvm.MakeAggregate(rt, []interp.Value{in.received, interp.MakeBool(st.Fields[1], in.valid)}))
		return nil
	}
	f.SetResult(op, 0, in.received)
	return nil
}

// vote is vote.sync: ballot gives the mask of the member lanes whose
// predicate holds, any, all and uni whether it holds in one, all, or
// all or none of them.
func vote(f *interp.Frame, op *ir.Operation) error {
	t, mask, err := warpOperand(f, op, 0)
	if err != nil {
		return err
	}
	p, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	kind := interp.EnumCase(dnvvm.VoteSyncOp{Operation: op}.Kind())
	out, err := t.WarpCollective(f, op, mask, p.Bool(), func(group []*simt.Arrival) error {
		var ballot uint64
		for _, a := range group {
			if a.In.(bool) {
				ballot |= 1 << uint(a.Thread.Lane())
			}
		}
		n := bits.OnesCount64(ballot)
		var r uint64
		switch kind {
		case "ballot":
			r = ballot
		case "any":
			r = b2u(n > 0)
		case "all":
			r = b2u(n == len(group))
		case "uni":
			r = b2u(n == 0 || n == len(group))
		default:
			return interp.Errorf(op, "unknown vote.sync kind '"+kind+"'")
		}
		for _, a := range group {
			a.Out = r
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), out.(uint64)))
	return nil
}

// reduxOps are the arith operations of redux.sync's kinds.
var reduxOps = map[string]string{
	"add": "arith.addi", "and": "arith.andi", "or": "arith.ori", "xor": "arith.xori",
	"max": "arith.maxsi", "min": "arith.minsi", "umax": "arith.maxui", "umin": "arith.minui",
	"fmax": "arith.maxnumf", "fmin": "arith.minnumf",
}

// redux is redux.sync over the member lanes: integer add, min, max and
// bitwise operations, and fmin/fmax (with abs: of absolute values; with
// nan: NaN if any lane is NaN).
func redux(f *interp.Frame, op *ir.Operation) error {
	t, mask, err := warpOperand(f, op, 1)
	if err != nil {
		return err
	}
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	kind := interp.EnumCase(dnvvm.ReduxSyncOp{Operation: op}.Kind())
	name, ok := reduxOps[kind]
	if !ok {
		return interp.Errorf(op, "unknown redux.sync kind '"+kind+"'")
	}
	fn := arith.Scalar(name)
	r, _ := dnvvm.AsReduxSyncOp(op)
	abs, nan := r.Abs(), r.Nan()
	rt := op.Result(0).Type()
	out, err := t.WarpCollective(f, op, mask, v, func(group []*simt.Arrival) error {
		var acc interp.Value
		sawNaN := false
		for i, a := range group {
			x := a.In.(interp.Value)
			if x.IsFloat() {
				if abs {
					x = interp.FromBits(x.Type, x.Bits()&^(1<<31))
				}
				sawNaN = sawNaN || math.IsNaN(x.Float())
			}
			if i == 0 {
				acc = x
				continue
			}
			var err error
			if acc, err = fn(op, []interp.Value{acc, x}, rt); err != nil {
				return err
			}
		}
		if nan && sawNaN {
			acc = interp.FromBits(rt, 0x7fffffff)
		}
		for _, a := range group {
			a.Out = acc
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}

// elect is elect.sync: true in the lowest lane of the member mask (every
// lane of the warp without one).
func elect(f *interp.Frame, op *ir.Operation) error {
	mask := uint32(0xffffffff)
	if op.NumOperands() > 0 {
		var err error
		if _, mask, err = warpOperand(f, op, 0); err != nil {
			return err
		}
	}
	ok, err := nvgpu.Elect(f, op, mask)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeBool(op.Result(0).Type(), ok))
	return nil
}

// barrierOperands returns the barrier id (0 when absent) and thread
// count (the block's when absent) of nvvm.barrier or nvvm.barrier.arrive.
func barrierOperands(f *interp.Frame, op *ir.Operation, t *simt.Thread) (int64, int64, error) {
	var idV, nV ir.Value
	if b, ok := dnvvm.AsBarrierOp(op); ok {
		idV, nV = b.BarrierId(), b.NumberOfThreads()
	} else if b, ok := dnvvm.AsBarrierArriveOp(op); ok {
		idV, nV = b.BarrierId(), b.NumberOfThreads()
	}
	id, n := int64(0), t.Block.Launch.Block.Size()
	if idV != nil {
		v, err := f.Get(op, idV)
		if err != nil {
			return 0, 0, err
		}
		id = int64(v.Uint())
	}
	if nV != nil {
		v, err := f.Get(op, nV)
		if err != nil {
			return 0, 0, err
		}
		n = v.Int()
	}
	if id < 0 || id > 15 || n <= 0 || n%simt.WarpSize != 0 || n > t.Block.Launch.Block.Size() {
		return 0, 0, interp.Errorf(op, fmt.Sprintf("barrier %d of %d threads: the ids are 0 to 15, the counts multiples of the warp up to the block's %d threads", id, n, t.Block.Launch.Block.Size()))
	}
	return id, n, nil
}

// named is the state of a phase of a named barrier of a block: the
// threads that arrived, of n, and whether it completed (phase 1).
type named struct {
	arrived, n int64
	phase      int64
}

var (
	namedMu       sync.Mutex
	namedBarriers = map[*simt.Block]map[int64]*named{}
)

// namedBarrier is bar.sync (wait) or bar.arrive on barrier id of n
// threads: the phase completes when n threads have arrived, synchronizing
// or not, and the synchronizing ones wait for it. Its completion orders
// the accesses of shared memory before it before those after it, as an
// mbarrier's phase does: the race checker's epochs are the block's, so
// this orders the accesses of threads outside the barrier too.
func namedBarrier(f *interp.Frame, op *ir.Operation, t *simt.Thread, id, n int64, wait bool) error {
	namedMu.Lock()
	bars := namedBarriers[t.Block]
	if bars == nil {
		bars = map[int64]*named{}
		namedBarriers[t.Block] = bars
	}
	b := bars[id]
	if b == nil {
		b = &named{n: n}
		bars[id] = b
	}
	if b.arrived > 0 && b.n != n {
		namedMu.Unlock()
		return interp.Errorf(op, fmt.Sprintf("barrier %d is waited for by %d threads and by %d", id, b.n, n))
	}
	b.n = n
	b.arrived++
	phase := b.phase
	complete := b.arrived == b.n
	if complete {
		// The phase is complete: its waiters hold b, the next phase
		// starts a new barrier (so that finished blocks are not kept).
		b.phase++
		delete(bars, id)
		if len(bars) == 0 {
			delete(namedBarriers, t.Block)
		}
	}
	namedMu.Unlock()
	if complete {
		// The accesses of shared memory before the barrier are ordered
		// before those after it (as at an mbarrier's phase, the epoch is
		// the block's: this orders the other threads' too).
		t.Block.AdvanceEpoch()
	}
	t.Progress()
	for wait {
		namedMu.Lock()
		done := b.phase != phase
		namedMu.Unlock()
		if done {
			break
		}
		if err := t.Spin(f, op); err != nil {
			return err
		}
	}
	return nil
}
