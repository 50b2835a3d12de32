// Package linalgtotile is linalg-to-tile{target=CHIP tile-sizes=...}: it
// turns the linalg operations on tensors of ordinary functions into tile
// kernels (tile.func) and the launches that run them (tile.launch).
//
// The pass first decomposes linalg.softmax and generalizes the named
// operations (matmul, batch_matmul, fill, transpose, broadcast, the named
// element-wise operations, linalg.reduce, ...) into linalg.generic, then
// lowers each linalg.generic on tensors:
//
//   - attention, softmax(Q K^T · scale [+ masks]) V (attention.go),
//     becomes one FlashAttention kernel with an online softmax
//     (flash.go);
//   - a contraction (a body that adds the product of two inputs to the
//     output, with projected-permutation maps, any batch dimensions and
//     transposed operands) becomes a GEMM kernel: a grid over blocks of
//     the output, a loop over blocks of k carrying the accumulator
//     through tile.dot; the fill that initializes it becomes the
//     accumulator's splat, and the chain of element-wise generics that
//     consume the product (bias, relu, scale, residual add, casts) is
//     fused after the loop, in registers, before the one store;
//   - an element-wise generic (all loops parallel: named element-wise
//     operations, fills, transposes, broadcasts, generics built from
//     linalg.index) becomes a kernel whose program loads one block of
//     each input, computes the body on tiles and stores one block;
//   - a reduction (parallel loops and reduction loops whose body combines
//     the output with one add, mul, max or min) becomes a kernel whose
//     program loops over the blocks of the reduced dimensions, masks the
//     elements past the end to the combiner's identity, reduces each
//     block with tile.reduce and combines it into the accumulator.
//
// Host side: a tensor operand becomes a buffer through
// bufferization.to_buffer, the result is a fresh memref.alloc that the
// kernel stores to and that bufferization.to_tensor turns back into the
// tensor the rest of the function uses; grid sizes are the ceiling
// quotients of the operands' sizes (tensor.dim when dynamic) by the
// block. Every access is guarded (pad on loads, bounds_check on stores),
// so ragged and dynamic shapes work. A generic that fits none of these
// forms is left as it is.
package linalgtotile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/builtin"
	"github.com/strata-ir/strata/dialects/linalg"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/internal/tune"
	"github.com/strata-ir/strata/targets/chips"
	"github.com/strata-ir/strata/transforms/linalgdecompose"
)

// Argument is the pass's name in pipelines.
const Argument = "linalg-to-tile"

// Pass registers linalg-to-tile (imported packages register their passes
// in init, see docs/passes.md).
var Pass = pass.Registration{Argument: Argument, New: New}

func init() { pass.Register(Pass) }

type toTile struct {
	pass.Info
	target *string
	sizes  *[]int64
	cache  *string
}

// New returns a linalg-to-tile pass.
func New() pass.Pass {
	p := &toTile{Info: pass.Info{Argument: Argument, Name: "LinalgToTile",
		Summary: "Lower linalg operations on tensors to tile kernels and launches"}}
	var values []pass.EnumValue
	for _, n := range chips.Names() {
		values = append(values, pass.EnumValue{Name: n, Desc: n})
	}
	p.target = p.Options.Enum("target", "", values, "The chip whose description chooses the block sizes")
	p.sizes = p.Options.IntList("tile-sizes", nil, "Block sizes M,N,K of GEMMs (rows and columns of other kernels, queries and keys of FlashAttention: M,N)")
	p.cache = p.Options.String("tune-cache", "", "A winners cache written by strata-tune: a GEMM of a cached kernel, shape class and chip takes its blocks from it")
	return p
}

