package ir

import (
	"fmt"
	"strings"
)

// Diagnostics is a list of diagnostics that implements error.
type Diagnostics []*Diagnostic

func (ds Diagnostics) Error() string {
	if len(ds) == 0 {
		return "no diagnostics"
	}
	return ds[0].Error()
}

// OpError returns an error diagnostic located at op, with MLIR's
// "'name' op " prefix and the "see current operation" note.
func OpError(op *Operation, msg string) *Diagnostic {
	return EmitError(op, "'"+op.Name()+"' op "+msg)
}

// EmitError returns an error diagnostic located at op with a note showing
// the operation, as MLIR's Operation::emitError does.
func EmitError(op *Operation, msg string) *Diagnostic {
	d := NewError(op.Loc(), msg)
	s := OpPrinterHook(op)
	if op.NumRegions() > 0 {
		s = "\n" + s
	}
	d.Note(op.Loc(), "see current operation: "+s)
	return d
}

// OpPrinterHook renders an operation for diagnostics ("block with no
// terminator, has ..."). Package asm installs its generic printer here.
var OpPrinterHook = func(op *Operation) string { return "\"" + op.Name() + "\"" }

// Verify checks op and everything nested in it: structural rules (block
// terminators, successors, entry blocks without predecessors, graph
// regions), the operation verifiers of registered ops, symbol uniqueness in
// symbol tables, isolation from above, and dominance. It returns the first
// problem found as a *Diagnostic.
func Verify(op *Operation) error {
	v := &verifier{}
	v.dom.before = v.isBeforeInBlock
	if d := v.verifyOpAndDominance(op); d != nil {
		return d
	}
	return nil
}

// The verifier walks the operations once (verifyOperation). On the way it
// stamps each operation in block order and checks cheaply the two
// properties that MLIR checks in walks of their own: that operands defined
// in the user's own block come before it (dominance), and that operands of
// operations under an op isolated from above are defined in the same block
// (isolation). Operands it cannot settle that way (defined in another
// block) only raise a flag; the exact walks (verifyDominance,
// verifyIsolated) then run, as they run whenever the single walk finds an
// error, so that the diagnostic reported is the one MLIR's order of checks
// reports first.
type verifier struct {
	// dom answers the dominance queries of verifyDominance, ordering
	// operations of one block by their stamps.
	dom DominanceInfo
	// epoch tags the stamps this verifier gives operations (high 32 bits);
	// next is the stamp of the next operation it walks.
	epoch uint64
	next  uint64
	// iso is the region, of the innermost operation isolated from above,
	// that the walk is in; isoUnsure is set when an operand under it is
	// defined outside the user's block and not provably inside iso.
	iso       *Region
	isoUnsure bool
	// domUnsure is set when an operand's dominance was not settled by the
	// stamps of the walk, so that verifyDominance has to run.
	domUnsure bool
	// symbolUsers counts the walked operations that implement
	// SymbolUserOpInterface.
	symbolUsers int
}

// startEpoch takes the verifier's epoch the first time it stamps.
func (v *verifier) startEpoch() {
	if v.epoch == 0 {
		v.epoch = newEpoch()
		v.next = v.epoch
	}
}

// stampBlock numbers the operations of b in order.
func (v *verifier) stampBlock(b *Block) {
	v.startEpoch()
	for o := b.first; o != nil; o = o.next {
		v.next++
		o.stamp = v.next
	}
}

// isBeforeInBlock reports whether a comes before b in their block, which
// verifyDominance normally has stamped already.
func (v *verifier) isBeforeInBlock(a, b *Operation) bool {
	if v.epoch == 0 || a.stamp&epochBits != v.epoch || b.stamp&epochBits != v.epoch {
		v.stampBlock(a.block)
	}
	return a.stamp < b.stamp
}

func (v *verifier) verifyOpAndDominance(op *Operation) *Diagnostic {
	outer := v.domUnsure
	v.domUnsure = false
	if d := v.verifyOperation(op); d != nil {
		return d
	}
	var d *Diagnostic
	if v.domUnsure {
		d = v.verifyDominance(op)
	}
	v.domUnsure = outer
	return d
}

