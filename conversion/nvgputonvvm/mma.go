package nvgputonvvm

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvgpu"
)

var mmaLowerings = []lowering{
	{"nvgpu.mma.sync", lowerMmaSync},
	{"nvgpu.mma.sp.sync", lowerMmaSpSync},
	{"nvgpu.ldmatrix", lowerLdmatrix},
	{"nvgpu.rcp", lowerRcp},
}

// elementPtr is the address of the element at indices of the memref
// value whose converted descriptor is desc.
func (b *builder) elementPtr(t ir.Type, desc ir.Value, indices []ir.Value) ir.Value {
	m := normalizeMemRef(b.ctx(), t.(*ir.MemRefType))
	return memreftollvm.StridedElementPtr(b.r, b.loc, b.tc, m, desc, indices)
}

func (b *builder) vec(n int64, elem ir.Type) *ir.VectorType {
	return b.ctx().VectorType([]int64{n}, nil, elem)
}

// mmaType is upstream's getNvvmMmaType: the PTX type of a multiplicand's
// elements.
func mmaType(t ir.Type) (string, bool) {
	if v, ok := t.(*ir.VectorType); ok {
		t = v.Elem
	}
	switch {
	case isInt(t, 8):
		return "s8", true
	case isInt(t, 4):
		return "s4", true
	case isFloat(t, ir.F16):
		return "f16", true
	case isFloat(t, ir.BF16):
		return "bf16", true
	case isFloat(t, ir.F64):
		return "f64", true
	case isFloat(t, ir.F32):
		return "tf32", true
	}
	return "", false
}

// accumulatorMmaType is NVVM's inferOperandMMAType for an accumulator
// element type.
func accumulatorMmaType(t ir.Type) (string, bool) {
	switch {
	case isFloat(t, ir.F64):
		return "f64", true
	case isFloat(t, ir.F16):
		return "f16", true
	case isFloat(t, ir.F32):
		return "f32", true
	}
	if _, ok := t.(*ir.IntegerType); ok {
		return "s32", true
	}
	return "", false
}

