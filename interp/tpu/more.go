package tpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	tpud "github.com/strata-ir/strata/dialects/tpu"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// allReduce reduces along dim and broadcasts the result along it.
func allReduce(f *interp.Frame, op *ir.Operation) error {
	ar, _ := tpud.AsAllReduceOp(op)
	v, err := f.Get(op, ar.Input())
	if err != nil {
		return err
	}
	d := v.Dense()
	vt := ar.Input().Type().(*ir.VectorType)
	_, isFloat := vt.Elem.(*ir.FloatType)
	var name string
	switch ar.Kind() {
	case tpud.ReductionKindSum:
		name = map[bool]string{true: "arith.addf", false: "arith.addi"}[isFloat]
	case tpud.ReductionKindMax:
		name = map[bool]string{true: "arith.maximumf", false: "arith.maxsi"}[isFloat]
	case tpud.ReductionKindMin:
		name = map[bool]string{true: "arith.minimumf", false: "arith.minsi"}[isFloat]
	default:
		return interp.Errorf(op, "unsupported reduction kind "+ar.Kind().String())
	}
	fn := arithi.Scalar(name)
	dim := int(ar.Dim())
	shape := d.Shape
	inner := interp.NumElements(shape[dim+1:])
	n := shape[dim]
	outer := interp.NumElements(shape[:dim])
	out := &interp.Dense{Shape: shape, Data: make([]uint64, len(d.Data))}
	args := make([]interp.Value, 2)
	for o := int64(0); o < outer; o++ {
		for i := int64(0); i < inner; i++ {
			base := o*n*inner + i
			acc := interp.FromBits(vt.Elem, d.Data[base])
			for k := int64(1); k < n; k++ {
				args[0], args[1] = acc, interp.FromBits(vt.Elem, d.Data[base+k*inner])
				if acc, err = fn(op, args, vt.Elem); err != nil {
					return err
				}
			}
			for k := int64(0); k < n; k++ {
				out.Data[base+k*inner] = acc.Bits()
			}
		}
	}
	f.SetResult(op, 0, interp.MakeDense(vt, out))
	return nil
}

func transpose(f *interp.Frame, op *ir.Operation) error {
	t, _ := tpud.AsTransposeOp(op)
	v, err := f.Get(op, t.Vector())
	if err != nil {
		return err
	}
	d := v.Dense()
	perm := tpud.DenseInts(t.Permutation())
	rt := t.Result().Type().(*ir.VectorType)
	out := &interp.Dense{Shape: rt.Shape, Data: make([]uint64, len(d.Data))}
	strides := interp.IdentityStrides(d.Shape)
	idx := make([]int64, len(rt.Shape))
	for i := range out.Data {
		rem := int64(i)
		for k := len(rt.Shape) - 1; k >= 0; k-- {
			idx[k] = rem % rt.Shape[k]
			rem /= rt.Shape[k]
		}
		src := int64(0)
		for k, p := range perm {
			src += idx[k] * strides[p]
		}
		out.Data[i] = d.Data[src]
	}
	f.SetResult(op, 0, interp.MakeDense(rt, out))
	return nil
}

func reciprocal(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	d := v.Dense()
	vt := op.Result(0).Type().(*ir.VectorType)
	ft, ok := vt.Elem.(*ir.FloatType)
	if !ok {
		return interp.Errorf(op, "tpu.reciprocal of a non-float vector")
	}
	out := &interp.Dense{Shape: d.Shape, Data: make([]uint64, len(d.Data))}
	div := arithi.Scalar("arith.divf")
	one := interp.MakeFloat(ft, 1)
	for i, x := range d.Data {
		r, err := div(op, []interp.Value{one, interp.FromBits(ft, x)}, ft)
		if err != nil {
			return err
		}
		out.Data[i] = r.Bits()
	}
	f.SetResult(op, 0, interp.MakeDense(vt, out))
	return nil
}

