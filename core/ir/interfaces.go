package ir

// This file holds the operation interfaces that dialects implement by
// filling in an Interfaces value on their OpDef. Each is a small set of
// functions, as MLIR's op interfaces are a small set of methods; an unset
// function means the operation does not implement that part.

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

// Interfaces are the optional op interfaces of an OpDef.
type Interfaces struct {
	// SuccessorRegions, if set, marks a region-branch operation (MLIR's
	// RegionBranchOpInterface). from is nil for the entry into the
	// operation, or the region whose terminator transfers control;
	// operands holds the constant value of each operand of op (nil where
	// not constant), so that an implementation may prune successors.
	SuccessorRegions func(op *Operation, from *Region, operands []Attribute) []RegionSuccessor
	// EntrySuccessorOperands, if set, returns the operands of a
	// region-branch operation that are forwarded to the entry of region
	// to (nil: to the parent's results).
	EntrySuccessorOperands func(op *Operation, to *Region) []Value
	// SuccessorOperands, if set, marks a terminator that forwards values
	// to a region successor of its parent (MLIR's
	// RegionBranchTerminatorOpInterface): it returns the operands passed
	// to to (nil: to the parent's results).
	SuccessorOperands func(op *Operation, to *Region) []Value
	// BranchSuccessorOperands, if set, marks a terminator that branches to
	// successor blocks (MLIR's BranchOpInterface): it returns the operands
	// op forwards to the arguments of its successor i.
	BranchSuccessorOperands func(op *Operation, i int) []Value
	// SetBranchSuccessorOperands, if set, replaces the operands a branch
	// forwards to its successor i (updating any operand segment sizes).
	SetBranchSuccessorOperands func(op *Operation, i int, operands []Value)
	// SuccessorForOperands, if set, returns the successor a branch takes
	// given the constant value of each operand (nil where not constant),
	// or nil when that is not known.
	SuccessorForOperands func(op *Operation, operands []Attribute) *Block
	// LoopRegions, if set, marks a loop (MLIR's LoopLikeOpInterface) and
	// returns the regions that form its body; values defined outside
	// them are loop invariant.
	LoopRegions func(op *Operation) []*Region
	// InductionVars, if set, returns a loop's induction variables.
	InductionVars func(op *Operation) []Value
	// Speculatability, if set, tells whether the operation may be
	// executed speculatively (MLIR's ConditionallySpeculatable); without it
	// only Pure operations are speculatable.
	Speculatability func(op *Operation) Speculatability
	// DPSInits, if set, marks a destination-style operation (MLIR's
	// DestinationStyleOpInterface) and returns the index of its first
	// init operand and how many there are.
	DPSInits func(op *Operation) (first, n int)
	// Tiling holds the hooks of MLIR's TilingInterface; its unset
	// functions mean the operation cannot be tiled.
	Tiling
}

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

// Tiling is the group of hooks of MLIR's TilingInterface, which lets a
// transformation tile an operation without knowing it: the operation
// describes its loop nest (iterator types and iteration domain), builds
// the computation of one tile of that nest, and tells where each result
// tile lies in the full result.
type Tiling struct {
	// LoopIteratorTypes, if set, returns the kind of each loop of the
	// operation's iteration domain, outermost first: "parallel" or
	// "reduction" (MLIR's getLoopIteratorTypes).
	LoopIteratorTypes func(op *Operation) []string
	// IterationDomain, if set, returns the offset, size and stride of
	// each loop (MLIR's getIterationDomain); b, positioned before op,
	// creates whatever values are needed.
	IterationDomain func(b *Builder, op *Operation) []LoopRange
	// TiledImplementation, if set, builds at b the computation of the
	// tile of the iteration domain at offsets with sizes (one per loop):
	// it returns the operations created, the tiled operation first, and
	// the values that replace op's results on that tile (MLIR's
	// getTiledImplementation).
	TiledImplementation func(b *Builder, op *Operation, offsets, sizes []OpFoldResult) ([]*Operation, []Value, error)
	// ResultTilePosition, if set, returns the offsets and sizes, in result
	// number result of op, of the tile of the iteration domain at offsets
	// with sizes (MLIR's getResultTilePosition).
	ResultTilePosition func(b *Builder, op *Operation, result int, offsets, sizes []OpFoldResult) (resultOffsets, resultSizes []OpFoldResult, err error)
}

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
	switch {
	case d.Speculatability != nil:
		s = d.Speculatability(op)
	case d.HasTrait(Pure):
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
	if d := op.Def(); d != nil && d.LoopRegions != nil {
		return d.LoopRegions(op)
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