func (p *toTile) Run(op *ir.Operation, st *pass.State) error {
	chip, ok := chips.Lookup(*p.target)
	if !ok {
		st.Emit(ir.NewError(op.Loc(), fmt.Sprintf("linalg-to-tile needs a target, one of: %s", strings.Join(chips.Names(), ", "))))
		st.SignalFailure()
		return nil
	}
	bl, err := ChooseBlocks(chip, *p.sizes)
	if err == nil && *p.cache != "" {
		bl.Cache, err = tune.LoadCache(*p.cache)
		if err != nil {
			err = fmt.Errorf("linalg-to-tile: tune-cache: %v", err)
		}
	}
	if err != nil {
		st.Emit(ir.NewError(op.Loc(), err.Error()))
		st.SignalFailure()
		return nil
	}
	if bad := float8Contraction(op, chip); bad != nil {
		in := asm.TypeString(elemOf(linalg.StructuredOp{Operation: bad}.Inputs()[0].Type()))
		st.Emit(ir.NewError(bad.Loc(), fmt.Sprintf("%s{target=%s}: chip %s has no matrix instruction that multiplies %s", Argument, chip.Name, chip.Name, in)))
		st.SignalFailure()
		return nil
	}
	Run(st.Context(), op, bl)
	return nil
}

// Blocks are the block sizes of the kernels.
type Blocks struct {
	// M, N, K are a GEMM's blocks of rows, columns and reduction.
	M, N, K int64
	// Rows and Cols are the blocks of the last two dimensions of the
	// other kernels (earlier dimensions take blocks of 1).
	Rows, Cols int64
	// Lead is the block of the dimensions before the last two (1 unless
	// the chip needs more).
	Lead int64
	// Chip is the chip the sizes are for (nil: any dot is allowed).
	Chip *chips.Chip
	// Given is set when the sizes come from tile-sizes: a row is then
	// kept in one block only when it fits Cols.
	Given bool
	// Cache, when not nil, is strata-tune's winners cache: a GEMM
	// without batch dimensions whose key it holds (kernel
	// "gemm.<operand type>", the shape class of its static M, N and K,
	// the chip) takes the cached winner's blocks M, N, K instead.
	Cache *tune.Cache
}

// ChooseBlocks returns the block sizes for chip, or sizes (M, N, K) when
// given.
func ChooseBlocks(chip *chips.Chip, sizes []int64) (Blocks, error) {
	var b Blocks
	switch {
	case chip.BlockRule == "tpu":
		// (8, 128) vreg tiling; N and K fill the MXU (128 wide on
		// v5e, 256 on v6e).
		mxu := chip.MXUSize
		if mxu == 0 {
			mxu = 128
		}
		b = Blocks{M: 8, N: mxu, K: mxu, Rows: 128, Cols: 128}
	case chip.PartitionMax > 0:
		// At most 128 partitions; an f32 accumulator row of 128 uses
		// 512 bytes of a 2 KiB PSUM tile.
		b = Blocks{M: 128, N: 128, K: 128, Rows: 32, Cols: 128}
	default:
		// GPUs: 64x64 output blocks, k in 32s, a multiple of every MMA
		// shape of the described chips.
		b = Blocks{M: 64, N: 64, K: 32, Rows: 16, Cols: 64}
	}
	b.Chip = chip
	if b.Lead == 0 {
		b.Lead = 1
	}
	if len(sizes) > 0 {
		if len(sizes) != 3 {
			return b, fmt.Errorf("linalg-to-tile: tile-sizes takes three sizes (M,N,K), got %d", len(sizes))
		}
		for _, s := range sizes {
			if s <= 0 {
				return b, fmt.Errorf("linalg-to-tile: tile sizes must be positive, got %d", s)
			}
		}
		b.M, b.N, b.K = sizes[0], sizes[1], sizes[2]
		b.Rows, b.Cols, b.Given = sizes[0], sizes[1], true
	}
	return b, nil
}

