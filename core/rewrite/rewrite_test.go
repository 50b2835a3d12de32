package rewrite_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/builtin"
)

// A tiny test dialect: tst.const, tst.add (folds), tst.neg (pattern), and
// tst.func (isolated) / tst.ret (terminator).
func newContext() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregisteredDialects = true
	builtin.Register(ctx)
	ctx.RegisterDialect(&ir.Dialect{Name: "tst", MaterializeConstant: func(b *ir.Builder, v ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		return b.Create(&ir.OperationState{Name: b.Ctx.OpName("tst.const"), Loc: loc, ResultTypes: []ir.Type{t},
			Properties: b.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: v}})})
	}})
	ctx.RegisterOp(&ir.OpDef{Name: "tst.const", Traits: ir.Pure | ir.ConstantLike, InherentAttrs: []string{"value"},
		Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
			return []ir.FoldResult{{Attr: op.InherentAttr("value")}}, true
		}})
	ctx.RegisterOp(&ir.OpDef{Name: "tst.add", Traits: ir.Pure | ir.Commutative,
		Fold: func(op *ir.Operation, c []ir.Attribute) ([]ir.FoldResult, bool) {
			a, aok := c[0].(*ir.IntegerAttr)
			b, bok := c[1].(*ir.IntegerAttr)
			switch {
			case aok && bok:
				return []ir.FoldResult{{Attr: op.Context().IntegerAttr(a.Type, a.Int64()+b.Int64())}}, true
			case bok && b.Int64() == 0:
				return []ir.FoldResult{{Value: op.Operand(0)}}, true
			}
			return nil, false
		}})
	ctx.RegisterOp(&ir.OpDef{Name: "tst.neg", Traits: ir.Pure})
	ctx.RegisterOp(&ir.OpDef{Name: "tst.func", Traits: ir.IsolatedFromAbove})
	ctx.RegisterOp(&ir.OpDef{Name: "tst.ret", Traits: ir.IsTerminator})
	return ctx
}

// negNeg rewrites neg(neg(x)) to x.
var negNeg = &rewrite.Func{RootName: "tst.neg", BenefitValue: 1, PatternName: "neg-neg",
	Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
		inner := ir.DefiningOp(op.Operand(0))
		if inner == nil || inner.Name() != "tst.neg" {
			return false
		}
		r.ReplaceOp(op, []ir.Value{inner.Operand(0)})
		return true
	}}

