package ir_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/ir"
)

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregisteredDialects = true
	return ctx
}

func TestInterning(t *testing.T) {
	ctx := newCtx()
	i32 := ctx.I(32)
	tests := []struct {
		name string
		a, b any
	}{
		{"int", ctx.I(32), ctx.IntegerType(32, ir.Signless)},
		{"wide int", ctx.I(1000), ctx.I(1000)},
		{"function", ctx.FunctionType([]ir.Type{i32}, []ir.Type{i32}), ctx.FunctionType([]ir.Type{i32}, []ir.Type{i32})},
		{"tensor", ctx.RankedTensorType([]int64{2, ir.Dynamic}, i32, nil), ctx.RankedTensorType([]int64{2, ir.Dynamic}, i32, nil)},
		{"string", ctx.Str("x"), ctx.Str("x")},
		{"dict order", ctx.DictionaryAttr([]ir.NamedAttr{{"b", ctx.Unit()}, {"a", ctx.Unit()}}), ctx.DictionaryAttr([]ir.NamedAttr{{"a", ctx.Unit()}, {"b", ctx.Unit()}})},
		{"int attr", ctx.IntegerAttr(i32, -1), ctx.IntegerAttrBits(i32, 0xFFFFFFFF)},
		{"loc", ctx.FileLineCol("f", 1, 2), ctx.FileLineColRange("f", 1, 2, 1, 2)},
	}
	for _, tc := range tests {
		if tc.a != tc.b {
			t.Errorf("%s: equal objects are not the same pointer", tc.name)
		}
	}
	if ctx.I(32) == ctx.IntegerType(32, ir.Signed) {
		t.Error("i32 and si32 must differ")
	}
	if ctx.Str("x") == ctx.StringAttr("x", i32) {
		t.Error("typed and untyped strings must differ")
	}
	// Identity layouts are normalized away.
	m := ctx.MemRefType([]int64{4}, i32, nil, nil)
	if got := ctx.IntegerAttr(i32, -1).Int64(); got != -1 {
		t.Errorf("Int64 = %d, want -1", got)
	}
	if m.Layout != nil {
		t.Error("identity layout kept")
	}
	// So is the default memory space, an integer 0 of any type.
	i64 := ctx.I(64)
	if ctx.MemRefType([]int64{4}, i32, nil, ctx.IntegerAttr(i64, 0)) != m {
		t.Error("memory space 0 : i64 kept")
	}
	if ctx.UnrankedMemRefType(i32, ctx.IntegerAttr(i32, 0)) != ctx.UnrankedMemRefType(i32, nil) {
		t.Error("unranked memory space 0 : i32 kept")
	}
	if one := ctx.IntegerAttr(i64, 1); ctx.MemRefType([]int64{4}, i32, nil, one).MemorySpace != one {
		t.Error("memory space 1 dropped")
	}
}

func TestUseListsAndRAUW(t *testing.T) {
	ctx := newCtx()
	b := ir.NewBuilder(ctx)
	blk := ir.NewBlock()
	b.SetInsertionPointToEnd(blk)
	i32 := ctx.I(32)
	a := b.CreateOp("t.a", nil, []ir.Type{i32})
	c := b.CreateOp("t.c", nil, []ir.Type{i32})
	u1 := b.CreateOp("t.use", []ir.Value{a.Result(0), a.Result(0)}, nil)
	u2 := b.CreateOp("t.use", []ir.Value{a.Result(0)}, nil)
	if n := ir.NumUses(a.Result(0)); n != 3 {
		t.Fatalf("uses of a = %d, want 3", n)
	}
	ir.ReplaceAllUsesWith(a.Result(0), c.Result(0))
	if ir.HasUses(a.Result(0)) || ir.NumUses(c.Result(0)) != 3 {
		t.Fatal("RAUW did not move all uses")
	}
	if u1.Operand(1) != c.Result(0) || u2.Operand(0) != c.Result(0) {
		t.Fatal("operands not updated")
	}
	u1.Erase()
	if n := ir.NumUses(c.Result(0)); n != 1 {
		t.Fatalf("after erase, uses = %d, want 1", n)
	}
	u2.SetOperand(0, a.Result(0))
	if !ir.HasOneUse(a.Result(0)) || ir.HasUses(c.Result(0)) {
		t.Fatal("SetOperand did not relink")
	}
	if blk.NumOps() != 3 {
		t.Fatalf("block has %d ops, want 3", blk.NumOps())
	}
}

func TestBlockListOps(t *testing.T) {
	ctx := newCtx()
	b := ir.NewBuilder(ctx)
	blk := ir.NewBlock()
	b.SetInsertionPointToEnd(blk)
	x := b.CreateOp("t.x", nil, nil)
	z := b.CreateOp("t.z", nil, nil)
	b.SetInsertionPoint(z)
	y := b.CreateOp("t.y", nil, nil)
	var names []string
	blk.Ops(func(op *ir.Operation) bool { names = append(names, op.Name()); return true })
	if got := strings.Join(names, ","); got != "t.x,t.y,t.z" {
		t.Fatalf("order = %s", got)
	}
	x.MoveAfter(z)
	if blk.First() != y || blk.Last() != x || !y.IsBeforeInBlock(x) {
		t.Fatal("MoveAfter broke the list")
	}
	y.Remove()
	if blk.First() != z || y.Block() != nil {
		t.Fatal("Remove broke the list")
	}
}