func memrefSlice(f *interp.Frame, op *ir.Operation) error {
	s, _ := tpud.AsMemrefSliceOp(op)
	m, err := memrefOperand(f, op, 0)
	if err != nil {
		return err
	}
	base, err := f.Ints(op, s.BaseIdx())
	if err != nil {
		return err
	}
	dyn, err := f.Ints(op, s.DynamicSizes())
	if err != nil {
		return err
	}
	rt := s.Result().Type().(*ir.MemRefType)
	sizes := make([]int64, len(rt.Shape))
	off := m.Offset
	for i, d := range rt.Shape {
		if d == ir.Dynamic {
			d, dyn = dyn[0], dyn[1:]
		}
		sizes[i] = d
		if base[i] < 0 || base[i]+d > m.Sizes[i] {
			return interp.Errorf(op, fmt.Sprintf("slice [%d, %d) of dimension %d is out of bounds (size %d)", base[i], base[i]+d, i, m.Sizes[i]))
		}
		off += base[i] * m.Strides[i]
	}
	f.SetResult(op, 0, interp.MakeMemRef(rt, &interp.MemRef{Buf: m.Buf, Offset: off, Sizes: sizes, Strides: m.Strides}))
	return nil
}

func memrefSqueeze(f *interp.Frame, op *ir.Operation) error {
	m, err := memrefOperand(f, op, 0)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type().(*ir.MemRefType)
	var sizes, strides []int64
	drop := len(m.Sizes) - len(rt.Shape)
	for i, d := range m.Sizes {
		if d == 1 && drop > 0 {
			drop--
			continue
		}
		sizes = append(sizes, d)
		strides = append(strides, m.Strides[i])
	}
	f.SetResult(op, 0, interp.MakeMemRef(rt, &interp.MemRef{Buf: m.Buf, Offset: m.Offset, Sizes: sizes, Strides: strides}))
	return nil
}

// ---- semaphores and DMAs ----

func semAlloc(f *interp.Frame, op *ir.Operation) error {
	rt := op.Result(0).Type().(*ir.MemRefType)
	f.SetResult(op, 0, interp.MakeMemRef(rt, interp.NewMemRef(rt.Elem, rt.Shape)))
	return nil
}

// semaphore returns the counter of a rank-0 (or one-element) semaphore
// ref.
func semaphore(f *interp.Frame, op *ir.Operation, i int) (*uint64, error) {
	m, err := memrefOperand(f, op, i)
	if err != nil {
		return nil, err
	}
	if m.NumElements() != 1 {
		return nil, interp.Errorf(op, "expected one semaphore")
	}
	q, err := m.Index(make([]int64, m.Rank()))
	if err != nil {
		return nil, interp.Errorf(op, err.Error())
	}
	return &m.Buf.Data[q], nil
}

func semSignal(f *interp.Frame, op *ir.Operation) error {
	s, err := semaphore(f, op, 0)
	if err != nil {
		return err
	}
	n, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	*s += uint64(n.Int())
	return nil
}

func semWait(f *interp.Frame, op *ir.Operation) error {
	s, err := semaphore(f, op, 0)
	if err != nil {
		return err
	}
	n, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	if int64(*s) < n.Int() {
		return interp.Errorf(op, fmt.Sprintf("waits for %d on a semaphore that holds %d and that nothing else can signal: deadlock", n.Int(), *s))
	}
	*s -= uint64(n.Int())
	return nil
}

func semRead(f *interp.Frame, op *ir.Operation) error {
	s, err := semaphore(f, op, 0)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), *s))
	return nil
}

func enqueueDMA(f *interp.Frame, op *ir.Operation) error {
	d, _ := tpud.AsEnqueueDmaOp(op)
	src, err := f.Get(op, d.Source())
	if err != nil {
		return err
	}
	dst, err := f.Get(op, d.Target())
	if err != nil {
		return err
	}
	sm, dm := src.MemRef(), dst.MemRef()
	if sm == nil || dm == nil || sm.NumElements() != dm.NumElements() {
		return interp.Errorf(op, "DMA between refs of different sizes")
	}
	dm.Store(sm.Load())
	var semV ir.Value = d.TargetSemaphore()
	sv, err := f.Get(op, semV)
	if err != nil {
		return err
	}
	m := sv.MemRef()
	if m == nil || m.NumElements() != 1 {
		return interp.Errorf(op, "expected one DMA semaphore")
	}
	q, _ := m.Index(make([]int64, m.Rank()))
	m.Buf.Data[q]++
	return nil
}

func waitDMA(f *interp.Frame, op *ir.Operation) error {
	s, err := semaphore(f, op, 0)
	if err != nil {
		return err
	}
	if *s == 0 {
		return interp.Errorf(op, "waits for a DMA that was never started: deadlock")
	}
	*s--
	return nil
}
