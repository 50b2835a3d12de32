package toy_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that toy_gen.go is what strata-tblgen makes of
// toy.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "toy.irdl", "toy_gen.go", "toy")
}
