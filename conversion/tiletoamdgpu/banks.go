package tiletoamdgpu

import (
	"slices"

	"github.com/strata-ir/strata/conversion/tiletonvgpu"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/targets/chips"
)

// The LDS of the gfx9 chips (CDNA: gfx90a, gfx942, gfx950) has 32 banks
// of 4 bytes: byte address a is in bank (a / 4) % 32. The LDS serves an
// instruction of a wave in phases, each a group of lanes whose accesses
// together move at most 128 bytes; within a phase, lanes that reach
// different dwords of one bank are served one after the other (a bank
// conflict), while lanes that reach the same dword share one access.
// Which lanes make up a phase depends on the width of the access, as
// AMD documents it for the MI-series LDS:
//
//   - 1 to 4 bytes (ds_read/write_b32 and narrower): the two half-waves,
//     lanes 0-31 and 32-63;
//   - 8 bytes (ds_read/write_b64): quarter-waves of 16 consecutive lanes;
//   - 16 bytes written (ds_write_b128): eighths of 8 consecutive lanes;
//   - 16 bytes read (ds_read_b128): eight groups of eight lanes, 0-3 with
//     20-23, 4-7 with 16-19, 8-11 with 28-31, 12-15 with 24-27, and the
//     same groups of the second half-wave.
//
// tile-to-amdgpu chooses the staging layout of each operand of a product
// (chooseStaging) by running the accesses it emits for it through this
// model: the reads of the MFMA fragments and the writes of the blocks
// loaded from global memory.

const (
	ldsBanks     = 32
	ldsBankBytes = 4
)

// ldsAccess is one LDS instruction of one wave as the bank model sees
// it: the byte address of each lane (-1 for a lane that does not take
// part) and the bytes each lane moves.
type ldsAccess struct {
	addr  [WaveSize]int64
	bytes int64
	write bool
}

// b128Read are the lanes of the phases of ds_read_b128 in the first
// half-wave; the second half-wave's are the same plus 32.
var b128Read = [4][]int{
	{0, 1, 2, 3, 20, 21, 22, 23},
	{4, 5, 6, 7, 16, 17, 18, 19},
	{8, 9, 10, 11, 28, 29, 30, 31},
	{12, 13, 14, 15, 24, 25, 26, 27},
}

// ldsPhases returns the groups of lanes the LDS serves together for an
// access of bytes per lane.
func ldsPhases(bytes int64, write bool) [][]int {
	key := phaseKey{min(bytes, 16), write}
	if p, ok := phaseCache[key]; ok {
		return p
	}
	p := makePhases(bytes, write)
	phaseCache[key] = p
	return p
}

type phaseKey struct {
	bytes int64
	write bool
}

// phaseCache holds the phases of each access width, computed at init.
var phaseCache = func() map[phaseKey][][]int {
	m := map[phaseKey][][]int{}
	for _, b := range []int64{1, 2, 4, 8, 16} {
		for _, w := range []bool{false, true} {
			m[phaseKey{b, w}] = makePhases(b, w)
		}
	}
	return m
}()

func makePhases(bytes int64, write bool) [][]int {
	var out [][]int
	if bytes >= 16 && !write {
		for half := 0; half < WaveSize; half += 32 {
			for _, g := range b128Read {
				p := make([]int, len(g))
				for i, l := range g {
					p[i] = l + half
				}
				out = append(out, p)
			}
		}
		return out
	}
	size := 32
	switch {
	case bytes >= 16:
		size = 8
	case bytes >= 8:
		size = 16
	}
	for s := 0; s < WaveSize; s += size {
		p := make([]int, size)
		for i := range p {
			p[i] = s + i
		}
		out = append(out, p)
	}
	return out
}

// cycles returns the LDS cycles the access takes in the model and its
// degree (see LDSConflicts).
func (a *ldsAccess) cycles() (cycles, degree int) {
	return LDSConflicts(a.addr[:], a.bytes, a.write)
}

// LDSConflicts runs one LDS instruction of a 64-lane wave through the
// bank model of the gfx9 chips: addr holds the byte address of each lane
// (-1 for a lane that does not take part), bytes the bytes each lane
// reads or writes. It returns the cycles the instruction takes (the sum
// over its phases of the most dwords one bank serves) and its degree,
// the most dwords one bank serves in any phase: 1 is conflict-free, n an
// n-way conflict.
func LDSConflicts(addr []int64, bytes int64, write bool) (cycles, degree int) {
	dwords := max(1, bytes/ldsBankBytes)
	var perBank [ldsBanks][]int64
	for _, phase := range ldsPhases(bytes, write) {
		for b := range perBank {
			perBank[b] = perBank[b][:0]
		}
		worst := 0
		for _, l := range phase {
			if l >= len(addr) || addr[l] < 0 {
				continue
			}
			first := addr[l] / ldsBankBytes
			for d := first; d < first+dwords; d++ {
				b := d % ldsBanks
				if !slices.Contains(perBank[b], d) {
					perBank[b] = append(perBank[b], d)
					worst = max(worst, len(perBank[b]))
				}
			}
		}
		cycles += worst
		degree = max(degree, worst)
	}
	return cycles, degree
}

