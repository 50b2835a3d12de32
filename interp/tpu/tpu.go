// Package tpu gives the tpu dialect (Mosaic) its reference semantics in
// the interpreter, so that tile-to-tpu is checked against the tile
// program it lowers (strata-opt --check-semantics).
//
// tpu.pallas_call runs a kernel as Mosaic does on one core:
//
//   - the grid's programs run one after the other in row-major order
//     (the last axis fastest), whatever the dimension semantics; a
//     dynamic axis (iteration bound ShapedType::kDynamic) takes its size
//     from the call's grid operands;
//   - the scalar-prefetch arrays (the call's first arrays) are passed to
//     the kernel after the grid indices, and to every index map;
//   - each operand window is a buffer of the block's shape in VMEM (or
//     SMEM); before a program, the window's index map gives its block
//     indices, and when they differ from the previous program's, an
//     input window is copied from the array (elements past the end of
//     the array are garbage: NaN for floats, a bit pattern for
//     integers) and an output window (one the kernel writes) is first
//     written back to the array (the part inside the array only) and then
//     filled with garbage; output windows are written back after the
//     last program; a window in ANY (or HBM) memory is the array itself;
//   - scratch refs are allocated once, filled with garbage, and keep
//     their contents from one program to the next.
//
// tpu.matmul computes acc + lhs·rhs element by element as tile.dot does
// (each product exact, one rounding per addition, k ascending); f32
// inputs without precision fp32 are first rounded to bf16, as the MXU
// does. DMAs copy at once and add 1 to their semaphore; waits take 1.
package tpu

import (
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	function "github.com/strata-ir/strata/dialects/func"
	tpud "github.com/strata-ir/strata/dialects/tpu"
	tilei "github.com/strata-ir/strata/interp/tile"
	vectori "github.com/strata-ir/strata/interp/vector"
)

// Register adds the semantics of the tpu dialect to reg.
func Register(reg *interp.Registry) {
	reg.Register("tpu.pallas_call", pallasCall)
	reg.Register("tpu.vector_load", vectorLoad)
	reg.Register("tpu.vector_store", vectorStore)
	reg.Register("tpu.matmul", matmul)
	reg.Register("tpu.iota", iota)
	reg.Register("tpu.all_reduce", allReduce)
	reg.Register("tpu.transpose", transpose)
	reg.Register("tpu.reciprocal", reciprocal)
	reg.Register("tpu.device_id", func(f *interp.Frame, op *ir.Operation) error {
		f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), 0))
		return nil
	})
	reg.Register("tpu.iteration_bound", iterationBound)
	reg.Register("tpu.assume_multiple", func(f *interp.Frame, op *ir.Operation) error {
		v, err := f.Operand(op, 0)
		if err != nil {
			return err
		}
		f.SetResult(op, 0, v)
		return nil
	})
	reg.Register("tpu.memref_slice", memrefSlice)
	reg.Register("tpu.memref_squeeze", memrefSqueeze)
	reg.Register("tpu.sem_alloc", semAlloc)
	reg.Register("tpu.sem_barrier", semAlloc)
	reg.Register("tpu.sem_signal", semSignal)
	reg.Register("tpu.sem_wait", semWait)
	reg.Register("tpu.sem_read", semRead)
	reg.Register("tpu.enqueue_dma", enqueueDMA)
	reg.Register("tpu.wait_dma2", waitDMA)
}

// gridKey keys the running kernel's grid in the interpreter's data.
type gridKey struct{}

// garbage is what a window or scratch element holds before it is
// written.
func garbage(t ir.Type) uint64 {
	if ft, ok := t.(*ir.FloatType); ok {
		return interp.MakeFloat(ft, math.NaN()).Bits()
	}
	return interp.MakeInt(t, 0x5A5A5A5A5A5A5A5A).Bits()
}

func fill(m *interp.MemRef) {
	g := garbage(m.Buf.Elem)
	for i := range m.Buf.Data {
		m.Buf.Data[i] = g
	}
}

// windowState is one window during a pallas_call.
type windowState struct {
	w      tpud.Window
	array  *interp.MemRef
	ref    *interp.MemRef
	whole  bool
	output bool
	cur    []int64
}

