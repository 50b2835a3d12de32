package tiletotpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/dialects/tpu"
	"github.com/strata-ir/strata/dialects/vector"
)

// op lowers one operation of the program.
func (e *emitter) op(op *ir.Operation) error {
	ctx := e.ctx
	e.b.Loc = op.Loc()
	defer func() { e.b.Loc = e.loc }()
	loc := op.Loc()
	set := func(v ir.Value) { e.vm[op.Result(0)] = v }
	operand := func(i int) (ir.Value, error) { return e.get(op, op.Operand(i)) }
	if p, ok := tile.AsProgramIdOp(op); ok {
		set(e.gridValue(int(p.Axis()), p.Result().Type()))
		return nil
	}
	if p, ok := tile.AsNumProgramsOp(op); ok {
		if n := e.lowering.grid[p.Axis()]; n != ir.Dynamic {
			set(e.c(n, p.Result().Type()))
			return nil
		}
		v := tpu.BuildIterationBound(e.b, loc, int32(p.Axis())).Operation.Result(0)
		set(e.fromI32(v, p.Result().Type()))
		return nil
	}
	if is(op, tile.AsViewOp) || is(op, tile.AsReturnOp) {
		return nil
	}
	if is(op, tile.AsDimOp) || is(op, tile.AsNumBlocksOp) {
		if n, ok := constIndex(op.Result(0)); ok {
			set(e.c(n, op.Result(0).Type()))
			return nil
		}
		// A dynamic size: read from its scalar-prefetch ref.
		var view ir.Value
		var dim int
		var block int64
		if d, ok := tile.AsDimOp(op); ok {
			view, dim = d.View(), int(d.Index())
		} else {
			nb, _ := tile.AsNumBlocksOp(op)
			view, dim, block = nb.View(), int(nb.Dim()), nb.Block()
		}
		size, err := e.size(op, view, dim)
		if err != nil {
			return err
		}
		if block > 0 {
			// ceil(size / block), with the operations Mosaic lowers.
			size = arith.BuildAddi(e.b, loc, size, e.c(block-1, ctx.I(32))).Operation.Result(0)
			size = arith.BuildDivsi(e.b, loc, size, e.c(block, ctx.I(32))).Operation.Result(0)
		}
		set(e.fromI32(size, op.Result(0).Type()))
		return nil
	}
	if ld, ok := tile.AsLoadOp(op); ok {
		return e.loadOp(ld)
	}
	if g, ok := tile.AsGatherOp(op); ok {
		return e.gatherOp(g)
	}
	if st, ok := tile.AsStoreOp(op); ok {
		w := e.winOf[op]
		v, err := e.get(op, st.Value())
		if err != nil {
			return err
		}
		var mask ir.Value
		if st.Mask() != nil {
			if mask, err = e.get(op, st.Mask()); err != nil {
				return err
			}
		}
		tpu.BuildVectorStore(e.b, loc, v, e.refs[e.windowIndex(w)], e.zeros(len(w.block)), ctx.DenseI32Array(), tpu.VectorStoreOptions{Mask: mask})
		return nil
	}
	if d, ok := tile.AsDotOp(op); ok {
		a, err := operand(0)
		if err != nil {
			return err
		}
		b, err := operand(1)
		if err != nil {
			return err
		}
		acc, err := operand(2)
		if err != nil {
			return err
		}
		var prec *tpu.ContractPrecision
		if ft, ok := tensorType(d.A()).Elem.(*ir.FloatType); ok && ft.Kind == ir.F32 {
			if p, ok := d.Precision(); !ok || p != tile.PrecisionTf32 {
				fp32 := tpu.ContractPrecisionFp32
				prec = &fp32
			}
		}
		set(tpu.BuildMatmul(e.b, loc, a, b, acc, false, acc.Type(), tpu.MatmulOptions{Precision: prec, DimensionNumbers: tpu.MatmulDimensionNumbers(ctx, false)}).Operation.Result(0))
		return nil
	}
	if r, ok := tile.AsReduceOp(op); ok {
		return e.reduceOp(r)
	}
	if s, ok := tile.AsSplatOp(op); ok {
		x, err := operand(0)
		if err != nil {
			return err
		}
		t := e.vecType(s.Result().Type())
		if _, isIdx := x.Type().(*ir.IndexType); isIdx {
			x = arith.BuildIndexCast(e.b, loc, x, ctx.I(32)).Operation.Result(0)
		}
		set(vector.BuildBroadcast(e.b, loc, x, t).Operation.Result(0))
		return nil
	}
	if is(op, tile.AsBroadcastOp) {
		x, err := operand(0)
		if err != nil {
			return err
		}
		t := e.vecType(op.Result(0).Type())
		if x.Type() == t {
			set(x)
			return nil
		}
		set(vector.BuildBroadcast(e.b, loc, x, t).Operation.Result(0))
		return nil
	}
	if is(op, tile.AsExpandDimsOp) || is(op, tile.AsSqueezeOp) || is(op, tile.AsReshapeOp) {
		x, err := operand(0)
		if err != nil {
			return err
		}
		t := e.vecType(op.Result(0).Type())
		if x.Type() == t {
			set(x)
			return nil
		}
		if _, ok := t.(*ir.VectorType); !ok {
			return errAt(op, "a reshape to a scalar is not supported")
		}
		set(vector.BuildShapeCast(e.b, loc, x, t).Operation.Result(0))
		return nil
	}
	if is(op, tile.AsIotaOp) {
		t := e.vecType(op.Result(0).Type())
		set(tpu.BuildIota(e.b, loc, ctx.DenseI32Array(0), t).Operation.Result(0))
		return nil
	}
	if tr, ok := tile.AsTransposeOp(op); ok {
		x, err := operand(0)
		if err != nil {
			return err
		}
		perm := tile.Permutation(tr)
		set(vector.BuildTranspose(e.b, loc, x, ctx.DenseI64Array(perm...), e.vecType(op.Result(0).Type())).Operation.Result(0))
		return nil
	}
	if c, ok := tile.AsCastOp(op); ok {
		return e.castOp(c)
	}
	if cst, ok := arith.AsConstantOp(op); ok {
		t := e.vecType(op.Result(0).Type())
		if t == op.Result(0).Type() {
			set(arith.BuildConstant(e.b, loc, cst.Value(), t).Operation.Result(0))
			return nil
		}
		a, err := e.retype(op, cst.Value(), t)
		if err != nil {
			return err
		}
		set(arith.BuildConstant(e.b, loc, a, t).Operation.Result(0))
		return nil
	}
	if ic, ok := arith.AsIndexCastOp(op); ok {
		x, err := operand(0)
		if err != nil {
			return err
		}
		if t := e.vecType(ic.Out().Type()); t == x.Type() {
			set(x)
			return nil
		}
	}
	if op.Name()[:len("tile.")] == "tile." || hasBody(op) || op.NumSuccessors() > 0 {
		return errAt(op, "'%s' is not supported in a TPU kernel", op.Name())
	}
	// Element-wise arith and math operations apply to vectors unchanged.
	var operands []ir.Value
	for i := 0; i < op.NumOperands(); i++ {
		x, err := operand(i)
		if err != nil {
			return err
		}
		operands = append(operands, x)
	}
	var types []ir.Type
	for _, r := range op.Results() {
		types = append(types, e.vecType(r.Type()))
	}
	n := e.b.Create(&ir.OperationState{Name: op.OpName(), Loc: loc, Operands: operands, ResultTypes: types,
		Properties: op.Properties(), Attributes: op.Attrs()})
	for i, r := range op.Results() {
		e.vm[r] = n.Result(i)
	}
	return nil
}

