package bufferization

import (
	"github.com/strata-ir/strata/core/ir"
)

// This file declares MLIR's BufferizableOpInterface: what
// one-shot-bufferize (transforms/bufferize) asks of an operation. The
// pass knows no operation by name; each dialect attaches a model to its
// operations (usually from a `bufferize` sub-package registered with
// ir.OpInterface.AttachTo, as MLIR's external models), and an
// out-of-tree dialect does the same for its own.
//
// The in-place analysis runs as the operations are rewritten, in program
// order. A model tells it what the operation does to its tensors through
// the State it is given:
//
//   - reads: every use of a tensor counts as a read; a model that
//     implements MemoryReader tells which operands are only written, so
//     that a new buffer for them needs no copy of their contents;
//   - writes: an operand the operation writes is asked for with
//     State.Writable, which answers with the operand's own buffer when
//     the write may happen in place and with a new buffer otherwise;
//   - aliasing: State.SetResult gives each tensor result its buffer and
//     the operand it aliases, if any (State.InPlaceAlias for a
//     result written into an operand's buffer).

// BufferizableOpInterface is an operation's bufferization (MLIR's
// BufferizableOpInterface::bufferize): Bufferize rewrites op, which has a
// tensor operand or result, into operations on buffers. s's builder is
// positioned before op. Bufferize gives every tensor result a buffer
// (State.SetResult) or replaces its uses, and then either erases op
// itself or hands it to State.Erase to be erased after the whole
// function is rewritten (results still used then are an error).
//
// Operations without tensors are not asked: their regions are
// bufferized in place.
type BufferizableOpInterface interface {
	Bufferize(op *ir.Operation, s State) error
}

// BufferizableOp is the interface through which one-shot-bufferize
// bufferizes an operation.
var BufferizableOp = ir.DeclareOpInterface[BufferizableOpInterface]("bufferization.BufferizableOpInterface")

// MemoryReader is implemented by models that know which tensor operands
// their operation reads (MLIR's bufferizesToMemoryRead). Without it,
// every operand is assumed to be read. An operand that is only written
// (the init of a linalg operation whose payload ignores it) needs no copy
// of its contents when its write cannot happen in place.
type MemoryReader interface {
	BufferizesToMemoryRead(op *ir.Operation, operand int) bool
}

// ElementwiseAccessor is implemented by models of operations that may
// read an operand at exactly the element they write through another one
// (MLIR's bufferizesToElementwiseAccess): such a read does not prevent
// the write from happening in place.
type ElementwiseAccessor interface {
	BufferizesToElementwiseAccess(op *ir.Operation, read, written int) bool
}

// AliasAnalysis is implemented by models of operations that the in-place
// analysis decides for before any rewriting (MLIR's
// bufferizesToMemoryWrite and getAliasingValues), bottom-up, as
// upstream's: a function whose tensor operations all have such a model
// or a RegionAliasAnalysis (and sit in regions of one block, or in
// blocks linked by branches: its body's, an scf.execute_region's) has
// every write decided before it is rewritten, the
// later writes first; other functions are decided in program order as
// they are rewritten.
type AliasAnalysis interface {
	// BufferizesToMemoryWrite reports whether op writes the buffer of its
	// tensor operand operand when that bufferizes in place.
	BufferizesToMemoryWrite(op *ir.Operation, operand int) bool
	// AliasingResults returns the results of op that share the buffer of
	// its tensor operand operand when that bufferizes in place.
	AliasingResults(op *ir.Operation, operand int) []int
}

// ResultDefinition is implemented by AliasAnalysis models that know
// whether a result's buffer holds contents the operation defines (MLIR's
// resultBufferizesToMemoryWrite); without it, a result sharing no
// operand's buffer is defined by its operation, and one that shares some
// operand's buffer is defined when the operation writes that operand.
type ResultDefinition interface {
	ResultBufferizesToMemoryWrite(op *ir.Operation, result int) bool
}

