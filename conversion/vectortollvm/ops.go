package vectortollvm

import (
	"encoding/binary"
	"math"

	"github.com/strata-ir/strata/conversion/arithtollvm"
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/vector"
)

// convertVector is upstream's vector type conversion
// (llvmcommon.ConvertVector): a 1-D vector stays (its elements converted),
// an n-D one becomes nested arrays of 1-D vectors.
func convertVector(ctx *ir.Context, tc *rewrite.TypeConverter, v *ir.VectorType) ir.Type {
	return llvmcommon.ConvertVector(ctx, tc, v)
}

// positions decodes a static_position array; ok is false when a
// position other than the last is dynamic (ir.Dynamic), or when the last
// one is and scalar is false.
func positions(a ir.Attribute, scalar bool) ([]int64, bool) {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil, false
	}
	var out []int64
	for i := 0; i+8 <= len(d.Data); i += 8 {
		out = append(out, int64(binary.LittleEndian.Uint64(d.Data[i:])))
	}
	for i, v := range out {
		if v == ir.Dynamic && (i != len(out)-1 || !scalar) {
			return nil, false
		}
	}
	return out, true
}

// lane returns the lane index of a scalar access: an i64 constant, or the
// converted dynamic position.
func lane(r *rewrite.ConversionRewriter, loc ir.Location, pos int64, dyn []ir.Value) ir.Value {
	if pos == ir.Dynamic && len(dyn) == 1 {
		return dyn[0]
	}
	return i64Const(r, loc, pos)
}

func isScalar(t ir.Type) bool {
	_, isVec := t.(*ir.VectorType)
	return !isVec
}

func constant(r *rewrite.ConversionRewriter, loc ir.Location, t ir.Type, v ir.Attribute) ir.Value {
	return llvmcommon.Create(r, "llvm.mlir.constant", loc, nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: v}}).Result(0)
}

func i64Const(r *rewrite.ConversionRewriter, loc ir.Location, v int64) ir.Value {
	ctx := r.Builder.Ctx
	return constant(r, loc, ctx.I(64), ctx.IntegerAttr(ctx.I(64), v))
}

func fastmath(ctx *ir.Context, op *ir.Operation) ir.Attribute {
	a := op.InherentAttr("fastmath")
	if a != nil {
		if fm := arithtollvm.Fastmath(ctx, a); fm != nil {
			return fm
		}
	}
	fm, _ := ctx.Dialect("llvm").ParseAttr(ctx, "fastmath<none>")
	return fm
}

// broadcast lowers a broadcast of a scalar to a 1-D vector: the scalar
// inserted at lane 0 of a poison vector and shuffled to every lane; and a
// broadcast to an n-D vector that duplicates its source (broadcastND).
func (l *lowering) broadcast(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	ctx := r.Builder.Ctx
	if broadcastND(op) {
		r.ReplaceOp(op, []ir.Value{l.broadcastNDLower(op, operands, r)})
		return true
	}
	dst, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || len(dst.Shape) > 1 || (len(dst.Scalable) > 0 && dst.Scalable[0]) {
		return false
	}
	x := operands[0]
	loc := op.Loc()
	if src, isVec := op.Operand(0).Type().(*ir.VectorType); isVec {
		// A 0-D source is read as its scalar first, as upstream's
		// broadcast lowering extracts it.
		if len(src.Shape) != 0 || len(dst.Shape) != 1 {
			return false
		}
		x = llvmcommon.Create(r, "llvm.extractelement", loc, []ir.Value{x, i64Const(r, loc, 0)}, []ir.Type{l.tc.Convert(src.Elem)}, nil).Result(0)
	}
	t := l.tc.Convert(dst)
	poison := llvmcommon.Poison(r, loc, t)
	zero := constant(r, loc, ctx.I(32), ctx.IntegerAttr(ctx.I(32), 0))
	ins := llvmcommon.Create(r, "llvm.insertelement", loc, []ir.Value{poison, x, zero}, []ir.Type{t}, nil).Result(0)
	if len(dst.Shape) == 0 {
		// To a 0-D vector: the scalar at lane 0, without a shuffle.
		r.ReplaceOp(op, []ir.Value{ins})
		return true
	}
	mask := make([]int32, dst.Shape[0])
	sh := llvmcommon.Create(r, "llvm.shufflevector", loc, []ir.Value{ins, poison}, []ir.Type{t},
		[]ir.NamedAttr{{Name: "mask", Value: ctx.DenseI32Array(mask...)}}).Result(0)
	r.ReplaceOp(op, []ir.Value{sh})
	return true
}

