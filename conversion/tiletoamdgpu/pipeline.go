package tiletoamdgpu

import (
	"github.com/strata-ir/strata/conversion/tiletonvgpu"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// pipeline is the double-buffered k loop of a product whose operands the
// loop's body loads straight from memrefs: two LDS stages per operand;
// while the waves multiply the blocks of one stage, the buffer loads of
// the next iteration's blocks are in flight, and their registers are then
// written to the other stage, so that one barrier per iteration orders
// the stages' writes and reads.
type pipeline struct {
	dot   *ir.Operation
	loads [2]*ir.Operation
	info  *dotShape
}

// planPipeline returns the pipeline of loop f, or nil when its body is not
// a product of two blocks loaded in the body at indices that are the
// loop's induction variable or values from outside the loop.
func planPipeline(k *tiletonvgpu.Kernel, f scf.ForOp) (*pipeline, error) {
	body := f.Region().First()
	iv := body.Argument(0)
	var p pipeline
	for op := body.First(); op != nil; op = op.Next() {
		if op.NumRegions() != 0 {
			return nil, nil
		}
		if _, ok := tile.AsDotOp(op); ok {
			if p.dot != nil {
				return nil, nil
			}
			p.dot = op
		}
	}
	if p.dot == nil {
		return nil, nil
	}
	d, _ := tile.AsDotOp(p.dot)
	for i, v := range []ir.Value{d.A(), d.B()} {
		def := ir.DefiningOp(v)
		if def == nil || def.Block() != body || !tiletonvgpu.FeedsDot(def) {
			return nil, nil
		}
		ld, _ := tile.AsLoadOp(def)
		for _, x := range ld.Indices() {
			if x != iv {
				if xd := ir.DefiningOp(x); xd != nil && xd.Block() == body {
					return nil, nil
				}
				if ba, ok := x.(*ir.BlockArgument); ok && ba.Owner() == body {
					return nil, nil
				}
			}
		}
		p.loads[i] = def
	}
	info, err := dotInfo(k, p.dot)
	if err != nil {
		return nil, err
	}
	p.info = info
	return &p, nil
}

// lowerFor lowers a k loop of a product as a pipeline (see pipeline);
// other loops are tile-to-nvgpu's.
func lowerFor(k *tiletonvgpu.Kernel, op *ir.Operation) error {
	f, _ := scf.AsForOp(op)
	p, err := planPipeline(k, f)
	if err != nil {
		return err
	}
	if p == nil {
		return tiletonvgpu.Decline()
	}
	ctx := k.Context()
	info := p.info
	body := f.Region().First()
	oldIV := body.Argument(0)
	layouts := [2]*tiletonvgpu.Layout{}
	for i, ld := range p.loads {
		shape, elem := tileShape(ld.Result(0))
		layouts[i] = tiletonvgpu.BlockedLanes(shape, ir.IntOrFloatBitWidth(elem), int(k.Warps()), WaveSize)
	}
	sA, sB := unstaged(info), unstaged(info)
	if stagingFits(k.Chip(), info, 2) {
		sA = chooseStaging(info, layouts[0], 0, int(k.Warps()))
		sB = chooseStaging(info, layouts[1], 1, int(k.Warps()))
	}
	sizeA, sizeB := sA.size(info.bm), sB.size(info.bn)
	smA := k.Workgroup(ctx.MemRefType([]int64{2 * sizeA}, info.elem, nil, k.WorkgroupSpace()))
	smB := k.Workgroup(ctx.MemRefType([]int64{2 * sizeB}, info.elem, nil, k.WorkgroupSpace()))
	// prefetch loads the blocks of the iteration at iv and writes them to
	// the stages at offA and offB.
	fetch := func(iv ir.Value) ([2]ir.Value, error) {
		var regs [2]ir.Value
		saved := k.Get(oldIV)
		k.Set(oldIV, iv)
		defer k.Set(oldIV, saved)
		for i, ld := range p.loads {
			r, err := bufferLoad(k, ld, layouts[i])
			if err != nil {
				return regs, err
			}
			regs[i] = r
		}
		return regs, nil
	}
	write := func(regs [2]ir.Value, offA, offB ir.Value) {
		storeLDS(k, regs[0], layouts[0], smA, sA, offA, false)
		storeLDS(k, regs[1], layouts[1], smB, sB, offB, true)
	}
	lb, ub, step := k.Get(f.LowerBound()), k.Get(f.UpperBound()), k.Get(f.Step())
	// The prologue: the first iteration's blocks in stage 0.
	first, err := fetch(lb)
	if err != nil {
		return err
	}
	write(first, nil, nil)
	k.Op("gpu.barrier", nil, nil)
	var inits []ir.Value
	var types []ir.Type
	for _, v := range f.InitArgs() {
		nv := k.Get(v)
		inits = append(inits, nv)
		types = append(types, nv.Type())
	}
	inits = append(inits, k.C(0))
	types = append(types, ctx.IndexType())
	b := k.Builder()
	nf := b.Create(&ir.OperationState{Name: op.OpName(), Operands: append([]ir.Value{lb, ub, step}, inits...), ResultTypes: types,
		Properties: op.Properties(), Attributes: op.Attrs(), NumRegions: 1})
	saved := *b
	nb := b.CreateBlock(nf.Region(0), append([]ir.Type{ctx.IndexType()}, types...)...)
	for i, a := range body.Arguments() {
		k.Set(a, nb.Argument(i))
	}
	stage := nb.Argument(nb.NumArguments() - 1)
	var other ir.Value
	for o := body.First(); o != nil; o = o.Next() {
		b.Loc = o.Loc()
		switch {
		case o == p.dot:
			d, _ := tile.AsDotOp(o)
			// The next iteration's loads go out before the products.
			next, err := fetch(k.Add(nb.Argument(0), step))
			if err != nil {
				return err
			}
			acc := mfmaSteps(k, info, k.Get(d.Acc()), smA, smB, sA, sB, k.Mul(stage, sizeA), k.Mul(stage, sizeB))
			other = k.Bin("arith.subi", k.C(1), stage)
			write(next, k.Mul(other, sizeA), k.Mul(other, sizeB))
			k.Op("gpu.barrier", nil, nil)
			k.Set(d.Result(), acc)
		case o == body.Last():
			var vs []ir.Value
			for i := 0; i < o.NumOperands(); i++ {
				vs = append(vs, k.Get(o.Operand(i)))
			}
			b.Create(&ir.OperationState{Name: o.OpName(), Operands: append(vs, other), Properties: o.Properties()})
		default:
			if err := k.LowerOp(o); err != nil {
				return err
			}
		}
	}
	*b = saved
	for i := 0; i < op.NumResults(); i++ {
		k.Set(op.Result(i), nf.Result(i))
	}
	return nil
}
