package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// This file holds the bufferization of the branches of the cf dialect
// (MLIR's BranchOpBufferizableOpInterfaceExternalModel for cf.br and
// cf.cond_br): a branch neither reads nor writes the tensors it passes;
// each may become the buffer of the successor's argument it is passed
// to, one of the several that argument may be. The arguments' buffer
// types are set by the operation that holds the blocks, and the branch
// passes buffers of those types (State.BufferizeBlockSignatures and
// State.BufferizeBranch).

// branch is the model of an operation with an ir.BranchOp model.
type branch struct{}

// ReadsOperand implements bufferization.RegionAliasAnalysis.
func (branch) ReadsOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return false }

// WritesOperand implements bufferization.RegionAliasAnalysis.
func (branch) WritesOperand(*ir.Operation, int, bufferization.AnalysisState) bool { return false }

// AliasingValues implements bufferization.RegionAliasAnalysis: the
// arguments of the successors the operand is passed to.
func (branch) AliasingValues(op *ir.Operation, operand int, _ bufferization.AnalysisState) []bufferization.AliasingValue {
	var out []bufferization.AliasingValue
	for k := range op.NumSuccessors() {
		start, n := bufferization.BranchOperands(op, k)
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

// Bufferize implements bufferization.BufferizableOpInterface.
func (branch) Bufferize(op *ir.Operation, s bufferization.State) error {
	return s.BufferizeBranch(op)
}
