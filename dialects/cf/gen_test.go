package cf_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that cf_gen.go is what strata-tblgen makes of
// cf.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "cf.irdl", "cf_gen.go", "cf")
}
