package ir

// This file holds the operation interfaces of the core: the control-flow,
// loop, call, symbol, memory-effect, speculation, destination-style and
// tiling interfaces that transformations of every dialect query. Each is
// a Go interface, as MLIR's op interfaces are a small set of methods,
// declared in the open registry of registry.go; a dialect attaches its
// implementation with Attach (or AttachTo, for another dialect's op), and
// a pass asks for it with Of. The single-method ones have a Func adapter
// (EffectsFunc, CallTargetFunc, ...) so that a function can implement
// them.

// RegionSuccessor is where control may go from a point of a region-branch
// operation: a region of the operation, or back to the operation itself
// (Region nil), which then produces its results.
type RegionSuccessor struct {
	// Region is the successor region, or nil for the parent operation.
	Region *Region
	// Inputs are the values that receive the forwarded operands: the
	// entry block arguments of Region (or a suffix of them), or the
	// results of the parent operation when Region is nil.
	Inputs []Value
}

// The operation interfaces of the core, which passes of every dialect
// query: each is a Go interface whose methods take the operation, declared
// in the registry (registry.go) and attached to an OpDef by the dialect
// that defines the operation (or, as an external model, by another).

// RegionBranchOpInterface is MLIR's RegionBranchOpInterface: an operation
// whose regions transfer control among themselves and back to the
// operation in ways the operation describes (scf.if, scf.for, ...). The
// verifier checks, for every op that implements it, that the values passed
// along each edge match the successor's inputs (VerifyRegionBranchOp).
type RegionBranchOpInterface interface {
	// SuccessorRegions returns where control may go from the entry into op
	// (from nil) or from the terminators of region from; operands holds
	// the constant value of each operand of op (nil where not constant,
	// or a nil slice when nothing is known), so that an implementation may
	// prune successors.
	SuccessorRegions(op *Operation, from *Region, operands []Attribute) []RegionSuccessor
	// EntrySuccessorOperands returns the operands of op forwarded to the
	// entry of region to (nil: to op's results).
	EntrySuccessorOperands(op *Operation, to *Region) []Value
}

// RegionBranchOp is the handle of RegionBranchOpInterface.
var RegionBranchOp = DeclareOpInterface[RegionBranchOpInterface]("ir.RegionBranchOpInterface")

// RegionBranchTerminatorOpInterface is MLIR's
// RegionBranchTerminatorOpInterface: a terminator that forwards values to
// a region successor of its parent (scf.yield, scf.condition).
type RegionBranchTerminatorOpInterface interface {
	// SuccessorOperands returns the operands op passes to region to (nil:
	// to the parent's results).
	SuccessorOperands(op *Operation, to *Region) []Value
}

// RegionBranchTerminator is the handle of
// RegionBranchTerminatorOpInterface.
var RegionBranchTerminator = DeclareOpInterface[RegionBranchTerminatorOpInterface]("ir.RegionBranchTerminatorOpInterface")

// SuccessorOperandsFunc implements RegionBranchTerminatorOpInterface with
// a function.
type SuccessorOperandsFunc func(op *Operation, to *Region) []Value

// SuccessorOperands calls f.
func (f SuccessorOperandsFunc) SuccessorOperands(op *Operation, to *Region) []Value {
	return f(op, to)
}

// BranchOpInterface is MLIR's BranchOpInterface: a terminator that
// branches to successor blocks, forwarding operands to their arguments
// (cf.br, cf.cond_br, cf.switch).
type BranchOpInterface interface {
	// BranchSuccessorOperands returns the operands op forwards to the
	// arguments of its successor i.
	BranchSuccessorOperands(op *Operation, i int) []Value
	// SetBranchSuccessorOperands replaces the operands op forwards to its
	// successor i (updating any operand segment sizes).
	SetBranchSuccessorOperands(op *Operation, i int, operands []Value)
	// SuccessorForOperands returns the successor op takes given the
	// constant value of each operand (nil where not constant), or nil
	// when that is not known.
	SuccessorForOperands(op *Operation, operands []Attribute) *Block
}

