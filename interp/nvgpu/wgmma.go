package nvgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dnvgpu "github.com/strata-ir/strata/dialects/nvgpu"
)

// wgDescriptor is the value of !nvgpu.warpgroup.descriptor: a matrix in
// shared memory from byte base of buf, rows x cols as its descriptor type
// says, and the swizzle of the tensor map that loaded it.
type wgDescriptor struct {
	buf        *interp.Buffer
	base       int64
	rows, cols int64
	es         int64
	span       int64
}

// at returns the position in buf of element (r, c) of the matrix stored
// with pr rows of pc contiguous elements (the descriptor's matrix, or its
// transpose), in the canonical layout of the swizzle: with a span of S
// bytes, the rows are stored in column blocks S bytes wide, each holding
// every row (the layout of TMA boxes S bytes wide loaded side by side),
// and element (r, c) is at byte (c / E) * pr * S + swizzle(r * S + (c % E)
// * es) from base, E = S / es; without a swizzle, row-major.
func (d *wgDescriptor) at(pr, pc, r, c int64) int64 {
	if d.span == 0 {
		return (d.base + (r*pc+c)*d.es) / d.es
	}
	e := d.span / d.es
	return ((c/e)*pr*d.span + swizzle(d.base+r*d.span+(c%e)*d.es, d.span)) / d.es
}

func registerWgmma(reg *interp.Registry) {
	reg.Register("nvgpu.warpgroup.generate.descriptor", generateDescriptor)
	reg.Register("nvgpu.warpgroup.mma.init.accumulator", func(f *interp.Frame, op *ir.Operation) error {
		rt := op.Result(0).Type()
		vt, err := fragmented(op, rt)
		if err != nil {
			return err
		}
		n := interp.NumElements(vt.Shape)
		f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: vt.Shape, Data: make([]uint64, n)}))
		return nil
	})
	reg.Register("nvgpu.warpgroup.mma", warpgroupMma)
	reg.Register("nvgpu.warpgroup.mma.store", warpgroupStore)
	reg.Register("nvgpu.warpgroup.mma.registers", warpgroupRegisters)
	reg.Register("nvgpu.warpgroup.mma.rs", warpgroupMmaRs)
	reg.Register("nvgpu.warpgroup.mma.ss", warpgroupMmaSs)
	// Register budgets do not change what a thread computes.
	reg.Register("nvgpu.setmaxnreg", func(*interp.Frame, *ir.Operation) error { return nil })
	reg.Register("nvgpu.warpgroup.id", func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(t.Linear/simt.WarpgroupSize)))
		return nil
	})
}

// fragmented returns the matrix type of a warpgroup accumulator type.
func fragmented(op *ir.Operation, t ir.Type) (*ir.VectorType, error) {
	at, ok := dnvgpu.AsWarpgroupAccumulatorType(t)
	if ok {
		if vt, ok := at.Fragmented().(*ir.VectorType); ok && len(vt.Shape) == 2 {
			return vt, nil
		}
	}
	return nil, interp.Errorf(op, "expected a warpgroup accumulator of a 2-D vector")
}

