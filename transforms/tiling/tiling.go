// Package tiling tiles operations that implement the tiling interface
// (ir.TilingOp, MLIR's TilingInterface) with a nest of scf.for loops, as
// MLIR's tileUsingSCF does with the scf.for loop type, and provides
// linalg-tile, the pass that tiles every linalg structured operation.
// Upstream reaches the same rewrite through the transform dialect's
// transform.structured.tile_using_for.
package tiling

import (
	"fmt"

	affinemap "github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/linalg"
	"github.com/strata-ir/strata/dialects/scf"
)

// Argument is the pass's command-line name.
const Argument = "linalg-tile"

type tilePass struct {
	pass.Info
	sizes *[]int64
}

// New returns the linalg-tile pass: every linalg structured operation on
// tensors nested in the operation it runs on is tiled with the sizes of
// its tile-sizes option.
func New() pass.Pass {
	p := &tilePass{Info: pass.Info{Argument: Argument, Name: "LinalgTilePass",
		Summary: "Tile linalg structured operations on tensors with scf.for loops"}}
	p.sizes = p.Options.IntList("tile-sizes", nil, "Tile size of each loop, outermost first (0: the loop is not tiled)")
	return p
}

// Run tiles the structured operations nested in op, in program order.
func (p *tilePass) Run(op *ir.Operation, st *pass.State) error {
	var targets []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o == op {
			return true
		}
		if s, ok := linalg.AsStructuredOp(o); ok && s.HasPureTensorSemantics() {
			targets = append(targets, o)
		}
		return true
	})
	r := rewrite.NewRewriter(st.Context())
	for _, t := range targets {
		if _, err := TileUsingFor(r, t, *p.sizes); err != nil {
			return st.EmitError(t, err.Error())
		}
	}
	return nil
}

// Result is what TileUsingFor built.
type Result struct {
	// Tiled are the operations of the tile computation, the tiled
	// operation first.
	Tiled []*ir.Operation
	// Loops are the scf.for operations, outermost first.
	Loops []*ir.Operation
	// Replacements are the values that replaced op's results.
	Replacements []ir.Value
}

