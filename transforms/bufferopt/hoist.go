package bufferopt

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// placement is the policy of a hoisting pass (MLIR's hoisting states):
// which allocations it moves, how far up, and into which blocks.
type placement interface {
	// kind is the hoisting an allocation must allow to be moved.
	kind() bufferization.HoistingKind
	// start resets the policy for a new allocation in block b and returns
	// the block above which it must not move, given the nearest common
	// dominator of the allocation's aliases and uses and the innermost
	// block defining one of its operands (nil when it has none).
	start(b, dominator, dependency *ir.Block) (upperBound *ir.Block)
	// legalParent reports whether the allocation may leave the regions
	// of op.
	legalParent(op *ir.Operation) bool
	// movedToDominator and movedToParent record a step of the walk up.
	movedToDominator(b *ir.Block)
	movedToParent(b *ir.Block)
	// block is the chosen placement block.
	block() *ir.Block
}

// blockPlacement moves allocations into dominating blocks and out of
// nested regions, but not out of loops (buffer-hoisting).
type blockPlacement struct {
	dom       *ir.DominanceInfo
	placement *ir.Block
}

func (*blockPlacement) kind() bufferization.HoistingKind { return bufferization.HoistBlock }

func (p *blockPlacement) start(b, dominator, dependency *ir.Block) *ir.Block {
	p.placement = b
	if dependency == nil || dominator == nil {
		return dominator
	}
	if p.dom.ProperlyDominates(dominator, dependency) {
		return dependency
	}
	return dominator
}

func (*blockPlacement) legalParent(op *ir.Operation) bool { return !isLoop(op) }
func (p *blockPlacement) movedToDominator(b *ir.Block)    { p.placement = b }
func (p *blockPlacement) movedToParent(b *ir.Block)       { p.placement = b }
func (p *blockPlacement) block() *ir.Block                { return p.placement }

// loopPlacement moves allocations out of sequential loops when no alias
// is carried around the loop (buffer-loop-hoisting).
type loopPlacement struct {
	dom       *ir.DominanceInfo
	placement *ir.Block
	// aliasDominator is the nearest common dominator of the allocation's
	// aliases and uses.
	aliasDominator *ir.Block
}

func (*loopPlacement) kind() bufferization.HoistingKind { return bufferization.HoistLoop }

func (p *loopPlacement) start(b, dominator, dependency *ir.Block) *ir.Block {
	p.placement, p.aliasDominator = b, dominator
	return dependency
}

// legalParent allows leaving a sequential loop whose block the aliases do
// not all lie below: an alias dominated by the loop's block would be
// passed along the loop's back edge.
func (p *loopPlacement) legalParent(op *ir.Operation) bool {
	return isSequentialLoop(op) && p.aliasDominator != nil && !p.dom.Dominates(p.aliasDominator, op.Block())
}

func (*loopPlacement) movedToDominator(*ir.Block)  {}
func (p *loopPlacement) movedToParent(b *ir.Block) { p.placement = b }
func (p *loopPlacement) block() *ir.Block          { return p.placement }

// hoist moves the allocations of fn that allow pl's kind of hoisting as
// far up as pl permits (MLIR's BufferAllocationHoisting): the heap
// allocations first, then the stack allocations, each in post-order.
func hoist(fn *ir.Operation, newPlacement func(*ir.DominanceInfo) placement) {
	a := newAnalyses(fn)
	dom := ir.NewDominanceInfo()
	var values []ir.Value
	for _, e := range a.allocs {
		values = append(values, e.value)
	}
	fn.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		if ir.AutomaticAllocation.Has(op) && bufferization.AllocationOp.Implements(op) && op.NumResults() == 1 {
			values = append(values, op.Result(0))
		}
		return true
	})
	for _, v := range values {
		op := ir.DefiningOp(v)
		pl := newPlacement(dom)
		if op == nil || op.Block() == nil || !bufferization.AllowsHoisting(op, pl.kind()) {
			continue
		}
		// Blocks unreachable from their region's entry have no place in
		// the dominator tree; what they allocate stays where it is.
		if !dom.Reachable(op.Block()) {
			continue
		}
		var dependency *ir.Block
		for _, dep := range op.Operands() {
			b := ir.ParentBlock(dep)
			if dependency == nil || dom.Dominates(dependency, b) {
				dependency = b
			}
		}
		upper := pl.start(op.Block(), commonDominator(dom, v, a.aliases.Resolve(v)), dependency)
		target := findPlacementBlock(dom, pl, upper)
		if mark := a.startOperation(v, target); mark != nil && mark != op {
			op.MoveBefore(mark)
		}
	}
}

// commonDominator returns the nearest common dominator of the block
// defining v and of the blocks defining and using its aliases.
func commonDominator(dom *ir.DominanceInfo, v ir.Value, aliases []ir.Value) *ir.Block {
	blocks := []*ir.Block{ir.ParentBlock(v)}
	seen := map[*ir.Block]bool{blocks[0]: true}
	add := func(b *ir.Block) {
		if !seen[b] {
			seen[b] = true
			blocks = append(blocks, b)
		}
	}
	for _, alias := range aliases {
		for u := alias.FirstUse(); u != nil; u = u.Next() {
			add(u.Owner().Block())
		}
		add(ir.ParentBlock(alias))
	}
	res := blocks[0]
	for _, b := range blocks[1:] {
		if res = dom.NearestCommonDominator(res, b); res == nil {
			return nil
		}
	}
	return res
}

// findPlacementBlock walks up from pl's block, to immediate dominators
// within a region and to the block of the parent operation out of a
// region, while the block stays below upper and pl allows leaving the
// parent operation, and returns the last block pl recorded.
func findPlacementBlock(dom *ir.DominanceInfo, pl placement, upper *ir.Block) *ir.Block {
	current := pl.block()
	for {
		parentOp := current.ParentOp()
		if parentOp == nil || parentOp.Block() == nil {
			break
		}
		parent := parentOp.Block()
		if upper != nil && !dom.ProperlyDominates(upper, current) {
			break
		}
		var idom *ir.Block
		if !current.IsEntry() {
			idom = dom.ImmediateDominator(current)
		}
		if idom != nil && dom.ProperlyDominates(parent, idom) {
			current = idom
			pl.movedToDominator(current)
			continue
		}
		// Leave the region only for its parent's block, and only out of
		// control flow the passes understand.
		if !isKnownControlFlow(parentOp) || !pl.legalParent(parentOp) {
			break
		}
		current = parent
		pl.movedToParent(current)
	}
	return pl.block()
}

// Hoist runs buffer-hoisting on fn: it moves every allocation that
// allows block hoisting into the nearest common dominator of its uses and
// aliases, out of nested regions but not out of loops, and not above the
// definitions of its operands.
func Hoist(fn *ir.Operation) {
	hoist(fn, func(d *ir.DominanceInfo) placement { return &blockPlacement{dom: d} })
}

// HoistFromLoops runs buffer-loop-hoisting on fn: it moves every
// allocation that allows loop hoisting out of the sequential loops its
// aliases are not carried around, and not above the definitions of its
// operands.
func HoistFromLoops(fn *ir.Operation) {
	hoist(fn, func(d *ir.DominanceInfo) placement { return &loopPlacement{dom: d} })
}
