package tiletonvgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// DefaultPrefetchRegs is the registers a thread of a persistent kernel
// without products spends by default on loads issued ahead (see
// planPrefetch): a bf16 row of 8192 on 512 threads (8 registers of x
// for the next row, 8 for the current one) with its f32 scale (16
// registers, loaded once) or its bf16 scale and shift (8 registers
// each, packed). An f32 row of 8192 (16 registers for each
// row) does not fit: its loop runs without loads ahead.
const DefaultPrefetchRegs = 32

// prefetchPlan is the software pipeline of a persistent grid's loop over
// programs: the loads of a program that come before any store and whose
// addresses follow from the program id and constants alone.
//
//   - ahead depend on the program: the loop issues them for the next
//     program before it computes the current one (whose registers it
//     carries from the previous iteration), so that a block's next row
//     is in flight while it reduces, normalizes and stores this one;
//   - once do not: they are issued once, before the loop, and their
//     registers are kept (γ and β of a norm; 16-bit elements packed two
//     to a 32-bit register, as they were loaded).
//
// Programs of a parallel grid are independent, so reading the next
// program's inputs before this program's stores is what the grid allows.
type prefetchPlan struct {
	ahead, once []*ir.Operation
}

// planPrefetch returns the plan of the loop over the programs of body,
// issuing depth programs ahead, within budget registers a thread (ahead
// loads counted depth+1 times: the current program's registers and
// those of the programs ahead, within half the budget; once loads in
// the rest), or nil when no load can be issued ahead.
func planPrefetch(body *ir.Block, layouts map[ir.Value]*Layout, budget, depth int64) *prefetchPlan {
	if budget <= 0 {
		return nil
	}
	var loads []*ir.Operation
	stopped := false
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		for op := b.First(); op != nil && !stopped; op = op.Next() {
			switch {
			case isOp(op, tile.AsStoreOp):
				stopped = true
			case isOp(op, tile.AsLoadOp):
				if !feedsDot(op) {
					loads = append(loads, op)
				}
			case op.NumRegions() > 0:
				if f, ok := scf.AsForOp(op); ok && singleTrip(f) {
					walk(f.Region().First())
					continue
				}
				// A region that may store ends the loads issued ahead.
				op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
					if isOp(o, tile.AsStoreOp) {
						stopped = true
					}
					return !stopped
				})
			}
		}
	}
	walk(body)
	plan := &prefetchPlan{}
	seen := map[string]bool{}
	var aheadRegs, onceRegs int64
	var once []*ir.Operation
	var onceCost []int64
	for _, ld := range loads {
		s := &slicer{body: body}
		if !s.loadable(ld) {
			continue
		}
		key := s.loadKey(ld, layouts)
		cost := int64(0)
		if !seen[key] {
			seen[key] = true
			l, ok := layouts[ld.Result(0)]
			if !ok {
				return nil
			}
			_, elem, _ := tileShape(ld.Result(0))
			cost = (int64(l.NumRegs())*int64(bitWidth(elem)) + 31) / 32
		}
		if s.program {
			plan.ahead = append(plan.ahead, ld)
			aheadRegs += cost
		} else {
			once = append(once, ld)
			onceCost = append(onceCost, cost)
		}
	}
	// The rows ahead take at most half the budget (their current and
	// next registers): an f32 row of 8192 on 512 threads (16 registers
	// each) would leave too few of a thread's 64 for the rest.
	if (depth+1)*aheadRegs > budget/2 || len(plan.ahead) == 0 {
		// Without rows ahead the loop is a plain grid-stride loop, and
		// inputs common to all programs stay where the program loads
		// them.
		return nil
	}
	for i, ld := range once {
		if (depth+1)*aheadRegs+onceRegs+onceCost[i] > budget {
			continue
		}
		onceRegs += onceCost[i]
		plan.once = append(plan.once, ld)
	}
	if len(plan.ahead) == 0 && len(plan.once) == 0 {
		return nil
	}
	return plan
}

// slicer checks that a load's operands follow from the kernel's
// arguments, constants and the program id by operations without effects
// in body (or loops of one trip nested in it), and notes whether the
// program id is among them.
type slicer struct {
	body    *ir.Block
	program bool
	seen    map[ir.Value]bool
}

func (s *slicer) loadable(ld *ir.Operation) bool {
	s.seen = map[ir.Value]bool{}
	for i := 0; i < ld.NumOperands(); i++ {
		if !s.value(ld.Operand(i)) {
			return false
		}
	}
	return true
}

