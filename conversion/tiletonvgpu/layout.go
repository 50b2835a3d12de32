package tiletonvgpu

import (
	"fmt"
	"math/bits"
	"strings"
)

// Layout places the elements of a tile on the threads of a thread block,
// as data: a linear map from the bits of (register, lane, warp) to the
// coordinates of the element they hold. Each basis is the coordinate
// vector of one bit; the coordinate of a (register, lane, warp) triple is
// the exclusive or of the bases of its set bits (the bases of one
// dimension are distinct powers of two, so that it is also their sum).
// A zero basis repeats elements: threads or registers that differ only in
// that bit hold the same element.
//
// RegShape is the shape of a thread's registers as a vector: the product
// is 1 << len(Reg), and the innermost dimension holds the elements that
// one access moves together (a 16-byte vector, the pair of an mma.sync
// fragment).
type Layout struct {
	Kind            string
	Shape           []int64
	Reg, Lane, Warp [][]int64
	RegShape        []int64
}

// NumRegs is the number of registers of each thread.
func (l *Layout) NumRegs() int { return 1 << len(l.Reg) }

// String prints the layout for diagnostics and tests.
func (l *Layout) String() string {
	f := func(bs [][]int64) string {
		var s []string
		for _, b := range bs {
			s = append(s, fmt.Sprint(b))
		}
		return strings.Join(s, " ")
	}
	return fmt.Sprintf("#%s<shape %v, reg [%s], lane [%s], warp [%s]>", l.Kind, l.Shape, f(l.Reg), f(l.Lane), f(l.Warp))
}

// Equal reports whether two layouts place every element alike.
func (l *Layout) Equal(o *Layout) bool {
	if l == o {
		return true
	}
	if o == nil || len(l.Shape) != len(o.Shape) {
		return false
	}
	eq := func(a, b [][]int64) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			for d := range a[i] {
				if a[i][d] != b[i][d] {
					return false
				}
			}
		}
		return true
	}
	for d := range l.Shape {
		if l.Shape[d] != o.Shape[d] {
			return false
		}
	}
	return eq(l.Reg, o.Reg) && eq(l.Lane, o.Lane) && eq(l.Warp, o.Warp) && len(l.RegShape) == len(o.RegShape)
}

// RegCoord returns the coordinate contributed by register r.
func (l *Layout) RegCoord(r int) []int64 {
	c := make([]int64, len(l.Shape))
	for b, basis := range l.Reg {
		if r>>b&1 == 1 {
			for d := range c {
				c[d] ^= basis[d]
			}
		}
	}
	return c
}

// zeroBits returns the mask of the bits of bases that are zero: the
// threads (or registers) that repeat another's elements.
func zeroBits(bases [][]int64) int64 {
	var m int64
	for b, basis := range bases {
		z := true
		for _, x := range basis {
			if x != 0 {
				z = false
			}
		}
		if z {
			m |= 1 << b
		}
	}
	return m
}

func log2(x int64) int { return bits.Len64(uint64(x)) - 1 }

func isPow2(x int64) bool { return x > 0 && x&(x-1) == 0 }

func unit(rank, d int, v int64) []int64 {
	b := make([]int64, rank)
	if d >= 0 {
		b[d] = v
	}
	return b
}

// Blocked is the layout of loads and stores: each thread holds vectors of
// vec contiguous elements along the innermost dimension, the lanes of a
// warp cover the rows one after another (coalesced), then the warps, then
// the registers again.
func Blocked(shape []int64, elemBits int, warps int) *Layout {
	return BlockedLanes(shape, elemBits, warps, 32)
}

// BlockedLanes is Blocked for warps of lanes threads (64 on AMD's CDNA).
func BlockedLanes(shape []int64, elemBits int, warps int, lanes int) *Layout {
	rank := len(shape)
	vec := int64(128 / elemBits)
	if vec < 1 {
		vec = 1
	}
	if vec > shape[rank-1] {
		vec = shape[rank-1]
	}
	l := &Layout{Kind: "blocked", Shape: append([]int64(nil), shape...)}
	// next hands out the coordinate bits from the innermost dimension.
	d, have := rank-1, int64(1)
	next := func() []int64 {
		for d >= 0 && have >= shape[d] {
			d--
			have = 1
		}
		if d < 0 {
			return unit(rank, -1, 0)
		}
		b := unit(rank, d, have)
		have *= 2
		return b
	}
	for i := int64(1); i < vec; i *= 2 {
		l.Reg = append(l.Reg, next())
	}
	for i := 0; i < log2(int64(lanes)); i++ {
		l.Lane = append(l.Lane, next())
	}
	for i := 0; i < log2(int64(warps)); i++ {
		l.Warp = append(l.Warp, next())
	}
	for {
		b := next()
		if zeroBits([][]int64{b}) != 0 {
			break
		}
		l.Reg = append(l.Reg, b)
	}
	n := int64(l.NumRegs())
	l.RegShape = []int64{n / vec, vec}
	return l
}

