package nvvm

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
	dnvvm "github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/interp/llvm"
	"github.com/strata-ir/strata/interp/nvgpu"
)

// Hopper's warpgroup matrix product on shared memory matrix descriptors.
// wgmma.mma_async runs when it is issued (its fence, commit and wait then
// order nothing more). A descriptor holds the matrix's start address >> 4
// (bits 0-13, an offset in the block's shared memory), the leading and
// stride byte offsets >> 4 (bits 16-29 and 32-45) and the swizzle (bits
// 62-63: 1 = 128B, 2 = 64B, 3 = 32B). Element (mn, k) of a K-major
// operand (A row-major, B column-major) is at byte
//
//	(mn/8)*SBO + (mn%8)*16 + (k*es/16)*LBO + (k*es)%16       without swizzle
//	swizzle((mn/8)*SBO + (mn%8)*S + k*es)                     with a swizzle of S bytes
//
// from the start, and of an MN-major one (with a swizzle only) at
// swizzle((mn*es/S)*LBO + (k/8)*SBO + (k%8)*S + (mn*es)%S). Thread
// (warp w, lane g*4 + t) holds accumulator element i at row
// 16w + g + 8((i/2)%2), column 8(i/4) + 2t + i%2.

func registerWgmma(reg *interp.Registry) {
	noop := func(*interp.Frame, *ir.Operation) error { return nil }
	reg.Register("nvvm.wgmma.fence.aligned", noop)
	reg.Register("nvvm.wgmma.commit.group.sync.aligned", noop)
	reg.Register("nvvm.wgmma.wait.group.sync.aligned", noop)
	reg.Register("nvvm.wgmma.mma_async", wgmma)
	reg.Register("nvvm.wgmma.mma_async.rs", wgmmaRs)
}

// descriptor is a decoded matrix descriptor.
type descriptor struct {
	start, lbo, sbo, span int64
}

func decode(d uint64) descriptor {
	field := func(at uint) int64 { return int64(d>>at&0x3fff) << 4 }
	span := map[uint64]int64{0: 0, 1: 128, 2: 64, 3: 32}[d>>62]
	return descriptor{start: field(0), lbo: field(16), sbo: field(32), span: span}
}

// offset returns the byte of element (mn, k) of a matrix of es-byte
// elements, K-major or MN-major.
func (d descriptor) offset(mn, k, es int64, kMajor bool) (int64, bool) {
	if kMajor {
		if d.span == 0 {
			return d.start + (mn/8)*d.sbo + (mn%8)*16 + (k*es/16)*d.lbo + (k*es)%16, true
		}
		return nvgpu.Swizzle(d.start+(mn/8)*d.sbo+(mn%8)*d.span+k*es, d.span), true
	}
	if d.span == 0 {
		return 0, false
	}
	return nvgpu.Swizzle(d.start+(mn*es/d.span)*d.lbo+(k/8)*d.sbo+(k%8)*d.span+(mn*es)%d.span, d.span), true
}

// wgmmaElement is how the interpreter reads an element of a wgmma type:
// its bytes and its value.
func wgmmaElement(ctx *ir.Context, typ string) (int64, func([]byte) float64, bool) {
	switch typ {
	case "f16", "bf16":
		k := ir.F16
		if typ == "bf16" {
			k = ir.BF16
		}
		t := ctx.FloatType(k)
		return 2, func(b []byte) float64 { return interp.FromBits(t, uint64(binary.LittleEndian.Uint16(b))).Float() }, true
	case "tf32":
		return 4, func(b []byte) float64 {
			return float64(math.Float32frombits(binary.LittleEndian.Uint32(b) &^ 0x1fff))
		}, true
	case "e4m3", "e5m2":
		// OCP FP8: e4m3 has no infinities and one NaN pattern per sign
		// (S.1111.111), e5m2 is IEEE-like.
		k := ir.F8E4M3FN
		if typ == "e5m2" {
			k = ir.F8E5M2
		}
		t := ctx.FloatType(k)
		return 1, func(b []byte) float64 { return interp.FromBits(t, uint64(b[0])).Float() }, true
	case "s8":
		return 1, func(b []byte) float64 { return float64(int8(b[0])) }, true
	case "u8":
		return 1, func(b []byte) float64 { return float64(b[0]) }, true
	}
	return 0, nil, false
}

// wgmmaIn is one thread's operands.
type wgmmaIn struct {
	acc          []interp.Value
	descA, descB uint64
}

