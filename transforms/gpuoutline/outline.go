package gpuoutline

import (
	"strconv"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
)

// Outline moves every gpu.launch nested in the symbols of module into a
// kernel of a gpu.module of its own (or of the one the launch names),
// replaces the launches with gpu.launch_func and marks module as a
// gpu.container_module when it outlined anything.
func Outline(module *ir.Operation) {
	if module.NumRegions() == 0 || module.Region(0).First() == nil {
		return
	}
	ctx := module.Context()
	table := newUniquingTable(module)
	body := module.Region(0).First()
	modified := false
	var symbols []*ir.Operation
	for op := body.First(); op != nil; op = op.Next() {
		if op.HasTrait(ir.SymbolTrait) {
			symbols = append(symbols, op)
		}
	}
	for _, fn := range symbols {
		insertBefore := fn.Next()
		fnName, _ := ir.SymbolName(fn)
		var launches []gpu.LaunchOp
		fn.Walk(ir.PostOrder, func(o *ir.Operation) bool {
			if l, ok := gpu.AsLaunchOp(o); ok {
				launches = append(launches, l)
			}
			return true
		})
		for _, l := range launches {
			name := fnName + "_kernel"
			if f, ok := l.InherentAttr("function").(*ir.SymbolRefAttr); ok {
				name = f.Root
			}
			operands := usedValuesDefinedAbove(l.Body())
			kernel := outlineKernel(ctx, l, name, operands)
			kmod := kernelModule(ctx, l, kernel, table, body, insertBefore)
			toLaunchFunc(ctx, l, kmod, kernel, operands)
			modified = true
		}
	}
	if modified {
		module.SetAttr("gpu.container_module", ctx.Unit())
	}
}

// uniquingTable is a symbol table that renames a symbol inserted under a
// name already taken, as MLIR's SymbolTable::insert: name_0, name_1, ...
type uniquingTable struct {
	op      *ir.Operation
	names   map[string]*ir.Operation
	counter int
}

func newUniquingTable(op *ir.Operation) *uniquingTable {
	t := &uniquingTable{op: op, names: map[string]*ir.Operation{}}
	if op.NumRegions() > 0 {
		for b := op.Region(0).First(); b != nil; b = b.Next() {
			for o := b.First(); o != nil; o = o.Next() {
				if n, ok := ir.SymbolName(o); ok {
					if _, dup := t.names[n]; !dup {
						t.names[n] = o
					}
				}
			}
		}
	}
	return t
}

// insert adds sym, placing it before mark (appending when mark is nil) if
// it is detached, and returns its possibly renamed name.
func (t *uniquingTable) insert(sym, mark *ir.Operation) string {
	if sym.Block() == nil {
		t.op.Region(0).First().InsertBefore(mark, sym)
	}
	name, _ := ir.SymbolName(sym)
	if old, ok := t.names[name]; !ok || old == sym {
		t.names[name] = sym
		return name
	}
	for {
		cand := name + "_" + strconv.Itoa(t.counter)
		t.counter++
		if _, ok := t.names[cand]; !ok {
			t.names[cand] = sym
			sym.SetAttr("sym_name", sym.Context().Str(cand))
			return cand
		}
	}
}

// constantDims returns array<i32: x, y, z> when the three values are
// constant indices, as upstream's maybeConstantDimsAttr.
func constantDims(ctx *ir.Context, vs []ir.Value) ir.Attribute {
	var dims []int32
	for _, v := range vs {
		r, ok := v.(*ir.OpResult)
		if !ok || !r.Owner().HasTrait(ir.ConstantLike) {
			return nil
		}
		ia, ok := r.Owner().Attr("value").(*ir.IntegerAttr)
		if !ok {
			return nil
		}
		n := ia.Int64()
		if n < 0 || n > 1<<31-1 {
			return nil
		}
		dims = append(dims, int32(n))
	}
	return ctx.DenseI32Array(dims...)
}

