// Package gpu gives the gpu dialect its semantics in the interpreter, on
// the SIMT model of core/interp/simt. On the host, gpu.launch (its region
// run by every thread) and gpu.launch_func (a gpu.func of a gpu.module
// called by every thread) execute the kernel directly, with no lowering;
// gpu.alloc, dealloc, memcpy, memset, wait and host_register act on the
// interpreter's buffers, which host and kernels share (device memory is
// host memory), and async tokens are events that have completed. In a
// kernel: the thread, block, grid, cluster and subgroup identifiers,
// gpu.barrier, gpu.shuffle, gpu.all_reduce, gpu.subgroup_reduce,
// gpu.printf, workgroup and private attributions and
// gpu.dynamic_shared_memory (shared memory is checked for data races).
package gpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/interp/memref"
)

// Register adds the semantics of the gpu dialect to reg.
func Register(reg *interp.Registry) {
	for _, name := range []string{"gpu.module", "gpu.func", "gpu.binary"} {
		reg.Register(name, func(*interp.Frame, *ir.Operation) error { return nil })
	}
	reg.Register("gpu.thread_id", index(func(t *simt.Thread, d int) int64 { return t.ID.Get(d) }))
	reg.Register("gpu.block_id", index(func(t *simt.Thread, d int) int64 { return t.Block.ID.Get(d) }))
	reg.Register("gpu.block_dim", index(func(t *simt.Thread, d int) int64 { return t.Block.Launch.Block.Get(d) }))
	reg.Register("gpu.grid_dim", index(func(t *simt.Thread, d int) int64 { return t.Block.Launch.Grid.Get(d) }))
	reg.Register("gpu.global_id", index(func(t *simt.Thread, d int) int64 {
		return t.Block.ID.Get(d)*t.Block.Launch.Block.Get(d) + t.ID.Get(d)
	}))
	reg.Register("gpu.cluster_id", index(func(t *simt.Thread, d int) int64 { return t.Block.ClusterID.Get(d) }))
	reg.Register("gpu.cluster_dim", index(func(t *simt.Thread, d int) int64 {
		return t.Block.Launch.Grid.Get(d) / t.Block.Launch.Cluster.Get(d)
	}))
	reg.Register("gpu.cluster_block_id", index(func(t *simt.Thread, d int) int64 { return t.Block.InCluster.Get(d) }))
	reg.Register("gpu.cluster_dim_blocks", index(func(t *simt.Thread, d int) int64 { return t.Block.Launch.Cluster.Get(d) }))
	reg.Register("gpu.lane_id", index(func(t *simt.Thread, _ int) int64 { return int64(t.Lane()) }))
	reg.Register("gpu.subgroup_id", index(func(t *simt.Thread, _ int) int64 { return int64(t.Warp()) }))
	reg.Register("gpu.subgroup_size", index(func(t *simt.Thread, _ int) int64 { return int64(t.Block.Launch.Lanes()) }))
	reg.Register("gpu.num_subgroups", index(func(t *simt.Thread, _ int) int64 {
		n := int64(t.Block.Launch.Lanes())
		return (t.Block.Launch.Block.Size() + n - 1) / n
	}))
	reg.Register("gpu.barrier", func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		return t.Barrier(f, op, simt.BlockScope)
	})
	reg.Register("gpu.shuffle", shuffle)
	reg.Register("gpu.all_reduce", allReduce)
	reg.Register("gpu.subgroup_reduce", subgroupReduce)
	reg.Register("gpu.yield", interp.YieldOperands)
	reg.Register("gpu.return", func(f *interp.Frame, op *ir.Operation) error {
		vs, err := f.Operands(op)
		if err != nil {
			return err
		}
		f.Return(vs)
		return nil
	})
	reg.Register("gpu.terminator", func(f *interp.Frame, op *ir.Operation) error {
		f.Yield(nil)
		return nil
	})
	reg.Register("gpu.printf", printf)
	reg.Register("gpu.dynamic_shared_memory", dynamicSharedMemory)
	registerMMA(reg)
	registerHost(reg)
}

// enum returns the case of an enum attribute ("x" for #gpu<dim x>).
func enum(a ir.Attribute) string { return interp.EnumCase(a) }

// attr returns op's inherent attribute name, or its discardable one.
func attr(op *ir.Operation, name string) ir.Attribute {
	if a := op.InherentAttr(name); a != nil {
		return a
	}
	return op.Attr(name)
}

// index makes the semantics of an identifier operation: get reads the
// identifier of the running thread in a dimension (0, 1 or 2).
func index(get func(t *simt.Thread, dim int) int64) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		d := 0
		if a := attr(op, "dimension"); a != nil {
			switch enum(a) {
			case "x":
			case "y":
				d = 1
			case "z":
				d = 2
			default:
				return interp.Errorf(op, "unknown dimension "+asm.AttrString(a))
			}
		}
		f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(get(t, d))))
		return nil
	}
}

