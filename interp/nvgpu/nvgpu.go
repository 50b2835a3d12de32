// Package nvgpu gives the nvgpu dialect's operations their semantics in
// the interpreter, on the SIMT model of core/interp/simt, with the exact
// register fragment layouts of the PTX ISA:
//
//   - nvgpu.ldmatrix: a warp collective; lanes 8i to 8i+7 address the
//     rows of 8x8 matrix i (16 bytes each), and lane l receives, in
//     register i, the 32 bits at row l/4, bytes 4(l%4) to 4(l%4)+3 of
//     matrix i (with transpose, of its transpose, for 16-bit elements).
//   - nvgpu.mma.sync: a warp collective over the fragments of the shapes
//     m16n8k16 and m16n8k8 (f16, bf16), m16n8k8 and m16n8k4 (tf32, f32
//     operands whose low 13 mantissa bits are dropped), m16n8k32 and
//     m16n8k16 (i8), m8n8k4 (f64); with g = lane/4 and t = lane%4,
//     16-bit A registers hold (g + 8(r%2), 2t + 8(r/2) + e), B registers
//     (k = 2t + 8r + e, n = g), C and D registers (g + 8r, 2t + e); the
//     other types follow the ISA's tables likewise (see fragment).
//     Products and their sum are exact (float64), rounded once to the
//     accumulator's type.
//   - nvgpu.device_async_copy, device_async_create_group and
//     device_async_wait: cp.async's copies are queued by their thread and
//     committed in groups; they take place when device_async_wait waits
//     for their group (so reading the destination before the wait sees
//     the old contents, as it may on the hardware); a short source
//     (srcElements) zero-fills the rest.
//   - the mbarriers (mbarrier.go): phases, pending arrivals and
//     transaction bytes, parity and token waits (a wait that can never
//     succeed is a located deadlock); a completed phase orders shared
//     memory like a barrier for the race detection.
//   - TMA (tma.go): tensor maps made on the host with the driver's limits,
//     box loads (completing transaction bytes on an mbarrier) and stores,
//     out-of-bounds fill, the 32, 64 and 128-byte swizzles.
//   - nvgpu.elect.sync: a warp collective, true in the lowest lane;
//     nvgpu.rcp: the reciprocal, exactly rounded, with ftz flushing
//     subnormals (elect.go).
//   - wgmma (wgmma.go): descriptors of swizzled shared-memory matrices,
//     checked against their buffer; warpgroup.mma as a collective of the
//     warpgroup's 128 threads; the accumulator stored in its fragment
//     layout.
package nvgpu

import (
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dnvgpu "github.com/strata-ir/strata/dialects/nvgpu"
)

// Register adds the semantics of the nvgpu operations to reg.
func Register(reg *interp.Registry) {
	reg.Register("nvgpu.ldmatrix", ldmatrix)
	reg.Register("nvgpu.elect.sync", electSync)
	reg.Register("nvgpu.rcp", rcp)
	reg.Register("nvgpu.mma.sync", mmaSync)
	reg.Register("nvgpu.device_async_copy", asyncCopyOp)
	reg.Register("nvgpu.device_async_create_group", createGroup)
	reg.Register("nvgpu.device_async_wait", asyncWait)
	registerMbarrier(reg)
	registerTMA(reg)
	registerWgmma(reg)
}

// elemBytes returns the size in bytes of a memref or vector element type.
func elemBytes(t ir.Type) int {
	return (ir.IntOrFloatBitWidth(t) + 7) / 8
}

// ldmatrixIn is one lane's address of nvgpu.ldmatrix.
type ldmatrixIn struct {
	m   *interp.MemRef
	idx []int64
}

