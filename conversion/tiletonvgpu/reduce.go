package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/tile"
)

// reducedLayout is the layout of the result of reducing a tile of layout
// l along dim: the same threads and registers, the reduced dimension's
// bases dropped (every register of a reduced group holds the result).
func reducedLayout(l *Layout, dim int) *Layout {
	shape := append([]int64(nil), l.Shape...)
	shape[dim] = 1
	return l.Sliced(shape).Squeezed(dim).Compact()
}

// combineName returns the arith operation of a combining kind.
func combineName(kind tile.CombiningKind, float bool) string {
	pick := func(f, i string) string {
		if float {
			return f
		}
		return i
	}
	switch kind {
	case tile.CombiningKindSum:
		return pick("arith.addf", "arith.addi")
	case tile.CombiningKindProd:
		return pick("arith.mulf", "arith.muli")
	case tile.CombiningKindMax:
		return pick("arith.maximumf", "arith.maxsi")
	case tile.CombiningKindMin:
		return pick("arith.minimumf", "arith.minsi")
	}
	return ""
}

// dimBits returns the mask of the bits of bases with a component along
// dim.
func dimBits(bases [][]int64, dim int) int64 {
	var m int64
	for b, basis := range bases {
		if basis[dim] != 0 {
			m |= 1 << b
		}
	}
	return m
}

// lowerReduce reduces a tile along one dimension in three steps: the
// registers of each thread, then the lanes of a warp by butterfly
// shuffles (gpu.shuffle xor), then, when warps split the dimension, the
// warps' partial results through shared memory (read back one a lane and
// combined by shuffles when there are four or more). Every thread ends with
// the result of each of its rows, in the reduced layout. A row's sum that
// planMoments paired with a later sum of squared deviations from a
// per-row value is lowered together with it (see moments).
func lowerReduce(k *kernel, op *ir.Operation) error {
	if m := k.moments[op]; m != nil {
		if op == m.second && m.stats != nil {
			return k.lowerSecondMoment(op, m)
		}
		if op == m.first && k.lowerMoments(op, m) {
			return nil
		}
	}
	red, _ := tile.AsReduceOp(op)
	kind, ok := red.Kind()
	if !ok {
		return k.errorf(op, "tile-to-nvgpu lowers tile.reduce by a combining kind, not a region")
	}
	shape, elem, _ := tileShape(red.Input())
	if len(shape) != 2 || !isTile(red.Result()) {
		return k.errorf(op, "tile-to-nvgpu lowers reductions of 2-D tiles to 1-D tiles")
	}
	dim := int(red.Dim())
	other := 1 - dim
	l, ok := k.layouts[red.Input()]
	if !ok {
		return k.errorf(op, "tile without a layout")
	}
	name := combineName(kind, isFloat(elem))
	comb := func(a, b ir.Value) ir.Value { return k.bin(name, a, b) }
	in := k.get(red.Input())
	rt := in.Type().(*ir.VectorType)

	// 1. Registers: one partial per group of registers that differ only
	// in bits along dim, combined as a balanced tree (log2 of the group's
	// size dependent operations rather than a chain through every
	// register).
	regD := dimBits(l.Reg, dim)
	group := map[int][]ir.Value{}
	var keys []int
	for r := 0; r < l.NumRegs(); r++ {
		key := r &^ int(regD)
		if _, ok := group[key]; !ok {
			keys = append(keys, key)
		}
		group[key] = append(group[key], k.extract(in, elem, unflatten(r, rt.Shape)))
	}
	partial := map[int]ir.Value{}
	for _, key := range keys {
		partial[key] = combineTree(group[key], comb)
	}
	// 2. Lanes: butterflies over the lane bits along dim.
	laneD := dimBits(l.Lane, dim)
	for b := 0; b < len(l.Lane); b++ {
		if laneD>>b&1 == 0 {
			continue
		}
		for _, key := range keys {
			partial[key] = comb(partial[key], k.shuffleXor(partial[key], 1<<b))
		}
	}
	// 3. Warps: each warp's partials through shared memory.
	warpD := dimBits(l.Warp, dim)
	if warpD != 0 {
		slots := int64(1) << popcount(warpD)
		rows := shape[other]
		sm := k.workgroup(k.ctx.MemRefType([]int64{slots * rows}, elem, nil, k.workgroupSpace()))
		th := k.threadCoords(l)
		slot, writer := k.reduceSlot(l, dim)
		rowOf := func(key int) ir.Value { return k.add(th[other], k.c(l.RegCoord(key)[other])) }
		dupReg := zeroBits(l.Reg)
		k.guarded(writer, func() {
			for _, key := range keys {
				if int64(key)&dupReg != 0 {
					continue
				}
				idx := k.add(k.mul(slot, rows), rowOf(key))
				k.op("memref.store", []ir.Value{partial[key], sm, idx}, nil)
			}
		})
		written := k.op("gpu.barrier", nil, nil)
		for _, key := range keys {
			row := rowOf(key)
			if slots >= 4 && slots <= k.target.Lanes {
				// Each lane reads one warp's partial, then butterflies
				// across the slots: one load and log2(slots) shuffles
				// rather than a load and an operation per slot.
				mine := k.and(k.lane, k.c(slots-1))
				acc := k.val("memref.load", []ir.Value{sm, k.add(k.mul(mine, rows), row)}, elem)
				for m := int64(1); m < slots; m <<= 1 {
					acc = comb(acc, k.shuffleXor(acc, m))
				}
				partial[key] = acc
				continue
			}
			acc := k.val("memref.load", []ir.Value{sm, row}, elem)
			for s := int64(1); s < slots; s++ {
				x := k.val("memref.load", []ir.Value{sm, k.add(k.c(s*rows), row)}, elem)
				acc = comb(acc, x)
			}
			partial[key] = acc
		}
		// The buffer is written again only after every warp has read it.
		k.reduceBarriers = append(k.reduceBarriers, [2]*ir.Operation{written, k.op("gpu.barrier", nil, nil)})
	}
	// The result: every register of a group holds its value.
	ot, _, err := k.regType(red.Result())
	if err != nil {
		return k.errorf(op, "tile without a layout")
	}
	byRow := map[int64]ir.Value{}
	for _, key := range keys {
		byRow[l.RegCoord(key)[other]] = partial[key]
	}
	out := k.rowVector(byRow, k.layouts[red.Result()], ot)
	k.vals[red.Result()] = out
	return nil
}