// extract lowers vector.extract at static positions: llvm.extractvalue
// through the arrays of an n-D vector and llvm.extractelement of a
// scalar from the 1-D vector.
func (l *lowering) extract(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	pos, ok := positions(vector.ExtractOp{Operation: op}.StaticPosition(), isScalar(op.Result(0).Type()))
	src, isVec := op.Operand(0).Type().(*ir.VectorType)
	if !ok || !isVec || !isScalar(op.Result(0).Type()) && len(pos) == 0 {
		return false
	}
	loc := op.Loc()
	if len(pos) == 0 {
		// The element of a 0-D vector: lane 0 of its 1-element form.
		e := llvmcommon.Create(r, "llvm.extractelement", loc, []ir.Value{operands[0], i64Const(r, loc, 0)},
			[]ir.Type{l.tc.Convert(op.Result(0).Type())}, nil).Result(0)
		r.ReplaceOp(op, []ir.Value{e})
		return true
	}
	resT := l.tc.Convert(op.Result(0).Type())
	v := operands[0]
	_, scalar := op.Result(0).Type().(*ir.VectorType)
	scalar = !scalar
	outer := pos
	if scalar {
		outer = pos[:len(pos)-1]
	}
	if len(outer) > 0 {
		t := resT
		if scalar {
			t = l.tc.Convert(r.Builder.Ctx.VectorType(src.Shape[len(src.Shape)-1:], nil, src.Elem))
		}
		v = llvmcommon.Extract(r, loc, v, t, outer...)
	}
	if scalar {
		idx := lane(r, loc, pos[len(pos)-1], operands[1:])
		v = llvmcommon.Create(r, "llvm.extractelement", loc, []ir.Value{v, idx}, []ir.Type{resT}, nil).Result(0)
	}
	r.ReplaceOp(op, []ir.Value{v})
	return true
}

// insert lowers vector.insert at static positions, the mirror of
// extract.
func (l *lowering) insert(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	pos, ok := positions(vector.InsertOp{Operation: op}.StaticPosition(), isScalar(op.Operand(0).Type()))
	dst, isVec := op.Operand(1).Type().(*ir.VectorType)
	if !ok || !isVec || !isScalar(op.Operand(0).Type()) && len(pos) == 0 {
		return false
	}
	loc := op.Loc()
	if len(pos) == 0 {
		// Into a 0-D vector: lane 0 of its 1-element form.
		v := llvmcommon.Create(r, "llvm.insertelement", loc, []ir.Value{operands[1], operands[0], i64Const(r, loc, 0)},
			[]ir.Type{operands[1].Type()}, nil).Result(0)
		r.ReplaceOp(op, []ir.Value{v})
		return true
	}
	_, scalar := op.Operand(0).Type().(*ir.VectorType)
	scalar = !scalar
	val, dest := operands[0], operands[1]
	if !scalar {
		r.ReplaceOp(op, []ir.Value{llvmcommon.Insert(r, loc, dest, val, pos...)})
		return true
	}
	outer := pos[:len(pos)-1]
	inner := dest
	if len(outer) > 0 {
		inner = llvmcommon.Extract(r, loc, dest, l.tc.Convert(r.Builder.Ctx.VectorType(dst.Shape[len(dst.Shape)-1:], nil, dst.Elem)), outer...)
	}
	idx := lane(r, loc, pos[len(pos)-1], operands[2:])
	var v ir.Value = llvmcommon.Create(r, "llvm.insertelement", loc, []ir.Value{inner, val, idx}, []ir.Type{inner.Type()}, nil).Result(0)
	if len(outer) > 0 {
		v = llvmcommon.Insert(r, loc, dest, v, outer...)
	}
	r.ReplaceOp(op, []ir.Value{v})
	return true
}