// blockIndex returns dimension d of a window's block index at this
// program, as an i32.
func (e *emitter) blockIndex(w *window, d int) ir.Value {
	i32 := e.ctx.I(32)
	if w.axis[d] < 0 {
		return e.c(w.konst[d], i32)
	}
	b := ir.Value(e.entry.Argument(w.axis[d]))
	if w.div[d] > 1 {
		b = arith.BuildDivsi(e.b, e.b.Loc, b, e.c(w.div[d], i32)).Result()
	}
	return b
}

// gatherOp copies each row of a gather from the array in HBM into the
// gather's VMEM buffer with a DMA, from the row whose index it reads in
// SMEM (clamped into the array: the rows of indices outside it take the
// pad value afterwards), then waits for the DMAs and loads the buffer.
func (e *emitter) gatherOp(g tile.GatherOp) error {
	ctx := e.ctx
	op := g.Operation
	loc := op.Loc()
	i32 := ctx.I(32)
	gi := e.gathers[op]
	ids := e.winOf[gi.idsLoad]
	pos := -1
	for i, a := range e.lowering.prefetch {
		if a == gi.idsArg {
			pos = i
		}
	}
	if ids == nil || pos < 0 {
		return errAt(op, "internal error: the gather's row indices have no window")
	}
	idsRef := e.prefetchRefs[pos]
	idsShape := idsRef.Type().(*ir.MemRefType).Shape
	table := e.refs[e.windowIndex(gi.table)]
	tt := table.Type().(*ir.MemRefType)
	buf := e.gatherBufs[gi.buf]
	bt := buf.Type().(*ir.MemRefType)
	cols := tt.Shape[1]
	base := arith.BuildMuli(e.b, loc, e.blockIndex(ids, 0), e.c(gi.rows, i32)).Result()
	last := e.c(idsShape[0]-1, i32)
	zero, maxRow := e.c(0, i32), e.c(tt.Shape[0]-1, i32)
	var srcs, dsts []ir.Value
	for r := int64(0); r < gi.rows; r++ {
		i := arith.BuildAddi(e.b, loc, base, e.c(r, i32)).Result()
		i = arith.BuildMinsi(e.b, loc, i, last).Result()
		idx := []ir.Value{arith.BuildIndexCast(e.b, loc, i, ctx.IndexType()).Operation.Result(0)}
		for range idsShape[1:] {
			idx = append(idx, e.c(0, ctx.IndexType()))
		}
		row := memref.BuildLoad(e.b, loc, idsRef, idx).Result()
		row = arith.BuildMaxsi(e.b, loc, arith.BuildMinsi(e.b, loc, row, maxRow).Result(), zero).Result()
		src := tpu.BuildMemrefSlice(e.b, loc, table, []ir.Value{row, zero}, nil, ctx.MemRefType([]int64{1, cols}, tt.Elem, nil, tt.MemorySpace)).Result()
		dst := tpu.BuildMemrefSlice(e.b, loc, buf, []ir.Value{e.c(r, i32), zero}, nil, ctx.MemRefType([]int64{1, cols}, bt.Elem, nil, bt.MemorySpace)).Result()
		tpu.BuildEnqueueDma(e.b, loc, src, dst, e.dmaSem)
		srcs, dsts = append(srcs, src), append(dsts, dst)
	}
	for r := range srcs {
		tpu.BuildWaitDma2(e.b, loc, e.dmaSem, srcs[r], dsts[r])
	}
	t := e.vecType(g.Result().Type()).(*ir.VectorType)
	x := e.load(buf, t)
	if g.Pad() != nil {
		// Row indices outside the array take the pad value.
		rows, err := e.get(op, g.Offsets()[0])
		if err != nil {
			return err
		}
		it := rows.Type()
		lo := vector.BuildBroadcast(e.b, loc, e.c(0, i32), it).Operation.Result(0)
		hi := vector.BuildBroadcast(e.b, loc, e.c(tt.Shape[0], i32), it).Operation.Result(0)
		in := arith.BuildAndi(e.b, loc,
			arith.BuildCmpi(e.b, loc, rows, lo, arith.CmpIPredicateSge).Result(),
			arith.BuildCmpi(e.b, loc, rows, hi, arith.CmpIPredicateSlt).Result()).Result()
		pad, err := e.padValue(op, g.Pad(), t)
		if err != nil {
			return err
		}
		x = arith.BuildSelect(e.b, loc, in, x, pad).Result()
	}
	e.vm[g.Result()] = x
	return nil
}

