package gpucommon

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/cf"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/memref"
)

// subgroupSize is the number of invocations of a subgroup the all-reduce
// rewrite assumes (a warp).
const subgroupSize = 32

// AllReducePattern rewrites the gpu.all_reduce operations of a gpu.func
// into shuffles within each subgroup, a workgroup buffer of the subgroups'
// partial results and barriers, as upstream's GpuAllReduceRewrite
// (populateGpuAllReducePatterns), which convert-gpu-to-nvvm and
// convert-gpu-to-rocdl run greedily before converting. It applies only
// when every gpu.all_reduce of the function is uniform.
func AllReducePattern() rewrite.Pattern {
	return &rewrite.Func{RootName: gpu.FuncOpName, BenefitValue: 1, PatternName: "gpu-all-reduce-rewrite",
		Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			fn, ok := gpu.AsFuncOp(op)
			if !ok {
				return false
			}
			var reduces []gpu.AllReduceOp
			uniform := true
			op.Walk(ir.PostOrder, func(o *ir.Operation) bool {
				if ar, ok := gpu.AsAllReduceOp(o); ok {
					if !ar.Uniform() {
						uniform = false
						return false
					}
					reduces = append(reduces, ar)
				}
				return true
			})
			if !uniform || len(reduces) == 0 {
				return false
			}
			// Every reduction must have an accumulator before anything
			// changes.
			for _, ar := range reduces {
				if ar.Body().First() == nil && !knownKind(ar) {
					return false
				}
			}
			for _, ar := range reduces {
				w := &allReduceRewriter{r: r, fn: fn, op: ar, loc: ar.Loc(), ctx: r.Builder.Ctx}
				if !w.rewrite() {
					return true
				}
			}
			return true
		}}
}

// knownKind reports whether the reduction kind of ar has an arithmetic
// operation for its value type.
func knownKind(ar gpu.AllReduceOp) bool {
	kind, ok := gpu.ReductionKind(ar.Op())
	if !ok {
		return false
	}
	_, isInt := ar.Value().Type().(*ir.IntegerType)
	_, ok = accumulatorOps(isInt)[kind]
	return ok
}

// allReduceRewriter rewrites one gpu.all_reduce; it keeps its own
// insertion point (block, before) in step with the rewriter's.
type allReduceRewriter struct {
	r      *rewrite.Rewriter
	fn     gpu.FuncOp
	op     gpu.AllReduceOp
	loc    ir.Location
	ctx    *ir.Context
	block  *ir.Block
	before *ir.Operation
}

func (w *allReduceRewriter) setBefore(op *ir.Operation) {
	w.block, w.before = op.Block(), op
	w.r.SetInsertionPoint(op)
}

func (w *allReduceRewriter) setStart(b *ir.Block) {
	w.block, w.before = b, b.First()
	w.r.SetInsertionPointToStart(b)
}

func (w *allReduceRewriter) setEnd(b *ir.Block) {
	w.block, w.before = b, nil
	w.r.SetInsertionPointToEnd(b)
}

// ins tells the rewriter's listener about a created operation.
func (w *allReduceRewriter) ins(op *ir.Operation) *ir.Operation {
	if w.r.Listener != nil {
		w.r.Listener.OperationInserted(op)
	}
	return op
}

func (w *allReduceRewriter) b() *ir.Builder { return w.r.Builder }

func (w *allReduceRewriter) i32(v int64) ir.Value {
	t := w.ctx.I(32)
	return w.ins(arith.BuildConstant(w.b(), w.loc, w.ctx.IntegerAttr(t, v), t).Operation).Result(0)
}

func (w *allReduceRewriter) index(v int64) ir.Value {
	t := w.ctx.IndexType()
	return w.ins(arith.BuildConstant(w.b(), w.loc, w.ctx.IntegerAttr(t, v), t).Operation).Result(0)
}

func (w *allReduceRewriter) muli(a, b ir.Value) ir.Value {
	return w.ins(arith.BuildMuli(w.b(), w.loc, a, b).Operation).Result(0)
}