// BranchOp is the handle of BranchOpInterface.
var BranchOp = DeclareOpInterface[BranchOpInterface]("ir.BranchOpInterface")

// LoopLikeOpInterface is MLIR's LoopLikeOpInterface: values defined
// outside the loop's body regions are loop invariant.
type LoopLikeOpInterface interface {
	// LoopRegions returns the regions that form the loop's body.
	LoopRegions(op *Operation) []*Region
	// InductionVars returns the loop's induction variables (nil when it
	// has none, as scf.while).
	InductionVars(op *Operation) []Value
}

// LoopLikeOp is the handle of LoopLikeOpInterface.
var LoopLikeOp = DeclareOpInterface[LoopLikeOpInterface]("ir.LoopLikeOpInterface")

// ConditionallySpeculatable is MLIR's ConditionallySpeculatable: an
// operation that tells whether it may be executed speculatively. Without
// it, only Pure operations are speculatable.
type ConditionallySpeculatable interface {
	// Speculatability returns op's speculatability.
	Speculatability(op *Operation) Speculatability
}

// ConditionallySpeculatableOp is the handle of ConditionallySpeculatable.
var ConditionallySpeculatableOp = DeclareOpInterface[ConditionallySpeculatable]("ir.ConditionallySpeculatable")

// SpeculatabilityFunc implements ConditionallySpeculatable with a function.
type SpeculatabilityFunc func(op *Operation) Speculatability

// Speculatability calls f.
func (f SpeculatabilityFunc) Speculatability(op *Operation) Speculatability { return f(op) }

// DestinationStyleOpInterface is MLIR's DestinationStyleOpInterface: an
// operation whose results are written into init operands ("outs"). The
// verifier checks, for every op that implements it, that its tensor inits
// and tensor results correspond in number and type
// (VerifyDestinationStyleOp).
type DestinationStyleOpInterface interface {
	// DPSInits returns the index of op's first init operand and how many
	// there are.
	DPSInits(op *Operation) (first, n int)
}

// DestinationStyleOp is the handle of DestinationStyleOpInterface.
var DestinationStyleOp = DeclareOpInterface[DestinationStyleOpInterface]("ir.DestinationStyleOpInterface")

// DPSInitsFunc implements DestinationStyleOpInterface with a function.
type DPSInitsFunc func(op *Operation) (first, n int)

// DPSInits calls f.
func (f DPSInitsFunc) DPSInits(op *Operation) (first, n int) { return f(op) }

// MemoryEffectOpInterface is MLIR's MemoryEffectOpInterface: an operation
// that lists its memory side effects. Pure operations need not implement
// it; see Operation.Effects for how the traits combine with it.
type MemoryEffectOpInterface interface {
	// Effects lists op's own memory side effects.
	Effects(op *Operation) []MemoryEffect
}

// MemoryEffectsOp is the handle of MemoryEffectOpInterface.
var MemoryEffectsOp = DeclareOpInterface[MemoryEffectOpInterface]("ir.MemoryEffectOpInterface")

// EffectsFunc implements MemoryEffectOpInterface with a function.
type EffectsFunc func(op *Operation) []MemoryEffect

// Effects calls f.
func (f EffectsFunc) Effects(op *Operation) []MemoryEffect { return f(op) }

// ConstantValueOpInterface reads the attribute a ConstantLike operation
// produces, the one its Fold hook returns, without folding it: matchers
// and the greedy driver read constants far more often than they fold
// other operations, and a fold returns a fresh slice. A ConstantLike
// operation without it is folded instead.
type ConstantValueOpInterface interface {
	// ConstantValue returns op's value, or nil when op has none.
	ConstantValue(op *Operation) Attribute
}

// ConstantValueOp is the handle of ConstantValueOpInterface.
var ConstantValueOp = DeclareOpInterface[ConstantValueOpInterface]("ir.ConstantValueOpInterface")

// ConstantValueFunc implements ConstantValueOpInterface with a function.
type ConstantValueFunc func(op *Operation) Attribute