// verifyOperation verifies op and the ops nested in its regions; ops that
// are isolated from above are verified (with their own dominance) after
// their siblings, as MLIR does. For an op isolated from above, the
// isolation check that MLIR makes on entering it is folded into the walk
// of its regions; when the walk is unsure or finds another error, the
// exact check runs and its diagnostic, which MLIR reports first, wins.
func (v *verifier) verifyOperation(op *Operation) *Diagnostic {
	if d := v.verifyOnEntrance(op); d != nil {
		return d
	}
	if len(op.regions) == 0 || !op.HasTrait(IsolatedFromAbove) {
		return v.verifyRest(op)
	}
	outerIso, outerUnsure := v.iso, v.isoUnsure
	v.isoUnsure = false
	d := v.verifyRest(op)
	if d != nil || v.isoUnsure {
		if di := verifyIsolated(op); di != nil {
			d = di
		}
	}
	v.iso, v.isoUnsure = outerIso, outerUnsure
	return d
}

// verifyRest verifies what verifyOperation checks after the structural
// traits: the operation's own verifier, its regions and the ops in them.
func (v *verifier) verifyRest(op *Operation) *Diagnostic {
	if d := v.verifyInvariants(op); d != nil {
		return d
	}
	symbolUsers := v.symbolUsers
	isolatedOp := op.HasTrait(IsolatedFromAbove)
	var isolated []*Operation
	for i := range op.regions {
		r := &op.regions[i]
		if isolatedOp {
			v.iso = r
		}
		for b := r.first; b != nil; b = b.next {
			if d := v.verifyBlockArgs(b); d != nil {
				return d
			}
			if d := v.verifyBlockOps(b, &isolated); d != nil {
				// The successor check of the block comes first in MLIR.
				if db := verifyBlockSuccessorPlacement(b); db != nil {
					return db
				}
				return d
			}
			if d := v.verifyBlockOnExit(b); d != nil {
				return d
			}
		}
	}
	for _, o := range isolated {
		if d := v.verifyOpAndDominance(o); d != nil {
			return d
		}
	}
	// As MLIR's SymbolTable region trait: unique symbol names, then the
	// symbol uses of the nested operations, once the regions are verified
	// (the walk is needed only when one of them is a symbol user).
	if def := op.Def(); def != nil && def.HasTrait(SymbolTableTrait) {
		if d := verifySymbolTable(op); d != nil {
			return d
		}
		if v.symbolUsers != symbolUsers {
			if d := verifySymbolUses(op); d != nil {
				return d
			}
		}
	}
	if len(op.regions) > 0 && RegionBranchOp.Implements(op) {
		if err := VerifyRegionBranchOp(op); err != nil {
			return asDiag(op, err)
		}
	}
	if DestinationStyleOp.Implements(op) {
		if err := VerifyDestinationStyleOp(op); err != nil {
			return asDiag(op, err)
		}
	}
	if def := op.Def(); def != nil && def.VerifyRegions != nil {
		if err := def.VerifyRegions(op); err != nil {
			return asDiag(op, err)
		}
	}
	if d := op.OpName().Dialect; op.Def() == nil && d != nil && d.RejectUnknownOps {
		return EmitError(op, "unregistered operation '"+op.Name()+"' found in dialect ('"+d.Name+"') that does not allow unknown operations")
	}
	return nil
}

func asDiag(op *Operation, err error) *Diagnostic {
	if d, ok := err.(*Diagnostic); ok {
		return d
	}
	return OpError(op, err.Error())
}

// verifyOnEntrance checks what MLIR checks on entering op up to the
// structural traits.
func (v *verifier) verifyOnEntrance(op *Operation) *Diagnostic {
	for i := range op.operands {
		if op.operands[i].value == nil {
			return EmitError(op, "null operand found")
		}
	}
	if d := v.verifyDialectAttrs(op); d != nil {
		return d
	}
	if def := op.Def(); def != nil {
		if def.ImplementsID(SymbolUserOp.id) {
			v.symbolUsers++
		}
		return v.verifyTraits(op, def)
	}
	return nil
}