func (w *allReduceRewriter) addi(a, b ir.Value) ir.Value {
	return w.ins(arith.BuildAddi(w.b(), w.loc, a, b).Operation).Result(0)
}

func (w *allReduceRewriter) subi(a, b ir.Value) ir.Value {
	return w.ins(arith.BuildSubi(w.b(), w.loc, a, b).Operation).Result(0)
}

func (w *allReduceRewriter) cmpi(p arith.CmpIPredicate, a, b ir.Value) ir.Value {
	return w.ins(arith.BuildCmpi(w.b(), w.loc, a, b, p).Operation).Result(0)
}

func (w *allReduceRewriter) indexCast(v ir.Value, t ir.Type) ir.Value {
	return w.ins(arith.BuildIndexCast(w.b(), w.loc, v, t).Operation).Result(0)
}

// dim reads a gpu identifier of dimension d (build is gpu.BuildThreadId's
// or gpu.BuildBlockDim's shape) as an i32.
func (w *allReduceRewriter) dim(read func(dim ir.Attribute) *ir.Operation, d string) ir.Value {
	a, err := gpu.DimensionAttr(w.ctx, d)
	if err != nil {
		w.b().Errorf("%v", err)
		return nil
	}
	v := w.ins(read(a)).Result(0)
	return w.indexCast(v, w.ctx.I(32))
}

// divideBySubgroupSize returns v / 32.
func (w *allReduceRewriter) divideBySubgroupSize(v ir.Value) ir.Value {
	return w.ins(arith.BuildDivsi(w.b(), w.loc, v, w.i32(subgroupSize)).Operation).Result(0)
}

// createIf splits the block at the insertion point into a conditional
// branch to a then block and an else block, both branching to a continue
// block with the values their factories return; the insertion point ends
// at the start of the continue block, whose arguments are those values.
func (w *allReduceRewriter) createIf(cond ir.Value, then, els func() []ir.Value) *ir.Block {
	cur := w.block
	thenB := w.r.SplitBlock(cur, w.before)
	elseB := w.r.SplitBlock(thenB, thenB.First())
	contB := w.r.SplitBlock(elseB, elseB.First())
	w.setEnd(cur)
	w.ins(cf.BuildCondBr(w.b(), w.loc, cond, nil, nil, thenB, elseB).Operation)
	w.setStart(thenB)
	tv := then()
	w.ins(cf.BuildBr(w.b(), w.loc, tv, contB).Operation)
	w.setStart(elseB)
	ev := els()
	w.ins(cf.BuildBr(w.b(), w.loc, ev, contB).Operation)
	w.setStart(contB)
	for _, v := range tv {
		contB.AddArgument(v.Type(), w.loc)
	}
	return contB
}

// createIfElse is createIf with one value, which it returns.
func (w *allReduceRewriter) createIfElse(cond ir.Value, then, els func() ir.Value) ir.Value {
	cont := w.createIf(cond, func() []ir.Value { return []ir.Value{then()} }, func() []ir.Value { return []ir.Value{els()} })
	return cont.Argument(0)
}

// predicated runs body only where cond holds.
func (w *allReduceRewriter) predicated(cond ir.Value, body func()) {
	w.createIf(cond, func() []ir.Value { body(); return nil }, func() []ir.Value { return nil })
}

