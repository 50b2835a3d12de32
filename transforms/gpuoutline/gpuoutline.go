// Package gpuoutline holds the passes that turn gpu.launch regions into
// kernels, as upstream's KernelOutlining.cpp: gpu-launch-sink-index-computations
// moves the constants and index computations a launch body uses into it,
// and gpu-kernel-outlining moves each launch body into a gpu.func kernel of
// its own gpu.module and replaces the launch with a gpu.launch_func.
package gpuoutline

import (
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/memref"
)

// usedValuesDefinedAbove returns the values used in r (nested regions
// included) that are defined outside it, in the order of a post-order
// walk, each once (MLIR's getUsedValuesDefinedAbove).
func usedValuesDefinedAbove(r *ir.Region) []ir.Value {
	var out []ir.Value
	seen := map[ir.Value]bool{}
	for b := r.First(); b != nil; b = b.Next() {
		for op := b.First(); op != nil; op = op.Next() {
			op.Walk(ir.PostOrder, func(o *ir.Operation) bool {
				for i := 0; i < o.NumOperands(); i++ {
					v := o.Operand(i)
					if seen[v] || definedIn(v, r) {
						continue
					}
					seen[v] = true
					out = append(out, v)
				}
				return true
			})
		}
	}
	return out
}

// definedIn reports whether v is defined in r or a region nested in it.
func definedIn(v ir.Value, r *ir.Region) bool {
	var vr *ir.Region
	switch v := v.(type) {
	case *ir.BlockArgument:
		vr = v.Owner().Parent()
	case *ir.OpResult:
		if b := v.Owner().Block(); b != nil {
			vr = b.Parent()
		}
	}
	for ; vr != nil; vr = parentRegion(vr) {
		if vr == r {
			return true
		}
	}
	return false
}

func parentRegion(r *ir.Region) *ir.Region {
	op := r.ParentOp()
	if op == nil || op.Block() == nil {
		return nil
	}
	return op.Block().Parent()
}

// isIndexComputation is upstream's isLikelyAnIndexComputation: constants,
// memref.dim, arith.select and arith.cmpi are worth duplicating into a
// kernel rather than passing as arguments.
func isIndexComputation(op *ir.Operation) bool {
	if op.HasTrait(ir.ConstantLike) {
		return true
	}
	_, dim := memref.AsDimOp(op)
	_, sel := arith.AsSelectOp(op)
	_, cmp := arith.AsCmpiOp(op)
	return dim || sel || cmp
}

// SinkIndexComputations clones into the body of launch the operations,
// defined above it, that isIndexComputation accepts and whose operands are
// available there, and redirects the body's uses to the clones.
func SinkIndexComputations(launch gpu.LaunchOp) {
	body := launch.Body()
	candidates := usedValuesDefinedAbove(body)
	isCandidate := map[ir.Value]bool{}
	for _, v := range candidates {
		isCandidate[v] = true
	}
	available := map[ir.Value]bool{}
	chosen := map[*ir.Operation]bool{}
	var order []*ir.Operation
	var extract func(op *ir.Operation) bool
	extract = func(op *ir.Operation) bool {
		if chosen[op] {
			return true
		}
		if !isIndexComputation(op) {
			return false
		}
		for i := 0; i < op.NumOperands(); i++ {
			v := op.Operand(i)
			if available[v] {
				continue
			}
			r, ok := v.(*ir.OpResult)
			if (!ok || !extract(r.Owner())) && !isCandidate[v] {
				return false
			}
		}
		chosen[op] = true
		order = append(order, op)
		for i := 0; i < op.NumResults(); i++ {
			available[op.Result(i)] = true
		}
		return true
	}
	for _, v := range candidates {
		if r, ok := v.(*ir.OpResult); ok {
			extract(r.Owner())
		}
	}
	entry := body.First()
	if entry == nil {
		return
	}
	mark := entry.First()
	mapping := map[ir.Value]ir.Value{}
	for _, op := range order {
		c := op.Clone(mapping)
		entry.InsertBefore(mark, c)
		for i := 0; i < op.NumResults(); i++ {
			replaceUsesIn(op.Result(i), c.Result(i), body)
		}
	}
}

// replaceUsesIn redirects the uses of from inside r to to.
func replaceUsesIn(from, to ir.Value, r *ir.Region) {
	var uses []*ir.OpOperand
	for u := from.FirstUse(); u != nil; u = u.Next() {
		if u.Owner().Block() != nil && definedInBlockOf(u.Owner(), r) {
			uses = append(uses, u)
		}
	}
	for _, u := range uses {
		u.Set(to)
	}
}

// definedInBlockOf reports whether op is nested in r.
func definedInBlockOf(op *ir.Operation, r *ir.Region) bool {
	for b := op.Block(); b != nil; {
		if b.Parent() == r {
			return true
		}
		p := b.Parent().ParentOp()
		if p == nil {
			return false
		}
		b = p.Block()
	}
	return false
}

func parseGPUAttr(ctx *ir.Context, s string) (ir.Attribute, error) {
	return asm.ParseAttrString(ctx, s, nil)
}
