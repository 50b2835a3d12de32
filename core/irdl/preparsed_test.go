package irdl

import (
	"crypto/sha256"
	"testing"

	"github.com/strata-ir/strata/core/ir"
)

// TestPreparsed checks that loading a file takes the syntax tree recorded
// for its exact text, and parses a file whose text differs from the one
// the tree was made of.
func TestPreparsed(t *testing.T) {
	src := []byte("dialect prep { op a { } }\n")
	edited := []byte("dialect prep { op a { } op b { } }\n")
	tree, err := Parse("other.irdl", []byte("dialect prep { op c { } }\n"))
	if err != nil {
		t.Fatal(err)
	}
	Preparsed(sha256.Sum256(src), tree)

	ctx := ir.NewContext()
	if err := Load(ctx, "prep.irdl", src); err != nil {
		t.Fatal(err)
	}
	if ctx.LookupOpName("prep.c") == nil || ctx.LookupOpName("prep.a") != nil {
		t.Error("loading the file did not take the tree recorded for its text")
	}

	ctx = ir.NewContext()
	if err := Load(ctx, "prep.irdl", edited); err != nil {
		t.Fatal(err)
	}
	if ctx.LookupOpName("prep.a") == nil || ctx.LookupOpName("prep.b") == nil || ctx.LookupOpName("prep.c") != nil {
		t.Error("an edited file was not parsed")
	}
}