// fma lowers a 1-D or 0-D vector.fma to llvm.intr.fmuladd.
func (l *lowering) fma(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	t, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || len(t.Shape) > 1 {
		return false
	}
	ctx := r.Builder.Ctx
	n := llvmcommon.Create(r, "llvm.intr.fmuladd", op.Loc(), operands, []ir.Type{l.tc.Convert(t)},
		[]ir.NamedAttr{{Name: "fastmathFlags", Value: fastmath(ctx, op)}})
	r.ReplaceOp(op, []ir.Value{n.Result(0)})
	return true
}

// bitcast is upstream's VectorBitCastOpConversion: a 0-D or 1-D
// vector.bitcast is an llvm.bitcast of the converted types.
func (l *lowering) bitcast(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	if !rank01(op.Result(0).Type()) {
		return false
	}
	n := llvmcommon.Create(r, "llvm.bitcast", op.Loc(), operands, []ir.Type{l.tc.Convert(op.Result(0).Type())}, nil)
	r.ReplaceOp(op, []ir.Value{n.Result(0)})
	return true
}

var intReductions = map[vector.CombiningKind]string{
	vector.CombiningKindAdd: "add", vector.CombiningKindMul: "mul", vector.CombiningKindAnd: "and",
	vector.CombiningKindOr: "or", vector.CombiningKindXor: "xor", vector.CombiningKindMinsi: "smin",
	vector.CombiningKindMaxsi: "smax", vector.CombiningKindMinui: "umin", vector.CombiningKindMaxui: "umax",
}

var floatReductions = map[vector.CombiningKind]string{
	vector.CombiningKindMaxnumf: "fmax", vector.CombiningKindMinnumf: "fmin",
	vector.CombiningKindMaximumf: "fmaximum", vector.CombiningKindMinimumf: "fminimum",
}

// floatConst returns the f32 or f64 constant v.
func floatConst(ctx *ir.Context, t ir.Type, v float64) ir.Attribute {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return nil
	}
	switch ft.Kind {
	case ir.F32:
		return ctx.FloatAttrBits(ft, uint64(math.Float32bits(float32(v))), 0)
	case ir.F64:
		return ctx.FloatAttrBits(ft, math.Float64bits(v), 0)
	}
	return nil
}

// reduction lowers vector.reduction of a 1-D vector without accumulator
// to llvm.intr.vector.reduce.*; fadd and fmul start from 0.0 and 1.0.
func (l *lowering) reduction(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	red := vector.ReductionOp{Operation: op}
	if red.Acc() != nil || inVectorMask(op) {
		// A masked reduction is lowered with its vector.mask
		// (maskedReduction).
		return false
	}
	src, ok := op.Operand(0).Type().(*ir.VectorType)
	if !ok || len(src.Shape) != 1 {
		return false
	}
	ctx := r.Builder.Ctx
	loc := op.Loc()
	resT := l.tc.Convert(op.Result(0).Type())
	kind := red.Kind()
	var res ir.Value
	switch et := src.Elem.(type) {
	case *ir.IntegerType, *ir.IndexType:
		name, ok := intReductions[kind]
		if !ok {
			return false
		}
		res = llvmcommon.Create(r, "llvm.intr.vector.reduce."+name, loc, operands[:1], []ir.Type{resT}, nil).Result(0)
	case *ir.FloatType:
		fm := []ir.NamedAttr{{Name: "fastmathFlags", Value: fastmath(ctx, op)}}
		if name, ok := floatReductions[kind]; ok {
			res = llvmcommon.Create(r, "llvm.intr.vector.reduce."+name, loc, operands[:1], []ir.Type{resT}, fm).Result(0)
			break
		}
		var name string
		var start float64
		switch kind {
		case vector.CombiningKindAdd:
			name = "fadd"
		case vector.CombiningKindMul:
			name, start = "fmul", 1
		default:
			return false
		}
		c := floatConst(ctx, et, start)
		if c == nil {
			return false
		}
		s := constant(r, loc, resT, c)
		res = llvmcommon.Create(r, "llvm.intr.vector.reduce."+name, loc, []ir.Value{s, operands[0]}, []ir.Type{resT}, fm).Result(0)
	default:
		return false
	}
	r.ReplaceOp(op, []ir.Value{res})
	return true
}

