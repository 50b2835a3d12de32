package counter_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/core/irdl/gen/internal/counter"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
)

// TestGeneratedFresh checks that counter_gen.go is what strata-tblgen
// makes of counter.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "counter.irdl", "counter_gen.go", "counter")
}

func parse(t *testing.T, src string) (*ir.Context, *ir.Operation, error) {
	t.Helper()
	ctx := ir.NewContext()
	builtin.Register(ctx)
	function.Register(ctx)
	if err := counter.Register(ctx); err != nil {
		t.Fatal(err)
	}
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "in.mlir"})
	if err != nil {
		return ctx, nil, err
	}
	return ctx, m, ir.Verify(m)
}

// TestHooks checks that each hook the definitions name runs: the verifier
// after the declared checks, the folders and the canonicalization pattern
// through the greedy driver, and the custom printer and parser.
func TestHooks(t *testing.T) {
	if _, _, err := parse(t, "func.func @f() {\n  %0 = counter.const -1\n  return\n}"); err == nil || !strings.Contains(err.Error(), "'counter.const' op requires a non-negative value") {
		t.Errorf("verifier hook: got %v", err)
	}
	ctx, m, err := parse(t, `func.func @f(%x: i64) -> (i64, i64) {
  %c = counter.const 5
  %0 = counter.neg %c : i64
  %1 = counter.neg %x : i64
  %2 = counter.neg %1 : i64
  counter.show <%2>
  return %0, %2 : i64, i64
}`)
	if err != nil {
		t.Fatal(err)
	}
	rewrite.ApplyPatternsGreedily(ctx, m, rewrite.NewPatternSet(rewrite.CanonicalizationPatterns(ctx)...), rewrite.GreedyConfig{TopDown: true, MaxIterations: 10, MaxNumRewrites: -1})
	var out strings.Builder
	if err := asm.Print(&out, m, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"counter.const -5", "counter.show <%arg0>", "return %0, %arg0 : i64, i64"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("after canonicalization, output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestTypeAndAttrClasses builds the dialect's type and attribute through
// the generated constructors, reads them back through the accessors and
// checks that parsing the printed form gives the same interned value.
func TestTypeAndAttrClasses(t *testing.T) {
	ctx := ir.NewContext()
	if err := counter.Register(ctx); err != nil {
		t.Fatal(err)
	}
	mode, label := counter.ModeSaturate, "hot"
	bank, err := counter.GetBankType(ctx, []int64{4, ir.Dynamic}, ctx.I(64), &mode, &label)
	if err != nil {
		t.Fatal(err)
	}
	if got := asm.TypeString(bank); got != `!counter.bank<4x?xi64, saturate, "hot">` {
		t.Errorf("printed %s", got)
	}
	if parsed, err := asm.ParseTypeString(ctx, asm.TypeString(bank)); err != nil || parsed != ir.Type(bank.DynType) {
		t.Errorf("parsing the printed type gave %v, %v", parsed, err)
	}
	back, ok := counter.AsBankType(bank.DynType)
	if !ok {
		t.Fatal("AsBankType rejects a bank")
	}
	if m, ok := back.Mode(); !ok || m != counter.ModeSaturate || back.ElementType() != ir.Type(ctx.I(64)) || len(back.Shape()) != 2 {
		t.Errorf("accessors: mode %v %v, element %v, shape %v", m, ok, back.ElementType(), back.Shape())
	}
	plain, err := counter.GetBankType(ctx, []int64{2}, ctx.I(64), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := plain.Mode(); ok {
		t.Error("absent optional parameter reported present")
	}
	if _, ok := counter.AsBankType(ctx.I(64)); ok {
		t.Error("AsBankType accepts i64")
	}
	limit, err := counter.GetLimitAttr(ctx, 10, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := asm.AttrString(limit); got != "#counter.limit<10>" || limit.Value() != 10 {
		t.Errorf("limit printed %s, value %d", got, limit.Value())
	}
	if _, err := counter.GetBankType(ir.NewContext(), []int64{1}, ctx.I(64), nil, nil); err == nil {
		t.Error("building a type in a context without the dialect succeeded")
	}
}