// generateDescriptor describes a shared-memory matrix for wgmma, with the
// swizzle of the tensor map that loaded it. A descriptor that does not
// describe its buffer is an error: a memref that is not in shared memory
// or not contiguous, a shape other than the descriptor type's, a start
// not aligned to the swizzle's repeat (1024 bytes for 128B), a swizzled
// row wider than the swizzle, or a matrix that reaches past the buffer.
func generateDescriptor(f *interp.Frame, op *ir.Operation) error {
	g, _ := dnvgpu.AsWarpgroupGenerateDescriptorOp(op)
	mv, err := f.Get(op, g.Tensor())
	if err != nil {
		return err
	}
	m := mv.MemRef()
	if m == nil || !simt.IsShared(m.Buf) {
		return interp.Errorf(op, "the descriptor's memref is not in shared memory")
	}
	tv, err := f.Get(op, g.TensorMap())
	if err != nil {
		return err
	}
	tm, ok := tv.Object().(*tensorMap)
	if !ok {
		return interp.Errorf(op, "expected a tensor map made by nvgpu.tma.create.descriptor")
	}
	dt, ok := dnvgpu.AsWarpgroupDescriptorType(op.Result(0).Type())
	st, ok2 := dt.Tensor().(*ir.MemRefType)
	if !ok || !ok2 || len(st.Shape) != 2 {
		return interp.Errorf(op, "expected a descriptor of a 2-D memref")
	}
	if m.Rank() != 2 || m.Sizes[0] != st.Shape[0] || m.Sizes[1] != st.Shape[1] {
		return interp.Errorf(op, fmt.Sprintf("the memref of sizes %v is not the %dx%d matrix of the descriptor", m.Sizes, st.Shape[0], st.Shape[1]))
	}
	if m.Strides[1] != 1 {
		return interp.Errorf(op, "the descriptor's matrix is not contiguous along its last dimension")
	}
	es := int64(elemBytes(m.Buf.Elem))
	d := &wgDescriptor{buf: m.Buf, base: m.Offset * es, rows: st.Shape[0], cols: st.Shape[1], es: es, span: swizzleSpan(tm.swizzle)}
	align := int64(16)
	if d.span != 0 {
		align = 8 * d.span
		if d.cols*es > d.span && (d.cols*es)%d.span != 0 {
			return interp.Errorf(op, fmt.Sprintf("rows of %d bytes are not whole %d-byte swizzle blocks", d.cols*es, d.span))
		}
	}
	if d.base%align != 0 {
		return interp.Errorf(op, fmt.Sprintf("the matrix starts at byte %d of shared memory, not aligned to the %d bytes its swizzle needs", d.base, align))
	}
	if end := d.base + d.rows*d.cols*es; end > int64(len(m.Buf.Data))*es {
		return interp.Errorf(op, fmt.Sprintf("the descriptor describes bytes [%d, %d) of a shared buffer of %d bytes", d.base, end, int64(len(m.Buf.Data))*es))
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, d))
	return nil
}