// SubsetInsertionOpInterface is implemented by operations that write
// their source into a part of their destination (tensor.insert_slice,
// tensor.parallel_insert_slice; MLIR's SubsetInsertionOpInterface). The
// in-place analysis does not count as a conflict a write into a part
// extracted from the destination at exactly that subset, read by the
// insertion (the usual extract_slice, compute, insert_slice of a tile),
// nor the insertion's write seen by a read of that same extracted part;
// eliminate-empty-tensors replaces a tensor.empty whose contents end up
// inserted by the extraction of the part they are inserted into.
type SubsetInsertionOpInterface interface {
	// SourceOperand returns the operand op inserts.
	SourceOperand(op *ir.Operation) int
	// DestinationOperand returns the operand whose subset op writes.
	DestinationOperand(op *ir.Operation) int
	// EquivalentSubset reports whether the tensor v is the subset op
	// writes, extracted from a tensor that equiv says is op's
	// destination.
	EquivalentSubset(op *ir.Operation, v ir.Value, equiv func(a, b ir.Value) bool) bool
	// ValuesNeededToBuildSubsetExtraction returns the values that
	// BuildSubsetExtraction uses: it may only be called where they are
	// all defined.
	ValuesNeededToBuildSubsetExtraction(op *ir.Operation) []ir.Value
	// BuildSubsetExtraction builds, at b's insertion point, the
	// extraction of the subset op writes from its destination and
	// returns it, or returns nil when it cannot.
	BuildSubsetExtraction(op *ir.Operation, b *ir.Builder, loc ir.Location) ir.Value
}

// SubsetInsertionOp is the interface of the operations that insert a
// subset into their destination.
var SubsetInsertionOp = ir.DeclareOpInterface[SubsetInsertionOpInterface]("bufferization.SubsetInsertionOpInterface")

// AnalysisPrecondition is implemented by models of operations that the
// in-place analysis does not accept in some forms (MLIR's
// checkPreBufferizationAssumptions): a used bufferization.to_tensor
// without `restrict`, whose buffer other tensors may share. The analysis
// checks them before it decides anything; without the analysis
// (copy-before-write) they are accepted.
type AnalysisPrecondition interface {
	CheckBeforeAnalysis(op *ir.Operation) error
}

// EquivalentResult is implemented by AliasAnalysis models of operations
// whose result, when an operand is in place, is that operand's whole
// buffer without writing it (a cast; MLIR's BufferRelation::Equivalent
// of an operation that does not write), unlike a view of a part.
type EquivalentResult interface {
	EquivalentResult(op *ir.Operation, operand int) bool
}

// InPlaceRequirement is implemented by AliasAnalysis models of
// operations that must write an operand in place (MLIR's
// mustBufferizeInPlace, bufferization.materialize_in_destination): when
// the write cannot happen in place, one-shot-bufferize fails with
// upstream's "not bufferizable under the given constraints" instead of
// writing a copy.
type InPlaceRequirement interface {
	MustBufferizeInPlace(op *ir.Operation, operand int) bool
}

// ResultWritability is implemented by AliasAnalysis models of operations
// whose results are buffers that may not be written (a constant).
type ResultWritability interface {
	ResultWritable(op *ir.Operation, result int) bool
}

// Reading is the AliasAnalysis of an operation that may read its tensor
// operands and neither writes them nor shares their buffers with its
// results (tensor.extract, func.return).
type Reading struct{ BufferizableOpInterface }

// BufferizesToMemoryWrite implements AliasAnalysis.
func (Reading) BufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// AliasingResults implements AliasAnalysis.
func (Reading) AliasingResults(*ir.Operation, int) []int { return nil }

// Allocating is the AliasAnalysis of an operation whose results are new
// buffers with undefined contents (tensor.empty).
type Allocating struct{ Reading }

// ResultBufferizesToMemoryWrite implements ResultDefinition.
func (Allocating) ResultBufferizesToMemoryWrite(*ir.Operation, int) bool { return false }

// WritingInto is the AliasAnalysis of an operation that writes its
// operand Dest, whose buffer its result 0 is (tensor.insert).
type WritingInto struct {
	BufferizableOpInterface
	Dest int
}

// BufferizesToMemoryWrite implements AliasAnalysis.
func (m WritingInto) BufferizesToMemoryWrite(_ *ir.Operation, operand int) bool {
	return operand == m.Dest
}

// AliasingResults implements AliasAnalysis.
func (m WritingInto) AliasingResults(_ *ir.Operation, operand int) []int {
	if operand == m.Dest {
		return []int{0}
	}
	return nil
}