// verifyDialectAttrs runs the VerifyOperationAttr hook of the dialect
// that names each discardable attribute of op.
func (v *verifier) verifyDialectAttrs(op *Operation) *Diagnostic {
	if op.attrs == nil {
		return nil
	}
	for _, na := range op.attrs.Entries {
		ns, _, ok := strings.Cut(na.Name, ".")
		if !ok {
			continue
		}
		d := op.Context().Dialect(ns)
		if d == nil || d.VerifyOperationAttr == nil {
			continue
		}
		if err := d.VerifyOperationAttr(op, na); err != nil {
			return asDiag(op, err)
		}
	}
	return nil
}

// verifyInvariants checks what MLIR checks on entering op after the
// structural traits: the op's verifier and the shape of its regions.
func (v *verifier) verifyInvariants(op *Operation) *Diagnostic {
	if def := op.Def(); def != nil {
		if def.Verify != nil {
			if err := def.Verify(op); err != nil {
				return asDiag(op, err)
			}
		}
		// MLIR's IsTerminator is not a structural trait: ODS verifies it
		// after the structural traits (HasParent, ParentOneOf) and the
		// operation's invariants, so a terminator outside its parent op
		// reports the parent first.
		if def.HasTrait(IsTerminator) {
			if b := op.block; b != nil && b.last != op {
				return OpError(op, "must be the last operation in the parent block")
			}
		}
	}
	for i := range op.regions {
		r := &op.regions[i]
		if op.IsRegistered() && op.HasTrait(GraphRegions) && r.first != nil && r.first != r.last {
			return OpError(op, fmt.Sprintf("expects graph region #%d to have 0 or 1 blocks", i))
		}
		if r.first != nil && r.first.firstUse != nil {
			return NewError(op.loc, "entry block of region may not have predecessors")
		}
	}
	return nil
}

// verifyTraits checks the invariants implied by the declared traits.
func (v *verifier) verifyTraits(op *Operation, def *OpDef) *Diagnostic {
	if def.HasTrait(SingleBlock) {
		for i := range op.regions {
			r := &op.regions[i]
			if r.first != nil && r.first != r.last {
				return OpError(op, fmt.Sprintf("expects region #%d to have 0 or 1 blocks", i))
			}
		}
	}
	if def.HasTrait(SameOperandsAndResultType) {
		var t Type
		for i := range op.operands {
			if t == nil {
				t = op.operands[i].value.Type()
			} else if op.operands[i].value.Type() != t {
				return OpError(op, "requires the same type for all operands and results")
			}
		}
		for i := range op.results {
			if t == nil {
				t = op.results[i].typ
			} else if op.results[i].typ != t {
				return OpError(op, "requires the same type for all operands and results")
			}
		}
	}
	// IsolatedFromAbove is checked by verifyOperation's walk.
	return nil
}

// verifySymbolUses calls the SymbolUserOpInterface of the operations
// nested in the symbol table op, visiting regions in MLIR's walkSymbolTable
// order (a last-in first-out worklist of regions) and not entering nested
// symbol tables.
func verifySymbolUses(op *Operation) *Diagnostic {
	var work []*Region
	for i := range op.regions {
		work = append(work, &op.regions[i])
	}
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		for b := r.first; b != nil; b = b.next {
			for o := b.first; o != nil; o = o.next {
				if m, ok := SymbolUserOp.Of(o); ok {
					if err := m.VerifySymbolUses(o); err != nil {
						return asDiag(o, err)
					}
				}
				if !o.HasTrait(SymbolTableTrait) {
					for i := range o.regions {
						work = append(work, &o.regions[i])
					}
				}
			}
		}
	}
	return nil
}

