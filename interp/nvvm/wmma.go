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
)

// The warp matrix operations nvvm.wmma.load, .mma and .store. PTX leaves
// the place of a matrix's elements in a wmma fragment unspecified, and a
// program can rely on none: it loads, multiplies and stores fragments
// whole and applies elementwise operations to every register alike. The
// interpreter places them in one consistent way: the fragment's scalars
// (the lanes of its f16 pairs in order) of all 32 lanes of the warp are
// numbered j*32 + lane for a lane's j-th scalar, and scalar s holds the
// element s mod (rows*cols) of the matrix in row-major order. A and B
// fragments of f16, which have twice as many scalars as elements, hold
// each element twice.

func registerWmma(reg *interp.Registry) {
	reg.Register("nvvm.wmma.load", wmmaLoad)
	reg.Register("nvvm.wmma.store", wmmaStore)
	reg.Register("nvvm.wmma.mma", wmmaMma)
}

// wmmaElem is the element type of a wmma PTX type the interpreter runs.
func wmmaElem(ctx *ir.Context, typ string) (*ir.FloatType, bool) {
	switch typ {
	case "f16":
		return ctx.FloatType(ir.F16), true
	case "f32":
		return ctx.FloatType(ir.F32), true
	case "f64":
		return ctx.FloatType(ir.F64), true
	}
	return nil, false
}

// wmmaDims is the rows and columns of the matrix of a fragment.
func wmmaDims(frag string, m, n, k int) (int, int) {
	switch frag {
	case "a":
		return m, k
	case "b":
		return k, n
	}
	return m, n
}

// fragmentScalars returns the scalars of a lane's fragment value (a
// struct of registers, or one register).
func fragmentScalars(v interp.Value) []uint64 {
	fs := []interp.Value{v}
	if _, ok := v.Type.(*lt.StructType); ok {
		fs = llvm.Fields(v)
	}
	var out []uint64
	for _, f := range fs {
		if d := f.Dense(); d != nil {
			out = append(out, d.Data...)
			continue
		}
		out = append(out, f.Bits())
	}
	return out
}

// makeFragment builds a lane's fragment value of type t from its scalars.
func makeFragment(op *ir.Operation, t ir.Type, scalars []uint64) (interp.Value, error) {
	k := 0
	field := func(ft ir.Type) (interp.Value, error) {
		if vt, ok := ft.(*ir.VectorType); ok {
			n := int(vt.Shape[0])
			if k+n > len(scalars) {
				return interp.Value{}, interp.Errorf(op, "the fragment type holds more elements than the fragment")
			}
			v := interp.MakeDense(ft, &interp.Dense{Shape: []int64{int64(n)}, Data: append([]uint64(nil), scalars[k:k+n]...)})
			k += n
			return v, nil
		}
		if k >= len(scalars) {
			return interp.Value{}, interp.Errorf(op, "the fragment type holds more elements than the fragment")
		}
		v := interp.FromBits(ft, scalars[k])
		k++
		return v, nil
	}
	st, ok := t.(*lt.StructType)
	if !ok {
		return field(t)
	}
	var fs []interp.Value
	for _, ft := range st.Fields {
		v, err := field(ft)
		if err != nil {
			return interp.Value{}, err
		}
		fs = append(fs, v)
	}
	return llvm.MakeAggregate(t, fs), nil
}

// elementOffset is the offset in elements of the matrix element (r, c)
// stored with the given layout and leading dimension.
func elementOffset(layout string, r, c, stride int) int64 {
	if layout == "col" {
		return int64(c*stride + r)
	}
	return int64(r*stride + c)
}

func readElem(op *ir.Operation, p interp.Value, off int64, size int) (uint64, error) {
	b, err := llvm.LoadBytes(op, llvm.Offset(p, off*int64(size)), int64(size))
	if err != nil {
		return 0, err
	}
	switch size {
	case 2:
		return uint64(binary.LittleEndian.Uint16(b)), nil
	case 4:
		return uint64(binary.LittleEndian.Uint32(b)), nil
	}
	return binary.LittleEndian.Uint64(b), nil
}

func writeElem(op *ir.Operation, p interp.Value, off int64, size int, bits uint64) error {
	b := make([]byte, 8)
	binary.LittleEndian.PutUint64(b, bits)
	return llvm.StoreBytes(op, llvm.Offset(p, off*int64(size)), b[:size])
}

// lane returns the lane of the thread in its warp.
func laneOf(t *simt.Thread) int { return int(t.Linear % simt.WarpSize) }

// wmmaLoad loads the thread's scalars of a fragment.
func wmmaLoad(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	w := dnvvm.WmmaLoadOp{Operation: op}
	et, ok := wmmaElem(op.Context(), w.Eltype().String())
	if !ok {
		return interp.Errorf(op, fmt.Sprintf("the interpreter does not run wmma of %s fragments", w.Eltype()))
	}
	p, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	sv, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	stride := int(sv.Int())
	rows, cols := wmmaDims(w.Frag().String(), int(w.M()), int(w.N()), int(w.K()))
	size := ir.IntOrFloatBitWidth(et) / 8
	n := fragmentLen(op.Result(0).Type())
	lane := laneOf(t)
	scalars := make([]uint64, n)
	for j := range scalars {
		idx := (j*simt.WarpSize + lane) % (rows * cols)
		bits, err := readElem(op, p, elementOffset(w.Layout().String(), idx/cols, idx%cols, stride), size)
		if err != nil {
			return err
		}
		scalars[j] = bits
	}
	v, err := makeFragment(op, op.Result(0).Type(), scalars)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, v)
	return nil
}