func (s *slicer) value(v ir.Value) bool {
	if ok, done := s.seen[v]; done {
		return ok
	}
	s.seen[v] = false
	ok := s.compute(v)
	s.seen[v] = ok
	return ok
}

func (s *slicer) compute(v ir.Value) bool {
	if a, isArg := v.(*ir.BlockArgument); isArg {
		if a.Owner() == s.body {
			return true
		}
		// The induction variable of a loop of one trip is its lower
		// bound.
		if f, ok := singleTripIV(a); ok {
			return s.value(f.LowerBound())
		}
		return false
	}
	def := ir.DefiningOp(v)
	if def == nil || def.NumRegions() > 0 || !inside(def, s.body) {
		return false
	}
	switch {
	case isOp(def, tile.AsLoadOp), isOp(def, tile.AsStoreOp), isOp(def, tile.AsDotOp), isOp(def, tile.AsReduceOp), isOp(def, tile.AsScanOp):
		return false
	case isOp(def, tile.AsProgramIdOp):
		s.program = true
		return true
	}
	if !def.IsMemoryEffectFree() {
		return false
	}
	for i := 0; i < def.NumOperands(); i++ {
		if !s.value(def.Operand(i)) {
			return false
		}
	}
	return true
}

// loadKey identifies the registers of a load at the tile level: the
// same view, layout, pad and indices (induction variables of loops of
// one trip by their lower bounds) read the same registers.
func (s *slicer) loadKey(ld *ir.Operation, layouts map[ir.Value]*Layout) string {
	l := layouts[ld.Result(0)]
	key := fmt.Sprintf("%p|%s|%v|%v", ld.Operand(0), l, ld.InherentAttr("pad"), ld.InherentAttr("at"))
	for i := 1; i < ld.NumOperands(); i++ {
		v := ld.Operand(i)
		if a, isArg := v.(*ir.BlockArgument); isArg {
			if f, ok := singleTripIV(a); ok {
				if c, ok := staticIndex(f.LowerBound()); ok {
					key += fmt.Sprintf("|c%d", c)
					continue
				}
			}
		}
		key += fmt.Sprintf("|%p", v)
	}
	return key
}

// singleTripIV returns the loop of one trip whose induction variable a
// is.
func singleTripIV(a *ir.BlockArgument) (scf.ForOp, bool) {
	parent := a.Owner().ParentOp()
	if parent == nil || a.Index() != 0 {
		return scf.ForOp{}, false
	}
	f, ok := scf.AsForOp(parent)
	if !ok || !singleTrip(f) {
		return scf.ForOp{}, false
	}
	return f, true
}

// inside reports whether op lies in block b or in a region nested in it.
func inside(op *ir.Operation, b *ir.Block) bool {
	for blk := op.Block(); blk != nil; {
		if blk == b {
			return true
		}
		p := blk.ParentOp()
		if p == nil {
			return false
		}
		blk = p.Block()
	}
	return false
}

// issueLoads lowers the loads of ops (and the operations their operands
// follow from) for the program the kernel's program id currently maps
// to, at the insertion point, and returns the registers of each load and
// the distinct registers in order. The lowered values of the operations
// are forgotten afterwards, so that the program's own lowering makes its
// own.
func (k *kernel) issueLoads(body *ir.Block, ops []*ir.Operation) (map[*ir.Operation]ir.Value, []ir.Value, error) {
	need := map[*ir.Operation]bool{}
	var mark func(v ir.Value)
	mark = func(v ir.Value) {
		if a, isArg := v.(*ir.BlockArgument); isArg {
			if f, ok := singleTripIV(a); ok {
				mark(f.LowerBound())
			}
			return
		}
		def := ir.DefiningOp(v)
		if def == nil || need[def] || !inside(def, body) {
			return
		}
		need[def] = true
		for i := 0; i < def.NumOperands(); i++ {
			mark(def.Operand(i))
		}
	}
	for _, ld := range ops {
		for i := 0; i < ld.NumOperands(); i++ {
			mark(ld.Operand(i))
		}
		need[ld] = true
	}
	var lowered []ir.Value
	var err error
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		for op := b.First(); op != nil && err == nil; op = op.Next() {
			if f, ok := scf.AsForOp(op); ok && singleTrip(f) {
				iv := f.Region().First().Argument(0)
				k.vals[iv] = k.get(f.LowerBound())
				lowered = append(lowered, iv)
				walk(f.Region().First())
				continue
			}
			if !need[op] {
				continue
			}
			k.b.Loc = op.Loc()
			if isOp(op, tile.AsLoadOp) {
				err = lowerLoad(k, op)
			} else {
				err = k.lowerOp(op)
			}
			for i := 0; i < op.NumResults(); i++ {
				lowered = append(lowered, op.Result(i))
			}
		}
	}
	walk(body)
	if err != nil {
		return nil, nil, err
	}
	regs := map[*ir.Operation]ir.Value{}
	var distinct []ir.Value
	at := map[ir.Value]bool{}
	for _, ld := range ops {
		v := k.vals[ld.Result(0)]
		regs[ld] = v
		if !at[v] {
			at[v] = true
			distinct = append(distinct, v)
		}
	}
	for _, v := range lowered {
		delete(k.vals, v)
	}
	k.loaded = map[string]ir.Value{}
	k.loadedBlock = map[string]*ir.Block{}
	return regs, distinct, nil
}

