// Package gentest checks in tests that a file strata-tblgen generated is
// up to date with its definition file.
package gentest

import (
	"bytes"
	"os"
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen"
)

// Fresh fails t when genFile differs from what strata-tblgen makes of
// irdlFile for package pkg (both paths relative to the test's package).
func Fresh(t testing.TB, irdlFile, genFile, pkg string) {
	t.Helper()
	src, err := os.ReadFile(irdlFile)
	if err != nil {
		t.Fatal(err)
	}
	want, err := gen.Generate(irdlFile, src, pkg)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(genFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go generate in the package's directory", genFile)
	}
}
