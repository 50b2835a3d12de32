package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/scf"
)

// This file holds what the loops add to the copies on tensors that
// resolve the analysis's decisions before the rewriting (MLIR's
// ForOpInterface and WhileOpInterface resolveConflicts): a loop must
// pass on, to its next iteration, a buffer that is its iteration
// argument's or a new one, never one that may be defined outside it.

// ResolveConflicts implements bufferization.ConflictResolver: each tensor
// that scf.for yields and that may share a buffer defined outside the
// body, or another iteration argument's, is replaced by a copy before
// the yield.
func (forModel) ResolveConflicts(op *ir.Operation, s bufferization.CopyState) error {
	if op.NumRegions() != 1 || !op.Region(0).HasOneBlock() {
		return nil
	}
	body := op.Region(0).First()
	y := body.Terminator()
	if y == nil {
		return nil
	}
	vals := append([]ir.Value(nil), y.Operands()...)
	changed := false
	for i, v := range vals {
		if 3+i >= op.NumOperands() || 1+i >= body.NumArguments() || !bufferization.IsTensor(op.Operand(3+i).Type()) {
			continue
		}
		if !s.AliasesOutside(v, op.Region(0), body.Argument(1+i)) {
			continue
		}
		s.Builder().SetInsertionPoint(y)
		c, err := s.TensorCopy(y.Loc(), v)
		if err != nil {
			return err
		}
		vals[i] = c
		changed = true
	}
	if changed {
		y.SetOperands(vals)
	}
	return nil
}

// ResolveConflicts implements bufferization.ConflictResolver: each tensor
// that the condition of scf.while passes on where the "before" region
// or the "after" region does not pass on its own argument's buffer is
// replaced by a copy before the condition.
func (whileModel) ResolveConflicts(op *ir.Operation, s bufferization.CopyState) error {
	w, ok := scf.AsWhileOp(op)
	if !ok || !w.Before().HasOneBlock() || !w.After().HasOneBlock() {
		return nil
	}
	before, after := w.Before().First(), w.After().First()
	cond, y := before.Terminator(), after.Terminator()
	if cond == nil || y == nil {
		return nil
	}
	equivalent := func(args []*ir.BlockArgument, vals []ir.Value, i int) bool {
		return i < len(args) && i < len(vals) && bufferization.IsTensor(args[i].Type()) &&
			bufferization.IsTensor(vals[i].Type()) && s.Equivalent(args[i], vals[i])
	}
	passed := cond.Operands()[1:]
	vals := append([]ir.Value(nil), passed...)
	changed := false
	for i, v := range passed {
		if !bufferization.IsTensor(v.Type()) ||
			equivalent(before.Arguments(), passed, i) && equivalent(after.Arguments(), y.Operands(), i) {
			continue
		}
		s.Builder().SetInsertionPoint(cond)
		c, err := s.TensorCopy(cond.Loc(), v)
		if err != nil {
			return err
		}
		vals[i] = c
		changed = true
	}
	if changed {
		cond.SetOperands(append([]ir.Value{cond.Operand(0)}, vals...))
	}
	return nil
}
