// Package dropequivalentresults removes the results of private functions
// that return one of their arguments' buffers (possibly through
// memref.cast), as MLIR's drop-equivalent-buffer-results pass does: the
// calls use the argument they pass instead, cast to the result's type
// where it differs.
package dropequivalentresults

import (
	"github.com/strata-ir/strata/core/ir"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/memref"
)

// Run drops the equivalent results of the private functions with a body
// and one func.return directly in module, and updates their calls.
func Run(module *ir.Operation) {
	funcs := map[string]function.FuncOp{}
	var order []function.FuncOp
	for b := module.Region(0).First(); b != nil; b = b.Next() {
		for o := b.First(); o != nil; o = o.Next() {
			if f, ok := function.AsFuncOp(o); ok {
				funcs[f.SymName()] = f
				order = append(order, f)
			}
		}
	}
	calls := map[*ir.Operation][]function.CallOp{}
	module.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if c, ok := function.AsCallOp(o); ok {
			if f, ok := funcs[c.Callee()]; ok && !public(f) && !external(f) {
				calls[f.Operation] = append(calls[f.Operation], c)
			}
		}
		return true
	})
	for _, f := range order {
		if public(f) || external(f) {
			continue
		}
		ret, ok := uniqueReturn(f)
		if !ok {
			continue
		}
		dropResults(f, ret, calls[f.Operation])
	}
}

// dropResults erases the results of f that ret returns as one of f's
// arguments and rewrites calls accordingly.
func dropResults(f function.FuncOp, ret *ir.Operation, calls []function.CallOp) {
	args := f.Body().First().Arguments()
	// toArg[i] is the argument result i returns, or -1.
	toArg := make([]int, ret.NumOperands())
	var kept []ir.Value
	erased := make([]bool, ret.NumOperands())
	for i, v := range ret.Operands() {
		toArg[i] = -1
		for c, ok := memref.AsCastOp(ir.DefiningOp(v)); ok; c, ok = memref.AsCastOp(ir.DefiningOp(v)) {
			v = c.Source()
		}
		for a, arg := range args {
			if v == ir.Value(arg) {
				toArg[i] = a
				break
			}
		}
		erased[i] = toArg[i] >= 0
		if !erased[i] {
			kept = append(kept, ret.Operand(i))
		}
	}
	ctx := f.Context()
	ft := f.FunctionType()
	if len(ft.Results) != len(erased) {
		return
	}
	f.SetAttr("function_type", ctx.TypeAttr(ctx.FunctionType(ft.Inputs, keep(ft.Results, erased))))
	if arr, ok := f.ResAttrs().(*ir.ArrayAttr); ok && len(arr.Elems) == len(erased) {
		attrs := keep(arr.Elems, erased)
		allEmpty := true
		for _, a := range attrs {
			if d, ok := a.(*ir.DictionaryAttr); !ok || len(d.Entries) > 0 {
				allEmpty = false
			}
		}
		if allEmpty {
			f.SetAttr("res_attrs", nil)
		} else {
			f.SetAttr("res_attrs", ctx.ArrayAttr(attrs))
		}
	}
	ret.SetOperands(kept)
	results := keep(ft.Results, erased)
	for _, c := range calls {
		b := ir.NewBuilder(ctx)
		b.SetInsertionPoint(c.Operation)
		nc := function.BuildCall(b, c.Loc(), c.Operands(), f.SymName(), results)
		next := 0
		for i, r := range c.Results() {
			if i >= len(toArg) || toArg[i] < 0 {
				ir.ReplaceAllUsesWith(r, nc.Operation.Result(next))
				next++
				continue
			}
			v := c.Operand(toArg[i])
			if v.Type() != r.Type() {
				v = memref.BuildCast(b, c.Loc(), v, r.Type()).Result(0)
			}
			ir.ReplaceAllUsesWith(r, v)
		}
		c.Erase()
	}
}

// uniqueReturn returns f's func.return when its body has exactly one block
// ending in one.
func uniqueReturn(f function.FuncOp) (*ir.Operation, bool) {
	var ret *ir.Operation
	for _, b := range f.Body().Blocks() {
		t := b.Last()
		if _, ok := function.AsReturnOp(t); !ok {
			continue
		}
		if ret != nil {
			return nil, false
		}
		ret = t
	}
	return ret, ret != nil
}

// public reports whether f's visibility is public (none given).
func public(f function.FuncOp) bool {
	v, ok := f.SymVisibility().(*ir.StringAttr)
	return !ok || v.Value == "public"
}

// external reports whether f is a declaration without a body.
func external(f function.FuncOp) bool { return f.Body().Empty() }

// keep returns the elements of xs whose drop entry is false.
func keep[T any](xs []T, drop []bool) []T {
	var out []T
	for i, x := range xs {
		if !drop[i] {
			out = append(out, x)
		}
	}
	return out
}
