package function_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that func_gen.go is what strata-tblgen makes of
// func.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "func.irdl", "func_gen.go", "function")
}
