package deadvalues

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
)

// cleanup erases what the analysis found dead, as MLIR's pass does: the
// uses of a dead value are all dead themselves (operands of dead
// operations, operands forwarded to dead block arguments or returned as
// dead results), so they are dropped together with it. It reports whether
// anything changed, and an error if a live operation was left using a
// removed value (which would be a bug of the analysis).
func (a *analysis) cleanup(top *ir.Operation) (bool, error) {
	changed := false
	for _, f := range a.privateInOrder(top) {
		changed = a.trimSignature(f) || changed
	}
	changed = a.eraseDeadBlockArguments(top) || changed
	changed = a.eraseDeadOperations(top) || changed
	var err error
	top.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		for i := 0; i < op.NumOperands() && err == nil; i++ {
			if op.Operand(i) == nil {
				err = fmt.Errorf("remove-dead-values: operand #%d of '%s' lost its value", i, op.Name())
			}
		}
		return err == nil
	})
	return changed, err
}

// dropUses detaches every use of v.
func dropUses(v ir.Value) {
	for u := v.FirstUse(); u != nil; u = v.FirstUse() {
		u.Set(nil)
	}
}

// privateInOrder returns the analyzable private callables in the order of
// the symbol table.
func (a *analysis) privateInOrder(top *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	if top.NumRegions() == 0 {
		return nil
	}
	for b := top.Region(0).First(); b != nil; b = b.Next() {
		for op := b.First(); op != nil; op = op.Next() {
			if a.private[op] {
				out = append(out, op)
			}
		}
	}
	return out
}

// eraseDeadBlockArguments removes the dead arguments of non-entry blocks
// whose predecessors are all branches that can drop forwarded operands.
func (a *analysis) eraseDeadBlockArguments(top *ir.Operation) bool {
	changed := false
	top.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		for i := 0; i < op.NumRegions(); i++ {
			for b := op.Region(i).First(); b != nil; b = b.Next() {
				if b.IsEntry() || !a.predecessorsEditable(b) {
					continue
				}
				for k := b.NumArguments() - 1; k >= 0; k-- {
					if a.live[b.Argument(k)] {
						continue
					}
					for u := b.FirstUse(); u != nil; u = u.Next() {
						pred := u.Owner()
						br, _ := ir.BranchOp.Of(pred)
						fwd := br.BranchSuccessorOperands(pred, u.Index())
						br.SetBranchSuccessorOperands(pred, u.Index(), append(append([]ir.Value(nil), fwd[:k]...), fwd[k+1:]...))
					}
					dropUses(b.Argument(k))
					b.EraseArgument(k)
					changed = true
				}
			}
		}
		return true
	})
	return changed
}

func (a *analysis) predecessorsEditable(b *ir.Block) bool {
	for u := b.FirstUse(); u != nil; u = u.Next() {
		br, ok := ir.BranchOp.Of(u.Owner())
		if !ok || len(br.BranchSuccessorOperands(u.Owner(), u.Index())) != b.NumArguments() {
			return false
		}
	}
	return true
}

// eraseDeadOperations erases side-effect-free operations none of whose
// results is live, users before definitions.
func (a *analysis) eraseDeadOperations(top *ir.Operation) bool {
	var ops []*ir.Operation
	top.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if op != top {
			ops = append(ops, op)
		}
		return true
	})
	erased := map[*ir.Operation]bool{}
	changed := false
	for i := len(ops) - 1; i >= 0; i-- {
		op := ops[i]
		if op.MightHaveTrait(ir.IsTerminator) || !op.IsMemoryEffectFree() || a.callee[op] != nil || a.anyLiveResult(op) {
			continue
		}
		inside := false
		for p := op.ParentOp(); p != nil && !inside; p = p.ParentOp() {
			inside = erased[p]
		}
		if inside {
			continue
		}
		for r := 0; r < op.NumResults(); r++ {
			dropUses(op.Result(r))
		}
		op.Erase()
		erased[op] = true
		changed = true
	}
	return changed
}

func (a *analysis) anyLiveResult(op *ir.Operation) bool {
	for r := 0; r < op.NumResults(); r++ {
		if a.live[op.Result(r)] {
			return true
		}
	}
	return false
}

// trimSignature removes the dead arguments and the results no call uses
// from the private function f, its calls and its returns.
func (a *analysis) trimSignature(f *ir.Operation) bool {
	ft, ok := f.InherentAttr("function_type").(*ir.TypeAttr)
	if !ok {
		return false
	}
	fnType, ok := ft.Type.(*ir.FunctionType)
	if !ok {
		return false
	}
	entry := body(f).First()
	deadArg := make([]bool, entry.NumArguments())
	anyDead := false
	for i := range deadArg {
		deadArg[i] = !a.live[entry.Argument(i)]
		anyDead = anyDead || deadArg[i]
	}
	deadRes := make([]bool, len(fnType.Results))
	for i := range deadRes {
		deadRes[i] = true
		for _, c := range a.calls[f] {
			if i < c.NumResults() && a.live[c.Result(i)] {
				deadRes[i] = false
			}
		}
		anyDead = anyDead || deadRes[i]
	}
	if !anyDead || len(deadArg) != len(fnType.Inputs) {
		return false
	}
	ctx := f.Context()
	for _, ret := range a.returns[f] {
		ret.SetOperands(keep(ret.Operands(), deadRes))
	}
	for i := len(deadArg) - 1; i >= 0; i-- {
		if deadArg[i] {
			dropUses(entry.Argument(i))
			entry.EraseArgument(i)
		}
	}
	f.SetAttr("function_type", ctx.TypeAttr(ctx.FunctionType(keep(fnType.Inputs, deadArg), keep(fnType.Results, deadRes))))
	if arr, ok := f.InherentAttr("arg_attrs").(*ir.ArrayAttr); ok && len(arr.Elems) == len(deadArg) {
		f.SetAttr("arg_attrs", ctx.ArrayAttr(keep(arr.Elems, deadArg)))
	}
	if arr, ok := f.InherentAttr("res_attrs").(*ir.ArrayAttr); ok && len(arr.Elems) == len(deadRes) {
		f.SetAttr("res_attrs", ctx.ArrayAttr(keep(arr.Elems, deadRes)))
	}
	calls := a.calls[f]
	a.calls[f] = nil
	for _, c := range calls {
		var types []ir.Type
		for i := 0; i < c.NumResults(); i++ {
			if !deadRes[i] {
				types = append(types, c.Result(i).Type())
			}
		}
		nc := ir.NewOperation(&ir.OperationState{
			Name: c.OpName(), Loc: c.Loc(), Operands: keep(c.Operands(), deadArg),
			ResultTypes: types, Properties: c.Properties(), Attributes: c.Attrs(),
		})
		c.Block().InsertBefore(c, nc)
		at := 0
		for i := 0; i < c.NumResults(); i++ {
			if deadRes[i] {
				dropUses(c.Result(i))
				continue
			}
			ir.ReplaceAllUsesWith(c.Result(i), nc.Result(at))
			a.live[nc.Result(at)] = true
			at++
		}
		delete(a.callee, c)
		a.callee[nc] = f
		a.calls[f] = append(a.calls[f], nc)
		c.Erase()
	}
	return true
}

// keep returns the elements of xs whose drop flag is false.
func keep[T any](xs []T, drop []bool) []T {
	var out []T
	for i, x := range xs {
		if i >= len(drop) || !drop[i] {
			out = append(out, x)
		}
	}
	return out
}
