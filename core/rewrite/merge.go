package rewrite

import (
	"sort"

	"github.com/strata-ir/strata/core/ir"
)

// This file holds the aggressive region simplifications of MLIR's
// simplifyRegions: merging identical blocks and dropping block arguments
// that receive the same value from every predecessor.

// SimplifyRegionAggressive is SimplifyRegion followed by the merging of
// identical blocks and the removal of redundant block arguments, in r and
// its nested regions (MLIR's simplifyRegions with mergeBlocks).
func SimplifyRegionAggressive(rw *Rewriter, r *ir.Region) bool {
	changed := SimplifyRegion(rw, r)
	if mergeIdenticalBlocksNested(rw, r) {
		changed = true
	}
	if dropRedundantArgumentsNested(rw, r) {
		changed = true
	}
	return changed
}

// isBranch reports whether op implements the branch interface.
func isBranch(op *ir.Operation) bool {
	return ir.BranchOp.Implements(op)
}

// blockOrder numbers the values a block defines: its arguments first,
// then the results of its operations in order.
type blockOrder struct {
	b     *ir.Block
	order map[*ir.Operation]int
	ops   []*ir.Operation
}

func newBlockOrder(b *ir.Block) *blockOrder {
	d := &blockOrder{b: b, order: map[*ir.Operation]int{}}
	n := b.NumArguments()
	for op := b.First(); op != nil; op = op.Next() {
		d.ops = append(d.ops, op)
		if op.NumResults() > 0 {
			d.order[op] = n
			n += op.NumResults()
		}
	}
	return d
}

func (d *blockOrder) orderOf(v ir.Value) int {
	switch v := v.(type) {
	case *ir.BlockArgument:
		return v.Index()
	case *ir.OpResult:
		return d.order[v.Owner()] + v.Index()
	}
	return -1
}

// usedOutside reports whether a result of op is used outside block b.
func usedOutside(op *ir.Operation, b *ir.Block) bool {
	for _, r := range op.Results() {
		for u := r.FirstUse(); u != nil; u = u.Next() {
			if u.Owner().Block() != b {
				return true
			}
		}
	}
	return false
}

// sameShallow compares two operations ignoring their operand values and
// locations: names, properties, attributes, counts and result types.
func sameShallow(a, b *ir.Operation) bool {
	if a.OpName() != b.OpName() || a.Properties() != b.Properties() || a.Attrs() != b.Attrs() ||
		a.NumOperands() != b.NumOperands() || a.NumResults() != b.NumResults() ||
		a.NumRegions() != b.NumRegions() || a.NumSuccessors() != b.NumSuccessors() {
		return false
	}
	for i := 0; i < a.NumResults(); i++ {
		if a.Result(i).Type() != b.Result(i).Type() {
			return false
		}
	}
	return true
}

func isPredecessor(b, pred *ir.Block) bool {
	for u := b.FirstUse(); u != nil; u = u.Next() {
		if u.Owner().Block() == pred {
			return true
		}
	}
	return false
}

// validSuccessorArg reports whether operand, used in block b but defined
// elsewhere, can be passed to b by its predecessors: not a result of the
// terminator of one of them.
func validSuccessorArg(b *ir.Block, operand ir.Value) bool {
	def := ir.DefiningOp(operand)
	pb := ir.ParentBlock(operand)
	if def == nil || pb == nil || def != pb.Last() {
		return true
	}
	return !isPredecessor(b, pb)
}

type operandRef struct{ op, operand int }

// mergeCluster is a leader block and the blocks found identical to it.
type mergeCluster struct {
	leader   *blockOrder
	blocks   []*blockOrder
	operands map[operandRef]bool
}

func sameArgTypes(a, b *ir.Block) bool {
	if a.NumArguments() != b.NumArguments() {
		return false
	}
	for i := 0; i < a.NumArguments(); i++ {
		if a.Argument(i).Type() != b.Argument(i).Type() {
			return false
		}
	}
	return true
}

func (c *mergeCluster) add(d *blockOrder) bool {
	lb, mb := c.leader.b, d.b
	if !sameArgTypes(lb, mb) || len(c.leader.ops) != len(d.ops) {
		return false
	}
	var mismatched []operandRef
	for i, lhs := range c.leader.ops {
		rhs := d.ops[i]
		if !sameShallow(lhs, rhs) {
			return false
		}
		for k := 0; k < lhs.NumOperands(); k++ {
			lv, rv := lhs.Operand(k), rhs.Operand(k)
			if lv == rv {
				continue
			}
			if lv.Type() != rv.Type() {
				return false
			}
			lIn, rIn := ir.ParentBlock(lv) == lb, ir.ParentBlock(rv) == mb
			if lIn != rIn {
				return false
			}
			if !lIn {
				if !validSuccessorArg(lb, lv) || !validSuccessorArg(mb, rv) {
					return false
				}
				mismatched = append(mismatched, operandRef{i, k})
				continue
			}
			if c.leader.orderOf(lv) != d.orderOf(rv) {
				return false
			}
		}
		if usedOutside(rhs, mb) || usedOutside(lhs, lb) {
			return false
		}
	}
	for _, m := range mismatched {
		c.operands[m] = true
	}
	c.blocks = append(c.blocks, d)
	return true
}

