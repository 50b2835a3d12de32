package rules_test

import (
	"testing"

	"github.com/strata-ir/strata/core/rules"
)

// FuzzParse feeds arbitrary text to the parser, checker and generator:
// they must report errors, never panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"(t.a x [0]) => x",
		"op t.add(lhs, rhs, $f) commutative\nA: (t.add:r (t.add x [$c:int] $f) [$d]) && p($c, r) => (t.add x (arith.constant (h r $c $d)) $f)",
		"(t.sel (t.xor p [true]) a b) && !sameType(a, b) => (t.sel p b a -> type(a))",
		"(t.a x:i1 n=$v) => (t.b (t.c x -> type(x)) n=(h $v 3) m=true)",
		"(", "op", "=>", "(t.a [", "A: A:",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		_, _ = rules.Generate("f.rules", []byte(src), rules.Options{Package: "p"})
	})
}