func ldmatrix(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	l, _ := dnvgpu.AsLdmatrixOp(op)
	mv, err := f.Get(op, l.SrcMemref())
	if err != nil {
		return err
	}
	m := mv.MemRef()
	if m == nil {
		return interp.Errorf(op, "expected a memref")
	}
	idx, err := f.Ints(op, l.Indices())
	if err != nil {
		return err
	}
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || len(vt.Shape) != 2 {
		return interp.Errorf(op, "expected a 2-D vector result")
	}
	eb := elemBytes(m.Buf.Elem)
	if eb == 0 || 4%eb != 0 || int(vt.Shape[1])*eb != 4 {
		return interp.Errorf(op, "each register of the result must hold 32 bits of the memref's elements")
	}
	tiles := int(l.NumTiles())
	if tiles != 1 && tiles != 2 && tiles != 4 || int(vt.Shape[0]) != tiles {
		return interp.Errorf(op, fmt.Sprintf("expected %d registers for %d tiles", tiles, tiles))
	}
	trans := l.Transpose()
	if trans && eb != 2 {
		return interp.Errorf(op, "ldmatrix transposes 16-bit elements only")
	}
	perReg := 4 / eb
	rowElems := 16 / eb
	out, err := t.Collective(f, op, simt.Warp, ldmatrixIn{m, idx}, func(group []*simt.Arrival) error {
		if len(group) != simt.WarpSize {
			return interp.Errorf(op, fmt.Sprintf("ldmatrix needs a full warp, the warp has %d threads", len(group)))
		}
		// rows[i][r] holds row r of matrix i, read for the lane that
		// addresses it.
		rows := make([][][]uint64, tiles)
		for i := range rows {
			rows[i] = make([][]uint64, 8)
			for r := 0; r < 8; r++ {
				a := group[8*i+r]
				in := a.In.(ldmatrixIn)
				row := make([]uint64, rowElems)
				if err := a.Thread.As(func() error {
					return readRow(op, in.m, in.idx, row)
				}); err != nil {
					return err
				}
				rows[i][r] = row
			}
		}
		for lane, a := range group {
			data := make([]uint64, tiles*perReg)
			for i := 0; i < tiles; i++ {
				for e := 0; e < perReg; e++ {
					if trans {
						data[i*perReg+e] = rows[i][2*(lane%4)+e][lane/4]
					} else {
						data[i*perReg+e] = rows[i][lane/4][perReg*(lane%4)+e]
					}
				}
			}
			a.Out = interp.MakeDense(vt, &interp.Dense{Shape: vt.Shape, Data: data})
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}

// readRow reads len(row) consecutive elements along the last dimension
// of m from idx.
func readRow(op *ir.Operation, m *interp.MemRef, idx []int64, row []uint64) error {
	at := append([]int64(nil), idx...)
	last := len(at) - 1
	if last < 0 {
		return interp.Errorf(op, "expected indices")
	}
	for k := range row {
		p, err := m.Index(at)
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		if err := m.Buf.Access(op, p, 1, false); err != nil {
			return err
		}
		row[k] = m.Buf.Data[p]
		at[last]++
	}
	return nil
}

// fragment maps register r, element e of lane (g = lane/4, t = lane%4)
// of an operand to its row and column in the operand's matrix.
type fragment func(g, t, r, e int) (int, int)

// mmaLayout is the fragments of one mma.sync shape and type.
type mmaLayout struct {
	a, b, c fragment
	// aRegs, bRegs, cRegs are the registers of each operand, per the
	// elements of a register.
	aRegs, aElems, bRegs, bElems, cRegs, cElems int
}

// layoutFor returns the fragment layout of the shape m x n x k with
// A elements of bw bits (float says whether they are floats).
func layoutFor(m, n, k, bw int, float bool) (*mmaLayout, bool) {
	c16 := func(g, t, r, e int) (int, int) { return g + 8*r, 2*t + e }
	switch {
	case m == 16 && n == 8 && k == 16 && bw == 16:
		return &mmaLayout{
			a:     func(g, t, r, e int) (int, int) { return g + 8*(r%2), 2*t + e + 8*(r/2) },
			b:     func(g, t, r, e int) (int, int) { return 2*t + e + 8*r, g },
			c:     c16,
			aRegs: 4, aElems: 2, bRegs: 2, bElems: 2, cRegs: 2, cElems: 2}, true
	case m == 16 && n == 8 && k == 8 && bw == 16:
		return &mmaLayout{
			a:     func(g, t, r, e int) (int, int) { return g + 8*r, 2*t + e },
			b:     func(g, t, r, e int) (int, int) { return 2*t + e, g },
			c:     c16,
			aRegs: 2, aElems: 2, bRegs: 1, bElems: 2, cRegs: 2, cElems: 2}, true
	case m == 16 && n == 8 && k == 8 && bw == 32 && float:
		return &mmaLayout{
			a:     func(g, t, r, e int) (int, int) { return g + 8*(r%2), t + 4*(r/2) },
			b:     func(g, t, r, e int) (int, int) { return t + 4*r, g },
			c:     c16,
			aRegs: 4, aElems: 1, bRegs: 2, bElems: 1, cRegs: 2, cElems: 2}, true
	case m == 16 && n == 8 && k == 4 && bw == 32 && float:
		return &mmaLayout{
			a:     func(g, t, r, e int) (int, int) { return g + 8*r, t },
			b:     func(g, t, r, e int) (int, int) { return t, g },
			c:     c16,
			aRegs: 2, aElems: 1, bRegs: 1, bElems: 1, cRegs: 2, cElems: 2}, true
	case m == 16 && n == 8 && k == 32 && bw == 8:
		return &mmaLayout{
			a:     func(g, t, r, e int) (int, int) { return g + 8*(r%2), 4*t + e + 16*(r/2) },
			b:     func(g, t, r, e int) (int, int) { return 4*t + e + 16*r, g },
			c:     c16,
			aRegs: 4, aElems: 4, bRegs: 2, bElems: 4, cRegs: 2, cElems: 2}, true
	case m == 16 && n == 8 && k == 16 && bw == 8:
		return &mmaLayout{
			a:     func(g, t, r, e int) (int, int) { return g + 8*r, 4*t + e },
			b:     func(g, t, r, e int) (int, int) { return 4*t + e, g },
			c:     c16,
			aRegs: 2, aElems: 4, bRegs: 1, bElems: 4, cRegs: 2, cElems: 2}, true
	case m == 8 && n == 8 && k == 4 && bw == 64:
		return &mmaLayout{
			a:     func(g, t, r, e int) (int, int) { return g, t },
			b:     func(g, t, r, e int) (int, int) { return t, g },
			c:     func(g, t, r, e int) (int, int) { return g, 2*t + e },
			aRegs: 1, aElems: 1, bRegs: 1, bElems: 1, cRegs: 1, cElems: 2}, true
	}
	return nil, false
}

// mmaIn is one lane's fragments of mma.sync.
type mmaIn struct{ a, b, c *interp.Dense }

func mmaSync(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	s, _ := dnvgpu.AsMmaSyncOp(op)
	var shape []int64
	if arr, ok := s.MmaShape().(*ir.ArrayAttr); ok {
		for _, e := range arr.Elems {
			if i, ok := e.(*ir.IntegerAttr); ok {
				shape = append(shape, i.Int64())
			}
		}
	}
	if len(shape) != 3 {
		return interp.Errorf(op, "expected mmaShape = [m, n, k]")
	}
	M, N, K := int(shape[0]), int(shape[1]), int(shape[2])
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	at := interp.ElementType(vs[0].Type)
	_, isFloat := at.(*ir.FloatType)
	lay, ok := layoutFor(M, N, K, ir.IntOrFloatBitWidth(at), isFloat)
	if !ok {
		return interp.Errorf(op, fmt.Sprintf("the interpreter has no fragment layout for m%dn%dk%d with %s operands", M, N, K, typeName(at)))
	}
	in := mmaIn{vs[0].Dense(), vs[1].Dense(), vs[2].Dense()}
	if in.a == nil || in.b == nil || in.c == nil {
		return interp.Errorf(op, "expected vector operands")
	}
	for _, x := range []struct {
		name        string
		d           *interp.Dense
		regs, elems int
	}{{"A", in.a, lay.aRegs, lay.aElems}, {"B", in.b, lay.bRegs, lay.bElems}, {"C", in.c, lay.cRegs, lay.cElems}} {
		if len(x.d.Shape) != 2 || int(x.d.Shape[0]) != x.regs || int(x.d.Shape[1]) != x.elems {
			return interp.Errorf(op, fmt.Sprintf("the %s fragment of m%dn%dk%d is vector<%dx%d>, not %v", x.name, M, N, K, x.regs, x.elems, x.d.Shape))
		}
	}
	bt, ct := interp.ElementType(vs[1].Type), interp.ElementType(vs[2].Type)
	rt := op.Result(0).Type()
	tf32 := isFloat && ir.IntOrFloatBitWidth(at) == 32
	out, err := t.Collective(f, op, simt.Warp, in, func(group []*simt.Arrival) error {
		if len(group) != simt.WarpSize {
			return interp.Errorf(op, fmt.Sprintf("mma.sync needs a full warp, the warp has %d threads", len(group)))
		}
		var A, B, C [simt.WarpSize][]uint64
		for lane, a := range group {
			x := a.In.(mmaIn)
			A[lane], B[lane], C[lane] = x.a.Data, x.b.Data, x.c.Data
		}
		D := warpMMA(lay, M, N, K, at, bt, ct, interp.ElementType(rt), tf32, A, B, C)
		for lane, a := range group {
			a.Out = interp.MakeDense(rt, &interp.Dense{Shape: []int64{int64(lay.cRegs), int64(lay.cElems)}, Data: D[lane]})
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}

// warpMMA computes D = A * B + C for a warp from the lanes' fragments
// (the element bits of each lane's registers in order, the elements of a
// register from its low bits up) in the layout lay; products and their
// sum are exact (float64), rounded once to D's element type dt.
func warpMMA(lay *mmaLayout, M, N, K int, at, bt, ct, dt ir.Type, tf32 bool, a, b, c [simt.WarpSize][]uint64) [simt.WarpSize][]uint64 {
	A := make([]float64, M*K)
	B := make([]float64, K*N)
	C := make([]float64, M*N)
	scatter := func(dst []float64, cols int, frag fragment, regs, elems int, et ir.Type, in [simt.WarpSize][]uint64) {
		for lane := range in {
			for r := 0; r < regs; r++ {
				for e := 0; e < elems; e++ {
					row, col := frag(lane/4, lane%4, r, e)
					dst[row*cols+col] = number(et, in[lane][r*elems+e], tf32)
				}
			}
		}
	}
	scatter(A, K, lay.a, lay.aRegs, lay.aElems, at, a)
	scatter(B, N, lay.b, lay.bRegs, lay.bElems, bt, b)
	scatter(C, N, lay.c, lay.cRegs, lay.cElems, ct, c)
	var out [simt.WarpSize][]uint64
	for lane := range out {
		data := make([]uint64, lay.cRegs*lay.cElems)
		for r := 0; r < lay.cRegs; r++ {
			for e := 0; e < lay.cElems; e++ {
				row, col := lay.c(lane/4, lane%4, r, e)
				acc := C[row*N+col]
				for k := 0; k < K; k++ {
					acc += A[row*K+k] * B[k*N+col]
				}
				data[r*lay.cElems+e] = bitsOf(dt, acc)
			}
		}
		out[lane] = data
	}
	return out
}

// WarpMMA is the warp's mma.sync of shape m x n x k for the interpreters
// of lower levels (nvvm.mma.sync): a, b and c hold each lane's fragment
// elements (register by register, low bits first), at, bt, ct and dt
// are the element types of A, B, C and D (f32 multiplicands are tf32).
// It reports false when the shape and types have no fragment layout.
func WarpMMA(m, n, k int, at, bt, ct, dt ir.Type, a, b, c [simt.WarpSize][]uint64) ([simt.WarpSize][]uint64, bool) {
	_, isFloat := at.(*ir.FloatType)
	lay, ok := layoutFor(m, n, k, ir.IntOrFloatBitWidth(at), isFloat)
	if !ok {
		return [simt.WarpSize][]uint64{}, false
	}
	for lane := range a {
		if len(a[lane]) != lay.aRegs*lay.aElems || len(b[lane]) != lay.bRegs*lay.bElems || len(c[lane]) != lay.cRegs*lay.cElems {
			return [simt.WarpSize][]uint64{}, false
		}
	}
	tf32 := isFloat && ir.IntOrFloatBitWidth(at) == 32
	return warpMMA(lay, m, n, k, at, bt, ct, dt, tf32, a, b, c), true
}

func typeName(t ir.Type) string {
	if t == nil {
		return "?"
	}
	return fmt.Sprint(ir.IntOrFloatBitWidth(t)) + "-bit"
}

// number reads an element of type t as a float64 (integers signed;
// f32 as tf32, its low 13 mantissa bits dropped, when tf32 is set).
func number(t ir.Type, bits uint64, tf32 bool) float64 {
	v := interp.FromBits(t, bits)
	if ft, ok := t.(*ir.FloatType); ok {
		if tf32 && ft.Kind == ir.F32 {
			return float64(math.Float32frombits(uint32(bits) &^ 0x1fff))
		}
		return v.Float()
	}
	return float64(v.Int())
}

// bitsOf rounds x to an element of type t.
func bitsOf(t ir.Type, x float64) uint64 {
	if ft, ok := t.(*ir.FloatType); ok {
		return interp.MakeFloat(ft, x).Bits()
	}
	return interp.MakeInt(t, uint64(int64(x))).Bits()
}