func predsAreBranches(b *ir.Block) bool {
	for u := b.FirstUse(); u != nil; u = u.Next() {
		if !isBranch(u.Owner()) {
			return false
		}
	}
	return true
}

// valueLoc is the location a block argument standing for v gets.
func valueLoc(ctx *ir.Context, v ir.Value) ir.Location {
	switch v := v.(type) {
	case *ir.BlockArgument:
		return v.Loc
	case *ir.OpResult:
		return v.Owner().Loc()
	}
	return ctx.UnknownLoc()
}

// appendSuccessorOperands adds vals to the operands every predecessor
// passes to b.
func appendSuccessorOperands(b *ir.Block, vals []ir.Value) {
	type edge struct {
		op *ir.Operation
		i  int
	}
	var edges []edge
	for u := b.FirstUse(); u != nil; u = u.Next() {
		edges = append(edges, edge{u.Owner(), u.Index()})
	}
	for _, e := range edges {
		br, _ := ir.BranchOp.Of(e.op)
		ops := append([]ir.Value(nil), br.BranchSuccessorOperands(e.op, e.i)...)
		br.SetBranchSuccessorOperands(e.op, e.i, append(ops, vals...))
	}
}

// pruneRedundantArguments drops the new arguments that every list passes
// the same value as an earlier one, redirecting their uses.
func pruneRedundantArguments(rw *Rewriter, lists [][]ir.Value, numOld int, b *ir.Block) [][]ir.Value {
	if len(lists) == 0 || len(lists[0]) == 0 {
		return lists
	}
	n := len(lists[0])
	first := map[ir.Value]int{}
	for j := 0; j < n; j++ {
		if _, ok := first[lists[0][j]]; !ok {
			first[lists[0][j]] = j
		}
	}
	replace := map[int]int{}
	for j := 0; j < n; j++ {
		k := first[lists[0][j]]
		if k == j {
			continue
		}
		same := true
		for i := 1; i < len(lists); i++ {
			same = same && lists[i][k] == lists[i][j]
		}
		if same {
			replace[j] = k
		}
	}
	out := make([][]ir.Value, len(lists))
	for i := range lists {
		for j := 0; j < n; j++ {
			if _, ok := replace[j]; !ok {
				out[i] = append(out[i], lists[i][j])
			}
		}
	}
	var erase []int
	for j := 0; j < n; j++ {
		if k, ok := replace[j]; ok {
			rw.ReplaceAllUsesWith(b.Argument(numOld+j), b.Argument(numOld+k))
			erase = append(erase, numOld+j)
		}
	}
	for i := len(erase) - 1; i >= 0; i-- {
		b.EraseArgument(erase[i])
	}
	return out
}

func (c *mergeCluster) merge(rw *Rewriter) bool {
	if len(c.blocks) == 0 {
		return false
	}
	lb := c.leader.b
	if len(c.operands) > 0 {
		if !predsAreBranches(lb) {
			return false
		}
		for _, d := range c.blocks {
			if !predsAreBranches(d.b) {
				return false
			}
		}
		refs := make([]operandRef, 0, len(c.operands))
		for r := range c.operands {
			refs = append(refs, r)
		}
		sort.Slice(refs, func(i, j int) bool {
			if refs[i].op != refs[j].op {
				return refs[i].op < refs[j].op
			}
			return refs[i].operand < refs[j].operand
		})
		all := append([]*blockOrder{c.leader}, c.blocks...)
		lists := make([][]ir.Value, len(all))
		numOld := lb.NumArguments()
		for _, ref := range refs {
			for i, d := range all {
				op := d.ops[ref.op]
				v := op.Operand(ref.operand)
				lists[i] = append(lists[i], v)
				if i == 0 {
					a := lb.AddArgument(v.Type(), valueLoc(rw.Ctx, v))
					rw.ModifyInPlace(op, func() { op.SetOperand(ref.operand, a) })
				}
			}
		}
		lists = pruneRedundantArguments(rw, lists, numOld, lb)
		for i, d := range all {
			appendSuccessorOperands(d.b, lists[i])
		}
	}
	for _, d := range c.blocks {
		for u := d.b.FirstUse(); u != nil; u = d.b.FirstUse() {
			u.Set(lb)
		}
		rw.EraseBlock(d.b)
	}
	return true
}

