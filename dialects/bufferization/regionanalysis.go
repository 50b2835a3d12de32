package bufferization

import "github.com/strata-ir/strata/core/ir"

// This file declares what the in-place analysis asks of operations whose
// buffers flow through regions (MLIR's BufferizableOpInterface answers of
// the scf models): a loop's inits, iteration arguments and results, and
// the terminators that yield into them.

// AnalysisState is what the in-place analysis knows while it decides,
// for models whose answers depend on it (MLIR's AnalysisState).
type AnalysisState interface {
	// ValueRead reports whether v is read, directly or through the
	// values that share its buffer (isValueRead).
	ValueRead(v ir.Value) bool
	// Equivalent reports whether the tensors a and b have one buffer
	// under the decisions made so far (areEquivalentBufferizedValues).
	Equivalent(a, b ir.Value) bool
}

// AliasingValue is a tensor that may share the buffer of an operand when
// the operand bufferizes in place (MLIR's AliasingValue).
type AliasingValue struct {
	Value ir.Value
	// Equivalent is set when the value is the operand's whole buffer
	// (BufferRelation::Equivalent).
	Equivalent bool
	// Definite is set when the value is certainly that buffer, not one of
	// several it may be (an scf.if's result is one of its branches').
	Definite bool
}

// RegionAliasAnalysis is implemented by the models of operations whose
// operands share their buffers with values other than their own results,
// or whose answers depend on the analysis (scf.for, scf.while,
// scf.forall, scf.if, scf.execute_region and their terminators). A
// result of such an operation may also be the buffer of the operands of
// its regions' terminators whose AliasingValues name it.
type RegionAliasAnalysis interface {
	BufferizableOpInterface
	// ReadsOperand reports whether op reads its tensor operand operand
	// (MLIR's bufferizesToMemoryRead).
	ReadsOperand(op *ir.Operation, operand int, st AnalysisState) bool
	// WritesOperand reports whether op writes its tensor operand operand
	// when that bufferizes in place (bufferizesToMemoryWrite).
	WritesOperand(op *ir.Operation, operand int, st AnalysisState) bool
	// AliasingValues returns the tensors that share the buffer of operand
	// when it bufferizes in place: results of op, or of its parent for a
	// terminator (getAliasingValues).
	AliasingValues(op *ir.Operation, operand int, st AnalysisState) []AliasingValue
}

// RegionKinds is implemented by models of operations whose regions run
// more than once (MLIR's isRepetitiveRegion) or in parallel
// (isParallelRegion) in a way their ir.RegionBranchOp model, if any, does
// not tell: scf.forall's body is both. Without it, a region is repetitive
// when its ir.RegionBranchOp successors lead back to it, and never
// parallel.
type RegionKinds interface {
	RepetitiveRegion(op *ir.Operation, region int) bool
	ParallelRegion(op *ir.Operation, region int) bool
}

// AnalysisVerifier is implemented by models that check the decisions of
// the in-place analysis once they are all made (MLIR's verifyAnalysis):
// scf.for and scf.while reject, without AllowReturnAllocsFromLoops, a
// loop whose iterations do not pass on their arguments' buffers.
type AnalysisVerifier interface {
	VerifyAnalysis(op *ir.Operation, st AnalysisState, opts Options) error
}

// ConflictResolver is implemented by models of operations whose
// out-of-place decisions need more than copies of their operands when
// they are resolved on tensors before the rewriting (dialect-filter;
// MLIR's resolveConflicts beyond resolveTensorOpOperandConflicts): a
// loop whose iterations would yield a buffer that may be one defined
// outside the loop yields a copy of it instead. ResolveConflicts runs
// once the operands of op have been resolved, with the decisions of the
// analysis still known.
type ConflictResolver interface {
	ResolveConflicts(op *ir.Operation, s CopyState) error
}

// ImplicitlyInPlace is implemented by models of operations whose operands
// are never copied on tensors before the rewriting, whatever the analysis
// decided (MLIR's resolveConflicts that resolves nothing):
// tensor.parallel_insert_slice writes the shared output of its
// scf.forall, which makes the copies its shared outputs need.
type ImplicitlyInPlace interface {
	ImplicitlyInPlace(op *ir.Operation) bool
}

// CopyState is what a ConflictResolver is offered.
type CopyState interface {
	AnalysisState
	// Builder is the builder with which copies are made.
	Builder() *ir.Builder
	// AliasesOutside reports whether the tensor v may share its buffer
	// with a value other than except that is defined outside region r,
	// a block argument of r included (upstream's
	// doesNotAliasExternalValue, negated).
	AliasesOutside(v ir.Value, r *ir.Region, except ir.Value) bool
	// TensorCopy makes a copy of v at the builder's insertion point,
	// a bufferization.alloc_tensor with v as its copy operand.
	TensorCopy(loc ir.Location, v ir.Value) (ir.Value, error)
}

// ResultBufferType is implemented by models of operations whose results
// get buffers of a type of their own (MLIR's getBufferType of a result
// that shares no operand's buffer), other than the identity layout in
// the default memory space: bufferization.alloc_tensor in the memory
// space it names. The type of a block argument is found from those of
// what the branches to it pass, before they are all rewritten.
type ResultBufferType interface {
	ResultBufferType(op *ir.Operation, result int, s State) ir.Type
}

// ViewBufferType is implemented by models of operations whose result is
// a view, with a layout of its own, of a part of the buffer of their
// operand 0 (tensor.extract_slice: a memref.subview): the type of that
// view of a buffer of type src (MLIR's getBufferType of such a result),
// or nil where it cannot be found.
type ViewBufferType interface {
	ViewBufferType(op *ir.Operation, result int, src ir.Type) ir.Type
}

// UnstructuredControlFlow is implemented by models of operations whose
// regions may have several blocks, linked by branches that pass tensors
// to the blocks' arguments (MLIR's supportsUnstructuredControlFlow:
// scf.execute_region; a function's body always may). Their rewriting
// gives those arguments buffer types first, with
// State.BufferizeBlockSignatures.
type UnstructuredControlFlow interface {
	SupportsUnstructuredControlFlow(op *ir.Operation) bool
}

// BranchOperands returns the first operand that op, a branch (an
// ir.BranchOp), forwards to its successor k and how many it forwards
// (MLIR's SuccessorOperands::getForwardedOperands). The operands
// forwarded to the successors are the last ones of op, in the order of
// the successors, as with all of the cf dialect's branches.
func BranchOperands(op *ir.Operation, k int) (start, n int) {
	bm, ok := ir.BranchOp.Of(op)
	if !ok {
		return op.NumOperands(), 0
	}
	start = op.NumOperands()
	for j := op.NumSuccessors() - 1; j >= k; j-- {
		n = len(bm.BranchSuccessorOperands(op, j))
		start -= n
	}
	return start, n
}
