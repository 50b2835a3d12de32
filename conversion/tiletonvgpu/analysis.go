package tiletonvgpu

import (
	"fmt"
	"github.com/strata-ir/strata/dialects/arith"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// tileShape returns the shape and element type of a tile value.
func tileShape(v ir.Value) ([]int64, ir.Type, bool) {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return nil, nil, false
	}
	return t.Shape, t.Elem, true
}

func isTile(v ir.Value) bool { _, _, ok := tileShape(v); return ok }

// elementwise reports whether op computes its tile results element by
// element from tiles of the same shape: an operation without regions,
// outside the tile dialect, whose operands and results are all tiles of
// one shape (arith and math on tiles).
func elementwise(op *ir.Operation) bool {
	if op.NumRegions() != 0 || op.NumResults() != 1 || strings.HasPrefix(op.Name(), "tile.") || !isTile(op.Result(0)) {
		return false
	}
	shape, _, _ := tileShape(op.Result(0))
	for i := 0; i < op.NumOperands(); i++ {
		s, _, ok := tileShape(op.Operand(i))
		if !ok || !sameShape(s, shape) {
			return false
		}
	}
	return true
}

func sameShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// layouts assigns a layout to every tile value of a kernel: the
// accumulators of tile.dot take the mma.sync fragment layout, the values
// stored and loaded the blocked layout, and the layouts flow through
// element-wise operations, loops, broadcasts and dimension changes, so
// that an epilogue computes on the accumulator's registers where they
// are. Splats, constants and iotas are cloned per use first, so that each
// takes the layout its user needs.
type layouts struct {
	m     map[ir.Value]*Layout
	warps int64
	err   error
}

func (a *layouts) set(v ir.Value, l *Layout) bool {
	if a.err != nil || !isTile(v) {
		return false
	}
	if old, ok := a.m[v]; ok {
		if !old.Equal(l) {
			a.err = fmt.Errorf("conflicting layouts for one tile: %s and %s", old, l)
		}
		return false
	}
	a.m[v] = l
	return true
}

// propagate spreads the known layouts until nothing changes.
func (a *layouts) propagate(body *ir.Operation) {
	for changed := true; changed && a.err == nil; {
		changed = false
		body.Walk(ir.PreOrder, func(op *ir.Operation) bool {
			if a.step(op) {
				changed = true
			}
			return a.err == nil
		})
	}
}

// step applies the layout rules of one operation, in both directions.
func (a *layouts) step(op *ir.Operation) bool {
	changed := false
	share := func(vs ...ir.Value) {
		var l *Layout
		for _, v := range vs {
			if x, ok := a.m[v]; ok {
				l = x
				break
			}
		}
		if l == nil {
			return
		}
		for _, v := range vs {
			if a.set(v, l) {
				changed = true
			}
		}
	}
	switch {
	case elementwise(op):
		vs := []ir.Value{op.Result(0)}
		for i := 0; i < op.NumOperands(); i++ {
			vs = append(vs, op.Operand(i))
		}
		share(vs...)
	case isFor(op):
		f, _ := scf.AsForOp(op)
		body := f.Region().First()
		yield := body.Last()
		for i, init := range f.InitArgs() {
			if isTile(init) {
				share(init, body.Argument(i+1), yield.Operand(i), op.Result(i))
			}
		}
	case isOp(op, tile.AsBroadcastOp):
		if l, ok := a.m[op.Result(0)]; ok {
			s, _, _ := tileShape(op.Operand(0))
			if a.set(op.Operand(0), l.Sliced(s).Compact()) {
				changed = true
			}
		}
	case isOp(op, tile.AsExpandDimsOp):
		e, _ := tile.AsExpandDimsOp(op)
		d := int(e.Dim())
		if l, ok := a.m[op.Result(0)]; ok {
			if a.set(op.Operand(0), l.Squeezed(d)) {
				changed = true
			}
		} else if l, ok := a.m[op.Operand(0)]; ok {
			if a.set(op.Result(0), l.Expanded(d)) {
				changed = true
			}
		}
	case isOp(op, tile.AsSqueezeOp):
		s, _ := tile.AsSqueezeOp(op)
		d := int(s.Dim())
		if l, ok := a.m[op.Operand(0)]; ok {
			if a.set(op.Result(0), l.Squeezed(d)) {
				changed = true
			}
		} else if l, ok := a.m[op.Result(0)]; ok {
			if a.set(op.Operand(0), l.Expanded(d)) {
				changed = true
			}
		}
	case isOp(op, tile.AsCastOp):
		share(op.Operand(0), op.Result(0))
	case isOp(op, tile.AsReshapeOp):
		// Reshapes that add or drop unit dimensions keep the registers.
		from, _, _ := tileShape(op.Operand(0))
		to, _, _ := tileShape(op.Result(0))
		if l, ok := a.m[op.Operand(0)]; ok && unitReshape(from, to) {
			if a.set(op.Result(0), l.Reshaped(to)) {
				changed = true
			}
		} else if l, ok := a.m[op.Result(0)]; ok && unitReshape(from, to) {
			if a.set(op.Operand(0), l.Reshaped(from)) {
				changed = true
			}
		}
	case isOp(op, tile.AsTransposeOp):
		t, _ := tile.AsTransposeOp(op)
		perm := tile.Permutation(t)
		if l, ok := a.m[op.Operand(0)]; ok {
			if a.set(op.Result(0), l.Permuted(perm)) {
				changed = true
			}
		} else if l, ok := a.m[op.Result(0)]; ok {
			if a.set(op.Operand(0), l.Permuted(inverse(perm))) {
				changed = true
			}
		}
	case isOp(op, tile.AsReduceOp):
		r, _ := tile.AsReduceOp(op)
		if l, ok := a.m[r.Input()]; ok && isTile(r.Result()) && len(l.Shape) == 2 {
			if a.set(r.Result(), reducedLayout(l, int(r.Dim()))) {
				changed = true
			}
		}
	}
	return changed
}

