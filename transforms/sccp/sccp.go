// Package sccp implements sparse conditional constant propagation (MLIR's
// sccp pass): a constant lattice over SSA values solved together with
// block and region liveness, across branches, region-branch operations and
// calls, followed by the replacement of constant values with
// materialized constants.
package sccp

import (
	"github.com/strata-ir/strata/core/ir"
)

// state is a position in the constant lattice.
type state uint8

const (
	uninitialized state = iota
	constant
	overdefined
)

// lattice is the value of one SSA value: unknown yet, one constant
// (produced by a dialect), or not constant.
type lattice struct {
	state   state
	attr    ir.Attribute
	dialect *ir.Dialect
}

type solver struct {
	ctx     *ir.Context
	values  map[ir.Value]*lattice
	live    map[*ir.Block]bool
	work    []*ir.Operation
	queued  map[*ir.Operation]bool
	symtab  *ir.SymbolTable
	private map[*ir.Operation]bool                   // callables whose every use is a known call
	callers map[*ir.Operation][]*ir.Operation        // callable -> live call sites
	returns map[*ir.Operation]map[*ir.Operation]bool // callable -> visited return-like terminators
}

// Run propagates constants through top's regions and rewrites them, and
// returns how many values were replaced.
func Run(ctx *ir.Context, top *ir.Operation) int {
	s := &solver{ctx: ctx, values: map[ir.Value]*lattice{}, live: map[*ir.Block]bool{}, queued: map[*ir.Operation]bool{},
		private: map[*ir.Operation]bool{}, callers: map[*ir.Operation][]*ir.Operation{}, returns: map[*ir.Operation]map[*ir.Operation]bool{}}
	if top.HasTrait(ir.SymbolTableTrait) {
		s.symtab = ir.NewSymbolTable(top)
		s.findPrivateCallables(top)
	}
	s.enterRegionsConservatively(top)
	for len(s.work) > 0 {
		op := s.work[len(s.work)-1]
		s.work = s.work[:len(s.work)-1]
		s.queued[op] = false
		s.visit(op)
	}
	return s.rewrite(top)
}

// findPrivateCallables marks the private callables of the symbol table
// top whose every reference is the callee of a call.
func (s *solver) findPrivateCallables(top *ir.Operation) {
	refs := map[string]int{}
	calls := map[string]int{}
	top.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		ir.ForEachSymbolRef(op, func(r *ir.SymbolRefAttr) {
			refs[r.Root]++
		})
		if c, ok := ir.CallOp.Of(op); ok {
			if t := c.CallTarget(op); t != nil && len(t.Nested) == 0 {
				calls[t.Root]++
			}
		}
		return true
	})
	for b := top.Region(0).First(); b != nil; b = b.Next() {
		for op := b.First(); op != nil; op = op.Next() {
			if c, ok := ir.CallableOp.Of(op); !ok || c.CallableRegion(op) == nil {
				continue
			}
			name, ok := op.InherentAttr("sym_name").(*ir.StringAttr)
			vis, _ := op.InherentAttr("sym_visibility").(*ir.StringAttr)
			if ok && vis != nil && vis.Value == "private" && refs[name.Value] == calls[name.Value] {
				s.private[op] = true
			}
		}
	}
}

func (s *solver) get(v ir.Value) *lattice {
	l := s.values[v]
	if l == nil {
		l = &lattice{}
		s.values[v] = l
	}
	return l
}

// join merges x into the lattice of v and requeues v's users on change.
func (s *solver) join(v ir.Value, x lattice) {
	l := s.get(v)
	switch {
	case x.state == uninitialized || l.state == overdefined:
		return
	case l.state == uninitialized:
		*l = x
	case x.state == overdefined || l.attr != x.attr || l.dialect != x.dialect:
		*l = lattice{state: overdefined}
	default:
		return
	}
	for u := v.FirstUse(); u != nil; u = u.Next() {
		s.enqueue(u.Owner())
	}
}

func (s *solver) overdefine(v ir.Value) { s.join(v, lattice{state: overdefined}) }

func (s *solver) enqueue(op *ir.Operation) {
	if !s.queued[op] && s.live[op.Block()] {
		s.queued[op] = true
		s.work = append(s.work, op)
	}
}

