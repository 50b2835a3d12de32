package rocdl_test

import (
	"path/filepath"
	"testing"

	"github.com/strata-ir/strata/internal/progtest"
)

// TestPrograms runs the kernels of testdata with strata-run and matches
// their output against their CHECK lines, computed from the CDNA ISA's
// definitions independently of the interpreter.
func TestPrograms(t *testing.T) {
	progtest.CheckPrograms(t, filepath.Join("testdata", "*.mlir"))
}
