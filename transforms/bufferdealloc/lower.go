package bufferdealloc

import (
	"strconv"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/builtin"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
)

// helperName is the symbol of the function the general lowering calls.
const helperName = "dealloc_helper"

// LowerDeallocations replaces every bufferization.dealloc in op (a module
// or a function) with memref.dealloc operations guarded by scf.if, as
// upstream's bufferization-lower-deallocations does: a dealloc of one
// buffer compares its base pointer with those of the retained buffers,
// and a dealloc of several calls a helper function inserted once per
// module.
func LowerDeallocations(ctx *ir.Context, op *ir.Operation) error {
	_, isModule := builtin.AsModuleOp(op)
	if !isModule && !isFunction(op) {
		return ir.EmitError(op, "root operation must be a builtin.module or a function")
	}
	var deallocs []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if _, ok := bufferization.AsDeallocOp(o); ok {
			deallocs = append(deallocs, o)
		}
		return true
	})
	helpers := map[*ir.Operation]*ir.Operation{}
	if isModule {
		for _, dop := range deallocs {
			d, _ := bufferization.AsDeallocOp(dop)
			table := symbolTableOf(dop)
			if len(d.Memrefs()) > 1 && table != nil && helpers[table] == nil {
				helpers[table] = buildHelper(ctx, op.Loc(), table)
			}
		}
	}
	for _, dop := range deallocs {
		if err := lowerDealloc(ctx, dop, helpers); err != nil {
			return err
		}
	}
	return nil
}

func symbolTableOf(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.SymbolTableTrait) {
			return p
		}
	}
	return nil
}

func indexConst(bld *ir.Builder, loc ir.Location, v int64) ir.Value {
	return arith.BuildConstant(bld, loc, bld.Ctx.IntegerAttr(bld.Ctx.IndexType(), v), bld.Ctx.IndexType()).Operation.Result(0)
}

func alignedPointer(bld *ir.Builder, loc ir.Location, m ir.Value) ir.Value {
	return memref.BuildExtractAlignedPointerAsIndex(bld, loc, m).Operation.Result(0)
}

func cmpi(bld *ir.Builder, loc ir.Location, p arith.CmpIPredicate, a, b ir.Value) ir.Value {
	return arith.BuildCmpi(bld, loc, a, b, p).Operation.Result(0)
}

// guardedDealloc creates `scf.if %cond { memref.dealloc %m }`.
func guardedDealloc(bld *ir.Builder, loc ir.Location, cond, m ir.Value) {
	ifOp := scf.BuildIf(bld, loc, cond, nil)
	inner := ir.NewBuilder(bld.Ctx)
	inner.SetInsertionPointToEnd(ifOp.ThenRegion().First())
	memref.BuildDealloc(inner, loc, m)
	scf.BuildYield(inner, loc, nil)
}

func lowerDealloc(ctx *ir.Context, op *ir.Operation, helpers map[*ir.Operation]*ir.Operation) error {
	d, _ := bufferization.AsDeallocOp(op)
	memrefs, conds, retained := d.Memrefs(), d.Conditions(), d.Retained()
	loc := op.Loc()
	bld := ir.NewBuilder(ctx)
	bld.SetInsertionPoint(op)
	var with []ir.Value
	switch {
	case len(memrefs) == 0:
		f := boolValue(bld, loc, false)
		for range retained {
			with = append(with, f)
		}
	case len(memrefs) == 1 && len(retained) == 0:
		guardedDealloc(bld, loc, conds[0], memrefs[0])
	case len(memrefs) == 1:
		var noAlias []ir.Value
		m := alignedPointer(bld, loc, memrefs[0])
		for _, r := range retained {
			noAlias = append(noAlias, cmpi(bld, loc, arith.CmpIPredicateNe, m, alignedPointer(bld, loc, r)))
		}
		prev := noAlias[0]
		for _, v := range noAlias[1:] {
			prev = arith.BuildAndi(bld, loc, prev, v).Operation.Result(0)
		}
		should := arith.BuildAndi(bld, loc, prev, conds[0]).Operation.Result(0)
		guardedDealloc(bld, loc, should, memrefs[0])
		t := boolValue(bld, loc, true)
		for _, v := range noAlias {
			aliases := arith.BuildXori(bld, loc, v, t).Operation.Result(0)
			with = append(with, arith.BuildAndi(bld, loc, aliases, conds[0]).Operation.Result(0))
		}
	default:
		helper := helpers[symbolTableOf(op)]
		if helper == nil {
			return ir.Diagnostics{
				ir.EmitError(op, "library function required for generic lowering, but cannot be automatically inserted when operating on functions"),
				ir.EmitError(op, "failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal"),
			}
		}
		with = lowerGeneral(bld, loc, memrefs, conds, retained, helper)
	}
	for i, v := range with {
		ir.ReplaceAllUsesWith(op.Result(i), v)
	}
	op.Erase()
	return nil
}

