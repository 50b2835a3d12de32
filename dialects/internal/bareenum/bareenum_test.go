package bareenum

import (
	"testing"

	"github.com/strata-ir/strata/core/ir"
)

func TestParseAttrAndValue(t *testing.T) {
	ctx := ir.NewContext()
	e := Enum{Dialect: "t", Mnemonic: "kind", What: "test kind", Cases: []string{"a", "b"}}
	parse := ParseAttr("t", []Enum{e}, nil)
	tests := []struct {
		body, value, err string
	}{
		{body: "kind a", value: "a"},
		{body: "kind b", value: "b"},
		{body: "kind c", err: "expected test kind to be one of: a, b"},
		{body: "other a", err: "unknown attribute in dialect 't'"},
	}
	for _, tc := range tests {
		a, err := parse(ctx, tc.body)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: error %v, want %q", tc.body, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tc.body, err)
		}
		if v, ok := Value(a, "t", "kind"); !ok || v != tc.value {
			t.Errorf("%q: Value = %q, %v; want %q", tc.body, v, ok, tc.value)
		}
		if _, ok := Value(a, "u", "kind"); ok {
			t.Errorf("%q: Value of another dialect succeeded", tc.body)
		}
	}
}
