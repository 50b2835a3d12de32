// Package linalgtoloops is convert-linalg-to-loops: it lowers every
// operation that implements LoopLowering. Every linalg
// structured operation on buffers (linalg.generic, map, reduce, transpose,
// broadcast and the named operations) becomes a nest of scf.for loops, one
// per iterator, in the order of the iteration dimensions. The innermost
// loop loads the operands' elements through the indexing maps with
// memref.load, runs a copy of the operation's body (linalg.index becomes
// the loop's induction variable) and stores the yielded values with
// memref.store, as MLIR's LinalgToLoops does.
package linalgtoloops

import (
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/linalg"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
)

// LoopLowering is implemented by the models of operations that
// convert-linalg-to-loops lowers: LowerToLoops replaces op by loops
// built before it, notifying r of the new operations and erasing op
// through it, and reports whether it did (an operation on tensors is left
// alone). Errors are located diagnostics.
type LoopLowering interface {
	LowerToLoops(ctx *ir.Context, op *ir.Operation, r *rewrite.Rewriter) (bool, error)
}

// LoopLoweringInterface is the interface through which
// convert-linalg-to-loops lowers an operation. Register attaches the
// model of linalg's structured operations; a dialect of its own attaches
// its model to its operations the same way.
var LoopLoweringInterface = ir.DeclareOpInterface[LoopLowering]("linalg.LoopLoweringInterface")

// Register attaches the loop lowering of the structured operations
// (MLIR's LinalgToLoops) to the linalg operations of ctx.
func Register(ctx *ir.Context) {
	for _, name := range linalg.StructuredOpNames() {
		LoopLoweringInterface.AttachTo(ctx, name, structured{})
	}
}

// structured lowers a structured operation with buffer semantics.
type structured struct{}

// LowerToLoops implements LoopLowering.
func (structured) LowerToLoops(ctx *ir.Context, op *ir.Operation, r *rewrite.Rewriter) (bool, error) {
	s, ok := linalg.AsStructuredOp(op)
	if !ok || !s.HasPureBufferSemantics() {
		return false, nil
	}
	if err := lower(ctx, s, r); err != nil {
		return false, err
	}
	return true, nil
}

// Run lowers the operations nested in op that implement LoopLowering
// with the greedy driver, which also folds constants and removes dead
// operations (such as loads whose element the body does not use), as
// MLIR's pass applies its lowering pattern.
func Run(ctx *ir.Context, op *ir.Operation) error {
	var firstErr error
	pattern := &rewrite.Func{PatternName: "linalg-to-loops", BenefitValue: 1, Fn: func(o *ir.Operation, r *rewrite.Rewriter) bool {
		m, ok := LoopLoweringInterface.Of(o)
		if !ok || o == op {
			return false
		}
		done, err := m.LowerToLoops(ctx, o, r)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			return false
		}
		return done
	}}
	rewrite.ApplyPatternsGreedily(ctx, op, rewrite.NewPatternSet(pattern), rewrite.GreedyConfig{})
	return firstErr
}

