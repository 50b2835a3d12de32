// Package linalgdecompose is linalg-decompose-aggregated-ops: every
// aggregated linalg operation (linalg.softmax) on tensors is replaced by
// the linalg.fill and linalg.generic operations of its decomposition, as
// MLIR's AggregatedOpInterface::decomposeOperation, which
// transform.structured.decompose_interface applies. Nothing else is
// rewritten: no folding, no dead code elimination.
package linalgdecompose

import (
	"math"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/linalg"
	mathd "github.com/strata-ir/strata/dialects/math"
	"github.com/strata-ir/strata/dialects/tensor"
)

// Argument is the pass's command-line name.
const Argument = "linalg-decompose-aggregated-ops"

// New returns the pass.
func New() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: Argument, Name: "LinalgDecomposeAggregatedOpsPass",
			Summary: "Decompose aggregated linalg operations (linalg.softmax) into linalg.generic operations"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			Run(st.Context(), op)
			return nil
		},
	}
}

// Run decomposes the aggregated operations nested in op, in program
// order. Operations it cannot decompose (softmax on buffers, on elements
// that are not floats) are left as they are.
func Run(ctx *ir.Context, op *ir.Operation) {
	var softmaxes []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if _, ok := linalg.AsSoftmaxOp(o); ok && o != op {
			softmaxes = append(softmaxes, o)
		}
		return true
	})
	for _, o := range softmaxes {
		sm, _ := linalg.AsSoftmaxOp(o)
		DecomposeSoftmax(ctx, sm)
	}
}