// ConstantValue calls f.
func (f ConstantValueFunc) ConstantValue(op *Operation) Attribute { return f(op) }

// CallableOpInterface is MLIR's CallableOpInterface: an operation that
// calls may target (func.func, llvm.func).
type CallableOpInterface interface {
	// CallableRegion returns op's body, or nil for a declaration without
	// one.
	CallableRegion(op *Operation) *Region
}

// CallableOp is the handle of CallableOpInterface.
var CallableOp = DeclareOpInterface[CallableOpInterface]("ir.CallableOpInterface")

// CallableRegionFunc implements CallableOpInterface with a function.
type CallableRegionFunc func(op *Operation) *Region

// CallableRegion calls f.
func (f CallableRegionFunc) CallableRegion(op *Operation) *Region { return f(op) }

// CallOpInterface is MLIR's CallOpInterface: a call (func.call,
// llvm.call), whose operands are the callee's arguments.
type CallOpInterface interface {
	// CallTarget returns the symbol op calls, or nil for an indirect call.
	CallTarget(op *Operation) *SymbolRefAttr
}

// CallOp is the handle of CallOpInterface.
var CallOp = DeclareOpInterface[CallOpInterface]("ir.CallOpInterface")

// CallTargetFunc implements CallOpInterface with a function.
type CallTargetFunc func(op *Operation) *SymbolRefAttr

// CallTarget calls f.
func (f CallTargetFunc) CallTarget(op *Operation) *SymbolRefAttr { return f(op) }

// SymbolUserOpInterface is MLIR's SymbolUserOpInterface: an operation
// whose symbol references are checked against the symbol table. The
// verifier calls VerifySymbolUses when it verifies the regions of the
// nearest enclosing symbol table.
type SymbolUserOpInterface interface {
	// VerifySymbolUses checks op's symbol references.
	VerifySymbolUses(op *Operation) error
}

// SymbolUserOp is the handle of SymbolUserOpInterface.
var SymbolUserOp = DeclareOpInterface[SymbolUserOpInterface]("ir.SymbolUserOpInterface")

// VerifySymbolUsesFunc implements SymbolUserOpInterface with a function.
type VerifySymbolUsesFunc func(op *Operation) error

// VerifySymbolUses calls f.
func (f VerifySymbolUsesFunc) VerifySymbolUses(op *Operation) error { return f(op) }

// ViewLikeOpInterface is MLIR's ViewLikeOpInterface: an operation whose
// first result is a view of another buffer (memref.subview, memref.cast,
// the base buffer of memref.extract_strided_metadata), so that an alias
// analysis sees through it.
type ViewLikeOpInterface interface {
	// ViewSource returns the buffer op's first result views.
	ViewSource(op *Operation) Value
}

// ViewLikeOp is the handle of ViewLikeOpInterface.
var ViewLikeOp = DeclareOpInterface[ViewLikeOpInterface]("ir.ViewLikeOpInterface")

// ViewSourceFunc implements ViewLikeOpInterface with a function.
type ViewSourceFunc func(op *Operation) Value

// ViewSource calls f.
func (f ViewSourceFunc) ViewSource(op *Operation) Value { return f(op) }

// ViewBase follows v back through the view-like operations whose first
// result it is to the buffer they view (MLIR's getViewBase), and returns v
// itself when no view-like operation defines it.
func ViewBase(v Value) Value {
	for {
		r, ok := v.(*OpResult)
		if !ok || r.Index() != 0 {
			return v
		}
		m, ok := ViewLikeOp.Of(r.Owner())
		if !ok {
			return v
		}
		s := m.ViewSource(r.Owner())
		if s == nil {
			return v
		}
		v = s
	}
}

// ShapedDimOpInterface is MLIR's ShapedDimOpInterface: an operation that
// returns one dimension of a shaped value (memref.dim, tensor.dim), which
// affine analyses treat as a symbol when the shaped value is one.
type ShapedDimOpInterface interface {
	// ShapedValue returns the shaped value whose dimension op returns.
	ShapedValue(op *Operation) Value
	// Dimension returns the index value that selects the dimension.
	Dimension(op *Operation) Value
}

