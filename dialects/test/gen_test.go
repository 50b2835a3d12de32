package test_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that test_gen.go is what strata-tblgen makes
// of test.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "test.irdl", "test_gen.go", "test")
}