// staging is how an operand tile of a product lies in LDS: rows of the
// tile (A's rows, the columns of B) of Cols elements each (the k block),
// made of units of Vec elements (at most 16 bytes),
// the units of row r permuted by XOR with its phase
//
//	phase(r) = (r / P1) % M1  ^  (r / P2) % M2
//
// (M1 or M2 of 1 leaves a term out). Two terms let rows that one access
// of a wave reads together (consecutive rows) and rows that one store
// writes together (rows a register vector apart) both fall into
// different banks.
type staging struct {
	Cols, Vec      int64
	P1, M1, P2, M2 int64
}

func (s staging) phase(row int64) int64 {
	return (row / s.P1 % s.M1) ^ (row / s.P2 % s.M2)
}

// offset is the element offset of (row, col) in the staged tile.
func (s staging) offset(row, col int64) int64 {
	return row*s.Cols + ((col/s.Vec)^s.phase(row))*s.Vec + col%s.Vec
}

// emitOffset emits the element offset of (row, col); col is a multiple
// of the vector read or written at once.
func (s staging) emitOffset(k *tiletonvgpu.Kernel, row, col ir.Value) ir.Value {
	lin := k.Mul(row, s.Cols)
	if s.M1 == 1 && s.M2 == 1 {
		return k.Add(lin, col)
	}
	ph := k.Rem(k.Div(row, s.P1), s.M1)
	if s.M2 > 1 {
		ph = k.Bin("arith.xori", ph, k.Rem(k.Div(row, s.P2), s.M2))
	}
	unit := k.Bin("arith.xori", k.Div(col, s.Vec), ph)
	return k.Add(lin, k.Add(k.Mul(unit, s.Vec), k.Rem(col, s.Vec)))
}

// size is the number of elements of a staged tile of rows rows.
func (s staging) size(rows int64) int64 { return rows * s.Cols }

// waveBits returns the coordinate that the bits of id contribute through
// bases.
func waveBits(id int, bases [][]int64, rank int) []int64 {
	c := make([]int64, rank)
	for b, basis := range bases {
		if id>>b&1 == 1 {
			for d := range c {
				c[d] ^= basis[d]
			}
		}
	}
	return c
}

// fragmentReads returns the LDS reads of the MFMA fragments of one
// operand (0 for A, 1 for B) of the product, as mfmaSteps emits them,
// for every wave.
func fragmentReads(info *dotShape, s staging, operand int, waves int) []ldsAccess {
	f := info.frag
	eb := int64(ir.IntOrFloatBitWidth(info.elem) / 8)
	tiles := info.wm / f
	if operand == 1 {
		tiles = info.wn / f
	}
	var out []ldsAccess
	for w := 0; w < waves; w++ {
		woff := waveBits(w, info.layout.Warp, 2)[operand]
		for kk := int64(0); kk < info.bk; kk += info.kInstr {
			for t := int64(0); t < tiles; t++ {
				a := ldsAccess{bytes: info.perLane * eb}
				for l := 0; l < WaveSize; l++ {
					row := woff + t*f + int64(l)%f
					col := kk + int64(l)/f*info.perLane
					a.addr[l] = s.offset(row, col) * eb
				}
				out = append(out, a)
			}
		}
	}
	return out
}

// storeVector returns the elements of registers of layout l that
// storeLDS writes with one store into a tile staged as s: the
// consecutive elements of a row that lie in one unit of the swizzle, or
// 1.
func storeVector(l *tiletonvgpu.Layout, s staging, transpose bool) int64 {
	if transpose {
		return 1
	}
	vec := min(l.RegShape[len(l.RegShape)-1], s.Vec)
	for b := 0; int64(1)<<b < vec; b++ {
		if l.Reg[b][0] != 0 || l.Reg[b][1] != int64(1)<<b {
			return 1
		}
	}
	return vec
}