// shuffleIn is one lane's operands of gpu.shuffle.
type shuffleIn struct {
	value         interp.Value
	offset, width int64
}

// shuffleOut is one lane's results of gpu.shuffle.
type shuffleOut struct {
	value interp.Value
	valid bool
}

// shuffle exchanges a value between the lanes of a warp: lane l reads
// the value of lane l^offset (xor), l+offset (down), l-offset (up) or
// offset (idx); valid is false, and the lane keeps its own value, when
// that lane is not in [0, width).
func shuffle(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	mode := enum(attr(op, "mode"))
	in := shuffleIn{vs[0], vs[1].Int(), vs[2].Int()}
	out, err := t.Collective(f, op, simt.Warp, in, func(group []*simt.Arrival) error {
		for l, a := range group {
			in := a.In.(shuffleIn)
			if n := int64(a.Thread.Block.Launch.Lanes()); in.width <= 0 || in.width > n {
				return interp.Errorf(op, fmt.Sprintf("shuffle width %d is not in [1, %d]", in.width, n))
			}
			if w := group[0].In.(shuffleIn).width; in.width != w {
				return interp.Errorf(op, fmt.Sprintf("lanes of one warp shuffle with widths %d and %d", w, in.width))
			}
			var src int64
			switch mode {
			case "xor":
				src = int64(l) ^ in.offset
			case "down":
				src = int64(l) + in.offset
			case "up":
				src = int64(l) - in.offset
			case "idx":
				src = in.offset
			default:
				return interp.Errorf(op, "unknown shuffle mode '"+mode+"'")
			}
			if src < 0 || src >= in.width {
				a.Out = shuffleOut{in.value, false}
				continue
			}
			if src >= int64(len(group)) {
				return interp.Errorf(op, fmt.Sprintf("lane %d shuffles from lane %d, which the warp of %d threads does not have", l, src, len(group)))
			}
			a.Out = shuffleOut{group[src].In.(shuffleIn).value, true}
		}
		return nil
	})
	if err != nil {
		return err
	}
	r := out.(shuffleOut)
	f.SetResult(op, 0, r.value)
	f.SetResult(op, 1, interp.MakeBool(op.Result(1).Type(), r.valid))
	return nil
}

// dynamicSharedMemory returns the block's dynamic shared memory: a 1-D
// memref of bytes of the launch's dynamic_shared_memory_size.
func dynamicSharedMemory(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	mt, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return interp.Errorf(op, "expected a memref result")
	}
	b := t.Block
	buf := b.Data(dynamicSharedKey{}, func() any {
		sh := b.NewShared(mt.Elem, b.Launch.DynamicShared)
		// The dynamic shared memory starts on a 1024-byte boundary, the
		// alignment of 128-byte-swizzled TMA boxes, as a block's shared
		// memory window does.
		sh.Addr = (sh.Addr + 1023) &^ 1023
		return sh
	}).(*interp.Buffer)
	m := &interp.MemRef{Buf: buf, Sizes: []int64{int64(len(buf.Data))}, Strides: []int64{1}}
	f.SetResult(op, 0, interp.MakeMemRef(mt, m))
	return nil
}

type dynamicSharedKey struct{}

// workgroupBuffer returns the block's buffer of a workgroup attribution
// (the block argument arg) of memref type t.
func workgroupBuffer(op *ir.Operation, b *simt.Block, arg ir.Value) (interp.Value, error) {
	var err error
	v := b.Data(arg, func() any {
		m, e := newMemRef(op, arg.Type(), b.NewShared)
		if e != nil {
			err = e
			return nil
		}
		return interp.MakeMemRef(arg.Type(), m)
	})
	if err != nil {
		return interp.Value{}, err
	}
	if v == nil {
		return interp.Value{}, interp.Errorf(op, "cannot allocate a workgroup attribution")
	}
	return v.(interp.Value), nil
}

// newMemRef allocates a statically shaped memref of type t with alloc.
func newMemRef(op *ir.Operation, t ir.Type, alloc func(ir.Type, int64) *interp.Buffer) (*interp.MemRef, error) {
	sizes, err := memref.ShapeOf(op, t, nil)
	if err != nil {
		return nil, err
	}
	for _, s := range sizes {
		if s == ir.Dynamic {
			return nil, interp.Errorf(op, "an attribution must have a static shape")
		}
	}
	elem := interp.ElementType(t)
	if !interp.SupportedElementType(elem) {
		return nil, interp.Errorf(op, "the interpreter does not support memrefs of this element type")
	}
	m := interp.NewMemRef(elem, sizes)
	m.Buf = alloc(elem, interp.NumElements(sizes))
	return m, nil
}
