package nvvm

import (
	"encoding/binary"
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
	dnvvm "github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/interp/llvm"
	"github.com/strata-ir/strata/interp/nvgpu"
)

// The warp's matrix instructions on registers and shared memory
// addressed by llvm pointers: ldmatrix and mma.sync, with the fragment
// layouts of the PTX ISA (shared with the nvgpu level).

func registerMatrix(reg *interp.Registry) {
	reg.Register("nvvm.ldmatrix", ldmatrix)
	reg.Register("nvvm.mma.sync", mmaSync)
}

// ldmatrix loads 1, 2 or 4 8x8 matrices of 16-bit elements: lanes 8i to
// 8i+7 address the 16-byte rows of matrix i, and lane l receives in
// register i the 32 bits at row l/4, bytes 4(l%4) to 4(l%4)+3 of matrix
// i, or with the col layout (.trans) the elements (2(l%4), l/4) and
// (2(l%4)+1, l/4).
func ldmatrix(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	l, _ := dnvvm.AsLdmatrixOp(op)
	if l.EltType().String() != "b16" {
		return interp.Errorf(op, "the interpreter runs ldmatrix of b16 elements only")
	}
	shape, ok := dnvvm.AsLdStMatrixShapeAttr(l.Shape())
	if !ok || shape.M() != 8 || shape.N() != 8 {
		return interp.Errorf(op, "the interpreter runs ldmatrix of 8x8 matrices only")
	}
	num := int(l.Num())
	if num != 1 && num != 2 && num != 4 {
		return interp.Errorf(op, fmt.Sprintf("ldmatrix loads 1, 2 or 4 matrices, not %d", num))
	}
	trans := l.Layout().String() == "col"
	p, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	out, err := t.Collective(f, op, simt.Warp, p, func(group []*simt.Arrival) error {
		if len(group) != simt.WarpSize {
			return interp.Errorf(op, fmt.Sprintf("ldmatrix needs a full warp, the warp has %d threads", len(group)))
		}
		rows := make([][][]byte, num)
		for i := range rows {
			rows[i] = make([][]byte, 8)
			for r := 0; r < 8; r++ {
				row, err := llvm.LoadBytes(op, group[8*i+r].In.(interp.Value), 16)
				if err != nil {
					return err
				}
				rows[i][r] = row
			}
		}
		for lane, a := range group {
			regs := make([]interp.Value, num)
			for i := range regs {
				var bits uint32
				if trans {
					lo := binary.LittleEndian.Uint16(rows[i][2*(lane%4)][2*(lane/4):])
					hi := binary.LittleEndian.Uint16(rows[i][2*(lane%4)+1][2*(lane/4):])
					bits = uint32(lo) | uint32(hi)<<16
				} else {
					bits = binary.LittleEndian.Uint32(rows[i][lane/4][4*(lane%4):])
				}
				regs[i] = interp.MakeInt(op.Context().I(32), uint64(bits))
			}
			if num == 1 {
				a.Out = regs[0]
			} else {
				a.Out = llvm.MakeAggregate(rt, regs)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}

// mmaOperand is how a PTX type sits in the registers of mma.sync: the
// element type and the elements of one 32-bit (or 64-bit) register.
func mmaOperand(ctx *ir.Context, ptx string) (ir.Type, int, bool) {
	switch ptx {
	case "f16":
		return ctx.FloatType(ir.F16), 2, true
	case "bf16":
		return ctx.FloatType(ir.BF16), 2, true
	case "tf32", "f32":
		return ctx.FloatType(ir.F32), 1, true
	case "f64":
		return ctx.FloatType(ir.F64), 1, true
	case "s8":
		return ctx.IntegerType(8, ir.Signless), 4, true
	case "u8":
		return ctx.IntegerType(8, ir.Unsigned), 4, true
	case "s32":
		return ctx.I(32), 1, true
	}
	return nil, 0, false
}

// unpack returns the elements of mma.sync operands: a vector's lanes, an
// i32 register's packed elements of bits bits from its low end, or a
// scalar.
func unpack(vs []interp.Value, elems, bits int) []uint64 {
	var out []uint64
	for _, v := range vs {
		if d := v.Dense(); d != nil {
			out = append(out, d.Data...)
			continue
		}
		if elems == 1 {
			out = append(out, v.Bits())
			continue
		}
		mask := uint64(1)<<uint(bits) - 1
		for e := 0; e < elems; e++ {
			out = append(out, v.Bits()>>(uint(bits*e))&mask)
		}
	}
	return out
}

// mmaIn is one lane's operands of nvvm.mma.sync.
type mmaIn struct{ a, b, c []uint64 }

// mmaSync is the warp's matrix multiply-accumulate of register fragments.
func mmaSync(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	m := dnvvm.MmaSyncOp{Operation: op}
	shape, ok := dnvvm.AsShapeAttr(m.Shape())
	if !ok {
		return interp.Errorf(op, "mma.sync without a shape")
	}
	if _, ok := m.B1Op(); ok {
		return interp.Errorf(op, "the interpreter does not run mma.sync of b1 operands")
	}
	ctx := op.Context()
	ptxA, okA := m.MultiplicandAPtxType()
	ptxB, okB := m.MultiplicandBPtxType()
	if !okA || !okB {
		return interp.Errorf(op, "the interpreter runs mma.sync with multiplicandAPtxType and multiplicandBPtxType")
	}
	at, aElems, ok1 := mmaOperand(ctx, ptxA.String())
	bt, bElems, ok2 := mmaOperand(ctx, ptxB.String())
	if !ok1 || !ok2 {
		return interp.Errorf(op, fmt.Sprintf("the interpreter does not run mma.sync of %s and %s multiplicands", ptxA, ptxB))
	}
	st, ok := op.Result(0).Type().(*lt.StructType)
	if !ok || len(st.Fields) == 0 || len(m.OperandC()) == 0 {
		return interp.Errorf(op, "expected a struct result and an accumulator")
	}
	// The accumulator's and result's element types.
	elemOf := func(t ir.Type) (ir.Type, int) {
		if v, ok := t.(*ir.VectorType); ok {
			return v.Elem, int(v.Shape[0])
		}
		return t, 1
	}
	ct, cElems := elemOf(m.OperandC()[0].Type())
	dt, _ := elemOf(st.Fields[0])
	vals := func(vs []ir.Value) ([]interp.Value, error) { return f.Values(op, vs) }
	av, err := vals(m.OperandA())
	if err != nil {
		return err
	}
	bv, err := vals(m.OperandB())
	if err != nil {
		return err
	}
	cv, err := vals(m.OperandC())
	if err != nil {
		return err
	}
	in := mmaIn{
		a: unpack(av, aElems, ir.IntOrFloatBitWidth(at)),
		b: unpack(bv, bElems, ir.IntOrFloatBitWidth(bt)),
		c: unpack(cv, cElems, ir.IntOrFloatBitWidth(ct)),
	}
	M, N, K := int(shape.M()), int(shape.N()), int(shape.K())
	out, err := t.Collective(f, op, simt.Warp, in, func(group []*simt.Arrival) error {
		if len(group) != simt.WarpSize {
			return interp.Errorf(op, fmt.Sprintf("mma.sync needs a full warp, the warp has %d threads", len(group)))
		}
		var A, B, C [simt.WarpSize][]uint64
		for lane, a := range group {
			x := a.In.(mmaIn)
			A[lane], B[lane], C[lane] = x.a, x.b, x.c
		}
		D, ok := nvgpu.WarpMMA(M, N, K, at, bt, ct, dt, A, B, C)
		if !ok {
			return interp.Errorf(op, fmt.Sprintf("the interpreter has no fragment layout for mma.sync m%dn%dk%d of %s operands with these registers", M, N, K, ptxA))
		}
		for lane, a := range group {
			fs := make([]interp.Value, len(st.Fields))
			k := 0
			for i, ft := range st.Fields {
				if v, ok := ft.(*ir.VectorType); ok {
					n := int(v.Shape[0])
					if k+n > len(D[lane]) {
						return interp.Errorf(op, "the result struct holds more elements than the D fragment")
					}
					fs[i] = interp.MakeDense(ft, &interp.Dense{Shape: []int64{int64(n)}, Data: append([]uint64(nil), D[lane][k:k+n]...)})
					k += n
					continue
				}
				if k >= len(D[lane]) {
					return interp.Errorf(op, "the result struct holds more elements than the D fragment")
				}
				fs[i] = interp.FromBits(ft, D[lane][k])
				k++
			}
			a.Out = llvm.MakeAggregate(st, fs)
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}
