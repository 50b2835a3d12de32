package ctr_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that ctr_gen.go is what strata-tblgen makes of
// ctr.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "ctr.irdl", "ctr_gen.go", "ctr")
}
