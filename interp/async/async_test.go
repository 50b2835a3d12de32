package async_test

import (
	"path/filepath"
	"testing"

	"github.com/strata-ir/strata/internal/progtest"
)

// TestPrograms runs the programs of testdata against their CHECK lines.
func TestPrograms(t *testing.T) {
	progtest.CheckPrograms(t, filepath.Join("testdata", "*.mlir"))
}