// abiAlignment is the ABI alignment of a scalar type in bytes.
func abiAlignment(t ir.Type) int64 {
	var bits int64
	switch x := t.(type) {
	case *ir.IndexType:
		bits = llvmcommon.IndexBitwidth
	case *ir.IntegerType:
		bits = int64(x.Width)
	case *ir.FloatType:
		switch x.Kind {
		case ir.F16, ir.BF16:
			bits = 16
		case ir.F32:
			bits = 32
		case ir.F64:
			bits = 64
		default:
			return 0
		}
	default:
		return 0
	}
	a := int64(1)
	for a*8 < bits {
		a *= 2
	}
	return a
}

// elementPtr is upstream's getStridedElementPtr: the aligned pointer,
// offset by the layout's offset, then by the sum of the indices times
// their strides (a memref of another offset or dynamic strides, with a
// unit innermost stride, takes memref-to-llvm's).
func (l *lowering) elementPtr(r *rewrite.ConversionRewriter, loc ir.Location, m *ir.MemRefType, desc ir.Value, indices []ir.Value) (ir.Value, bool) {
	ctx := r.Builder.Ctx
	strides, offset, ok := llvmcommon.StridesAndOffset(m)
	if !ok {
		return nil, false
	}
	as, ok := llvmcommon.AddressSpace(m.MemorySpace)
	if !ok {
		return nil, false
	}
	dynamic := offset != 0
	for _, s := range strides {
		dynamic = dynamic || s == ir.Dynamic
	}
	if dynamic {
		if len(strides) == 0 || strides[len(strides)-1] != 1 {
			return nil, false
		}
		return memreftollvm.StridedElementPtr(r, loc, l.tc, m, desc, indices), true
	}
	elem := l.tc.Convert(m.Elem)
	base := llvmcommon.Extract(r, loc, desc, llvm.Ptr(ctx, as), 1)
	i64 := ctx.I(64)
	flags := []ir.NamedAttr{{Name: "overflowFlags", Value: ctx.IntegerAttr(ctx.I(32), 0)}}
	var index ir.Value
	for i, inc := range indices {
		if strides[i] != 1 {
			inc = llvmcommon.Create(r, "llvm.mul", loc, []ir.Value{inc, llvmcommon.Const(r, loc, strides[i])}, []ir.Type{i64}, flags).Result(0)
		}
		if index == nil {
			index = inc
		} else {
			index = llvmcommon.Create(r, "llvm.add", loc, []ir.Value{index, inc}, []ir.Type{i64}, flags).Result(0)
		}
	}
	if index == nil {
		return base, true
	}
	return llvmcommon.Create(r, "llvm.getelementptr", loc, []ir.Value{base, index}, []ir.Type{llvm.Ptr(ctx, as)}, []ir.NamedAttr{
		{Name: "elem_type", Value: ctx.TypeAttr(elem)},
		{Name: "noWrapFlags", Value: ctx.IntegerAttr(ctx.I(32), 0)},
		{Name: "rawConstantIndices", Value: ctx.DenseI32Array(math.MinInt32)},
	}).Result(0), true
}

