package test_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	testd "github.com/strata-ir/strata/dialects/test"
)

// parse parses src into a context with every dialect, without
// --allow-unregistered-dialect.
func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSideEffectOpEffects checks the effects test.side_effect_op reads
// from its `effects` attribute, malformed entries included.
func TestSideEffectOpEffects(t *testing.T) {
	for _, c := range []struct {
		attr     string
		want     []ir.EffectKind
		onResult []bool
	}{
		{"", nil, nil},
		{`{effects = []}`, nil, nil},
		{`{effects = [{effect = "read"}, {effect = "allocate", on_result}]}`,
			[]ir.EffectKind{ir.EffectRead, ir.EffectAllocate}, []bool{false, true}},
		{`{effects = [{effect = "free", test_resource}, {effect = "write"}]}`,
			[]ir.EffectKind{ir.EffectFree, ir.EffectWrite}, []bool{false, false}},
		// Entries upstream cannot interpret count as writes of unknown
		// memory.
		{`{effects = [1, {effect = 2}, {effect = "jump"}]}`,
			[]ir.EffectKind{ir.EffectWrite, ir.EffectWrite, ir.EffectWrite}, []bool{false, false, false}},
		// An attribute that is not an array lists nothing, as upstream.
		{`{effects = "read"}`, nil, nil},
	} {
		m := parse(t, `%0 = "test.side_effect_op"() `+c.attr+` : () -> i32`)
		var op testd.SideEffectOpOp
		m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
			if s, ok := testd.AsSideEffectOpOp(o); ok {
				op = s
			}
			return true
		})
		if op.Operation == nil {
			t.Fatalf("%s: no test.side_effect_op", c.attr)
		}
		effects, known := op.Effects()
		if !known || len(effects) != len(c.want) {
			t.Fatalf("%s: effects %v (known %v), want kinds %v", c.attr, effects, known, c.want)
		}
		for i, e := range effects {
			if e.Kind != c.want[i] || (e.Value == op.Result()) != c.onResult[i] {
				t.Errorf("%s: effect %d is %v on %v", c.attr, i, e.Kind, e.Value)
			}
		}
	}
}

// TestRegionIfSuccessors checks test.region_if's region successors: the
// parent enters the then and else regions, which continue in the join
// region, which returns to the parent.
func TestRegionIfSuccessors(t *testing.T) {
	m := parse(t, `
func.func @f(%m: memref<2xf32>) -> memref<2xf32> {
  %0 = test.region_if %m : memref<2xf32> -> memref<2xf32> then {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  } else {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  } join {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  }
  return %0 : memref<2xf32>
}`)
	var op testd.RegionIfOp
	m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if r, ok := testd.AsRegionIfOp(o); ok {
			op = r
		}
		return true
	})
	rb, ok := ir.RegionBranchOp.Of(op.Operation)
	if !ok {
		t.Fatal("test.region_if has no RegionBranchOpInterface")
	}
	entry := rb.SuccessorRegions(op.Operation, nil, nil)
	if len(entry) != 2 || entry[0].Region != op.ThenRegion() || entry[1].Region != op.ElseRegion() ||
		len(entry[0].Inputs) != 1 || len(entry[1].Inputs) != 1 {
		t.Errorf("entry successors: %+v", entry)
	}
	for _, from := range []*ir.Region{op.ThenRegion(), op.ElseRegion()} {
		s := rb.SuccessorRegions(op.Operation, from, nil)
		if len(s) != 1 || s[0].Region != op.JoinRegion() || len(s[0].Inputs) != 1 {
			t.Errorf("successors of region %d: %+v", from.Index(), s)
		}
	}
	s := rb.SuccessorRegions(op.Operation, op.JoinRegion(), nil)
	if len(s) != 1 || s[0].Region != nil || len(s[0].Inputs) != 1 || s[0].Inputs[0] != op.Result(0) {
		t.Errorf("successors of the join region: %+v", s)
	}
	if got := rb.EntrySuccessorOperands(op.Operation, op.ThenRegion()); len(got) != 1 || got[0] != op.Operand(0) {
		t.Errorf("entry operands %v", got)
	}
}

// TestUnknownOps checks that unknown operations of the dialect parse in
// generic form without --allow-unregistered-dialect, while those of a
// dialect that does not allow them, and the custom form of an unknown
// test operation, are errors.
func TestUnknownOps(t *testing.T) {
	for _, c := range []struct{ src, err string }{
		{`%0 = "test.dummy_op"() : () -> i32`, ""},
		{`%0 = "arith.dummy_op"() : () -> i32`, "unregistered operation 'arith.dummy_op' found in dialect ('arith') that does not allow unknown operations"},
		{`%0 = test.dummy_op : i32`, "custom op 'test.dummy_op' is unknown"},
	} {
		ctx := ir.NewContext()
		all.Register(ctx)
		_, _, err := asm.ParseModule(ctx, []byte(c.src), asm.Config{Filename: "t.mlir"})
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.src, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want %q", c.src, err, c.err)
		}
	}
}

// TestMalformedRegionIf checks that a test.region_if whose regions do not
// take what the op passes is a verifier error, not a crash: an empty else
// region has no arguments for the forwarded operand.
func TestMalformedRegionIf(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	src := `func.func @f(%m: memref<2xf32>) {
  %0 = "test.region_if"(%m) ({
  ^bb0(%a: memref<2xf32>):
    "test.region_if_yield"(%a) : (memref<2xf32>) -> ()
  }, {
  }, {
  }) : (memref<2xf32>) -> memref<2xf32>
  return
}`
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	err = ir.Verify(m)
	if err == nil || !strings.Contains(err.Error(), "along control flow edge from parent to Region #1") {
		t.Errorf("verifier error %v", err)
	}
}
