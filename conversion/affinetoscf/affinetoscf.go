// Package affinetoscf is MLIR's lower-affine pass: affine.for and affine.if
// become scf.for and scf.if, affine.yield becomes scf.yield, and the affine
// maps of affine.apply, affine.min, affine.max, affine.load and
// affine.store are expanded into arith operations on index values (as
// upstream's AffineApplyExpander emits them), with memref.load,
// memref.store, memref.prefetch, vector.load and vector.store for the
// memory accesses.
package affinetoscf

import (
	"errors"
	"fmt"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	affinedialect "github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/vector"
)

// AffineLowering is implemented by the models of operations that
// lower-affine lowers: LowerAffine replaces op by operations built before
// it (scf, arith, memref, vector) and erases it.
type AffineLowering interface {
	LowerAffine(ctx *ir.Context, op *ir.Operation) error
}

// LowerAffineInterface is the interface through which lower-affine
// lowers an operation (MLIR's populateAffineToStdConversionPatterns).
// Register attaches the lowerings of the affine operations; another
// dialect attaches its own the same way.
var LowerAffineInterface = ir.DeclareOpInterface[AffineLowering]("affine.LowerAffineInterface")

// Lowering is an AffineLowering given by a function.
type Lowering func(ctx *ir.Context, op *ir.Operation) error

// LowerAffine implements AffineLowering.
func (l Lowering) LowerAffine(ctx *ir.Context, op *ir.Operation) error { return l(ctx, op) }

// Register attaches the lowerings of the affine operations to ctx.
func Register(ctx *ir.Context) {
	isMax, isMin := true, false
	for name, l := range map[string]Lowering{
		"affine.apply": lowerMap(nil), "affine.min": lowerMap(&isMin), "affine.max": lowerMap(&isMax),
		"affine.load": lowerAccess(1, load), "affine.store": lowerAccess(2, store), "affine.prefetch": lowerAccess(1, prefetch),
		"affine.vector_load": lowerAccess(1, vectorLoad), "affine.vector_store": lowerAccess(2, vectorStore),
		"affine.for": Lowering(lowerFor), "affine.if": Lowering(lowerIf),
	} {
		LowerAffineInterface.AttachTo(ctx, name, l)
	}
}

// Run lowers the operations nested in op that implement AffineLowering,
// in pre-order.
func Run(ctx *ir.Context, op *ir.Operation) error {
	type item struct {
		op *ir.Operation
		l  AffineLowering
	}
	var work []item
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if l, ok := LowerAffineInterface.Of(o); ok {
			work = append(work, item{o, l})
		}
		return true
	})
	for _, w := range work {
		if err := w.l.LowerAffine(ctx, w.op); err != nil {
			var d *ir.Diagnostic
			if errors.As(err, &d) {
				return err
			}
			return ir.NewError(w.op.Loc(), err.Error())
		}
	}
	return nil
}

// expander is upstream's AffineApplyExpander: it builds the arith
// operations computing an affine expression before an operation.
type expander struct {
	b          *ir.Builder
	loc        ir.Location
	dims, syms []ir.Value
}

func (x *expander) constant(v int64) ir.Value {
	ctx := x.b.Ctx
	return arith.BuildConstant(x.b, x.loc, ctx.IntegerAttr(ctx.IndexType(), v), ctx.IndexType()).Result()
}