// loadStore lowers a 1-D vector.load or vector.store on a memref of
// static strides and offset 0 to llvm.load/llvm.store of the vector at
// the element's address, aligned as the memref's element.
func (l *lowering) loadStore(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	ctx := r.Builder.Ctx
	load := op.Name() == vector.LoadOpName
	baseIdx, vecT := 1, op.Operand(0).Type()
	if load {
		baseIdx, vecT = 0, op.Result(0).Type()
	}
	vt, ok := vecT.(*ir.VectorType)
	if !ok || len(vt.Shape) > 1 {
		return false
	}
	m, ok := op.Operand(baseIdx).Type().(*ir.MemRefType)
	if !ok || llvmcommon.DescriptorRank(operands[baseIdx].Type()) < 0 {
		return false
	}
	if _, isVec := m.Elem.(*ir.VectorType); isVec {
		return false
	}
	align := abiAlignment(m.Elem)
	if a, ok := op.InherentAttr("alignment").(*ir.IntegerAttr); ok && a.Int64() != 0 {
		align = a.Int64()
	}
	if align == 0 {
		return false
	}
	loc := op.Loc()
	ptr, ok := l.elementPtr(r, loc, m, operands[baseIdx], operands[baseIdx+1:])
	if !ok {
		return false
	}
	props := []ir.NamedAttr{
		{Name: "alignment", Value: ctx.IntegerAttr(ctx.I(64), align)},
		{Name: "ordering", Value: ctx.IntegerAttr(ctx.I(64), 0)},
	}
	if a, ok := op.InherentAttr("nontemporal").(*ir.IntegerAttr); ok && a.Int64() != 0 {
		props = append(props, ir.NamedAttr{Name: "nontemporal", Value: ctx.Unit()})
	}
	if load {
		v := llvmcommon.Create(r, "llvm.load", loc, []ir.Value{ptr}, []ir.Type{l.tc.Convert(vt)}, props).Result(0)
		r.ReplaceOp(op, []ir.Value{v})
		return true
	}
	llvmcommon.Create(r, "llvm.store", loc, []ir.Value{operands[0], ptr}, nil, props)
	r.ReplaceOp(op, nil)
	return true
}

func rank1(t ir.Type) bool {
	v, ok := t.(*ir.VectorType)
	return ok && len(v.Shape) == 1
}

// rank01 reports whether t is a vector of rank 0 or 1.
func rank01(t ir.Type) bool {
	v, ok := t.(*ir.VectorType)
	return ok && len(v.Shape) <= 1
}

// lowerable reports whether the patterns lower op; the others stay legal,
// as upstream leaves what its patterns decline.
func (l *lowering) lowerable(op *ir.Operation) bool {
	switch op.Name() {
	case vector.BroadcastOpName:
		v, ok := op.Result(0).Type().(*ir.VectorType)
		src, fromVec := op.Operand(0).Type().(*ir.VectorType)
		from0D := fromVec && len(src.Shape) == 0 && ok && len(v.Shape) == 1
		return (ok && len(v.Shape) <= 1 && !(len(v.Scalable) > 0 && v.Scalable[0]) && (!fromVec || from0D)) || broadcastND(op)
	case vector.ShapeCastOpName:
		return shapeCastLowerable(op)
	case vector.ExtractOpName:
		pos, ok := positions(vector.ExtractOp{Operation: op}.StaticPosition(), isScalar(op.Result(0).Type()))
		return ok && (len(pos) > 0 || isScalar(op.Result(0).Type()))
	case vector.InsertOpName:
		pos, ok := positions(vector.InsertOp{Operation: op}.StaticPosition(), isScalar(op.Operand(0).Type()))
		return ok && (len(pos) > 0 || isScalar(op.Operand(0).Type()))
	case vector.FmaOpName, vector.BitcastOpName:
		return rank01(op.Result(0).Type())
	case vector.ShuffleOpName:
		v, ok := op.Operand(0).Type().(*ir.VectorType)
		return ok && len(v.Shape) > 0 && !(len(v.Scalable) > 0 && v.Scalable[0])
	case vector.ReductionOpName:
		red := vector.ReductionOp{Operation: op}
		if red.Acc() != nil || !rank1(op.Operand(0).Type()) || inVectorMask(op) {
			return false
		}
		switch et := op.Operand(0).Type().(*ir.VectorType).Elem.(type) {
		case *ir.IntegerType, *ir.IndexType:
			_, ok := intReductions[red.Kind()]
			return ok
		case *ir.FloatType:
			if _, ok := floatReductions[red.Kind()]; ok {
				return true
			}
			k := red.Kind()
			return (k == vector.CombiningKindAdd || k == vector.CombiningKindMul) && floatConst(op.Context(), et, 0) != nil
		}
		return false
	case vector.LoadOpName, vector.StoreOpName:
		baseIdx, vecT := 1, ir.Type(nil)
		if op.Name() == vector.LoadOpName {
			baseIdx, vecT = 0, op.Result(0).Type()
		} else {
			vecT = op.Operand(0).Type()
		}
		m, ok := op.Operand(baseIdx).Type().(*ir.MemRefType)
		if !ok || !rank01(vecT) {
			return false
		}
		if _, isVec := m.Elem.(*ir.VectorType); isVec || abiAlignment(m.Elem) == 0 {
			return false
		}
		strides, offset, ok := llvmcommon.StridesAndOffset(m)
		if !ok {
			return false
		}
		dynamic := offset != 0
		for _, s := range strides {
			dynamic = dynamic || s == ir.Dynamic
		}
		if dynamic && (len(strides) == 0 || strides[len(strides)-1] != 1) {
			return false
		}
		_, ok = llvmcommon.AddressSpace(m.MemorySpace)
		return ok
	}
	return false
}

