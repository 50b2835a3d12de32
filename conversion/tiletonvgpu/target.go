package tiletonvgpu

import (
	"errors"

	"github.com/strata-ir/strata/core/ir"
)

// Target is what distinguishes a family of GPUs for the lowering's
// machinery (the layouts, their analysis, the element-wise, memory,
// reduction and control-flow rules): the width of a warp, the fragment
// and accumulator layout of its matrix instruction, and the rules that
// replace this package's for some operations. tile-to-nvgpu is the
// NVIDIA target; another lowering (tile-to-amdgpu) runs the same
// machinery with RunTarget and its own Target.
type Target struct {
	// Pass is the pass's name, which diagnostics carry; Chip the chip.
	Pass, Chip string
	// Lanes is the number of threads of a warp (a wavefront).
	Lanes int64
	// Instruction names the matrix instruction in diagnostics; FragM x
	// FragN is the smallest accumulator block one warp's instruction
	// computes.
	Instruction  string
	FragM, FragN int64
	// Accumulator returns the register layout of a tile.dot accumulator
	// of shape on warpsM x warpsN warps.
	Accumulator func(shape []int64, warpsM, warpsN int64) *Layout
	// AsyncCopy enables the cp.async staging and software pipelining of
	// this package's tile.dot rule.
	AsyncCopy bool
	// Chained returns the layout of the accumulator of a product chained
	// to another (FlashAttention's two products, whose rows the online
	// softmax combines) on warps warps stacked along its rows; nil for
	// the mma.sync layout of products chained in registers.
	Chained func(shape []int64, warps int64) (*Layout, error)
	// Memory names the on-chip memory the kernel's workgroup buffers
	// live in and MemoryBytes its capacity; a kernel that needs more is
	// an error (no check when Memory is empty).
	Memory      string
	MemoryBytes int64
	// Rules replace the package's rules of the operations they name.
	Rules map[string]Rule
	// ModuleTargets is the targets attribute of the gpu.module (nil for
	// none).
	ModuleTargets ir.Attribute
}

// Lowers names the operations the machinery lowers (for a pass's
// pass.Registration): the kernels, their launches and the tile
// operations with a rule.
func Lowers(ctx *ir.Context) []string { return lowers(ctx) }

// Rule lowers one tile-level operation of a kernel; it returns Decline
// to leave the operation to this package's rule.
type Rule func(k *Kernel, op *ir.Operation) error

// errDecline is what Decline returns.
var errDecline = errors.New("declined")

// Decline is what a Rule returns when the package's own rule should lower
// the operation.
func Decline() error { return errDecline }

// LowerOp lowers op by the target's rule or the package's.
func (k *Kernel) LowerOp(op *ir.Operation) error { return k.k.lowerOp(op) }

// nvidia is the target of tile-to-nvgpu.
var nvidia = &Target{Pass: Argument, Lanes: 32, Instruction: "mma.sync", FragM: 16, FragN: 8, Accumulator: MMA, AsyncCopy: true}

// Kernel is the lowering of one kernel, as a Rule sees it: the lowered
// values of the tile-level ones, their layouts, the thread identifiers,
// and helpers that emit the index arithmetic and memory accesses of the
// lowered kernel at the builder's insertion point.
type Kernel struct{ k *kernel }

// Context returns the IR context.
func (k *Kernel) Context() *ir.Context { return k.k.ctx }

// Builder returns the builder of the lowered kernel.
func (k *Kernel) Builder() *ir.Builder { return k.k.b }

// Chip returns the chip the kernel is lowered for.
func (k *Kernel) Chip() string { return k.k.chip }

// Warps returns the number of warps of a block.
func (k *Kernel) Warps() int64 { return k.k.warps }

// Tid, Lane and Warp return the thread's index in its block, its lane in
// its warp and its warp's index.
func (k *Kernel) Tid() ir.Value  { return k.k.tid }
func (k *Kernel) Lane() ir.Value { return k.k.lane }
func (k *Kernel) Warp() ir.Value { return k.k.warp }

// Get returns the lowered value of a tile-level value; Set records it.
func (k *Kernel) Get(v ir.Value) ir.Value { return k.k.get(v) }
func (k *Kernel) Set(v, lowered ir.Value) { k.k.vals[v] = lowered }

// Layout returns the layout of a tile value (nil when it has none: the
// operands of a product loaded for it alone, see FeedsDot).
func (k *Kernel) Layout(v ir.Value) *Layout { return k.k.layouts[v] }

// FeedsDot reports whether op is a tile.load whose only use is operand A
// or B of a tile.dot: the product's rule loads it.
func FeedsDot(op *ir.Operation) bool { return feedsDot(op) }