// ShapedDimOp is the handle of ShapedDimOpInterface.
var ShapedDimOp = DeclareOpInterface[ShapedDimOpInterface]("ir.ShapedDimOpInterface")

// OpFoldResult is an index quantity that is either an SSA value or a
// constant known when the IR is built (MLIR's OpFoldResult restricted to
// index integers): Value when it is not nil, Const otherwise.
type OpFoldResult struct {
	// Value is the SSA value, or nil for a constant.
	Value Value
	// Const is the constant, read when Value is nil.
	Const int64
}

// IndexConst returns the constant OpFoldResult c.
func IndexConst(c int64) OpFoldResult { return OpFoldResult{Const: c} }

// IndexValue returns the OpFoldResult of the SSA value v.
func IndexValue(v Value) OpFoldResult { return OpFoldResult{Value: v} }

// IsConst reports whether r is a constant.
func (r OpFoldResult) IsConst() bool { return r.Value == nil }

// LoopRange is one loop of an iteration domain: its offset, size and
// stride (MLIR's Range).
type LoopRange struct {
	Offset, Size, Stride OpFoldResult
}

// TilingInterface is MLIR's TilingInterface, which lets a transformation
// tile an operation without knowing it: the operation describes its loop
// nest (iterator types and iteration domain), builds the computation of
// one tile of that nest, and tells where each result tile lies in the full
// result.
type TilingInterface interface {
	// LoopIteratorTypes returns the kind of each loop of op's iteration
	// domain, outermost first: "parallel" or "reduction" (MLIR's
	// getLoopIteratorTypes).
	LoopIteratorTypes(op *Operation) []string
	// IterationDomain returns the offset, size and stride of each loop
	// (MLIR's getIterationDomain); b, positioned before op, creates
	// whatever values are needed.
	IterationDomain(b *Builder, op *Operation) []LoopRange
	// TiledImplementation builds at b the computation of the tile of the
	// iteration domain at offsets with sizes (one per loop): it returns
	// the operations created, the tiled operation first, and the values
	// that replace op's results on that tile (MLIR's
	// getTiledImplementation).
	TiledImplementation(b *Builder, op *Operation, offsets, sizes []OpFoldResult) ([]*Operation, []Value, error)
	// ResultTilePosition returns the offsets and sizes, in result number
	// result of op, of the tile of the iteration domain at offsets with
	// sizes (MLIR's getResultTilePosition).
	ResultTilePosition(b *Builder, op *Operation, result int, offsets, sizes []OpFoldResult) (resultOffsets, resultSizes []OpFoldResult, err error)
}

// TilingOp is the handle of TilingInterface.
var TilingOp = DeclareOpInterface[TilingInterface]("ir.TilingInterface")

// ReifyRankedShapedTypeOpInterface is MLIR's interface of that name: an
// operation that states the sizes of its ranked shaped results in values
// available before it, without running it.
type ReifyRankedShapedTypeOpInterface interface {
	// ReifyResultShapes returns, for each result, its size in each
	// dimension (a constant for a static one), building at b the values
	// it needs; false when it cannot state them.
	ReifyResultShapes(b *Builder, op *Operation) ([][]OpFoldResult, bool)
}

// ReifyRankedShapedTypeOp is the handle of ReifyRankedShapedTypeOpInterface.
var ReifyRankedShapedTypeOp = DeclareOpInterface[ReifyRankedShapedTypeOpInterface]("ir.ReifyRankedShapedTypeOpInterface")

// Speculatability says whether an operation may run where it would not
// have run, e.g. hoisted out of a loop (MLIR's Speculation::Speculatability).
type Speculatability uint8

// The speculatabilities.
const (
	// NotSpeculatable operations may have undefined behaviour when hoisted
	// (a division by a value that may be zero).
	NotSpeculatable Speculatability = iota
	// Speculatable operations never have undefined behaviour.
	Speculatable
	// RecursivelySpeculatable operations are speculatable when every
	// operation in their regions is.
	RecursivelySpeculatable
)