// fragmentLen is the number of scalars of a fragment type.
func fragmentLen(t ir.Type) int {
	count := func(ft ir.Type) int {
		if vt, ok := ft.(*ir.VectorType); ok {
			return int(vt.Shape[0])
		}
		return 1
	}
	st, ok := t.(*lt.StructType)
	if !ok {
		return count(t)
	}
	n := 0
	for _, ft := range st.Fields {
		n += count(ft)
	}
	return n
}

// wmmaStore stores the thread's scalars of a D fragment.
func wmmaStore(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	w := dnvvm.WmmaStoreOp{Operation: op}
	et, ok := wmmaElem(op.Context(), w.Eltype().String())
	if !ok {
		return interp.Errorf(op, fmt.Sprintf("the interpreter does not run wmma of %s fragments", w.Eltype()))
	}
	p, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	args, err := f.Values(op, w.Args())
	if err != nil {
		return err
	}
	sv, err := f.Operand(op, op.NumOperands()-1)
	if err != nil {
		return err
	}
	stride := int(sv.Int())
	var scalars []uint64
	for _, a := range args {
		scalars = append(scalars, fragmentScalars(a)...)
	}
	rows, cols := int(w.M()), int(w.N())
	size := ir.IntOrFloatBitWidth(et) / 8
	lane := laneOf(t)
	for j, bits := range scalars {
		idx := (j*simt.WarpSize + lane) % (rows * cols)
		if err := writeElem(op, p, elementOffset(w.Layout().String(), idx/cols, idx%cols, stride), size, bits); err != nil {
			return err
		}
	}
	return nil
}

// wmmaMma is the warp's D = A*B + C on fragments.
func wmmaMma(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	w := dnvvm.WmmaMmaOp{Operation: op}
	ctx := op.Context()
	at, ok1 := wmmaElem(ctx, w.EltypeA().String())
	ct, ok2 := wmmaElem(ctx, w.EltypeB().String())
	if !ok1 || !ok2 || at.Kind == ir.F32 {
		return interp.Errorf(op, fmt.Sprintf("the interpreter does not run wmma.mma of %s and %s fragments", w.EltypeA(), w.EltypeB()))
	}
	M, N, K := int(w.M()), int(w.N()), int(w.K())
	nA, ok1 := fragmentCount(ctx, w.EltypeA(), dnvvm.MMAFragA, M, N, K)
	nB, ok2 := fragmentCount(ctx, w.EltypeA(), dnvvm.MMAFragB, M, N, K)
	if !ok1 || !ok2 || len(w.Args()) <= nA+nB {
		return interp.Errorf(op, "wmma.mma operands do not match its fragments")
	}
	args, err := f.Values(op, w.Args())
	if err != nil {
		return err
	}
	split := func(vs []interp.Value) []uint64 {
		var out []uint64
		for _, v := range vs {
			out = append(out, fragmentScalars(v)...)
		}
		return out
	}
	in := [3][]uint64{split(args[:nA]), split(args[nA : nA+nB]), split(args[nA+nB:])}
	rt := op.Result(0).Type()
	out, err := t.Collective(f, op, simt.Warp, in, func(group []*simt.Arrival) error {
		if len(group) != simt.WarpSize {
			return interp.Errorf(op, fmt.Sprintf("wmma.mma needs a full warp, the warp has %d threads", len(group)))
		}
		// The matrices from the lanes' scalars.
		gather := func(which, rows, cols int, et *ir.FloatType) []float64 {
			m := make([]float64, rows*cols)
			for lane, a := range group {
				for j, bits := range a.In.([3][]uint64)[which] {
					m[(j*simt.WarpSize+lane)%(rows*cols)] = interp.FromBits(et, bits).Float()
				}
			}
			return m
		}
		A, B, C := gather(0, M, K, at), gather(1, K, N, at), gather(2, M, N, ct)
		D := make([]float64, M*N)
		for i := 0; i < M; i++ {
			for j := 0; j < N; j++ {
				acc := C[i*N+j]
				for k := 0; k < K; k++ {
					acc += A[i*K+k] * B[k*N+j]
				}
				D[i*N+j] = acc
			}
		}
		n := len(group[0].In.([3][]uint64)[2])
		for lane, a := range group {
			scalars := make([]uint64, n)
			for j := range scalars {
				scalars[j] = interp.MakeFloat(ct, D[(j*simt.WarpSize+lane)%(M*N)]).Bits()
			}
			v, err := makeFragment(op, rt, scalars)
			if err != nil {
				return err
			}
			a.Out = v
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}

// fragmentCount is the number of registers of a fragment.
func fragmentCount(ctx *ir.Context, typ dnvvm.MMATypes, frag dnvvm.MMAFrag, m, n, k int) (int, bool) {
	rows, cols := wmmaDims(frag.String(), m, n, k)
	_, count, ok := dnvvm.WmmaFragment(ctx, typ, frag, int32(rows), int32(cols))
	return count, ok
}
