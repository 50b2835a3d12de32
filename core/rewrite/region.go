package rewrite

import "github.com/strata-ir/strata/core/ir"

// SimplifyRegion erases blocks unreachable from the entry of r (when r has
// several blocks), then dead operations and dead block arguments,
// recursively in nested regions, and reports whether anything changed
// (MLIR's simplifyRegions at its normal level).
func SimplifyRegion(rw *Rewriter, r *ir.Region) bool {
	changed := EraseUnreachableBlocks(rw, r)
	if RegionDCE(rw, r) {
		changed = true
	}
	return changed
}

// EraseUnreachableBlocks erases the blocks of r and of its nested regions
// that cannot be reached from their region's entry block, and reports
// whether it erased any (MLIR's eraseUnreachableBlocks).
func EraseUnreachableBlocks(rw *Rewriter, r *ir.Region) bool {
	changed := false
	if r.First() != nil && r.First() != r.Last() {
		reach := map[*ir.Block]bool{r.First(): true}
		work := []*ir.Block{r.First()}
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			if t := b.Last(); t != nil {
				for i := 0; i < t.NumSuccessors(); i++ {
					if s := t.Successor(i); s != nil && !reach[s] {
						reach[s] = true
						work = append(work, s)
					}
				}
			}
		}
		for b := r.First(); b != nil; {
			next := b.Next()
			if !reach[b] {
				rw.EraseBlock(b)
				changed = true
			}
			b = next
		}
	}
	for b := r.First(); b != nil; b = b.Next() {
		for op := b.First(); op != nil; op = op.Next() {
			for i := 0; i < op.NumRegions(); i++ {
				if EraseUnreachableBlocks(rw, op.Region(i)) {
					changed = true
				}
			}
		}
	}
	return changed
}

// liveness is the state of RegionDCE's optimistic analysis: everything is
// dead until proved live.
type liveness struct {
	ops ir.OpMarks
	// dead are the operations deleteDead erases, collected before it
	// changes anything: erasing notifies the rewriter's listener, which may
	// mark operations for itself (the greedy driver's worklist does) and so
	// clear them from ops.
	dead    map[*ir.Operation]bool
	args    map[*ir.BlockArgument]bool
	changed bool
	// visited counts the operations of the last propagation walk and live
	// the operations marked live.
	visited, live int
	// iterate is set when one walk may not reach the fixed point: a
	// region has several blocks (liveness flows around the CFG) or lets
	// operations use values defined after them (graph regions). A walk
	// over single-block SSA regions visits every user of a value before
	// its definition, so it is exact.
	iterate bool
}

func (l *liveness) setOpLive(op *ir.Operation) {
	if !l.ops.Marked(op) {
		l.ops.Mark(op)
		l.changed = true
		l.live++
	}
}

func (l *liveness) setValueLive(v ir.Value) {
	switch v := v.(type) {
	case *ir.OpResult:
		l.setOpLive(v.Owner())
	case *ir.BlockArgument:
		if !l.args[v] {
			l.args[v] = true
			l.changed = true
		}
	}
}

// forwardedStarts returns, for a branch terminator (BranchOpInterface),
// the index of the first operand it forwards to each successor: the
// forwarded operands follow the others, successor by successor. ok is
// false when op is no such branch or its operands are laid out otherwise.
func forwardedStarts(op *ir.Operation) (starts []int, ok bool) {
	br, isBranch := ir.BranchOp.Of(op)
	if !isBranch {
		return nil, false
	}
	n := op.NumSuccessors()
	lists := make([][]ir.Value, n)
	total := 0
	for i := 0; i < n; i++ {
		lists[i] = br.BranchSuccessorOperands(op, i)
		if len(lists[i]) > op.Successor(i).NumArguments() {
			return nil, false
		}
		total += len(lists[i])
	}
	at := op.NumOperands() - total
	if at < 0 {
		return nil, false
	}
	starts = make([]int, n)
	for i, l := range lists {
		starts[i] = at
		for j, v := range l {
			if op.Operand(at+j) != v {
				return nil, false
			}
		}
		at += len(l)
	}
	return starts, true
}

