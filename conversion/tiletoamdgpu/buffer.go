package tiletoamdgpu

import (
	"github.com/strata-ir/strata/conversion/tiletonvgpu"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/tile"
)

// bufferLoad loads the registers of layout l (a blocked layout: vectors
// along the rows) of the block that tile.load op reads, with
// amdgpu.raw_buffer_load: a vector that lies inside the memref is one
// load; at the edges each element is loaded alone, those outside with
// the row index moved to the end of the buffer, where the range check
// reads zero (and the pad replaces it when it is not zero).
func bufferLoad(k *tiletonvgpu.Kernel, op *ir.Operation, l *tiletonvgpu.Layout) (ir.Value, error) {
	ld, _ := tile.AsLoadOp(op)
	ctx := k.Context()
	if ld.Mask() != nil {
		return nil, k.Errorf(op, "tile-to-amdgpu: the operands of a product are loaded without a mask")
	}
	m := k.Get(ld.View())
	mt, ok := m.Type().(*ir.MemRefType)
	if !ok || len(mt.Shape) != 2 {
		return nil, k.Errorf(op, "tile-to-amdgpu: the operands of a product are loaded from 2-D memrefs")
	}
	elem := mt.Elem
	pad, err := k.PadValue(op, elem)
	if err != nil {
		return nil, err
	}
	zeroPad := true
	if p, ok := ld.Pad().(*ir.StringAttr); ld.Pad() != nil && (!ok || p.Value != "zero") {
		zeroPad = false
	}
	var base, sizes []ir.Value
	for d, x := range ld.Indices() {
		x = k.Get(x)
		if !ld.At() {
			x = k.Mul(x, l.Shape[d])
		}
		base = append(base, x)
		sizes = append(sizes, k.Dim(m, int64(d)))
	}
	th := k.ThreadCoords(l)
	vec := l.RegShape[len(l.RegShape)-1]
	if mt.Layout != nil {
		// Rows with strides: element by element.
		vec = 1
	}
	rt := k.Vec(l.RegShape, elem)
	i32 := ctx.I(32)
	toI32 := func(x ir.Value) ir.Value { return k.Val("arith.index_cast", []ir.Value{x}, i32) }
	load := func(row, col ir.Value, t ir.Type) ir.Value {
		return k.Val("amdgpu.raw_buffer_load", []ir.Value{m, toI32(row), toI32(col)}, t,
			ir.NamedAttr{Name: "boundsCheck", Value: ctx.Bool(true)},
			ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, 2, 0)})
	}
	// one loads the element at (row, col), zero or the pad outside.
	one := func(row, col, rowOK ir.Value) ir.Value {
		ok := k.And(rowOK, k.Cmp(6, col, sizes[1]))
		e := load(k.Sel(ok, row, sizes[0]), col, elem)
		if !zeroPad {
			e = k.Sel(ok, e, pad)
		}
		return e
	}
	out := k.Val("vector.broadcast", []ir.Value{pad}, rt)
	vt := k.Vec([]int64{vec}, elem)
	for r := 0; r < l.NumRegs(); r += int(vec) {
		rc := l.RegCoord(r)
		row := k.Add(k.Add(base[0], th[0]), k.C(rc[0]))
		col := k.Add(k.Add(base[1], th[1]), k.C(rc[1]))
		rowOK := k.Cmp(6, row, sizes[0])
		p := tiletonvgpu.Unflatten(r, rt.Shape)
		if vec == 1 {
			out = k.Insert(one(row, col, rowOK), out, p)
			continue
		}
		full := k.And(rowOK, k.Cmp(6, k.Add(col, k.C(vec-1)), sizes[1]))
		g := k.IfValue(full, vt, func() ir.Value { return load(row, col, vt) }, func() ir.Value {
			x := k.Val("vector.broadcast", []ir.Value{pad}, vt)
			for i := int64(0); i < vec; i++ {
				x = k.Insert(one(row, k.Add(col, k.C(i)), rowOK), x, []int64{i})
			}
			return x
		})
		out = k.Insert(g, out, p[:len(p)-1])
	}
	return out, nil
}
