package cli

import (
	"strings"
	"testing"
)

func TestSuggest(t *testing.T) {
	flags := []string{"allow-unregistered-dialect", "mlir-print-op-generic", "split-input-file", "o", "e", "entry-point-result"}
	tests := []struct {
		arg, want string
		ok        bool
	}{
		{"--allow-unregistered-dialects", "allow-unregistered-dialect", true},
		{"-mlir-print-op-generc", "mlir-print-op-generic", true},
		{"--split-input-fil=x", "split-input-file", true},
		{"--entry-point-reslt=f32", "entry-point-result", true},
		{"--bogus", "", false},
		{"--zzzzzzzzzzzz", "", false},
	}
	for _, tc := range tests {
		got, ok := Suggest(tc.arg, flags)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Suggest(%q) = %q, %v; want %q, %v", tc.arg, got, ok, tc.want, tc.ok)
		}
	}
	if msg := UnknownFlag("strata-run", "-entry-point-reslt", []string{"x.mlir", "--entry-point-reslt=f32"}, flags); !strings.Contains(msg, "'--entry-point-reslt=f32'") || !strings.Contains(msg, "Did you mean '--entry-point-result'?") {
		t.Errorf("UnknownFlag: %q", msg)
	}
	if v := Version("strata-opt"); !strings.HasPrefix(v, "strata-opt: Strata ") {
		t.Errorf("Version: %q", v)
	}
}
