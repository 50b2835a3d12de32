package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// MaxStages is the deepest software pipeline of a GEMM's k loop.
const MaxStages = 3

// StaticSharedBytes is the shared memory a kernel may declare statically.
const StaticSharedBytes = 48 * 1024

// pipeline is the software pipeline of a k loop whose body loads the two
// operands of its one tile.dot straight from memrefs: the cp.async copies
// of the blocks of the next stages-1 iterations are in flight while the
// tensor cores work on the current one, in a ring of shared-memory stages.
type pipeline struct {
	body       *ir.Block
	dot        *ir.Operation
	loads      [2]tile.LoadOp
	info       *dotShape
	stages     int64
	sm         [2]ir.Value
	sw         [2]Swizzle
	size       [2]int64
	iv, ub     ir.Value
	step       ir.Value
	rs, ws     ir.Value
	tok        ir.Value
	next       []ir.Value
	oldIV      ir.Value
	loadShapes [2][]int64
}

// plan returns the pipeline of loop f, or nil when its body is not a
// product of two blocks copied by cp.async (or the stages do not fit).
func (k *kernel) plan(f scf.ForOp) *pipeline {
	body := f.Region().First()
	var dot *ir.Operation
	for op := body.First(); op != nil; op = op.Next() {
		if op.NumRegions() != 0 {
			return nil
		}
		if isOp(op, tile.AsDotOp) {
			if dot != nil {
				return nil
			}
			dot = op
		}
	}
	if dot == nil {
		return nil
	}
	d, _ := tile.AsDotOp(dot)
	p := &pipeline{body: body, dot: dot, oldIV: body.Argument(0)}
	for i, v := range []ir.Value{d.A(), d.B()} {
		def := ir.DefiningOp(v)
		if def == nil || def.Block() != body || !feedsDot(def) {
			return nil
		}
		ld, _ := tile.AsLoadOp(def)
		shape, _, _ := tileShape(v)
		if !k.asyncCopyOK(ld, shape) {
			return nil
		}
		p.loads[i] = ld
		p.loadShapes[i] = shape
	}
	// Every other operation of the body computes scalars.
	for op := body.First(); op != nil; op = op.Next() {
		if op == dot || op == p.loads[0].Operation || op == p.loads[1].Operation || op == body.Last() {
			continue
		}
		for i := 0; i < op.NumResults(); i++ {
			if isTile(op.Result(i)) {
				return nil
			}
		}
	}
	info, err := k.dotInfo(dot)
	if err != nil {
		return nil
	}
	p.info = info
	p.size = [2]int64{info.bm * info.bk, info.bk * info.bn}
	stageBytes := (p.size[0] + p.size[1]) * int64(bitWidth(info.aElem)/8)
	p.stages = min(MaxStages, StaticSharedBytes/stageBytes)
	if p.stages < 2 {
		return nil
	}
	p.sw = [2]Swizzle{info.sa, info.sb}
	return p
}

// indicesAt returns the lowered block indices of load ld at iteration
// value at: the scalar operations of the body that compute them, again
// with the induction variable replaced.
func (k *kernel) indicesAt(p *pipeline, ld tile.LoadOp, at ir.Value) []ir.Value {
	memo := map[ir.Value]ir.Value{}
	var eval func(v ir.Value) ir.Value
	eval = func(v ir.Value) ir.Value {
		if v == p.oldIV {
			return at
		}
		def := ir.DefiningOp(v)
		if def == nil || def.Block() != p.body {
			return k.get(v)
		}
		if x, ok := memo[v]; ok {
			return x
		}
		m := map[ir.Value]ir.Value{}
		for i := 0; i < def.NumOperands(); i++ {
			m[def.Operand(i)] = eval(def.Operand(i))
		}
		c := def.Clone(m)
		k.b.Insert(c)
		for i := 0; i < def.NumResults(); i++ {
			memo[def.Result(i)] = c.Result(i)
		}
		return memo[v]
	}
	var out []ir.Value
	for _, x := range ld.Indices() {
		out = append(out, eval(x))
	}
	return out
}