// Options are the options of one-shot-bufferize that models consult.
type Options struct {
	// FunctionBoundaries bufferizes the signatures of functions and
	// their calls and returns (bufferize-function-boundaries).
	FunctionBoundaries bool
	// AllowUnknownOps leaves operations with tensor operands that have
	// no bufferization, with bufferization.to_tensor / to_buffer around
	// them.
	AllowUnknownOps bool
	// AllowReturnAllocsFromLoops lets a loop yield a tensor whose buffer
	// is not its iteration argument's (allow-return-allocs-from-loops):
	// the yielded buffer is then copied where needed. Without it, that is
	// an error, as upstream.
	AllowReturnAllocsFromLoops bool
	// FunctionBoundaryTypeConversion is the layout of the memref types
	// of function arguments and results (function-boundary-type-conversion):
	// InferLayoutMap (also the empty string), IdentityLayoutMap or
	// FullyDynamicLayoutMap.
	FunctionBoundaryTypeConversion string
	// UnknownTypeConversion is the layout of the buffers of tensors whose
	// layout nothing determines (unknown-type-conversion: the
	// bufferization.to_buffer of an argument without function boundaries
	// or of the result of an unknown operation): FullyDynamicLayoutMap
	// (also the empty string) or IdentityLayoutMap.
	UnknownTypeConversion string
	// BufferAlignment is the alignment of the buffers the pass allocates
	// (buffer-alignment): 0 is the default, 64; a negative value leaves
	// them without one (buffer-alignment=0).
	BufferAlignment int64
	// CopyBeforeWrite skips the in-place analysis: every write goes to a
	// new buffer, a copy of the old one where its contents may be read
	// (copy-before-write).
	CopyBeforeWrite bool
	// AnalysisHeuristic is the order in which the in-place analysis
	// decides the operations of a function (analysis-heuristic):
	// BottomUp (also the empty string), TopDown, BottomUpFromTerminators
	// or Fuzzer, which shuffles them with AnalysisFuzzerSeed.
	AnalysisHeuristic  string
	AnalysisFuzzerSeed uint64
	// UseEncodingForMemorySpace takes the memory space of a tensor's
	// buffer from the tensor type's encoding
	// (use-encoding-for-memory-space).
	UseEncodingForMemorySpace bool
	// NoAnalysisFuncFilter names the functions that are bufferized
	// without the analysis, as with CopyBeforeWrite
	// (no-analysis-func-filter, with function boundaries).
	NoAnalysisFuncFilter []string
	// TestAnalysisOnly runs the in-place analysis and annotates the IR
	// with its decisions instead of bufferizing it: each operation with
	// tensor operands gets __inplace_operands_attr__, one string per
	// operand ("true", "false", or "none" for other operands)
	// (test-analysis-only).
	TestAnalysisOnly bool
	// PrintConflicts annotates, with TestAnalysisOnly, each
	// read-after-write conflict the analysis finds and each buffer it
	// finds may not be written (print-conflicts).
	PrintConflicts bool
	// DumpAliasSets annotates each operation with the alias sets of its
	// tensor results and block arguments (dump-alias-sets).
	DumpAliasSets bool
	// MustInferMemorySpace makes a buffer whose memory space nothing
	// determines an error rather than a buffer in the default memory
	// space (must-infer-memory-space).
	MustInferMemorySpace bool
	// IgnoreParallelRegions drops the in-place analysis's rule for
	// regions whose iterations may run in parallel (scf.forall's body):
	// a write there into a buffer defined outside the region that is also
	// read is then decided as any other, rather than always out of place
	// so that each iteration gets its own copy
	// (check-parallel-regions=false).
	IgnoreParallelRegions bool
	// DialectFilter restricts the bufferization to the operations of
	// these dialects (dialect-filter; empty: every dialect). The others
	// are left on tensors, read through bufferization.to_tensor and
	// bufferization.to_buffer, as operations without a bufferization
	// (but without AllowUnknownOps being needed); the out-of-place
	// decisions are first resolved with copies on tensors
	// (bufferization.alloc_tensor), as upstream's insertTensorCopies.
	DialectFilter []string
}