// lowerPrefetched lowers the body of a persistent kernel inside a
// grid-stride loop that carries the registers of plan's ahead loads:
// before the loop, the once loads and the first program's ahead loads;
// in each iteration, the next program's ahead loads, then the program
// with its loads taken from the carried registers. The next program is
// clamped to the last, so the last iteration loads that program's
// inputs again rather than past the grid.
func (k *kernel) lowerPrefetched(body *ir.Block, programs, start, stride ir.Value, plan *prefetchPlan) error {
	k.programs = programs
	last := k.bin("arith.subi", programs, k.c(1))
	clamp := func(p ir.Value) ir.Value { return k.bin("arith.minui", p, last) }
	k.prefetched = map[*ir.Operation]ir.Value{}
	k.grouped = []ir.Value{clamp(start)}
	// The registers of the loads issued before the loop, and those of
	// the next programs, are kept in the 32-bit words they were loaded
	// in: 16-bit elements (a bf16 γ and β) two to a register for the
	// whole loop, half the registers of their elements, unpacked where
	// each program uses them; unpacking the next program's right after
	// the load would wait for it there rather than at their first use.
	k.packAhead = true
	defer func() { k.packAhead = false }()
	once, _, err := k.issueLoads(body, plan.once)
	if err != nil {
		return err
	}
	for op, v := range once {
		k.prefetched[op] = v
	}
	// The registers of programs start, start + stride, ... (depth of
	// them) before the loop; the loop carries them, oldest first.
	first, inits, err := k.issueLoads(body, plan.ahead)
	if err != nil {
		return err
	}
	carried := append([]ir.Value(nil), inits...)
	for d := int64(1); d < k.prefetchDepth; d++ {
		k.grouped = []ir.Value{clamp(k.add(start, k.bin("arith.muli", stride, k.c(d))))}
		_, more, err := k.issueLoads(body, plan.ahead)
		if err != nil {
			return err
		}
		carried = append(carried, more...)
	}
	var types []ir.Type
	for _, v := range carried {
		types = append(types, v.Type())
	}
	loop := k.b.Create(&ir.OperationState{Name: k.ctx.OpName("scf.for"), Operands: append([]ir.Value{start, programs, stride}, carried...),
		ResultTypes: types, NumRegions: 1})
	saved := *k.b
	inner := k.b.CreateBlock(loop.Region(0), append([]ir.Type{k.index()}, types...)...)
	iv := inner.Argument(0)
	ahead := stride
	if k.prefetchDepth > 1 {
		ahead = k.bin("arith.muli", stride, k.c(k.prefetchDepth))
	}
	k.grouped = []ir.Value{clamp(k.add(iv, ahead))}
	after, _, err := k.issueLoads(body, plan.ahead)
	if err != nil {
		return err
	}
	slot := map[ir.Value]int{}
	for i, v := range inits {
		slot[v] = i
	}
	// The iteration computes the oldest program's registers and yields
	// the others, then the newest.
	n := len(inits)
	next := make([]ir.Value, len(carried))
	for i := n; i < len(carried); i++ {
		next[i-n] = inner.Argument(1 + i)
	}
	for _, op := range plan.ahead {
		i := slot[first[op]]
		k.prefetched[op] = inner.Argument(1 + i)
		if j := len(carried) - n + i; next[j] == nil {
			next[j] = after[op]
		}
	}
	k.packAhead = false
	k.grouped = []ir.Value{iv}
	term := body.Last()
	for op := body.First(); op != nil && op != term; op = op.Next() {
		k.b.Loc = op.Loc()
		if err := k.lowerOp(op); err != nil {
			return err
		}
	}
	k.op("scf.yield", next, nil)
	*k.b = saved
	k.prefetched = nil
	return nil
}
