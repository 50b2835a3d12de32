package gputonvvm_test

import (
	"testing"

	"github.com/strata-ir/strata/internal/passtest"
)

// TestFileCheck runs convert-gpu-to-nvvm on each file of testdata (its first line
// may give other flags: `// FLAGS: ...`) and matches the output against
// the file's CHECK lines.
func TestFileCheck(t *testing.T) {
	passtest.CheckFiles(t, "testdata", "-convert-gpu-to-nvvm")
}

// TestMLIROpt compares the output of each file of testdata, in custom and
// generic form, with mlir-opt-22's.
func TestMLIROpt(t *testing.T) {
	passtest.MatchMLIROpt(t, "testdata", "-convert-gpu-to-nvvm")
}