// warpgroupMma computes D = A * B + C for the warpgroup, A (M x K) and B
// (K x N) being the matrices of the descriptors' types. As in wgmma,
// their layout in shared memory is K-major by default: A's rows of K
// elements and B's columns of K elements are contiguous (B is stored as
// its N x K transpose); transposeA stores A as K x M, transposeB stores B
// as K x N. Products and sums are exact, rounded once to the
// accumulator's type.
func warpgroupMma(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	w, _ := dnvgpu.AsWarpgroupMmaOp(op)
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	da, ok1 := vs[0].Object().(*wgDescriptor)
	db, ok2 := vs[1].Object().(*wgDescriptor)
	c := vs[2].Dense()
	if !ok1 || !ok2 || c == nil {
		return interp.Errorf(op, "expected two warpgroup descriptors and an accumulator")
	}
	rt := op.Result(0).Type()
	vt, err := fragmented(op, rt)
	if err != nil {
		return err
	}
	M, N, K := vt.Shape[0], vt.Shape[1], da.cols
	if da.rows != M || db.rows != K || db.cols != N {
		return interp.Errorf(op, fmt.Sprintf("A is %dx%d and B %dx%d, for an accumulator of %dx%d", da.rows, da.cols, db.rows, db.cols, M, N))
	}
	a := func(i, k int64) int64 { return da.at(M, K, i, k) }
	if w.TransposeA() {
		a = func(i, k int64) int64 { return da.at(K, M, k, i) }
	}
	b := func(k, j int64) int64 { return db.at(N, K, j, k) }
	if w.TransposeB() {
		b = func(k, j int64) int64 { return db.at(K, N, k, j) }
	}
	if M%64 != 0 {
		return interp.Errorf(op, fmt.Sprintf("wgmma computes tiles of 64 rows, not %d", M))
	}
	ae, be := da.buf.Elem, db.buf.Elem
	out, err := t.Collective(f, op, simt.Warpgroup, c, func(group []*simt.Arrival) error {
		if len(group) != simt.WarpgroupSize {
			return interp.Errorf(op, fmt.Sprintf("warpgroup.mma needs a warpgroup of %d threads, it has %d", simt.WarpgroupSize, len(group)))
		}
		et := vt.Elem
		// The operands read once: A by rows, B by columns (k fastest).
		av := make([]float64, M*K)
		for i := int64(0); i < M; i++ {
			for k := int64(0); k < K; k++ {
				av[i*K+k] = number(ae, da.buf.Data[a(i, k)], false)
			}
		}
		bv := make([]float64, N*K)
		for j := int64(0); j < N; j++ {
			for k := int64(0); k < K; k++ {
				bv[j*K+k] = number(be, db.buf.Data[b(k, j)], false)
			}
		}
		data := make([]uint64, M*N)
		for i := int64(0); i < M; i++ {
			ar := av[i*K : (i+1)*K]
			for j := int64(0); j < N; j++ {
				br := bv[j*K : (j+1)*K]
				acc := number(et, c.Data[i*N+j], false)
				for k := range ar {
					acc += ar[k] * br[k]
				}
				data[i*N+j] = bitsOf(et, acc)
			}
		}
		d := interp.MakeDense(rt, &interp.Dense{Shape: vt.Shape, Data: data})
		for _, a := range group {
			a.Out = d
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}

// warpgroupStore stores the fragments the thread owns in the wgmma
// accumulator layout: in each tile of 64 rows, warp w of the warpgroup
// holds rows 16w to 16w+15, and lane (g = lane/4, t = lane%4) the
// elements (16w + g + 8h, 8j + 2t + e).
func warpgroupStore(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	s, _ := dnvgpu.AsWarpgroupMmaStoreOp(op)
	dv, err := f.Get(op, s.MatrixD())
	if err != nil {
		return err
	}
	d := dv.Dense()
	mv, err := f.Get(op, s.DstMemref())
	if err != nil {
		return err
	}
	m := mv.MemRef()
	if d == nil || m == nil || m.Rank() != 2 {
		return interp.Errorf(op, "expected an accumulator and a 2-D memref")
	}
	if vt, err := fragmented(op, dv.Type); err != nil {
		return err
	} else if m.Buf.Elem != vt.Elem {
		return interp.Errorf(op, "the memref's element type is not the accumulator's")
	}
	M, N := d.Shape[0], d.Shape[1]
	if m.Sizes[0] < M || m.Sizes[1] < N {
		return interp.Errorf(op, fmt.Sprintf("the %dx%d accumulator does not fit the memref of sizes %v", M, N, m.Sizes))
	}
	w := int64(t.Linear%simt.WarpgroupSize) / simt.WarpSize
	lane := int64(t.Lane())
	g, tt := lane/4, lane%4
	for mt := int64(0); mt < M; mt += 64 {
		for j := int64(0); j < N; j += 8 {
			for h := int64(0); h < 2; h++ {
				for e := int64(0); e < 2; e++ {
					r, c := mt+16*w+g+8*h, j+2*tt+e
					p, err := m.Index([]int64{r, c})
					if err != nil {
						return interp.Errorf(op, err.Error())
					}
					if err := m.Buf.Access(op, p, 1, true); err != nil {
						return err
					}
					m.Buf.Data[p] = d.Data[r*N+c]
				}
			}
		}
	}
	return nil
}

// warpgroupRegisters gives the thread its elements of the accumulator, in
// the order of wgmma's registers: for each tile of 64 rows, register i of
// lane (g = lane/4, t = lane%4) of warp w holds element (16w + g +
// 8((i/2)%2), 8(i/4) + 2t + i%2). The interpreter's wgmma completes at
// once, so nothing is in flight.
func warpgroupRegisters(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	r, _ := dnvgpu.AsWarpgroupMmaRegistersOp(op)
	dv, err := f.Get(op, r.Matrix())
	if err != nil {
		return err
	}
	d := dv.Dense()
	rt, ok := r.Registers().Type().(*ir.VectorType)
	if d == nil || !ok || len(d.Shape) != 2 {
		return interp.Errorf(op, "expected an accumulator")
	}
	M, N := d.Shape[0], d.Shape[1]
	per := N / 2
	w := int64(t.Linear%simt.WarpgroupSize) / simt.WarpSize
	lane := int64(t.Lane())
	g, tt := lane/4, lane%4
	out := make([]uint64, 0, M/64*per)
	for mt := int64(0); mt < M; mt += 64 {
		for i := int64(0); i < per; i++ {
			row := mt + 16*w + g + 8*((i>>1)&1)
			col := 8*(i>>2) + 2*tt + i&1
			out = append(out, d.Data[row*N+col])
		}
	}
	if int64(len(out)) != interp.NumElements(rt.Shape) {
		return interp.Errorf(op, "the registers do not hold the thread's share of the accumulator")
	}
	f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: rt.Shape, Data: out}))
	return nil
}