func lowerGeneral(bld *ir.Builder, loc ir.Location, memrefs, conds, retained []ir.Value, helper *ir.Operation) []ir.Value {
	ctx := bld.Ctx
	idx, i1 := ctx.IndexType(), ctx.I(1)
	alloc := func(n int, elem ir.Type) ir.Value {
		return memref.BuildAlloc(bld, loc, nil, nil, ctx.MemRefType([]int64{int64(n)}, elem, nil, nil)).Operation.Result(0)
	}
	cast := func(v ir.Value, elem ir.Type) ir.Value {
		return memref.BuildCast(bld, loc, v, ctx.MemRefType([]int64{ir.Dynamic}, elem, nil, nil)).Operation.Result(0)
	}
	store := func(v, m ir.Value, i int) {
		memref.BuildStore(bld, loc, v, m, []ir.Value{indexConst(bld, loc, int64(i))})
	}
	toDealloc := alloc(len(memrefs), idx)
	condMemref := alloc(len(conds), i1)
	toRetain := alloc(len(retained), idx)
	for i, m := range memrefs {
		store(alignedPointer(bld, loc, m), toDealloc, i)
	}
	for i, c := range conds {
		store(c, condMemref, i)
	}
	for i, r := range retained {
		store(alignedPointer(bld, loc, r), toRetain, i)
	}
	castDealloc := cast(toDealloc, idx)
	castConds := cast(condMemref, i1)
	castRetain := cast(toRetain, idx)
	deallocConds := alloc(len(memrefs), i1)
	retainConds := alloc(len(retained), i1)
	castDeallocConds := cast(deallocConds, i1)
	castRetainConds := cast(retainConds, i1)
	bld.CreateOp("func.call", []ir.Value{castDealloc, castRetain, castConds, castDeallocConds, castRetainConds}, nil,
		ir.NamedAttr{Name: "callee", Value: ctx.SymbolRefAttr(symbolName(helper), nil)}).SetLoc(loc)
	for i, m := range memrefs {
		c := memref.BuildLoad(bld, loc, deallocConds, []ir.Value{indexConst(bld, loc, int64(i))}).Operation.Result(0)
		guardedDealloc(bld, loc, c, m)
	}
	var with []ir.Value
	for i := range retained {
		with = append(with, memref.BuildLoad(bld, loc, retainConds, []ir.Value{indexConst(bld, loc, int64(i))}).Operation.Result(0))
	}
	for _, m := range []ir.Value{toDealloc, toRetain, condMemref, deallocConds, retainConds} {
		memref.BuildDealloc(bld, loc, m)
	}
	return with
}

