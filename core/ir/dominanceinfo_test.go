package ir_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/strata-ir/strata/core/ir"
)

// TestDominanceInfo checks operation, value and block dominance on
//
//	t.top {                      // one block of an unregistered op: graph region
//	  t.fn {                     // several blocks: SSA dominance
//	  ^bb0: %a = t.a; %n = t.n { t.in }; t.br ^bb1
//	  ^bb1(%x): %c = t.c; t.ret
//	  ^bb2: %d = t.d; t.br ^bb3     // unreachable
//	  ^bb3: %e = t.e; t.ret         // unreachable
//	  }
//	  %g = t.g; %h = t.h
//	}
func TestDominanceInfo(t *testing.T) {
	ctx := newCtx()
	ctx.RegisterOp(&ir.OpDef{Name: "t.ret", Traits: ir.IsTerminator})
	i32 := ctx.I(32)
	b := ir.NewBuilder(ctx)
	top := b.Create(&ir.OperationState{Name: ctx.OpName("t.top"), NumRegions: 1})
	topBlock := b.CreateBlock(top.Region(0))
	fn := b.Create(&ir.OperationState{Name: ctx.OpName("t.fn"), NumRegions: 1})
	r := fn.Region(0)
	bb0 := b.CreateBlock(r)
	bb1 := b.CreateBlock(r, i32)
	bb2 := b.CreateBlock(r)
	bb3 := b.CreateBlock(r)
	b.SetInsertionPointToEnd(bb0)
	a := b.CreateOp("t.a", nil, []ir.Type{i32})
	n := b.Create(&ir.OperationState{Name: ctx.OpName("t.n"), ResultTypes: []ir.Type{i32}, NumRegions: 1})
	b.Create(&ir.OperationState{Name: ctx.OpName("t.br"), Operands: []ir.Value{a.Result(0)}, Successors: []*ir.Block{bb1}})
	b.CreateBlock(n.Region(0))
	in := b.CreateOp("t.in", nil, nil)
	b.SetInsertionPointToEnd(bb1)
	c := b.CreateOp("t.c", nil, []ir.Type{i32})
	ret1 := b.CreateOp("t.ret", nil, nil)
	b.SetInsertionPointToEnd(bb2)
	d := b.CreateOp("t.d", nil, []ir.Type{i32})
	b.Create(&ir.OperationState{Name: ctx.OpName("t.br"), Operands: []ir.Value{d.Result(0)}, Successors: []*ir.Block{bb3}})
	b.SetInsertionPointToEnd(bb3)
	e := b.CreateOp("t.e", nil, []ir.Type{i32})
	b.SetInsertionPointToEnd(topBlock)
	g := b.CreateOp("t.g", nil, []ir.Type{i32})
	h := b.CreateOp("t.h", nil, []ir.Type{i32})

	dom := ir.NewDominanceInfo()
	ops := []struct {
		name string
		a, b *ir.Operation
		want bool
	}{
		{"before in block", a, n, true},
		{"after in block", n, a, false},
		{"itself in an SSA region", a, a, false},
		{"itself in a graph region", g, g, true},
		{"after in a graph region", h, g, true},
		{"enclosing", n, in, true},
		{"nested in the dominator's block", a, in, true},
		{"nested, from inside", in, n, false},
		{"dominating block", a, c, true},
		{"reachable over unreachable", a, d, true},
		{"unreachable over reachable", d, c, false},
		{"unreachable over unreachable", e, d, true},
		{"unreachable, in order", d, e, true},
		{"graph region, over an op nested before", g, c, true},
		{"nested over outer", c, g, false},
		{"dominates itself", ret1, ret1, true},
	}
	for _, tc := range ops {
		got := dom.OpProperlyDominates(tc.a, tc.b)
		if tc.name == "dominates itself" {
			got = dom.OpDominates(tc.a, tc.b)
		}
		if got != tc.want {
			t.Errorf("%s: %s over %s = %v, want %v", tc.name, tc.a.Name(), tc.b.Name(), got, tc.want)
		}
	}
	values := []struct {
		name string
		v    ir.Value
		user *ir.Operation
		want bool
	}{
		{"result in its own region", n.Result(0), in, false},
		{"argument in its block", bb1.Argument(0), c, true},
		{"argument in an unreachable block", bb1.Argument(0), e, true},
		{"argument in the entry", bb1.Argument(0), a, false},
		{"result before", a.Result(0), c, true},
		{"result of a graph region", h.Result(0), g, true},
	}
	for _, tc := range values {
		if got := dom.ValueProperlyDominates(tc.v, tc.user); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
	if !dom.Reachable(bb1) || dom.Reachable(bb2) || dom.Reachable(bb3) || !dom.Reachable(topBlock) {
		t.Error("reachability")
	}
	if dom.ImmediateDominator(bb1) != bb0 || dom.ImmediateDominator(bb0) != nil || dom.ImmediateDominator(bb3) != nil {
		t.Error("immediate dominators")
	}
	if ch := dom.Children(bb0); len(ch) != 1 || ch[0] != bb1 || len(dom.Children(bb2)) != 0 {
		t.Errorf("children of ^bb0: %v", ch)
	}
	if !dom.HasSSADominance(r) || dom.HasSSADominance(top.Region(0)) || dom.HasSSADominance(n.Region(0)) {
		t.Error("SSA dominance")
	}
}

// TestDominanceInfoRandomCFG checks, on random control-flow graphs, that
// block dominance agrees with the chains of immediate dominators and that
// the dominator-tree children are the blocks whose immediate dominator
// their parent is, in region order.
func TestDominanceInfoRandomCFG(t *testing.T) {
	ctx := newCtx()
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 50; iter++ {
		b := ir.NewBuilder(ctx)
		fn := b.Create(&ir.OperationState{Name: ctx.OpName("t.fn"), NumRegions: 1})
		r := fn.Region(0)
		blocks := make([]*ir.Block, 2+rng.IntN(30))
		for i := range blocks {
			blocks[i] = b.CreateBlock(r)
		}
		for i, blk := range blocks {
			var succ []*ir.Block
			for k := rng.IntN(3); k > 0; k-- {
				// Mostly forward edges, some back edges.
				j := i + 1 + rng.IntN(3)
				if rng.IntN(4) == 0 {
					j = rng.IntN(len(blocks))
				}
				if j >= 1 && j < len(blocks) {
					succ = append(succ, blocks[j])
				}
			}
			b.SetInsertionPointToEnd(blk)
			b.Create(&ir.OperationState{Name: ctx.OpName("t.br"), Successors: succ})
		}
		dom := ir.NewDominanceInfo()
		for _, x := range blocks {
			for _, y := range blocks {
				want := x != y && (!dom.Reachable(y) || dom.Reachable(x) && onIdomChain(dom, x, y))
				if got := dom.ProperlyDominates(x, y); got != want {
					t.Fatalf("iteration %d: ProperlyDominates = %v, want %v", iter, got, want)
				}
			}
			var kids []*ir.Block
			for _, y := range blocks {
				if dom.ImmediateDominator(y) == x {
					kids = append(kids, y)
				}
			}
			if got := dom.Children(x); !slices.Equal(got, kids) {
				t.Fatalf("iteration %d: children %v, want %v", iter, got, kids)
			}
		}
	}
}

// onIdomChain reports whether x is a proper ancestor of y in the chain of
// immediate dominators.
func onIdomChain(dom *ir.DominanceInfo, x, y *ir.Block) bool {
	for z := dom.ImmediateDominator(y); z != nil; z = dom.ImmediateDominator(z) {
		if z == x {
			return true
		}
	}
	return false
}
