package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/tile"
)

// lowerView lowers a tile.view: a view of a whole memref is the memref;
// a view with explicit sizes and strides, and an offset (0 when absent;
// one head of a batched tensor, say) is a memref.reinterpret_cast of the
// memref, its static sizes and strides kept static.
func lowerView(k *kernel, op *ir.Operation) error {
	v, _ := tile.AsViewOp(op)
	if v.Offset() == nil && len(v.Sizes()) == 0 {
		k.vals[op.Result(0)] = k.get(v.Source())
		return nil
	}
	src := k.get(v.Source())
	st, ok := src.Type().(*ir.MemRefType)
	if !ok || len(v.Sizes()) != len(v.Strides()) {
		return k.errorf(op, "tile-to-nvgpu lowers views of ranked memrefs with sizes and strides")
	}
	info, _ := tile.ViewOf(op.Result(0).Type())
	rank := len(v.Sizes())
	var dynSizes, dynStrides []ir.Value
	sizes := make([]int64, rank)
	strides := make([]int64, rank)
	for d := 0; d < rank; d++ {
		if c, ok := staticIndex(v.Sizes()[d]); ok {
			sizes[d] = c
		} else if info.Shape[d] != ir.Dynamic {
			sizes[d] = info.Shape[d]
		} else {
			sizes[d] = ir.Dynamic
			dynSizes = append(dynSizes, k.get(v.Sizes()[d]))
		}
		if c, ok := staticIndex(v.Strides()[d]); ok {
			strides[d] = c
		} else {
			strides[d] = ir.Dynamic
			dynStrides = append(dynStrides, k.get(v.Strides()[d]))
		}
	}
	offset := k.c(0)
	if v.Offset() != nil {
		offset = k.get(v.Offset())
	}
	layout := k.ctx.StridedLayoutAttr(ir.Dynamic, strides)
	mt := k.ctx.MemRefType(sizes, st.Elem, layout, st.MemorySpace)
	operands := append(append([]ir.Value{src, offset}, dynSizes...), dynStrides...)
	r := k.val("memref.reinterpret_cast", operands, mt,
		ir.NamedAttr{Name: "static_offsets", Value: k.ctx.DenseI64Array(ir.Dynamic)},
		ir.NamedAttr{Name: "static_sizes", Value: k.ctx.DenseI64Array(sizes...)},
		ir.NamedAttr{Name: "static_strides", Value: k.ctx.DenseI64Array(strides...)},
		ir.NamedAttr{Name: "operandSegmentSizes", Value: k.ctx.DenseI32Array(1, 1, int32(len(dynSizes)), int32(len(dynStrides)))})
	if v.Offset() == nil {
		k.offsetAlign[r] = 1 << 30
	} else if m := multipleOf(v.Offset()); m > 0 {
		k.offsetAlign[r] = m
	}
	k.vals[op.Result(0)] = r
	return nil
}

// multipleOf returns a number that index v is known to be a multiple of
// (0 when nothing is known): constants, and products and sums of such
// values.
func multipleOf(v ir.Value) int64 {
	if c, ok := staticIndex(v); ok {
		if c == 0 {
			return 1 << 30
		}
		if c < 0 {
			c = -c
		}
		return c
	}
	def := ir.DefiningOp(v)
	if def == nil || def.NumOperands() != 2 {
		return 0
	}
	a, b := multipleOf(def.Operand(0)), multipleOf(def.Operand(1))
	switch {
	case isOp(def, arith.AsMuliOp):
		return max(a, 1) * max(b, 1) * boolInt(a > 0 || b > 0)
	case isOp(def, arith.AsAddiOp):
		if a > 0 && b > 0 {
			return gcd(a, b)
		}
	}
	return 0
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// rowMajor reports whether memref m holds rows of its innermost
// dimension one after another with unit stride, each row starting at a
// multiple of vec elements: the identity layout with a static innermost
// size that vec divides, or a strided layout with unit innermost stride,
// static outer strides that vec divides and an offset known to be a
// multiple of vec.
func (k *kernel) rowMajor(m ir.Value, vec int64) bool {
	mt, ok := m.Type().(*ir.MemRefType)
	if !ok || len(mt.Shape) == 0 || vec < 1 {
		return false
	}
	last := mt.Shape[len(mt.Shape)-1]
	if mt.Layout == nil {
		return last > 0 && last%vec == 0
	}
	sl, ok := mt.Layout.(*ir.StridedLayoutAttr)
	if !ok || sl.Strides[len(sl.Strides)-1] != 1 {
		return false
	}
	for _, s := range sl.Strides[:len(sl.Strides)-1] {
		if s == ir.Dynamic || s%vec != 0 {
			return false
		}
	}
	if sl.Offset == ir.Dynamic {
		a := k.offsetAlign[m]
		return a > 0 && a%vec == 0
	}
	return sl.Offset%vec == 0
}
