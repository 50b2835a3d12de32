package bufferization

import "github.com/strata-ir/strata/core/ir"

// HoistingKind is the set of ways the buffer hoisting passes may move an
// allocation (MLIR's HoistingKind bit enum).
type HoistingKind uint8

// The kinds of hoisting an allocation allows.
const (
	// HoistLoop allows moving the allocation out of loops
	// (buffer-loop-hoisting).
	HoistLoop HoistingKind = 1 << iota
	// HoistBlock allows moving the allocation to a dominating block
	// (buffer-hoisting).
	HoistBlock
)

// AllocationOpInterface is the part of MLIR's AllocationOpInterface that
// the buffer optimization passes query: an operation that allocates a
// buffer tells how it may be hoisted and how to turn it into an
// allocation on the stack.
type AllocationOpInterface interface {
	// HoistingKind returns how op's allocation may be moved (0: not at all).
	HoistingKind(op *ir.Operation) HoistingKind
	// BuildPromotedAlloc creates, at b's insertion point, a stack
	// allocation that can replace op's result, and returns it; nil when op
	// cannot be promoted to the stack.
	BuildPromotedAlloc(b *ir.Builder, op *ir.Operation) *ir.Operation
}

// AllocationOp is the handle of AllocationOpInterface.
var AllocationOp = ir.DeclareOpInterface[AllocationOpInterface]("bufferization.AllocationOpInterface")

// AllowsHoisting reports whether op implements AllocationOpInterface and
// allows the hoisting kind k.
func AllowsHoisting(op *ir.Operation, k HoistingKind) bool {
	m, ok := AllocationOp.Of(op)
	return ok && m.HoistingKind(op)&k != 0
}
