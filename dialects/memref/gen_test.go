package memref_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that memref_gen.go is what strata-tblgen makes
// of memref.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "memref.irdl", "memref_gen.go", "memref")
}