func TestCloneKeepsStructure(t *testing.T) {
	ctx := newCtx()
	i32 := ctx.I(32)
	b := ir.NewBuilder(ctx)
	outer := b.Create(&ir.OperationState{Name: ctx.OpName("t.region"), NumRegions: 1})
	b0 := b.CreateBlock(outer.Region(0), i32)
	b1 := ir.NewBlock()
	arg1 := b1.AddArgument(i32, ctx.UnknownLoc())
	b.Create(&ir.OperationState{Name: ctx.OpName("t.br"), Operands: []ir.Value{b0.Argument(0)}, Successors: []*ir.Block{b1}})
	outer.Region(0).Append(b1)
	b.SetInsertionPointToEnd(b1)
	b.CreateOp("t.ret", []ir.Value{arg1}, nil)

	clone := outer.Clone(nil)
	cr := clone.Region(0)
	if cr.NumBlocks() != 2 {
		t.Fatalf("clone has %d blocks", cr.NumBlocks())
	}
	br := cr.First().Last()
	if br.Successor(0) != cr.Last() {
		t.Fatal("successor not remapped to the cloned block")
	}
	if br.Operand(0) != cr.First().Argument(0) {
		t.Fatal("operand not remapped to the cloned argument")
	}
	if cr.Last().Last().Operand(0) != cr.Last().Argument(0) {
		t.Fatal("use of block argument not remapped")
	}
}

func TestSymbolTable(t *testing.T) {
	ctx := newCtx()
	ctx.RegisterOp(&ir.OpDef{Name: "builtin.module", Traits: ir.SymbolTableTrait | ir.NoTerminator | ir.GraphRegions | ir.IsolatedFromAbove})
	mod := ir.NewModule(ctx, ctx.UnknownLoc())
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(mod.Region(0).First())
	f := b.CreateOp("t.func", nil, nil, ir.NamedAttr{Name: "sym_name", Value: ctx.Str("f")})
	g := b.CreateOp("t.func", nil, nil, ir.NamedAttr{Name: "sym_name", Value: ctx.Str("g")})
	st := ir.NewSymbolTable(mod)
	if st.Lookup("f") != f || st.Lookup("g") != g || st.Lookup("h") != nil {
		t.Fatal("lookup failed")
	}
	if got := ir.LookupNearestSymbolFrom(g, ctx.SymbolRefAttr("f", nil)); got != f {
		t.Fatal("nearest lookup failed")
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatalf("verify: %v", err)
	}
	b.CreateOp("t.func", nil, nil, ir.NamedAttr{Name: "sym_name", Value: ctx.Str("f")})
	err := ir.Verify(mod)
	if err == nil || !strings.Contains(err.Error(), "redefinition of symbol named 'f'") {
		t.Fatalf("duplicate symbol not diagnosed: %v", err)
	}
}