// size reads dimension dim of the array that view views from its
// scalar-prefetch ref (an i32).
func (e *emitter) size(op *ir.Operation, view ir.Value, dim int) (ir.Value, error) {
	arg, ok := e.views[view]
	if !ok {
		return nil, errAt(op, "the view is not a view of a kernel argument")
	}
	return e.sizeOfArg(op, arg, dim)
}

func (e *emitter) sizeOfArg(op *ir.Operation, arg, dim int) (ir.Value, error) {
	for i, s := range e.lowering.sizes {
		if s == (arraySize{arg, dim}) {
			return memref.BuildLoad(e.b, op.Loc(), e.sizeRefs[i], e.zeros(1)).Operation.Result(0), nil
		}
	}
	return nil, errAt(op, "internal error: dimension %d of argument %d is not prefetched", dim, arg)
}

// fromI32 converts an i32 to t (index or another integer type).
func (e *emitter) fromI32(v ir.Value, t ir.Type) ir.Value {
	if v.Type() == t {
		return v
	}
	if _, ok := t.(*ir.IndexType); ok {
		return arith.BuildIndexCast(e.b, e.b.Loc, v, t).Operation.Result(0)
	}
	if ir.IntOrFloatBitWidth(t) > 32 {
		return arith.BuildExtsi(e.b, e.b.Loc, v, t).Operation.Result(0)
	}
	return arith.BuildTrunci(e.b, e.b.Loc, v, t).Operation.Result(0)
}

