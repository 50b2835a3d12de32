package math

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/core/ir"
)

// TestOpNamesCoverDefinitions checks that the elementwise verifier is
// attached to exactly the operations math.irdl defines.
func TestOpNamesCoverDefinitions(t *testing.T) {
	ctx := ir.NewContext()
	Register(ctx)
	var got []string
	for _, n := range opNames {
		if on := ctx.LookupOpName("math." + n); on == nil || on.Def == nil {
			t.Errorf("math.%s is not defined", n)
		}
		got = append(got, n)
	}
	var want []string
	for _, line := range strings.Split(string(definitions), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "op" && f[2] == "{" {
			want = append(want, f[1])
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("opNames differ from math.irdl (-want +got):\n%s", d)
	}
}