// rowVector returns the registers of a 1-D tile of layout rl and register
// type ot whose element of each row (by the row's register coordinate) is
// byRow's.
func (k *kernel) rowVector(byRow map[int64]ir.Value, rl *Layout, ot *ir.VectorType) ir.Value {
	out := k.val("vector.broadcast", []ir.Value{byRow[rl.RegCoord(0)[0]]}, ot)
	for q := 0; q < rl.NumRegs(); q++ {
		out = k.insert(byRow[rl.RegCoord(q)[0]], out, unflatten(q, ot.Shape))
	}
	return out
}

// combineTree combines xs pairwise, level by level: the operands of
// each level's operations are independent of one another.
func combineTree(xs []ir.Value, comb func(a, b ir.Value) ir.Value) ir.Value {
	for len(xs) > 1 {
		next := make([]ir.Value, 0, (len(xs)+1)/2)
		for i := 0; i+1 < len(xs); i += 2 {
			next = append(next, comb(xs[i], xs[i+1]))
		}
		if len(xs)%2 == 1 {
			next = append(next, xs[len(xs)-1])
		}
		xs = next
	}
	return xs[0]
}

// dropTrailingBarriers erases the barriers that follow the reads of the
// reductions' shared buffers where another reduction's barrier always
// comes between those reads and the next writes of the buffer: two or
// more reductions through distinct buffers in one block (softmax's max
// and sum, layernorm's mean and variance), whose writes, barriers and
// reads that block runs in turn, also when a loop repeats it.
func (k *kernel) dropTrailingBarriers() {
	byBlock := map[*ir.Block][][2]*ir.Operation{}
	for _, p := range k.reduceBarriers {
		if p[0].Block() != nil && p[0].Block() == p[1].Block() {
			byBlock[p[0].Block()] = append(byBlock[p[0].Block()], p)
		}
	}
	for _, pairs := range byBlock {
		if len(pairs) < 2 {
			continue
		}
		for _, p := range pairs {
			p[1].Erase()
		}
	}
	k.reduceBarriers = nil
}

// shuffleXor returns x of the lane whose id differs from this one's by
// mask (gpu.shuffle xor over the whole warp).
func (k *kernel) shuffleXor(x ir.Value, mask int64) ir.Value {
	i32 := k.ctx.I(32)
	width := k.val("arith.constant", nil, i32, ir.NamedAttr{Name: "value", Value: k.ctx.IntegerAttr(i32, k.target.Lanes)})
	off := k.val("arith.constant", nil, i32, ir.NamedAttr{Name: "value", Value: k.ctx.IntegerAttr(i32, mask)})
	elem := x.Type()
	// Shuffles move 32 bits: narrower floats travel widened (exactly).
	if bitWidth(elem) < 32 && isFloat(elem) {
		x = k.val("arith.extf", []ir.Value{x}, k.ctx.FloatType(ir.F32))
	}
	var sh ir.Value = k.op("gpu.shuffle", []ir.Value{x, off, width}, []ir.Type{x.Type(), k.ctx.I(1)},
		ir.NamedAttr{Name: "mode", Value: k.parsed("#gpu<shuffle_mode xor>")}).Result(0)
	if sh.Type() != elem {
		sh = k.val("arith.truncf", []ir.Value{sh}, elem)
	}
	return sh
}

// reduceSlot returns, for a reduction along dim of a tile of layout l
// whose warps split dim, this warp's slot among the warps of its rows
// (its warp bits along dim, packed) and whether this thread writes its
// partial results to shared memory: one writer per element, so lanes and
// warps that repeat it, and the lanes folded along dim, do not write.
func (k *kernel) reduceSlot(l *Layout, dim int) (slot, writer ir.Value) {
	warpD := dimBits(l.Warp, dim)
	slot = k.c(0)
	n := 0
	for b := 0; b < len(l.Warp); b++ {
		if warpD>>b&1 == 1 {
			bit := k.and(k.bin("arith.shrui", k.warp, k.c(int64(b))), k.c(1))
			slot = k.add(slot, k.mul(bit, int64(1)<<n))
			n++
		}
	}
	laneSkip := zeroBits(l.Lane) | dimBits(l.Lane, dim)
	writer = k.cmp(0, k.and(k.lane, k.c(laneSkip)), k.c(0))
	if z := zeroBits(l.Warp); z != 0 {
		writer = k.and(writer, k.cmp(0, k.and(k.warp, k.c(z)), k.c(0)))
	}
	return slot, writer
}

func popcount(x int64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func init() { rule("tile.reduce", lowerReduce) }
