package ruletest_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/core/rules"
	"github.com/strata-ir/strata/core/rules/internal/ruletest"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
)

// TestGeneratedFresh checks that ruletest_gen.go is what strata-rulegen
// makes of ruletest.rules now.
func TestGeneratedFresh(t *testing.T) {
	src, err := os.ReadFile("ruletest.rules")
	if err != nil {
		t.Fatal(err)
	}
	want, err := rules.Generate("ruletest.rules", src, rules.Options{Package: "ruletest", Func: "patterns"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("ruletest_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("ruletest_gen.go is stale: run go generate ./core/rules/internal/ruletest")
	}
}

// apply parses body (generic form), rewrites it greedily with the test
// rules and returns the printed result.
func apply(t *testing.T, body string) string {
	t.Helper()
	ctx := ir.NewContext()
	ctx.AllowUnregisteredDialects = true
	builtin.Register(ctx)
	arith.Register(ctx)
	src := "\"builtin.module\"() ({\n" + body + "\n}) : () -> ()\n"
	mod, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	rewrite.ApplyPatternsGreedily(ctx, mod, rewrite.NewPatternSet(ruletest.Patterns()...), rewrite.GreedyConfig{})
	if err := ir.Verify(mod); err != nil {
		t.Fatalf("invalid IR after rewriting: %v", err)
	}
	var buf bytes.Buffer
	if err := asm.Print(&buf, mod, asm.PrintOptions{Generic: true}); err != nil {
		t.Fatal(err)
	}
	out := strings.TrimSpace(buf.String())
	out = strings.TrimPrefix(out, "\"builtin.module\"() ({")
	out = strings.TrimSuffix(out, "}) : () -> ()")
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		lines = append(lines, strings.TrimSpace(l))
	}
	return strings.Join(lines, "\n")
}

func TestRules(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"literal constant", `
%x = "t.src"() : () -> i32
%c = "arith.constant"() <{value = 0 : i32}> : () -> i32
%a = "t.add"(%x, %c) : (i32, i32) -> i32
"t.use"(%a) : (i32) -> ()`, `
%0 = "t.src"() : () -> i32
"t.use"(%0) : (i32) -> ()`},
		{"commutative operand order", `
%x = "t.src"() : () -> i32
%c = "arith.constant"() <{value = 0 : i32}> : () -> i32
%a = "t.add"(%c, %x) : (i32, i32) -> i32
%c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
%b = "t.add"(%c1, %x) : (i32, i32) -> i32
"t.use"(%a, %b) : (i32, i32) -> ()`, `
%0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
%1 = "t.src"() : () -> i32
%2 = "t.add"(%0, %1) : (i32, i32) -> i32
"t.use"(%1, %2) : (i32, i32) -> ()`},
		{"repeated names", `
%a = "t.src"() : () -> i32
%b = "t.src"() : () -> i32
%s = "t.add"(%a, %b) : (i32, i32) -> i32
%0 = "t.sub"(%s, %b) : (i32, i32) -> i32
%1 = "t.sub"(%s, %a) : (i32, i32) -> i32
%2 = "t.sub"(%s, %s) : (i32, i32) -> i32
"t.use"(%0, %1, %2) : (i32, i32, i32) -> ()`, `
%0 = "t.src"() : () -> i32
%1 = "t.src"() : () -> i32
%2 = "t.add"(%0, %1) : (i32, i32) -> i32
%3 = "t.sub"(%2, %2) : (i32, i32) -> i32
"t.use"(%0, %1, %3) : (i32, i32, i32) -> ()`},
		{"predicate and helper", `
%a = "t.src"() : () -> i32
%0 = "t.cmp"(%a, %a) {pred = 0 : i64} : (i32, i32) -> i1
%1 = "t.not"(%0) : (i1) -> i1
%2 = "t.cmp"(%a, %a) {pred = 5 : i64} : (i32, i32) -> i1
%3 = "t.not"(%2) : (i1) -> i1
"t.use"(%1, %3) : (i1, i1) -> ()`, `
%0 = "t.src"() : () -> i32
%1 = "t.cmp"(%0, %0) {pred = 0 : i64} : (i32, i32) -> i1
%2 = "t.cmp"(%0, %0) {pred = 1 : i64} : (i32, i32) -> i1
%3 = "t.cmp"(%0, %0) {pred = 5 : i64} : (i32, i32) -> i1
%4 = "t.not"(%3) : (i1) -> i1
"t.use"(%2, %4) : (i1, i1) -> ()`},
		{"own constant value", `
%y = "t.src"() : () -> i32
%c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
%c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
%0 = "t.inc"(%c1, %y) : (i32, i32) -> i32
%1 = "t.inc"(%c2, %y) : (i32, i32) -> i32
"t.use"(%0, %1) : (i32, i32) -> ()`, `
%0 = "arith.constant"() <{value = 2 : i32}> : () -> i32
%1 = "t.src"() : () -> i32
%2 = "t.twice"(%1) : (i32) -> i32
%3 = "t.inc"(%0, %1) : (i32, i32) -> i32
"t.use"(%2, %3) : (i32, i32) -> ()`},
		{"type constraints and explicit result type", `
%x = "t.src"() : () -> i1
%y = "t.src"() : () -> index
%z = "t.src"() : () -> i32
%0 = "t.widen"(%x, %y) {mode = true} : (i1, index) -> i32
%1 = "t.widen"(%x, %y) {mode = false} : (i1, index) -> i32
%2 = "t.widen"(%x, %z) {mode = true} : (i1, i32) -> i32
%3 = "t.widen"(%x, %y) {mode = true} : (i1, index) -> index
"t.use"(%0, %1, %2, %3) : (i32, i32, i32, index) -> ()`, `
%0 = "t.src"() : () -> i1
%1 = "t.src"() : () -> index
%2 = "t.src"() : () -> i32
%3 = "t.ext"(%0) : (i1) -> i32
%4 = "t.wrap"(%3) : (i32) -> i32
%5 = "t.widen"(%0, %1) {mode = false} : (i1, index) -> i32
%6 = "t.widen"(%0, %2) {mode = true} : (i1, i32) -> i32
%7 = "t.widen"(%0, %1) {mode = true} : (i1, index) -> index
"t.use"(%4, %5, %6, %7) : (i32, i32, i32, index) -> ()`},
		{"bound constants and kept properties", `
%x = "t.src"() : () -> i32
%c3 = "arith.constant"() <{value = 3 : i32}> : () -> i32
%c4 = "arith.constant"() <{value = 4 : i32}> : () -> i32
%c99 = "arith.constant"() <{value = 99 : i32}> : () -> i32
%0 = "t.add"(%x, %c3) {flags = 1 : i32} : (i32, i32) -> i32
%1 = "t.add"(%0, %c4) {flags = 2 : i32} : (i32, i32) -> i32
%2 = "t.add"(%0, %c99) {flags = 2 : i32} : (i32, i32) -> i32
"t.use"(%1, %2) : (i32, i32) -> ()`, `
%0 = "arith.constant"() <{value = 7 : i32}> : () -> i32
%1 = "arith.constant"() <{value = 99 : i32}> : () -> i32
%2 = "arith.constant"() <{value = 3 : i32}> : () -> i32
%3 = "t.src"() : () -> i32
%4 = "t.add"(%3, %2) {flags = 1 : i32} : (i32, i32) -> i32
%5 = "t.add"(%3, %0) {flags = 2 : i32} : (i32, i32) -> i32
%6 = "t.add"(%4, %1) {flags = 2 : i32} : (i32, i32) -> i32
"t.use"(%5, %6) : (i32, i32) -> ()`},
		{"named property equality", `
%a = "t.src"() : () -> i32
%0 = "t.add"(%a, %a) {flags = 1 : i32} : (i32, i32) -> i32
%1 = "t.add"(%a, %a) {flags = 1 : i32} : (i32, i32) -> i32
%2 = "t.add"(%a, %a) {flags = 2 : i32} : (i32, i32) -> i32
%3 = "t.pair"(%0, %1) : (i32, i32) -> i32
%4 = "t.pair"(%0, %2) : (i32, i32) -> i32
"t.use"(%3, %4) : (i32, i32) -> ()`, `
%0 = "t.src"() : () -> i32
%1 = "t.add"(%0, %0) {flags = 1 : i32} : (i32, i32) -> i32
%2 = "t.add"(%0, %0) {flags = 1 : i32} : (i32, i32) -> i32
%3 = "t.add"(%0, %0) {flags = 2 : i32} : (i32, i32) -> i32
%4 = "t.paired"(%0, %0) {flags = 1 : i32} : (i32, i32) -> i32
%5 = "t.pair"(%1, %3) : (i32, i32) -> i32
"t.use"(%4, %5) : (i32, i32) -> ()`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := apply(t, tc.in)
			if diff := cmp.Diff(strings.TrimSpace(tc.want), got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
