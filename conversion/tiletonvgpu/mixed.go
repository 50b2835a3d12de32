package tiletonvgpu

import (
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/memref"
)

// Kernels may mix levels: a tile kernel can hold operations of the gpu
// and nvgpu dialects beside its tile operations (thread indices,
// cp.async copies and their groups, barriers, warp shuffles), written by
// hand where the portable form does not say enough. The lowering leaves
// such operations as they are, with their operands mapped, also when they
// hold regions (an scf.if around a copy) as long as no tile flows through
// them; workgroup memory that the kernel allocates becomes a workgroup
// attribution of the gpu.func, which tile.view and tile.load then read
// like any memref.

// opaque reports whether op, which holds regions, can be kept as it is:
// no tile is an operand, a result or a value inside it, and it holds no
// tile operation.
func opaque(op *ir.Operation) bool {
	ok := true
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if isTileOp(o) {
			ok = false
		}
		for i := 0; ok && i < o.NumOperands(); i++ {
			ok = !isTile(o.Operand(i))
		}
		for i := 0; ok && i < o.NumResults(); i++ {
			ok = !isTile(o.Result(i))
		}
		for r := 0; ok && r < o.NumRegions(); r++ {
			for b := o.Region(r).First(); ok && b != nil; b = b.Next() {
				for _, a := range b.Arguments() {
					ok = ok && !isTile(a)
				}
			}
		}
		return ok
	})
	return ok
}

func isTileOp(op *ir.Operation) bool { return strings.HasPrefix(op.Name(), "tile.") }

// cloneOpaque clones an operation with regions that holds no tile (see
// opaque), mapping the values it uses from above to their lowered values.
func (k *kernel) cloneOpaque(op *ir.Operation) error {
	m := map[ir.Value]ir.Value{}
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		for i := 0; i < o.NumOperands(); i++ {
			v := o.Operand(i)
			if x, ok := k.vals[v]; ok {
				m[v] = x
			}
		}
		return true
	})
	c := op.Clone(m)
	k.b.Insert(c)
	for i := 0; i < op.NumResults(); i++ {
		k.vals[op.Result(i)] = c.Result(i)
	}
	return nil
}

// lowerAlloca makes workgroup memory that a kernel allocates a workgroup
// attribution of the kernel; other allocations stay as they are.
func lowerAlloca(k *kernel, op *ir.Operation) error {
	a, _ := memref.AsAllocaOp(op)
	mt, ok := a.Memref().Type().(*ir.MemRefType)
	if !ok || mt.MemorySpace == nil || mt.MemorySpace != k.workgroupSpace() {
		return k.lowerScalar(op)
	}
	if op.NumOperands() != 0 {
		return k.errorf(op, "tile-to-nvgpu allocates workgroup memory of static shapes only")
	}
	// Attributions are 1-D or n-D memrefs of the identity layout.
	if mt.Layout != nil {
		return k.errorf(op, "tile-to-nvgpu allocates workgroup memory of the identity layout only")
	}
	k.vals[op.Result(0)] = k.workgroup(mt)
	return nil
}

func init() { rule("memref.alloca", lowerAlloca) }