func (x *expander) expand(e affine.Expr) (ir.Value, error) {
	switch e.Kind() {
	case affine.KindConstant:
		return x.constant(e.Value()), nil
	case affine.KindDimId:
		if e.Position() >= len(x.dims) {
			return nil, fmt.Errorf("dimension out of range")
		}
		return x.dims[e.Position()], nil
	case affine.KindSymbolId:
		if e.Position() >= len(x.syms) {
			return nil, fmt.Errorf("symbol out of range")
		}
		return x.syms[e.Position()], nil
	}
	lhs, err := x.expand(e.LHS())
	if err != nil {
		return nil, err
	}
	rhs, err := x.expand(e.RHS())
	if err != nil {
		return nil, err
	}
	b, loc := x.b, x.loc
	switch e.Kind() {
	case affine.KindAdd:
		return arith.BuildAddi(b, loc, lhs, rhs).Result(), nil
	case affine.KindMul:
		return arith.BuildMuli(b, loc, lhs, rhs, arith.MuliOptions{OverflowFlags: arith.IntegerOverflowFlagsNsw}).Result(), nil
	}
	// A symbolic divisor (a semi-affine expression) is expanded as a
	// constant one is, as upstream does; a constant one must be positive.
	if e.RHS().IsConstant() && e.RHS().Value() <= 0 {
		if e.Kind() == affine.KindMod {
			return nil, fmt.Errorf("modulo by non-positive value is not supported")
		}
		return nil, fmt.Errorf("division by non-positive value is not supported")
	}
	switch e.Kind() {
	case affine.KindMod:
		// rem = lhs % rhs; rem < 0 ? rem + rhs : rem.
		rem := arith.BuildRemsi(b, loc, lhs, rhs).Result()
		zero := x.constant(0)
		neg := arith.BuildCmpi(b, loc, rem, zero, arith.CmpIPredicateSlt).Result()
		corrected := arith.BuildAddi(b, loc, rem, rhs).Result()
		return arith.BuildSelect(b, loc, neg, corrected, rem).Result(), nil
	case affine.KindFloorDiv:
		// lhs < 0 ? -1 - ((-1 - lhs) / rhs) : lhs / rhs.
		zero := x.constant(0)
		minusOne := x.constant(-1)
		neg := arith.BuildCmpi(b, loc, lhs, zero, arith.CmpIPredicateSlt).Result()
		negDec := arith.BuildSubi(b, loc, minusOne, lhs).Result()
		dividend := arith.BuildSelect(b, loc, neg, negDec, lhs).Result()
		q := arith.BuildDivsi(b, loc, dividend, rhs).Result()
		corrected := arith.BuildSubi(b, loc, minusOne, q).Result()
		return arith.BuildSelect(b, loc, neg, corrected, q).Result(), nil
	default: // ceildiv
		// lhs <= 0 ? -((-lhs) / rhs) : ((lhs - 1) / rhs) + 1.
		zero := x.constant(0)
		one := x.constant(1)
		nonPos := arith.BuildCmpi(b, loc, lhs, zero, arith.CmpIPredicateSle).Result()
		negated := arith.BuildSubi(b, loc, zero, lhs).Result()
		dec := arith.BuildSubi(b, loc, lhs, one).Result()
		dividend := arith.BuildSelect(b, loc, nonPos, negated, dec).Result()
		q := arith.BuildDivsi(b, loc, dividend, rhs).Result()
		negQ := arith.BuildSubi(b, loc, zero, q).Result()
		incQ := arith.BuildAddi(b, loc, q, one).Result()
		return arith.BuildSelect(b, loc, nonPos, negQ, incQ).Result(), nil
	}
}