// markLive makes b executable and queues its operations.
func (s *solver) markLive(b *ir.Block) {
	if s.live[b] {
		return
	}
	s.live[b] = true
	for op := b.First(); op != nil; op = op.Next() {
		s.enqueue(op)
	}
}

// enterRegionsConservatively makes the entry blocks of op's regions live
// with unknown arguments, except for private callables, which are entered
// from their calls.
func (s *solver) enterRegionsConservatively(op *ir.Operation) {
	for i := 0; i < op.NumRegions(); i++ {
		for b := op.Region(i).First(); b != nil; b = b.Next() {
			if b != op.Region(i).First() {
				continue
			}
			for j := 0; j < b.NumArguments(); j++ {
				s.overdefine(b.Argument(j))
			}
			s.markLive(b)
		}
	}
}

// constants returns the constant value of each operand of op, and false
// when one of them is not known yet.
func (s *solver) constants(op *ir.Operation) ([]ir.Attribute, bool) {
	out := make([]ir.Attribute, op.NumOperands())
	for i := range out {
		l := s.get(op.Operand(i))
		if l.state == uninitialized {
			return nil, false
		}
		if l.state == constant {
			out[i] = l.attr
		}
	}
	return out, true
}

func (s *solver) visit(op *ir.Operation) {
	switch {
	case op.NumSuccessors() > 0:
		s.visitBranch(op)
		return
	case ir.CallOp.Implements(op):
		s.visitCall(op)
		return
	case ir.RegionBranchOp.Implements(op):
		s.visitRegionBranch(op)
		return
	case ir.CallableOp.Implements(op):
		if !s.private[op] {
			s.enterRegionsConservatively(op)
		}
		s.overdefineResults(op)
		return
	case op.HasTrait(ir.IsTerminator) || op.HasTrait(ir.ReturnLike):
		s.visitTerminator(op)
		return
	case op.NumRegions() > 0:
		s.enterRegionsConservatively(op)
		s.overdefineResults(op)
		return
	}
	s.visitOperation(op)
}

func (s *solver) overdefineResults(op *ir.Operation) {
	for i := 0; i < op.NumResults(); i++ {
		s.overdefine(op.Result(i))
	}
}

// visitOperation folds op with the constant values of its operands.
func (s *solver) visitOperation(op *ir.Operation) {
	if op.NumResults() == 0 {
		return
	}
	operands, ok := s.constants(op)
	if !ok {
		return
	}
	d := op.Def()
	if d == nil || d.Fold == nil {
		s.overdefineResults(op)
		return
	}
	// A folder may update op in place: keep what to restore.
	oldOperands := append([]ir.Value(nil), op.Operands()...)
	oldAttrs, oldProps := op.Attrs(), op.Properties()
	results, folded := d.Fold(op, operands)
	if !folded || len(results) == 0 {
		if folded {
			op.SetOperands(oldOperands)
			op.SetAttrs(oldAttrs)
			op.SetProperties(oldProps)
		}
		s.overdefineResults(op)
		return
	}
	for i, r := range results {
		if i >= op.NumResults() {
			break
		}
		switch {
		case r.Attr != nil:
			s.join(op.Result(i), lattice{state: constant, attr: r.Attr, dialect: op.OpName().Dialect})
		case r.Value != nil:
			s.join(op.Result(i), *s.get(r.Value))
		default:
			s.overdefine(op.Result(i))
		}
	}
}

// visitBranch makes the successors a terminator may take live and passes
// the lattices of its forwarded operands to their arguments.
func (s *solver) visitBranch(op *ir.Operation) {
	br, isBranch := ir.BranchOp.Of(op)
	operands, ok := s.constants(op)
	if !ok {
		return
	}
	var only *ir.Block
	if isBranch {
		only = br.SuccessorForOperands(op, operands)
	}
	for i := 0; i < op.NumSuccessors(); i++ {
		succ := op.Successor(i)
		if only != nil && succ != only {
			continue
		}
		var fwd []ir.Value
		if isBranch {
			fwd = br.BranchSuccessorOperands(op, i)
		}
		for j := 0; j < succ.NumArguments(); j++ {
			if !isBranch || j >= len(fwd) {
				s.overdefine(succ.Argument(j))
			} else {
				s.join(succ.Argument(j), *s.get(fwd[j]))
			}
		}
		s.markLive(succ)
	}
}

