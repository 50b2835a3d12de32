// Package amdgpu gives the amdgpu dialect's operations their semantics in
// the interpreter, on the SIMT model of core/interp/simt with 64-lane
// wavefronts (the launch's warp size, from #rocdl.target):
//
//   - amdgpu.mfma: a wave collective computing D = A x B + C of each of
//     its `blocks` M x N x K blocks in the register layouts of CDNA's
//     matrix instructions (AMD's matrix instruction calculator): with
//     G = 64 / M lane groups, g = l / M lane l's group, Gb = G / blocks
//     groups per block and P = K / Gb elements of A and B per lane, lane
//     l holds A[l % M][(g % Gb) P + j] and B[(g % Gb) P + j][l % N] of
//     block g / Gb for j < P; with R = M N / 64 accumulator registers of
//     a block per lane, register r holds D[(r' / 4) 4 (64 / N) + 4 (l / N)
//   - r' % 4][l % N] of block r / R (r' = r % R), and for the 4x4
//     blocks (R < 1) D[r][l % N] of block l / N; a 64-bit accumulator
//     (f64) holds in register r D[g / blocks + r 64 / (N blocks)][l % N]
//     of block g % blocks (g = l / N). Products and their sum
//     are exact (float64), rounded once to the accumulator's type;
//     negateA/B/C negate the operands.
//   - amdgpu.raw_buffer_load and raw_buffer_store: the element at the
//     position sum(index_d * stride_d) + indexOffset + sgprOffset of the
//     memref; with boundsCheck, the elements of the access past the
//     buffer's extent, max_d(size_d * stride_d) (the num_records of the
//     buffer descriptor), load 0 and are not stored, as the hardware's
//     range check does; without it they are an error.
//   - amdgpu.lds_barrier: a barrier of the workgroup.
//   - amdgpu.sched_barrier: no effect on the results.
package amdgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	damdgpu "github.com/strata-ir/strata/dialects/amdgpu"
)

// Register adds the semantics of the amdgpu operations to reg.
func Register(reg *interp.Registry) {
	reg.Register("amdgpu.mfma", mfma)
	reg.Register("amdgpu.raw_buffer_load", bufferLoad)
	reg.Register("amdgpu.raw_buffer_store", bufferStore)
	reg.Register("amdgpu.gather_to_lds", gatherToLDS)
	reg.Register("amdgpu.lds_barrier", func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		return t.Barrier(f, op, simt.BlockScope)
	})
	reg.Register("amdgpu.sched_barrier", func(*interp.Frame, *ir.Operation) error { return nil })
}

// Layout is the register layout of an M x N x K matrix instruction of
// Blocks blocks on a wave of 64 lanes. Acc64 is set for 64-bit
// accumulators (the f64 instructions), whose registers take whole rows.
type Layout struct {
	M, N, K, Blocks int
	Acc64           bool
}

// groupsPerBlock returns the groups of M lanes that share a block.
func (l Layout) groupsPerBlock() int { return 64 / l.M / l.blocks() }

func (l Layout) blocks() int { return max(1, l.Blocks) }

// PerLane returns the elements of A (and of B) each lane holds.
func (l Layout) PerLane() int { return l.K * l.M * l.blocks() / 64 }

// Regs returns the accumulator registers of each lane.
func (l Layout) Regs() int { return l.M * l.N * l.blocks() / 64 }

// A returns the (row, k) in its block of element j of lane's A operand.
func (l Layout) A(lane, j int) (int, int) {
	return lane % l.M, lane/l.M%l.groupsPerBlock()*l.PerLane() + j
}

// B returns the (k, column) in its block of element j of lane's B
// operand.
func (l Layout) B(lane, j int) (int, int) {
	return lane/l.N%l.groupsPerBlock()*l.PerLane() + j, lane % l.N
}

// InputBlock returns the block of lane's A and B elements.
func (l Layout) InputBlock(lane int) int { return lane / l.M / l.groupsPerBlock() }

// D returns the (row, column) in its block of accumulator register r of
// lane.
func (l Layout) D(lane, r int) (int, int) {
	if l.Acc64 {
		// Lane group g holds row g / blocks + r (64 / N / blocks) of block
		// g % blocks.
		g := lane / l.N
		return g/l.blocks() + r*(64/l.N/l.blocks()), lane % l.N
	}
	per := l.M * l.N / 64
	if per == 0 {
		return r, lane % l.N
	}
	r %= per
	return r/4*4*(64/l.N) + 4*(lane/l.N) + r%4, lane % l.N
}

// DBlock returns the block of accumulator register r of lane.
func (l Layout) DBlock(lane, r int) int {
	if l.Acc64 {
		return lane / l.N % l.blocks()
	}
	per := l.M * l.N / 64
	if per == 0 {
		return lane / l.N
	}
	return r / per
}

// LayoutFor returns the layout of an M x N x K instruction of one block,
// and whether there is one (see LayoutBlocks).
func LayoutFor(m, n, k int) (Layout, bool) { return LayoutBlocks(m, n, k, 1) }

