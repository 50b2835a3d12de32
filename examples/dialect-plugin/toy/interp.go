package toy

import (
	"math"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	imemref "github.com/strata-ir/strata/interp/memref"
)

// RegisterSemantics gives the toy operations on memrefs and scalars their
// semantics in the interpreter (strata-run, --check-semantics).
func RegisterSemantics(reg *interp.Registry) {
	reg.Register(ScaleBufferOpName, scaleBuffer)
	reg.Register(FmaOpName, fma)
	reg.Register(CopyOpName, copyMem)
}

// scaleBuffer multiplies the f32 elements of the buffer by the factor.
func scaleBuffer(f *interp.Frame, op *ir.Operation) error {
	sb := ScaleBufferOp{op}
	m, err := imemref.MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	s, err := f.Get(op, sb.Factor())
	if err != nil {
		return err
	}
	if ft, ok := sb.Factor().Type().(*ir.FloatType); !ok || ft != op.Context().FloatType(ir.F32) {
		return interp.Errorf(op, "toy.scale_buffer is interpreted on f32 only")
	}
	if err := m.Access(op, true); err != nil {
		return err
	}
	k := float32(s.Float())
	data := m.Load()
	for i, x := range data {
		data[i] = uint64(math.Float32bits(math.Float32frombits(uint32(x)) * k))
	}
	m.Store(data)
	return nil
}

// fma computes a * b + c in float64 and rounds it to f32.
func fma(f *interp.Frame, op *ir.Operation) error {
	var x [3]float64
	fm := FmaOp{op}
	for i, o := range []ir.Value{fm.A(), fm.B(), fm.C()} {
		v, err := f.Get(op, o)
		if err != nil {
			return err
		}
		x[i] = v.Float()
	}
	r := float32(math.FMA(x[0], x[1], x[2]))
	f.SetResult(op, 0, interp.MakeFloat(op.Context().FloatType(ir.F32), float64(r)))
	return nil
}

// copyMem is toy.copy: a synchronous copy between memrefs.
func copyMem(f *interp.Frame, op *ir.Operation) error {
	src, err := imemref.MemRefOperand(f, op, 0)
	if err != nil {
		return err
	}
	dst, err := imemref.MemRefOperand(f, op, 1)
	if err != nil {
		return err
	}
	if err := src.Access(op, false); err != nil {
		return err
	}
	if err := dst.Access(op, true); err != nil {
		return err
	}
	return imemref.CopyView(src, dst)
}