// successorArgument returns the block argument that operand k of the
// branch op forwards to, or nil.
func successorArgument(op *ir.Operation, k int) *ir.BlockArgument {
	starts, ok := forwardedStarts(op)
	if !ok {
		return nil
	}
	for i := len(starts) - 1; i >= 0; i-- {
		if k >= starts[i] {
			j := k - starts[i]
			if br, _ := ir.BranchOp.Of(op); j < len(br.BranchSuccessorOperands(op, i)) {
				return op.Successor(i).Argument(j)
			}
			return nil
		}
	}
	return nil
}

// useKnownDead reports whether use u is a branch operand forwarded to a
// successor argument not proved live: each successor operand is an operand
// of a separate phi, not of the terminator.
func (l *liveness) useKnownDead(u *ir.OpOperand) bool {
	owner := u.Owner()
	if !owner.HasTrait(ir.IsTerminator) {
		return false
	}
	if a := successorArgument(owner, u.Index()); a != nil {
		return !l.args[a]
	}
	return false
}

func (l *liveness) processValue(v ir.Value) {
	for u := v.FirstUse(); u != nil; u = u.Next() {
		if l.useKnownDead(u) {
			continue
		}
		if l.ops.Marked(u.Owner()) {
			l.setValueLive(v)
			return
		}
	}
}

func (l *liveness) propagateTerminator(op *ir.Operation) {
	l.setOpLive(op)
	if _, ok := forwardedStarts(op); ok {
		return
	}
	// Without a branch interface, every successor argument is live.
	for i := 0; i < op.NumSuccessors(); i++ {
		for _, a := range op.Successor(i).Arguments() {
			l.setValueLive(a)
		}
	}
}

// ssaDominance reports whether values in r must dominate their uses (not
// a graph region, nor a region of an unregistered operation).
func ssaDominance(r *ir.Region) bool {
	op := r.ParentOp()
	return op != nil && op.IsRegistered() && !op.HasTrait(ir.GraphRegions)
}

func (l *liveness) propagateOp(op *ir.Operation) {
	l.visited++
	for i := 0; i < op.NumRegions(); i++ {
		l.propagateRegion(op.Region(i))
	}
	if op.HasTrait(ir.IsTerminator) {
		l.propagateTerminator(op)
		return
	}
	if l.ops.Marked(op) {
		return
	}
	if !op.WouldBeTriviallyDead() {
		l.setOpLive(op)
		return
	}
	for _, res := range op.Results() {
		l.processValue(res)
	}
}

func (l *liveness) propagateRegion(r *ir.Region) {
	if r.First() == nil {
		return
	}
	if r.First() == r.Last() {
		b := r.First()
		if !l.iterate && !ssaDominance(r) {
			for op := b.First(); op != nil; op = op.Next() {
				if op.NumResults() > 0 {
					l.iterate = true
					break
				}
			}
		}
		for op := b.Last(); op != nil; op = op.Prev() {
			l.propagateOp(op)
		}
		return
	}
	l.iterate = true
	for _, b := range postOrder(r.First()) {
		for op := b.Last(); op != nil; op = op.Prev() {
			l.propagateOp(op)
		}
		// Entry block arguments belong to the enclosing operation.
		if b.IsEntry() {
			continue
		}
		for _, a := range b.Arguments() {
			if !l.args[a] {
				l.processValue(a)
			}
		}
	}
}