// The orders of the in-place analysis, upstream's AnalysisHeuristic.
const (
	BottomUp                = "bottom-up"
	TopDown                 = "top-down"
	BottomUpFromTerminators = "bottom-up-from-terminators"
	Fuzzer                  = "fuzzer"
)

// The layouts of function boundaries, upstream's LayoutMapOption.
const (
	// InferLayoutMap gives arguments the fully dynamic layout and
	// results the layout of the buffers the function returns.
	InferLayoutMap = "infer-layout-map"
	// IdentityLayoutMap gives arguments and results the identity layout.
	IdentityLayoutMap = "identity-layout-map"
	// FullyDynamicLayoutMap gives arguments and results the fully
	// dynamic layout.
	FullyDynamicLayoutMap = "fully-dynamic-layout-map"
)

// BoundaryLayout returns the layout option of function boundaries, the
// empty string being InferLayoutMap.
func (o Options) BoundaryLayout() string {
	if o.FunctionBoundaryTypeConversion == "" {
		return InferLayoutMap
	}
	return o.FunctionBoundaryTypeConversion
}

// State is what one-shot-bufferize offers a model while it rewrites an
// operation: the buffers of tensor values, the in-place analysis, and
// helpers that build buffers the way the pass does everywhere.
type State interface {
	// Context returns the context of the IR being bufferized.
	Context() *ir.Context
	// Builder returns the pass's builder, positioned before the operation
	// being bufferized with its location.
	Builder() *ir.Builder
	// Options returns the options of the pass.
	Options() Options

	// Buffer returns the buffer of v, a value used by user (v itself when
	// it is not a tensor). With AllowUnknownOps, a tensor without a
	// buffer gets a bufferization.to_buffer before user.
	Buffer(user *ir.Operation, v ir.Value) (ir.Value, error)
	// Writable returns the buffer op may write for its tensor operand
	// operand: that operand's buffer when the write may happen in place,
	// else a new buffer, into which the operand's contents are copied
	// when copyContents is set. The builder is left before op.
	Writable(op *ir.Operation, operand int, copyContents bool) (ir.Value, error)
	// InPlace reports whether op may write its tensor operand operand in
	// that operand's buffer.
	InPlace(op *ir.Operation, operand int) bool
	// OutOfPlace reports whether the bottom-up analysis decided that
	// op's tensor operand operand, which op does not write, may not share
	// its buffer with the results of op that alias it: the model then
	// gives those results a copy (upstream copies the results of such an
	// operation rather than its operand).
	OutOfPlace(op *ir.Operation, operand int) bool
	// ValueRead reports whether the tensor v is read, directly or through
	// the values that share its buffer (MLIR's isValueRead).
	ValueRead(v ir.Value) bool
	// ReadAfterWrite reports whether a write by op into the buffer of its
	// tensor operand operand would be observed by a later read of that
	// buffer (a RaW conflict), whether or not the buffer is writable.
	ReadAfterWrite(op *ir.Operation, operand int) bool
	// SetResult gives the tensor value r (a result or a region
	// argument) the buffer buf; aliasOf, when not nil, is a tensor r may
	// share its buffer with.
	SetResult(r, buf, aliasOf ir.Value)
	// InPlaceAlias returns t when buf is t's own buffer (a write into
	// t's buffer that happened in place: the result written aliases t),
	// else nil; it is the aliasOf of SetResult for a written result.
	InPlaceAlias(t, buf ir.Value) ir.Value
	// SameBuffer records that buffer b is buffer of (a call's result
	// that its callee returns as the argument of).
	SameBuffer(b, of ir.Value)
	// IsBuffer reports whether buffer b is buffer a: a itself, a
	// memref.cast of it, or one recorded with SameBuffer.
	IsBuffer(b, a ir.Value) bool
	// Alias records that the tensors a and b may share a buffer.
	Alias(a, b ir.Value)
	// Aliases returns the tensors that may share v's buffer (its alias
	// set so far), v included.
	Aliases(v ir.Value) []ir.Value
	// MarkReadOnly marks the buffer of v as one that may not be written
	// (a constant global, an argument).
	MarkReadOnly(v ir.Value)
	// ReadOnly reports whether the buffer of v may not be written.
	ReadOnly(v ir.Value) bool
	// MarkUndefinedContents records that the buffer of v has no defined
	// contents (a fresh allocation of tensor.empty): a write that cannot
	// happen in place does not copy them.
	MarkUndefinedContents(v ir.Value)
	// UndefinedContents reports whether v was marked with
	// MarkUndefinedContents.
	UndefinedContents(v ir.Value) bool
	// MapRegionArgument makes the tensor region argument a stand for the
	// buffer buf inside its region.
	MapRegionArgument(a *ir.BlockArgument, buf ir.Value)
	// RetypeRegionArgument turns the tensor region argument a into a
	// buffer of type t (a loop's iteration argument): a is its own
	// buffer from then on.
	RetypeRegionArgument(a *ir.BlockArgument, t ir.Type)
	// Erase schedules op, now replaced, for erasure once the function is
	// bufferized.
	Erase(op *ir.Operation)
	// KeepOnTensors leaves op on tensors, as an operation without a
	// bufferization: its tensor operands that have buffers are read back
	// with bufferization.to_tensor, its tensor results get buffers through
	// bufferization.to_buffer where they are used.
	KeepOnTensors(op *ir.Operation)
	// BufferizeBlock bufferizes the operations of b, in order.
	BufferizeBlock(b *ir.Block) error
	// BufferizeLater schedules op, a tensor operation of the dialects
	// the pass bufferizes that a model built, to be bufferized once the
	// function's other operations are, in the order scheduled (upstream's
	// worklist appends the operations the rewriting creates). Its writes
	// are not analyzed: they happen in place. An operation bufferized
	// before it reads its results through bufferization.to_buffer, as
	// upstream, which gives way to their buffers once it is bufferized.
	BufferizeLater(op *ir.Operation)
	// BufferizeBlockSignatures gives the tensor arguments of the blocks
	// of op's region r after its entry block buffer types (MLIR's
	// bufferizeBlockSignature): the type of the buffers every branch to
	// the block passes, or the fully dynamic layout where they differ.
	// The branches cast what they pass to it when they are rewritten,
	// by body, which rewrites the region. An argument whose type cannot
	// be found fails as upstream, whose operations bufferize before the
	// one holding their region: at the first operation of body that
	// asks for its buffer, else at op once body is done.
	BufferizeBlockSignatures(op *ir.Operation, r *ir.Region, body func() error) error
	// BufferizeBranch rewrites op, a branch (an ir.BranchOp), to pass
	// buffers to the arguments BufferizeBlockSignatures gave buffer
	// types: each tensor operand's buffer (a copy when the analysis
	// decided it out of place), cast to the argument's type where that
	// differs. A branch to arguments that stay tensors is kept on
	// tensors.
	BufferizeBranch(op *ir.Operation) error
	// HasTensors reports whether op has a tensor operand or result.
	HasTensors(op *ir.Operation) bool

	// TensorType returns the tensor type v had before the bufferization
	// rewrote it (region arguments change type in place), else its type.
	TensorType(v ir.Value) ir.Type
	// IdentityType returns the memref type with the identity layout of
	// tensor type t (t itself when it is no tensor type).
	IdentityType(t ir.Type) ir.Type
	// DynamicType returns the memref type of tensor type t with a fully
	// dynamic strided layout.
	DynamicType(t ir.Type) ir.Type
	// PredictedBufferType returns the type of the buffer of the tensor v
	// as known before v's definition is rewritten (MLIR's
	// getBufferType): the type of its buffer when it has one, else what
	// its definition tells, which may differ from the type of the buffer
	// the rewriting then makes (a tensor.empty's has the layout of
	// unknown-type-conversion).
	PredictedBufferType(v ir.Value) (ir.Type, error)
	// MemorySpaceMissing reports whether a buffer type made since the
	// bufferization of the current operation began has no memory space
	// to give it under must-infer-memory-space. The operation then fails
	// ("could not infer memory space"), and its model should build
	// nothing more.
	MemorySpaceMissing() bool
	// BoundaryType returns the memref type of tensor type t at function
	// boundaries (Options.FunctionBoundaryTypeConversion).
	BoundaryType(t ir.Type) ir.Type
	// CastOrCopy returns buffer b as a buffer of type t, made before op:
	// b, a memref.cast of it when every buffer of its type is one of t,
	// else a copy of it (MLIR's castOrReallocMemRefValue).
	CastOrCopy(op *ir.Operation, b ir.Value, t ir.Type) ir.Value
	// Alignment returns the alignment of the allocations the pass makes.
	Alignment() ir.Attribute
	// Index returns an arith.constant of index type with value v, built
	// at the builder's insertion point.
	Index(v int64) ir.Value
	// Alloc allocates an identity buffer of tensor type t at the
	// builder's insertion point; its dynamic sizes are dyn, or those of
	// the buffer like when dyn is nil.
	Alloc(t ir.Type, like ir.Value, dyn []ir.Value) ir.Value
	// ReifiedSizes returns the dynamic sizes of the ranked tensor v as
	// the operation defining it states them
	// (ir.ReifyRankedShapedTypeOp), built at the builder's insertion
	// point, or nil when it does not: the sizes of a new buffer for v
	// without contents (MLIR's allocateTensorForShapedValue).
	ReifiedSizes(v ir.Value) []ir.Value
	// GlobalFor returns the name of a private constant memref.global
	// holding value with the memref type of t, created at the start of
	// the module on first use.
	GlobalFor(op *ir.Operation, value ir.Attribute, t *ir.RankedTensorType) string
	// Function returns the function the module defines as name, or nil.
	Function(name string) *ir.Operation
	// Summary returns what the analysis found about function f's tensor
	// arguments and results once f is bufferized, or nil (f has no body
	// or is not bufferized yet: a call on a cycle).
	Summary(f *ir.Operation) *FuncSummary
	// InfersResults reports whether the result types of function f are
	// inferred from the buffers it returns (upstream's
	// infer-layout-map): its returns then return their buffers as they
	// are, and the pass sets the results once the body is rewritten.
	// Otherwise (a function on a call cycle) its results have the
	// identity layout and a return copies what has another.
	InfersResults(f *ir.Operation) bool
	// BufferTypeAssuming returns the type the buffer of the tensor v will
	// have when the tensor values of assume (a loop's region arguments)
	// have buffers of the types given, found without rewriting anything
	// (MLIR's getBufferType): that of the buffer of a value that has one,
	// else found through what v is made from. Without the analysis, a
	// write goes to a new identity buffer.
	BufferTypeAssuming(v ir.Value, assume map[ir.Value]ir.Type) ir.Type
	// WithoutAnalysis reports whether the function being rewritten is
	// bufferized without the in-place analysis (copy-before-write,
	// no-analysis-func-filter): every write goes to a new buffer, even
	// one that would have to be in place.
	WithoutAnalysis() bool
	// ResolvedOnTensors reports whether the out-of-place decisions of
	// the function being rewritten were resolved by copies on tensors
	// before the rewriting (dialect-filter; ConflictResolver): every
	// write is then in place, and a model makes no copy of its own to
	// keep a loop from passing on a buffer from outside it.
	ResolvedOnTensors() bool
	// Bufferizes reports whether the pass rewrites the operations named
	// opName (those of the dialects of dialect-filter, or all): a model
	// that replaces its operation by another tensor operation, as
	// upstream does, leaves that one on tensors when it does not.
	Bufferizes(opName string) bool
}

