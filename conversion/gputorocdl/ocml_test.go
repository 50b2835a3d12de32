package gputorocdl

import (
	"testing"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/interp/math"
)

// TestInterpreterHasOCML checks that the interpreter implements the OCML
// functions the pass calls for math operations, so that kernels lowered
// to rocdl run and can be validated.
func TestInterpreterHasOCML(t *testing.T) {
	reg := interp.NewRegistry()
	math.Register(reg)
	for _, e := range ocml {
		if e.base == "fmod" {
			continue // arith.remf: its own semantics, not a math operation's
		}
		names := []string{"__ocml_" + e.base + "_f64"}
		if !e.noF32 {
			names = append(names, "__ocml_"+e.base+"_f32")
		}
		for _, name := range names {
			if reg.External(name) == nil {
				t.Errorf("%s (for %s) has no implementation in the interpreter", name, e.op)
			}
		}
	}
}