// Run lowers the linalg operations on tensors nested in op with the block
// sizes bl.
func Run(ctx *ir.Context, op *ir.Operation, bl Blocks) {
	linalgdecompose.Run(ctx, op)
	patterns := rewrite.NewPatternSet(&rewrite.Func{PatternName: "linalg-generalization", BenefitValue: 1, Fn: linalg.Generalize})
	rewrite.ApplyPatternsGreedily(ctx, op, patterns, rewrite.GreedyConfig{})
	module := op
	if _, ok := builtin.AsModuleOp(module); !ok {
		module = ir.NearestSymbolTable(op)
	}
	l := &lowering{ctx: ctx, bl: bl, module: module, names: map[string]bool{}}
	module.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if sym, ok := o.InherentAttr("sym_name").(*ir.StringAttr); ok {
			l.names[sym.Value] = true
		}
		return true
	})
	var generics []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if _, ok := tile.AsFuncOp(o); ok {
			return false
		}
		if g, ok := linalg.AsStructuredOp(o); ok && isGeneric(o) && g.HasPureTensorSemantics() {
			generics = append(generics, o)
		}
		return true
	})
	// Contractions first (they take the fills that initialize them and
	// their epilogues), then row chains (with the fills of their
	// reductions), then every other generic.
	done := map[*ir.Operation]bool{}
	// Attention first: it takes two contractions, the softmax between
	// them and the element-wise generics around them.
	for _, g := range generics {
		if done[g] {
			continue
		}
		for _, o := range l.lowerAttention(g) {
			done[o] = true
		}
	}
	for phase := 0; phase < 3; phase++ {
		for _, g := range generics {
			if done[g] {
				continue
			}
			for _, o := range l.lower(g, phase) {
				done[o] = true
			}
		}
		if phase == 1 {
			for _, g := range generics {
				if !done[g] && isFill(g) && !ir.HasUses(g.Result(0)) {
					g.Erase()
					done[g] = true
				}
			}
		}
	}
}

type lowering struct {
	ctx    *ir.Context
	bl     Blocks
	module *ir.Operation
	names  map[string]bool
}

// generic is the analysis of a linalg.generic on tensors.
type generic struct {
	op    *ir.Operation
	s     linalg.StructuredOp
	maps  []affine.Map
	its   []linalg.IteratorType
	ins   []ir.Value
	outs  []ir.Value
	body  *ir.Block
	yield *ir.Operation
}

func analyze(op *ir.Operation) (*generic, bool) {
	s, ok := linalg.AsStructuredOp(op)
	if !ok || !s.HasPureTensorSemantics() || op.NumResults() != 1 {
		return nil, false
	}
	g := &generic{op: op, s: s, maps: s.IndexingMaps(), its: s.IteratorTypes(), ins: s.Inputs(), outs: s.Outputs(), body: s.Body()}
	if g.body == nil || len(g.outs) != 1 || len(g.maps) != len(g.ins)+1 {
		return nil, false
	}
	for i, m := range g.maps {
		if m.NumSyms != 0 || m.NumDims != len(g.its) || !m.IsProjectedPermutation(false) {
			return nil, false
		}
		var v ir.Value
		if i < len(g.ins) {
			v = g.ins[i]
		} else {
			v = g.outs[0]
		}
		switch t := v.Type().(type) {
		case *ir.RankedTensorType:
			if len(t.Shape) != m.NumResults() || len(t.Shape) == 0 || !isScalar(t.Elem) {
				return nil, false
			}
		default:
			if !isScalar(t) || m.NumResults() != 0 {
				return nil, false
			}
		}
	}
	g.yield = g.body.Last()
	if g.yield == nil || g.yield.NumOperands() != 1 {
		return nil, false
	}
	return g, true
}

// isScalar reports whether t is a scalar a tile kernel computes on: a
// float, index or signless integer (tile's operations, as arith's, take
// no signed or unsigned integers).
func isScalar(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.FloatType, *ir.IndexType:
		return true
	case *ir.IntegerType:
		return t.Signedness == ir.Signless
	}
	return false
}

// parallel reports whether every loop of g is parallel.
func (g *generic) parallel() bool {
	for _, it := range g.its {
		if it != linalg.IteratorTypeParallel {
			return false
		}
	}
	return true
}

