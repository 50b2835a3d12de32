package amdgpu_test

import (
	"testing"

	"github.com/strata-ir/strata/core/irdl/gen/gentest"
)

// TestGeneratedFresh checks that amdgpu_gen.go is what strata-tblgen makes
// of amdgpu.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "amdgpu.irdl", "amdgpu_gen.go", "amdgpu")
}
