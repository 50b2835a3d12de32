package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// The consumers' attention loop, rotated as FlashAttention 3 does
// (intra-warpgroup overlap): the softmax of a key block runs while the
// tensor cores compute P V of the block before. Iteration j issues
// S_j = Q K_j^T and then O += P_{j-1} V_{j-1} (P_{j-1} and the rescaled O
// carried from the iteration before), waits for S_j only, runs the
// softmax of S_j (P_j, the row maximum and sum), then waits for P V,
// releases the stage of block j-1, converts P_j to 16 bits and rescales
// O for block j. The first block's S and softmax run before the loop,
// the last block's P V after it, all under an scf.if of a non-empty
// loop. Under ping-pong a warpgroup's turn covers the two products of an
// iteration. S reads Q from shared memory (flash90QDesc): with Q's
// fragments in registers too, the registers in flight left ptxas
// waiting for P V before the softmax.

// rotation is the split of an attention loop's body for the rotated
// loop: the product P V, the index of the accumulator among the
// iteration arguments (P V's result is what the loop yields there), and
// the operations that read the accumulator (its rescaling), which run
// once P V completed.
type rotation struct {
	scores, pv *ir.Operation
	acc        int
	late       map[*ir.Operation]bool
	// pOps compute P V's operand A from the softmax and nothing else
	// (P's conversion to 16 bits): in the loop they run once the P V in
	// flight completed, so that the registers of the P it reads hold
	// the new P, as FlashAttention 3 converts P after its wait.
	pOps map[*ir.Operation]bool
}

