package ub_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/opt"
)

// TestPoisonSyntax round-trips ub.poison: the default value is elided
// from the custom form and printed in the generic form.
func TestPoisonSyntax(t *testing.T) {
	src := "func.func @f() -> i32 {\n  %0 = ub.poison : vector<2xf32>\n  %1 = ub.poison <#ub.poison> : i32\n  return %1 : i32\n}\n"
	for _, c := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"%0 = ub.poison : vector<2xf32>", "%1 = ub.poison : i32"}},
		{[]string{"--mlir-print-op-generic"}, []string{`"ub.poison"() <{value = #ub.poison}> : () -> i32`}},
	} {
		ctx := ir.NewContext()
		all.Register(ctx)
		var out, errb strings.Builder
		if code := opt.Run(ctx, append(c.args, "-"), opt.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb}); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		for _, w := range c.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: missing %q in\n%s", c.args, w, out.String())
			}
		}
	}
}
