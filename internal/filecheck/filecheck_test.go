package filecheck

import "testing"

// TestCount checks that CHECK-COUNT-n matches its pattern n times in
// order, and fails when there are fewer matches.
func TestCount(t *testing.T) {
	ds := Parse("// CHECK-COUNT-3: [{{[0-9]+}}]\n// CHECK: end\n", "CHECK")
	if len(ds) != 4 {
		t.Fatalf("got %d directives, want 4", len(ds))
	}
	if err := Match("[1]\n[2]\nx\n[3]\nend\n", ds); err != nil {
		t.Errorf("three matches: %v", err)
	}
	if err := Match("[1]\n[2]\nend\n", ds); err == nil {
		t.Error("two matches of CHECK-COUNT-3 were accepted")
	}
}
