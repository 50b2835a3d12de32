package affine_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that affine_gen.go is what strata-tblgen makes
// of affine.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "affine.irdl", "affine_gen.go", "affine")
}