// accumulatorOps are the arithmetic operations of the reduction kinds for
// integer or floating-point values (vector::makeArithReduction).
func accumulatorOps(isInt bool) map[string]func(b *ir.Builder, loc ir.Location, x, y ir.Value) *ir.Operation {
	if isInt {
		return map[string]func(b *ir.Builder, loc ir.Location, x, y ir.Value) *ir.Operation{
			"add": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
				return arith.BuildAddi(b, l, x, y).Operation
			},
			"mul": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
				return arith.BuildMuli(b, l, x, y).Operation
			},
			"minui": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
				return arith.BuildMinui(b, l, x, y).Operation
			},
			"minsi": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
				return arith.BuildMinsi(b, l, x, y).Operation
			},
			"maxui": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
				return arith.BuildMaxui(b, l, x, y).Operation
			},
			"maxsi": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
				return arith.BuildMaxsi(b, l, x, y).Operation
			},
			"and": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
				return arith.BuildAndi(b, l, x, y).Operation
			},
			"or": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
				return arith.BuildOri(b, l, x, y).Operation
			},
			"xor": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
				return arith.BuildXori(b, l, x, y).Operation
			},
		}
	}
	return map[string]func(b *ir.Builder, loc ir.Location, x, y ir.Value) *ir.Operation{
		"add": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
			return arith.BuildAddf(b, l, x, y).Operation
		},
		"mul": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
			return arith.BuildMulf(b, l, x, y).Operation
		},
		"minnumf": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
			return arith.BuildMinnumf(b, l, x, y).Operation
		},
		"maxnumf": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
			return arith.BuildMaxnumf(b, l, x, y).Operation
		},
		"minimumf": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
			return arith.BuildMinimumf(b, l, x, y).Operation
		},
		"maximumf": func(b *ir.Builder, l ir.Location, x, y ir.Value) *ir.Operation {
			return arith.BuildMaximumf(b, l, x, y).Operation
		},
	}
}

// accumulate combines two values with the reduction's body (inlined
// between a split of the insertion block) or with its kind's operation.
func (w *allReduceRewriter) accumulate(lhs, rhs ir.Value) ir.Value {
	if w.op.Body().First() == nil {
		kind, _ := gpu.ReductionKind(w.op.Op())
		_, isInt := lhs.Type().(*ir.IntegerType)
		return w.ins(accumulatorOps(isInt)[kind](w.b(), w.loc, lhs, rhs)).Result(0)
	}
	block := w.block
	split := w.r.SplitBlock(block, w.before)
	clone := w.op.Operation.Clone(nil)
	body := clone.Region(0)
	entry := body.First()
	for i, v := range []ir.Value{lhs, rhs} {
		if i < entry.NumArguments() {
			w.r.ReplaceAllUsesWith(entry.Argument(i), v)
		}
	}
	for entry.NumArguments() > 0 {
		entry.EraseArgument(entry.NumArguments() - 1)
	}
	w.r.InlineRegionBefore(body, block.Parent(), split)
	w.setEnd(block)
	w.ins(cf.BuildBr(w.b(), w.loc, nil, block.Next()).Operation)
	for b := block.Next(); b != split; b = b.Next() {
		term := b.Last()
		if _, ok := gpu.AsYieldOp(term); !ok || term.NumOperands() == 0 {
			continue
		}
		w.setEnd(b)
		w.ins(cf.BuildBr(w.b(), w.loc, []ir.Value{term.Operand(0)}, split).Operation)
		w.r.EraseOp(term)
	}
	w.setStart(split)
	return split.AddArgument(lhs.Type(), valueLoc(w.ctx, lhs))
}

// valueLoc is the location of a value: its defining operation's or its
// block argument's.
func valueLoc(ctx *ir.Context, v ir.Value) ir.Location {
	if op := ir.DefiningOp(v); op != nil {
		return op.Loc()
	}
	if a, ok := v.(*ir.BlockArgument); ok && a.Loc != nil {
		return a.Loc
	}
	return ctx.UnknownLoc()
}

// subgroupReduce reduces operand over the first activeWidth lanes of the
// subgroup (all of them when activeWidth is 32 or more); the first lane
// holds the result.
func (w *allReduceRewriter) subgroupReduce(activeWidth, operand ir.Value) ir.Value {
	size := w.i32(subgroupSize)
	partial := w.cmpi(arith.CmpIPredicateSlt, activeWidth, size)
	shuffle := func(v ir.Value, offset int64, width ir.Value) gpu.ShuffleOp {
		o := w.i32(offset)
		mode, err := gpu.ShuffleModeAttr(w.ctx, "xor")
		if err != nil {
			w.b().Errorf("%v", err)
		}
		s := gpu.BuildShuffle(w.b(), w.loc, v, o, width, mode)
		w.ins(s.Operation)
		return s
	}
	return w.createIfElse(partial, func() ir.Value {
		value := operand
		for i := int64(1); i < subgroupSize; i <<= 1 {
			s := shuffle(value, i, activeWidth)
			cur := value
			value = w.createIfElse(s.Operation.Result(1), func() ir.Value {
				return w.accumulate(cur, s.Operation.Result(0))
			}, func() ir.Value { return cur })
		}
		return value
	}, func() ir.Value {
		value := operand
		for i := int64(1); i < subgroupSize; i <<= 1 {
			s := shuffle(value, i, size)
			value = w.accumulate(value, s.Operation.Result(0))
		}
		return value
	})
}