// MMA is the accumulator layout of mma.sync m16n8: warps are arranged
// warpsM x warpsN over the tile, each warp repeats the 16x8 fragment over
// its part, and lane l holds rows l/4 and l/4+8, columns 2(l%4) and
// 2(l%4)+1 of each fragment (the PTX ISA's figure for m16n8k16's C and D).
// Registers are ordered fragment by fragment, a fragment's four as its
// vector<2x2xf32>.
func MMA(shape []int64, warpsM, warpsN int64) *Layout {
	wm, wn := shape[0]/warpsM, shape[1]/warpsN
	l := &Layout{Kind: "mma", Shape: append([]int64(nil), shape...)}
	l.Reg = [][]int64{{0, 1}, {8, 0}}
	for x := int64(8); x < wn; x *= 2 {
		l.Reg = append(l.Reg, []int64{0, x})
	}
	for x := int64(16); x < wm; x *= 2 {
		l.Reg = append(l.Reg, []int64{x, 0})
	}
	l.Lane = [][]int64{{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}
	for x := wn; x < shape[1]; x *= 2 {
		l.Warp = append(l.Warp, []int64{0, x})
	}
	for x := wm; x < shape[0]; x *= 2 {
		l.Warp = append(l.Warp, []int64{x, 0})
	}
	l.RegShape = []int64{int64(l.NumRegs() / 4), 2, 2}
	return l
}

// Sliced returns the layout of a tile of shape whose elements repeat
// along the dimensions where shape is 1 (the source of a broadcast): the
// same threads and registers hold the elements, the coordinates of those
// dimensions dropped.
func (l *Layout) Sliced(shape []int64) *Layout {
	drop := func(bs [][]int64) [][]int64 {
		out := make([][]int64, len(bs))
		for i, b := range bs {
			out[i] = append([]int64(nil), b...)
			for d := range shape {
				if shape[d] == 1 && l.Shape[d] != 1 {
					out[i][d] = 0
				}
			}
		}
		return out
	}
	return &Layout{Kind: l.Kind, Shape: append([]int64(nil), shape...), Reg: drop(l.Reg), Lane: drop(l.Lane),
		Warp: drop(l.Warp), RegShape: l.RegShape}
}

// Reshaped returns the layout of a tile of shape to that holds the
// elements of l with dimensions of size 1 added or dropped (see
// unitReshape): the same registers.
func (l *Layout) Reshaped(to []int64) *Layout {
	out := l
	for d := len(out.Shape) - 1; d >= 0; d-- {
		if out.Shape[d] == 1 {
			out = out.Squeezed(d)
		}
	}
	for d, n := range to {
		if n == 1 {
			out = out.Expanded(d)
		}
	}
	out.Kind = l.Kind
	return out
}

// Compact drops the register bits whose bases are zero (registers that
// repeat another's elements, as a slice or a reduction leaves them): the
// same elements on the same threads, each once per thread.
func (l *Layout) Compact() *Layout {
	z := zeroBits(l.Reg)
	if z == 0 {
		return l
	}
	out := &Layout{Kind: l.Kind, Shape: l.Shape, Lane: l.Lane, Warp: l.Warp}
	for b, basis := range l.Reg {
		if z>>b&1 == 0 {
			out.Reg = append(out.Reg, basis)
		}
	}
	out.RegShape = []int64{int64(out.NumRegs())}
	return out
}

// Squeezed removes dimension dim (of size 1) from the layout.
func (l *Layout) Squeezed(dim int) *Layout {
	rm := func(bs [][]int64) [][]int64 {
		out := make([][]int64, len(bs))
		for i, b := range bs {
			out[i] = append(append([]int64(nil), b[:dim]...), b[dim+1:]...)
		}
		return out
	}
	shape := append(append([]int64(nil), l.Shape[:dim]...), l.Shape[dim+1:]...)
	return &Layout{Kind: l.Kind, Shape: shape, Reg: rm(l.Reg), Lane: rm(l.Lane), Warp: rm(l.Warp), RegShape: l.RegShape}
}

// Expanded inserts a dimension of size 1 at dim.
func (l *Layout) Expanded(dim int) *Layout {
	ins := func(bs [][]int64) [][]int64 {
		out := make([][]int64, len(bs))
		for i, b := range bs {
			out[i] = append(append(append([]int64(nil), b[:dim]...), 0), b[dim:]...)
		}
		return out
	}
	shape := append(append(append([]int64(nil), l.Shape[:dim]...), 1), l.Shape[dim:]...)
	return &Layout{Kind: l.Kind, Shape: shape, Reg: ins(l.Reg), Lane: ins(l.Lane), Warp: ins(l.Warp), RegShape: l.RegShape}
}

// innerVector returns how many registers of the innermost RegShape
// dimension hold consecutive elements of the innermost tile dimension
// (1 when they do not).
func (l *Layout) innerVector() int64 {
	n := l.RegShape[len(l.RegShape)-1]
	last := len(l.Shape) - 1
	for b := 0; int64(1)<<b < n; b++ {
		for d, x := range l.Reg[b] {
			if (d == last && x != int64(1)<<b) || (d != last && x != 0) {
				return 1
			}
		}
	}
	return n
}

// Permuted returns the layout of the transpose of a tile of layout l:
// dimension i of the result is dimension perm[i] of l, on the same
// registers.
func (l *Layout) Permuted(perm []int64) *Layout {
	pm := func(bs [][]int64) [][]int64 {
		out := make([][]int64, len(bs))
		for i, b := range bs {
			out[i] = make([]int64, len(perm))
			for d, p := range perm {
				out[i][d] = b[p]
			}
		}
		return out
	}
	shape := make([]int64, len(perm))
	for d, p := range perm {
		shape[d] = l.Shape[p]
	}
	return &Layout{Kind: l.Kind, Shape: shape, Reg: pm(l.Reg), Lane: pm(l.Lane), Warp: pm(l.Warp), RegShape: l.RegShape}
}

// inverse returns the inverse of permutation perm.
func inverse(perm []int64) []int64 {
	inv := make([]int64, len(perm))
	for i, p := range perm {
		inv[p] = int64(i)
	}
	return inv
}