// shuffle is upstream's VectorShuffleOpConversion: two 1-D operands of
// one type become llvm.shufflevector; otherwise the result is built
// element by element (rank 1) or row by row (rank n, through the arrays),
// each taken from the operand the mask index names.
func (l *lowering) shuffle(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	sh := vector.ShuffleOp{Operation: op}
	v1T, ok1 := sh.V1().Type().(*ir.VectorType)
	resT, ok2 := sh.Vector().Type().(*ir.VectorType)
	mask, ok3 := positions(sh.Mask(), true)
	if !ok1 || !ok2 || !ok3 || len(v1T.Shape) == 0 || (len(v1T.Scalable) > 0 && v1T.Scalable[0]) {
		return false
	}
	loc, ctx := op.Loc(), r.Builder.Ctx
	llvmT := l.tc.Convert(resT)
	if len(v1T.Shape) == 1 && sh.V1().Type() == sh.V2().Type() {
		m := make([]int32, len(mask))
		for i, x := range mask {
			m[i] = int32(x)
		}
		v := llvmcommon.Create(r, "llvm.shufflevector", loc, operands[:2], []ir.Type{llvmT},
			[]ir.NamedAttr{{Name: "mask", Value: ctx.DenseI32Array(m...)}}).Result(0)
		r.ReplaceOp(op, []ir.Value{v})
		return true
	}
	n1 := v1T.Shape[0]
	indexConst := func(v int64) ir.Value {
		return constant(r, loc, l.tc.Convert(ctx.IndexType()), ctx.IntegerAttr(ctx.IndexType(), v))
	}
	acc := llvmcommon.Poison(r, loc, llvmT)
	for i, m := range mask {
		src, pos := operands[0], m
		if m >= n1 {
			src, pos = operands[1], m-n1
		}
		if len(v1T.Shape) == 1 {
			e := llvmcommon.Create(r, "llvm.extractelement", loc, []ir.Value{src, indexConst(pos)},
				[]ir.Type{l.tc.Convert(resT.Elem)}, nil).Result(0)
			acc = llvmcommon.Create(r, "llvm.insertelement", loc, []ir.Value{acc, e, indexConst(int64(i))},
				[]ir.Type{llvmT}, nil).Result(0)
			continue
		}
		row := l.tc.Convert(ctx.VectorType(resT.Shape[1:], nil, resT.Elem))
		acc = llvmcommon.Insert(r, loc, acc, llvmcommon.Extract(r, loc, src, row, pos), int64(i))
	}
	r.ReplaceOp(op, []ir.Value{acc})
	return true
}

// vpReductions names the llvm.intr.vp.reduce.* intrinsic of each kind of
// a masked reduction, for integer and float elements.
var vpReductions = map[vector.CombiningKind][2]string{
	vector.CombiningKindAdd: {"add", "fadd"}, vector.CombiningKindMul: {"mul", "fmul"},
	vector.CombiningKindAnd: {"and", ""}, vector.CombiningKindOr: {"or", ""}, vector.CombiningKindXor: {"xor", ""},
	vector.CombiningKindMinsi: {"smin", ""}, vector.CombiningKindMaxsi: {"smax", ""},
	vector.CombiningKindMinui: {"umin", ""}, vector.CombiningKindMaxui: {"umax", ""},
	vector.CombiningKindMinnumf: {"", "fmin"}, vector.CombiningKindMaxnumf: {"", "fmax"},
}

