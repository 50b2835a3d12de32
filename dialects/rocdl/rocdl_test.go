package rocdl_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that rocdl_gen.go is what strata-tblgen makes
// of rocdl.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "rocdl.irdl", "rocdl_gen.go", "rocdl")
}