// LayoutBlocks returns the layout of an M x N x K instruction of blocks
// blocks, and whether there is one: M = N, 4 (16 blocks), 16 (1, 2 or 4
// blocks) or 32 (1 or 2), and K such that each lane holds a whole number
// of elements.
func LayoutBlocks(m, n, k, blocks int) (Layout, bool) {
	if m != n || k <= 0 || blocks <= 0 {
		return Layout{}, false
	}
	switch m {
	case 4, 16, 32:
	default:
		return Layout{}, false
	}
	if groups := 64 / m; groups%blocks != 0 || (k*m*blocks)%64 != 0 {
		return Layout{}, false
	}
	return Layout{M: m, N: n, K: k, Blocks: blocks}, true
}

// WaveMFMA computes D = A x B + C for a wave from its 64 lanes' operands
// (each lane's elements in order, as bit patterns of at, bt and ct) in
// layout l; D's elements are of type dt. negate negates A, B and C.
func WaveMFMA(l Layout, at, bt, ct, dt ir.Type, a, b, c [][]uint64, negate [3]bool) ([][]uint64, error) {
	if ir.IntOrFloatBitWidth(dt) == 64 {
		l.Acc64 = true
	}
	M, N, K, nb := l.M, l.N, l.K, l.blocks()
	if len(a) != 64 || len(b) != 64 || len(c) != 64 {
		return nil, fmt.Errorf("a %dx%dx%d matrix instruction needs a wave of 64 lanes, the wave has %d", M, N, K, len(a))
	}
	per, regs := l.PerLane(), l.Regs()
	// The blocks one after the other.
	A := make([]float64, nb*M*K)
	B := make([]float64, nb*K*N)
	C := make([]float64, nb*M*N)
	sign := func(neg bool) float64 {
		if neg {
			return -1
		}
		return 1
	}
	for lane := 0; lane < 64; lane++ {
		if len(a[lane]) != per || len(b[lane]) != per || len(c[lane]) != regs {
			return nil, fmt.Errorf("a %dx%dx%d matrix instruction takes %d elements of A and B and %d accumulators per lane, not %d, %d and %d",
				M, N, K, per, regs, len(a[lane]), len(b[lane]), len(c[lane]))
		}
		blk := l.InputBlock(lane)
		for j := 0; j < per; j++ {
			r, kk := l.A(lane, j)
			A[blk*M*K+r*K+kk] = sign(negate[0]) * number(at, a[lane][j])
			kk, col := l.B(lane, j)
			B[blk*K*N+kk*N+col] = sign(negate[1]) * number(bt, b[lane][j])
		}
		for r := 0; r < regs; r++ {
			row, col := l.D(lane, r)
			C[l.DBlock(lane, r)*M*N+row*N+col] = sign(negate[2]) * number(ct, c[lane][r])
		}
	}
	out := make([][]uint64, 64)
	for lane := range out {
		d := make([]uint64, regs)
		for r := range d {
			row, col := l.D(lane, r)
			blk := l.DBlock(lane, r)
			acc := C[blk*M*N+row*N+col]
			for kk := 0; kk < K; kk++ {
				acc += A[blk*M*K+row*K+kk] * B[blk*K*N+kk*N+col]
			}
			d[r] = bitsOf(dt, acc)
		}
		out[lane] = d
	}
	return out, nil
}