// prefetch issues the copies of iteration at into stage (an element
// index of the ring) and commits them as one group, which names the
// tokens of its copies.
func (k *kernel) prefetch(p *pipeline, at, stage ir.Value) ir.Value {
	valid := k.cmp(2, at, p.ub)
	var toks []ir.Value
	for i := range p.loads {
		idx := k.indicesAt(p, p.loads[i], at)
		off := k.bin("arith.muli", stage, k.c(p.size[i]))
		toks = append(toks, k.asyncCopyAt(p.loads[i], p.sm[i], p.sw[i], p.loadShapes[i], idx, off, valid)...)
	}
	k.asyncIssued = false
	return k.val("nvgpu.device_async_create_group", toks, k.tokenType())
}

// lowerPipelinedFor lowers loop op with pipeline p: a prologue issues the
// first stages-1 iterations' copies, each iteration waits for its own
// (cp.async.wait_group stages-2), computes, and issues those of the
// iteration stages-1 ahead into the stage the previous iteration read;
// the read and write stages and the last group's token are carried.
func (k *kernel) lowerPipelinedFor(op *ir.Operation, p *pipeline) error {
	f, _ := scf.AsForOp(op)
	lb, ub, step := k.get(f.LowerBound()), k.get(f.UpperBound()), k.get(f.Step())
	p.ub, p.step = ub, step
	p.sm[0] = k.workgroup(k.ctx.MemRefType([]int64{p.stages * p.size[0]}, p.info.aElem, nil, k.workgroupSpace()))
	p.sm[1] = k.workgroup(k.ctx.MemRefType([]int64{p.stages * p.size[1]}, p.info.bElem, nil, k.workgroupSpace()))
	var tok ir.Value
	for s := int64(0); s < p.stages-1; s++ {
		at := k.add(lb, k.bin("arith.muli", step, k.c(s)))
		tok = k.prefetch(p, at, k.c(s))
	}
	inits, types := k.getAll(f.InitArgs())
	n := len(inits)
	inits = append(inits, k.c(0), k.c(p.stages-1), tok)
	types = append(types, k.index(), k.index(), k.tokenType())
	operands := append([]ir.Value{lb, ub, step}, inits...)
	nf := k.b.Create(&ir.OperationState{Name: op.OpName(), Operands: operands, ResultTypes: types,
		Properties: op.Properties(), Attributes: op.Attrs(), NumRegions: 1})
	old := f.Region().First()
	saved := *k.b
	body := k.b.CreateBlock(nf.Region(0), append([]ir.Type{k.index()}, types...)...)
	for i, a := range old.Arguments() {
		k.vals[a] = body.Argument(i)
	}
	p.iv = body.Argument(0)
	p.rs, p.ws, p.tok = body.Argument(n+1), body.Argument(n+2), body.Argument(n+3)
	k.pipe = p
	err := k.lowerBlock(old)
	k.pipe = nil
	if err != nil {
		return err
	}
	*k.b = saved
	for i := 0; i < op.NumResults(); i++ {
		k.vals[op.Result(i)] = nf.Result(i)
	}
	// The copies past the end only zero-filled stages nobody reads; let
	// them land before the shared memory is used again.
	k.waitGroups(nf.Result(n+2), 0)
	return nil
}

// pipelinedDot is the tile.dot of a pipelined loop.
func (k *kernel) pipelinedDot(op *ir.Operation, info *dotShape) error {
	p := k.pipe
	d, _ := tile.AsDotOp(op)
	k.waitGroups(p.tok, p.stages-2)
	k.op("gpu.barrier", nil, nil)
	offA := k.bin("arith.muli", p.rs, k.c(p.size[0]))
	offB := k.bin("arith.muli", p.rs, k.c(p.size[1]))
	acc := k.mma(info, k.get(d.Acc()), p.sm[0], p.sm[1], offA, offB)
	ahead := k.add(p.iv, k.bin("arith.muli", p.step, k.c(p.stages-1)))
	tok := k.prefetch(p, ahead, p.ws)
	wrap := func(s ir.Value) ir.Value {
		n := k.add(s, k.c(1))
		return k.sel(k.cmp(0, n, k.c(p.stages)), k.c(0), n)
	}
	p.next = []ir.Value{wrap(p.rs), wrap(p.ws), tok}
	k.vals[d.Result()] = acc
	return nil
}
