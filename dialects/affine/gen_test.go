package affine_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen"
)

// TestGeneratedFresh checks that affine_gen.go is what strata-tblgen makes
// of affine.irdl now.
func TestGeneratedFresh(t *testing.T) {
	src, err := os.ReadFile("affine.irdl")
	if err != nil {
		t.Fatal(err)
	}
	want, err := gen.Generate("affine.irdl", src, "affine")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("affine_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("affine_gen.go is stale: run go generate ./dialects/affine")
	}
}