// IsSpeculatable reports whether op may be executed speculatively (MLIR's
// isSpeculatable).
func IsSpeculatable(op *Operation) bool {
	d := op.Def()
	if d == nil {
		return false
	}
	s := NotSpeculatable
	if m, ok := ConditionallySpeculatableOp.OfDef(d); ok {
		s = m.Speculatability(op)
	} else if d.HasTrait(Pure) {
		s = Speculatable
	}
	switch s {
	case Speculatable:
		return true
	case RecursivelySpeculatable:
		for i := range op.regions {
			for b := op.regions[i].first; b != nil; b = b.next {
				for o := b.first; o != nil; o = o.next {
					if !IsSpeculatable(o) {
						return false
					}
				}
			}
		}
		return true
	}
	return false
}

// LoopRegionsOf returns the body regions of a loop-like operation, or nil.
func LoopRegionsOf(op *Operation) []*Region {
	if m, ok := LoopLikeOp.Of(op); ok {
		return m.LoopRegions(op)
	}
	return nil
}

// IsDefinedOutsideOfLoop reports whether v is defined outside the body
// regions of the loop-like operation loop.
func IsDefinedOutsideOfLoop(loop *Operation, v Value) bool {
	var owner *Region
	switch x := v.(type) {
	case *BlockArgument:
		owner = x.Owner().Parent()
	case *OpResult:
		owner = x.Owner().ParentRegion()
	}
	for r := owner; r != nil; {
		for _, lr := range LoopRegionsOf(loop) {
			if r == lr {
				return false
			}
		}
		p := r.ParentOp()
		if p == nil {
			break
		}
		r = p.ParentRegion()
	}
	return true
}

// ParallelCombiningOpInterface is MLIR's ParallelCombiningOpInterface: an
// operation in the body of an InParallelOp terminator
// (tensor.parallel_insert_slice) that combines the results of the
// threads of a parallel loop into its shared outputs.
type ParallelCombiningOpInterface interface {
	// UpdatedDestinations returns the operands op updates, each of which
	// must be a shared output of the enclosing loop.
	UpdatedDestinations(op *Operation) []Value
}

// ParallelCombiningOp is the handle of ParallelCombiningOpInterface.
var ParallelCombiningOp = DeclareOpInterface[ParallelCombiningOpInterface]("ir.ParallelCombiningOpInterface")

// InParallelOp marks the terminator of a parallel loop whose region holds
// ParallelCombiningOp operations (scf.forall.in_parallel; MLIR's
// InParallelOpInterface).
var InParallelOp = DeclareTrait("ir.InParallelOpInterface")

// HasParallelRegion marks an operation whose regions run in parallel
// (scf.parallel, scf.forall; MLIR's OpTrait::HasParallelRegion): the
// iterations of a parallel loop do not run one after the other, so what
// one iteration allocates cannot be shared with the next.
var HasParallelRegion = DeclareTrait("ir.HasParallelRegion")

// CastOpInterface is MLIR's CastOpInterface: an operation that gives
// its operands' values other types without changing them (tensor.cast,
// memref.cast).
type CastOpInterface interface {
	// AreCastCompatible reports whether the operation may cast values
	// of the types inputs to the types outputs.
	AreCastCompatible(inputs, outputs []Type) bool
}

// CastOp is the handle of CastOpInterface.
var CastOp = DeclareOpInterface[CastOpInterface]("ir.CastOpInterface")

// CastCompatibleFunc implements CastOpInterface for an operation of one
// operand and one result with a function of their types.
type CastCompatibleFunc func(in, out Type) bool

// AreCastCompatible calls f on the one input and output type.
func (f CastCompatibleFunc) AreCastCompatible(inputs, outputs []Type) bool {
	return len(inputs) == 1 && len(outputs) == 1 && f(inputs[0], outputs[0])
}