// FuncSummary is what one-shot-bufferize knows about a bufferized
// function at its call sites (MLIR's FuncAnalysisState): which tensor
// arguments the function reads and writes, and which results are the
// buffer of an argument.
type FuncSummary struct {
	// Read and Written hold, for each argument, whether the function
	// reads or writes its buffer (false for arguments that are not
	// tensors).
	Read, Written []bool
	// Equivalent holds, for each result, the argument whose buffer every
	// return returns, or -1.
	Equivalent []int
	// Aliasing holds, for each argument, the results that may be its
	// buffer or a view of it, as the analysis of the function found; nil
	// when the function was not analyzed.
	Aliasing [][]int
}

// WritableAttr is the argument attribute that marks a tensor argument of
// a function whose buffer may (true, the default) or may not (false) be
// written by the function.
const WritableAttr = "bufferization.writable"

// AccessAttr is the argument attribute that tells how a function
// accesses a tensor argument's buffer: "read", "write", "read-write" or
// "none". On a function without a body it replaces the assumption that
// every argument is read and written.
const AccessAttr = "bufferization.access"

// BufferLayoutAttr is the argument attribute that gives the layout of a
// tensor argument's buffer.
const BufferLayoutAttr = "bufferization.buffer_layout"

// DestinationStyle is the model of destination-style operations (MLIR's
// DstBufferizableOpInterfaceExternalModel): operations with ir.DestinationStyleOp
// whose tensor results are written into their inits. Inputs are read
// from their buffers, each init is written in place or in a new buffer,
// and the operation is rebuilt on buffers, without tensor results.
type DestinationStyle struct{}

