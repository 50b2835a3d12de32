package math_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen"
)

// TestGeneratedFresh checks that math_gen.go is what strata-tblgen makes
// of math.irdl now.
func TestGeneratedFresh(t *testing.T) {
	src, err := os.ReadFile("math.irdl")
	if err != nil {
		t.Fatal(err)
	}
	want, err := gen.Generate("math.irdl", src, "math")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("math_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("math_gen.go is stale: run go generate ./dialects/math")
	}
}
