package math_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that math_gen.go is what strata-tblgen makes
// of math.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "math.irdl", "math_gen.go", "math")
}
