// Package deadvalues removes values that nothing observes (MLIR's
// remove-dead-values pass): a backward liveness analysis over SSA values,
// then the erasure of dead side-effect-free operations, of dead arguments
// and results of private functions (with their call sites), and of dead
// block arguments with the operands branches forward to them.
//
// Operations with regions that branch between them (region-branch
// operations such as scf.for) keep all their operands, results and region
// arguments: only the operations nested in them are cleaned.
package deadvalues

import (
	"github.com/strata-ir/strata/core/ir"
)

type analysis struct {
	live    map[ir.Value]bool
	work    []ir.Value
	symtab  *ir.SymbolTable
	private map[*ir.Operation]bool            // callables whose uses are all calls
	calls   map[*ir.Operation][]*ir.Operation // private callable -> its calls
	returns map[*ir.Operation][]*ir.Operation // private callable -> return-like terminators
	callee  map[*ir.Operation]*ir.Operation   // call -> private callable
}

// Run removes the dead values of top (normally a module) and reports
// whether anything changed.
func Run(top *ir.Operation) (bool, error) {
	a := &analysis{live: map[ir.Value]bool{}, private: map[*ir.Operation]bool{},
		calls: map[*ir.Operation][]*ir.Operation{}, returns: map[*ir.Operation][]*ir.Operation{}, callee: map[*ir.Operation]*ir.Operation{}}
	a.findPrivateCallables(top)
	a.seed(top)
	for len(a.work) > 0 {
		v := a.work[len(a.work)-1]
		a.work = a.work[:len(a.work)-1]
		a.propagate(v)
	}
	return a.cleanup(top)
}

func body(op *ir.Operation) *ir.Region {
	if c, ok := ir.CallableOp.Of(op); ok {
		return c.CallableRegion(op)
	}
	return nil
}

// callTarget returns the symbol the call op calls, or nil.
func callTarget(op *ir.Operation) *ir.SymbolRefAttr {
	if c, ok := ir.CallOp.Of(op); ok {
		return c.CallTarget(op)
	}
	return nil
}

// findPrivateCallables finds the private callables with a body in the
// symbol table top whose every reference is the callee of a call, and
// their calls.
func (a *analysis) findPrivateCallables(top *ir.Operation) {
	if !top.HasTrait(ir.SymbolTableTrait) {
		return
	}
	a.symtab = ir.NewSymbolTable(top)
	refs := map[string]int{}
	var calls []*ir.Operation
	top.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		ir.ForEachSymbolRef(op, func(r *ir.SymbolRefAttr) { refs[r.Root]++ })
		if ir.CallOp.Implements(op) {
			calls = append(calls, op)
		}
		return true
	})
	byName := map[string]int{}
	for _, c := range calls {
		if t := callTarget(c); t != nil && len(t.Nested) == 0 {
			byName[t.Root]++
		}
	}
	for b := top.Region(0).First(); b != nil; b = b.Next() {
		for op := b.First(); op != nil; op = op.Next() {
			r := body(op)
			name, ok := op.InherentAttr("sym_name").(*ir.StringAttr)
			vis, _ := op.InherentAttr("sym_visibility").(*ir.StringAttr)
			if r == nil || r.First() == nil || !ok || vis == nil || vis.Value != "private" || refs[name.Value] != byName[name.Value] {
				continue
			}
			// Only a builtin function type can be trimmed; a function
			// of another signature (llvm.func's) keeps its arguments and
			// results, where upstream drops the operands of its returns
			// and leaves it invalid.
			if ft, ok := op.InherentAttr("function_type").(*ir.TypeAttr); !ok || !isFunctionType(ft.Type) {
				continue
			}
			a.private[op] = true
			for rb := r.First(); rb != nil; rb = rb.Next() {
				if t := rb.Terminator(); t != nil && t.HasTrait(ir.ReturnLike) {
					a.returns[op] = append(a.returns[op], t)
				}
			}
		}
	}
	for _, c := range calls {
		t := callTarget(c)
		if t == nil || len(t.Nested) != 0 {
			continue
		}
		if f := a.symtab.Lookup(t.Root); f != nil && a.private[f] && body(f).First().NumArguments() == c.NumOperands() {
			a.callee[c] = f
			a.calls[f] = append(a.calls[f], c)
		}
	}
	// A callable whose calls do not all match its signature is not
	// analyzable.
	for f := range a.private {
		if len(a.calls[f]) != refs[f.InherentAttr("sym_name").(*ir.StringAttr).Value] {
			delete(a.private, f)
			for _, c := range a.calls[f] {
				delete(a.callee, c)
			}
			delete(a.calls, f)
		}
	}
}

func (a *analysis) markLive(v ir.Value) {
	if v != nil && !a.live[v] {
		a.live[v] = true
		a.work = append(a.work, v)
	}
}

func (a *analysis) markOperandsLive(op *ir.Operation) {
	for _, v := range op.Operands() {
		a.markLive(v)
	}
}

// seed marks the values that operations observe whatever their results:
// operands of operations with side effects, of terminators other than
// branches and private returns, and of region-branch operations.
func (a *analysis) seed(top *ir.Operation) {
	top.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		br, isBranch := ir.BranchOp.Of(op)
		switch {
		case a.callee[op] != nil:
			// Operands are live with the callee's arguments.
		case isBranch:
			forwarded := map[int]bool{}
			for i := 0; i < op.NumSuccessors(); i++ {
				for _, v := range br.BranchSuccessorOperands(op, i) {
					for k := 0; k < op.NumOperands(); k++ {
						if op.Operand(k) == v {
							forwarded[k] = true
						}
					}
				}
			}
			for k := 0; k < op.NumOperands(); k++ {
				if !forwarded[k] {
					a.markLive(op.Operand(k))
				}
			}
		case op.HasTrait(ir.ReturnLike) && op.ParentOp() != nil && a.private[op.ParentOp()]:
			// Operands are live with the calls' results.
		case op.IsMemoryEffectFree() && !op.MightHaveTrait(ir.IsTerminator) && !ir.RegionBranchOp.Implements(op):
			// Operands are live with the results.
		default:
			a.markOperandsLive(op)
		}
		return true
	})
}

// propagate makes live what a newly live value depends on.
func (a *analysis) propagate(v ir.Value) {
	switch x := v.(type) {
	case *ir.OpResult:
		op := x.Owner()
		if f := a.callee[op]; f != nil {
			for _, ret := range a.returns[f] {
				if x.Index() < ret.NumOperands() {
					a.markLive(ret.Operand(x.Index()))
				}
			}
			return
		}
		if op.IsMemoryEffectFree() {
			a.markOperandsLive(op)
		}
	case *ir.BlockArgument:
		b := x.Owner()
		if b.IsEntry() {
			if f := b.ParentOp(); f != nil && a.private[f] && body(f) == b.Parent() {
				for _, c := range a.calls[f] {
					a.markLive(c.Operand(x.Index()))
				}
			}
			return
		}
		for u := b.FirstUse(); u != nil; u = u.Next() {
			pred := u.Owner()
			br, ok := ir.BranchOp.Of(pred)
			if !ok {
				a.markOperandsLive(pred)
				continue
			}
			if fwd := br.BranchSuccessorOperands(pred, u.Index()); x.Index() < len(fwd) {
				a.markLive(fwd[x.Index()])
			}
		}
	}
}

func isFunctionType(t ir.Type) bool {
	_, ok := t.(*ir.FunctionType)
	return ok
}
