package vectortoscf

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/vector"
)

// index builds an index constant.
func (g *gen) index(v int64) ir.Value {
	idx := g.ctx.IndexType()
	return g.done(arith.BuildConstant(g.b, g.loc, g.ctx.IntegerAttr(idx, v), idx).Operation).Result(0)
}

// punct builds a vector.print of punctuation only.
func (g *gen) punct(p vector.PrintPunctuation) *ir.Operation {
	return g.done(vector.BuildPrint(g.b, g.loc, vector.PrintOptions{Punctuation: new(p)}).Operation)
}

// dynamicPosition is the static_position of an extract or insert whose
// single position is an operand.
func (g *gen) dynamicPosition() ir.Attribute { return g.ctx.DenseI64Array(ir.Dynamic) }

// forLoop builds an scf.for from lb to ub by step with inits, its body
// block holding the induction variable and the iteration arguments; body
// fills it (with notifications off, as upstream's body builders) and
// returns what it yields. With no body, the block gets an empty scf.yield.
func (g *gen) forLoop(lb, ub, step ir.Value, inits []ir.Value, body func(iv ir.Value, state []ir.Value) []ir.Value) scf.ForOp {
	var types []ir.Type
	for _, v := range inits {
		types = append(types, v.Type())
	}
	f := scf.BuildFor(g.b, g.loc, lb, ub, step, inits, types)
	g.inside(func() {
		blk := f.Region().First()
		g.b.SetInsertionPointToEnd(blk)
		var yielded []ir.Value
		if body != nil {
			var state []ir.Value
			for _, a := range blk.Arguments()[1:] {
				state = append(state, a)
			}
			yielded = body(blk.Argument(0), state)
		}
		scf.BuildYield(g.b, g.loc, yielded)
	})
	g.done(f.Operation)
	return f
}

// ifOp builds an scf.if on cond with results of the given types; then and
// els (nil: no else region) fill its regions and return what they yield.
func (g *gen) ifOp(cond ir.Value, types []ir.Type, then, els func() []ir.Value) scf.IfOp {
	i := scf.BuildIf(g.b, g.loc, cond, types)
	g.inside(func() {
		g.b.SetInsertionPointToEnd(i.ThenRegion().First())
		scf.BuildYield(g.b, g.loc, then())
		if els != nil {
			g.b.CreateBlock(i.ElseRegion())
			scf.BuildYield(g.b, g.loc, els())
		}
	})
	g.done(i.Operation)
	return i
}

// nextPowerOf2 is LLVM's NextPowerOf2: the smallest power of two strictly
// greater than a.
func nextPowerOf2(a uint32) uint32 {
	p := uint32(1)
	for p <= a {
		p <<= 1
	}
	return p
}