func run(t *testing.T, src string, cfg rewrite.GreedyConfig, patterns ...rewrite.Pattern) string {
	t.Helper()
	ctx := newContext()
	mod, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	set := rewrite.NewPatternSet(patterns...)
	for f := mod.Region(0).First().First(); f != nil; f = f.Next() {
		rewrite.ApplyPatternsGreedily(ctx, f, set, cfg)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatalf("IR invalid after rewrite: %v", err)
	}
	var buf bytes.Buffer
	if err := asm.Print(&buf, mod, asm.PrintOptions{Generic: true}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// foldInput folds 1 + 2 next to a constant 3 already there.
const foldInput = `"tst.func"() ({
  %x = "tst.arg"() : () -> i32
  %a = "tst.const"() <{value = 1 : i32}> : () -> i32
  %b = "tst.const"() <{value = 2 : i32}> : () -> i32
  %c = "tst.add"(%a, %b) : (i32, i32) -> i32
  %d = "tst.const"() <{value = 3 : i32}> : () -> i32
  "tst.use"(%c, %d, %x) : (i32, i32, i32) -> ()
  "tst.ret"() : () -> ()
}) : () -> ()`

func TestGreedy(t *testing.T) {
	tests := []struct {
		name, in, want string
		cfg            rewrite.GreedyConfig
	}{
		{
			name: "constant folding with dedup and hoisting",
			in:   foldInput,
			want: `"builtin.module"() ({
  "tst.func"() ({
    %0 = "tst.const"() <{value = 3 : i32}> : () -> i32
    %1 = "tst.arg"() : () -> i32
    "tst.use"(%0, %0, %1) : (i32, i32, i32) -> ()
    "tst.ret"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
		},
		{
			name: "constant folding without dedup",
			cfg:  rewrite.GreedyConfig{DisableConstantCSE: true},
			in:   foldInput,
			want: `"builtin.module"() ({
  "tst.func"() ({
    %0 = "tst.arg"() : () -> i32
    %1 = "tst.const"() <{value = 3 : i32}> : () -> i32
    %2 = "tst.const"() <{value = 3 : i32}> : () -> i32
    "tst.use"(%1, %2, %0) : (i32, i32, i32) -> ()
    "tst.ret"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
		},
		{
			name: "fold to existing value and remove dead ops",
			in: `"tst.func"() ({
  %x = "tst.arg"() : () -> i32
  %z = "tst.const"() <{value = 0 : i32}> : () -> i32
  %s = "tst.add"(%x, %z) : (i32, i32) -> i32
  %dead = "tst.add"(%s, %s) : (i32, i32) -> i32
  "tst.ret"(%s) : (i32) -> ()
}) : () -> ()`,
			want: `"builtin.module"() ({
  "tst.func"() ({
    %0 = "tst.arg"() : () -> i32
    "tst.ret"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`,
		},
		{
			name: "patterns to a fixpoint",
			in: `"tst.func"() ({
  %x = "tst.arg"() : () -> i32
  %1 = "tst.neg"(%x) : (i32) -> i32
  %2 = "tst.neg"(%1) : (i32) -> i32
  %3 = "tst.neg"(%2) : (i32) -> i32
  %4 = "tst.neg"(%3) : (i32) -> i32
  "tst.ret"(%4) : (i32) -> ()
}) : () -> ()`,
			want: `"builtin.module"() ({
  "tst.func"() ({
    %0 = "tst.arg"() : () -> i32
    "tst.ret"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`,
		},
		{
			name: "unreachable blocks",
			cfg:  rewrite.GreedyConfig{Simplify: rewrite.SimplifyNormal},
			in: `"tst.func"() ({
^bb0:
  "tst.br"()[^bb2] : () -> ()
^bb1:
  "tst.ret"() : () -> ()
^bb2:
  "tst.ret"() : () -> ()
}) : () -> ()`,
			want: `"builtin.module"() ({
  "tst.func"() ({
    "tst.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    "tst.ret"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.TrimRight(run(t, tc.in, tc.cfg, negNeg), "\n")
			if diff := cmp.Diff(strings.TrimRight(tc.want, "\n"), got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPatternOrder(t *testing.T) {
	var order []string
	mk := func(name string, benefit int, root string) rewrite.Pattern {
		return &rewrite.Func{RootName: root, BenefitValue: benefit, PatternName: name,
			Fn: func(*ir.Operation, *rewrite.Rewriter) bool { order = append(order, name); return false }}
	}
	set := rewrite.NewPatternSet(mk("low", 1, "t.op"), mk("any-mid", 5, ""), mk("high", 10, "t.op"), mk("low2", 1, "t.op"))
	ctx := newContext()
	op := ir.NewOperation(&ir.OperationState{Name: ctx.OpName("t.op")})
	set.Apply(op, rewrite.NewRewriter(ctx))
	if diff := cmp.Diff([]string{"high", "any-mid", "low", "low2"}, order); diff != "" {
		t.Error(diff)
	}
}

// TestRegionDCE removes dead operations from a whole region, including
// from a graph region whose operations use values defined after them,
// where liveness needs more than one walk to settle.
func TestRegionDCE(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{
			name: "dead chain in one walk",
			in: `"tst.func"() ({
  %0 = "tst.const"() {value = 1 : i32} : () -> i32
  %1 = "tst.neg"(%0) : (i32) -> i32
  %2 = "tst.neg"(%1) : (i32) -> i32
  "tst.ret"() : () -> ()
}) : () -> ()
`,
			want: `"builtin.module"() ({
  "tst.func"() ({
    "tst.ret"() : () -> ()
  }) : () -> ()
}) : () -> ()

`,
		},
		{
			name: "graph region uses before definitions",
			in: `"g.graph"() ({
  "g.sink"(%0) : (i32) -> ()
  %0 = "tst.neg"(%1) : (i32) -> i32
  %1 = "tst.neg"(%2) : (i32) -> i32
  %2 = "tst.const"() {value = 1 : i32} : () -> i32
  %3 = "tst.neg"(%2) : (i32) -> i32
}) : () -> ()
`,
			want: `"builtin.module"() ({
  "g.graph"() ({
    "g.sink"(%0) : (i32) -> ()
    %0 = "tst.neg"(%1) : (i32) -> i32
    %1 = "tst.neg"(%2) : (i32) -> i32
    %2 = "tst.const"() <{value = 1 : i32}> : () -> i32
  }) : () -> ()
}) : () -> ()

`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newContext()
			mod, _, err := asm.ParseModule(ctx, []byte(tc.in), asm.Config{Filename: "t.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			rw := &rewrite.Rewriter{Builder: ir.NewBuilder(ctx)}
			if !rewrite.RegionDCE(rw, mod.Region(0)) {
				t.Error("RegionDCE reported no change")
			}
			var buf bytes.Buffer
			if err := asm.Print(&buf, mod, asm.PrintOptions{Generic: true}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, buf.String()); diff != "" {
				t.Errorf("after RegionDCE (-want +got):\n%s", diff)
			}
		})
	}
}