func sameSuccessors(a, b *ir.Block) bool {
	ta, tb := a.Last(), b.Last()
	na, nb := 0, 0
	if ta != nil {
		na = ta.NumSuccessors()
	}
	if tb != nil {
		nb = tb.NumSuccessors()
	}
	if na != nb {
		return false
	}
	for i := 0; i < na; i++ {
		if ta.Successor(i) != tb.Successor(i) {
			return false
		}
	}
	return true
}

// mergeIdenticalBlocks merges the blocks of r (other than the entry) that
// branch to the same successors and hold equivalent operations, adding
// block arguments for operands defined elsewhere that differ.
func mergeIdenticalBlocks(rw *Rewriter, r *ir.Region) bool {
	if r.First() == nil || r.First() == r.Last() {
		return false
	}
	var groups [][]*ir.Block
	for b := r.First().Next(); b != nil; b = b.Next() {
		placed := false
		for i, g := range groups {
			if sameSuccessors(g[0], b) {
				groups[i] = append(g, b)
				placed = true
				break
			}
		}
		if !placed {
			groups = append(groups, []*ir.Block{b})
		}
	}
	merged := false
	for _, g := range groups {
		if len(g) == 1 {
			continue
		}
		var clusters []*mergeCluster
	blocks:
		for _, b := range g {
			for op := b.First(); op != nil; op = op.Next() {
				for i := 0; i < op.NumRegions(); i++ {
					if op.Region(i).First() != nil {
						continue blocks
					}
				}
			}
			for _, a := range b.Arguments() {
				for u := a.FirstUse(); u != nil; u = u.Next() {
					if u.Owner().Block() != b {
						continue blocks
					}
				}
			}
			d := newBlockOrder(b)
			added := false
			for _, c := range clusters {
				if c.add(d) {
					added = true
					break
				}
			}
			if !added {
				clusters = append(clusters, &mergeCluster{leader: d, operands: map[operandRef]bool{}})
			}
		}
		for _, c := range clusters {
			if c.merge(rw) {
				merged = true
			}
		}
	}
	return merged
}

// mergeIdenticalBlocksNested runs mergeIdenticalBlocks on r and its nested
// regions until nothing merges.
func mergeIdenticalBlocksNested(rw *Rewriter, r *ir.Region) bool {
	changed := false
	work := []*ir.Region{r}
	for len(work) > 0 {
		reg := work[len(work)-1]
		work = work[:len(work)-1]
		if mergeIdenticalBlocks(rw, reg) {
			work = append(work, reg)
			changed = true
		}
		for b := reg.First(); b != nil; b = b.Next() {
			for op := b.First(); op != nil; op = op.Next() {
				for i := 0; i < op.NumRegions(); i++ {
					work = append(work, op.Region(i))
				}
			}
		}
	}
	return changed
}

// dropRedundantArguments replaces the arguments of b that every
// predecessor passes the same value by that value, and removes them.
func dropRedundantArguments(rw *Rewriter, b *ir.Block) bool {
	var erase []int
	for idx, arg := range b.Arguments() {
		var common ir.Value
		same := true
		for u := b.FirstUse(); u != nil; u = u.Next() {
			t := u.Owner()
			if !isBranch(t) {
				same = false
				break
			}
			br, _ := ir.BranchOp.Of(t)
			fwd := br.BranchSuccessorOperands(t, u.Index())
			if idx >= len(fwd) {
				same = false
				break
			}
			if common == nil {
				common = fwd[idx]
				continue
			}
			if fwd[idx] != common {
				same = false
				break
			}
		}
		if common != nil && same && common != ir.Value(arg) {
			erase = append(erase, idx)
			rw.ReplaceAllUsesWith(arg, common)
		}
	}
	for i := len(erase) - 1; i >= 0; i-- {
		idx := erase[i]
		b.EraseArgument(idx)
		for u := b.FirstUse(); u != nil; u = u.Next() {
			t := u.Owner()
			br, _ := ir.BranchOp.Of(t)
			ops := append([]ir.Value(nil), br.BranchSuccessorOperands(t, u.Index())...)
			br.SetBranchSuccessorOperands(t, u.Index(), append(ops[:idx], ops[idx+1:]...))
		}
	}
	return len(erase) > 0
}

func dropRedundantArgumentsNested(rw *Rewriter, r *ir.Region) bool {
	changed := false
	work := []*ir.Region{r}
	for len(work) > 0 {
		reg := work[len(work)-1]
		work = work[:len(work)-1]
		for b := reg.First(); b != nil; b = b.Next() {
			if dropRedundantArguments(rw, b) {
				changed = true
			}
			for op := b.First(); op != nil; op = op.Next() {
				for i := 0; i < op.NumRegions(); i++ {
					work = append(work, op.Region(i))
				}
			}
		}
	}
	return changed
}
