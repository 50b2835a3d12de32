package nvgpu_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that nvgpu_gen.go is what strata-tblgen makes
// of nvgpu.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "nvgpu.irdl", "nvgpu_gen.go", "nvgpu")
}