// outlineKernel builds the gpu.func kernel named name from the body of
// launch, whose values from above become the kernel's arguments.
func outlineKernel(ctx *ir.Context, launch gpu.LaunchOp, name string, operands []ir.Value) *ir.Operation {
	loc := launch.Loc()
	body := launch.Body()
	entry := body.First()
	var argTypes []ir.Type
	for _, v := range operands {
		argTypes = append(argTypes, v.Type())
	}
	g := groups(launch)
	hasCluster := len(g[7]) == 1
	nIndex := 12
	if hasCluster {
		nIndex = 18
	}
	nw := 0
	if a, ok := launch.Attr("workgroup_attributions").(*ir.IntegerAttr); ok {
		nw = int(a.Int64())
	}
	attribs := entry.Arguments()[nIndex:]
	props := []ir.NamedAttr{{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(argTypes, nil))}}
	if a := constantDims(ctx, []ir.Value{g[4][0], g[5][0], g[6][0]}); a != nil {
		props = append(props, ir.NamedAttr{Name: "known_block_size", Value: a})
	}
	if a := constantDims(ctx, []ir.Value{g[1][0], g[2][0], g[3][0]}); a != nil {
		props = append(props, ir.NamedAttr{Name: "known_grid_size", Value: a})
	}
	attrs := []ir.NamedAttr{
		{Name: "gpu.kernel", Value: ctx.Unit()},
		{Name: "sym_name", Value: ctx.Str(name)},
		{Name: "workgroup_attributions", Value: ctx.IntegerAttr(ctx.IntegerType(64, ir.Signless), int64(nw))},
	}
	fn := ir.NewOperation(&ir.OperationState{Name: ctx.OpName("gpu.func"), Loc: loc, NumRegions: 1,
		Properties: ctx.DictionaryAttr(props), Attributes: ctx.DictionaryAttr(attrs)})
	fentry := ir.NewBlock()
	fn.Region(0).Append(fentry)
	for _, t := range argTypes {
		fentry.AddArgument(t, loc)
	}
	for _, a := range attribs {
		fentry.AddArgument(a.Type(), loc)
	}
	b := ir.NewBuilder(ctx)
	b.Loc = loc
	b.SetInsertionPointToEnd(fentry)
	index := ctx.IndexType()
	var ids []ir.Value
	kinds := []string{"gpu.block_id", "gpu.thread_id", "gpu.grid_dim", "gpu.block_dim"}
	if hasCluster {
		kinds = append(kinds, "gpu.cluster_id", "gpu.cluster_dim")
	}
	for _, k := range kinds {
		for _, d := range []string{"x", "y", "z"} {
			dim, _ := gpuDim(ctx, d)
			op := b.Create(&ir.OperationState{Name: ctx.OpName(k), ResultTypes: []ir.Type{index},
				Properties: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "dimension", Value: dim}})})
			ids = append(ids, op.Result(0))
		}
	}
	// Clone the launch with the values from above mapped to the kernel's
	// arguments, then bind the clone's block arguments and move its body.
	mapping := map[ir.Value]ir.Value{}
	for i, v := range operands {
		mapping[v] = fentry.Argument(i)
	}
	clone := launch.Operation.Clone(mapping)
	cbody := clone.Region(0)
	centry := cbody.First()
	for i := 0; i < centry.NumArguments(); i++ {
		var to ir.Value
		switch {
		case i < len(ids):
			to = ids[i]
		case i >= nIndex:
			to = fentry.Argument(len(operands) + i - nIndex)
		}
		if to != nil {
			ir.ReplaceAllUsesWith(centry.Argument(i), to)
		}
	}
	for blk := cbody.First(); blk != nil; blk = blk.Next() {
		if t := blk.Last(); t != nil && isTerminator(t) {
			rb := ir.NewBuilder(ctx)
			rb.SetInsertionPoint(t)
			rb.Create(&ir.OperationState{Name: ctx.OpName("gpu.return"), Loc: t.Loc()})
			t.Erase()
		}
	}
	for op := centry.First(); op != nil; {
		next := op.Next()
		op.Remove()
		fentry.Append(op)
		op = next
	}
	var rest []*ir.Block
	for blk := centry.Next(); blk != nil; blk = blk.Next() {
		rest = append(rest, blk)
	}
	for _, blk := range rest {
		cbody.Remove(blk)
		fn.Region(0).Append(blk)
	}
	clone.Erase()
	return fn
}

func gpuDim(ctx *ir.Context, d string) (ir.Attribute, error) {
	return parseGPUAttr(ctx, "#gpu<dim "+d+">")
}

