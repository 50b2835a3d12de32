// Package gpuasyncregion is gpu-async-region, upstream's
// GpuAsyncRegionPass: within each function, the gpu operations that can
// run asynchronously (gpu.AsyncOp) are made asynchronous and chained
// through !gpu.async.token values. A chain starts with a `gpu.wait async`
// before the first such operation of a block; each operation depends on
// the token of the previous one; and a synchronous `gpu.wait` on the last
// token ends the chain before the block's terminator or before any other
// operation with side effects, so that the host sees the same order of
// effects as before. The synchronous gpu.wait that ends the body of an
// async.execute is then moved to the users of its token (execute.go).
package gpuasyncregion

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/gpu"
)

// Argument is the pass's command-line name.
const Argument = "gpu-async-region"

type asyncRegionPass struct{ pass.Info }

// New returns gpu-async-region, which runs on func.func.
func New() pass.Pass {
	return &asyncRegionPass{Info: pass.Info{Argument: Argument, Name: "GpuAsyncRegionPass",
		Summary: "Make GPU ops async", OpName: "func.func"}}
}

func (p *asyncRegionPass) Run(op *ir.Operation, st *pass.State) error {
	if bad := Run(op); bad != nil {
		return st.EmitError(bad, "replace with gpu.launch_func first")
	}
	deferWaits(op)
	singleTokenUses(op)
	return nil
}

// Pass registers gpu-async-region (imported packages register their
// passes in init, see docs/passes.md).
var Pass = pass.Registration{Argument: Argument, New: New}

func init() { pass.Register(Pass) }

// Run threads tokens through the gpu operations nested in op, visiting
// the blocks in post-order as upstream does. It stops at a gpu.launch,
// which must be outlined first, and returns it.
func Run(op *ir.Operation) *ir.Operation {
	t := &threader{b: ir.NewBuilder(op.Context())}
	return t.walk(op)
}

// threader carries the current token from one operation to the next.
type threader struct {
	b *ir.Builder
	// token is the current token, nil outside a chain.
	token ir.Value
}

func (t *threader) walk(op *ir.Operation) *ir.Operation {
	for i := 0; i < op.NumRegions(); i++ {
		for b := op.Region(i).First(); b != nil; b = b.Next() {
			for o := b.First(); o != nil; {
				next := o.Next()
				if bad := t.walk(o); bad != nil {
					return bad
				}
				o = next
			}
			if bad := t.block(b); bad != nil {
				return bad
			}
		}
	}
	return nil
}

func (t *threader) block(b *ir.Block) *ir.Operation {
	for o := b.First(); o != nil; {
		next := o.Next()
		if bad := t.visit(o); bad != nil {
			return bad
		}
		o = next
	}
	return nil
}

// visit threads the current token through op when it is a gpu.AsyncOp,
// and ends the chain before a terminator or an operation with side
// effects.
func (t *threader) visit(op *ir.Operation) *ir.Operation {
	if _, ok := gpu.AsLaunchOp(op); ok {
		return op
	}
	model, async := gpu.AsyncOp.Of(op)
	if _, ok := gpu.AsWaitOp(op); ok {
		if t.token != nil {
			model.AddAsyncDependency(op, t.token)
		}
		t.token = model.AsyncToken(op)
		return nil
	}
	t.b.SetInsertionPoint(op)
	if async {
		t.makeAsync(op, model)
		return nil
	}
	if t.token == nil {
		return nil
	}
	if op.MightHaveTrait(ir.IsTerminator) || !op.IsMemoryEffectFree() {
		gpu.BuildWait(t.b, op.Loc(), []ir.Value{t.token})
		t.token = nil
	}
	return nil
}

// makeAsync makes op depend on the current token (starting a chain when
// there is none) and its token the current one, replacing op with an
// asynchronous copy when it has no token.
func (t *threader) makeAsync(op *ir.Operation, model gpu.AsyncOpModel) {
	ctx := t.b.Ctx
	tokenType := gpu.AsyncTokenType(ctx)
	if t.token == nil {
		t.token = gpu.BuildWait(t.b, op.Loc(), nil, gpu.WaitOptions{AsyncTokenType: tokenType}).AsyncToken()
	}
	model.AddAsyncDependency(op, t.token)
	if tok := model.AsyncToken(op); tok != nil {
		t.token = tok
		return
	}
	st := &ir.OperationState{Name: op.OpName(), Loc: op.Loc(), Operands: op.Operands(),
		ResultTypes: append(op.ResultTypes(), tokenType), Properties: op.Properties(), Attributes: op.Attrs()}
	nop := t.b.Create(st)
	results := nop.Results()
	for i := 0; i < op.NumResults(); i++ {
		ir.ReplaceAllUsesWith(op.Result(i), results[i])
	}
	t.token = results[len(results)-1]
	op.Erase()
}