// expandMap expands every result of m over operands.
func expandMap(b *ir.Builder, loc ir.Location, m affine.Map, operands []ir.Value) ([]ir.Value, error) {
	if len(operands) != m.NumInputs() {
		return nil, fmt.Errorf("operand count and affine map inputs must match")
	}
	x := &expander{b: b, loc: loc, dims: operands[:m.NumDims], syms: operands[m.NumDims:]}
	vals := make([]ir.Value, len(m.Results))
	for i, e := range m.Results {
		v, err := x.expand(e)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return vals, nil
}

// reduce combines values with arith.minsi or arith.maxsi, left to right.
func reduce(b *ir.Builder, loc ir.Location, vals []ir.Value, isMax bool) ir.Value {
	acc := vals[0]
	for _, v := range vals[1:] {
		if isMax {
			acc = arith.BuildMaxsi(b, loc, acc, v).Result()
		} else {
			acc = arith.BuildMinsi(b, loc, acc, v).Result()
		}
	}
	return acc
}

func mapAttr(op *ir.Operation, name string) (affine.Map, error) {
	a, ok := op.InherentAttr(name).(*ir.AffineMapAttr)
	if !ok {
		return affine.Map{}, fmt.Errorf("'%s' op requires an affine map '%s'", op.Name(), name)
	}
	return a.Map, nil
}

// lowerBound expands a loop bound: the greatest (lower) or least (upper)
// of the results of its map.
func lowerBound(b *ir.Builder, loc ir.Location, m affine.Map, ops []ir.Value, lower bool) (ir.Value, error) {
	vals, err := expandMap(b, loc, m, ops)
	if err != nil {
		return nil, err
	}
	if len(vals) == 0 {
		return nil, fmt.Errorf("loop bound map without results")
	}
	return reduce(b, loc, vals, lower), nil
}

// replaceTerminator turns the affine.yield ending the blocks of r into an
// scf.yield.
func replaceTerminator(b *ir.Builder, r *ir.Region) {
	for blk := r.First(); blk != nil; blk = blk.Next() {
		t := blk.Last()
		if _, ok := affinedialect.AsYieldOp(t); !ok {
			continue
		}
		b.SetInsertionPoint(t)
		scf.BuildYield(b, t.Loc(), t.Operands())
		t.Erase()
	}
}

func segment(op *ir.Operation, i int) (int, int) {
	a, _ := op.InherentAttr("operandSegmentSizes").(*ir.DenseArrayAttr)
	start := 0
	for j := 0; j <= i; j++ {
		if a == nil || 4*j+3 >= len(a.Data) {
			return 0, 0
		}
		n := int(int32(uint32(a.Data[4*j]) | uint32(a.Data[4*j+1])<<8 | uint32(a.Data[4*j+2])<<16 | uint32(a.Data[4*j+3])<<24))
		if j == i {
			return start, start + n
		}
		start += n
	}
	return 0, 0
}

// lowerMap expands the map of affine.apply (reduce nil), affine.min or
// affine.max (reduce picks the minimum or maximum of the results).
func lowerMap(max *bool) Lowering {
	return func(ctx *ir.Context, op *ir.Operation) error {
		b := ir.NewBuilder(ctx)
		b.SetInsertionPoint(op)
		loc := op.Loc()
		m, err := mapAttr(op, "map")
		if err != nil {
			return err
		}
		vals, err := expandMap(b, loc, m, op.Operands())
		if err != nil {
			return err
		}
		if len(vals) == 0 {
			return fmt.Errorf("affine map without results")
		}
		v := vals[0]
		if max != nil {
			v = reduce(b, loc, vals, *max)
		}
		ir.ReplaceAllUsesWith(op.Result(0), v)
		op.Erase()
		return nil
	}
}

// lowerAccess lowers an affine memory access whose map operands start at
// operand first: build makes the access at the expanded indices.
func lowerAccess(first int, build func(b *ir.Builder, loc ir.Location, op *ir.Operation, idx []ir.Value)) Lowering {
	return func(ctx *ir.Context, op *ir.Operation) error {
		b := ir.NewBuilder(ctx)
		b.SetInsertionPoint(op)
		loc := op.Loc()
		m, err := mapAttr(op, "map")
		if err != nil {
			return err
		}
		if first > op.NumOperands() {
			return fmt.Errorf("expected at least %d operands", first)
		}
		idx, err := expandMap(b, loc, m, op.Operands()[first:])
		if err != nil {
			return err
		}
		build(b, loc, op, idx)
		op.Erase()
		return nil
	}
}

func load(b *ir.Builder, loc ir.Location, op *ir.Operation, idx []ir.Value) {
	l := memref.BuildLoad(b, loc, op.Operand(0), idx)
	ir.ReplaceAllUsesWith(op.Result(0), l.Result())
}

func store(b *ir.Builder, loc ir.Location, op *ir.Operation, idx []ir.Value) {
	memref.BuildStore(b, loc, op.Operand(0), op.Operand(1), idx)
}

func prefetch(b *ir.Builder, loc ir.Location, op *ir.Operation, idx []ir.Value) {
	isTrue := func(name string) bool {
		a, ok := op.InherentAttr(name).(*ir.IntegerAttr)
		return ok && a.Lo != 0
	}
	memref.BuildPrefetch(b, loc, op.Operand(0), idx, isTrue("isWrite"), op.InherentAttr("localityHint"), isTrue("isDataCache"))
}

func vectorLoad(b *ir.Builder, loc ir.Location, op *ir.Operation, idx []ir.Value) {
	l := vector.BuildLoad(b, loc, op.Operand(0), idx, op.Result(0).Type())
	ir.ReplaceAllUsesWith(op.Result(0), l.Result())
}

func vectorStore(b *ir.Builder, loc ir.Location, op *ir.Operation, idx []ir.Value) {
	vector.BuildStore(b, loc, op.Operand(0), op.Operand(1), idx)
}

// lowerFor turns affine.for into scf.for.
func lowerFor(ctx *ir.Context, op *ir.Operation) error {
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(op)
	loc := op.Loc()
	lbm, err := mapAttr(op, "lowerBoundMap")
	if err != nil {
		return err
	}
	ubm, err := mapAttr(op, "upperBoundMap")
	if err != nil {
		return err
	}
	ops := op.Operands()
	ls, le := segment(op, 0)
	us, ue := segment(op, 1)
	is, ie := segment(op, 2)
	lb, err := lowerBound(b, loc, lbm, ops[ls:le], true)
	if err != nil {
		return err
	}
	ub, err := lowerBound(b, loc, ubm, ops[us:ue], false)
	if err != nil {
		return err
	}
	step := int64(1)
	if a, ok := op.InherentAttr("step").(*ir.IntegerAttr); ok {
		step = a.Int64()
	}
	stepV := (&expander{b: b, loc: loc}).constant(step)
	f := scf.BuildFor(b, loc, lb, ub, stepV, ops[is:ie], op.ResultTypes())
	f.Region().Remove(f.Region().First())
	f.Region().TakeBody(op.Region(0))
	replaceTerminator(b, f.Operation.Region(0))
	for i, r := range op.Results() {
		ir.ReplaceAllUsesWith(r, f.Result(i))
	}
	op.Erase()
	return nil
}

// lowerIf turns affine.if into scf.if on the conjunction of its
// constraints.
func lowerIf(ctx *ir.Context, op *ir.Operation) error {
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(op)
	loc := op.Loc()
	sa, ok := op.InherentAttr("condition").(*ir.IntegerSetAttr)
	if !ok {
		return fmt.Errorf("'affine.if' op requires an integer set attribute named 'condition'")
	}
	set := sa.Set
	ops := op.Operands()
	if len(ops) != set.NumInputs() {
		return fmt.Errorf("operand count and condition integer set dimension and symbol count must match")
	}
	x := &expander{b: b, loc: loc, dims: ops[:set.NumDims], syms: ops[set.NumDims:]}
	zero := x.constant(0)
	var cond ir.Value
	for i, c := range set.Constraints {
		v, err := x.expand(c)
		if err != nil {
			return err
		}
		pred := arith.CmpIPredicateSge
		if set.IsEq(i) {
			pred = arith.CmpIPredicateEq
		}
		cmp := arith.BuildCmpi(b, loc, v, zero, pred).Result()
		if cond == nil {
			cond = cmp
		} else {
			cond = arith.BuildAndi(b, loc, cond, cmp).Result()
		}
	}
	if cond == nil {
		i1 := ctx.IntegerType(1, ir.Signless)
		cond = arith.BuildConstant(b, loc, ctx.IntegerAttr(i1, 1), i1).Result()
	}
	n := scf.BuildIf(b, loc, cond, op.ResultTypes())
	n.ThenRegion().Remove(n.ThenRegion().First())
	n.Region(0).TakeBody(op.Region(0))
	n.Region(1).TakeBody(op.Region(1))
	replaceTerminator(b, n.Region(0))
	replaceTerminator(b, n.Region(1))
	for i, r := range op.Results() {
		ir.ReplaceAllUsesWith(r, n.Result(i))
	}
	op.Erase()
	return nil
}