// decomposePrint is upstream's DecomposePrintOpConversion: a vector.print
// of an n-D vector becomes nested scf.for loops printing each element
// without punctuation, brackets around each dimension and commas between
// elements; integers narrower than a byte or of odd widths are extended
// first and the vector is flattened to 1-D to be indexed dynamically.
func decomposePrint(op *ir.Operation, g *gen) bool {
	p, ok := vector.AsPrintOp(op)
	if !ok || p.Source() == nil {
		return false
	}
	vt, ok := p.Source().Type().(*ir.VectorType)
	if !ok {
		return false
	}
	scalable := false
	for _, s := range vt.Scalable {
		scalable = scalable || s
	}
	if len(vt.Shape) > 1 && scalable {
		return false
	}
	if scalable && !registered(g.ctx, "vector.vscale") {
		// The loop bound needs vector.vscale, which Strata does not define.
		return false
	}
	value := p.Source()
	if it, ok := vt.Elem.(*ir.IntegerType); ok {
		legal := g.ctx.IntegerType(nextPowerOf2(max(8, it.Width)-1), it.Signedness)
		signlessSrc := g.ctx.VectorType(vt.Shape, vt.Scalable, g.ctx.I(it.Width))
		signlessDst := g.ctx.VectorType(vt.Shape, vt.Scalable, g.ctx.I(legal.Width))
		target := g.ctx.VectorType(vt.Shape, vt.Scalable, legal)
		value = g.done(vector.BuildBitcast(g.b, g.loc, value, signlessSrc).Operation).Result(0)
		if value.Type() != ir.Type(signlessDst) {
			if it.Width == 1 || it.Signedness == ir.Unsigned {
				value = g.done(arith.BuildExtui(g.b, g.loc, value, signlessDst).Operation).Result(0)
			} else {
				value = g.done(arith.BuildExtsi(g.b, g.loc, value, signlessDst).Operation).Result(0)
			}
		}
		value = g.done(vector.BuildBitcast(g.b, g.loc, value, target).Operation).Result(0)
		vt = target
	}
	shape := vt.Shape
	if len(shape) == 0 {
		shape = []int64{1}
	}
	if len(vt.Shape) != 1 {
		flat := int64(1)
		for _, s := range shape {
			flat *= s
		}
		value = g.done(vector.BuildShapeCast(g.b, g.loc, value, g.ctx.VectorType([]int64{flat}, nil, vt.Elem)).Operation).Result(0)
	}
	var firstClose *ir.Operation
	var ivs []ir.Value
	idx := g.ctx.IndexType()
	for d := range shape {
		lb := g.index(0)
		ub := g.index(shape[d])
		step := g.index(1)
		if d < len(vt.Scalable) && vt.Scalable[d] {
			vscale := g.done(g.b.CreateOp("vector.vscale", nil, []ir.Type{idx}))
			ub = g.done(arith.BuildMuli(g.b, g.loc, ub, vscale.Result(0)).Operation).Result(0)
		}
		last := g.done(arith.BuildSubi(g.b, g.loc, ub, step).Operation).Result(0)
		g.punct(vector.PrintPunctuationOpen)
		loop := g.forLoop(lb, ub, step, nil, nil)
		cl := g.punct(vector.PrintPunctuationClose)
		if firstClose == nil {
			firstClose = cl
		}
		iv := loop.Region().First().Argument(0)
		ivs = append(ivs, iv)
		g.b.SetInsertionPointToStart(loop.Region().First())
		notLast := g.done(arith.BuildCmpi(g.b, g.loc, iv, last, arith.CmpIPredicateUlt).Operation).Result(0)
		g.ifOp(notLast, nil, func() []ir.Value {
			vector.BuildPrint(g.b, g.loc, vector.PrintOptions{Punctuation: new(vector.PrintPunctuationComma)})
			return nil
		}, nil)
		g.b.SetInsertionPointToStart(loop.Region().First())
	}
	var flatIndex ir.Value
	stride := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		s := g.index(stride)
		i := g.done(arith.BuildMuli(g.b, g.loc, s, ivs[d]).Operation).Result(0)
		if flatIndex != nil {
			flatIndex = g.done(arith.BuildAddi(g.b, g.loc, flatIndex, i).Operation).Result(0)
		} else {
			flatIndex = i
		}
		stride *= shape[d]
	}
	elem := g.done(vector.BuildExtract(g.b, g.loc, value, []ir.Value{flatIndex}, g.dynamicPosition(), vt.Elem).Operation).Result(0)
	g.done(vector.BuildPrint(g.b, g.loc, vector.PrintOptions{Source: elem, Punctuation: new(vector.PrintPunctuationNoPunctuation)}).Operation)
	g.b.SetInsertionPointAfter(firstClose)
	g.punct(p.Punctuation())
	g.r.EraseOp(op)
	return true
}

// registered reports whether the operation name has a definition in ctx.
func registered(ctx *ir.Context, name string) bool {
	n := ctx.LookupOpName(name)
	return n != nil && n.Def != nil
}