// TileUsingFor tiles op with one scf.for loop per non-zero entry of
// tileSizes (missing entries are 0: the loop is not tiled), outermost
// first, and replaces op by the loop nest (MLIR's tileUsingSCF with
// scf.for loops). The loops carry op's destination operands as iter_args;
// the innermost computes one tile and inserts its results into them with
// tensor.insert_slice. op must implement ir.TilingOp and be
// destination style; a tile size that does not divide its loop's size
// (or any tile size of a dynamic loop) gives partial tiles, whose size
// affine.min bounds. An error leaves the IR unchanged; its message is about op
// without naming it, for the caller to report at op (the pass reports
// "'linalg.matmul' op <message>").
func TileUsingFor(r *rewrite.Rewriter, op *ir.Operation, tileSizes []int64) (*Result, error) {
	tiling, ok := ir.TilingOp.Of(op)
	if !ok {
		return nil, fmt.Errorf("does not implement the tiling interface")
	}
	dps, ok := ir.DestinationStyleOp.Of(op)
	if !ok {
		return nil, fmt.Errorf("is not destination style")
	}
	first, n := dps.DPSInits(op)
	if n != op.NumResults() {
		return nil, fmt.Errorf("has %d inits for %d results", n, op.NumResults())
	}
	dests := append([]ir.Value(nil), op.Operands()[first:first+n]...)
	b := r.Builder
	b.SetInsertionPoint(op)
	b.Loc = op.Loc()
	// On failure, the operations created before op are erased again.
	mark := op.Prev()
	fail := func(err error) (*Result, error) {
		for o := op.Prev(); o != mark; o = op.Prev() {
			o.Erase()
		}
		return nil, err
	}
	domain := tiling.IterationDomain(b, op)
	if len(tileSizes) > len(domain) {
		return fail(fmt.Errorf("has %d loops but %d tile sizes were given", len(domain), len(tileSizes)))
	}
	sizes := make([]int64, len(domain))
	copy(sizes, tileSizes)
	var tiled []int
	for l, s := range sizes {
		switch {
		case s < 0:
			return fail(fmt.Errorf("tile size %d of loop %d is negative", s, l))
		case s == 0:
			continue
		}
		d := domain[l]
		if d.Size.IsConst() && d.Size.Const == ir.Dynamic {
			return fail(fmt.Errorf("loop %d has a size that cannot be read", l))
		}
		if !d.Offset.IsConst() || !d.Stride.IsConst() || d.Offset.Const != 0 || d.Stride.Const != 1 {
			return fail(fmt.Errorf("loop %d does not start at 0 with stride 1", l))
		}
		tiled = append(tiled, l)
	}
	if len(tiled) == 0 {
		return fail(fmt.Errorf("every tile size is 0, nothing to tile"))
	}

	// The bounds of the tiled loops: every lower bound, then every upper
	// bound, then every step, as getLoopBounds creates them.
	it := b.Ctx.IndexType()
	constant := func(v int64) ir.Value {
		return arith.BuildConstant(b, b.Loc, b.Ctx.IntegerAttr(it, v), it).Result()
	}
	lbs, ubs, steps := make([]ir.Value, len(tiled)), make([]ir.Value, len(tiled)), make([]ir.Value, len(tiled))
	for i, l := range tiled {
		lbs[i] = constant(domain[l].Offset.Const)
	}
	for i, l := range tiled {
		if ubs[i] = domain[l].Size.Value; ubs[i] == nil {
			ubs[i] = constant(domain[l].Size.Const)
		}
	}
	for i, l := range tiled {
		steps[i] = constant(sizes[l])
	}

	// The loop nest, each loop's iter_args initialized by the enclosing
	// loop's (the outermost's by op's destinations).
	destTypes := make([]ir.Type, len(dests))
	for i, d := range dests {
		destTypes[i] = d.Type()
	}
	res := &Result{}
	iterArgs := dests
	ivs := make([]ir.Value, len(tiled))
	for i := range tiled {
		loop := scf.BuildFor(b, b.Loc, lbs[i], ubs[i], steps[i], iterArgs, destTypes)
		if i > 0 {
			scf.BuildYield(b, b.Loc, loop.Operation.Results())
		}
		blk := loop.Region().First()
		b.SetInsertionPointToEnd(blk)
		ivs[i] = blk.Argument(0)
		iterArgs = make([]ir.Value, len(dests))
		for j := range dests {
			iterArgs[j] = blk.Argument(j + 1)
		}
		res.Loops = append(res.Loops, loop.Operation)
	}

	// The tile: offsets and sizes per loop, the op's clone on the
	// innermost iter_args as destinations, its tiled implementation.
	offsets := make([]ir.OpFoldResult, len(domain))
	tileSz := make([]ir.OpFoldResult, len(domain))
	for l, d := range domain {
		offsets[l], tileSz[l] = d.Offset, d.Size
	}
	for i, l := range tiled {
		offsets[l], tileSz[l] = ir.IndexValue(ivs[i]), boundedTileSize(b, domain[l].Size, ivs[i], sizes[l])
	}
	mapping := map[ir.Value]ir.Value{}
	clone := op.Clone(mapping)
	for j := range dests {
		clone.SetOperand(first+j, iterArgs[j])
	}
	b.Insert(clone)
	ops, values, err := tiling.TiledImplementation(b, clone, offsets, tileSz)
	if err != nil {
		return fail(err)
	}
	inserted := make([]ir.Value, len(values))
	for i, v := range values {
		ro, rs, err := tiling.ResultTilePosition(b, clone, i, offsets, tileSz)
		if err != nil {
			// The tiled implementation succeeded on the same maps, so
			// this does not happen for a well-formed operation.
			return nil, err
		}
		inserted[i] = linalg.InsertSlice(b, v, iterArgs[i], ro, rs).Result(0)
	}
	scf.BuildYield(b, b.Loc, inserted)
	clone.Erase()
	res.Tiled = ops
	res.Replacements = res.Loops[0].Results()
	r.ReplaceOp(op, res.Replacements)
	return res, nil
}

// boundedTileSize returns the size of the tile at iv of a loop of size ub
// tiled by ts: ts when it is 1 or divides a static ub, otherwise the
// affine.min of ub - iv and ts. A static ub is first materialized as a
// constant that the map then folds, as upstream's getBoundedTileSize
// does; a dynamic one stays the symbol of upstream's map.
func boundedTileSize(b *ir.Builder, ub ir.OpFoldResult, iv ir.Value, ts int64) ir.OpFoldResult {
	if ts == 1 || ub.IsConst() && ub.Const%ts == 0 {
		return ir.IndexConst(ts)
	}
	it := b.Ctx.IndexType()
	var m affinemap.Map
	operands := []ir.Value{iv}
	switch {
	case ub.IsConst():
		arith.BuildConstant(b, b.Loc, b.Ctx.IntegerAttr(it, ub.Const), it)
		m = affinemap.NewMap(1, 0, affinemap.Sub(affinemap.Const(ub.Const), affinemap.Dim(0)), affinemap.Const(ts))
	default:
		m = affinemap.NewMap(1, 1, affinemap.Sub(affinemap.Sym(0), affinemap.Dim(0)), affinemap.Const(ts))
		operands = append(operands, ub.Value)
	}
	return ir.IndexValue(affine.BuildMin(b, b.Loc, operands, b.Ctx.AffineMapAttr(m)).Result())
}