// verifyIsolated checks that no operation nested in op uses a value defined
// outside op.
func verifyIsolated(op *Operation) *Diagnostic {
	var bad *Diagnostic
	for i := range op.regions {
		r := &op.regions[i]
		for b := r.first; b != nil && bad == nil; b = b.next {
			for o := b.first; o != nil && bad == nil; o = o.next {
				o.Walk(PreOrder, func(inner *Operation) bool {
					if bad != nil {
						return false
					}
					for j := range inner.operands {
						val := inner.operands[j].value
						pb := ParentBlock(val)
						if pb == nil || pb.parent == nil || !r.IsAncestor(pb.parent) {
							bad = EmitError(inner, "using value defined outside the region")
							bad.Note(op.loc, "required by region isolation constraints")
							return false
						}
					}
					// Nested isolated ops are checked by their own verifier.
					return !(inner != o && inner.HasTrait(IsolatedFromAbove))
				})
			}
		}
	}
	return bad
}

// SymbolName returns the sym_name of a symbol-defining operation.
func SymbolName(op *Operation) (string, bool) {
	if s, ok := op.Attr("sym_name").(*StringAttr); ok {
		return s.Value, true
	}
	return "", false
}

func verifySymbolTable(op *Operation) *Diagnostic {
	if len(op.regions) != 1 {
		return OpError(op, "Operations with a 'SymbolTable' must have exactly one region")
	}
	b := op.regions[0].first
	if b == nil {
		return nil
	}
	if b != op.regions[0].last {
		return OpError(op, "Operations with a 'SymbolTable' must have exactly one block")
	}
	seen := map[string]*Operation{}
	for o := b.first; o != nil; o = o.next {
		name, ok := SymbolName(o)
		if !ok {
			continue
		}
		if prev, dup := seen[name]; dup {
			d := EmitError(o, "redefinition of symbol named '"+name+"'")
			d.Note(prev.loc, "see existing symbol definition here")
			return d
		}
		seen[name] = o
	}
	return nil
}

// verifyBlockArgs checks what MLIR checks on entering a block, before the
// placement of successors: its arguments, and that it is not empty unless
// it may be.
func (v *verifier) verifyBlockArgs(b *Block) *Diagnostic {
	for _, a := range b.args {
		if a.owner != b {
			return NewError(a.Loc, "block argument not associated with the expected block")
		}
	}
	if b.first == nil && !mayBeValidWithoutTerminator(b) {
		return NewError(b.ParentOp().loc, "empty block: expect at least a terminator")
	}
	return nil
}

// verifyBlockSuccessorPlacement checks that only the last operation of b
// has successors, which MLIR checks on entering a block.
func verifyBlockSuccessorPlacement(b *Block) *Diagnostic {
	for o := b.first; o != nil; o = o.next {
		if len(o.successors) != 0 && o != b.last {
			return EmitError(o, "operation with block successors must terminate its parent block")
		}
	}
	return nil
}

// verifyBlockOps verifies the operations of b in order, except those
// isolated from above, which it appends to isolated. It stamps each
// operation and checks its operands for dominance and isolation as far as
// the stamps settle them (see verifier), and reports a misplaced successor
// as soon as it meets one.
func (v *verifier) verifyBlockOps(b *Block, isolated *[]*Operation) *Diagnostic {
	v.startEpoch()
	for o := b.first; o != nil; o = o.next {
		v.next++
		o.stamp = v.next
		if len(o.successors) != 0 && o != b.last {
			return EmitError(o, "operation with block successors must terminate its parent block")
		}
		v.checkOperands(o, b)
		if len(o.regions) != 0 && o.HasTrait(IsolatedFromAbove) {
			*isolated = append(*isolated, o)
			continue
		}
		if d := v.verifyOperation(o); d != nil {
			return d
		}
	}
	return nil
}