// stagingWrites returns the LDS writes of registers of layout l into a
// tile staged as s, as storeLDS emits them, for every wave.
func stagingWrites(l *tiletonvgpu.Layout, s staging, elemBits int, transpose bool, waves int) []ldsAccess {
	if transpose {
		l = l.Permuted([]int64{1, 0})
	}
	eb := int64(elemBits / 8)
	vec := storeVector(l, s, transpose)
	laneDup, warpDup := tiletonvgpu.ZeroBits(l.Lane), tiletonvgpu.ZeroBits(l.Warp)
	regDup := tiletonvgpu.ZeroBits(l.Reg)
	var out []ldsAccess
	for w := 0; w < waves; w++ {
		if int64(w)&warpDup != 0 {
			continue
		}
		wc := waveBits(w, l.Warp, 2)
		for r := 0; r < l.NumRegs(); r += int(vec) {
			if int64(r)&regDup != 0 {
				continue
			}
			rc := l.RegCoord(r)
			a := ldsAccess{bytes: vec * eb, write: true}
			for ln := 0; ln < WaveSize; ln++ {
				a.addr[ln] = -1
				if int64(ln)&laneDup != 0 {
					continue
				}
				lc := waveBits(ln, l.Lane, 2)
				row, col := wc[0]^lc[0]^rc[0], wc[1]^lc[1]^rc[1]
				a.addr[ln] = s.offset(row, col) * eb
			}
			out = append(out, a)
		}
	}
	return out
}

// ldsCost sums the cycles of accesses and returns the worst degree.
func ldsCost(accesses []ldsAccess) (cycles, degree int) {
	for i := range accesses {
		c, d := accesses[i].cycles()
		cycles += c
		degree = max(degree, d)
	}
	return cycles, degree
}

// stagingCandidates are the layouts chooseStaging weighs for rows of bk
// elements of elemBits, read perLane elements at a time: the rows
// unpermuted, then XOR swizzles with units from the read's width to 16
// bytes. None pads the rows, which would take LDS the kernel's blocks may
// need.
func stagingCandidates(bk int64, elemBits int, perLane int64) []staging {
	out := []staging{{Cols: bk, Vec: perLane, P1: 1, M1: 1, P2: 1, M2: 1}}
	maxVec := max(int64(128/elemBits), perLane)
	for vec := perLane; vec <= maxVec && vec <= bk; vec *= 2 {
		// A phase permutes the units of a row within the 128 bytes the
		// banks span: more phases than units there change nothing.
		phases := min(bk/vec, ldsBanks*ldsBankBytes*8/(vec*int64(elemBits)))
		for m1 := int64(2); m1 <= phases; m1 *= 2 {
			for p1 := int64(1); p1 <= 16; p1 *= 2 {
				out = append(out, staging{Cols: bk, Vec: vec, P1: p1, M1: m1, P2: 1, M2: 1})
				for m2 := int64(2); m2 <= phases; m2 *= 2 {
					for p2 := p1 * m1; p2 <= 32; p2 *= 2 {
						out = append(out, staging{Cols: bk, Vec: vec, P1: p1, M1: m1, P2: p2, M2: m2})
					}
				}
			}
		}
	}
	return out
}

// chooseStaging returns the layout in LDS of one operand of the product
// (0 for A, 1 for B, whose registers lie as l and are stored transposed)
// that costs the fewest LDS cycles in the bank model, the reads of all
// waves and the writes together; among equals the first of
// stagingCandidates (the narrowest unit, one term).
// stagingFits reports whether copies of the A and B blocks of info
// staged in LDS fit in the LDS of chip. Where they do not, the kernel
// fails on its LDS size once lowered; the bank search, whose cost grows
// with the blocks, is not worth making for it.
func stagingFits(chip string, info *dotShape, copies int64) bool {
	c, ok := chips.Lookup(chip)
	if !ok || c.MemoryBytes <= 0 {
		return true
	}
	bytes := copies * (info.bm + info.bn) * info.bk * int64((ir.IntOrFloatBitWidth(info.elem)+7)/8)
	return bytes <= c.MemoryBytes
}

// unstaged is the staging of rows of bk elements unpermuted, read perLane
// elements at a time: the first of stagingCandidates.
func unstaged(info *dotShape) staging {
	return staging{Cols: info.bk, Vec: info.perLane, P1: 1, M1: 1, P2: 1, M2: 1}
}

func chooseStaging(info *dotShape, l *tiletonvgpu.Layout, operand int, waves int) staging {
	bits := ir.IntOrFloatBitWidth(info.elem)
	var best staging
	bestCost := -1
	for _, s := range stagingCandidates(info.bk, bits, info.perLane) {
		rc, _ := ldsCost(fragmentReads(info, s, operand, waves))
		if bestCost >= 0 && rc >= bestCost {
			continue
		}
		wc, _ := ldsCost(stagingWrites(l, s, bits, operand == 1, waves))
		if cost := rc + wc; bestCost < 0 || cost < bestCost {
			best, bestCost = s, cost
		}
	}
	return best
}
