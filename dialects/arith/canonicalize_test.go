package arith_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/strata-ir/strata/core/rules"
)

// TestCanonicalizeRulesFresh checks that canonicalize_gen.go is what
// strata-rulegen makes of canonicalize.rules now.
func TestCanonicalizeRulesFresh(t *testing.T) {
	src, err := os.ReadFile("canonicalize.rules")
	if err != nil {
		t.Fatal(err)
	}
	want, err := rules.Generate("canonicalize.rules", src, rules.Options{Package: "arith", Func: "canonicalizeRules", Canonicalization: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("canonicalize_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("canonicalize_gen.go is stale: run go generate -run strata-rulegen ./dialects/arith")
	}
}
