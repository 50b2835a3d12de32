package coverage_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/coverage"
	"github.com/strata-ir/strata/internal/testutil"
	interpall "github.com/strata-ir/strata/interp/all"
)

var update = flag.Bool("update", false, "rewrite docs/coverage.md")

// TestCoverageDoc checks that docs/coverage.md is the table of today's
// registrations.
func TestCoverageDoc(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	reg := interp.NewRegistry()
	interpall.Register(reg)
	var b bytes.Buffer
	coverage.Write(&b, coverage.Rows(ctx, reg))
	path := filepath.Join(testutil.RepoRoot(), "docs", "coverage.md")
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, b.Bytes()) {
		t.Fatalf("docs/coverage.md is stale: run go test ./internal/coverage -update")
	}
}

// TestRowsSeeRegistrations checks the columns against operations whose
// coverage is known: a lowering by pattern, one through an interface, an
// interpreted op, a folder, a bufferizable op.
func TestRowsSeeRegistrations(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	reg := interp.NewRegistry()
	interpall.Register(reg)
	rows := map[string]coverage.Row{}
	for _, r := range coverage.Rows(ctx, reg) {
		rows[r.Op] = r
	}
	has := func(list []string, s string) bool {
		for _, x := range list {
			if x == s {
				return true
			}
		}
		return false
	}
	for _, c := range []struct {
		op   string
		ok   func(coverage.Row) bool
		what string
	}{
		{"arith.addi", func(r coverage.Row) bool {
			return r.Fold && r.Interpret && r.Syntax && has(r.LoweredBy, "convert-arith-to-llvm")
		}, "folded, interpreted, lowered to llvm"},
		{"vector.shuffle", func(r coverage.Row) bool { return r.Interpret && has(r.LoweredBy, "convert-vector-to-llvm") }, "interpreted, lowered to llvm"},
		{"linalg.matmul", func(r coverage.Row) bool { return r.Bufferize && has(r.LoweredBy, "convert-linalg-to-loops") }, "bufferized, lowered to loops"},
		{"affine.for", func(r coverage.Row) bool { return has(r.LoweredBy, "lower-affine") }, "lowered by lower-affine"},
		{"scf.while", func(r coverage.Row) bool { return has(r.LoweredBy, "convert-scf-to-cf") }, "lowered to cf"},
		{"linalg.pack", func(r coverage.Row) bool { return !r.Bufferize }, "without bufferization"},
	} {
		r, ok := rows[c.op]
		if !ok || !c.ok(r) {
			t.Errorf("%s: want %s, got %+v", c.op, c.what, r)
		}
	}
}