func (e *emitter) windowIndex(w *window) int {
	for i, x := range e.windows {
		if x == w {
			return i
		}
	}
	return -1
}

// loadOp reads a window; with a pad, the elements past the end of the
// array (and those the mask turns off) take the pad value.
func (e *emitter) loadOp(ld tile.LoadOp) error {
	ctx := e.ctx
	op := ld.Operation
	loc := op.Loc()
	w := e.winOf[op]
	t := e.vecType(ld.Result().Type()).(*ir.VectorType)
	x := vector.BuildLoad(e.b, loc, e.refs[e.windowIndex(w)], e.zeros(len(w.block)), t).Operation.Result(0)
	if ld.Pad() == nil {
		e.vm[ld.Result()] = x
		return nil
	}
	i32 := ctx.I(32)
	it := ctx.VectorType(t.Shape, nil, i32)
	var mask ir.Value
	and := func(m ir.Value) {
		if mask == nil {
			mask = m
		} else {
			mask = arith.BuildAndi(e.b, loc, mask, m).Operation.Result(0)
		}
	}
	for d := range w.block {
		if w.array[d] != ir.Dynamic && w.array[d]%w.block[d] == 0 {
			continue
		}
		iota := tpu.BuildIota(e.b, loc, ctx.DenseI32Array(int32(d)), it).Operation.Result(0)
		var bidx ir.Value
		if w.axis[d] >= 0 {
			bidx = e.entry.Argument(w.axis[d])
			if w.div[d] > 1 {
				bidx = arith.BuildDivsi(e.b, loc, bidx, e.c(w.div[d], i32)).Operation.Result(0)
			}
		} else {
			bidx = e.c(w.konst[d], i32)
		}
		off := arith.BuildMuli(e.b, loc, bidx, e.c(w.block[d], i32)).Operation.Result(0)
		offv := vector.BuildBroadcast(e.b, loc, off, it).Operation.Result(0)
		pos := arith.BuildAddi(e.b, loc, iota, offv).Operation.Result(0)
		var lim ir.Value
		if w.array[d] == ir.Dynamic {
			n, err := e.sizeOfArg(op, w.arg, d)
			if err != nil {
				return err
			}
			lim = vector.BuildBroadcast(e.b, loc, n, it).Operation.Result(0)
		} else {
			c, err := e.splatConst(it, fmt.Sprint(w.array[d]))
			if err != nil {
				return err
			}
			lim = c
		}
		and(arith.BuildCmpi(e.b, loc, pos, lim, arith.CmpIPredicateSlt).Operation.Result(0))
	}
	if ld.Mask() != nil {
		m, err := e.get(op, ld.Mask())
		if err != nil {
			return err
		}
		and(m)
	}
	if mask == nil {
		e.vm[ld.Result()] = x
		return nil
	}
	pad, err := e.padValue(op, ld.Pad(), t)
	if err != nil {
		return err
	}
	e.vm[ld.Result()] = arith.BuildSelect(e.b, loc, mask, x, pad).Operation.Result(0)
	return nil
}

func (e *emitter) padValue(op *ir.Operation, pad ir.Attribute, t *ir.VectorType) (ir.Value, error) {
	var text string
	switch p := pad.(type) {
	case *ir.FloatAttr:
		text = fmt.Sprintf("0x%X", p.Bits[0])
	case *ir.IntegerAttr:
		text = fmt.Sprint(p.Int64())
	case *ir.StringAttr:
		ft, isFloat := t.Elem.(*ir.FloatType)
		switch {
		case p.Value == "zero" && isFloat:
			text = "0.0"
		case p.Value == "zero":
			text = "0"
		case isFloat && (p.Value == "nan" || p.Value == "neg_inf" || p.Value == "pos_inf"):
			f := map[string]float64{"neg_inf": -1, "pos_inf": 1}[p.Value]
			var v interp.Value
			if p.Value == "nan" {
				v = interp.MakeFloat(ft, nanOf())
			} else {
				v = interp.MakeFloat(ft, infOf(f))
			}
			text = fmt.Sprintf("0x%X", v.Bits())
		}
	}
	if text == "" {
		return nil, errAt(op, "unsupported pad value %s", ir.AttrString(pad))
	}
	v, err := e.splatConst(t, text)
	if err != nil {
		return nil, errAt(op, "pad value: %v", err)
	}
	return v, nil
}