// rotationOf returns the rotation of the attention loop f with products
// scores and pv, or ok false when its body does not split so: P V's
// result yielded as an accumulator and used by nothing else, the
// operations that read that accumulator used only among themselves, by
// P V's accumulator operand and by the yield, and neither S nor P V's
// operand A among them.
func rotationOf(f scf.ForOp, scores, pv *ir.Operation) (*rotation, bool) {
	body := f.Region().First()
	d, _ := tile.AsDotOp(pv)
	yield := body.Terminator()
	r := &rotation{scores: scores, pv: pv, acc: -1, late: map[*ir.Operation]bool{}, pOps: map[*ir.Operation]bool{}}
	if !ir.HasOneUse(d.Result()) || d.Result().FirstUse().Owner() != yield {
		return nil, false
	}
	r.acc = d.Result().FirstUse().Index()
	acc := body.Argument(1 + r.acc)
	// The operations that read the accumulator, directly or not.
	inBody := func(op *ir.Operation) *ir.Operation {
		for op != nil && op.Block() != body {
			op = op.ParentOp()
		}
		return op
	}
	reads := func(op *ir.Operation, set func(ir.Value) bool) bool {
		found := false
		op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
			for i := 0; i < o.NumOperands(); i++ {
				if set(o.Operand(i)) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	isLate := func(v ir.Value) bool {
		if v == ir.Value(acc) {
			return true
		}
		def := ir.DefiningOp(v)
		return def != nil && r.late[inBody(def)]
	}
	for op := body.First(); op != yield; op = op.Next() {
		if op != pv && reads(op, isLate) {
			r.late[op] = true
		}
	}
	if r.late[scores] || isLate(d.A()) {
		return nil, false
	}
	// P V's operand A and what computes it for it alone.
	for op := yield.Prev(); op != nil; op = op.Prev() {
		if op == pv || op == scores || r.late[op] || op.NumRegions() != 0 || op.NumResults() == 0 || !producesTile(op) {
			continue
		}
		only := true
		for i := 0; i < op.NumResults() && only; i++ {
			for u := op.Result(i).FirstUse(); u != nil; u = u.Next() {
				if o := u.Owner(); !(o == pv && u.Index() == 0) && !r.pOps[o] {
					only = false
				}
			}
		}
		if only && op.Result(0).FirstUse() != nil {
			r.pOps[op] = true
		}
	}
	for op := range r.late {
		for i := 0; i < op.NumResults(); i++ {
			for u := op.Result(i).FirstUse(); u != nil; u = u.Next() {
				o := inBody(u.Owner())
				if !r.late[o] && o != yield && !(o == pv && u.Index() == 2) {
					return nil, false
				}
			}
		}
	}
	// The accumulator's only other reader is the yield (as it is).
	for u := acc.FirstUse(); u != nil; u = u.Next() {
		if o := inBody(u.Owner()); !r.late[o] && o != pv {
			if o != yield {
				return nil, false
			}
		}
	}
	return r, true
}

// lowerFlash90Rotated lowers attention loop op in the consumers as the
// rotated loop of r.
func (k *kernel) lowerFlash90Rotated(op *ir.Operation, r *rotation) error {
	p := k.hopper
	f, _ := scf.AsForOp(op)
	lb, ub := k.get(f.LowerBound()), k.get(f.UpperBound())
	old := f.Region().First()
	yield := old.Terminator()
	d, _ := tile.AsDotOp(r.pv)
	inits, types := k.getAll(f.InitArgs())
	n := len(inits)
	count := p.count
	ifOp := k.b.Create(&ir.OperationState{Name: k.ctx.OpName("scf.if"), Operands: []ir.Value{k.cmp(2, lb, ub)},
		ResultTypes: append(append([]ir.Type{}, types...), k.index()), NumRegions: 2})
	saved := *k.b
	k.b.CreateBlock(ifOp.Region(0))
	// The first block: S complete, its softmax, the accumulator rescaled.
	k.vals[old.Argument(0)] = lb
	for i := 0; i < n; i++ {
		k.vals[old.Argument(1+i)] = inits[i]
	}
	var err error
	// The body's operations of a phase: 0 the softmax, 1 P's
	// conversion, 2 the accumulator's rescaling.
	phase := func(o *ir.Operation) int {
		switch {
		case r.late[o]:
			return 2
		case r.pOps[o]:
			return 1
		}
		return 0
	}
	lower := func(from, to *ir.Operation, ph int) {
		for o := from; o != to && err == nil; o = o.Next() {
			if o == r.pv || o == r.scores || phase(o) != ph {
				continue
			}
			k.b.Loc = o.Loc()
			err = k.lowerOp(o)
		}
	}
	p.turnBegin(k)
	if err = k.issueScores(r.scores, count, p.inFlight(1)); err != nil {
		return err
	}
	p.turnEnd(k)
	for ph := 0; ph < 3; ph++ {
		lower(old.First(), yield, ph)
	}
	if err != nil {
		return err
	}
	// The carried values: the yielded ones but the accumulator, then P,
	// the rescaled accumulator and the step of the block whose P V is
	// pending.
	carried := func() []ir.Value {
		var out []ir.Value
		for i := 0; i < n; i++ {
			if i != r.acc {
				out = append(out, k.get(yield.Operand(i)))
			}
		}
		return out
	}
	lInits := append(carried(), k.get(d.A()), k.get(d.Acc()), count)
	var lTypes []ir.Type
	for _, v := range lInits {
		lTypes = append(lTypes, v.Type())
	}
	loop := k.b.Create(&ir.OperationState{Name: k.ctx.OpName("scf.for"),
		Operands: append([]ir.Value{k.add(lb, k.c(1)), ub, k.c(1)}, lInits...), ResultTypes: lTypes, NumRegions: 1})
	inner := *k.b
	body := k.b.CreateBlock(loop.Region(0), append([]ir.Type{k.index()}, lTypes...)...)
	m := len(lInits)
	k.vals[old.Argument(0)] = body.Argument(0)
	j := 1
	for i := 0; i < n; i++ {
		if i != r.acc {
			k.vals[old.Argument(1+i)] = body.Argument(j)
			j++
		}
	}
	prev := body.Argument(m)
	step := k.add(prev, k.c(1))
	// S of this block and P V of the one before, in one turn; then S
	// complete.
	p.turnBegin(k)
	if err = k.issueScores(r.scores, step, 2); err != nil {
		return err
	}
	k.vals[d.A()], k.vals[d.Acc()] = body.Argument(m-2), body.Argument(m-1)
	if err = k.issuePV(r.pv, prev, 2); err != nil {
		return err
	}
	pv := k.vals[d.Result()]
	if p.pingpong {
		k.turnArriveOf(k.bin("arith.subi", k.c(1), k.div(k.tid, 128)))
	}
	nvvm.BuildWgmmaWaitGroupSyncAligned(k.b, k.b.Loc, 1)
	// The softmax of this block while P V runs; then P V complete, its
	// stage free, and the accumulator rescaled.
	lower(old.First(), yield, 0)
	if err != nil {
		return err
	}
	nvvm.BuildWgmmaWaitGroupSyncAligned(k.b, k.b.Loc, 0)
	k.release(prev)
	k.vals[old.Argument(1+r.acc)] = pv
	lower(old.First(), yield, 1)
	lower(old.First(), yield, 2)
	if err != nil {
		return err
	}
	k.op("scf.yield", append(carried(), k.get(d.A()), k.get(d.Acc()), step), nil)
	*k.b = inner
	// The last block's P V.
	k.vals[d.A()], k.vals[d.Acc()] = loop.Result(m-3), loop.Result(m-2)
	last := loop.Result(m - 1)
	p.turnBegin(k)
	if err = k.issuePV(r.pv, last, p.inFlight(1)); err != nil {
		return err
	}
	p.turnEnd(k)
	k.release(last)
	var outs []ir.Value
	j = 0
	for i := 0; i < n; i++ {
		if i == r.acc {
			outs = append(outs, k.vals[d.Result()])
		} else {
			outs = append(outs, loop.Result(j))
			j++
		}
	}
	k.op("scf.yield", append(outs, k.add(last, k.c(1))), nil)
	// An empty loop: its initial values.
	k.b.CreateBlock(ifOp.Region(1))
	k.op("scf.yield", append(append([]ir.Value{}, inits...), count), nil)
	*k.b = saved
	for i := 0; i < op.NumResults(); i++ {
		k.vals[op.Result(i)] = ifOp.Result(i)
	}
	p.count = ifOp.Result(n)
	return nil
}