// rsIn is one thread's operands of nvgpu.warpgroup.mma.rs.
type rsIn struct{ a, c *interp.Dense }

// rsFragment returns the position (row, column) in the 64 x K operand A
// of element e of the thread's fragment, for warp w of the warpgroup and
// lane (g = lane/4, t = lane%4): per k step s of 16, four pairs of
// consecutive columns, the A fragment of wgmma (and of mma.sync
// m16n8k16): (g, 2t), (g+8, 2t), (g, 2t+8), (g+8, 2t+8), rows 16w on.
func rsFragment(w, lane, e int64) (int64, int64) {
	g, t := lane/4, lane%4
	pair := e / 2
	s, i := pair/4, pair%4
	return 16*w + g + 8*(i%2), 16*s + 2*t + 8*(i/2) + e%2
}

// rsAccumulator returns the position in the 64 x N accumulator of
// element i of the thread's registers (the order of wgmma's D).
func rsAccumulator(w, lane, i int64) (int64, int64) {
	g, t := lane/4, lane%4
	return 16*w + g + 8*((i/2)%2), 8*(i/4) + 2*t + i%2
}

// warpgroupMmaRs computes D = A * B + C for the warpgroup's 64 rows, A
// gathered from the threads' fragments (rsFragment), B (K x N) the
// descriptor's matrix, K-major unless transposeB, and C and D in the
// threads' accumulator registers (rsAccumulator). Products and sums are
// exact, rounded once to the accumulator's type.
func warpgroupMmaRs(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	w, _ := dnvgpu.AsWarpgroupMmaRsOp(op)
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	db, ok := vs[1].Object().(*wgDescriptor)
	a, c := vs[0].Dense(), vs[2].Dense()
	if !ok || a == nil || c == nil {
		return interp.Errorf(op, "expected a fragment, a warpgroup descriptor and registers")
	}
	K, N := db.rows, db.cols
	if int64(len(a.Data)) != K/2 || int64(len(c.Data)) != N/2 {
		return interp.Errorf(op, fmt.Sprintf("a thread holds %d elements of A and %d of C, not %d and %d for B of %dx%d", len(a.Data), len(c.Data), K/2, N/2, K, N))
	}
	b := func(k, j int64) int64 { return db.at(N, K, j, k) }
	if w.TransposeB() {
		b = func(k, j int64) int64 { return db.at(K, N, k, j) }
	}
	at := op.Operand(0).Type().(*ir.VectorType).Elem
	ct := op.Operand(2).Type().(*ir.VectorType).Elem
	rt := op.Result(0).Type()
	out, err := t.Collective(f, op, simt.Warpgroup, rsIn{a, c}, func(group []*simt.Arrival) error {
		if len(group) != simt.WarpgroupSize {
			return interp.Errorf(op, fmt.Sprintf("warpgroup.mma.rs needs a warpgroup of %d threads, it has %d", simt.WarpgroupSize, len(group)))
		}
		A := make([]float64, 64*K)
		for _, x := range group {
			in := x.In.(rsIn)
			wp := int64(x.Thread.Linear%simt.WarpgroupSize) / simt.WarpSize
			for e := range in.a.Data {
				r, col := rsFragment(wp, int64(x.Thread.Lane()), int64(e))
				A[r*K+col] = number(at, in.a.Data[e], false)
			}
		}
		B := make([]float64, K*N)
		for k := int64(0); k < K; k++ {
			for j := int64(0); j < N; j++ {
				B[k*N+j] = number(db.buf.Elem, db.buf.Data[b(k, j)], false)
			}
		}
		for _, x := range group {
			in := x.In.(rsIn)
			wp := int64(x.Thread.Linear%simt.WarpgroupSize) / simt.WarpSize
			data := make([]uint64, len(in.c.Data))
			for i := range data {
				r, col := rsAccumulator(wp, int64(x.Thread.Lane()), int64(i))
				acc := number(ct, in.c.Data[i], false)
				for k := int64(0); k < K; k++ {
					acc += A[r*K+k] * B[k*N+col]
				}
				data[i] = bitsOf(ct, acc)
			}
			x.Out = interp.MakeDense(rt, &interp.Dense{Shape: in.c.Shape, Data: data})
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}

// warpgroupMmaSs computes D = A * B + C for the warpgroup's 64 rows, A
// (64 x K, K-major) and B (K x N, K-major unless transposeB) the
// descriptors' matrices, C and D in the threads' accumulator registers
// (rsAccumulator). Products and sums are exact, rounded once to the
// accumulator's type.
func warpgroupMmaSs(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	w, _ := dnvgpu.AsWarpgroupMmaSsOp(op)
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	da, okA := vs[0].Object().(*wgDescriptor)
	db, okB := vs[1].Object().(*wgDescriptor)
	c := vs[2].Dense()
	if !okA || !okB || c == nil {
		return interp.Errorf(op, "expected two warpgroup descriptors and registers")
	}
	K, N := db.rows, db.cols
	if da.rows != 64 || da.cols != K || int64(len(c.Data)) != N/2 {
		return interp.Errorf(op, fmt.Sprintf("A is %dx%d, B %dx%d and a thread holds %d accumulators, not 64xK, KxN and %d", da.rows, da.cols, K, N, len(c.Data), N/2))
	}
	b := func(k, j int64) int64 { return db.at(N, K, j, k) }
	if w.TransposeB() {
		b = func(k, j int64) int64 { return db.at(K, N, k, j) }
	}
	ct := op.Operand(2).Type().(*ir.VectorType).Elem
	rt := op.Result(0).Type()
	out, err := t.Collective(f, op, simt.Warpgroup, c, func(group []*simt.Arrival) error {
		if len(group) != simt.WarpgroupSize {
			return interp.Errorf(op, fmt.Sprintf("warpgroup.mma.ss needs a warpgroup of %d threads, it has %d", simt.WarpgroupSize, len(group)))
		}
		A := make([]float64, 64*K)
		for r := int64(0); r < 64; r++ {
			for k := int64(0); k < K; k++ {
				A[r*K+k] = number(da.buf.Elem, da.buf.Data[da.at(64, K, r, k)], false)
			}
		}
		B := make([]float64, K*N)
		for k := int64(0); k < K; k++ {
			for j := int64(0); j < N; j++ {
				B[k*N+j] = number(db.buf.Elem, db.buf.Data[b(k, j)], false)
			}
		}
		for _, x := range group {
			in := x.In.(*interp.Dense)
			wp := int64(x.Thread.Linear%simt.WarpgroupSize) / simt.WarpSize
			data := make([]uint64, len(in.Data))
			for i := range data {
				r, col := rsAccumulator(wp, int64(x.Thread.Lane()), int64(i))
				acc := number(ct, in.Data[i], false)
				for k := int64(0); k < K; k++ {
					acc += A[r*K+k] * B[k*N+col]
				}
				data[i] = bitsOf(ct, acc)
			}
			x.Out = interp.MakeDense(rt, &interp.Dense{Shape: in.Shape, Data: data})
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}