// checkOperands settles what it can of the dominance and isolation of
// o's operands, o being the last operation stamped, in block b. An
// operand defined earlier in b (or an argument of b) dominates o and,
// b being inside v.iso, respects isolation.
func (v *verifier) checkOperands(o *Operation, b *Block) {
	for i := range o.operands {
		var pb *Block
		switch val := o.operands[i].value.(type) {
		case *OpResult:
			def := val.owner
			pb = def.block
			if pb == b && def.stamp&epochBits == v.epoch && def.stamp < o.stamp {
				continue
			}
		case *BlockArgument:
			pb = val.owner
			if pb == b {
				continue
			}
		default:
			continue // null operands are reported by verifyOnEntrance
		}
		v.domUnsure = true
		if v.iso != nil && (pb == nil || pb.parent == nil || !v.iso.IsAncestor(pb.parent)) {
			v.isoUnsure = true
		}
	}
}

// verifyBlockOnExit checks what MLIR checks once the operations of a block
// are verified: successors in the same region and the terminator.
func (v *verifier) verifyBlockOnExit(b *Block) *Diagnostic {
	if b.first == nil {
		return nil
	}
	for i := range b.last.successors {
		if s := b.last.successors[i].block; s == nil || s.parent != b.parent {
			return OpError(b.last, "branching to block of a different region")
		}
	}
	if mayBeValidWithoutTerminator(b) {
		return nil
	}
	if !b.last.MightHaveTrait(IsTerminator) {
		return EmitError(b.last, "block with no terminator, has "+OpPrinterHook(b.last))
	}
	return nil
}

func mayBeValidWithoutTerminator(b *Block) bool {
	op := b.ParentOp()
	if op == nil {
		return true
	}
	if !b.parent.HasOneBlock() {
		return false
	}
	return !op.IsRegistered() || op.HasTrait(NoTerminator)
}

func (v *verifier) verifyDominance(top *Operation) *Diagnostic {
	work := []*Operation{top}
	for len(work) > 0 {
		op := work[len(work)-1]
		work = work[:len(work)-1]
		for i := range op.regions {
			r := &op.regions[i]
			for b := r.first; b != nil; b = b.next {
				reachable := v.dom.Reachable(b)
				v.stampBlock(b)
				for o := b.first; o != nil; o = o.next {
					if reachable {
						for j := range o.operands {
							if !v.dom.ValueProperlyDominates(o.operands[j].value, o) {
								return diagnoseDominance(o, j)
							}
						}
					}
					if len(o.regions) != 0 && !o.HasTrait(IsolatedFromAbove) {
						work = append(work, o)
					}
				}
			}
		}
	}
	return nil
}

func diagnoseDominance(op *Operation, idx int) *Diagnostic {
	d := EmitError(op, fmt.Sprintf("operand #%d does not dominate this use", idx))
	val := op.operands[idx].value
	b1 := op.block
	r1 := b1.parent
	if def := DefiningOp(val); def != nil {
		b2 := def.block
		r2 := b2.parent
		msg := "operand defined here"
		switch {
		case b1 == b2:
			msg += " (op in the same block)"
		case r1 == r2:
			msg += " (op in the same region)"
		case properAncestor(r2, r1):
			msg += " (op in a parent region)"
		case properAncestor(r1, r2):
			msg += " (op in a child region)"
		default:
			msg += " (op is neither in a parent nor in a child region)"
		}
		d.Note(def.loc, msg)
		return d
	}
	arg := val.(*BlockArgument)
	b2 := arg.owner
	r2 := b2.parent
	var loc Location
	if po := b2.ParentOp(); po != nil {
		loc = po.loc
	}
	if r2 == nil {
		d.Note(loc, " (block without parent)")
		return d
	}
	index := 0
	for b := r2.first; b != nil && b != b2; b = b.next {
		index++
	}
	msg := fmt.Sprintf("operand defined as a block argument (block #%d", index)
	switch {
	case r1 == r2:
		msg += " in the same region)"
	case properAncestor(r2, r1):
		msg += " in a parent region)"
	case properAncestor(r1, r2):
		msg += " in a child region)"
	default:
		msg += " neither in a parent nor in a child region)"
	}
	d.Note(loc, msg)
	return d
}

func properAncestor(a, b *Region) bool { return a != b && a.IsAncestor(b) }