func pallasCall(f *interp.Frame, op *ir.Operation) error {
	pc, _ := tpud.AsPallasCallOp(op)
	fn, err := tpud.PallasCallKernel(pc)
	if err != nil {
		return err
	}
	k, err := tpud.ReadKernel(fn)
	if err != nil {
		return err
	}
	all, err := f.Values(op, pc.Args())
	if err != nil {
		return err
	}
	grid := append([]int64(nil), k.Grid...)
	sizes, err := f.Values(op, pc.Grid())
	if err != nil {
		return err
	}
	for i, a := range k.DynamicAxes() {
		if i >= len(sizes) {
			return interp.Errorf(op, "no size for dynamic grid axis "+fmt.Sprint(a))
		}
		grid[a] = sizes[i].Int()
		if grid[a] < 0 {
			return interp.Errorf(op, fmt.Sprintf("grid axis %d has size %d", a, grid[a]))
		}
	}
	if len(all) != k.ScalarPrefetch+len(k.Windows) {
		return interp.Errorf(op, fmt.Sprintf("expected %d arrays, got %d", k.ScalarPrefetch+len(k.Windows), len(all)))
	}
	// The scalar-prefetch arrays are in SMEM before the grid runs; the
	// kernel and every index map get them after the grid indices.
	prefetch, vals := all[:k.ScalarPrefetch], all[k.ScalarPrefetch:]
	in := f.Interpreter()
	ft := function.FuncOp{Operation: fn}.FunctionType()
	if ft == nil {
		return interp.Errorf(fn, "the kernel has no function type")
	}
	rank := len(k.Grid)
	outputs := k.Outputs()
	wins := make([]*windowState, len(k.Windows))
	for j, w := range k.Windows {
		a := vals[j].MemRef()
		if a == nil {
			return interp.Errorf(op, fmt.Sprintf("operand %d is not a memref", j))
		}
		if len(a.Sizes) != len(w.Block) {
			return interp.Errorf(op, fmt.Sprintf("operand %d has rank %d, its window %d", j, len(a.Sizes), len(w.Block)))
		}
		s := &windowState{w: w, array: a, output: outputs[j]}
		if sp := tpud.MemorySpaceOf(w.Type); sp == "any" || sp == "hbm" {
			s.whole, s.ref = true, a
		} else {
			s.ref = interp.NewMemRef(w.Type.Elem, w.Block)
		}
		wins[j] = s
	}
	var scratch []*interp.MemRef
	for _, t := range k.Scratch {
		m := interp.NewMemRef(t.Elem, t.Shape)
		if !isSemaphore(t.Elem) {
			fill(m)
		}
		scratch = append(scratch, m)
	}
	saved := in.Data(gridKey{})
	defer in.SetData(gridKey{}, saved)
	in.SetData(gridKey{}, grid)
	module := ir.NearestSymbolTable(fn.ParentOp())
	n := interp.NumElements(grid)
	point := make([]int64, rank)
	for p := int64(0); p < n; p++ {
		rem := p
		for a := rank - 1; a >= 0; a-- {
			point[a] = rem % grid[a]
			rem /= grid[a]
		}
		args := make([]interp.Value, 0, len(ft.Inputs))
		for a := 0; a < rank; a++ {
			args = append(args, interp.MakeInt(ft.Inputs[a], uint64(point[a])))
		}
		for i, v := range prefetch {
			m := v.MemRef()
			if m == nil {
				return interp.Errorf(op, fmt.Sprintf("scalar-prefetch operand %d is not a memref", i))
			}
			args = append(args, interp.MakeMemRef(ft.Inputs[rank+i], m))
		}
		mapArgs := args[:rank+len(prefetch)]
		for j, s := range wins {
			if !s.whole {
				bidx := make([]int64, len(s.w.Block))
				if s.w.Transform != "" {
					tf := ir.LookupSymbolIn(module, op.Context().SymbolRefAttr(s.w.Transform, nil))
					if tf == nil {
						return interp.Errorf(op, "no index map @"+s.w.Transform)
					}
					res, err := in.Call(op, tf, mapArgs)
					if err != nil {
						return err
					}
					for d := range bidx {
						bidx[d] = res[d].Int()
					}
				}
				if !equal(bidx, s.cur) {
					if s.cur != nil && s.output {
						copyOut(s)
					}
					s.cur = bidx
					if s.output {
						fill(s.ref)
					} else {
						copyIn(s)
					}
				}
			}
			args = append(args, interp.MakeMemRef(ft.Inputs[rank+len(prefetch)+j], s.ref))
		}
		for i, m := range scratch {
			args = append(args, interp.MakeMemRef(ft.Inputs[rank+len(prefetch)+len(wins)+i], m))
		}
		if _, err := in.Call(op, fn, args); err != nil {
			return err
		}
	}
	for _, s := range wins {
		if s.cur != nil && s.output {
			copyOut(s)
		}
	}
	return nil
}

func isSemaphore(t ir.Type) bool {
	s := ir.TypeString(t)
	return s == "!tpu.semaphore" || s == "!tpu.dma_semaphore"
}

