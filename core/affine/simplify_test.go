package affine

import "testing"

// The maps are simplified as mlir-opt-22's simplifyAffineMap does (see
// tests/affine/canonicalize.mlir, checked against mlir-opt).
func TestSimplifyMap(t *testing.T) {
	tests := []struct{ in, want string }{
		{"(d0) -> (d0 * 2 + d0)", "(d0) -> (d0 * 3)"},
		{"(d0) -> (d0 * 2 - d0 + 1)", "(d0) -> (d0 + 1)"},
		{"(d0) -> ((d0 * 4) floordiv 2 + d0 mod 1)", "(d0) -> (d0 * 2)"},
		{"(d0) -> (d0 - (d0 floordiv 4) * 4)", "(d0) -> (d0 mod 4)"},
		{"(d0, d1) -> ((d0 * 6 + d1 * 3) floordiv 3)", "(d0, d1) -> (d0 * 2 + d1)"},
		{"(d0, d1) -> ((d0 * 6 + d1 * 3) mod 3)", "(d0, d1) -> (0)"},
		{"(d0)[s0] -> ((d0 + 7) ceildiv 2 + d0 floordiv 2)", "(d0)[s0] -> ((d0 + 7) ceildiv 2 + d0 floordiv 2)"},
		{"(d0) -> (d0 * 3 - (d0 floordiv 2) * 4 + 1)", "(d0) -> (d0 * 3 - (d0 floordiv 2) * 4 + 1)"},
		{"(d0) -> (d0 mod -2)", "(d0) -> (d0 mod -2)"},
	}
	for _, tc := range tests {
		m, err := ParseMap(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if got := SimplifyMap(m).String(); got != tc.want {
			t.Errorf("SimplifyMap(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestFlatten(t *testing.T) {
	m, err := ParseMap("(d0)[s0] -> (d0 * 2 + s0 - 3)")
	if err != nil {
		t.Fatal(err)
	}
	flat, locals, ok := Flatten(m.Results[0], 1, 1)
	if !ok || locals != 0 || len(flat) != 3 || flat[0] != 2 || flat[1] != 1 || flat[2] != -3 {
		t.Errorf("Flatten = %v, %d, %v", flat, locals, ok)
	}
	if _, _, ok := Flatten(Mul(Dim(0), Sym(0)), 1, 1); ok {
		t.Errorf("Flatten of a semi-affine product succeeded")
	}
}