// unpackOperand is upstream's unpackOperandVector: the elements of a
// converted fragment (an array of 1-D vectors) as nvvm.mma.sync takes
// them: 8- and 4-bit integers, bf16 pairs and tf32 as i32 registers,
// vectors of i32, f32 and f64 as scalars, other vectors unchanged.
func (b *builder) unpackOperand(v ir.Value, ptxType string) []ir.Value {
	ctx := b.ctx()
	arr, ok := v.Type().(*llvm.ArrayType)
	if !ok {
		return nil
	}
	inner, _ := arr.Elem.(*ir.VectorType)
	var out []ir.Value
	for i := uint64(0); i < arr.Len; i++ {
		e := b.extract(v, int64(i))
		if inner != nil && len(inner.Shape) == 1 {
			n, el := inner.Shape[0], inner.Elem
			if (n == 4 && isInt(el, 8)) || (n == 8 && isInt(el, 4)) || (n == 2 && isFloat(el, ir.BF16) && ptxType == "bf16") ||
				(n == 1 && isFloat(el, ir.F32) && ptxType == "tf32") {
				out = append(out, b.value("llvm.bitcast", []ir.Value{e}, ctx.I(32)))
				continue
			}
			if isInt(el, 32) || isFloat(el, ir.F64) || isFloat(el, ir.F32) {
				for j := int64(0); j < n; j++ {
					idx := b.i64(j)
					out = append(out, b.value("llvm.extractelement", []ir.Value{e, idx}, el))
				}
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// intrinsicResultType is upstream's inferIntrinsicResultType: the struct
// nvvm.mma.sync returns for a converted result fragment type.
func intrinsicResultType(ctx *ir.Context, t ir.Type) ir.Type {
	a, ok := t.(*llvm.ArrayType)
	if !ok {
		return t
	}
	v, ok := a.Elem.(*ir.VectorType)
	if !ok || len(v.Shape) != 1 {
		return t
	}
	fields := func(n uint64, f ir.Type) ir.Type {
		fs := make([]ir.Type, n)
		for i := range fs {
			fs[i] = f
		}
		return llvm.LiteralStruct(ctx, fs, false)
	}
	switch n := v.Shape[0]; {
	case n == 2 && isFloat(v.Elem, ir.F16):
		return fields(a.Len, v)
	case n == 2 && isInt(v.Elem, 32):
		return fields(a.Len*2, v.Elem)
	case n == 2 && isFloat(v.Elem, ir.F64):
		return fields(2, v.Elem)
	case n == 2 && isFloat(v.Elem, ir.F32):
		return fields(a.Len*2, v.Elem)
	case n == 1 && isFloat(v.Elem, ir.F32):
		return fields(a.Len, v.Elem)
	}
	return t
}

// convertIntrinsicResult is upstream's convertIntrinsicResult: the struct
// of an mma packed back into the array of 1-D vectors of the fragment.
func (b *builder) convertIntrinsicResult(resTy ir.Type, res ir.Value) ir.Value {
	st, _ := res.Type().(*llvm.StructType)
	arr, ok := resTy.(*llvm.ArrayType)
	if !ok || st == nil {
		return res
	}
	v, _ := arr.Elem.(*ir.VectorType)
	var elems []ir.Value
	if v != nil && len(v.Shape) == 1 {
		n := v.Shape[0]
		switch {
		case (n == 2 && isFloat(v.Elem, ir.F16)) || (n == 1 && isFloat(v.Elem, ir.F32)):
			for i := range st.Fields {
				e := b.extract(res, int64(i))
				if e.Type() != arr.Elem {
					e = b.value("llvm.bitcast", []ir.Value{e}, arr.Elem)
				}
				elems = append(elems, e)
			}
		case n == 2 && (isInt(v.Elem, 32) || isFloat(v.Elem, ir.F64) || isFloat(v.Elem, ir.F32)):
			for i := 0; i < len(st.Fields)/2; i++ {
				vec := b.poison(arr.Elem)
				x1 := b.extract(res, int64(2*i))
				x2 := b.extract(res, int64(2*i+1))
				vec = b.value("llvm.insertelement", []ir.Value{vec, x1, b.i32(0)}, arr.Elem)
				vec = b.value("llvm.insertelement", []ir.Value{vec, x2, b.i32(1)}, arr.Elem)
				elems = append(elems, vec)
			}
		}
	}
	out := b.poison(arr)
	for i, e := range elems {
		out = b.insert(out, e, int64(i))
	}
	return out
}

func mmaShape(a ir.Attribute) ([3]int64, bool) {
	var s [3]int64
	arr, ok := a.(*ir.ArrayAttr)
	if !ok || len(arr.Elems) != 3 {
		return s, false
	}
	for i, e := range arr.Elems {
		v, ok := e.(*ir.IntegerAttr)
		if !ok {
			return s, false
		}
		s[i] = v.Int64()
	}
	return s, true
}

func lowerMmaSync(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsMmaSyncOp(o)
	if !ok {
		return false
	}
	ctx := b.ctx()
	aType, _ := op.MatrixA().Type().(*ir.VectorType)
	cType, _ := op.MatrixC().Type().(*ir.VectorType)
	shape, ok := mmaShape(op.MmaShape())
	if aType == nil || cType == nil || !ok {
		return false
	}
	// Tensor cores compute f32 products only as tf32.
	if isFloat(aType.Elem, ir.F32) && !op.Tf32Enabled() {
		return false
	}
	ptxA, okA := mmaType(aType)
	// Upstream takes B's PTX type from A's type too.
	ptxB, okB := mmaType(aType)
	ptxC, okC := accumulatorMmaType(cType.Elem)
	if !okA || !okB || !okC {
		return false
	}
	_, intA := aType.Elem.(*ir.IntegerType)
	matA := b.unpackOperand(operands[0], ptxA)
	matB := b.unpackOperand(operands[1], ptxB)
	matC := b.unpackOperand(operands[2], ptxC)
	if matA == nil || matB == nil || matC == nil {
		return false
	}
	desired := b.tc.Convert(op.Res().Type())
	resTy := intrinsicResultType(ctx, desired)
	props := []ir.NamedAttr{
		prop("shape", attr(ctx, fmt.Sprintf("#nvvm.shape<m = %d, n = %d, k = %d>", shape[0], shape[1], shape[2]))),
		prop("multiplicandAPtxType", attr(ctx, "#nvvm.mma_type<"+ptxA+">")),
		prop("multiplicandBPtxType", attr(ctx, "#nvvm.mma_type<"+ptxB+">")),
		prop("layoutA", attr(ctx, "#nvvm.mma_layout<row>")),
		prop("layoutB", attr(ctx, "#nvvm.mma_layout<col>")),
		prop("operandSegmentSizes", ctx.DenseI32Array(int32(len(matA)), int32(len(matB)), int32(len(matC)))),
	}
	if intA {
		props = append(props, prop("intOverflowBehavior", attr(ctx, "#nvvm.mma_int_overflow<satfinite>")))
	}
	all := append(append(append([]ir.Value{}, matA...), matB...), matC...)
	res := b.value("nvvm.mma.sync", all, resTy, props...)
	b.r.ReplaceOp(o, []ir.Value{b.convertIntrinsicResult(desired, res)})
	return true
}

// lowerMmaSpSync is upstream's NVGPUMmaSparseSyncLowering: the sparse
// product is PTX's mma.sp.sync written as inline assembly, its operands
// the unpacked fragments and the sparsity metadata as an i32.
func lowerMmaSpSync(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsMmaSpSyncOp(o)
	if !ok || len(operands) != 4 {
		return false
	}
	ctx := b.ctx()
	aType, _ := op.MatrixA().Type().(*ir.VectorType)
	bType, _ := op.MatrixB().Type().(*ir.VectorType)
	cType, _ := op.MatrixC().Type().(*ir.VectorType)
	shape, ok := mmaShape(op.MmaShape())
	if aType == nil || bType == nil || cType == nil || !ok {
		return false
	}
	ptxA, okA := mmaType(aType)
	ptxB, okB := mmaType(bType)
	ptxC, okC := accumulatorMmaType(cType.Elem)
	if !okA || !okB || !okC {
		return false
	}
	if isFloat(aType.Elem, ir.F32) && !op.Tf32Enabled() {
		return false
	}
	_, intA := aType.Elem.(*ir.IntegerType)
	matA := b.unpackOperand(operands[0], ptxA)
	matB := b.unpackOperand(operands[1], ptxB)
	matC := b.unpackOperand(operands[2], ptxC)
	if matA == nil || matB == nil || matC == nil {
		return false
	}
	desired := b.tc.Convert(op.Res().Type())
	resTy := intrinsicResultType(ctx, desired)
	meta := operands[3]
	if meta.Type() != b.vec(2, ctx.I(16)) {
		return false
	}
	meta = b.value("llvm.bitcast", []ir.Value{meta}, ctx.I(32))
	sel := op.SparsitySelector()
	if sel < 0 || sel > 1 {
		return false
	}
	var asm strings.Builder
	fmt.Fprintf(&asm, "mma.sp.sync.aligned.m%dn%dk%d.row.col.", shape[0], shape[1], shape[2])
	if intA {
		asm.WriteString("satfinite.")
	}
	fmt.Fprintf(&asm, "%s.%s.%s.%s ", ptxC, ptxA, ptxB, ptxC)
	arg := 0
	for _, n := range []int{len(matC), len(matA), len(matB), len(matC)} {
		asm.WriteString("{")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&asm, "$%d", arg)
			arg++
			if i < n-1 {
				asm.WriteString(",")
			}
		}
		asm.WriteString("},")
	}
	fmt.Fprintf(&asm, "$%d,0x%d;", arg, sel)
	var cons strings.Builder
	for range matC {
		cons.WriteString("=r,")
	}
	for i := 0; i < len(matA)+len(matB)+len(matC); i++ {
		cons.WriteString("r,")
	}
	cons.WriteString("r")
	all := append(append(append(append([]ir.Value{}, matA...), matB...), matC...), meta)
	res := b.value("llvm.inline_asm", all, resTy,
		prop("asm_string", ctx.Str(asm.String())),
		prop("constraints", ctx.Str(cons.String())),
		prop("has_side_effects", ctx.Unit()),
		prop("tail_call_kind", attr(ctx, "#llvm.tailcallkind<none>")),
		prop("asm_dialect", ctx.IntegerAttr(ctx.I(64), 0)))
	b.r.ReplaceOp(o, []ir.Value{b.convertIntrinsicResult(desired, res)})
	return true
}

func lowerLdmatrix(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsLdmatrixOp(o)
	if !ok {
		return false
	}
	ctx := b.ctx()
	vt, ok := op.Res().Type().(*ir.VectorType)
	if !ok || len(vt.Shape) != 2 {
		return false
	}
	inner := b.vec(vt.Shape[1], vt.Elem)
	regs := vt.Shape[0]
	var resTy ir.Type = ctx.I(32)
	if regs > 1 {
		fs := make([]ir.Type, regs)
		for i := range fs {
			fs[i] = ctx.I(32)
		}
		resTy = llvm.LiteralStruct(ctx, fs, false)
	}
	ptr := b.elementPtr(op.SrcMemref().Type(), operands[0], operands[1:])
	layout := "row"
	if op.Transpose() {
		layout = "col"
	}
	res := b.value("nvvm.ldmatrix", []ir.Value{ptr}, resTy,
		prop("num", ctx.IntegerAttr(ctx.I(32), int64(op.NumTiles()))),
		prop("layout", attr(ctx, "#nvvm.mma_layout<"+layout+">")),
		prop("shape", attr(ctx, "#nvvm.ld_st_matrix_shape<m = 8, n = 8>")),
		prop("eltType", attr(ctx, "#nvvm.ld_st_matrix_elt_type<b16>")))
	out := b.poison(b.tc.Convert(vt))
	for i := int64(0); i < regs; i++ {
		reg := res
		if regs > 1 {
			reg = b.extract(res, i)
		}
		out = b.insert(out, b.value("llvm.bitcast", []ir.Value{reg}, inner), i)
	}
	b.r.ReplaceOp(o, []ir.Value{out})
	return true
}

// lowerRcp applies nvvm.rcp.approx.ftz.f to every element, one 1-D
// vector at a time.
func lowerRcp(b *builder, o *ir.Operation, operands []ir.Value) bool {
	ctx := b.ctx()
	convert1D := func(t ir.Type, in ir.Value) ir.Value {
		v := t.(*ir.VectorType)
		out := b.poison(t)
		for i := int64(0); i < v.Shape[0]; i++ {
			idx := b.i64(i)
			e := b.value("llvm.extractelement", []ir.Value{in, idx}, v.Elem)
			d := b.value("nvvm.rcp.approx.ftz.f", []ir.Value{e}, ctx.FloatType(ir.F32))
			out = b.value("llvm.insertelement", []ir.Value{out, d, idx}, t)
		}
		return out
	}
	vt, ok := o.Result(0).Type().(*ir.VectorType)
	if !ok {
		return false
	}
	if len(vt.Shape) == 1 {
		b.r.ReplaceOp(o, []ir.Value{convert1D(vt, operands[0])})
		return true
	}
	return llvmcommon.UnrollNDVector(b.r, o, operands, b.tc, func(t ir.Type, parts []ir.Value) ir.Value {
		return convert1D(t, parts[0])
	})
}
