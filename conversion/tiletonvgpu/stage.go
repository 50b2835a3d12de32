package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/memref"
)

// staged is where a thread's registers of an input common to all
// programs of a persistent grid are kept in shared memory: its own
// slots of view, n elements in chunks of vec.
type staged struct {
	view   ir.Value
	n, vec int64
	elem   ir.Type
}

// stageShared copies the registers of vals (each thread's registers of
// the loads common to all programs) into shared memory, which the loop
// over programs reads back where each program loads them (unstage).
//
// Each thread keeps its own registers: chunk c of a thread's vector
// (16 bytes, or fewer when the registers do not divide into 16-byte
// chunks) goes to slot c·threads + tid, so a warp's accesses to one
// chunk are consecutive 16-byte words, free of bank conflicts, and a
// thread reads only what it wrote itself, which needs no barrier. The
// registers of γ and β of a normalization then live only from their use
// to the output, not across the program's reductions and the next
// program's loads: a block of 512 threads over a row of 8192 elements
// saves 32 registers a thread for 64 KiB of shared memory.
func (k *kernel) stageShared(vals []ir.Value) map[ir.Value]*staged {
	threads := k.warps * k.target.Lanes
	dyn := k.val("gpu.dynamic_shared_memory", nil, k.ctx.MemRefType([]int64{ir.Dynamic}, k.ctx.I(8), nil, k.workgroupSpace()))
	out := map[ir.Value]*staged{}
	var shift int64
	for _, v := range vals {
		vt := v.Type().(*ir.VectorType)
		n := int64(1)
		for _, d := range vt.Shape {
			n *= d
		}
		bytes := int64(bitWidth(vt.Elem) / 8)
		vec := 16 / bytes
		for vec > 1 && n%vec != 0 {
			vec /= 2
		}
		mt := k.ctx.MemRefType([]int64{n * threads}, vt.Elem, nil, k.workgroupSpace())
		view := memref.BuildView(k.b, k.b.Loc, dyn, k.c(shift), nil, mt).Operation.Result(0)
		// Vector loads and stores reach shared memory through the
		// numeric address space 3, which their lowering to llvm takes.
		raw := k.ctx.MemRefType([]int64{n * threads}, vt.Elem, nil, k.ctx.IntegerAttr(k.ctx.I(64), 3))
		s := &staged{view: memref.BuildMemorySpaceCast(k.b, k.b.Loc, view, raw).Operation.Result(0), n: n, vec: vec, elem: vt.Elem}
		shift += stagedBytes(n, vt.Elem, threads)
		chunks := k.chunks(v, s)
		for c := int64(0); c < n/vec; c++ {
			x := k.extract(chunks, k.vec([]int64{vec}, vt.Elem), []int64{c})
			k.op("vector.store", []ir.Value{x, s.view, k.stageSlot(s, c)}, nil)
		}
		out[v] = s
	}
	return out
}

// chunks reshapes registers v into the chunks of s: vector<n/vec x vec>.
func (k *kernel) chunks(v ir.Value, s *staged) ir.Value {
	flat := k.vec([]int64{s.n}, s.elem)
	if v.Type() != ir.Type(flat) {
		v = k.val("vector.shape_cast", []ir.Value{v}, flat)
	}
	return k.val("vector.shape_cast", []ir.Value{v}, k.vec([]int64{s.n / s.vec, s.vec}, s.elem))
}

// stageSlot is the index of this thread's chunk c in s.
func (k *kernel) stageSlot(s *staged, c int64) ir.Value {
	threads := k.warps * k.target.Lanes
	return k.add(k.mul(k.tid, s.vec), k.c(c*threads*s.vec))
}

// unstage reads this thread's registers of s back, as type rt.
func (k *kernel) unstage(s *staged, rt *ir.VectorType) ir.Value {
	ct := k.vec([]int64{s.n / s.vec, s.vec}, s.elem)
	v := k.val("arith.constant", nil, ct, ir.NamedAttr{Name: "value", Value: k.ctx.DenseElementsAttr(ct, true, make([]byte, bitWidth(s.elem)/8))})
	for c := int64(0); c < s.n/s.vec; c++ {
		x := k.val("vector.load", []ir.Value{s.view, k.stageSlot(s, c)}, k.vec([]int64{s.vec}, s.elem))
		v = k.insert(x, v, []int64{c})
	}
	flat := k.vec([]int64{s.n}, s.elem)
	v = k.val("vector.shape_cast", []ir.Value{v}, flat)
	if rt != flat {
		v = k.val("vector.shape_cast", []ir.Value{v}, rt)
	}
	return v
}
