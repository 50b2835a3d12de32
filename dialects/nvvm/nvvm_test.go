package nvvm_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that nvvm_gen.go is what strata-tblgen makes
// of nvvm.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "nvvm.irdl", "nvvm_gen.go", "nvvm")
}