func TestVerifierStructure(t *testing.T) {
	ctx := newCtx()
	ctx.RegisterOp(&ir.OpDef{Name: "t.term", Traits: ir.IsTerminator})
	ctx.RegisterOp(&ir.OpDef{Name: "t.func", Traits: ir.IsolatedFromAbove})
	ctx.RegisterOp(&ir.OpDef{Name: "t.plain"})
	i32 := ctx.I(32)
	tests := []struct {
		name  string
		build func(b *ir.Builder) *ir.Operation
		want  string
	}{
		{"ok", func(b *ir.Builder) *ir.Operation {
			f := b.Create(&ir.OperationState{Name: ctx.OpName("t.func"), NumRegions: 1})
			b.CreateBlock(f.Region(0))
			v := b.CreateOp("t.v", nil, []ir.Type{i32})
			b.CreateOp("t.use", []ir.Value{v.Result(0)}, nil)
			b.CreateOp("t.term", nil, nil)
			return f
		}, ""},
		{"missing terminator", func(b *ir.Builder) *ir.Operation {
			f := b.Create(&ir.OperationState{Name: ctx.OpName("t.func"), NumRegions: 1})
			b.CreateBlock(f.Region(0))
			b.CreateOp("t.plain", nil, nil)
			return f
		}, "block with no terminator"},
		{"terminator not last", func(b *ir.Builder) *ir.Operation {
			f := b.Create(&ir.OperationState{Name: ctx.OpName("t.func"), NumRegions: 1})
			b.CreateBlock(f.Region(0))
			b.CreateOp("t.term", nil, nil)
			b.CreateOp("t.term", nil, nil)
			return f
		}, "must be the last operation in the parent block"},
		{"empty block", func(b *ir.Builder) *ir.Operation {
			f := b.Create(&ir.OperationState{Name: ctx.OpName("t.func"), NumRegions: 1})
			b.CreateBlock(f.Region(0))
			b.CreateBlock(f.Region(0))
			b.CreateOp("t.term", nil, nil)
			return f
		}, "empty block: expect at least a terminator"},
		{"dominance", func(b *ir.Builder) *ir.Operation {
			f := b.Create(&ir.OperationState{Name: ctx.OpName("t.func"), NumRegions: 1})
			b.CreateBlock(f.Region(0))
			use := b.CreateOp("t.use", []ir.Value{nil}, nil)
			v := b.CreateOp("t.v", nil, []ir.Type{i32})
			use.SetOperand(0, v.Result(0))
			b.CreateOp("t.term", nil, nil)
			return f
		}, "operand #0 does not dominate this use"},
		{"isolation", func(b *ir.Builder) *ir.Operation {
			outer := b.Create(&ir.OperationState{Name: ctx.OpName("t.outer"), NumRegions: 1})
			b.CreateBlock(outer.Region(0))
			v := b.CreateOp("t.v", nil, []ir.Type{i32})
			f := b.Create(&ir.OperationState{Name: ctx.OpName("t.func"), NumRegions: 1})
			b.CreateBlock(f.Region(0))
			b.CreateOp("t.use", []ir.Value{v.Result(0)}, nil)
			b.CreateOp("t.term", nil, nil)
			return outer
		}, "using value defined outside the region"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := ir.NewBuilder(ctx)
			op := tc.build(b)
			err := ir.Verify(op)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestConcurrentInterning(t *testing.T) {
	ctx := newCtx()
	done := make(chan *ir.FunctionType)
	for g := 0; g < 8; g++ {
		go func() {
			var last *ir.FunctionType
			for i := 0; i < 1000; i++ {
				last = ctx.FunctionType([]ir.Type{ctx.I(uint32(i % 7))}, []ir.Type{ctx.I(300)})
			}
			done <- last
		}()
	}
	first := <-done
	for g := 1; g < 8; g++ {
		if f := <-done; f != first {
			t.Fatal("concurrent interning produced different objects")
		}
	}
}

func TestReplaceSymbolRefs(t *testing.T) {
	ctx := newCtx()
	b := ir.NewBuilder(ctx)
	mod := ir.NewModule(ctx, ctx.UnknownLoc())
	b.SetInsertionPointToEnd(mod.Region(0).First())
	ref := func(root string, nested ...string) ir.Attribute { return ctx.SymbolRefAttr(root, nested) }
	op := b.CreateOp("t.user", nil, nil,
		ir.NamedAttr{Name: "callee", Value: ref("old")},
		ir.NamedAttr{Name: "table", Value: ctx.ArrayAttr([]ir.Attribute{ref("keep"), ref("old", "x")})},
		ir.NamedAttr{Name: "dict", Value: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "k", Value: ref("old")}, {Name: "s", Value: ctx.Str("old")}})})
	renameOld := func(r *ir.SymbolRefAttr) *ir.SymbolRefAttr {
		if r.Root == "old" {
			return ctx.SymbolRefAttr("new", r.Nested)
		}
		return r
	}
	if !ir.ReplaceSymbolRefs(op, renameOld) {
		t.Fatal("no change reported")
	}
	want := ctx.DictionaryAttr([]ir.NamedAttr{
		{Name: "callee", Value: ref("new")},
		{Name: "table", Value: ctx.ArrayAttr([]ir.Attribute{ref("keep"), ref("new", "x")})},
		{Name: "dict", Value: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "k", Value: ref("new")}, {Name: "s", Value: ctx.Str("old")}})},
	})
	if op.Attrs() != want {
		t.Fatalf("attributes after replacement differ")
	}
	if ir.ReplaceSymbolRefs(op, renameOld) {
		t.Fatal("second replacement reported a change")
	}
}

func TestRegionsEquivalent(t *testing.T) {
	ctx := newCtx()
	i32 := ctx.I(32)
	build := func(swap bool, loc ir.Location) *ir.Operation {
		b := ir.NewBuilder(ctx)
		holder := ir.NewOperation(&ir.OperationState{Name: ctx.OpName("t.holder"), Loc: ctx.UnknownLoc(), NumRegions: 1})
		blk := ir.NewBlock()
		blk.AddArgument(i32, loc)
		blk.AddArgument(i32, loc)
		holder.Region(0).Append(blk)
		b.SetInsertionPointToEnd(blk)
		x, y := blk.Argument(0), blk.Argument(1)
		if swap {
			x, y = y, x
		}
		add := b.CreateOp("t.add", []ir.Value{x, y}, []ir.Type{i32})
		add.SetLoc(loc)
		b.CreateOp("t.ret", []ir.Value{add.Result(0)}, nil)
		return holder
	}
	a := build(false, ctx.UnknownLoc())
	if !ir.RegionsEquivalent(a.Region(0), build(false, ctx.FileLineCol("f", 1, 1)).Region(0)) {
		t.Error("regions differing only in locations are not equivalent")
	}
	if ir.RegionsEquivalent(a.Region(0), build(true, ctx.UnknownLoc()).Region(0)) {
		t.Error("regions with swapped operands are equivalent")
	}
}