// Bufferize implements BufferizableOpInterface.
func (DestinationStyle) Bufferize(op *ir.Operation, s State) error {
	return BufferizeDestinationStyle(op, s)
}

// BufferizesToMemoryWrite implements AliasAnalysis: the tensor inits are
// written.
func (DestinationStyle) BufferizesToMemoryWrite(op *ir.Operation, operand int) bool {
	return DestinationStyleResult(op, operand) >= 0
}

// AliasingResults implements AliasAnalysis: each tensor init is the
// buffer of its result.
func (DestinationStyle) AliasingResults(op *ir.Operation, operand int) []int {
	if r := DestinationStyleResult(op, operand); r >= 0 {
		return []int{r}
	}
	return nil
}

// DestinationStyleResult returns the result of the destination-style
// operation op written into its operand operand, or -1 when that operand
// is no tensor init.
func DestinationStyleResult(op *ir.Operation, operand int) int {
	dps, ok := ir.DestinationStyleOp.Of(op)
	if !ok {
		return -1
	}
	first, n := dps.DPSInits(op)
	if operand < first || operand >= first+n || !IsTensor(op.Operand(operand).Type()) {
		return -1
	}
	k := 0
	for i := first; i < operand; i++ {
		if IsTensor(op.Operand(i).Type()) {
			k++
		}
	}
	if k >= op.NumResults() {
		return -1
	}
	return k
}