// DecomposeSoftmax replaces sm by upstream's decomposition of
// SoftmaxOp::decomposeOperation along its dimension d:
//
//	max = reduce(maxnumf, fill(-NaN, empty), input)   // identity of maxnumf
//	num = generic(exp(input - max)) into the output
//	sum = reduce(addf, fill(0, empty), num)
//	res = generic(num / sum) into the output
//
// where empty is a tensor.empty of the input's shape without d (its
// dynamic sizes read with tensor.dim, as tensor::getMixedSizes) and the
// reductions and elementwise steps are linalg.generic operations whose
// maps drop d from the identity. It reports whether sm was replaced: a
// softmax on buffers or with a non-float element type is left alone.
func DecomposeSoftmax(ctx *ir.Context, sm linalg.SoftmaxOp) bool {
	input, output := sm.Input(), sm.Output()
	inType, ok := input.Type().(*ir.RankedTensorType)
	if !ok || sm.NumResults() != 1 {
		return false
	}
	if _, ok := output.Type().(*ir.RankedTensorType); !ok {
		return false
	}
	elem, ok := inType.Elem.(*ir.FloatType)
	if !ok {
		return false
	}
	sem := arith.SemanticsOf(elem)
	if sem == nil {
		return false
	}
	rank := len(inType.Shape)
	dim := int(sm.Dimension())
	if dim < 0 || dim >= rank {
		return false
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(sm.Operation)
	loc := sm.Loc()
	b.Loc = loc

	// tensor::getMixedSizes of the input, then the reduced dimension
	// erased.
	var dynSizes []ir.Value
	var shape []int64
	for i, s := range inType.Shape {
		var size ir.Value
		if s == ir.Dynamic {
			c := arith.BuildConstant(b, loc, ctx.IntegerAttr(ctx.IndexType(), int64(i)), ctx.IndexType())
			size = tensor.BuildDim(b, loc, input, c.Operation.Result(0)).Operation.Result(0)
		}
		if i == dim {
			continue
		}
		shape = append(shape, s)
		if size != nil {
			dynSizes = append(dynSizes, size)
		}
	}
	reducedType := ctx.RankedTensorType(shape, elem, nil)
	outputReduce := tensor.BuildEmpty(b, loc, dynSizes, reducedType).Operation.Result(0)

	// Step 1: the maximum along dim, from maxnumf's identity (-NaN).
	negNaN, _ := apfloat.FromFloat64(sem, math.Float64frombits(0xFFF8000000000000))
	maxInit := fill(b, loc, constant(b, loc, elem, negNaN), outputReduce)
	maxV := reduce(b, loc, maxnumf, input, maxInit, dim)
	// Step 2: exp(input - max).
	num := elementwise(b, loc, input, maxV, output, dim, func(x, y ir.Value) ir.Value {
		d := arith.BuildSubf(b, loc, x, y).Operation.Result(0)
		return mathd.BuildExp(b, loc, d, mathd.ExpOptions{Fastmath: fastmathNone(ctx)}).Operation.Result(0)
	})
	// Step 3: the sum along dim, from addf's identity (+0).
	zero, _ := apfloat.FromFloat64(sem, 0)
	sumInit := fill(b, loc, constant(b, loc, elem, zero), outputReduce)
	sum := reduce(b, loc, addf, num, sumInit, dim)
	// Step 4: num / sum.
	res := elementwise(b, loc, num, sum, output, dim, func(x, y ir.Value) ir.Value {
		return arith.BuildDivf(b, loc, x, y).Operation.Result(0)
	})
	ir.ReplaceAllUsesWith(sm.Result()[0], res)
	sm.Operation.Erase()
	return true
}

// constant creates an arith.constant of the float f of type t.
func constant(b *ir.Builder, loc ir.Location, t *ir.FloatType, f apfloat.Float) ir.Value {
	lo, hi := f.Bits()
	return arith.BuildConstant(b, loc, b.Ctx.FloatAttrBits(t, lo, hi), t).Operation.Result(0)
}

// fill creates the linalg.fill of init with v, with its body.
func fill(b *ir.Builder, loc ir.Location, v, init ir.Value) ir.Value {
	f := linalg.BuildFill(b, loc, []ir.Value{v}, []ir.Value{init}, []ir.Type{init.Type()})
	body(b, f.Operation.Region(0), []ir.Type{v.Type(), v.Type()}, func(args []ir.Value) ir.Value { return args[0] })
	return f.Operation.Result(0)
}

// body fills r with one block of arguments of types argTypes whose
// linalg.yield returns what fn builds; the builder's insertion point is
// kept.
func body(b *ir.Builder, r *ir.Region, argTypes []ir.Type, fn func(args []ir.Value) ir.Value) {
	blk := ir.NewBuilder(b.Ctx).CreateBlock(r, argTypes...)
	inner := ir.NewBuilder(b.Ctx)
	inner.Loc = b.Loc
	inner.SetInsertionPointToEnd(blk)
	args := make([]ir.Value, blk.NumArguments())
	for i, a := range blk.Arguments() {
		args[i] = a
	}
	saved := *b
	*b = *inner
	y := fn(args)
	linalg.BuildYield(b, b.Loc, []ir.Value{y})
	*b = saved
}

// maps returns the identity map of rank dimensions and the same map
// without the result dim.
func maps(rank, dim int) (affine.Map, affine.Map) {
	id := make([]affine.Expr, 0, rank)
	red := make([]affine.Expr, 0, rank-1)
	for i := 0; i < rank; i++ {
		id = append(id, affine.Dim(i))
		if i != dim {
			red = append(red, affine.Dim(i))
		}
	}
	return affine.NewMap(rank, 0, id...), affine.NewMap(rank, 0, red...)
}

// iterators returns the iterator types attribute of rank parallel loops,
// dim being a reduction when reduction is set.
func iterators(ctx *ir.Context, rank, dim int, reduction bool) ir.Attribute {
	d := ctx.Dialect("linalg")
	its := make([]ir.Attribute, rank)
	for i := range its {
		kind := "parallel"
		if reduction && i == dim {
			kind = "reduction"
		}
		a, err := d.ParseAttr(ctx, "iterator_type<"+kind+">")
		if err != nil {
			panic("linalg.iterator_type: " + err.Error())
		}
		its[i] = a
	}
	return ctx.ArrayAttr(its)
}

func mapsAttr(ctx *ir.Context, ms ...affine.Map) ir.Attribute {
	as := make([]ir.Attribute, len(ms))
	for i, m := range ms {
		as[i] = ctx.AffineMapAttr(m)
	}
	return ctx.ArrayAttr(as)
}

// combiner builds the binary operation of a reduction's body.
type combiner func(b *ir.Builder, loc ir.Location, x, y ir.Value) ir.Value

// maxnumf and addf are the combiners of softmax's two reductions.
func maxnumf(b *ir.Builder, loc ir.Location, x, y ir.Value) ir.Value {
	return arith.BuildMaxnumf(b, loc, x, y).Result()
}

func addf(b *ir.Builder, loc ir.Location, x, y ir.Value) ir.Value {
	return arith.BuildAddf(b, loc, x, y).Result()
}

// reduce creates the linalg.generic reducing input along dim into output
// with the binary operation combine (upstream's reduce<T>).
func reduce(b *ir.Builder, loc ir.Location, combine combiner, input, output ir.Value, dim int) ir.Value {
	ctx := b.Ctx
	rank := len(input.Type().(*ir.RankedTensorType).Shape)
	id, red := maps(rank, dim)
	g := linalg.BuildGeneric(b, loc, []ir.Value{input}, []ir.Value{output}, mapsAttr(ctx, id, red),
		iterators(ctx, rank, dim, true), []ir.Type{output.Type()})
	elem := output.Type().(*ir.RankedTensorType).Elem
	body(b, g.Operation.Region(0), []ir.Type{elem, elem}, func(args []ir.Value) ir.Value {
		return combine(b, loc, args[0], args[1])
	})
	return g.Operation.Result(0)
}

// elementwise creates the parallel linalg.generic computing fn(x, y) into
// output, y being broadcast along dim (upstream's buildSubAndExpOp and
// buildDivOp).
func elementwise(b *ir.Builder, loc ir.Location, x, y, output ir.Value, dim int, fn func(x, y ir.Value) ir.Value) ir.Value {
	ctx := b.Ctx
	rank := len(x.Type().(*ir.RankedTensorType).Shape)
	id, red := maps(rank, dim)
	g := linalg.BuildGeneric(b, loc, []ir.Value{x, y}, []ir.Value{output}, mapsAttr(ctx, id, red, id),
		iterators(ctx, rank, dim, false), []ir.Type{output.Type()})
	elem := output.Type().(*ir.RankedTensorType).Elem
	body(b, g.Operation.Region(0), []ir.Type{elem, elem, elem}, func(args []ir.Value) ir.Value {
		return fn(args[0], args[1])
	})
	return g.Operation.Result(0)
}

// fastmathNone returns #arith.fastmath<none>.
func fastmathNone(ctx *ir.Context) ir.Attribute {
	a, err := ctx.Dialect("arith").ParseAttr(ctx, "fastmath<none>")
	if err != nil {
		panic("arith.fastmath: " + err.Error())
	}
	return a
}
