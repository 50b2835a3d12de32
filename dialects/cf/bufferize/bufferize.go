package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
)

// This file holds the bufferization of the branches of the cf dialect
// (MLIR's BranchOpBufferizableOpInterfaceExternalModel for cf.br and
// cf.cond_br): a branch neither reads nor writes the tensors it passes;
// each may become the buffer of the successor's argument it is passed
// to, one of the several the argument may be. The argument's buffer type
// is set by the operation that holds the blocks
// (State.BufferizeBlockSignatures); the branch passes its operands'
// buffers, cast to that type where they differ from it.

// branch is the model of an operation with an ir.BranchOp model.
type branch struct{}

// successorRange returns the first operand op forwards to its successor
// k and how many it forwards. The operands forwarded to the successors
// are the last ones of op, in the order of the successors, as with all
// of the cf dialect's branches.
func successorRange(op *ir.Operation, bm ir.BranchOpInterface, k int) (int, int) {
	start := op.NumOperands()
	n := 0
	for j := op.NumSuccessors() - 1; j >= k; j-- {
		n = len(bm.BranchSuccessorOperands(op, j))
		start -= n
	}
	return start, n
}

// ReadsOperand implements bufferization.RegionAliasAnalysis.
func (branch) ReadsOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return false }

// WritesOperand implements bufferization.RegionAliasAnalysis.
func (branch) WritesOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return false }

// AliasingValues implements bufferization.RegionAliasAnalysis: the
// arguments of the successors the operand is passed to.
func (branch) AliasingValues(op *ir.Operation, operand int, _ bufferization.AnalysisState) []bufferization.AliasingValue {
	bm, ok := ir.BranchOp.Of(op)
	if !ok {
		return nil
	}
	var out []bufferization.AliasingValue
	for k := range op.NumSuccessors() {
		start, n := successorRange(op, bm, k)
		if operand < start || operand >= start+n {
			continue
		}
		succ := op.Successor(k)
		if j := operand - start; j < succ.NumArguments() {
			out = append(out, bufferization.AliasingValue{Value: succ.Argument(j), Equivalent: true})
		}
	}
	return out
}

// Bufferize implements bufferization.BufferizableOpInterface: each
// tensor operand is replaced by its buffer (a copy of it when the
// analysis decided it out of place), cast to the buffer type of the
// argument it is passed to. A branch to a block whose arguments stay
// tensors (a function's body without function boundaries) stays on
// tensors.
func (branch) Bufferize(op *ir.Operation, s bufferization.State) error {
	bm, ok := ir.BranchOp.Of(op)
	if !ok {
		return ir.EmitError(op, "op was not bufferized")
	}
	news := make([][]ir.Value, op.NumSuccessors())
	for k := range op.NumSuccessors() {
		succ := op.Successor(k)
		start, _ := successorRange(op, bm, k)
		fwd := bm.BranchSuccessorOperands(op, k)
		news[k] = append([]ir.Value(nil), fwd...)
		for j, v := range fwd {
			if !bufferization.IsTensor(s.TensorType(v)) || j >= succ.NumArguments() {
				continue
			}
			arg := succ.Argument(j)
			if bufferization.IsTensor(arg.Type()) {
				s.KeepOnTensors(op)
				return nil
			}
			b, copied, err := forwarded(op, start+j, arg, s)
			if err != nil {
				return err
			}
			if b.Type() != arg.Type() {
				b = castAfter(op, v, b, copied, arg.Type(), s)
			}
			news[k][j] = b
		}
	}
	for k, vals := range news {
		bm.SetBranchSuccessorOperands(op, k, vals)
	}
	return nil
}

// forwarded returns the buffer op passes as its operand i to arg: the
// operand's buffer, or, out of place, a new one holding its contents
// when they are defined and arg is read.
func forwarded(op *ir.Operation, i int, arg *ir.BlockArgument, s bufferization.State) (ir.Value, bool, error) {
	v := op.Operand(i)
	if !s.OutOfPlace(op, i) {
		b, err := s.Buffer(op, v)
		return b, false, err
	}
	b, err := s.Writable(op, i, !s.UndefinedContents(v) && s.ValueRead(arg))
	return b, true, err
}

// castAfter casts b, the buffer of the tensor v, to type t where
// upstream's block signature rewriting makes the cast: right after v's
// definition (after b's, when that comes later in the same block), or
// before op for a copy made for op.
func castAfter(op *ir.Operation, v, b ir.Value, copied bool, t ir.Type, s bufferization.State) ir.Value {
	bld := s.Builder()
	defer bld.SetInsertionPoint(op)
	switch d := ir.DefiningOp(v); {
	case copied:
		bld.SetInsertionPoint(op)
	case d != nil:
		bld.SetInsertionPointAfter(d)
	default:
		bld.SetInsertionPointToStart(ir.ParentBlock(v))
	}
	if bd := ir.DefiningOp(b); !copied && bd != nil && bd.Block() == bld.InsertionBlock() {
		if d := ir.DefiningOp(v); d == nil || d.IsBeforeInBlock(bd) {
			bld.SetInsertionPointAfter(bd)
		}
	}
	return memref.BuildCast(bld, op.Loc(), b, t).Result(0)
}