// lower replaces s by its loop nest, notifying r of the new operations in
// the order they were created.
func lower(ctx *ir.Context, s linalg.StructuredOp, r *rewrite.Rewriter) error {
	loc := s.Loc()
	maps := s.IndexingMaps()
	body := s.Body()
	if maps == nil || body == nil || len(maps) != s.NumOperands() {
		return ir.NewError(loc, "failed to lower '"+s.Name()+"' to loops")
	}
	b := ir.NewBuilder(ctx)
	b.Loc = loc
	b.SetInsertionPoint(s.Operation)
	var created []*ir.Operation
	defer func() {
		for _, o := range created {
			o.Walk(ir.PreOrder, func(x *ir.Operation) bool {
				r.Listener.OperationInserted(x)
				return true
			})
		}
	}()
	first := s.Prev()
	idx := ctx.IndexType()
	// Loop ranges, as upstream's createLoopRanges: every dynamic dimension
	// of every memref operand is read in order (an index constant, then
	// memref.dim); each loop takes the first operand dimension indexed by
	// that loop alone, and each loop's bounds are then made in turn: zero,
	// the size (a constant when static), one. The constants are fresh: the
	// greedy driver deduplicates them and erases what is unused.
	n := s.NumLoops()
	fresh := func(v int64) ir.Value {
		return arith.BuildConstant(b, loc, ctx.IntegerAttr(idx, v), idx).Result()
	}
	type size struct {
		static int64
		dyn    ir.Value
	}
	srcs := make([]*size, n)
	for i, v := range s.Operands() {
		mt, ok := v.Type().(*ir.MemRefType)
		if !ok {
			continue
		}
		sizes := make([]*size, len(mt.Shape))
		for r, sz := range mt.Shape {
			if sz == ir.Dynamic {
				sizes[r] = &size{dyn: memref.BuildDim(b, loc, v, fresh(int64(r))).Result()}
			} else {
				sizes[r] = &size{static: sz}
			}
		}
		for r, e := range maps[i].Results {
			if e.IsDim() && e.Position() < n && srcs[e.Position()] == nil && r < len(sizes) {
				srcs[e.Position()] = sizes[r]
			}
		}
	}
	lbs, ubs, steps := make([]ir.Value, n), make([]ir.Value, n), make([]ir.Value, n)
	for d, src := range srcs {
		if src == nil {
			return ir.NewError(loc, "failed to lower '"+s.Name()+"' to loops: a loop's range is not given by an operand dimension")
		}
		lbs[d] = fresh(0)
		if src.dyn != nil {
			ubs[d] = src.dyn
		} else {
			ubs[d] = fresh(src.static)
		}
		steps[d] = fresh(1)
	}
	consts := map[int64]ir.Value{}
	cst := func(v int64) ir.Value {
		if c, ok := consts[v]; ok {
			return c
		}
		c := fresh(v)
		consts[v] = c
		return c
	}
	ivs := make([]ir.Value, n)
	for d := range n {
		f := scf.BuildFor(b, loc, lbs[d], ubs[d], steps[d], nil, nil)
		blk := f.Region().First()
		ivs[d] = blk.Argument(0)
		b.SetInsertionPointToEnd(blk)
		scf.BuildYield(b, loc, nil)
		b.SetInsertionPoint(blk.Terminator())
	}
	// Element indices of each operand.
	indices := func(i int) ([]ir.Value, error) {
		var out []ir.Value
		for _, e := range maps[i].Results {
			v, err := expand(b, loc, e, ivs, cst)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	}
	mapping := map[ir.Value]ir.Value{}
	for i, v := range s.Operands() {
		if i >= body.NumArguments() {
			break
		}
		arg := body.Argument(i)
		if _, ok := v.Type().(*ir.MemRefType); !ok {
			mapping[arg] = v
			continue
		}
		if !ir.HasUses(arg) {
			continue
		}
		ix, err := indices(i)
		if err != nil {
			return err
		}
		mapping[arg] = memref.BuildLoad(b, loc, v, ix).Result()
	}
	for o := body.First(); o != nil; o = o.Next() {
		_, isYield := linalg.AsYieldOp(o)
		_, isIndex := linalg.AsIndexOp(o)
		switch {
		case isYield:
			first := len(s.Inputs())
			for k, y := range o.Operands() {
				ix, err := indices(first + k)
				if err != nil {
					return err
				}
				val := y
				if m, ok := mapping[y]; ok {
					val = m
				}
				memref.BuildStore(b, loc, val, s.Operand(first+k), ix)
			}
		case isIndex:
			d := int(o.InherentAttr("dim").(*ir.IntegerAttr).Int64())
			if d >= n {
				return ir.NewError(o.Loc(), "linalg.index dimension out of range")
			}
			mapping[o.Result(0)] = ivs[d]
		default:
			c := o.Clone(mapping)
			b.Insert(c)
			for k, r := range o.Results() {
				mapping[r] = c.Result(k)
			}
		}
	}
	blk := s.Block()
	o := blk.First()
	if first != nil {
		o = first.Next()
	}
	for ; o != nil && o != s.Operation; o = o.Next() {
		created = append(created, o)
	}
	r.EraseOp(s.Operation)
	return nil
}

// expand materializes an affine expression of the loop indices with arith
// operations on index values (what lower-affine makes of affine.apply).
func expand(b *ir.Builder, loc ir.Location, e affine.Expr, ivs []ir.Value, cst func(int64) ir.Value) (ir.Value, error) {
	switch e.Kind() {
	case affine.KindDimId:
		return ivs[e.Position()], nil
	case affine.KindConstant:
		return cst(e.Value()), nil
	case affine.KindSymbolId, affine.KindInvalid:
		return nil, ir.NewError(loc, "failed to lower an indexing map with symbols to loops")
	}
	l, err := expand(b, loc, e.LHS(), ivs, cst)
	if err != nil {
		return nil, err
	}
	r, err := expand(b, loc, e.RHS(), ivs, cst)
	if err != nil {
		return nil, err
	}
	switch e.Kind() {
	case affine.KindAdd:
		return arith.BuildAddi(b, loc, l, r).Result(), nil
	case affine.KindMul:
		return arith.BuildMuli(b, loc, l, r).Result(), nil
	case affine.KindMod:
		// a mod c for c > 0: ((a rem c) + c) rem c keeps the result
		// non-negative.
		rem := arith.BuildRemsi(b, loc, l, r).Result()
		return arith.BuildRemsi(b, loc, arith.BuildAddi(b, loc, rem, r).Result(), r).Result(), nil
	case affine.KindFloorDiv:
		return arith.BuildFloordivsi(b, loc, l, r).Result(), nil
	default:
		return arith.BuildCeildivsi(b, loc, l, r).Result(), nil
	}
}