// rewrite replaces the reduction: each subgroup reduces its values, the
// first lane of each writes the partial result to a workgroup buffer, the
// first subgroup reduces those after a barrier and writes the result to
// the buffer's first element, which every invocation reads after a second
// barrier.
func (w *allReduceRewriter) rewrite() bool {
	ctx := w.ctx
	w.setBefore(w.op.Operation)
	blockDim := func(a ir.Attribute) *ir.Operation { return gpu.BuildBlockDim(w.b(), w.loc, a).Operation }
	threadID := func(a ir.Attribute) *ir.Operation { return gpu.BuildThreadId(w.b(), w.loc, a).Operation }
	dimX, dimY, dimZ := w.dim(blockDim, "x"), w.dim(blockDim, "y"), w.dim(blockDim, "z")
	tidX, tidY, tidZ := w.dim(threadID, "x"), w.dim(threadID, "y"), w.dim(threadID, "z")
	tmp1 := w.muli(tidZ, dimY)
	tmp2 := w.addi(tmp1, tidY)
	tmp3 := w.muli(tmp2, dimX)
	tmp4 := w.muli(dimX, dimY)
	invocation := w.addi(tmp3, tidX)
	workgroupSize := w.muli(tmp4, dimZ)

	mask := w.i32(subgroupSize - 1)
	laneID := w.ins(arith.BuildAndi(w.b(), w.loc, invocation, mask).Operation).Result(0)
	isFirstLane := w.cmpi(arith.CmpIPredicateEq, laneID, w.i32(0))
	before := w.subi(invocation, laneID)
	activeWidth := w.subi(workgroupSize, before)

	vt := w.op.Value().Type()
	partial := w.subgroupReduce(activeWidth, w.op.Value())

	space, err := gpu.WorkgroupAddressSpace(ctx)
	if err != nil {
		w.b().Errorf("%v", err)
		return false
	}
	buffer, err := w.fn.AddWorkgroupAttribution(ctx.MemRefType([]int64{subgroupSize}, vt, nil, space), ctx.UnknownLoc())
	if err != nil {
		w.b().Errorf("%v", err)
		return false
	}

	w.predicated(isFirstLane, func() {
		subgroupID := w.divideBySubgroupSize(invocation)
		index := w.indexCast(subgroupID, ctx.IndexType())
		w.ins(memref.BuildStore(w.b(), w.loc, partial, buffer, []ir.Value{index}).Operation)
	})
	w.ins(gpu.BuildBarrier(w.b(), w.loc).Operation)

	biased := w.addi(workgroupSize, mask)
	numSubgroups := w.divideBySubgroupSize(biased)
	isValid := w.cmpi(arith.CmpIPredicateSlt, invocation, numSubgroups)
	zero := w.index(0)
	w.predicated(isValid, func() {
		index := w.indexCast(invocation, ctx.IndexType())
		value := w.ins(memref.BuildLoad(w.b(), w.loc, buffer, []ir.Value{index}).Operation).Result(0)
		result := w.subgroupReduce(numSubgroups, value)
		w.ins(memref.BuildStore(w.b(), w.loc, result, buffer, []ir.Value{zero}).Operation)
	})
	w.ins(gpu.BuildBarrier(w.b(), w.loc).Operation)
	result := w.ins(memref.BuildLoad(w.b(), w.loc, buffer, []ir.Value{zero}).Operation).Result(0)
	w.r.ReplaceOp(w.op.Operation, []ir.Value{result})
	return true
}
