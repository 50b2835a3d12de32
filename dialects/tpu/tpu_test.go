package tpu_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/dialects/tpu"
)

// TestGeneratedFresh checks that tpu_gen.go is what strata-tblgen makes
// of tpu.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "tpu.irdl", "tpu_gen.go", "tpu")
}

// TestDotDimensionNumbers parses and prints #tpu.dot_dimension_numbers and
// rejects malformed ones.
func TestDotDimensionNumbers(t *testing.T) {
	ctx := ir.NewContext()
	tpu.Register(ctx)
	for _, tc := range []struct{ in, err string }{
		{in: "#tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>"},
		{in: "#tpu.dot_dimension_numbers<[1], [1], [0], [0], [0, 0, 1, 0], [], []>"},
		{in: "#tpu.dot_dimension_numbers<[2], [1], [1], [2], [0, 0, 0, 1, 1, 2], [0], [0]>"},
		{in: "#tpu.dot_dimension_numbers<[1], [0]>", err: "takes 7 lists, got 2"},
		{in: "#tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1], [], []>", err: "(operand, dimension) pairs"},
		{in: "#tpu.dot_dimension_numbers<[x], [0], [0], [1], [0, 0, 1, 1], [], []>", err: "expected an integer"},
	} {
		a, err := asm.ParseAttrString(ctx, tc.in, nil)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: got error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if got := ir.AttrString(a); got != tc.in {
			t.Errorf("printed %s, want %s", got, tc.in)
		}
		if _, ok := a.(*tpu.DotDimensionNumbersAttr); !ok {
			t.Errorf("%s: parsed as %T", tc.in, a)
		}
	}
	parsed, err := asm.ParseAttrString(ctx, "#tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>", nil)
	if err != nil {
		t.Fatal(err)
	}
	if ir.Attribute(tpu.MatmulDimensionNumbers(ctx, false)) != parsed {
		t.Errorf("dot dimension numbers are not interned")
	}
}