func equal(a, b []int64) bool {
	if len(a) != len(b) || a == nil || b == nil {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// each calls fn with the window position and array position of every
// element of the window that lies inside the array.
func each(s *windowState, fn func(wq, aq int64, inside bool)) {
	shape := s.w.Block
	idx := make([]int64, len(shape))
	widx := make([]int64, len(shape))
	for i := int64(0); i < interp.NumElements(shape); i++ {
		rem := i
		inside := true
		for d := len(shape) - 1; d >= 0; d-- {
			widx[d] = rem % shape[d]
			rem /= shape[d]
			idx[d] = s.cur[d]*shape[d] + widx[d]
			if idx[d] < 0 || idx[d] >= s.array.Sizes[d] {
				inside = false
			}
		}
		wq, _ := s.ref.Index(widx)
		aq := int64(-1)
		if inside {
			aq, _ = s.array.Index(idx)
		}
		fn(wq, aq, inside)
	}
}

func copyIn(s *windowState) {
	g := garbage(s.ref.Buf.Elem)
	each(s, func(wq, aq int64, inside bool) {
		if inside {
			s.ref.Buf.Data[wq] = s.array.Buf.Data[aq]
		} else {
			s.ref.Buf.Data[wq] = g
		}
	})
}

func copyOut(s *windowState) {
	each(s, func(wq, aq int64, inside bool) {
		if inside {
			s.array.Buf.Data[aq] = s.ref.Buf.Data[wq]
		}
	})
}

func iterationBound(f *interp.Frame, op *ir.Operation) error {
	g, _ := f.Interpreter().Data(gridKey{}).([]int64)
	ib, _ := tpud.AsIterationBoundOp(op)
	d := int(ib.Dim())
	if d < 0 || d >= len(g) {
		return interp.Errorf(op, "tpu.iteration_bound outside a kernel or out of range")
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(g[d])))
	return nil
}

// ---- vectors ----

func memrefOperand(f *interp.Frame, op *ir.Operation, i int) (*interp.MemRef, error) {
	v, err := f.Operand(op, i)
	if err != nil {
		return nil, err
	}
	m := v.MemRef()
	if m == nil {
		return nil, interp.Errorf(op, "expected a memref operand")
	}
	return m, nil
}

func vectorLoad(f *interp.Frame, op *ir.Operation) error {
	l, _ := tpud.AsVectorLoadOp(op)
	m, err := memrefOperand(f, op, 0)
	if err != nil {
		return err
	}
	vt := l.Result().Type().(*ir.VectorType)
	d, err := vectori.ReadBlock(op, f, m, vt.Shape)
	if err != nil {
		return err
	}
	if l.Mask() != nil {
		mv, err := f.Get(op, l.Mask())
		if err != nil {
			return err
		}
		zero := interp.MakeInt(ir.Type(op.Context().I(64)), 0).Bits()
		if ft, ok := vt.Elem.(*ir.FloatType); ok {
			zero = interp.MakeFloat(ft, 0).Bits()
		}
		for i := range d.Data {
			if !vectori.MaskAt(mv.Dense(), vt.Shape, int64(i)) {
				d.Data[i] = zero
			}
		}
	}
	f.SetResult(op, 0, interp.MakeDense(vt, d))
	return nil
}

func vectorStore(f *interp.Frame, op *ir.Operation) error {
	s, _ := tpud.AsVectorStoreOp(op)
	v, err := f.Get(op, s.ValueToStore())
	if err != nil {
		return err
	}
	m, err := memrefOperand(f, op, 1)
	if err != nil {
		return err
	}
	d := v.Dense()
	if s.Add() {
		vt := s.ValueToStore().Type().(*ir.VectorType)
		old, err := vectori.ReadBlock(op, f, m, vt.Shape)
		if err != nil {
			return err
		}
		sum := &interp.Dense{Shape: d.Shape, Data: make([]uint64, len(d.Data))}
		for i := range d.Data {
			a, b := interp.FromBits(vt.Elem, old.Data[i]), interp.FromBits(vt.Elem, d.Data[i])
			if ft, ok := vt.Elem.(*ir.FloatType); ok {
				sum.Data[i] = interp.MakeFloat(ft, a.Float()+b.Float()).Bits()
			} else {
				sum.Data[i] = interp.MakeInt(vt.Elem, uint64(a.Int()+b.Int())).Bits()
			}
		}
		d = sum
	}
	var mask *interp.Dense
	if s.Mask() != nil {
		mv, err := f.Get(op, s.Mask())
		if err != nil {
			return err
		}
		mask = mv.Dense()
	}
	return vectori.WriteBlock(op, f, m, d, mask)
}

func matmul(f *interp.Frame, op *ir.Operation) error {
	mm, _ := tpud.AsMatmulOp(op)
	vals, err := f.Operands(op)
	if err != nil {
		return err
	}
	a, b, c := vals[0].Dense(), vals[1].Dense(), vals[2].Dense()
	at := mm.Lhs().Type().(*ir.VectorType).Elem
	bt := mm.Rhs().Type().(*ir.VectorType).Elem
	ct := mm.Acc().Type().(*ir.VectorType).Elem
	if len(a.Shape) != 2 || len(b.Shape) != 2 || len(c.Shape) != 2 {
		return interp.Errorf(op, "the interpreter runs 2-D tpu.matmul only")
	}
	dn, _ := mm.DimensionNumbers().(*tpud.DotDimensionNumbersAttr)
	transB := mm.TransposeRhs()
	transA := mm.TransposeLhs()
	if dn != nil {
		transA = len(dn.LhsContracting) == 1 && dn.LhsContracting[0] == 0
		transB = len(dn.RhsContracting) == 1 && dn.RhsContracting[0] == 1
		if len(dn.LhsBatch) > 0 || len(dn.OutputDimOrder) != 4 || dn.OutputDimOrder[0] != 0 || dn.OutputDimOrder[2] != 1 {
			return interp.Errorf(op, "the interpreter runs plain 2-D products only")
		}
	}
	M, K := a.Shape[0], a.Shape[1]
	if transA {
		M, K = K, M
	}
	N := b.Shape[1]
	if transB {
		N = b.Shape[0]
	}
	A := func(m, k int64) uint64 {
		if transA {
			return a.Data[k*a.Shape[1]+m]
		}
		return a.Data[m*K+k]
	}
	B := func(k, n int64) uint64 {
		if transB {
			return b.Data[n*b.Shape[1]+k]
		}
		return b.Data[k*N+n]
	}
	out := &interp.Dense{Shape: c.Shape, Data: make([]uint64, len(c.Data))}
	if _, ok := ct.(*ir.IntegerType); ok {
		for m := int64(0); m < M; m++ {
			for n := int64(0); n < N; n++ {
				acc := interp.FromBits(ct, c.Data[m*N+n]).Int()
				for k := int64(0); k < K; k++ {
					acc += interp.FromBits(at, A(m, k)).Int() * interp.FromBits(bt, B(k, n)).Int()
				}
				out.Data[m*N+n] = interp.MakeInt(ct, uint64(acc)).Bits()
			}
		}
		f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
		return nil
	}
	cft, ok := ct.(*ir.FloatType)
	if !ok {
		return interp.Errorf(op, "unsupported accumulator type")
	}
	fp32 := false
	if p, ok := mm.Precision(); ok && p == tpud.ContractPrecisionFp32 {
		fp32 = true
	}
	read := func(t ir.Type, bits uint64) float64 {
		x := interp.FromBits(t, bits).Float()
		if ft, ok := t.(*ir.FloatType); ok && ft.Kind == ir.F32 && !fp32 {
			v, _ := apfloat.FromFloat64(apfloat.BF16, x)
			x = v.Float64()
		}
		return x
	}
	// The operands read once, A as M×K and B as N×K (k fastest).
	av := make([]float64, M*K)
	bv := make([]float64, N*K)
	for m := int64(0); m < M; m++ {
		for k := int64(0); k < K; k++ {
			av[m*K+k] = read(at, A(m, k))
		}
	}
	for n := int64(0); n < N; n++ {
		for k := int64(0); k < K; k++ {
			bv[n*K+k] = read(bt, B(k, n))
		}
	}
	for m := int64(0); m < M; m++ {
		for n := int64(0); n < N; n++ {
			acc := interp.FromBits(ct, c.Data[m*N+n]).Float()
			ar, br := av[m*K:(m+1)*K], bv[n*K:(n+1)*K]
			for k := range ar {
				acc = tilei.FMARound(cft, ar[k], br[k], acc)
			}
			out.Data[m*N+n] = interp.MakeFloat(cft, acc).Bits()
		}
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}

func iota(f *interp.Frame, op *ir.Operation) error {
	io, _ := tpud.AsIotaOp(op)
	vt := io.Output().Type().(*ir.VectorType)
	dims := tpud.DenseInts(io.Dimensions())
	out := &interp.Dense{Shape: vt.Shape, Data: make([]uint64, interp.NumElements(vt.Shape))}
	idx := make([]int64, len(vt.Shape))
	for i := range out.Data {
		rem := int64(i)
		for d := len(vt.Shape) - 1; d >= 0; d-- {
			idx[d] = rem % vt.Shape[d]
			rem /= vt.Shape[d]
		}
		// The dimensions collapsed together in row-major order.
		v := int64(0)
		for _, d := range dims {
			v = v*vt.Shape[d] + idx[d]
		}
		out.Data[i] = interp.MakeInt(vt.Elem, uint64(v)).Bits()
	}
	f.SetResult(op, 0, interp.MakeDense(vt, out))
	return nil
}