func wgmma(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	w := dnvvm.WgmmaMmaAsyncOp{Operation: op}
	shape, ok := dnvvm.AsShapeAttr(w.Shape())
	if !ok {
		return interp.Errorf(op, "wgmma.mma_async without a shape")
	}
	M, N, K := shape.M(), shape.N(), shape.K()
	ctx := op.Context()
	esA, readA, okA := wgmmaElement(ctx, w.TypeA().String())
	esB, readB, okB := wgmmaElement(ctx, w.TypeB().String())
	if !okA || !okB {
		return interp.Errorf(op, fmt.Sprintf("the interpreter does not run wgmma of %s and %s multiplicands", w.TypeA(), w.TypeB()))
	}
	if td := w.TypeD().String(); td != "f32" && td != "s32" {
		return interp.Errorf(op, fmt.Sprintf("the interpreter runs wgmma with f32 or s32 accumulators, not %s", td))
	}
	st, ok := w.Results().Type().(*lt.StructType)
	if !ok || int64(len(st.Fields)) != N/2 || M != 64 {
		return interp.Errorf(op, fmt.Sprintf("a wgmma of m%dn%d with an f32 accumulator holds %d values per thread", M, N, N/2))
	}
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	in := wgmmaIn{acc: llvm.Fields(vs[0]), descA: vs[1].Bits(), descB: vs[2].Bits()}
	if len(in.acc) != len(st.Fields) {
		return interp.Errorf(op, "the accumulator does not match the result")
	}
	sa, sb := wgmmaScale(w.ScaleA().String()), wgmmaScale(w.ScaleB().String())
	addC := w.ScaleD().String() == "one"
	aK := w.LayoutA().String() == "row"
	bK := w.LayoutB().String() == "col"
	if (esA == 1 && !aK) || (esB == 1 && !bK) {
		return interp.Errorf(op, fmt.Sprintf("wgmma of 8-bit multiplicands (%s, %s) reads both from shared memory k-major: layoutA must be row and layoutB col", w.TypeA(), w.TypeB()))
	}
	out, err := t.Collective(f, op, simt.Warpgroup, in, func(group []*simt.Arrival) error {
		if len(group) != simt.WarpgroupSize {
			return interp.Errorf(op, fmt.Sprintf("wgmma needs a warpgroup of %d threads, it has %d", simt.WarpgroupSize, len(group)))
		}
		first := group[0].In.(wgmmaIn)
		for _, a := range group {
			if x := a.In.(wgmmaIn); x.descA != first.descA || x.descB != first.descB {
				return interp.Errorf(op, "the threads of the warpgroup give different matrix descriptors")
			}
		}
		da, db := decode(first.descA), decode(first.descB)
		A, err := sharedOperand(op, t, da, M, K, esA, aK, readA, sa)
		if err != nil {
			return err
		}
		B, err := sharedOperand(op, t, db, N, K, esB, bK, readB, sb)
		if err != nil {
			return err
		}
		for _, a := range group {
			x := a.In.(wgmmaIn)
			a.Out = wgmmaFragment(st, int64(a.Thread.Linear), int64(a.Thread.Lane()), x.acc, addC, A, B, K, N)
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}

// wgmmaScale is the factor of a multiplicand's scale-in attribute.
func wgmmaScale(s string) float64 {
	if s == "neg" {
		return -1
	}
	return 1
}

// sharedOperand reads the rows x k operand of a wgmma that descriptor d
// describes in the block's shared memory (k-major or, with a swizzle,
// MN-major), each element of es bytes decoded by read and multiplied by
// scale, as a row-major rows x k matrix.
func sharedOperand(op *ir.Operation, t *simt.Thread, d descriptor, rows, k, es int64, kMajor bool, read func([]byte) float64, scale float64) ([]float64, error) {
	ptr := lt.Ptr(op.Context(), 3)
	m := make([]float64, rows*k)
	for r := int64(0); r < rows; r++ {
		for c := int64(0); c < k; c++ {
			off, ok := d.offset(r, c, es, kMajor)
			if !ok {
				return nil, interp.Errorf(op, "the interpreter reads MN-major wgmma operands only with a swizzle")
			}
			b, err := llvm.LoadBytes(op, llvm.SharedPointer(t.In, t.Block, ptr, off), es)
			if err != nil {
				return nil, err
			}
			m[r*k+c] = scale * read(b)
		}
	}
	return m, nil
}

// wgmmaFragment is the accumulator fragment that the thread of
// warpgroup-linear index linear and lane holds after D = A·B (+ acc when
// addC): A is M x K and B is N x K (B transposed), row-major; each warp owns 16 rows and
// each thread the registers of wgmma's accumulator layout.
func wgmmaFragment(st *lt.StructType, linear, lane int64, acc []interp.Value, addC bool, A, B []float64, K, N int64) interp.Value {
	wp := (linear % simt.WarpgroupSize) / simt.WarpSize
	g, tt := lane/4, lane%4
	fs := make([]interp.Value, len(st.Fields))
	for i := range fs {
		ii := int64(i)
		r := 16*wp + g + 8*((ii/2)%2)
		c := 8*(ii/4) + 2*tt + ii%2
		sum := 0.0
		if addC {
			sum = accValue(acc[i])
		}
		for k := int64(0); k < K; k++ {
			sum += A[r*K+k] * B[c*K+k]
		}
		fs[i] = accResult(st.Fields[i], sum)
	}
	return llvm.MakeAggregate(st, fs)
}

func accValue(v interp.Value) float64 {
	if _, ok := v.Type.(*ir.FloatType); ok {
		return v.Float()
	}
	return float64(v.Int())
}

func accResult(t ir.Type, x float64) interp.Value {
	if ft, ok := t.(*ir.FloatType); ok {
		return interp.MakeFloat(ft, x)
	}
	return interp.MakeInt(t, uint64(int64(x)))
}

// wgmmaRsIn is one thread's operands of wgmma.mma_async.rs.
type wgmmaRsIn struct {
	acc, a []interp.Value
	descB  uint64
}

// wgmmaRs is wgmma.mma_async with operand A (64 x 16) in the registers
// of the warpgroup: register i of lane (g = lane/4, t = lane%4) of warp w
// holds the 16-bit pair of row 16w + g + 8(i%2), columns 2t + 8(i/2) and
// the next, the first in the low half.
func wgmmaRs(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	w := dnvvm.WgmmaMmaAsyncRsOp{Operation: op}
	shape, ok := dnvvm.AsShapeAttr(w.Shape())
	if !ok {
		return interp.Errorf(op, "wgmma.mma_async.rs without a shape")
	}
	M, N, K := shape.M(), shape.N(), shape.K()
	ctx := op.Context()
	esA, readA, okA := wgmmaElement(ctx, w.TypeA().String())
	esB, readB, okB := wgmmaElement(ctx, w.TypeB().String())
	if !okA || !okB || esA != 2 || K != 16 {
		return interp.Errorf(op, fmt.Sprintf("the interpreter runs wgmma.mma_async.rs of 16-bit multiplicands, k = 16, not %s and %s", w.TypeA(), w.TypeB()))
	}
	if td := w.TypeD().String(); td != "f32" {
		return interp.Errorf(op, fmt.Sprintf("the interpreter runs wgmma.mma_async.rs with f32 accumulators, not %s", td))
	}
	st, ok := w.Results().Type().(*lt.StructType)
	if !ok || int64(len(st.Fields)) != N/2 || M != 64 {
		return interp.Errorf(op, fmt.Sprintf("a wgmma of m%dn%d with an f32 accumulator holds %d values per thread", M, N, N/2))
	}
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	in := wgmmaRsIn{acc: llvm.Fields(vs[0]), a: llvm.Fields(vs[1]), descB: vs[2].Bits()}
	if len(in.acc) != len(st.Fields) || len(in.a) != 4 {
		return interp.Errorf(op, "expected the accumulator of the result and four registers of A")
	}
	sa, sb := wgmmaScale(w.ScaleA().String()), wgmmaScale(w.ScaleB().String())
	addC := w.ScaleD().String() == "one"
	bK := w.LayoutB().String() == "col"
	out, err := t.Collective(f, op, simt.Warpgroup, in, func(group []*simt.Arrival) error {
		if len(group) != simt.WarpgroupSize {
			return interp.Errorf(op, fmt.Sprintf("wgmma needs a warpgroup of %d threads, it has %d", simt.WarpgroupSize, len(group)))
		}
		first := group[0].In.(wgmmaRsIn)
		A := make([]float64, M*K)
		for _, a := range group {
			x := a.In.(wgmmaRsIn)
			if x.descB != first.descB {
				return interp.Errorf(op, "the threads of the warpgroup give different matrix descriptors")
			}
			wp := int64(a.Thread.Linear%simt.WarpgroupSize) / simt.WarpSize
			lane := int64(a.Thread.Lane())
			g, tt := lane/4, lane%4
			for i, r := range x.a {
				bits := r.Bits()
				for e := int64(0); e < 2; e++ {
					row, col := 16*wp+g+8*int64(i%2), 2*tt+8*int64(i/2)+e
					b := []byte{byte(bits >> (16 * e)), byte(bits >> (16*e + 8))}
					A[row*K+col] = sa * readA(b)
				}
			}
		}
		db := decode(first.descB)
		B, err := sharedOperand(op, t, db, N, K, esB, bK, readB, sb)
		if err != nil {
			return err
		}
		for _, a := range group {
			x := a.In.(wgmmaRsIn)
			a.Out = wgmmaFragment(st, int64(a.Thread.Linear), int64(a.Thread.Lane()), x.acc, addC, A, B, K, N)
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}
