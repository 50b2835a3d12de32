package memref_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen"
)

// TestGeneratedFresh checks that memref_gen.go is what strata-tblgen makes
// of memref.irdl now.
func TestGeneratedFresh(t *testing.T) {
	src, err := os.ReadFile("memref.irdl")
	if err != nil {
		t.Fatal(err)
	}
	want, err := gen.Generate("memref.irdl", src, "memref")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("memref_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("memref_gen.go is stale: run go generate ./dialects/memref")
	}
}