func isFor(op *ir.Operation) bool { _, ok := scf.AsForOp(op); return ok }

func isOp[T any](op *ir.Operation, as func(*ir.Operation) (T, bool)) bool {
	_, ok := as(op)
	return ok
}

// rematerializable reports whether op is cheap to repeat for each use: a
// splat, an iota or a constant tile.
func rematerializable(op *ir.Operation) bool {
	if isOp(op, tile.AsSplatOp) || isOp(op, tile.AsIotaOp) {
		return true
	}
	_, isConst := arith.AsConstantOp(op)
	return isConst && op.NumResults() == 1 && isTile(op.Result(0))
}

// splitRematerializable gives each use of a splat, iota or constant tile
// its own copy.
func splitRematerializable(body *ir.Operation) {
	var ops []*ir.Operation
	body.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if rematerializable(op) {
			ops = append(ops, op)
		}
		return true
	})
	for _, op := range ops {
		v := op.Result(0)
		var uses []*ir.OpOperand
		for u := v.FirstUse(); u != nil; u = u.Next() {
			uses = append(uses, u)
		}
		for _, u := range uses[min(1, len(uses)):] {
			c := op.Clone(nil)
			b := ir.NewBuilder(op.Context())
			b.SetInsertionPointAfter(op)
			b.Insert(c)
			u.Set(c.Result(0))
		}
	}
}

// assign computes the layouts of a kernel body run by warps warps, the
// accumulators of its products in the target's fragment layout.
func assign(body *ir.Operation, warps int64, t *Target) (map[ir.Value]*Layout, error) {
	return assignWith(body, warps, t.Lanes, t.Chained, func(shape []int64) (*Layout, error) {
		wm, wn, err := warpGrid(shape, warps, t)
		if err != nil {
			return nil, err
		}
		return t.Accumulator(shape, wm, wn), nil
	})
}

