package math

import (
	"strings"
	"testing"
)

// TestElementwiseHooks checks that every operation of math.irdl names the
// elementwise verifier among its hooks.
func TestElementwiseHooks(t *testing.T) {
	ops, hooked := 0, 0
	for _, line := range strings.Split(string(definitions), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "op" && f[2] == "{" {
			ops++
		}
		if strings.Contains(line, "hooks [") && strings.Contains(line, "verifier = verifyElementwise") {
			hooked++
		}
	}
	if ops == 0 || hooked != ops {
		t.Errorf("%d of %d operations name verifyElementwise", hooked, ops)
	}
}