// bodyOK reports whether the body's operations (before the yield) are
// region-free arith and math operations on scalars and linalg.index.
func (g *generic) bodyOK() bool {
	for o := g.body.First(); o != nil && o != g.yield; o = o.Next() {
		if _, ok := linalg.AsIndexOp(o); ok {
			continue
		}
		ns := o.OpName().DialectNamespace()
		if (ns != "arith" && ns != "math") || o.NumRegions() != 0 {
			return false
		}
		for _, v := range o.Operands() {
			if !isScalar(v.Type()) {
				return false
			}
		}
		for _, t := range o.ResultTypes() {
			if !isScalar(t) {
				return false
			}
		}
	}
	return true
}

// singleUser returns the only user of v, or nil.
func singleUser(v ir.Value) *ir.Operation {
	if !ir.HasOneUse(v) {
		return nil
	}
	return v.FirstUse().Owner()
}

func (l *lowering) lower(op *ir.Operation, phase int) []*ir.Operation {
	g, ok := analyze(op)
	if !ok || !g.bodyOK() {
		return nil
	}
	c, isContraction := contraction(g)
	if isContraction && !l.dotOK(g) {
		isContraction = false
	}
	switch {
	case phase == 0 && isContraction:
		return l.lowerContraction(c)
	case phase == 1 && !isContraction && rowMember(g) == rowReduce:
		return l.lowerRows(g)
	case phase < 2:
		return nil
	case isContraction:
		return nil
	}
	if _, ok := contraction(g); ok {
		// A product the chip has no dot for: a reduction kernel.
		return l.lowerReduction(g)
	}
	if g.parallel() {
		return l.lowerElementwise(g)
	}
	return l.lowerReduction(g)
}

func (l *lowering) kernelName(base string) string {
	for i := 0; ; i++ {
		n := fmt.Sprintf("%s_kernel%d", base, i)
		if !l.names[n] {
			l.names[n] = true
			return n
		}
	}
}

func hostFuncName(op *ir.Operation) string {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if sym, ok := p.InherentAttr("sym_name").(*ir.StringAttr); ok {
			return sym.Value
		}
	}
	return "linalg"
}

func elemOf(t ir.Type) ir.Type {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		return rt.Elem
	}
	return t
}

func shapeOf(t ir.Type) []int64 {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		return rt.Shape
	}
	return nil
}

// ReassociatesFloats tells semcheck that tiled reductions and tile.dot's
// fused multiply-adds round differently from linalg's order.
func (p *toTile) ReassociatesFloats() bool { return true }

// dotOK reports whether the chip computes a tile.dot of the contraction
// g's types: with its vector units or a matrix instruction.
func (l *lowering) dotOK(g *generic) bool {
	chip := l.bl.Chip
	if chip == nil {
		return true
	}
	at := asm.TypeString(elemOf(g.ins[0].Type()))
	ct := asm.TypeString(elemOf(g.outs[0].Type()))
	if at == ct && slices.Contains(chip.VectorDot, at) {
		return true
	}
	for _, in := range chip.Matrix {
		b := in.B
		if len(b) == 0 {
			b = in.A
		}
		if slices.Contains(in.A, at) && slices.Contains(b, at) && slices.Contains(in.Acc, ct) && in.Precision == "" {
			return true
		}
	}
	return false
}

func isGeneric(op *ir.Operation) bool { _, ok := linalg.AsGenericOp(op); return ok }

// float8Contraction returns the first contraction under op (a structured
// operation on tensors with a reduction loop and two inputs) of 8-bit
// float inputs that none of chip's matrix instructions multiplies, or
// nil: its vector units do not compute on 8-bit floats either.
func float8Contraction(op *ir.Operation, chip *chips.Chip) *ir.Operation {
	var bad *ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		s, ok := linalg.AsStructuredOp(o)
		if bad != nil || !ok || !s.HasPureTensorSemantics() || len(s.Inputs()) != 2 || s.NumParallelLoops() == s.NumLoops() {
			return bad == nil
		}
		ft, ok := elemOf(s.Inputs()[0].Type()).(*ir.FloatType)
		if !ok || ir.IntOrFloatBitWidth(ft) != 8 {
			return true
		}
		at := asm.TypeString(ft)
		for _, in := range chip.Matrix {
			if slices.Contains(in.A, at) {
				return true
			}
		}
		bad = o
		return false
	})
	return bad
}