// BufferizeDestinationStyle bufferizes op as DestinationStyle does; a
// model with its own MemoryReader or ElementwiseAccessor calls it from
// its Bufferize.
func BufferizeDestinationStyle(op *ir.Operation, s State) error {
	dps, ok := ir.DestinationStyleOp.Of(op)
	if !ok {
		return ir.NewError(op.Loc(), "failed to bufferize op: not a destination-style operation")
	}
	first, n := dps.DPSInits(op)
	operands := make([]ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		if i >= first && i < first+n && IsTensor(s.TensorType(v)) {
			continue
		}
		b, err := s.Buffer(op, v)
		if err != nil {
			return err
		}
		operands[i] = b
	}
	for i := first; i < first+n; i++ {
		v := op.Operand(i)
		if !IsTensor(s.TensorType(v)) {
			operands[i] = v
			continue
		}
		copyContents := !s.UndefinedContents(v)
		if m, ok := BufferizableOp.Of(op); ok && copyContents {
			if r, ok := m.(MemoryReader); ok {
				copyContents = r.BufferizesToMemoryRead(op, i)
			}
		}
		b, err := s.Writable(op, i, copyContents)
		if err != nil {
			return err
		}
		operands[i] = b
	}
	regions := make([]*ir.Region, op.NumRegions())
	for i := range regions {
		r := &ir.Region{}
		r.TakeBody(op.Region(i))
		regions[i] = r
	}
	bd := s.Builder()
	bd.SetInsertionPoint(op)
	nop := bd.Create(&ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: operands, Regions: regions,
		Properties: op.Properties(), Attributes: op.Attrs()})
	// The body may read tensors too (a tensor.extract of a value
	// defined outside it).
	for i := 0; i < nop.NumRegions(); i++ {
		for _, b := range nop.Region(i).Blocks() {
			if err := s.BufferizeBlock(b); err != nil {
				return err
			}
		}
	}
	k := 0
	for i := first; i < first+n; i++ {
		if IsTensor(s.TensorType(op.Operand(i))) && k < op.NumResults() {
			s.SetResult(op.Result(k), operands[i], s.InPlaceAlias(op.Operand(i), operands[i]))
			k++
		}
	}
	s.Erase(op)
	return nil
}