// reduceOp lowers a reduction by a kind to vector.multi_reduction, whose
// accumulator is the kind's identity.
func (e *emitter) reduceOp(r tile.ReduceOp) error {
	op := r.Operation
	kind, ok := r.Kind()
	if !ok {
		return errAt(op, "a reduction with a combining region is not supported on TPU; use a kind")
	}
	x, err := e.get(op, r.Input())
	if err != nil {
		return err
	}
	rt := e.vecType(r.Result().Type())
	elem := rt
	if vt, ok := rt.(*ir.VectorType); ok {
		elem = vt.Elem
	}
	_, isFloat := elem.(*ir.FloatType)
	var vk vector.CombiningKind
	var id string
	switch kind {
	case tile.CombiningKindSum:
		vk, id = vector.CombiningKindAdd, "0"
		if isFloat {
			id = "0.0"
		}
	case tile.CombiningKindProd:
		vk, id = vector.CombiningKindMul, "1"
		if isFloat {
			id = "1.0"
		}
	case tile.CombiningKindMax:
		if isFloat {
			vk, id = vector.CombiningKindMaximumf, fmt.Sprintf("0x%X", interp.MakeFloat(elem.(*ir.FloatType), infOf(-1)).Bits())
		} else {
			vk, id = vector.CombiningKindMaxsi, fmt.Sprint(minInt(elem))
		}
	case tile.CombiningKindMin:
		if isFloat {
			vk, id = vector.CombiningKindMinimumf, fmt.Sprintf("0x%X", interp.MakeFloat(elem.(*ir.FloatType), infOf(1)).Bits())
		} else {
			vk, id = vector.CombiningKindMinsi, fmt.Sprint(maxInt(elem))
		}
	default:
		return errAt(op, "unsupported reduction kind")
	}
	var acc ir.Value
	if _, ok := rt.(*ir.VectorType); ok {
		if acc, err = e.splatConst(rt, id); err != nil {
			return err
		}
	} else {
		a, err := parseScalar(e.ctx, id, elem)
		if err != nil {
			return errAt(op, "%v", err)
		}
		acc = arith.BuildConstant(e.b, op.Loc(), a, elem).Operation.Result(0)
	}
	red := vector.BuildMultiReduction(e.b, op.Loc(), x, acc, vk, e.ctx.DenseI64Array(r.Dim()))
	e.vm[r.Result()] = red.Operation.Result(0)
	return nil
}

// castOp lowers tile.cast to the arith conversion between its types.
func (e *emitter) castOp(c tile.CastOp) error {
	op := c.Operation
	loc := op.Loc()
	if r, ok := c.Rounding(); ok && r != tile.RoundingModeToNearestEven {
		return errAt(op, "tile.cast with rounding %s is not supported on TPU", r)
	}
	x, err := e.get(op, c.Input())
	if err != nil {
		return err
	}
	in, out := tensorType(c.Input()).Elem, tensorType(c.Result()).Elem
	t := e.vecType(c.Result().Type())
	fi, inF := in.(*ir.FloatType)
	fo, outF := out.(*ir.FloatType)
	var v ir.Value
	switch {
	case x.Type() == t:
		v = x
	case inF && outF && ir.IntOrFloatBitWidth(fo) > ir.IntOrFloatBitWidth(fi):
		v = arith.BuildExtf(e.b, loc, x, t).Operation.Result(0)
	case inF && outF:
		v = arith.BuildTruncf(e.b, loc, x, t).Operation.Result(0)
	case !inF && outF && c.Unsigned():
		v = arith.BuildUitofp(e.b, loc, x, t).Operation.Result(0)
	case !inF && outF:
		v = arith.BuildSitofp(e.b, loc, x, t).Operation.Result(0)
	case inF && c.Unsigned():
		v = arith.BuildFptoui(e.b, loc, x, t).Operation.Result(0)
	case inF:
		v = arith.BuildFptosi(e.b, loc, x, t).Operation.Result(0)
	case ir.IntOrFloatBitWidth(elemOf(e.ctx, out)) > ir.IntOrFloatBitWidth(elemOf(e.ctx, in)) && c.Unsigned():
		v = arith.BuildExtui(e.b, loc, x, t).Operation.Result(0)
	case ir.IntOrFloatBitWidth(elemOf(e.ctx, out)) > ir.IntOrFloatBitWidth(elemOf(e.ctx, in)):
		v = arith.BuildExtsi(e.b, loc, x, t).Operation.Result(0)
	default:
		v = arith.BuildTrunci(e.b, loc, x, t).Operation.Result(0)
	}
	e.vm[c.Result()] = v
	return nil
}