// neutralStart is the start value of a masked reduction without
// accumulator (upstream's ReductionNeutral*): the identity of the kind,
// or nil for the kinds maskedReduction leaves alone (maximumf and
// minimumf, which upstream lowers with a select instead).
func neutralStart(ctx *ir.Context, kind vector.CombiningKind, t ir.Type) ir.Attribute {
	if it, ok := t.(*ir.IntegerType); ok {
		w := int(it.Width)
		if w == 0 || w > 64 {
			return nil
		}
		var v int64
		switch kind {
		case vector.CombiningKindAdd, vector.CombiningKindOr, vector.CombiningKindXor, vector.CombiningKindMaxui:
			v = 0
		case vector.CombiningKindMul:
			v = 1
		case vector.CombiningKindAnd, vector.CombiningKindMinui:
			v = -1
		case vector.CombiningKindMinsi:
			v = int64(^uint64(0) >> (65 - w))
		case vector.CombiningKindMaxsi:
			v = -int64(^uint64(0)>>(65-w)) - 1
		default:
			return nil
		}
		return ctx.IntegerAttr(it, v)
	}
	switch kind {
	case vector.CombiningKindAdd:
		return floatConst(ctx, t, 0)
	case vector.CombiningKindMul:
		return floatConst(ctx, t, 1)
	case vector.CombiningKindMaxnumf, vector.CombiningKindMinnumf:
		// maxnum and minnum of a quiet NaN and x are x.
		return floatConst(ctx, t, math.NaN())
	}
	return nil
}

// maskedReduction lowers a vector.mask of a vector.reduction of a fixed
// 1-D vector to llvm.intr.vp.reduce.* (upstream's
// MaskedReductionOpConversion): the masked-off lanes take no part, the
// start value is the accumulator or the kind's neutral value, and the
// explicit vector length is the whole vector.
func (l *lowering) maskedReduction(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	red, src, name, ok := maskedReductionOf(op)
	if !ok {
		return false
	}
	ctx := r.Builder.Ctx
	loc := red.Operation.Loc()
	resT := l.tc.Convert(red.Dest().Type())
	start := red.Acc()
	if start == nil {
		start = constant(r, loc, resT, neutralStart(ctx, red.Kind(), src.Elem))
	}
	evl := constant(r, loc, ctx.I(32), ctx.IntegerAttr(ctx.I(32), src.Shape[0]))
	// As upstream's, the intrinsic carries no fastmath flags.
	res := llvmcommon.Create(r, "llvm.intr.vp.reduce."+name, loc, []ir.Value{start, red.Vector(), operands[0], evl}, []ir.Type{resT}, nil).Result(0)
	r.ReplaceOp(op, []ir.Value{res})
	return true
}

// maskedReductionOf returns the reduction a vector.mask without passthru
// masks, its fixed 1-D vector type and the name of its vp intrinsic, when
// maskedReduction lowers it.
func maskedReductionOf(op *ir.Operation) (vector.ReductionOp, *ir.VectorType, string, bool) {
	m, ok := vector.AsMaskOp(op)
	if !ok || m.Passthru() != nil {
		return vector.ReductionOp{}, nil, "", false
	}
	red, ok := vector.AsReductionOp(m.MaskableOpOf())
	if !ok {
		return vector.ReductionOp{}, nil, "", false
	}
	src, ok := red.Vector().Type().(*ir.VectorType)
	if !ok || len(src.Shape) != 1 || (len(src.Scalable) > 0 && src.Scalable[0]) {
		return vector.ReductionOp{}, nil, "", false
	}
	_, isFloat := src.Elem.(*ir.FloatType)
	if _, isInt := src.Elem.(*ir.IntegerType); !isFloat && !isInt {
		return vector.ReductionOp{}, nil, "", false
	}
	names, ok := vpReductions[red.Kind()]
	name := names[0]
	if isFloat {
		name = names[1]
	}
	if !ok || name == "" || (red.Acc() == nil && neutralStart(op.Context(), red.Kind(), src.Elem) == nil) {
		return vector.ReductionOp{}, nil, "", false
	}
	return red, src, name, true
}

// maskedReductionLowerable reports whether maskedReduction lowers op.
func (l *lowering) maskedReductionLowerable(op *ir.Operation) bool {
	_, _, _, ok := maskedReductionOf(op)
	return ok
}
