package arith_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// TestPoisonFlags checks which flagged operations give poison at the arith
// level: each program returns one i8 result computed from the argument
// %a = 100 (or -100) and the constant %b.
func TestPoisonFlags(t *testing.T) {
	tests := []struct {
		a    int64
		body string
		want string // "poison", or the value
	}{
		{100, "%b = arith.constant 27 : i8\n  %r = arith.addi %a, %b overflow<nsw> : i8", "127"},
		{100, "%b = arith.constant 28 : i8\n  %r = arith.addi %a, %b overflow<nsw> : i8", "poison"},
		{100, "%b = arith.constant 28 : i8\n  %r = arith.addi %a, %b overflow<nuw> : i8", "-128"},
		{100, "%b = arith.constant 156 : i8\n  %r = arith.addi %a, %b overflow<nuw> : i8", "poison"},
		{-100, "%b = arith.constant 29 : i8\n  %r = arith.subi %a, %b overflow<nsw> : i8", "poison"},
		{-100, "%b = arith.constant 28 : i8\n  %r = arith.subi %a, %b overflow<nsw> : i8", "-128"},
		{100, "%b = arith.constant 101 : i8\n  %r = arith.subi %a, %b overflow<nuw> : i8", "poison"},
		{100, "%b = arith.constant 2 : i8\n  %r = arith.muli %a, %b overflow<nsw> : i8", "poison"},
		{100, "%b = arith.constant 2 : i8\n  %r = arith.muli %a, %b overflow<nuw> : i8", "-56"},
		{100, "%b = arith.constant 1 : i8\n  %r = arith.shli %a, %b overflow<nsw> : i8", "poison"},
		{100, "%b = arith.constant 1 : i8\n  %r = arith.shli %a, %b overflow<nuw> : i8", "-56"},
		{100, "%b = arith.constant 2 : i8\n  %r = arith.shli %a, %b overflow<nuw> : i8", "poison"},
		{100, "%b = arith.constant 8 : i8\n  %r = arith.shli %a, %b : i8", "poison"},
		{100, "%b = arith.constant 9 : i8\n  %r = arith.shrui %a, %b : i8", "poison"},
		{100, "%b = arith.constant -1 : i8\n  %r = arith.shrsi %a, %b : i8", "poison"},
		{100, "%b = arith.constant 2 : i8\n  %r = arith.shrui %a, %b exact : i8", "25"},
		{100, "%b = arith.constant 3 : i8\n  %r = arith.shrui %a, %b exact : i8", "poison"},
		{-100, "%b = arith.constant 3 : i8\n  %r = arith.shrsi %a, %b exact : i8", "poison"},
		{-100, "%b = arith.constant 7 : i8\n  %r = arith.divsi %a, %b exact : i8", "poison"},
		{-100, "%b = arith.constant 5 : i8\n  %r = arith.divsi %a, %b exact : i8", "-20"},
		{100, "%b = arith.constant 3 : i8\n  %r = arith.divui %a, %b exact : i8", "poison"},
		{100, "%b = arith.constant 0 : i8\n  %w = arith.extsi %a : i8 to i16\n  %c = arith.constant 200 : i16\n  %s = arith.addi %w, %c : i16\n  %r = arith.trunci %s overflow<nsw> : i16 to i8", "poison"},
		{100, "%b = arith.constant 0 : i8\n  %w = arith.extsi %a : i8 to i16\n  %c = arith.constant 100 : i16\n  %s = arith.addi %w, %c : i16\n  %r = arith.trunci %s overflow<nuw> : i16 to i8", "-56"},
		{100, "%b = arith.constant 0 : i8\n  %w = arith.extsi %a : i8 to i16\n  %c = arith.constant 100 : i16\n  %s = arith.addi %w, %c : i16\n  %r = arith.trunci %s overflow<nsw> : i16 to i8", "poison"},
		// Poison propagates through arithmetic, comparisons and select.
		{100, "%b = arith.constant 28 : i8\n  %p = arith.addi %a, %b overflow<nsw> : i8\n  %q = arith.xori %p, %b : i8\n  %c = arith.cmpi eq, %q, %b : i8\n  %r = arith.select %c, %a, %b : i8", "poison"},
		{100, "%b = arith.constant 28 : i8\n  %p = arith.addi %a, %b overflow<nsw> : i8\n  %f = arith.constant false\n  %r = arith.select %f, %p, %b : i8", "28"},
		// Wide integers.
		{100, "%b = arith.constant 0 : i8\n  %w = arith.extsi %a : i8 to i128\n  %m = arith.constant 170141183460469231731687303715884105628 : i128\n  %s = arith.addi %w, %m overflow<nsw> : i128\n  %r = arith.trunci %s : i128 to i8", "poison"},
		{100, "%b = arith.constant 0 : i8\n  %w = arith.extsi %a : i8 to i128\n  %m = arith.constant 170141183460469231731687303715884105627 : i128\n  %s = arith.addi %w, %m overflow<nsw> : i128\n  %r = arith.trunci %s : i128 to i8", "-1"},
		{100, "%b = arith.constant 0 : i8\n  %w = arith.extsi %a : i8 to i128\n  %c = arith.constant 128 : i128\n  %s = arith.shli %w, %c : i128\n  %r = arith.trunci %s : i128 to i8", "poison"},
	}
	for _, tc := range tests {
		src := "func.func @f(%a: i8) -> i8 {\n  " + tc.body + "\n  return %r : i8\n}\n"
		res, err := call(t, src, func(ctx *ir.Context) []interp.Value { return []interp.Value{interp.MakeInt(ctx.I(8), uint64(tc.a))} })
		if err != nil {
			t.Errorf("%s: %v", tc.body, err)
			continue
		}
		got := "poison"
		if !res[0].IsPoison() {
			got = strings.TrimSuffix(res[0].String(), " : i8")
		}
		if got != tc.want {
			t.Errorf("%s with %%a = %d: got %s, want %s", tc.body, tc.a, got, tc.want)
		}
	}
}

// TestPoisonUses checks that using poison where upstream has undefined
// behaviour is an error located at the use, with a note at its origin.
func TestPoisonUses(t *testing.T) {
	tests := []struct{ body, want string }{
		{"%z = arith.constant 0 : i8\n  %r = arith.divsi %a, %p : i8\n  return %r : i8", "t.mlir:5:8: error: the divisor is poison (signed overflow with the nsw flag)"},
		{"%z = arith.constant 0 : i8\n  %c = arith.cmpi eq, %p, %z : i8\n  \"cf.cond_br\"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()\n^bb1:\n  return %z : i8", "t.mlir:6:3: error: the branch condition is poison (signed overflow with the nsw flag)"},
		{"%z = arith.constant 0 : i8\n  \"cf.switch\"(%p)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i8) -> ()\n^bb1:\n  return %z : i8", "t.mlir:5:3: error: the switch flag is poison"},
	}
	for _, tc := range tests {
		src := "func.func @f(%a: i8) -> i8 {\n  %b = arith.constant 127 : i8\n  %p = arith.addi %a, %b overflow<nsw> : i8\n  " + tc.body + "\n}\n"
		_, err := call(t, src, func(ctx *ir.Context) []interp.Value { return []interp.Value{interp.MakeInt(ctx.I(8), 1)} })
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("got %v, want %q", err, tc.want)
			continue
		}
		if d, ok := err.(*ir.Diagnostic); !ok || len(d.Notes) == 0 || !strings.Contains(d.Notes[0].Message, "'arith.addi'") {
			t.Errorf("%v: no note at the origin", err)
		}
	}
}
