package rewrite

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
)

// RegionSimplification selects how much the greedy driver simplifies
// regions between iterations.
type RegionSimplification int

// The region simplification levels of MLIR's GreedyRewriteConfig. The zero
// value is MLIR's default, aggressive (block merging included).
const (
	SimplifyAggressive RegionSimplification = iota
	SimplifyNormal
	SimplifyDisabled
)

// GreedyConfig configures ApplyPatternsGreedily.
type GreedyConfig struct {
	// TopDown visits operations in pre-order (default: post-order).
	TopDown bool
	// MaxIterations bounds the outer iterations; -1 means no limit and 0
	// means the default of 10.
	MaxIterations int
	// MaxNumRewrites bounds the pattern applications per iteration; 0 or -1
	// mean no limit.
	MaxNumRewrites int
	// Simplify selects region simplification (default: aggressive).
	Simplify RegionSimplification
	// DisableFolding turns off the operations' fold hooks.
	DisableFolding bool
	// DisableConstantCSE turns off constant deduplication and hoisting;
	// operations still fold.
	DisableConstantCSE bool
	// Listener, if set, is told about every change as well.
	Listener Listener
}

// driver is the state of one greedy rewrite.
type driver struct {
	NopListener
	cfg      GreedyConfig
	patterns *PatternSet
	rw       *Rewriter
	folder   *Folder
	// folds folds operations; folder, when constants are deduplicated,
	// keeps the known constants.
	folds    *Folder
	worklist []*ir.Operation
	// inList holds the position of each listed operation in worklist. It
	// lives on the operations (ir.OpMarks): a verification or another set
	// that marks a listed operation meanwhile only makes the driver see it
	// as unlisted, which may list it twice (visiting it twice is harmless)
	// or leave an erased operation listed (skipped when popped).
	inList ir.OpMarks
	scope  *ir.Operation
}

func (d *driver) push(op *ir.Operation) {
	if op == nil || op == d.scope || !d.scope.IsAncestor(op) {
		return
	}
	if _, ok := d.inList.Get(op); ok {
		return
	}
	d.inList.Set(op, len(d.worklist))
	d.worklist = appendOp(d.worklist, op)
}

// appendOp appends op to list, doubling its capacity when it is full.
// append grows large slices by a quarter at a time, which allocates about
// five times the final size over the seeding of a large function; doubling
// allocates twice.
func appendOp(list []*ir.Operation, op *ir.Operation) []*ir.Operation {
	if len(list) == cap(list) {
		list = slices.Grow(list, max(len(list), 64))
	}
	return append(list, op)
}

// pushNested adds op, known to be nested in the scope, unless it is
// already listed.
func (d *driver) pushNested(op *ir.Operation) {
	if _, ok := d.inList.Get(op); ok {
		return
	}
	d.inList.Set(op, len(d.worklist))
	d.worklist = appendOp(d.worklist, op)
}

func (d *driver) pop() *ir.Operation {
	for len(d.worklist) > 0 {
		op := d.worklist[len(d.worklist)-1]
		// Clear the slot: the backing array would otherwise keep the
		// operation, and everything it points to, reachable after it is
		// erased, until a later push overwrites it.
		d.worklist[len(d.worklist)-1] = nil
		d.worklist = d.worklist[:len(d.worklist)-1]
		if op == nil {
			continue
		}
		d.inList.Unmark(op)
		return op
	}
	return nil
}

func (d *driver) remove(op *ir.Operation) {
	if i, ok := d.inList.Get(op); ok && i < len(d.worklist) && d.worklist[i] == op {
		d.worklist[i] = nil
		d.inList.Unmark(op)
	}
}

// Listener callbacks keep the worklist up to date.

func (d *driver) OperationInserted(op *ir.Operation) {
	d.push(op)
	if d.cfg.Listener != nil {
		d.cfg.Listener.OperationInserted(op)
	}
}

func (d *driver) OperationModified(op *ir.Operation) {
	d.push(op)
	if d.cfg.Listener != nil {
		d.cfg.Listener.OperationModified(op)
	}
}

func (d *driver) OperationReplaced(op *ir.Operation, with []ir.Value) {
	if d.cfg.Listener != nil {
		d.cfg.Listener.OperationReplaced(op, with)
	}
}

func (d *driver) OperationErased(op *ir.Operation) {
	// Operands that lose a use may now be dead or foldable.
	for i := 0; i < op.NumOperands(); i++ {
		v := op.Operand(i)
		if v == nil {
			continue
		}
		if def := ir.DefiningOp(v); def != nil && atMostOneOtherUser(v, op) {
			d.push(def)
		}
	}
	d.remove(op)
	if d.folder != nil {
		d.folder.NotifyRemoval(op)
	}
	if d.cfg.Listener != nil {
		d.cfg.Listener.OperationErased(op)
	}
}

// atMostOneOtherUser reports whether v is used by at most one operation
// besides op, stopping at the second (MLIR's addOperandsToWorklist): once
// op is gone such a value is dead or has a single user left.
func atMostOneOtherUser(v ir.Value, op *ir.Operation) bool {
	var other *ir.Operation
	for u := v.FirstUse(); u != nil; u = u.Next() {
		o := u.Owner()
		if o == op || o == other {
			continue
		}
		if other != nil {
			return false
		}
		other = o
	}
	return true
}

func (d *driver) BlockErased(b *ir.Block) {
	if d.cfg.Listener != nil {
		d.cfg.Listener.BlockErased(b)
	}
}