func symbolName(op *ir.Operation) string {
	if s, ok := op.InherentAttr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

// buildHelper inserts at the end of table the private function that
// decides, for each buffer of a dealloc, whether it is released and, for
// each retained buffer, whether it stays owned
// (buildDeallocationLibraryFunction).
func buildHelper(ctx *ir.Context, loc ir.Location, table *ir.Operation) *ir.Operation {
	idx, i1 := ctx.IndexType(), ctx.I(1)
	indexMemref := ctx.MemRefType([]int64{ir.Dynamic}, idx, nil, nil)
	boolMemref := ctx.MemRefType([]int64{ir.Dynamic}, i1, nil, nil)
	argTypes := []ir.Type{indexMemref, indexMemref, boolMemref, boolMemref, boolMemref}
	name := uniqueSymbol(table, helperName)
	fn := ir.NewOperation(&ir.OperationState{Name: ctx.OpName("func.func"), Loc: loc, NumRegions: 1,
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(argTypes, nil))},
			{Name: "sym_name", Value: ctx.Str(name)},
			{Name: "sym_visibility", Value: ctx.Str("private")},
		})})
	table.Region(0).First().Append(fn)
	bld := ir.NewBuilder(ctx)
	body := bld.CreateBlock(fn.Region(0), argTypes...)
	for i := range argTypes {
		body.Argument(i).Loc = loc
	}
	toDealloc, toRetain, condMemref, deallocConds, retainConds := body.Argument(0), body.Argument(1), body.Argument(2), body.Argument(3), body.Argument(4)
	c0 := indexConst(bld, loc, 0)
	c1 := indexConst(bld, loc, 1)
	trueV := boolValue(bld, loc, true)
	falseV := boolValue(bld, loc, false)
	deallocSize := memref.BuildDim(bld, loc, toDealloc, c0).Operation.Result(0)
	retainSize := memref.BuildDim(bld, loc, toRetain, c0).Operation.Result(0)
	loop := func(b *ir.Builder, ub ir.Value, inits []ir.Value, body func(b *ir.Builder, iv ir.Value, args []ir.Value) []ir.Value) []ir.Value {
		var types []ir.Type
		for _, v := range inits {
			types = append(types, v.Type())
		}
		f := scf.BuildFor(b, loc, c0, ub, c1, inits, types)
		inner := ir.NewBuilder(ctx)
		blk := f.Region().First()
		inner.SetInsertionPointToEnd(blk)
		var args []ir.Value
		for _, a := range blk.Arguments()[1:] {
			args = append(args, a)
		}
		scf.BuildYield(inner, loc, body(inner, blk.Argument(0), args))
		return f.Operation.Results()
	}
	loop(bld, retainSize, nil, func(b *ir.Builder, i ir.Value, _ []ir.Value) []ir.Value {
		memref.BuildStore(b, loc, falseV, retainConds, []ir.Value{i})
		return nil
	})
	loop(bld, deallocSize, nil, func(b *ir.Builder, outer ir.Value, _ []ir.Value) []ir.Value {
		toFree := memref.BuildLoad(b, loc, toDealloc, []ir.Value{outer}).Operation.Result(0)
		cond := memref.BuildLoad(b, loc, condMemref, []ir.Value{outer}).Operation.Result(0)
		noRetainAlias := loop(b, retainSize, []ir.Value{trueV}, func(b *ir.Builder, i ir.Value, args []ir.Value) []ir.Value {
			retain := memref.BuildLoad(b, loc, toRetain, []ir.Value{i}).Operation.Result(0)
			aliases := cmpi(b, loc, arith.CmpIPredicateEq, retain, toFree)
			ifOp := scf.BuildIf(b, loc, aliases, nil)
			ib := ir.NewBuilder(ctx)
			ib.SetInsertionPointToEnd(ifOp.ThenRegion().First())
			rc := memref.BuildLoad(ib, loc, retainConds, []ir.Value{i}).Operation.Result(0)
			agg := arith.BuildOri(ib, loc, rc, cond).Operation.Result(0)
			memref.BuildStore(ib, loc, agg, retainConds, []ir.Value{i})
			scf.BuildYield(ib, loc, nil)
			ne := cmpi(b, loc, arith.CmpIPredicateNe, retain, toFree)
			return []ir.Value{arith.BuildAndi(b, loc, args[0], ne).Operation.Result(0)}
		})[0]
		noAlias := loopTo(ctx, b, loc, c0, outer, c1, noRetainAlias, func(b *ir.Builder, i ir.Value, acc ir.Value) ir.Value {
			prev := memref.BuildLoad(b, loc, toDealloc, []ir.Value{i}).Operation.Result(0)
			ne := cmpi(b, loc, arith.CmpIPredicateNe, prev, toFree)
			return arith.BuildAndi(b, loc, acc, ne).Operation.Result(0)
		})
		should := arith.BuildAndi(b, loc, noAlias, cond).Operation.Result(0)
		memref.BuildStore(b, loc, should, deallocConds, []ir.Value{outer})
		return nil
	})
	bld.CreateOp("func.return", nil, nil).SetLoc(loc)
	return fn
}

// loopTo creates an scf.for from lb to ub carrying one i1 value.
func loopTo(ctx *ir.Context, b *ir.Builder, loc ir.Location, lb, ub, step, init ir.Value, body func(b *ir.Builder, iv, acc ir.Value) ir.Value) ir.Value {
	f := scf.BuildFor(b, loc, lb, ub, step, []ir.Value{init}, []ir.Type{init.Type()})
	inner := ir.NewBuilder(ctx)
	blk := f.Region().First()
	inner.SetInsertionPointToEnd(blk)
	scf.BuildYield(inner, loc, []ir.Value{body(inner, blk.Argument(0), blk.Argument(1))})
	return f.Operation.Result(0)
}

// uniqueSymbol returns name, or name with a numeric suffix when table
// already defines it.
func uniqueSymbol(table *ir.Operation, name string) string {
	taken := map[string]bool{}
	for o := table.Region(0).First().First(); o != nil; o = o.Next() {
		taken[symbolName(o)] = true
	}
	if !taken[name] {
		return name
	}
	for i := 0; ; i++ {
		n := name + "_" + strconv.Itoa(i)
		if !taken[n] {
			return n
		}
	}
}
