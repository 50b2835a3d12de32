package scftocf

import (
	"encoding/binary"
	"math"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/cf"
	"github.com/strata-ir/strata/dialects/scf"
)

// denseI64 decodes a DenseI64ArrayAttr (nil for any other attribute).
func denseI64(a ir.Attribute) []int64 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int64, 0, len(d.Data)/8)
	for i := 0; i+8 <= len(d.Data); i += 8 {
		out = append(out, int64(binary.LittleEndian.Uint64(d.Data[i:])))
	}
	return out
}

// mixed returns the values of a forall's bounds: the dynamic operands where
// the static array holds the dynamic marker, index constants (created
// before op, one per entry, as upstream materializes them) elsewhere.
func mixed(b *ir.Builder, loc ir.Location, static []int64, dynamic []ir.Value) []ir.Value {
	var out []ir.Value
	for _, s := range static {
		if s == math.MinInt64 {
			out = append(out, dynamic[0])
			dynamic = dynamic[1:]
			continue
		}
		idx := b.Ctx.IndexType()
		out = append(out, arith.BuildConstant(b, loc, b.Ctx.IntegerAttr(idx, s), idx).Result())
	}
	return out
}

// lowerForall rewrites a forall without outputs into the nest of scf.for
// loops of the scf.parallel it is equivalent to (upstream goes through
// scf.parallel), and returns the loops created.
func lowerForall(ctx *ir.Context, op *ir.Operation) ([]*ir.Operation, error) {
	f := scf.ForallOp{Operation: op}
	if len(f.Outputs()) > 0 {
		return nil, ir.NewError(op.Loc(), "failed to legalize operation 'scf.forall' that was explicitly marked illegal")
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(op)
	loc := op.Loc()
	lbs := mixed(b, loc, denseI64(f.StaticLowerBound()), f.DynamicLowerBound())
	ubs := mixed(b, loc, denseI64(f.StaticUpperBound()), f.DynamicUpperBound())
	steps := mixed(b, loc, denseI64(f.StaticStep()), f.DynamicStep())
	body := op.Region(0).First()
	// The terminator, scf.forall.in_parallel, is empty: the loop has no
	// results.
	if t := body.Terminator(); t != nil {
		t.Erase()
	}
	return loopNest(ctx, op, lbs, ubs, steps, nil, body, nil)
}

// lowerParallel rewrites an scf.parallel into a nest of scf.for loops
// that carry its reductions, as upstream's ParallelLowering does, and
// returns the loops created.
func lowerParallel(ctx *ir.Context, op *ir.Operation) ([]*ir.Operation, error) {
	p := scf.ParallelOp{Operation: op}
	body := op.Region(0).First()
	reduce := body.Terminator()
	if reduce == nil || reduce.Name() != scf.ReduceOpName {
		return nil, ir.NewError(op.Loc(), "failed to legalize operation 'scf.parallel': expected an scf.reduce terminator")
	}
	return loopNest(ctx, op, p.LowerBound(), p.UpperBound(), p.Step(), p.InitVals(), body, reduce)
}

// loopNest replaces op by scf.for loops over (lbs, ubs, steps) carrying
// inits, whose innermost body is body's operations with its arguments
// replaced by the induction variables. reduce, when not nil, is body's
// scf.reduce: its regions are inlined to combine the carried values with
// its operands.
func loopNest(ctx *ir.Context, op *ir.Operation, lbs, ubs, steps, inits []ir.Value, body *ir.Block, reduce *ir.Operation) ([]*ir.Operation, error) {
	loc := op.Loc()
	if len(lbs) == 0 || len(ubs) != len(lbs) || len(steps) != len(lbs) || body.NumArguments() != len(lbs) {
		return nil, ir.NewError(loc, "failed to legalize operation '"+op.Name()+"' that was explicitly marked illegal")
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(op)
	types := make([]ir.Type, len(inits))
	for i, v := range inits {
		types[i] = v.Type()
	}
	iterArgs := inits
	var ivs []ir.Value
	var loops []*ir.Operation
	var results []ir.Value
	for i := range lbs {
		f := scf.BuildFor(b, loc, lbs[i], ubs[i], steps[i], iterArgs, types).Operation
		blk := f.Region(0).First()
		ivs = append(ivs, blk.Argument(0))
		iterArgs = nil
		for i := range types {
			iterArgs = append(iterArgs, blk.Argument(i+1))
		}
		if i == 0 {
			results = append(results, f.Results()...)
		} else if len(types) > 0 {
			scf.BuildYield(b, loc, f.Results())
		} else {
			scf.BuildYield(b, loc, nil)
		}
		loops = append(loops, f)
		b.SetInsertionPointToEnd(blk)
	}
	inner := b.InsertionBlock()
	var yields []ir.Value
	if reduce != nil {
		args := reduce.Operands()
		for i := 0; i < reduce.NumRegions(); i++ {
			rb := reduce.Region(i).First()
			ret := rb.Terminator()
			for j, a := range []ir.Value{iterArgs[i], args[i]} {
				ir.ReplaceAllUsesWith(rb.Argument(j), a)
			}
			for o := rb.First(); o != nil && o != ret; {
				next := o.Next()
				o.Remove()
				reduce.Block().InsertBefore(reduce, o)
				o = next
			}
			yields = append(yields, ret.Operand(0))
		}
		reduce.Erase()
	}
	for i, a := range body.Arguments() {
		ir.ReplaceAllUsesWith(a, ivs[i])
	}
	for o := body.First(); o != nil; {
		next := o.Next()
		o.Remove()
		inner.Append(o)
		o = next
	}
	b.SetInsertionPointToEnd(inner)
	scf.BuildYield(b, loc, yields)
	replaceResults(op, results)
	op.Erase()
	return loops, nil
}

// lowerIndexSwitch replaces an scf.index_switch by a cf.switch on the
// argument cast to i32, its case regions then its default region inlined
// before the continuation block, whose arguments are the results.
func lowerIndexSwitch(ctx *ir.Context, op *ir.Operation) error {
	loc := op.Loc()
	s := scf.IndexSwitchOp{Operation: op}
	rw := rewrite.NewRewriter(ctx)
	condBlock := op.Block()
	cont := rw.SplitBlock(condBlock, op.Next())
	args := make([]ir.Value, op.NumResults())
	for i, t := range op.ResultTypes() {
		args[i] = cont.AddArgument(t, loc)
	}
	convert := func(r *ir.Region) *ir.Block {
		first := r.First()
		y := first.Terminator()
		br(rw, y.Loc(), first, cont, y.Operands())
		y.Erase()
		rw.InlineRegionBefore(r, cont.Parent(), cont)
		return first
	}
	var caseBlocks []*ir.Block
	cases := denseI64(s.Cases())
	for _, r := range s.CaseRegions() {
		caseBlocks = append(caseBlocks, convert(r))
	}
	def := convert(s.DefaultRegion())
	op.Remove()
	rw.SetInsertionPointToEnd(condBlock)
	i32 := ctx.IntegerType(32, ir.Signless)
	flag := arith.BuildIndexCast(rw.Builder, loc, s.Arg(), i32).Out()
	segs := make([]int32, len(cases))
	var caseValues ir.Attribute
	if len(cases) > 0 {
		data := make([]byte, 0, 4*len(cases))
		splat := true
		for _, c := range cases {
			data = binary.LittleEndian.AppendUint32(data, uint32(int32(c)))
			splat = splat && int32(c) == int32(cases[0])
		}
		if splat {
			data = data[:4]
		}
		vt := ctx.VectorType([]int64{int64(len(cases))}, nil, i32)
		caseValues = ctx.DenseElementsAttr(vt, splat, data)
	}
	cf.BuildSwitch(rw.Builder, loc, flag, nil, nil, ctx.DenseI32Array(segs...), def, caseBlocks, cf.SwitchOptions{CaseValues: caseValues})
	replaceResults(op, args)
	op.Erase()
	return nil
}