// ApplyPatternsGreedily rewrites the regions of op (normally an
// isolated-from-above operation, which itself is never rewritten) with
// patterns until a fixpoint, folding operations, removing trivially dead
// ones and deduplicating constants along the way, as MLIR's greedy driver
// does. It reports whether the rewrite converged.
func ApplyPatternsGreedily(ctx *ir.Context, op *ir.Operation, patterns *PatternSet, cfg GreedyConfig) bool {
	maxIter := cfg.MaxIterations
	if maxIter == 0 {
		maxIter = 10
	}
	d := &driver{cfg: cfg, patterns: patterns, scope: op}
	d.rw = &Rewriter{Builder: ir.NewBuilder(ctx), Listener: d}
	// Folding does not depend on constant deduplication: as in MLIR, an
	// operation folds (its constants materialized before it) either way.
	d.folds = NewFolder(d.rw)
	// One constant folder serves every iteration, as MLIR's driver keeps
	// one: constants it uniqued stay known (and are only re-hoisted when
	// something moved in front of them), and erasures keep it current.
	if !cfg.DisableConstantCSE {
		d.folder = NewFolder(d.rw)
	}
	changed := true
	for iter := 0; changed; iter++ {
		if maxIter > 0 && iter >= maxIter {
			return false
		}
		changed = false
		clear(d.worklist)
		d.worklist = d.worklist[:0]
		d.inList = ir.NewOpMarks()
		d.seed(op)
		// Unreachable blocks may hold IR that is valid there but that
		// patterns cannot handle (%x = arith.addi %x, %x): erase them first.
		// After the first iteration the region simplification that ended
		// the previous one has erased them already (neither dead code
		// removal nor block merging makes a block unreachable).
		for i := 0; i < op.NumRegions() && (iter == 0 || cfg.Simplify == SimplifyDisabled); i++ {
			if EraseUnreachableBlocks(d.rw, op.Region(i)) {
				changed = true
			}
		}
		if d.processWorklist() {
			changed = true
		}
		if cfg.Simplify != SimplifyDisabled {
			for i := 0; i < op.NumRegions(); i++ {
				simplify := SimplifyRegion
				if cfg.Simplify == SimplifyAggressive {
					simplify = SimplifyRegionAggressive
				}
				if simplify(d.rw, op.Region(i)) {
					changed = true
				}
			}
		}
	}
	return true
}

// seed fills the worklist so that pops visit operations in post-order
// (or pre-order when top-down), deduplicating known constants first.
func (d *driver) seed(root *ir.Operation) {
	if d.cfg.TopDown {
		d.seedTopDown(root)
		return
	}
	d.seedBottomUp(root)
}

// seedBottomUp adds the operations in post-order, deduplicating each known
// constant as the walk reaches it, as MLIR does: the users of a replaced
// duplicate join the worklist at that point, ahead of the operations the
// walk has not reached yet, so they are popped after them.
func (d *driver) seedBottomUp(root *ir.Operation) {
	for i := 0; i < root.NumRegions(); i++ {
		for b := root.Region(i).First(); b != nil; b = b.Next() {
			for o := b.First(); o != nil; {
				next := o.Next()
				o.Walk(ir.PostOrder, func(x *ir.Operation) bool {
					if d.folder != nil {
						if v, ok := ConstantValue(x); ok && !d.folder.InsertKnownConstant(x, v) {
							return true
						}
					}
					d.pushNested(x)
					return true
				})
				o = next
			}
		}
	}
}

// seedTopDown adds the operations in pre-order, deduplicating each known
// constant as the walk reaches it (the users of a replaced duplicate join
// the worklist at that point, as in MLIR), then reverses the list so that
// pops follow the walk.
func (d *driver) seedTopDown(root *ir.Operation) {
	for i := 0; i < root.NumRegions(); i++ {
		for b := root.Region(i).First(); b != nil; b = b.Next() {
			for o := b.First(); o != nil; {
				next := o.Next()
				o.Walk(ir.PreOrder, func(x *ir.Operation) bool {
					if d.folder != nil {
						if v, ok := ConstantValue(x); ok && !d.folder.InsertKnownConstant(x, v) {
							return false
						}
					}
					d.pushNested(x)
					return true
				})
				o = next
			}
		}
	}
	d.reverseWorklist()
}

func (d *driver) reverseWorklist() {
	w := d.worklist
	for i, j := 0, len(w)-1; i < j; i, j = i+1, j-1 {
		w[i], w[j] = w[j], w[i]
	}
	for i, o := range w {
		if o != nil {
			d.inList.Set(o, i)
		}
	}
}

func (d *driver) processWorklist() bool {
	changed := false
	rewrites := 0
	for {
		if d.cfg.MaxNumRewrites > 0 && rewrites >= d.cfg.MaxNumRewrites {
			break
		}
		op := d.pop()
		if op == nil {
			break
		}
		if op.Block() == nil {
			continue
		}
		if op.IsTriviallyDead() {
			d.rw.EraseOp(op)
			changed = true
			continue
		}
		if !d.cfg.DisableFolding && d.folds.TryFold(op) {
			changed = true
			continue
		}
		d.rw.SetInsertionPoint(op)
		if d.patterns.Apply(op, d.rw) {
			changed = true
			rewrites++
		}
	}
	return changed
}

// Walk applies the best matching pattern once to each operation nested in
// op, in one post-order walk, without revisiting new or changed operations
// (MLIR's walkAndApplyPatterns).
func Walk(ctx *ir.Context, op *ir.Operation, patterns *PatternSet) {
	r := NewRewriter(ctx)
	for i := 0; i < op.NumRegions(); i++ {
		for b := op.Region(i).First(); b != nil; b = b.Next() {
			for o := b.First(); o != nil; {
				next := o.Next()
				o.Walk(ir.PostOrder, func(x *ir.Operation) bool {
					r.SetInsertionPoint(x)
					patterns.Apply(x, r)
					return true
				})
				o = next
			}
		}
	}
}