// assignWith computes the layouts of a kernel body run by warps warps,
// the accumulators of its products in the layout acc gives their shape,
// those of chained products in the layout chain gives (nil: mma.sync's
// with the warps along the rows).
func assignWith(body *ir.Operation, warps, lanes int64, chain func(shape []int64, warps int64) (*Layout, error), acc func(shape []int64) (*Layout, error)) (map[ir.Value]*Layout, error) {
	a := &layouts{m: map[ir.Value]*Layout{}, warps: warps}
	// Layouts split dimensions by bits.
	body.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		for i := 0; i < op.NumResults() && a.err == nil; i++ {
			if shape, _, ok := tileShape(op.Result(i)); ok {
				for _, d := range shape {
					if !isPow2(d) {
						a.err = fmt.Errorf("tiles need power-of-two shapes, not %v", shape)
					}
				}
			}
		}
		return a.err == nil
	})
	if a.err != nil {
		return nil, a.err
	}
	// The accumulators of the products; products chained in registers
	// stack their warps along the rows.
	chained := chainedDots(body)
	if chain == nil {
		chain = func(shape []int64, warps int64) (*Layout, error) {
			wm, wn, err := rowWarps(shape, warps)
			if err != nil {
				return nil, err
			}
			return MMA(shape, wm, wn), nil
		}
	}
	body.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if d, ok := tile.AsDotOp(op); ok {
			shape, _, _ := tileShape(d.Result())
			l, err := acc(shape)
			if err == nil && chained[op] {
				l, err = chain(shape, warps)
			}
			if err != nil {
				a.err = err
				return false
			}
			a.set(d.Result(), l)
			a.set(d.Acc(), l)
		}
		return true
	})
	a.propagate(body)
	// Then the tiles loaded (whose layouts reach what is computed from
	// them, reductions included), stored and any others, in program order.
	seed := func(pick func(op *ir.Operation) ir.Value) {
		body.Walk(ir.PreOrder, func(op *ir.Operation) bool {
			v := pick(op)
			if v == nil || a.err != nil {
				return a.err == nil
			}
			if _, ok := a.m[v]; !ok {
				shape, elem, _ := tileShape(v)
				a.set(v, BlockedLanes(shape, bitWidth(elem), int(warps), int(lanes)))
				a.propagate(body)
			}
			return a.err == nil
		})
	}
	seed(func(op *ir.Operation) ir.Value {
		if l, ok := tile.AsLoadOp(op); ok && !feedsDot(op) {
			return l.Result()
		}
		return nil
	})
	seed(func(op *ir.Operation) ir.Value {
		if s, ok := tile.AsStoreOp(op); ok {
			return s.Value()
		}
		return nil
	})
	seed(func(op *ir.Operation) ir.Value {
		for i := 0; i < op.NumResults(); i++ {
			if r := op.Result(i); isTile(r) && !feedsDot(op) {
				if _, ok := a.m[r]; !ok {
					return r
				}
			}
		}
		return nil
	})
	return a.m, a.err
}

// feedsDot reports whether op is a tile.load whose only use is an operand
// A or B of a tile.dot (staged through shared memory, with no register
// layout of its own).
func feedsDot(op *ir.Operation) bool {
	if !isOp(op, tile.AsLoadOp) || op.NumResults() != 1 || !ir.HasOneUse(op.Result(0)) {
		return false
	}
	u := op.Result(0).FirstUse()
	return isOp(u.Owner(), tile.AsDotOp) && u.Index() < 2
}

// unitReshape reports whether a reshape from one shape to the other only
// adds or drops dimensions of size 1.
func unitReshape(from, to []int64) bool {
	strip := func(s []int64) []int64 {
		var out []int64
		for _, d := range s {
			if d != 1 {
				out = append(out, d)
			}
		}
		return out
	}
	return sameShape(strip(from), strip(to))
}

// blockLoad returns the tile.load that v is, through reshapes that add or
// drop unit dimensions, each value used once on the way.
func blockLoad(v ir.Value) (tile.LoadOp, bool) {
	for {
		def := ir.DefiningOp(v)
		if def == nil {
			return tile.LoadOp{}, false
		}
		if ld, ok := tile.AsLoadOp(def); ok {
			return ld, ir.HasOneUse(v)
		}
		r, ok := tile.AsReshapeOp(def)
		if !ok || !ir.HasOneUse(v) {
			return tile.LoadOp{}, false
		}
		from, _, _ := tileShape(r.Input())
		to, _, _ := tileShape(r.Result())
		if !unitReshape(from, to) {
			return tile.LoadOp{}, false
		}
		v = r.Input()
	}
}

// warpGrid arranges warps over an accumulator of shape: as square as the
// target's fragments (16x8 for mma.sync) allow.
func warpGrid(shape []int64, warps int64, t *Target) (int64, int64, error) {
	fm, fn := t.FragM, t.FragN
	if len(shape) != 2 || !isPow2(shape[0]) || !isPow2(shape[1]) || shape[0] < fm || shape[1] < fn {
		return 0, 0, fmt.Errorf("tile.dot accumulator %v: %s needs power-of-two blocks of at least %dx%d", shape, t.Instruction, fm, fn)
	}
	wm, wn := int64(1), int64(1)
	for wm*wn < warps {
		if shape[1]/wn >= 2*fn && (shape[1]/wn >= shape[0]/wm || shape[0]/wm < 2*fm) {
			wn *= 2
		} else if shape[0]/wm >= 2*fm {
			wm *= 2
		} else {
			return 0, 0, fmt.Errorf("tile.dot accumulator %v is too small for %d warps", shape, warps)
		}
	}
	return wm, wn, nil
}

func bitWidth(t ir.Type) int {
	switch x := t.(type) {
	case *ir.IntegerType:
		if x.Width < 8 {
			return 8
		}
		return int(x.Width)
	case *ir.FloatType:
		return x.Width()
	}
	return 64
}