// visitRegionBranch enters the regions a region-branch operation may run
// first, or passes its operands to its results.
func (s *solver) visitRegionBranch(op *ir.Operation) {
	operands, ok := s.constants(op)
	if !ok {
		return
	}
	rb, _ := ir.RegionBranchOp.Of(op)
	for _, succ := range rb.SuccessorRegions(op, nil, operands) {
		s.forward(succ, rb.EntrySuccessorOperands(op, succ.Region))
	}
}

// forward joins the lattices of values into the inputs of a region
// successor: the entry arguments of its region (those that are not inputs
// are unknown) or the results of the parent.
func (s *solver) forward(succ ir.RegionSuccessor, values []ir.Value) {
	inputs := map[ir.Value]bool{}
	for i, in := range succ.Inputs {
		inputs[in] = true
		if i < len(values) {
			s.join(in, *s.get(values[i]))
		} else {
			s.overdefine(in)
		}
	}
	if succ.Region == nil || succ.Region.First() == nil {
		return
	}
	entry := succ.Region.First()
	for j := 0; j < entry.NumArguments(); j++ {
		if a := entry.Argument(j); !inputs[a] {
			s.overdefine(a)
		}
	}
	s.markLive(entry)
}

// visitTerminator handles terminators without successors: yields to a
// region-branch parent and returns from callables.
func (s *solver) visitTerminator(op *ir.Operation) {
	parent := op.ParentOp()
	if parent == nil {
		return
	}
	rb, parentIsRegionBranch := ir.RegionBranchOp.Of(parent)
	term, isTerm := ir.RegionBranchTerminator.Of(op)
	switch {
	case parentIsRegionBranch:
		if _, ok := s.constants(op); !ok {
			return
		}
		for _, succ := range rb.SuccessorRegions(parent, op.ParentRegion(), nil) {
			var fwd []ir.Value
			if isTerm {
				fwd = term.SuccessorOperands(op, succ.Region)
			} else if succ.Region == nil && op.HasTrait(ir.ReturnLike) {
				fwd = op.Operands()
			}
			s.forward(succ, fwd)
		}
	case ir.CallableOp.Implements(parent) && op.HasTrait(ir.ReturnLike):
		rs := s.returns[parent]
		if rs == nil {
			rs = map[*ir.Operation]bool{}
			s.returns[parent] = rs
		}
		rs[op] = true
		for _, call := range s.callers[parent] {
			s.joinReturn(call, op)
		}
	}
}

func (s *solver) joinReturn(call, ret *ir.Operation) {
	for i := 0; i < call.NumResults(); i++ {
		if i < ret.NumOperands() {
			s.join(call.Result(i), *s.get(ret.Operand(i)))
		} else {
			s.overdefine(call.Result(i))
		}
	}
}

// visitCall passes the arguments of a call into a private callee and the
// values the callee returns to the call's results.
func (s *solver) visitCall(op *ir.Operation) {
	var callee *ir.Operation
	if c, ok := ir.CallOp.Of(op); ok {
		if t := c.CallTarget(op); t != nil && s.symtab != nil && len(t.Nested) == 0 {
			callee = s.symtab.Lookup(t.Root)
		}
	}
	var body *ir.Region
	if callee != nil {
		if c, ok := ir.CallableOp.Of(callee); ok {
			body = c.CallableRegion(callee)
		}
	}
	if body == nil || body.First() == nil {
		s.overdefineResults(op)
		return
	}
	known := false
	for _, c := range s.callers[callee] {
		known = known || c == op
	}
	if !known {
		s.callers[callee] = append(s.callers[callee], op)
		for ret := range s.returns[callee] {
			s.joinReturn(op, ret)
		}
	}
	if s.private[callee] {
		entry := body.First()
		for i := 0; i < entry.NumArguments(); i++ {
			if i < op.NumOperands() {
				s.join(entry.Argument(i), *s.get(op.Operand(i)))
			} else {
				s.overdefine(entry.Argument(i))
			}
		}
		s.markLive(entry)
	}
}