// number reads an element of type t as a float64 (integers signed).
func number(t ir.Type, bits uint64) float64 {
	v := interp.FromBits(t, bits)
	if _, ok := t.(*ir.FloatType); ok {
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

// Elements returns the elements of a scalar or vector value and their
// type.
func Elements(v interp.Value) ([]uint64, ir.Type) {
	if d := v.Dense(); d != nil {
		return d.Data, interp.ElementType(v.Type)
	}
	return []uint64{v.Bits()}, v.Type
}

// Make returns a value of type t (a scalar or a vector) of elements data.
func Make(t ir.Type, data []uint64) interp.Value {
	if vt, ok := t.(*ir.VectorType); ok {
		return interp.MakeDense(t, &interp.Dense{Shape: append([]int64(nil), vt.Shape...), Data: data})
	}
	return interp.FromBits(t, data[0])
}

type mfmaIn struct{ a, b, c []uint64 }

func mfma(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	m, _ := damdgpu.AsMfmaOp(op)
	num := func(a ir.Attribute) int {
		if ia, ok := a.(*ir.IntegerAttr); ok {
			return int(ia.Int64())
		}
		return 0
	}
	M, N, K := num(m.M()), num(m.N()), num(m.K())
	blocks := 1
	if m.Blocks() != nil {
		blocks = num(m.Blocks())
	}
	if m.Cbsz() != 0 || m.Abid() != 0 {
		return interp.Errorf(op, "the interpreter runs matrix instructions without cbsz and abid broadcasts")
	}
	if p, ok := damdgpu.MFMAPermBOf(m.Blgp()); m.Blgp() != nil && (!ok || p != "none") {
		return interp.Errorf(op, "the interpreter runs matrix instructions without blgp lane permutations")
	}
	lay, ok := LayoutBlocks(M, N, K, blocks)
	if !ok {
		return interp.Errorf(op, fmt.Sprintf("the interpreter has no register layout for the %dx%dx%d matrix instruction of %d blocks", M, N, K, blocks))
	}
	vs, err := f.Values(op, []ir.Value{m.SourceA(), m.SourceB(), m.DestC()})
	if err != nil {
		return err
	}
	a, at := Elements(vs[0])
	b, bt := Elements(vs[1])
	c, ct := Elements(vs[2])
	rt := op.Result(0).Type()
	neg := [3]bool{m.NegateA(), m.NegateB(), m.NegateC()}
	out, err := t.Collective(f, op, simt.Warp, mfmaIn{a, b, c}, func(group []*simt.Arrival) error {
		var A, B, C [][]uint64
		for _, x := range group {
			in := x.In.(mfmaIn)
			A, B, C = append(A, in.a), append(B, in.b), append(C, in.c)
		}
		D, err := WaveMFMA(lay, at, bt, ct, interp.ElementType(rt), A, B, C, neg)
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		for lane, x := range group {
			x.Out = Make(rt, D[lane])
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}

// bufferAccess returns the memref of a raw buffer access and the
// position of its first element relative to the memref's offset, and
// the buffer's extent in elements.
func bufferAccess(f *interp.Frame, op *ir.Operation, mem ir.Value, indices []ir.Value, sgpr ir.Value, indexOffset int32, hasOffset bool) (*interp.MemRef, int64, int64, error) {
	mv, err := f.Get(op, mem)
	if err != nil {
		return nil, 0, 0, err
	}
	m := mv.MemRef()
	if m == nil {
		return nil, 0, 0, interp.Errorf(op, "expected a memref")
	}
	if err := m.Check(); err != nil {
		return nil, 0, 0, interp.Errorf(op, err.Error())
	}
	idx, err := f.Ints(op, indices)
	if err != nil {
		return nil, 0, 0, err
	}
	if len(idx) != len(m.Sizes) {
		return nil, 0, 0, interp.Errorf(op, fmt.Sprintf("expected %d indices, got %d", len(m.Sizes), len(idx)))
	}
	var pos, extent int64
	for d, i := range idx {
		// The indices are i32 values, read as signed.
		pos += int64(int32(i)) * m.Strides[d]
		extent = max(extent, m.Sizes[d]*m.Strides[d])
	}
	if hasOffset {
		pos += int64(indexOffset)
	}
	if sgpr != nil {
		s, err := f.Get(op, sgpr)
		if err != nil {
			return nil, 0, 0, err
		}
		pos += int64(int32(s.Int()))
	}
	return m, pos, extent, nil
}

func bufferLoad(f *interp.Frame, op *ir.Operation) error {
	l, _ := damdgpu.AsRawBufferLoadOp(op)
	off, hasOff := l.IndexOffset()
	m, pos, extent, err := bufferAccess(f, op, l.Memref(), l.Indices(), l.SgprOffset(), off, hasOff)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	n := int64(1)
	if vt, ok := rt.(*ir.VectorType); ok {
		for _, d := range vt.Shape {
			n *= d
		}
	}
	data := make([]uint64, n)
	for i := range data {
		p := pos + int64(i)
		if p < 0 || p >= extent {
			if !l.BoundsCheck() {
				return interp.Errorf(op, fmt.Sprintf("buffer load of element %d outside the buffer of %d elements without a bounds check", p, extent))
			}
			continue
		}
		at := m.Offset + p
		if at >= int64(len(m.Buf.Data)) {
			return interp.Errorf(op, fmt.Sprintf("access at element %d outside the allocation of %d elements", at, len(m.Buf.Data)))
		}
		if err := m.Buf.Access(op, at, 1, false); err != nil {
			return err
		}
		data[i] = m.Buf.Data[at]
	}
	f.SetResult(op, 0, Make(rt, data))
	return nil
}

func bufferStore(f *interp.Frame, op *ir.Operation) error {
	s, _ := damdgpu.AsRawBufferStoreOp(op)
	off, hasOff := s.IndexOffset()
	m, pos, extent, err := bufferAccess(f, op, s.Memref(), s.Indices(), s.SgprOffset(), off, hasOff)
	if err != nil {
		return err
	}
	v, err := f.Get(op, s.Value())
	if err != nil {
		return err
	}
	data, _ := Elements(v)
	for i, x := range data {
		p := pos + int64(i)
		if p < 0 || p >= extent {
			if !s.BoundsCheck() {
				return interp.Errorf(op, fmt.Sprintf("buffer store of element %d outside the buffer of %d elements without a bounds check", p, extent))
			}
			continue
		}
		at := m.Offset + p
		if at >= int64(len(m.Buf.Data)) {
			return interp.Errorf(op, fmt.Sprintf("access at element %d outside the allocation of %d elements", at, len(m.Buf.Data)))
		}
		if err := m.Buf.Access(op, at, 1, true); err != nil {
			return err
		}
		m.Buf.Data[at] = x
	}
	return nil
}
