package irdl

import (
	"testing"

	"github.com/strata-ir/strata/core/ir"
)

// hasTiles is a trait declared in Go, as a dialect package declares one,
// for TestDeclaredTrait.
var hasTiles = ir.DeclareTrait("trtest.HasTiles")

// TestDeclaredTrait checks that an op of a .irdl file lists a trait that Go
// code declared, by name, next to the core traits, and that the op then
// has it.
func TestDeclaredTrait(t *testing.T) {
	src := []byte(`dialect trtest {
  op tiled {
    traits [Pure, trtest.HasTiles]
    results (r: I32)
  }
  op plain {
    traits [Pure]
    results (r: I32)
  }
}
`)
	ctx := newTestContext()
	if err := Load(ctx, "t.irdl", src); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		op   string
		want bool
	}{
		{"trtest.tiled", true},
		{"trtest.plain", false},
	} {
		on := ctx.LookupOpName(tc.op)
		if on == nil || on.Def == nil {
			t.Fatalf("%s is not registered", tc.op)
		}
		op := ir.NewOperation(&ir.OperationState{Name: on, Loc: ctx.UnknownLoc(), ResultTypes: []ir.Type{ctx.I(32)}})
		if got := hasTiles.Has(op); got != tc.want {
			t.Errorf("%s: HasTiles = %v, want %v", tc.op, got, tc.want)
		}
		if !on.Def.HasTrait(ir.Pure) {
			t.Errorf("%s lost its core trait Pure", tc.op)
		}
	}
}

// TestDeclaredTraitErrors checks the located errors of trait names that
// are not declared traits.
func TestDeclaredTraitErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"dialect d {\n  op a {\n    traits [trtest.Nope]\n  }\n}\n", "t.irdl:3:13: error: unknown trait 'trtest.Nope'"},
		{"dialect d {\n  op a {\n    traits [ir.RegionBranchOpInterface]\n  }\n}\n", "t.irdl:3:13: error: 'ir.RegionBranchOpInterface' is an operation interface, not a trait: a dialect attaches its implementation in Go"},
		{"dialect d {\n  op a {\n    traits [trtest.HasTiles<\"x\">]\n  }\n}\n", "t.irdl:3:13: error: trait 'trtest.HasTiles' takes no arguments"},
	} {
		err := Check("t.irdl", []byte(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}
