package mathtolibm_test

import (
	"slices"
	"testing"

	"github.com/strata-ir/strata/conversion/mathtolibm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/interp/math"
)

// TestInterpreterHasEveryFunction checks that the interpreter implements
// every C library function the pass may call, so that lowered programs
// run and can be validated.
func TestInterpreterHasEveryFunction(t *testing.T) {
	have := math.LibmFunctions()
	reg := interp.NewRegistry()
	math.Register(reg)
	for _, f := range mathtolibm.Functions {
		for _, name := range []string{f.F32, f.F64} {
			if !slices.Contains(have, name) || reg.External(name) == nil {
				t.Errorf("%s (for %s) has no implementation in the interpreter", name, f.Op)
			}
		}
	}
}