// kernelModule puts kernel into the gpu.module the launch names, or a new
// one named after the kernel, with clones of the symbols the kernel uses,
// and returns the module.
func kernelModule(ctx *ir.Context, launch gpu.LaunchOp, kernel *ir.Operation, table *uniquingTable, body *ir.Block, mark *ir.Operation) *ir.Operation {
	var mod *ir.Operation
	if m, ok := launch.InherentAttr("module").(*ir.SymbolRefAttr); ok {
		if found := table.names[m.Root]; found != nil && isModule(found) {
			mod = found
		}
	}
	if mod == nil {
		name, _ := ir.SymbolName(kernel)
		if m, ok := launch.InherentAttr("module").(*ir.SymbolRefAttr); ok {
			name = m.Root
		}
		mod = ir.NewOperation(&ir.OperationState{Name: ctx.OpName("gpu.module"), Loc: kernel.Loc(), NumRegions: 1,
			Properties: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "sym_name", Value: ctx.Str(name)}})})
		mod.Region(0).Append(ir.NewBlock())
	}
	inner := newUniquingTable(mod)
	inner.insert(kernel, nil)
	work := []*ir.Operation{kernel}
	for len(work) > 0 {
		op := work[len(work)-1]
		work = work[:len(work)-1]
		var uses []string
		op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
			ir.ForEachSymbolRef(o, func(r *ir.SymbolRefAttr) {
				if len(r.Nested) == 0 {
					uses = append(uses, r.Root)
				}
			})
			return true
		})
		for _, n := range uses {
			if inner.names[n] != nil {
				continue
			}
			def := table.names[n]
			if def == nil {
				continue
			}
			c := def.Clone(nil)
			work = append(work, c)
			inner.insert(c, nil)
		}
	}
	table.insert(mod, mark)
	return mod
}

// toLaunchFunc replaces launch with a gpu.launch_func of kernel in mod.
func toLaunchFunc(ctx *ir.Context, launch gpu.LaunchOp, mod, kernel *ir.Operation, operands []ir.Value) {
	g := groups(launch)
	modName, _ := ir.SymbolName(mod)
	kName, _ := ir.SymbolName(kernel)
	seg := []int32{int32(len(g[0])), 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, int32(len(operands)), 0}
	var ops []ir.Value
	ops = append(ops, g[0]...)
	ops = append(ops, g[1][0], g[2][0], g[3][0], g[4][0], g[5][0], g[6][0])
	if len(g[7]) == 1 {
		ops = append(ops, g[7][0], g[8][0], g[9][0])
		seg[7], seg[8], seg[9] = 1, 1, 1
	}
	if len(g[10]) == 1 {
		ops = append(ops, g[10][0])
		seg[10] = 1
	}
	ops = append(ops, operands...)
	var results []ir.Type
	if t := launch.AsyncToken(); t != nil {
		results = append(results, t.Type())
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(launch.Operation)
	lf := b.Create(&ir.OperationState{Name: ctx.OpName("gpu.launch_func"), Loc: launch.Loc(), Operands: ops, ResultTypes: results,
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "kernel", Value: ctx.SymbolRefAttr(modName, []string{kName})},
			{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(seg...)},
		})})
	if t := launch.AsyncToken(); t != nil {
		ir.ReplaceAllUsesWith(t, lf.Result(0))
	}
	launch.Erase()
}

// groups splits the operands of a launch by its operandSegmentSizes.
func groups(launch gpu.LaunchOp) [][]ir.Value {
	return [][]ir.Value{launch.AsyncDependencies(),
		{launch.GridSizeX()}, {launch.GridSizeY()}, {launch.GridSizeZ()},
		{launch.BlockSizeX()}, {launch.BlockSizeY()}, {launch.BlockSizeZ()},
		opt(launch.ClusterSizeX()), opt(launch.ClusterSizeY()), opt(launch.ClusterSizeZ()),
		opt(launch.DynamicSharedMemorySize())}
}

func opt(v ir.Value) []ir.Value {
	if v == nil {
		return nil
	}
	return []ir.Value{v}
}

func isTerminator(op *ir.Operation) bool { _, ok := gpu.AsTerminatorOp(op); return ok }

func isModule(op *ir.Operation) bool { _, ok := gpu.AsModuleOp(op); return ok }