// Errorf returns a diagnostic located at op.
func (k *Kernel) Errorf(op *ir.Operation, format string, args ...any) error {
	return k.k.errorf(op, format, args...)
}

// C returns an index constant; Add, Mul, Div and Rem the index
// arithmetic (Div and Rem by powers of two are shifts and masks), And,
// Cmp (an arith.cmpi predicate) and Sel the logic.
func (k *Kernel) C(v int64) ir.Value                      { return k.k.c(v) }
func (k *Kernel) Add(a, b ir.Value) ir.Value              { return k.k.add(a, b) }
func (k *Kernel) Mul(a ir.Value, c int64) ir.Value        { return k.k.mul(a, c) }
func (k *Kernel) Div(a ir.Value, c int64) ir.Value        { return k.k.div(a, c) }
func (k *Kernel) Rem(a ir.Value, c int64) ir.Value        { return k.k.rem(a, c) }
func (k *Kernel) And(a, b ir.Value) ir.Value              { return k.k.and(a, b) }
func (k *Kernel) Cmp(pred int64, a, b ir.Value) ir.Value  { return k.k.cmp(pred, a, b) }
func (k *Kernel) Sel(c, a, b ir.Value) ir.Value           { return k.k.sel(c, a, b) }
func (k *Kernel) Bin(name string, a, b ir.Value) ir.Value { return k.k.bin(name, a, b) }

// Op creates an operation; Val creates one and returns its result.
func (k *Kernel) Op(name string, operands []ir.Value, results []ir.Type, props ...ir.NamedAttr) *ir.Operation {
	return k.k.op(name, operands, results, props...)
}
func (k *Kernel) Val(name string, operands []ir.Value, t ir.Type, props ...ir.NamedAttr) ir.Value {
	return k.k.val(name, operands, t, props...)
}

// Parsed returns an attribute written in MLIR syntax.
func (k *Kernel) Parsed(s string) ir.Attribute { return k.k.parsed(s) }

// Vec returns a vector type; Extract and Insert move elements or
// subvectors at a static position.
func (k *Kernel) Vec(shape []int64, elem ir.Type) *ir.VectorType    { return k.k.vec(shape, elem) }
func (k *Kernel) Extract(v ir.Value, t ir.Type, p []int64) ir.Value { return k.k.extract(v, t, p) }
func (k *Kernel) Insert(x, v ir.Value, p []int64) ir.Value          { return k.k.insert(x, v, p) }

// Guarded emits body under scf.if cond; IfValue an scf.if yielding a
// value of type t.
func (k *Kernel) Guarded(cond ir.Value, body func()) { k.k.guarded(cond, body) }
func (k *Kernel) IfValue(cond ir.Value, t ir.Type, then, els func() ir.Value) ir.Value {
	return k.k.ifValue(cond, t, then, els)
}

// Workgroup adds a workgroup attribution (shared memory, LDS) of type t.
func (k *Kernel) Workgroup(t *ir.MemRefType) ir.Value { return k.k.workgroup(t) }

// WorkgroupSpace is the memory space of workgroup memory.
func (k *Kernel) WorkgroupSpace() ir.Attribute { return k.k.workgroupSpace() }

// ThreadCoords returns the coordinates of the thread's register 0 in
// layout l; WarpOffset those of its warp's first element; OwnerPred
// whether the thread is the first of those holding the same elements
// (nil when every thread is).
func (k *Kernel) ThreadCoords(l *Layout) []ir.Value { return k.k.threadCoords(l) }
func (k *Kernel) WarpOffset(l *Layout) []ir.Value   { return k.k.warpOffset(l) }
func (k *Kernel) OwnerPred(l *Layout) ir.Value      { return k.k.ownerPred(l) }

// Dim returns dimension d of memref m.
func (k *Kernel) Dim(m ir.Value, d int64) ir.Value { return k.k.dim(m, d) }

// PadValue returns the scalar that a masked-off element of load op takes.
func (k *Kernel) PadValue(op *ir.Operation, elem ir.Type) (ir.Value, error) {
	return k.k.padValue(op, elem)
}

// Unflatten returns the position of register r in a vector of shape.
func Unflatten(r int, shape []int64) []int64 { return unflatten(r, shape) }

// ZeroBits returns the mask of the bases that are zero (repeated
// elements).
func ZeroBits(bases [][]int64) int64 { return zeroBits(bases) }

// Offset returns the element offset of (row, col) in a tile staged with
// swizzle s.
func (k *Kernel) Offset(s Swizzle, row, col ir.Value) ir.Value { return k.k.offset(s, row, col) }

// StoreShared stores registers v of layout l into the tile staged in sm
// with swizzle s, each element once.
func (k *Kernel) StoreShared(v ir.Value, l *Layout, sm ir.Value, s Swizzle) {
	k.k.storeShared(v, l, sm, s)
}