// postOrder returns the blocks reachable from entry in depth-first
// post-order over the successor edges (llvm::post_order).
func postOrder(entry *ir.Block) []*ir.Block {
	type frame struct {
		b    *ir.Block
		next int
	}
	var out []*ir.Block
	seen := map[*ir.Block]bool{entry: true}
	stack := []frame{{entry, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		t := f.b.Last()
		if t != nil && f.next < t.NumSuccessors() {
			s := t.Successor(f.next)
			f.next++
			if s != nil && !seen[s] {
				seen[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		out = append(out, f.b)
		stack = stack[:len(stack)-1]
	}
	return out
}

// eraseDeadSuccessorOperands drops the operands a branch forwards to
// arguments that are not live.
func (l *liveness) eraseDeadSuccessorOperands(term *ir.Operation) {
	if _, ok := forwardedStarts(term); !ok {
		return
	}
	br, _ := ir.BranchOp.Of(term)
	for i := term.NumSuccessors() - 1; i >= 0; i-- {
		succ := term.Successor(i)
		ops := br.BranchSuccessorOperands(term, i)
		kept := make([]ir.Value, 0, len(ops))
		for j, v := range ops {
			if l.args[succ.Argument(j)] {
				kept = append(kept, v)
			}
		}
		if len(kept) != len(ops) {
			br.SetBranchSuccessorOperands(term, i, kept)
		}
	}
}

func (l *liveness) deleteDead(rw *Rewriter, r *ir.Region) bool {
	if r.First() == nil {
		return false
	}
	erased := false
	single := r.First() == r.Last()
	for _, b := range postOrder(r.First()) {
		if t := b.Last(); !single && t != nil {
			l.eraseDeadSuccessorOperands(t)
		}
		for op := b.Last(); op != nil; {
			prev := op.Prev()
			if l.dead[op] {
				erased = true
				for _, res := range op.Results() {
					for u := res.FirstUse(); u != nil; u = res.FirstUse() {
						u.Set(nil)
					}
				}
				rw.EraseOp(op)
			} else {
				for i := 0; i < op.NumRegions(); i++ {
					if l.deleteDead(rw, op.Region(i)) {
						erased = true
					}
				}
			}
			op = prev
		}
	}
	// Entry block arguments have a contract with the enclosing operation
	// and stay.
	for b := r.First().Next(); b != nil; b = b.Next() {
		for i := b.NumArguments() - 1; i >= 0; i-- {
			a := b.Argument(i)
			if !l.args[a] && a.FirstUse() == nil {
				// As in MLIR, erased arguments alone do not count as a
				// change.
				b.EraseArgument(i)
			}
		}
	}
	return erased
}

// RegionDCE erases the operations and block arguments of r (and of its
// nested regions) that cannot be proved live, including dead cycles
// through block arguments, and reports whether it erased anything (MLIR's
// runRegionDCE). Terminators and operations with side effects are live;
// a value is live when a live operation uses it, where a branch's
// forwarded operand counts as a use by the successor's argument.
func RegionDCE(rw *Rewriter, r *ir.Region) bool {
	l := &liveness{ops: ir.NewOpMarks(), args: map[*ir.BlockArgument]bool{}}
	for {
		l.changed, l.visited, l.iterate = false, 0, false
		l.propagateRegion(r)
		if !l.changed || !l.iterate {
			break
		}
	}
	if !l.iterate && l.live == l.visited {
		// Every operation is live, and single-block regions have no
		// block arguments to drop: nothing to delete.
		return false
	}
	l.dead = map[*ir.Operation]bool{}
	l.collectDead(r)
	return l.deleteDead(rw, r)
}

// collectDead records the operations of r that deleteDead will erase: the
// unmarked ones, looking into the regions of marked ones only.
func (l *liveness) collectDead(r *ir.Region) {
	if r.First() == nil {
		return
	}
	for _, b := range postOrder(r.First()) {
		for op := b.First(); op != nil; op = op.Next() {
			if !l.ops.Marked(op) {
				l.dead[op] = true
				continue
			}
			for i := 0; i < op.NumRegions(); i++ {
				l.collectDead(op.Region(i))
			}
		}
	}
}
